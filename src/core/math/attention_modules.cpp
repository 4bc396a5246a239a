#include "core/math/attention_modules.h"

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <utility>

#include "core/math/deferred_entry.h"
#include "core/math/torch_rng.h"

namespace attn {
namespace {

struct ModuleNames {
    AttentionModule module;
    const char* name;
    const char* cls;
};
constexpr ModuleNames kModules[] = {
    {AttentionModule::SelfAttentionV1, "self-attention-v1", "SelfAttention_v1"},
    {AttentionModule::SelfAttentionV2, "self-attention-v2", "SelfAttention_v2"},
    {AttentionModule::CausalAttention, "causal-attention", "CausalAttention"},
    {AttentionModule::MultiHeadWrapper, "multi-head-wrapper", "MultiHeadAttentionWrapper"},
    {AttentionModule::MultiHeadAttention, "multi-head-attention", "MultiHeadAttention"},
    {AttentionModule::GroupedQueryAttention, "grouped-query-attention", "GroupedQueryAttention"},
    {AttentionModule::SlidingWindowAttention, "sliding-window-attention", "MultiHeadAttentionWithSWA"},
};

// Columns [first, first + width) of m: one head's slice of (n, d_out), which is what
// .view(b, n, h, hd).transpose(1, 2) gives head `first / width`.
Matrix columns(const Matrix& m, int first, int width) {
    Matrix out(m.rows, width);
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < width; ++c) out.at(r, c) = m.at(r, first + c);
    return out;
}

NamedParameter parameter(std::string name, const Matrix& m) {
    return {std::move(name), m, false};
}
NamedParameter parameter(std::string name, const Vector& v) {
    Matrix m(1, int(v.size()));
    m.data = v;
    return {std::move(name), m, true};
}
void add_linear(const std::string& prefix, const Linear& layer, std::vector<NamedParameter>* out) {
    out->push_back(parameter(prefix + ".weight", layer.weight));
    if (layer.has_bias) out->push_back(parameter(prefix + ".bias", layer.bias));
}

// The attention of one head from its queries, keys and values: scores, both masking routes, the
// weights, dropout (drawing from gen in element order when the head has it) and the context.
// planted: also the weights of the chapter's planted bugs (mask polarity, no rescaling, and with
// wrong_divisor > 0 the sqrt(d_out) scale), which the page shows for head 0 only: three more
// (n, n) matrices per head would be tens of MB at a module's size cap.
// window > 0: the sliding-window band (which implies causal). style: how the causal weights are
// masked (the book's masked_fill unless another route is asked for).
HeadTrace attend(Matrix queries, Matrix keys, Matrix values, bool causal, int window, bool dropout, double p,
                 TorchGenerator* gen, bool planted, float wrong_divisor = 0, MaskStyle style = MaskStyle::Book) {
    HeadTrace h;
    h.queries = std::move(queries);
    h.keys = std::move(keys);
    h.values = std::move(values);
    h.scores = matmul(h.queries, transposed(h.keys));
    // keys.shape[-1] ** 0.5: a Python float, applied to the float32 scores as float.
    const float divisor = float(std::sqrt(double(h.keys.cols)));
    h.masked_scores = causal ? mask_scores_causal(h.scores, window) : h.scores;
    h.weights_unmasked = softmax_rows_scaled(h.scores, divisor);
    h.masked_simple = causal ? mask_weights_tril(h.weights_unmasked, window) : h.weights_unmasked;
    h.masked_simple_norm = normalize_row_sums(h.masked_simple);
    h.weights = causal && style != MaskStyle::Book
                    ? weights_by_route(h.scores, causal_keys(h.scores.rows, window), style, h.keys.cols)
                    : softmax_rows_scaled(h.masked_scores, divisor);
    h.weights_wrong_dim = transposed(softmax_rows_scaled(transposed(h.masked_scores), divisor));
    if (causal) {  // the class's own mask (the band, with a window), filled with 0 instead of -inf
        Matrix zero_filled = h.scores;
        for (int r = 0; r < zero_filled.rows; ++r)
            for (int c = 0; c < zero_filled.cols; ++c)
                if (c > r || (window > 0 && r - c >= window)) zero_filled.at(r, c) = 0.0f;
        h.weights_zero_masked = softmax_rows_scaled(zero_filled, divisor);
    }
    if (causal && planted) {
        Matrix flipped = h.scores;
        for (int r = 0; r < flipped.rows; ++r)
            for (int c = 0; c < r && c < flipped.cols; ++c) flipped.at(r, c) = -std::numeric_limits<float>::infinity();
        h.weights_flipped_mask = softmax_rows_scaled(flipped, divisor);
    }
    if (planted && wrong_divisor > 0) h.weights_wrong_scale = softmax_rows_scaled(h.masked_scores, wrong_divisor);
    h.has_dropout = dropout;
    h.weights_dropped = h.weights;
    if (dropout) {
        h.dropout_mask = Matrix(h.weights.rows, h.weights.cols);
        dropout_mask(gen, p, int(h.dropout_mask.data.size()), h.dropout_mask.data.data());
        for (size_t k = 0; k < h.weights_dropped.data.size(); ++k) h.weights_dropped.data[k] *= h.dropout_mask.data[k];
        if (planted) {
            h.weights_dropped_unscaled = h.weights;
            for (size_t k = 0; k < h.weights.data.size(); ++k)
                if (h.dropout_mask.data[k] == 0.0f) h.weights_dropped_unscaled.data[k] = 0.0f;
        }
    }
    h.context = matmul(h.weights_dropped, h.values);
    return h;
}

// Decode mode on a module's projections (batch element 0): its heads, groups and window, and its
// out_proj (null: CausalAttention, whose context is its output).
DecodeTrace decode(const Matrix& queries, const Matrix& keys, const Matrix& values, const ModuleSettings& s,
                   int head_dim, const Linear* out_proj, CacheFault fault = CacheFault::None) {
    CacheInputs in;
    in.queries = &queries;
    in.keys = &keys;
    in.values = &values;
    in.heads = is_multi_head(s.module) ? s.heads : 1;
    in.kv_heads = kv_heads(s);
    in.head_dim = head_dim;
    in.window = s.module == AttentionModule::SlidingWindowAttention ? s.window : 0;
    in.out_proj = out_proj;
    in.fault = fault;
    return decode_with_cache(in, s.prefill, s.chunk);
}

// p as typed: 1.5, 2, -0.25 (the math room has no text room to print with).
std::string shortest(double p) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", p);
    return text;
}

}  // namespace

