#include "core/lesson/kv_memory_text.h"

#include <algorithm>
#include <cmath>

#include "core/document/json_writer.h"
#include "core/document/words_scope.h"
#include "core/math/deferred_entry.h"
#include "core/text/number_list.h"

namespace attn {

// {batch, context, emb_dim, heads, kv_heads, layers, bytes, window, swa, full}. The translation test
// finds the names in these lines, as words() says them:
//   words("the repository's example")
//   words("the same, with a sliding window")
//   words("GPT-2 small (the book's model)")
const KvMemoryPreset kKvMemoryPresets[] = {
    {"the repository's example", {1, 32768, 4096, 32, 8, 32, 2, 0, 1, 0}},
    {"the same, with a sliding window", {1, 32768, 4096, 32, 8, 32, 2, 1024, 5, 1}},
    {"GPT-2 small (the book's model)", {1, 1024, 768, 12, 12, 12, 4, 0, 1, 0}},
};
const int kKvMemoryPresetCount = int(sizeof kKvMemoryPresets / sizeof kKvMemoryPresets[0]);

namespace {

std::string gigabytes(double bytes) {
    return bytes >= 1e7 ? words_f("%.2f GB", bytes / 1e9) : words_f("%.2f MB", bytes / 1e6);  // as the estimators print
}

bool whole(double x) {
    return std::isfinite(x) && x == std::floor(x);
}

}  // namespace

KvMemorySentences kv_memory_sentences(const KvMemoryModel& model) {
    KvMemorySentences out;
    out.sizes = model.window > 0
                    ? words_f("%lld wide, %lld heads, %lld layers; a %lld-token window in %lld of every %lld layers.",
                              model.emb_dim, model.heads, model.layers, model.window, model.swa_share,
                              model.swa_share + model.full_share)
                    : words_f("%lld wide, %lld heads, %lld layers.", model.emb_dim, model.heads, model.layers);
    KvMemoryModel mha = model;
    mha.kv_heads = model.heads;
    const KvMemory now = kv_memory(model), all = kv_memory(mha);
    const char* dtype = model.bytes_per_number == 4 ? "fp32" : "bf16";
    out.arithmetic = words_f(
        "head_dim = %lld; one token adds %lld bytes to a layer's cache (%lld head_dim \u00d7 %lld kv heads "
        "\u00d7 2 (keys, values) \u00d7 %lld bytes per number, %s); %lld layers.",
        now.head_dim, now.per_token_per_layer, now.head_dim, model.kv_heads, model.bytes_per_number, dtype,
        model.layers);
    // The estimator's --n_kv_groups is heads per group: the model's own, as the fields set it.
    out.estimator = words_f(
        "kv heads is num_kv_groups in GroupedQueryAttention; the repository's memory_estimator_gqa.py counts "
        "heads per group instead: its --n_kv_groups %lld with %lld heads is the %lld kv heads here.",
        model.heads / model.kv_heads, model.heads, model.kv_heads);
    out.cache = gigabytes(now.total);
    out.total = words_f("With %lld kv heads: %s", model.kv_heads, out.cache.c_str());
    if (model.kv_heads != model.heads)
        out.total += words_f("; multi-head (%lld kv heads) would keep %s, %.2f\u00d7 as much", model.heads,
                             gigabytes(all.total).c_str(), all.total / now.total);
    if (model.window > 0)
        out.total += words_f("; %lld layers keep only the last %lld tokens", now.swa_layers, model.window);
    out.total += words(".");  // the sentence's full stop: "。" in Chinese
    return out;
}

std::string kv_heads_refusal(double kv, long long heads) {
    if (whole(kv) && kv >= 1 && kv <= double(heads) && heads % (long long)kv == 0) return "";
    if (!whole(kv))
        return words_f("kv heads must be a whole number that divides the %lld heads: %s", heads,
                       divisor_list(heads).c_str());
    return words_f("kv heads is %.0f but must divide the %lld heads: %s", kv, heads, divisor_list(heads).c_str());
}

std::string context_refusal(double context) {
    if (whole(context) && context >= 1 && context <= double(kKvMemoryMaxContext)) return "";
    return words_f("the context must be a whole number of tokens from 1 to %lld", kKvMemoryMaxContext);
}

// Deferred: only the text version's calculator asks for it, and only with the classes' code here.
ATTN_DEFERRED_ENTRY std::string kv_memory_json(int preset, double kv_heads, double context) {
    if (preset < 0 || preset >= kKvMemoryPresetCount) preset = 0;
    KvMemoryModel model = kKvMemoryPresets[preset].model;
    std::string error = kv_heads_refusal(kv_heads, model.heads);
    if (error.empty()) model.kv_heads = (long long)kv_heads;
    const std::string context_error = context_refusal(context);
    if (context_error.empty())
        model.context = (long long)context;
    else
        error += (error.empty() ? "" : "; ") + context_error;  // both said when both are wrong
    const KvMemorySentences said = kv_memory_sentences(model);
    std::string out;
    JsonWriter w(&out);
    w.begin_object().key("presets").begin_array();
    for (int p = 0; p < kKvMemoryPresetCount; ++p) w.string(words(kKvMemoryPresets[p].name));
    w.end_array();
    w.key("preset").integer(preset).key("heads").integer(model.heads).key("kv_heads").integer(model.kv_heads);
    w.key("context").integer(model.context).key("error").string(error);
    w.key("sizes").string(said.sizes).key("arithmetic").string(said.arithmetic);
    w.key("estimator").string(said.estimator).key("total").string(said.total);
    w.key("cache").string(said.cache);
    w.end_object();
    return out;
}

}  // namespace attn
