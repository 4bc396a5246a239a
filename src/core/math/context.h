// Context vectors: the attention-weighted sum of the inputs (or of the value vectors).
#pragma once
#include "core/math/matrix.h"

namespace attn {

// weights (n) . values (n, d) -> (d): z = sum_i weights[i] * values[i]
Vector context_vector(const Vector& weights, const Matrix& values);
// weights (n_q, n) @ values (n, d) -> (n_q, d): one context vector per query row
Matrix context_matrix(const Matrix& weights, const Matrix& values);

}  // namespace attn