bool is_multi_head(AttentionModule m) {
    return m == AttentionModule::MultiHeadWrapper || m == AttentionModule::MultiHeadAttention ||
           m == AttentionModule::GroupedQueryAttention || m == AttentionModule::SlidingWindowAttention;
}
bool has_dropout_layer(AttentionModule m) {
    return m == AttentionModule::CausalAttention || is_multi_head(m);
}
bool has_kv_cache(AttentionModule m) {
    return m == AttentionModule::CausalAttention || (is_multi_head(m) && m != AttentionModule::MultiHeadWrapper);
}
bool has_mask_routes(AttentionModule m) {
    return has_kv_cache(m) && m != AttentionModule::CausalAttention;
}
bool is_repository_class(AttentionModule m) {
    return m == AttentionModule::GroupedQueryAttention || m == AttentionModule::SlidingWindowAttention;
}
bool after_chapter_3(const ModuleSettings& s) {
    return s.decode || is_repository_class(s.module);
}
int kv_heads(const ModuleSettings& s) {
    if (s.module == AttentionModule::GroupedQueryAttention) return s.kv_groups;
    return is_multi_head(s.module) ? s.heads : 1;
}

// The chapter's classes on the book's batch of two; the repository's GQA with four heads in two
// groups (so that the sharing shows) and SWA with a window of 3, on one sequence.
ModuleSettings book_module_settings(AttentionModule m) {
    ModuleSettings s;
    s.module = m;
    s.seed = m == AttentionModule::SelfAttentionV2 ? 789 : 123;
    s.heads = is_multi_head(m) ? 2 : 1;
    s.batch = has_dropout_layer(m) ? 2 : 1;
    if (m == AttentionModule::GroupedQueryAttention) {
        s.d_out = 4;
        s.heads = 4;
        s.kv_groups = 2;
    }
    if (m == AttentionModule::GroupedQueryAttention || m == AttentionModule::SlidingWindowAttention) s.batch = 1;
    return s;
}

const char* module_name(AttentionModule m) {
    for (const auto& e : kModules)
        if (e.module == m) return e.name;
    return "";
}

const char* module_class(AttentionModule m) {
    for (const auto& e : kModules)
        if (e.module == m) return e.cls;
    return "";
}

