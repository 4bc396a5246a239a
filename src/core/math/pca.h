// A 2-D view of embeddings with more than three dimensions: the two principal axes of the rows
// (power iteration on the covariance), and a projection onto them that keeps the origin fixed, so
// arrows from the origin stay arrows from the origin.
#pragma once
#include "core/math/matrix.h"

namespace attn {

struct PcaBasis {
    int dims = 0;                // d: length of each axis
    Vector axis[2];              // (d) each: orthonormal, axis[0] the direction of largest variance
    float variance[2] = {0, 0};  // variance of the centred rows along each axis
    float total_variance = 0;    // trace of the covariance: variance[0] + variance[1] <= total
};

// Principal axes of the rows of X (n, d), d >= 1. Deterministic: a fixed start vector and each axis's
// largest-magnitude component made positive. Degenerate input (one row, identical rows, rank 1)
// still gives an orthonormal pair: missing directions are completed with coordinate axes. When d is
// 1 the second axis is empty (the view is a line).
PcaBasis pca_2d(const Matrix& X);

// p = [x · axis0, x · axis1]: a linear map, not centred, so the origin maps to the origin and
// x = 0 stays an arrow of length 0. x has basis.dims elements.
void pca_project(const PcaBasis& basis, const float* x, float* p0, float* p1);

// Moves x within the plane of the two axes by (d0, d1) in projected units: afterwards the
// projection of x has moved by exactly (d0, d1) and the components outside the plane are unchanged.
void pca_move(const PcaBasis& basis, float d0, float d1, float* x);

}  // namespace attn
