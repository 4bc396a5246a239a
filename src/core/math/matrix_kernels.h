// The fast path behind matmul, the projections and the score matrix: a tiled product that the
// compiler vectorises across output columns, so every output keeps dot_loop's exact arithmetic.
#pragma once
#include "core/math/matrix.h"

namespace attn {

// How much of C = A @ op(B) to compute. A is (m, K); op(B) is B (K, p) or, when b_transposed,
// B.T with B (p, K); C is (m, p) and must already have that shape.
struct ProductRange {
    int row_begin = 0;  // rows [row_begin, row_end) of C; row_end < 0 means all rows
    int row_end = -1;
    // Only C[i][j] with j <= i is wanted (a symmetric or causally masked result): tiles wholly
    // above the diagonal are skipped. Entries above the diagonal are left unspecified.
    bool lower_only = false;
    // A[i][k] == 0 for every k > i (causal weights) and B is finite: those terms add exactly
    // nothing (acc + 0 * finite == acc, and acc is never -0), so they are skipped.
    bool a_lower_triangular = false;
};

// C[i][j] = sum over k = 0 .. K-1, in that order, of A[i][k] * op(B)[k][j], accumulated in float32
// from 0.0f: bit for bit what dot_loop gives for row i of A and column j of op(B). Tiling only
// changes which outputs are computed side by side (4 rows x 8 columns), never the order of a sum.
void multiply_into(const Matrix& A, const Matrix& B, bool b_transposed, const ProductRange& range, Matrix* C);

// Copies the lower triangle of a square matrix onto the upper one: m[i][j] = m[j][i] for j > i.
void mirror_lower_to_upper(Matrix* m);

}  // namespace attn