bool parse_module(const std::string& text, AttentionModule* out) {
    for (const auto& e : kModules)
        if (text == e.name) {
            *out = e.module;
            return true;
        }
    return false;
}

Sentence check_module_settings(const ModuleSettings& s, int d_in, int n, bool sizes) {
    using std::to_string;
    const std::string cls = module_class(s.module);
    if (d_in < 1 || n < 1) return sentence("the inputs are empty");
    if (s.d_out < 1 || s.d_out > 1024)
        return sentence("d_out is %s but must be a whole number from 1 to 1024", {to_string(s.d_out)});
    if (is_multi_head(s.module)) {
        if (s.heads < 1 || s.heads > 64)
            return sentence("num_heads is %s but must be a whole number from 1 to 64", {to_string(s.heads)});
        if (s.module != AttentionModule::MultiHeadWrapper && s.d_out % s.heads != 0)
            return sentence(
                "d_out must be divisible by num_heads: d_out = %s does not split into %s heads of equal width",
                {to_string(s.d_out), to_string(s.heads)});
        if (s.module == AttentionModule::GroupedQueryAttention &&
            (s.kv_groups < 1 || s.kv_groups > s.heads || s.heads % s.kv_groups != 0))
            return sentence(
                "num_heads must be divisible by num_kv_groups: %s heads do not share %s key and value "
                "groups evenly (try a divisor of %s)",
                {to_string(s.heads), to_string(s.kv_groups), to_string(s.heads)});
    } else if (s.heads != 1) {
        return sentence("%s has one head, not %s: num_heads is for the multi-head modules", {cls, to_string(s.heads)});
    }
    if (!(s.dropout >= 0.0 && s.dropout < 1.0))
        return sentence("dropout p is %s but must be at least 0 and less than 1", {shortest(s.dropout)});
    if (s.dropout > 0.0 && !has_dropout_layer(s.module))
        return sentence("%s has no dropout layer (CausalAttention and the multi-head modules have one)", {cls});
    if (s.qkv_bias && s.module == AttentionModule::SelfAttentionV1)
        return sentence(
            "SelfAttention_v1 has no bias (its weights are plain nn.Parameter matrices); qkv_bias is for nn.Linear");
    if (s.batch < 1 || s.batch > 8)
        return sentence("batch is %s but must be a whole number from 1 to 8", {to_string(s.batch)});
    if (s.batch > 1 && !has_dropout_layer(s.module))
        return sentence("%s takes one sequence (n, d_in); a batch is for CausalAttention and the multi-head modules",
                        {cls});
    if (s.module == AttentionModule::SlidingWindowAttention && (s.window < 1 || s.window > 4096))
        return sentence(
            "sliding_window_size is %s but must be a whole number from 1 to 4096 (1: each token sees only itself)",
            {to_string(s.window)});
    if (s.mask_style != MaskStyle::Book && !(s.causal || has_dropout_layer(s.module)))
        return sentence("%s masks nothing here: a mask style is for the causal classes (or causal v1 and v2)", {cls});
    if (s.mask_style == MaskStyle::IsCausal && s.module == AttentionModule::SlidingWindowAttention)
        return sentence("is_causal=True builds the plain causal mask, not a sliding window: use sdpa-bool or additive");
    if (s.pads != 0 && !has_mask_routes(s.module))
        return sentence(
            "%s has no padding view: pads is for MultiHeadAttention, GroupedQueryAttention and "
            "MultiHeadAttentionWithSWA",
            {cls});
    if (s.pads < 0 || s.pads >= n)
        return sentence("pads is %s but must be from 0 to %s: the shorter sentence keeps at least one of the %s tokens",
                        {to_string(s.pads), to_string(n - 1), to_string(n)});
    if (s.decode) {
        if (!has_kv_cache(s.module))
            return sentence(
                "%s has no KV cache: decode mode runs CausalAttention, MultiHeadAttention, "
                "GroupedQueryAttention or MultiHeadAttentionWithSWA",
                {cls});
        if (s.training && s.dropout > 0.0)
            return sentence(
                "decode mode generates as a trained model does, with dropout off: set dropout to 0 or "
                "use module.eval()");
        if (s.mask_style != MaskStyle::Book)
            return sentence(
                "decode mode runs the repository's cached classes, which mask with masked_fill: use the "
                "book's mask style while decoding");
        if (s.prefill < 1 || s.prefill > n)
            return sentence("the prefill is %s tokens but must be from 1 to the %s tokens of the sequence",
                            {to_string(s.prefill), to_string(n)});
        if (s.chunk < 0 || s.chunk > s.prefill)
            return sentence(
                "the prefill's chunk is %s tokens but must be from 1 to the prefill's %s (or 0: the "
                "whole prefill at once)",
                {to_string(s.chunk), to_string(s.prefill)});
    }
    if (!sizes) return {};
    const double heads = is_multi_head(s.module) ? s.heads : 1;
    if (double(n) * double(n) * double(s.batch) * heads > 4.0e6)
        return sentence("too large: batch x heads x n x n must stay within 4 million weights");
    // The parameters (three d_in x d_out projections per head, and out_proj) and the projected
    // queries, keys and values: a page holds a few million numbers, not hundreds.
    const double width = s.module == AttentionModule::MultiHeadWrapper ? double(s.d_out) * heads : double(s.d_out);
    if (3.0 * double(d_in) * width + double(s.d_out) * double(s.d_out) > 4.0e6)
        return sentence(
            "too large: the parameters must stay within 4 million numbers (use a smaller d_out or fewer "
            "heads)");
    if (3.0 * double(n) * width * double(s.batch) > 4.0e6)
        return sentence("too large: batch x n x d_out x heads must stay within 4 million numbers");
    return {};
}

