// Ties the pieces together in the lesson's order: query, scores, normalisation, context; then the
// same with projected queries, keys and values and the 1/sqrt(d_k) scaling.
#include "core/attention.h"

#include <cmath>

#include "core/context.h"
#include "core/normalize.h"
#include "core/scores.h"
#include "core/torch_rng.h"

namespace attn {
namespace {

// Division, not multiplication by 1/x: the same float32 rounding as PyTorch's `scores / d_k**0.5`.
Vector divided(const Vector& v, float divisor) {
    Vector out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = v[i] / divisor;
    return out;
}

Matrix divided(const Matrix& m, float divisor) {
    Matrix out = m;
    for (float& x : out.data) x /= divisor;
    return out;
}

Vector scaled(const Vector& v, float factor) {
    if (factor == 1.0f) return v;
    Vector out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = v[i] * factor;
    return out;
}

Matrix scaled(const Matrix& m, float factor) {
    Matrix out = m;
    if (factor != 1.0f)
        for (float& x : out.data) x *= factor;
    return out;
}

}  // namespace

void make_projection_weights(uint64_t seed, int d_in, int d_out, Matrix* W_query, Matrix* W_key, Matrix* W_value) {
    TorchGenerator gen(seed);
    *W_query = gen.rand(d_in, d_out);
    *W_key = gen.rand(d_in, d_out);
    *W_value = gen.rand(d_in, d_out);
}

AttentionResult compute_attention(const State& state) {
    AttentionResult r;
    const Matrix& X = state.inputs;  // (n, d)
    const int q = state.query;

    r.query = X.row_vector(q);
    r.scores = score_vector_loop(X, q);
    r.score_matrix = score_matrix(X);
    if (state.causal) {
        apply_causal_mask(r.scores, q);
        apply_causal_mask(r.score_matrix);
    }
    r.lab_scores = scaled(r.scores, state.lab_scale);
    r.weights_sum = normalize_sum(r.lab_scores);
    r.weights_softmax_naive = softmax_naive(r.lab_scores);
    r.weights_softmax = softmax_stable(r.lab_scores);
    r.weights = normalize(r.lab_scores, state.norm);
    r.context = context_vector(r.weights, X);
    r.weight_matrix = normalize_rows(scaled(r.score_matrix, state.lab_scale), state.norm);
    r.context_matrix = context_matrix(r.weight_matrix, X);

    if (state.projection.enabled) {
        r.has_projection = true;
        ProjectionResult& p = r.projection;
        p.seed = state.projection.seed;
        p.d_out = state.projection.d_out;
        make_projection_weights(p.seed, X.cols, p.d_out, &p.W_query, &p.W_key, &p.W_value);
        p.queries = matmul(X, p.W_query);
        p.keys = matmul(X, p.W_key);
        p.values = matmul(X, p.W_value);
        // d_k is the key dimension (keys.shape[-1]); scores / d_k**0.5 as in the book.
        p.scale_divisor = state.scale ? float(std::sqrt(double(p.keys.cols))) : 1.0f;
        p.scores = score_vector(p.keys, p.queries.row_vector(q));
        p.score_matrix = matmul_transposed(p.queries, p.keys);
        if (state.causal) {
            apply_causal_mask(p.scores, q);
            apply_causal_mask(p.score_matrix);
        }
        p.weights = normalize(scaled(divided(p.scores, p.scale_divisor), state.lab_scale), state.norm);
        p.context = context_vector(p.weights, p.values);
        p.weight_matrix = normalize_rows(scaled(divided(p.score_matrix, p.scale_divisor), state.lab_scale), state.norm);
        p.context_matrix = context_matrix(p.weight_matrix, p.values);
    }
    return r;
}

}  // namespace attn
