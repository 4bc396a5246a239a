// PyTorch-style printing, so the screen and the CLI show what `print(tensor)` shows in a notebook:
// tensor([0.9544, 1.4950]) with 4 decimals, `2.` for whole numbers, scientific notation when the
// magnitudes call for it, elements padded to one width.
#pragma once
#include <cstdint>
#include <string>

#include "core/math/matrix.h"

namespace attn {

std::string format_tensor(const Vector& v);  // "tensor([2., 8., 2.])"
std::string format_tensor(const Matrix& m);  // "tensor([[1., 2.],\n        [3., 4.]])"
// One element in the same style as it would appear alone: "0.9544", "8.", "inf", "1.0000e+10".
std::string format_scalar(float x);
// Fixed decimals for UI text: "0.9544", "-1.2000", "0.0000" for anything that rounds to zero
// (never "-0.0000"); non-finite as inf/-inf/nan.
std::string format_fixed(float x, int decimals);
// A (rows, cols) boolean tensor as PyTorch prints it, "tensor([[False, True], [True, True]])",
// row-major, 1 = True; each row cut to its first max_cols values (", ..." marks the rest). On one
// line (a report), or a row per line as PyTorch breaks it (a narrow panel wraps it there).
std::string format_bool_tensor(const std::vector<uint8_t>& values, int rows, int cols, int max_cols, bool one_line);
// The first `count` values at fixed decimals, joined by ", ": "1.00, 0.50, 2.00" (dropout's row sums).
std::string format_fixed_list(const Vector& v, int decimals, size_t count);

}  // namespace attn
