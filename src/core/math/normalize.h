// Turning scores into weights that sum to 1, the three ways the lesson compares.
#pragma once
#include <string>

#include "core/math/matrix.h"

namespace attn {

enum class Norm {
    Sum,           // w_i = s_i / sum_j s_j: keeps proportions; undefined when the sum is 0
    SoftmaxNaive,  // w_i = exp(s_i) / sum_j exp(s_j): faithful on purpose, overflows in float32
    Softmax,       // stable softmax: exp(s_i - max) / sum_j exp(s_j - max), what torch.softmax does
};

const char* norm_name(Norm norm);  // "sum", "softmax-naive", "softmax"
bool parse_norm(const std::string& text, Norm* out);

// Divide-by-sum. A zero sum gives inf/nan, as it would in PyTorch: shown, not hidden.
Vector normalize_sum(const Vector& scores);
// exp(s) / sum exp(s) computed literally: exp(89) is already inf in float32, and inf/inf is nan.
Vector softmax_naive(const Vector& scores);
// Subtracting the row max first makes every exponent <= 0, so exp never overflows and the largest
// term is exactly 1: never NaN for finite input. -inf entries (masked) get weight 0. A row with no
// finite entry (fully masked) attends to nothing: all weights 0 (PyTorch would give NaN there).
// +inf entries share the weight equally among themselves (the limit of a growing score).
Vector softmax_stable(const Vector& scores);
Vector normalize(const Vector& scores, Norm norm);
// The same arithmetic on raw rows, writing into weights (n floats), without allocating: what the
// (n, n) weight matrix uses. normalize(v, norm) == normalize_into(v.data(), n, norm, out), bit for bit.
void normalize_into(const float* scores, int n, Norm norm, float* weights);

// Row-wise versions: each row of (n, m) normalised independently (softmax over dim=-1).
Matrix normalize_rows(const Matrix& scores, Norm norm);

}  // namespace attn
