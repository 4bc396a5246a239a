// Matrix products. matmul runs the tiled kernel of matrix_kernels.cpp, whose
// every output is accumulated exactly as dot_loop accumulates it.
#include "core/math/matrix.h"

#include <algorithm>
#include <cmath>

#include "core/math/matrix_kernels.h"

namespace attn {

Matrix Matrix::from_rows(const std::vector<Vector>& rows_in) {
    Matrix m(int(rows_in.size()), rows_in.empty() ? 0 : int(rows_in[0].size()));
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) m.at(r, c) = rows_in[size_t(r)][size_t(c)];
    return m;
}

Matrix matmul(const Matrix& A, const Matrix& B) {
    Matrix C(A.rows, B.cols);
    multiply_into(A, B, false, ProductRange{}, &C);
    return C;
}

Vector vector_matmul(const Vector& x, const Matrix& W) {
    Vector out(size_t(W.cols), 0.0f);
    for (int k = 0; k < W.rows; ++k) {
        const float* w = W.row(k);
        for (int j = 0; j < W.cols; ++j) out[size_t(j)] += x[size_t(k)] * w[j];
    }
    return out;
}

Matrix transposed(const Matrix& m) {
    Matrix t(m.cols, m.rows);
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) t.at(c, r) = m.at(r, c);
    return t;
}

std::vector<float> row_sums(const Matrix& m) {
    std::vector<float> sums(size_t(m.rows), 0.0f);
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) sums[size_t(r)] += m.at(r, c);
    return sums;
}

float largest_difference(const Matrix& a, const Matrix& b) {
    float d = 0;
    for (size_t k = 0; k < a.data.size() && k < b.data.size(); ++k) {
        const float x = a.data[k], y = b.data[k];
        if (std::isfinite(x) != std::isfinite(y)) return INFINITY;
        if (std::isfinite(x)) d = std::max(d, std::fabs(x - y));
    }
    return d;
}

}  // namespace attn
