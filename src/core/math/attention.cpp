// Ties the pieces together in the lesson's order: query, scores, normalisation, context; then the
// same with projected queries, keys and values and the 1/sqrt(d_k) scaling.
#include "core/math/attention.h"

#include "core/math/attention_steps.h"
#include "core/math/torch_rng.h"

namespace attn {

void make_projection_weights(uint64_t seed, int d_in, int d_out, Matrix* W_query, Matrix* W_key, Matrix* W_value) {
    TorchGenerator gen(seed);
    *W_query = gen.rand(d_in, d_out);
    *W_key = gen.rand(d_in, d_out);
    *W_value = gen.rand(d_in, d_out);
}

AttentionResult compute_attention(const Matrix& inputs, const AttentionSettings& settings) {
    AttentionResult r;
    compute_attention_into(inputs, settings, &r);
    return r;
}

void compute_attention_into(const Matrix& X, const AttentionSettings& s, AttentionResult* result) {
    AttentionResult& r = *result;
    const int n = X.rows;  // X is (n, d)

    compute_query_row(X, s, &r);
    reshape(&r.score_matrix, n, n);  // inputs @ inputs.T, masked if causal
    scores_into(X, X, true, s.causal, &r.score_matrix);
    reshape(&r.weight_matrix, n, n);
    weights_into(r.score_matrix, simple_weight_rule(s), 0, n, &r.weight_matrix);
    reshape(&r.context_matrix, n, X.cols);
    contexts_into(r.weight_matrix, X, 0, n, &r.context_matrix);

    r.has_projection = s.projection.enabled;
    if (s.projection.enabled)
        compute_projection(X, s, &r.projection);
    else
        r.projection = ProjectionResult();
}

}  // namespace attn
