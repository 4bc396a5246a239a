// One function fills every value: the names below are the contract with lesson files.
#include "core/lesson/lesson_values.h"

#include <cmath>
#include <iterator>

#include "core/lesson/token_words.h"
#include "core/math/extremes.h"
#include "core/text/prose_format.h"

namespace attn {
namespace {

const char* const kNames[] = {
    "q",       "q_ordinal",    "query",         "query_row", "n",
    "d",       "example",      "norm",          "scores",    "weights",
    "context", "best",         "best_score",    "worst",     "worst_score",
    "top",     "top_weight",   "d_k",           "sqrt_d_k",  "seed",
    "d_out",   "module_class", "module_output",
};

}  // namespace

bool is_lesson_value(std::string_view name) {
    for (const char* n : kNames)
        if (name == n) return true;
    return false;
}

std::string lesson_value_names() {
    std::string out;
    for (const char* n : kNames) out += std::string(out.empty() ? "" : ", ") + "{" + n + "}";
    return out;
}

TemplateValues lesson_values(const State& s, const AttentionResult& r, const ModuleResult* module,
                             const TextCatalog& words) {
    const int q = s.query;
    // The query's scores and weights as the panels show them: the projected ones with W_query on.
    const bool projected = r.has_projection;
    const Vector& scores = r.shown().scores;
    const Vector& weights = r.shown().weights;
    const Vector& context = r.shown().context;
    const int best = scores.empty() ? 0 : argmax(scores), worst = scores.empty() ? 0 : argmin_finite(scores);
    const int top = weights.empty() ? 0 : argmax(weights);
    const int d_k = projected ? r.projection.keys.cols : s.inputs.cols;
    const bool runs = module && module->error.empty() && !module->output.empty();
    // In kNames' order.
    std::string v[std::size(kNames)];
    v[0] = std::to_string(q);
    v[1] = words.ordinal(q + 1);
    v[2] = label(words, s, q);
    v[3] = row(s, q);
    v[4] = std::to_string(s.inputs.rows);
    v[5] = std::to_string(s.inputs.cols);
    v[6] = s.example;
    v[7] = norm_name(s.norm);
    v[8] = vec(scores);
    v[9] = vec(weights);
    v[10] = vec(context);
    v[11] = label(words, s, best);
    if (!scores.empty()) v[12] = num(scores[size_t(best)]);
    v[13] = label(words, s, worst);
    if (!scores.empty()) v[14] = num(scores[size_t(worst)]);
    v[15] = label(words, s, top);
    if (!weights.empty()) v[16] = num(weights[size_t(top)]);
    v[17] = std::to_string(d_k);
    v[18] = num(float(std::sqrt(double(d_k))));
    v[19] = std::to_string(s.projection.seed);
    v[20] = std::to_string(s.projection.d_out);
    if (s.module.enabled) v[21] = module_class(s.module.settings.module);
    if (runs) v[22] = vec(module->output[0].row_vector(0));
    TemplateValues out;
    out.reserve(std::size(kNames));
    for (size_t i = 0; i < std::size(kNames); ++i) out.push_back({kNames[i], std::move(v[i])});
    return out;
}

}  // namespace attn
