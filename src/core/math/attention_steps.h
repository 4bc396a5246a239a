// The steps of compute_attention, each over a chosen part of its output, so that the full
// computation (attention.cpp) and the incremental one (attention_cache.cpp) run the very same
// arithmetic and agree bit for bit. Shapes: n tokens, d = d_in, p = d_out.
#pragma once
#include "core/math/attention.h"

namespace attn {

// How a row of scores becomes a row of weights: normalise((s / divisor if divide) * lab_scale).
struct WeightRule {
    bool divide = false;  // the trainable version divides by sqrt(d_k); the simple one does not
    float divisor = 1.0f;
    float lab_scale = 1.0f;
    Norm norm = Norm::Softmax;
    bool operator==(const WeightRule& o) const {
        return divide == o.divide && divisor == o.divisor && lab_scale == o.lab_scale && norm == o.norm;
    }
};
WeightRule simple_weight_rule(const AttentionSettings& settings);
WeightRule projected_weight_rule(const AttentionSettings& settings, float scale_divisor);

// The query's own row of inputs X (n, d), the part the lesson walks through: query, scores from
// the lesson's loop, lab_scores, the three normalisations, weights and context (all (n) or (d)). O(n d).
void compute_query_row(const Matrix& X, const AttentionSettings& settings, AttentionResult* r);
// The trainable version's query row: p->queries, keys and values must already be current. O(n p).
void compute_projected_query_row(const AttentionSettings& settings, ProjectionResult* p);

// S (n, n) = Q (n, p) @ K (n, p).T with keys after the query at -inf when causal. symmetric means
// Q and K are the same matrix: only the lower triangle is computed, then copied up.
void scores_into(const Matrix& Q, const Matrix& K, bool symmetric, bool causal, Matrix* S);
// Row r and column r of S again, after Q[r] or K[r] changed (2 n dot products, the rest kept).
void patch_scores(const Matrix& Q, const Matrix& K, int r, bool causal, Matrix* S);
// Rows [row_begin, row_end) of W (n, n) from the same rows of S.
void weights_into(const Matrix& S, const WeightRule& rule, int row_begin, int row_end, Matrix* W);
// Rows [row_begin, row_end) of C (n, p) = W (n, n) @ V (n, p).
void contexts_into(const Matrix& W, const Matrix& V, int row_begin, int row_end, Matrix* C);
// Rows [row_begin, row_end) of out (n, p) = X (n, d) @ W (d, p): queries, keys or values.
void project_into(const Matrix& X, const Matrix& W, int row_begin, int row_end, Matrix* out);

// sqrt(d_k) when settings.scale is on (d_k = p.keys.cols), else 1.
float scale_divisor(const AttentionSettings& settings, const ProjectionResult& p);
// The whole trainable version of inputs X (n, d) (projection enabled) into *p, reusing its memory.
void compute_projection(const Matrix& X, const AttentionSettings& settings, ProjectionResult* p);
// Gives m the shape (rows, cols), keeping its memory when it already holds that many values. The
// steps above overwrite all of the rows they are given, so old values never show through.
void reshape(Matrix* m, int rows, int cols);

}  // namespace attn
