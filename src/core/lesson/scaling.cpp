// The sqrt(d_k) table: only the query's row is needed, so it costs n * d * d_out per row.
#include "core/lesson/scaling.h"

#include <cmath>

#include "core/document/state_attention.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"

namespace attn {
namespace {

constexpr double kMaxWork = 64e6;  // multiply-adds for the whole table: a fraction of a second in wasm

}  // namespace

double entropy(const Vector& weights) {
    double h = 0;
    for (float w : weights)
        if (w > 0) h -= double(w) * std::log(double(w));
    return h;
}

ScalingTable scaling_table(const TextCatalog& texts, const State& state, const std::vector<int>& d_outs) {
    ScalingTable table;
    table.caption = texts.say("scaling.caption");
    table.headers = {"d_out = d_k", texts.say("scaling.top-plain"), texts.say("scaling.top-scaled"),
                     texts.say("scaling.entropy-plain"), texts.say("scaling.entropy-scaled")};
    const Matrix& X = state.inputs;  // (n, d)
    double work = 0;
    for (int p : d_outs) work += double(X.rows) * X.cols * p;
    if (work > kMaxWork) {
        table.error = texts.say("scaling.too-large", {{"work", std::to_string(int64_t(work))}});
        return table;
    }
    int visible = state.causal ? state.query + 1 : X.rows;
    table.uniform_entropy = std::log(double(visible));
    for (int p : d_outs) {
        Matrix W_query, W_key, W_value;
        make_projection_weights(state.projection.seed, X.cols, p, &W_query, &W_key, &W_value);
        const Vector query = vector_matmul(X.row_vector(state.query), W_query);  // (p)
        const Matrix keys = matmul(X, W_key);                                    // (n, p)
        Vector scores = score_vector(keys, query);                               // (n)
        if (state.causal) apply_causal_mask(scores, state.query);
        const float divisor = float(std::sqrt(double(p)));
        Vector scaled(scores.size());
        for (size_t i = 0; i < scores.size(); ++i) scaled[i] = scores[i] / divisor;

        ScalingRow row;
        row.d_out = p;
        const Vector w_raw = softmax_stable(scores), w_scaled = softmax_stable(scaled);
        float lo = INFINITY, hi = -INFINITY;
        for (size_t i = 0; i < scores.size(); ++i) {
            row.max_unscaled = std::fmax(row.max_unscaled, w_raw[i]);
            row.max_scaled = std::fmax(row.max_scaled, w_scaled[i]);
            if (std::isfinite(scores[i])) lo = std::fmin(lo, scores[i]), hi = std::fmax(hi, scores[i]);
        }
        row.entropy_unscaled = entropy(w_raw);
        row.entropy_scaled = entropy(w_scaled);
        row.score_spread = hi - lo;
        table.rows.push_back(row);
    }
    return table;
}

}  // namespace attn
