// Score vector (the lesson's loop), score matrix (inputs @ inputs.T) and the causal mask.
#include "core/math/scores.h"

#include <limits>

#include "core/math/dot.h"
#include "core/math/matrix_kernels.h"

namespace attn {

Vector score_vector_loop(const Matrix& inputs, int query_index) {
    const float* query = inputs.row(query_index);
    Vector scores(size_t(inputs.rows));  // torch.empty(inputs.shape[0])
    for (int i = 0; i < inputs.rows; ++i) scores[size_t(i)] = dot_loop(inputs.row(i), query, inputs.cols);
    return scores;
}

Vector score_vector(const Matrix& keys, const Vector& query) {
    Vector scores(size_t(keys.rows));
    for (int i = 0; i < keys.rows; ++i) scores[size_t(i)] = dot_library(keys.row(i), query.data(), keys.cols);
    return scores;
}

Matrix score_matrix(const Matrix& inputs) {
    // Symmetric: S[j][i] multiplies the same pairs in the same order as S[i][j], and a * b == b * a
    // in float32, so the lower triangle is computed and copied up: half the work, the same bits.
    Matrix S(inputs.rows, inputs.rows);
    ProductRange lower;
    lower.lower_only = true;
    multiply_into(inputs, inputs, true, lower, &S);
    mirror_lower_to_upper(&S);
    return S;
}

void apply_causal_mask(Matrix& scores) {
    for (int i = 0; i < scores.rows; ++i)
        for (int j = i + 1; j < scores.cols; ++j) scores.at(i, j) = -std::numeric_limits<float>::infinity();
}

void apply_causal_mask(Vector& scores, int query_index) {
    for (size_t j = size_t(query_index) + 1; j < scores.size(); ++j)
        scores[j] = -std::numeric_limits<float>::infinity();
}

}  // namespace attn
