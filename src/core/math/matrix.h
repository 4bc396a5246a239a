// A dense row-major float32 matrix: the one tensor type of the core.
// float32 on purpose: PyTorch's default dtype, so overflow and rounding match the lesson.
#pragma once
#include <cstddef>
#include <vector>

namespace attn {

using Vector = std::vector<float>;

struct Matrix {
    int rows = 0;
    int cols = 0;
    std::vector<float> data;  // rows * cols, row r starts at data[r * cols]

    Matrix() = default;
    Matrix(int r, int c, float fill = 0.0f) : rows(r), cols(c), data(size_t(r) * size_t(c), fill) {}

    float& at(int r, int c) { return data[size_t(r) * size_t(cols) + size_t(c)]; }
    float at(int r, int c) const { return data[size_t(r) * size_t(cols) + size_t(c)]; }
    const float* row(int r) const { return data.data() + size_t(r) * size_t(cols); }
    float* row(int r) { return data.data() + size_t(r) * size_t(cols); }
    Vector row_vector(int r) const { return Vector(row(r), row(r) + cols); }
    bool empty() const { return rows == 0 || cols == 0; }

    static Matrix from_rows(const std::vector<Vector>& rows_in);
};

// A (n, m) @ B (m, p) -> (n, p)
Matrix matmul(const Matrix& A, const Matrix& B);
// x (d) @ W (d, p) -> (p)
Vector vector_matmul(const Vector& x, const Matrix& W);
// m (r, c) -> m.T (c, r)
Matrix transposed(const Matrix& m);
// The largest |a - b| over the entries both hold; inf where one side is nan or inf and the other is
// not (a row that summed to 0, say).
float largest_difference(const Matrix& a, const Matrix& b);
// Each row's sum (dropout's rows no longer sum to 1).
std::vector<float> row_sums(const Matrix& m);

}  // namespace attn