ModuleWeights create_module(const ModuleSettings& s, int d_in, TorchGenerator* gen) {
    ModuleWeights w;
    switch (s.module) {
        case AttentionModule::SelfAttentionV1:
            w.W_query = gen->rand(d_in, s.d_out);
            w.W_key = gen->rand(d_in, s.d_out);
            w.W_value = gen->rand(d_in, s.d_out);
            break;
        case AttentionModule::SelfAttentionV2:
        case AttentionModule::CausalAttention:
        case AttentionModule::MultiHeadWrapper:
            // The wrapper's heads are whole CausalAttention modules, created one after the other.
            for (int h = 0; h < (is_multi_head(s.module) ? s.heads : 1); ++h) {
                w.query.push_back(make_linear(gen, d_in, s.d_out, s.qkv_bias));
                w.key.push_back(make_linear(gen, d_in, s.d_out, s.qkv_bias));
                w.value.push_back(make_linear(gen, d_in, s.d_out, s.qkv_bias));
            }
            break;
        case AttentionModule::MultiHeadAttention:
        case AttentionModule::SlidingWindowAttention:
            w.query.push_back(make_linear(gen, d_in, s.d_out, s.qkv_bias));
            w.key.push_back(make_linear(gen, d_in, s.d_out, s.qkv_bias));
            w.value.push_back(make_linear(gen, d_in, s.d_out, s.qkv_bias));
            w.out_proj = make_linear(gen, s.d_out, s.d_out, true);  // out_proj always has a bias
            break;
        case AttentionModule::GroupedQueryAttention: {
            // The repository's order: W_key and W_value (kv_groups * head_dim wide), then W_query,
            // then out_proj without a bias.
            const int kv_width = s.kv_groups * (s.d_out / s.heads);
            w.key.push_back(make_linear(gen, d_in, kv_width, s.qkv_bias));
            w.value.push_back(make_linear(gen, d_in, kv_width, s.qkv_bias));
            w.query.push_back(make_linear(gen, d_in, s.d_out, s.qkv_bias));
            w.out_proj = make_linear(gen, s.d_out, s.d_out, false);
            break;
        }
    }
    return w;
}

