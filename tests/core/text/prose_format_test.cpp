// Numbers and words as the lesson's sentences and the panels write them: ordinals, dot products
// term by term, short vectors.
#include "core/text/prose_format.h"

#include <doctest/doctest.h>

#include <limits>

using namespace attn;

TEST_CASE("prose: ordinals name positions as a reader counts them") {
    CHECK(ordinal_word(1) == "1st");
    CHECK(ordinal_word(2) == "2nd");
    CHECK(ordinal_word(3) == "3rd");
    CHECK(ordinal_word(4) == "4th");
    CHECK(ordinal_word(11) == "11th");
    CHECK(ordinal_word(12) == "12th");
    CHECK(ordinal_word(22) == "22nd");
    CHECK(ordinal_word(113) == "113th");
}

TEST_CASE("prose: dot products are written term by term, compactly") {
    const float a[] = {0.55f, 0.87f, 0.66f}, b[] = {0.57f, 0.85f, 0.64f};
    CHECK(dot_terms(a, b, 3) == "0.55\u00b70.57 + 0.87\u00b70.85 + 0.66\u00b70.64");
    const float one[] = {1, 0}, two[] = {2, 2};
    CHECK(dot_terms(one, two, 2) == "1\u00b72 + 0\u00b72");
    CHECK(vec(one, 2, 4, 6) == "[1, 0]");
}

TEST_CASE("prose: a colour bar's labels stay short, however large the values") {
    CHECK(scale_label(0.24f, 0.0f, 0.24f) == "0.24");
    CHECK(scale_label(-3.0f, -3.0f, 30.0f) == "-3");
    CHECK(scale_label(1e20f, 0.0f, 1e20f) == "1.000e+20");  // 1e10 typed into a cell, squared: not 21 digits
    CHECK(scale_label(-2.5e6f, -2.5e6f, 1.0f) == "-2.500e+06");
}

TEST_CASE("prose: a row of numbers has one style, as PyTorch prints a tensor") {
    // Row sums after dropout: some exactly 1, some not. Never "[1.0000, 1, 0.5000]".
    const float sums[] = {1.0f, 1.0f, 0.5f, 1.25f};
    CHECK(vec(sums, 4) == "[1.0000, 1.0000, 0.5000, 1.2500]");
    const float whole[] = {2, 8, 2};
    CHECK(vec(whole, 3) == "[2, 8, 2]");
    const float broken[] = {0.5f, std::numeric_limits<float>::infinity(), std::numeric_limits<float>::quiet_NaN()};
    CHECK(vec(broken, 3) == "[0.5000, inf, nan]");
}

TEST_CASE("prose: negative factors after the first are parenthesised, as a reader would write them") {
    const float a[] = {-0.73f, 0.69f}, b[] = {0.52f, -1.0f};
    CHECK(dot_terms(a, b, 2) == "-0.73\u00b70.52 + 0.69\u00b7(-1)");
}

TEST_CASE("prose: a long dot product says how many terms it leaves out") {
    // 8 terms of 1·2: six shown, "+ … (2 more)".
    const float a[] = {1, 1, 1, 1, 1, 1, 1, 1}, b[] = {2, 2, 2, 2, 2, 2, 2, 2};
    CHECK(dot_terms(a, b, 8) == "1\u00b72 + 1\u00b72 + 1\u00b72 + 1\u00b72 + 1\u00b72 + 1\u00b72 + \u2026 (2 more)");
}

TEST_CASE("prose: computed numbers print like the panels: whole ones plain, others with four decimals") {
    CHECK(num(2.0f) == "2");
    CHECK(num(0.95440006f) == "0.9544");
    CHECK(num(1.495f) == "1.4950");  // not "1.495" in the text and "1.4950" in the table
    CHECK(num(0.124f) == "0.1240");
    CHECK(num(-0.0f) == "0");
    CHECK(num(-0.00001f) == "0.0000");  // rounds to zero: no sign
    CHECK(num(0.5f, 2) == "0.50");
    CHECK(num(5.54e34f) == "5.5400e+34");
    CHECK(num(std::numeric_limits<float>::quiet_NaN()) == "nan");
}

TEST_CASE("prose: typed values read as they were typed") {
    CHECK(typed(0.43f) == "0.43");
    CHECK(typed(2.0f) == "2");
    CHECK(typed(-0.0f) == "0");
    CHECK(typed(-0.00001f) == "0");
    const float row[] = {0.43f, 0.15f, 0.89f};
    CHECK(typed_vec(row, 3, 2) == "[0.43, 0.15, 0.89]");
}

TEST_CASE("prose: a row of the inputs is written as the book's literal writes it, every number alike") {
    // inputs = torch.tensor([[0.43, 0.15, 0.89], ..., [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]])
    const attn::Matrix inputs =
        attn::Matrix::from_rows({{0.43f, 0.15f, 0.89f}, {0.77f, 0.25f, 0.1f}, {0.05f, 0.8f, 0.55f}});
    CHECK(typed_decimals(inputs.data.data(), inputs.data.size()) == 2);
    CHECK(typed_row(inputs, 1) == "[0.77, 0.25, 0.10]");
    CHECK(typed_row(inputs, 2) == "[0.05, 0.80, 0.55]");
    // Whole numbers stay whole (the three-token example: [1, 0], [2, 2], [0, 1]) ...
    const attn::Matrix whole = attn::Matrix::from_rows({{1, 0}, {2, 2}});
    CHECK(typed_row(whole, 0) == "[1, 0]");
    // ... until one number needs decimals; more than 4 are rounded, as typed() does.
    const attn::Matrix mixed = attn::Matrix::from_rows({{1, 0}, {0.5f, 0.123456f}});
    CHECK(typed_row(mixed, 0) == "[1.0000, 0.0000]");
    CHECK(typed_row(mixed, 1) == "[0.5000, 0.1235]");
    // typed_decimals counts as typed() writes, without printing each value.
    for (float x : {0.5f, 0.25f, 0.125f, 0.03125f, 0.1f, 0.43f, 1e-5f, 123.456f, 2.0f, -0.75f, 9.99995f, 1e9f}) {
        const std::string t = typed(x);
        const size_t dot = t.find('.');
        CAPTURE(x);
        CHECK(typed_decimals(&x, 1) == (dot == std::string::npos ? 0 : int(t.size() - dot - 1)));
    }
    const float row[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    CHECK(typed_vec(row, 10, 0) == "[1, 2, 3, 4, 5, 6, 7, …, 10]");
}

TEST_CASE("prose: table cells keep four decimals like a tensor column, scientific at the extremes") {
    CHECK(num_cell(1.495f) == "1.4950");
    CHECK(num_cell(0.0f) == "0.0000");
    CHECK(num_cell(-0.0f) == "0.0000");
    CHECK(num_cell(1.0f) == "1.0000");
    CHECK(num_cell(-0.5406f) == "-0.5406");
    CHECK(num_cell(5.54e34f) == "5.540e+34");
    CHECK(num_cell(1.26e-14f) == "1.260e-14");
    CHECK(num_cell(std::numeric_limits<float>::infinity()) == "inf");
}
