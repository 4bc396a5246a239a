// Matrix products written as plain loops in an order the compiler can vectorise (inner loop
// over contiguous memory).
#include "core/matrix.h"

#include "core/dot.h"

namespace attn {

Matrix Matrix::from_rows(const std::vector<Vector>& rows_in) {
    Matrix m(int(rows_in.size()), rows_in.empty() ? 0 : int(rows_in[0].size()));
    for (int r = 0; r < m.rows; ++r)
        for (int c = 0; c < m.cols; ++c) m.at(r, c) = rows_in[size_t(r)][size_t(c)];
    return m;
}

Matrix matmul(const Matrix& A, const Matrix& B) {
    Matrix C(A.rows, B.cols);
    for (int i = 0; i < A.rows; ++i) {
        float* out = C.row(i);
        for (int k = 0; k < A.cols; ++k) {
            const float a = A.at(i, k);
            const float* b = B.row(k);
            for (int j = 0; j < B.cols; ++j) out[j] += a * b[j];
        }
    }
    return C;
}

Matrix matmul_transposed(const Matrix& A, const Matrix& B) {
    Matrix C(A.rows, B.rows);
    for (int i = 0; i < A.rows; ++i)
        for (int j = 0; j < B.rows; ++j) C.at(i, j) = dot_library(A.row(i), B.row(j), A.cols);
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

}  // namespace attn