ModuleResult forward_module(const Matrix& inputs, const ModuleSettings& settings, const ModuleWeights& w,
                            TorchGenerator* gen) {
    ModuleResult r;
    r.settings = settings;
    r.d_in = inputs.cols;
    r.n = inputs.rows;
    r.error = check_module_settings(settings, inputs.cols, inputs.rows);
    if (!r.error.empty()) return r;
    const ModuleSettings& s = settings;
    const bool causal = s.causal || has_dropout_layer(s.module);
    const bool dropout = has_dropout_layer(s.module) && s.training && s.dropout > 0.0;
    const int heads = is_multi_head(s.module) ? s.heads : 1;
    const bool split = is_multi_head(s.module) && s.module != AttentionModule::MultiHeadWrapper;
    const int window = s.module == AttentionModule::SlidingWindowAttention ? s.window : 0;
    r.head_dim = split ? s.d_out / heads : s.d_out;
    r.out_width = s.module == AttentionModule::MultiHeadWrapper ? s.d_out * heads : s.d_out;

    if (s.module == AttentionModule::SelfAttentionV1) {
        r.parameters = {parameter("W_query", w.W_query), parameter("W_key", w.W_key), parameter("W_value", w.W_value)};
    } else if (s.module == AttentionModule::GroupedQueryAttention) {
        add_linear("W_key", w.key[0], &r.parameters);
        add_linear("W_value", w.value[0], &r.parameters);
        add_linear("W_query", w.query[0], &r.parameters);
        add_linear("out_proj", w.out_proj, &r.parameters);
    } else {
        for (size_t h = 0; h < w.query.size(); ++h) {
            const std::string prefix =
                s.module == AttentionModule::MultiHeadWrapper ? "heads." + std::to_string(h) + "." : std::string();
            add_linear(prefix + "W_query", w.query[h], &r.parameters);
            add_linear(prefix + "W_key", w.key[h], &r.parameters);
            add_linear(prefix + "W_value", w.value[h], &r.parameters);
        }
        if (split) add_linear("out_proj", w.out_proj, &r.parameters);
    }

    // Dropout draws continue the generator, or start afresh from the dropout seed. PyTorch draws
    // one dropout tensor per call: (b, n, n) per CausalAttention head (the wrapper calls its heads
    // in turn), (b, h, n, n) for MultiHeadAttention. Both are batch-major, so the draws run batch
    // by batch within each call.
    TorchGenerator reseeded(s.dropout_seed);
    TorchGenerator* draws = s.reseed_dropout ? &reseeded : gen;
    r.batches.assign(size_t(s.batch), std::vector<HeadTrace>(size_t(heads)));
    if (split) {
        // One projection of width heads * hd (keys and values kv_heads * hd), viewed as heads; head
        // h reads key and value head h / group_size (repeat_interleave; for MHA and SWA, its own).
        const Matrix queries = linear_forward(w.query[0], inputs), keys = linear_forward(w.key[0], inputs),
                     values = linear_forward(w.value[0], inputs);
        const int group_size = heads / kv_heads(s);
        for (int b = 0; b < s.batch; ++b) {
            Matrix merged(r.n, s.d_out);
            for (int h = 0; h < heads; ++h) {
                const int first = h * r.head_dim, kv_first = (h / group_size) * r.head_dim;
                HeadTrace t = attend(columns(queries, first, r.head_dim), columns(keys, kv_first, r.head_dim),
                                     columns(values, kv_first, r.head_dim), causal, window, dropout, s.dropout, draws,
                                     h == 0, float(std::sqrt(double(s.d_out))), s.mask_style);
                for (int i = 0; i < r.n; ++i)
                    for (int c = 0; c < r.head_dim; ++c) merged.at(i, first + c) = t.context.at(i, c);
                r.batches[size_t(b)][size_t(h)] = std::move(t);
            }
            r.output.push_back(linear_forward(w.out_proj, merged));
        }
        if (s.decode) {
            r.decode = decode(queries, keys, values, s, r.head_dim, &w.out_proj);
            r.decode_vs_full = compare_outputs(r.decode.output, r.output[0]);
        }
        return r;
    }
    std::vector<Matrix> outputs(size_t(s.batch), Matrix(r.n, r.out_width));
    for (int h = 0; h < heads; ++h) {
        Matrix queries, keys, values;
        if (s.module == AttentionModule::SelfAttentionV1) {
            queries = matmul(inputs, w.W_query);
            keys = matmul(inputs, w.W_key);
            values = matmul(inputs, w.W_value);
        } else {
            queries = linear_forward(w.query[size_t(h)], inputs);
            keys = linear_forward(w.key[size_t(h)], inputs);
            values = linear_forward(w.value[size_t(h)], inputs);
        }
        for (int b = 0; b < s.batch; ++b) {
            HeadTrace t = attend(queries, keys, values, causal, 0, dropout, s.dropout, draws, h == 0, 0, s.mask_style);
            for (int i = 0; i < r.n; ++i)
                for (int c = 0; c < s.d_out; ++c) outputs[size_t(b)].at(i, h * s.d_out + c) = t.context.at(i, c);
            r.batches[size_t(b)][size_t(h)] = std::move(t);
        }
        if (s.decode) r.decode = decode(queries, keys, values, s, s.d_out, nullptr);  // CausalAttention: one head
    }
    r.output = std::move(outputs);
    if (s.decode) r.decode_vs_full = compare_outputs(r.decode.output, r.output[0]);
    return r;
}

