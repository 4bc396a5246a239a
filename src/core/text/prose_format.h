// Numbers as the lesson's sentences write them: "2", "0.9544", "[2, 8, 2]", "1·2 + 0·2". Every
// number in lesson text goes through here, straight from the core's results.
#pragma once
#include <string>

#include "core/math/matrix.h"

namespace attn {

// Up to `decimals` decimals with trailing zeros dropped: 2 -> "2", 0.95440006 -> "0.9544",
// -0.0 -> "0"; non-finite as "inf", "-inf", "nan".
std::string num(float x, int decimals = 4);
// num() for ordinary sizes, scientific for very large or very small ones: 5.54e+34, 1.26e-14.
std::string num_wide(float x);
// "[2, 8, 2]"; past max_elements the middle is elided: "[1, 2, 3, …, 9]".
std::string vec(const Vector& v, int decimals = 4, int max_elements = 8);
std::string vec(const float* v, int n, int decimals = 4, int max_elements = 8);
// num(x) as a factor in a product: negative ones in parentheses unless they lead ("0.5·(-1)").
std::string factor(float x, bool leading);
// The products of a dot product, written out: "1·2 + 0·(-2)"; past max_terms elided as
// " + … (3 more)".
std::string dot_terms(const float* a, const float* b, int n, int max_terms = 6);
// A token label in double quotes for prose: "journey".
std::string quoted(const std::string& label);
// "1st", "2nd", "3rd", "11th" for a one-based position.
std::string ordinal_word(int position_one_based);

}  // namespace attn
