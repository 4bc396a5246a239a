#include "core/document/module_json.h"

#include "core/math/deferred_entry.h"
#include "core/math/mask_comparison.h"

namespace attn {
namespace {

// The masks four ways (core/math/mask_comparison.h), worked out for this JSON only: reached
// through a run of the classes, so the page's first view does not carry it.
ATTN_DEFERRED_ENTRY void write_masks_json(const ModuleResult& r, JsonWriter* w) {
    const MaskComparison v = compare_mask_routes(r);
    w->begin_object().key("routes").begin_array();
    for (size_t i = 0; i < v.routes.size() && i < v.differences.size(); ++i)
        w->begin_object()
            .key("style")
            .string(mask_style_name(v.routes[i]))
            .key("largest_difference")
            .number(v.differences[i])
            .end_object();
    w->end_array().key("largest_difference").number(v.largest);
    w->key("pads").integer(v.pads).key("padding");
    if (v.pads > 0) {
        w->begin_object().key("key_padding_mask").begin_array();
        for (int b = 0; b < 2; ++b) {
            w->begin_array();
            for (int c = 0; c < r.n; ++c) w->boolean(v.key_padding_mask[size_t(b * r.n + c)] != 0);
            w->end_array();
        }
        w->end_array().key("weights").matrix(v.padded_weights);
        w->key("alone_difference").number(v.alone_difference);
        w->key("pad_row_book_nan").boolean(v.book_nan).key("pad_row_sdpa_zeros").boolean(v.sdpa_zero);
        w->end_object();
    } else {
        w->null();
    }
    w->key("polarity_bug").matrix(v.polarity_bug).key("polarity_bug_own").number(v.polarity_own);
    w->end_object();
}

}  // namespace

void write_module_json(const ModuleResult& r, JsonWriter* w, bool traces) {
    const ModuleSettings& s = r.settings;
    w->begin_object();
    w->key("name").string(module_name(s.module));
    w->key("seed").uinteger(s.seed);
    w->key("d_in").integer(r.d_in);
    w->key("d_out").integer(s.d_out);
    w->key("heads").integer(int64_t(r.batches.empty() ? 1 : r.batches[0].size()));
    w->key("head_dim").integer(r.head_dim);
    w->key("qkv_bias").boolean(s.qkv_bias);
    w->key("dropout").number(s.dropout);
    w->key("dropout_seed");
    if (s.reseed_dropout)
        w->uinteger(s.dropout_seed);
    else
        w->null();
    w->key("training").boolean(s.training);
    w->key("batch").integer(s.batch);
    w->key("kv_groups").integer(kv_heads(s));  // GQA's num_kv_groups; else one per head
    w->key("window");
    if (s.module == AttentionModule::SlidingWindowAttention)
        w->integer(s.window);
    else
        w->null();
    w->key("mask_style").string(mask_style_name(s.mask_style));
    w->key("parameters").begin_object();
    for (const NamedParameter& p : r.parameters) {
        w->key(p.name);
        if (p.is_vector)
            w->floats(p.value.data.data(), p.value.data.size());
        else
            w->matrix(p.value);
    }
    w->end_object();
    w->key("batches");
    if (!traces) w->null();  // results({matrices: false}): the (n, n) traces stay out, as the score matrices do
    if (traces) w->begin_array();
    static const std::vector<std::vector<HeadTrace>> kNoTraces;
    for (const auto& heads : traces ? r.batches : kNoTraces) {
        w->begin_object().key("heads").begin_array();
        for (const HeadTrace& h : heads) {
            w->begin_object();
            w->key("queries").matrix(h.queries);
            w->key("keys").matrix(h.keys);
            w->key("values").matrix(h.values);
            w->key("scores").matrix(h.scores);
            w->key("masked_scores").matrix(h.masked_scores);
            w->key("weights_unmasked").matrix(h.weights_unmasked);
            w->key("masked_simple").matrix(h.masked_simple);
            w->key("masked_simple_norm").matrix(h.masked_simple_norm);
            w->key("weights").matrix(h.weights);
            w->key("dropout_mask");
            if (h.has_dropout)
                w->matrix(h.dropout_mask);
            else
                w->null();
            w->key("weights_dropped").matrix(h.weights_dropped);
            w->key("context").matrix(h.context);
            w->end_object();
        }
        w->end_array().end_object();
    }
    if (traces) w->end_array();
    w->key("output").begin_array();
    for (const Matrix& m : r.output) w->matrix(m);
    w->end_array();
    w->key("output_shape").begin_array();
    w->integer(int64_t(r.output.size())).integer(r.n).integer(r.out_width);
    w->end_array();
    w->key("decode");
    if (s.decode)
        write_decode_json(r, w, traces);
    else
        w->null();
    w->key("masks");
    if (traces && has_mask_routes(s.module))
        write_masks_json(r, w);
    else
        w->null();
    w->end_object();
}

void write_decode_json(const ModuleResult& r, JsonWriter* w, bool traces) {
    const DecodeTrace& d = r.decode;
    const long long heads = r.batches.empty() ? 1 : (long long)r.batches[0].size();
    w->begin_object();
    w->key("prefill").integer(r.settings.prefill);
    w->key("chunk").integer(r.settings.chunk);
    w->key("calls").begin_array();
    for (const CacheCall& c : d.calls) {
        w->begin_object();
        w->key("first").integer(c.first).key("count").integer(c.count);
        w->key("key_first").integer(c.key_first).key("key_count").integer(c.key_count);
        w->key("cache_rows").integer(c.cache_rows);
        w->key("scores_computed").integer(heads * c.count * c.key_count);
        if (traces) {
            w->key("scores").begin_array();
            for (const Matrix& m : c.scores) w->matrix(m);
            w->end_array();
            w->key("weights").begin_array();
            for (const Matrix& m : c.weights) w->matrix(m);
            w->end_array();
        }
        w->key("output").matrix(c.output);
        w->end_object();
    }
    w->end_array();
    w->key("output").matrix(d.output);
    w->key("scores_computed").integer(d.scores_computed);
    w->key("scores_full_pass").integer(heads * r.n * r.n);
    w->key("cache_numbers_peak").integer(d.cache_numbers_peak);
    w->key("equals_full_pass_bits").boolean(r.decode_vs_full.equal_bits);
    w->key("max_abs_difference").number(r.decode_vs_full.max_abs_difference);
    w->end_object();
}

std::string module_constructor(const ModuleResult& r) {
    const ModuleSettings& s = r.settings;
    std::string p;
    write_double(s.dropout, &p);
    if (p.find_first_of(".e") == std::string::npos) p += ".0";  // Python prints floats with a point
    std::string call =
        std::string(module_class(s.module)) + "(d_in=" + std::to_string(r.d_in) + ", d_out=" + std::to_string(s.d_out);
    if (s.module == AttentionModule::SelfAttentionV1) return call + ")";
    const bool repository = is_repository_class(s.module);  // no context_length  // no context_length
    if (repository)
        call += ", dropout=" + p;
    else if (s.module != AttentionModule::SelfAttentionV2)
        call += ", context_length=" + std::to_string(r.n) + ", dropout=" + p;
    if (is_multi_head(s.module)) call += ", num_heads=" + std::to_string(s.heads);
    if (s.module == AttentionModule::GroupedQueryAttention) call += ", num_kv_groups=" + std::to_string(s.kv_groups);
    if (s.qkv_bias) call += ", qkv_bias=True";
    if (s.module == AttentionModule::SlidingWindowAttention)
        call += ", sliding_window_size=" + std::to_string(s.window);
    return call + ")";
}

}  // namespace attn