ModuleResult run_module(const Matrix& inputs, const ModuleSettings& settings) {
    ModuleResult r;
    r.settings = settings;
    r.error = check_module_settings(settings, inputs.cols, inputs.rows);
    if (!r.error.empty()) return r;
    TorchGenerator gen(settings.seed);
    const ModuleWeights weights = create_module(settings, inputs.cols, &gen);
    return forward_module(inputs, settings, weights, &gen);
}

DecodeTrace decode_with_fault(const Matrix& inputs, const ModuleSettings& s, CacheFault fault) {
    const bool split = is_multi_head(s.module) && s.module != AttentionModule::MultiHeadWrapper;
    if (!split || !check_module_settings(s, inputs.cols, inputs.rows).empty()) return {};
    TorchGenerator gen(s.seed);
    const ModuleWeights w = create_module(s, inputs.cols, &gen);
    return decode(linear_forward(w.query[0], inputs), linear_forward(w.key[0], inputs),
                  linear_forward(w.value[0], inputs), s, s.d_out / s.heads, &w.out_proj, fault);
}

ModuleResult run_v1_loaded_from_v2(const Matrix& inputs, const ModuleSettings& v2_settings) {
    ModuleSettings v2 = v2_settings;
    v2.module = AttentionModule::SelfAttentionV2;
    v2.qkv_bias = false;
    ModuleSettings v1 = v2;
    v1.module = AttentionModule::SelfAttentionV1;
    ModuleResult r;
    r.settings = v1;
    r.error = check_module_settings(v2, inputs.cols, inputs.rows);
    if (!r.error.empty()) return r;
    TorchGenerator gen(v2.seed);
    const ModuleWeights from = create_module(v2, inputs.cols, &gen);
    ModuleWeights loaded;
    loaded.W_query = transposed(from.query[0].weight);
    loaded.W_key = transposed(from.key[0].weight);
    loaded.W_value = transposed(from.value[0].weight);
    return forward_module(inputs, v1, loaded, &gen);
}

long long module_parameter_count(const ModuleSettings& s, int d_in) {
    const long long d_out = s.d_out, bias = s.qkv_bias ? 1 : 0;
    switch (s.module) {
        case AttentionModule::SelfAttentionV1:
            return 3 * d_in * d_out;
        case AttentionModule::MultiHeadWrapper:
            return s.heads * 3 * (d_in + bias) * d_out;
        case AttentionModule::MultiHeadAttention:
        case AttentionModule::SlidingWindowAttention:
            return 3 * (d_in + bias) * d_out + (d_out + 1) * d_out;
        case AttentionModule::GroupedQueryAttention:
            return 2 * (d_in + bias) * (s.kv_groups * (d_out / s.heads)) + (d_in + bias) * d_out + d_out * d_out;
        case AttentionModule::SelfAttentionV2:
        case AttentionModule::CausalAttention:
            return 3 * (d_in + bias) * d_out;
    }
    return 0;
}

bool module_run_matches(const ModuleRun& run, const Matrix& inputs, const ModuleSettings& settings) {
    return run.valid && run.settings == settings && run.inputs.rows == inputs.rows && run.inputs.cols == inputs.cols &&
           run.inputs.data == inputs.data;
}

ATTN_DEFERRED_ENTRY bool update_module_run(const Matrix& inputs, const ModuleSettings& settings, ModuleRun* run) {
    if (module_run_matches(*run, inputs, settings)) return false;
    run->valid = true;
    ++run->serial;
    run->inputs = inputs;
    run->settings = settings;
    run->result = run_module(inputs, settings);
    run->other = ModuleResult();
    run->v1_loaded = ModuleResult();
    const bool v1 = settings.module == AttentionModule::SelfAttentionV1;
    if (run->result.error.empty() && (v1 || settings.module == AttentionModule::SelfAttentionV2)) {
        ModuleSettings other = settings;
        other.module = v1 ? AttentionModule::SelfAttentionV2 : AttentionModule::SelfAttentionV1;
        other.qkv_bias = false;
        run->other = run_module(inputs, other);
        run->v1_loaded = run_v1_loaded_from_v2(inputs, v1 ? other : settings);
    }
    return true;
}

}  // namespace attn
