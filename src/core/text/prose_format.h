// Numbers as the lesson's sentences write them: "2", "0.9544", "[2, 8, 2]", "1·2 + 0·2". Every
// number in lesson text goes through here, straight from the core's results.
#pragma once
#include <string>

#include "core/math/matrix.h"

namespace attn {

// One number the way the lesson writes it, matching the panels' tables: whole numbers plain
// (2 -> "2", -0.0 -> "0"), any other value with exactly `decimals` decimals (1.495 -> "1.4950",
// 0.124 -> "0.1240", -0.00001 -> "0.0000"), magnitudes from 1e7 on in scientific form
// ("5.5400e+34"); non-finite as "inf", "-inf", "nan".
std::string num(float x, int decimals = 4);
// A number the learner typed (an embedding value), as they would have typed it: up to 4 decimals
// with trailing zeros dropped: 0.43 -> "0.43", 2 -> "2", -0.0 -> "0". Computed values use num().
std::string typed(float x);
// The decimals typed() needs for the most precise of these values (0 to 4): what the book's code
// writes all of a literal with, [0.77, 0.25, 0.10], as PyTorch prints every element of a tensor alike.
int typed_decimals(const float* v, size_t count);
// A row of typed values, each at `decimals` decimals: "[0.77, 0.25, 0.10]", "[1, 0]"; elided like vec().
std::string typed_vec(const float* v, int n, int decimals, int max_elements = 8);
// Row i of a matrix of typed values (the inputs) with the decimals of the whole matrix, as the
// book writes the inputs: inputs[4] = [0.77, 0.25, 0.10] beside [0.43, 0.15, 0.89].
std::string typed_row(const Matrix& m, int i);
// A table cell, as a PyTorch tensor column prints it: 4 fixed decimals ("1.4950", "0.0000"), and
// scientific for very large or very small magnitudes ("5.540e+34", "1.260e-14").
std::string num_cell(float x);
// A colour bar's label for value on a scale from lo to hi: whole numbers for a wide range ("-3",
// "12"), 2 decimals for a narrow one ("0.24"), and from 1e5 on the cells' scientific form
// ("1.000e+20": a typed 1e10 made a 19-digit label).
std::string scale_label(float value, float lo, float hi);
// "[2, 8, 2]", "[1.0000, 0.5000]": one style for the row, as PyTorch prints a tensor (plain only when
// every element is whole); past max_elements the middle is elided: "[1, 2, 3, …, 9]".
std::string vec(const Vector& v, int decimals = 4, int max_elements = 8);
std::string vec(const float* v, int n, int decimals = 4, int max_elements = 8);
// typed(x) as a factor in a product: negative ones in parentheses unless they lead ("0.5·(-1)").
std::string factor(float x, bool leading);
// The products of a dot product of typed values, written out: "1·2 + 0·(-2)"; past max_terms elided as
// " + … (3 more)".
std::string dot_terms(const float* a, const float* b, int n, int max_terms = 6);
// A token label in double quotes for prose: "journey".
std::string quoted(const std::string& label);
// "1st", "2nd", "3rd", "11th" for a one-based position.
std::string ordinal_word(int position_one_based);
// Positions first..last as code and the lesson write them: "2..4", or "3" for one.
std::string position_span(int first, int last);

}  // namespace attn
