// The steps of the attention computation over chosen rows. Every (n, n) step writes into its
// output in place and allocates nothing per row: at n = 1024 a matrix is 4 MB.
#include "core/math/attention_steps.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/math/context.h"
#include "core/math/dot.h"
#include "core/math/matrix_kernels.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"

namespace attn {
namespace {

// Division, not multiplication by 1/x: the same float32 rounding as PyTorch's `scores / d_k**0.5`.
Vector divided(const Vector& v, float divisor) {
    Vector out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = v[i] / divisor;
    return out;
}

Vector scaled(const Vector& v, float factor) {
    if (factor == 1.0f) return v;
    Vector out(v.size());
    for (size_t i = 0; i < v.size(); ++i) out[i] = v[i] * factor;
    return out;
}

// True when W[i][k] == 0 for every k > i in rows [row_begin, row_end): causal weights.
bool zero_above_diagonal(const Matrix& W, int row_begin, int row_end) {
    for (int i = row_begin; i < row_end; ++i) {
        const float* w = W.row(i);
        for (int k = i + 1; k < W.cols; ++k)
            if (!(w[k] == 0.0f)) return false;
    }
    return true;
}

bool all_finite(const Matrix& m) {
    for (float x : m.data)
        if (!std::isfinite(x)) return false;
    return true;
}

// The query row's three normalisations side by side, the chosen weights and the context, from its
// lab_scores: the same steps in both passes, as the panels show them.
void normalise_query_row(Norm norm, const Matrix& mixed, AttentionPass* pass) {
    pass->weights_sum = normalize_sum(pass->lab_scores);
    pass->weights_softmax_naive = softmax_naive(pass->lab_scores);
    pass->weights_softmax = softmax_stable(pass->lab_scores);
    pass->weights = normalize(pass->lab_scores, norm);
    pass->context = context_vector(pass->weights, mixed);
}

}  // namespace

WeightRule simple_weight_rule(const AttentionSettings& settings) {
    WeightRule rule;
    rule.lab_scale = settings.lab_scale;
    rule.norm = settings.norm;
    return rule;
}

WeightRule projected_weight_rule(const AttentionSettings& settings, float scale_divisor) {
    WeightRule rule = simple_weight_rule(settings);
    rule.divide = true;
    rule.divisor = scale_divisor;
    return rule;
}

void compute_query_row(const Matrix& X, const AttentionSettings& s, AttentionResult* r) {
    const int q = s.query;  // X is (n, d)
    r->query = X.row_vector(q);
    r->scores = score_vector_loop(X, q);  // the lesson's loop: row q of the score matrix, exactly
    if (s.causal) apply_causal_mask(r->scores, q);
    r->lab_scores = scaled(r->scores, s.lab_scale);
    normalise_query_row(s.norm, X, r);
}

void compute_projected_query_row(const AttentionSettings& s, ProjectionResult* p) {
    const int q = s.query;
    p->scores = score_vector(p->keys, p->queries.row_vector(q));
    if (s.causal) apply_causal_mask(p->scores, q);
    p->lab_scores = scaled(divided(p->scores, p->scale_divisor), s.lab_scale);
    normalise_query_row(s.norm, p->values, p);
}

void scores_into(const Matrix& Q, const Matrix& K, bool symmetric, bool causal, Matrix* S) {
    // A symmetric S[j][i] multiplies the same pairs in the same order as S[i][j] (and a * b == b * a
    // in float32), so copying the lower triangle up gives the same bits at half the work.
    ProductRange range;
    range.lower_only = symmetric || causal;
    multiply_into(Q, K, true, range, S);
    if (causal)
        apply_causal_mask(*S);
    else if (symmetric)
        mirror_lower_to_upper(S);
}

void patch_scores(const Matrix& Q, const Matrix& K, int r, bool causal, Matrix* S) {
    // dot_loop sums k in order from 0, exactly as the tiled product does for each entry.
    const int n = S->rows, p = Q.cols;
    for (int j = 0; j < n; ++j) {
        if (!causal || j <= r) S->at(r, j) = dot_loop(Q.row(r), K.row(j), p);
        if (!causal || j >= r) S->at(j, r) = dot_loop(Q.row(j), K.row(r), p);
    }
}

void weights_into(const Matrix& S, const WeightRule& rule, int row_begin, int row_end, Matrix* W) {
    const int n = S.cols;
    for (int i = row_begin; i < row_end; ++i) {
        const float* s = S.row(i);
        float* w = W->row(i);
        std::copy(s, s + n, w);  // scaled in place, then normalised in place
        if (rule.divide)
            for (int j = 0; j < n; ++j) w[j] /= rule.divisor;
        if (rule.lab_scale != 1.0f)
            for (int j = 0; j < n; ++j) w[j] *= rule.lab_scale;
        normalize_into(w, n, rule.norm, w);
    }
}

void contexts_into(const Matrix& W, const Matrix& V, int row_begin, int row_end, Matrix* C) {
    if (row_begin >= row_end) return;
    ProductRange range;
    range.row_begin = row_begin;
    range.row_end = row_end;
    // Causal weights are 0 after the diagonal; with finite values those terms add exactly nothing.
    range.a_lower_triangular = zero_above_diagonal(W, row_begin, row_end) && all_finite(V);
    multiply_into(W, V, false, range, C);
}

void project_into(const Matrix& X, const Matrix& W, int row_begin, int row_end, Matrix* out) {
    ProductRange range;
    range.row_begin = row_begin;
    range.row_end = row_end;
    multiply_into(X, W, false, range, out);
}

void compute_projection(const Matrix& X, const AttentionSettings& s, ProjectionResult* p) {
    const int n = X.rows;  // X is (n, d)
    p->seed = s.projection.seed;
    p->d_out = s.projection.d_out;
    make_projection_weights(p->seed, X.cols, p->d_out, &p->W_query, &p->W_key, &p->W_value);
    reshape(&p->queries, n, p->d_out);  // inputs @ W_query, and so on
    reshape(&p->keys, n, p->d_out);
    reshape(&p->values, n, p->d_out);
    project_into(X, p->W_query, 0, n, &p->queries);
    project_into(X, p->W_key, 0, n, &p->keys);
    project_into(X, p->W_value, 0, n, &p->values);
    p->scale_divisor = scale_divisor(s, *p);
    compute_projected_query_row(s, p);
    reshape(&p->score_matrix, n, n);  // queries @ keys.T, masked if causal
    scores_into(p->queries, p->keys, false, s.causal, &p->score_matrix);
    reshape(&p->weight_matrix, n, n);
    weights_into(p->score_matrix, projected_weight_rule(s, p->scale_divisor), 0, n, &p->weight_matrix);
    reshape(&p->context_matrix, n, p->d_out);
    contexts_into(p->weight_matrix, p->values, 0, n, &p->context_matrix);
}

float scale_divisor(const AttentionSettings& s, const ProjectionResult& p) {
    // d_k is the key dimension (keys.shape[-1]); scores / d_k**0.5 as in the book.
    return s.scale ? float(std::sqrt(double(p.keys.cols))) : 1.0f;
}

void reshape(Matrix* m, int rows, int cols) {
    m->rows = rows;
    m->cols = cols;
    m->data.resize(size_t(rows) * size_t(cols));
}

}  // namespace attn
