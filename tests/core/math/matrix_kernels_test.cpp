// The tiled product against the lesson's dot_loop: every output must have the same bits, for
// shapes that do and do not fill whole 4 x 8 tiles, and for each shortcut the kernel takes.
#include "core/math/matrix_kernels.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "core/math/dot.h"
#include "core/math/scores.h"
#include "core/math/torch_rng.h"

using namespace attn;

namespace {

// Uniform in [-1, 1), like the random embeddings generator.
Matrix random_matrix(TorchGenerator* gen, int rows, int cols) {
    Matrix m = gen->rand(rows, cols);
    for (float& x : m.data) x = x * 2.0f - 1.0f;
    return m;
}

bool same_bits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// op(B) column j as a vector, for dot_loop.
Vector column(const Matrix& B, bool transposed, int j) {
    if (transposed) return B.row_vector(j);
    Vector v(size_t(B.rows));
    for (int k = 0; k < B.rows; ++k) v[size_t(k)] = B.at(k, j);
    return v;
}

// Counts outputs in rows [row_begin, row_end) (j <= i only if lower) that differ from dot_loop.
int mismatches(const Matrix& A, const Matrix& B, bool transposed, const Matrix& C, int row_begin, int row_end,
               bool lower) {
    int bad = 0;
    for (int j = 0; j < C.cols; ++j) {
        const Vector b = column(B, transposed, j);
        for (int i = row_begin; i < row_end; ++i)
            if ((!lower || j <= i) && !same_bits(C.at(i, j), dot_loop(A.row(i), b.data(), A.cols))) ++bad;
    }
    return bad;
}

}  // namespace

TEST_CASE("matrix kernels: every product entry equals dot_loop bit for bit") {
    TorchGenerator gen(7);
    for (int m : {1, 3, 4, 5, 9, 67})
        for (int k : {1, 2, 7, 64, 130})
            for (int p : {1, 3, 8, 9, 17}) {
                CAPTURE(m);
                CAPTURE(k);
                CAPTURE(p);
                const Matrix A = random_matrix(&gen, m, k);
                SUBCASE("A @ B") {
                    const Matrix B = random_matrix(&gen, k, p);
                    Matrix C(m, p, std::numeric_limits<float>::quiet_NaN());
                    multiply_into(A, B, false, ProductRange{}, &C);
                    CHECK(mismatches(A, B, false, C, 0, m, false) == 0);
                }
                SUBCASE("A @ B.T") {
                    const Matrix B = random_matrix(&gen, p, k);
                    Matrix C(m, p, std::numeric_limits<float>::quiet_NaN());
                    multiply_into(A, B, true, ProductRange{}, &C);
                    CHECK(mismatches(A, B, true, C, 0, m, false) == 0);
                }
            }
}

TEST_CASE("matrix kernels: a row range computes those rows and leaves the others alone") {
    TorchGenerator gen(8);
    const Matrix A = random_matrix(&gen, 23, 11), B = random_matrix(&gen, 11, 13);
    Matrix C(23, 13, 42.0f);
    ProductRange range;
    range.row_begin = 5;
    range.row_end = 18;
    multiply_into(A, B, false, range, &C);
    CHECK(mismatches(A, B, false, C, 5, 18, false) == 0);
    for (int i : {0, 4, 18, 22}) CHECK(C.at(i, 0) == 42.0f);
}

TEST_CASE("matrix kernels: lower_only fills at least the lower triangle, exactly") {
    TorchGenerator gen(9);
    const Matrix X = random_matrix(&gen, 37, 19);
    Matrix S(37, 37);
    ProductRange lower;
    lower.lower_only = true;
    multiply_into(X, X, true, lower, &S);
    CHECK(mismatches(X, X, true, S, 0, 37, true) == 0);
}

TEST_CASE("matrix kernels: skipping the zeros of causal weights changes no bit") {
    TorchGenerator gen(10);
    const int n = 29, p = 10;
    Matrix W = gen.rand(n, n);
    for (int i = 0; i < n; ++i)
        for (int k = i + 1; k < n; ++k) W.at(i, k) = 0.0f;
    const Matrix V = random_matrix(&gen, n, p);
    Matrix C(n, p);
    ProductRange skip;
    skip.a_lower_triangular = true;
    multiply_into(W, V, false, skip, &C);
    CHECK(mismatches(W, V, false, C, 0, n, false) == 0);
}

TEST_CASE("matrix kernels: inf and nan come out where dot_loop gives them") {
    Matrix A(5, 3, 1.0f), B(3, 9, 1.0f);
    A.at(1, 0) = A.at(1, 1) = 3e38f;
    B.at(0, 2) = 3e38f;   // C[1][2]: 3e38 * 3e38 = inf,
    B.at(1, 2) = -3e38f;  // then inf + 3e38 * -3e38 = inf - inf = nan
    Matrix C(5, 9);
    multiply_into(A, B, false, ProductRange{}, &C);
    CHECK(std::isnan(C.at(1, 2)));
    CHECK(mismatches(A, B, false, C, 0, 5, false) == 0);
}

TEST_CASE("matrix kernels: mirroring makes the score matrix symmetric with the loop's bits") {
    TorchGenerator gen(11);
    const Matrix X = random_matrix(&gen, 70, 33);
    const Matrix S = score_matrix(X);
    for (int i = 0; i < X.rows; ++i) {
        const Vector loop = score_vector_loop(X, i);  // the lesson's loop for query i
        int bad = 0;
        for (int j = 0; j < X.rows; ++j) bad += !same_bits(S.at(i, j), loop[size_t(j)]) || S.at(i, j) != S.at(j, i);
        CAPTURE(i);
        CHECK(bad == 0);
    }
}

TEST_CASE("matrix kernels: an empty inner dimension gives zeros") {
    Matrix A(3, 0), B(0, 4);
    Matrix C(3, 4, 5.0f);
    multiply_into(A, B, false, ProductRange{}, &C);
    for (float x : C.data) CHECK(x == 0.0f);
}
