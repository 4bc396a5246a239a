// PyTorch-style printing.
#include "core/text/tensor_format.h"

#include <doctest/doctest.h>

#include <limits>

using namespace attn;

TEST_CASE("format: whole numbers print as '2.' like PyTorch") {
    CHECK(format_tensor(Vector{2, 8, 2}) == "tensor([2., 8., 2.])");
    CHECK(format_tensor(Vector{1, 2, 0}) == "tensor([1., 2., 0.])");
}

TEST_CASE("format: negative whole numbers are padded to one width") {
    CHECK(format_tensor(Vector{2, 2, 0, -2}) == "tensor([ 2.,  2.,  0., -2.])");
}

TEST_CASE("format: fractions print with 4 decimals") {
    CHECK(format_tensor(Vector{0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f}) ==
          "tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])");
    CHECK(format_tensor(Vector{0.125f, 0.625f, 0.25f}) == "tensor([0.1250, 0.6250, 0.2500])");
}

TEST_CASE("format: wide ranges switch to scientific notation") {
    CHECK(format_tensor(Vector{1e10f, 1.5f}) == "tensor([1.0000e+10, 1.5000e+00])");
    CHECK(format_tensor(Vector{0.5f, 0.00001f}) == "tensor([5.0000e-01, 1.0000e-05])");
}

TEST_CASE("format: inf and nan print as PyTorch prints them") {
    const float inf = std::numeric_limits<float>::infinity();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    CHECK(format_tensor(Vector{0.5f, nan, inf}) == "tensor([0.5000,    nan,    inf])");
    CHECK(format_tensor(Vector{1, -inf}) == "tensor([1., -inf])");  // inf does not widen the column
}

TEST_CASE("format: matrices print one row per line, aligned under the first") {
    Matrix m(2, 2);
    m.data = {1, 2, 3, 4};
    CHECK(format_tensor(m) == "tensor([[1., 2.],\n        [3., 4.]])");
}

TEST_CASE("format: long vectors wrap at 80 columns") {
    const std::string s = format_tensor(Vector(20, 0.5f));
    CHECK(s.find('\n') != std::string::npos);
    CHECK(s.find('\n') <= 80);
}

TEST_CASE("format: scalars and fixed decimals") {
    CHECK(format_scalar(8) == "8.");
    CHECK(format_scalar(0.9544f) == "0.9544");
    CHECK(format_fixed(0.12345f, 2) == "0.12");
    CHECK(format_fixed(-0.00001f, 4) == "0.0000");  // rounds to zero: no sign
    CHECK(format_fixed(-0.0f, 4) == "0.0000");
    CHECK(format_fixed(-0.00006f, 4) == "-0.0001");
    CHECK(format_fixed(-std::numeric_limits<float>::infinity(), 2) == "-inf");
}

TEST_CASE("format_bool_tensor: a mask as PyTorch prints it, on one line or a row per line, cut when asked") {
    const std::vector<uint8_t> mask = {0, 0, 0, 1, 1, 0};  // (2, 3), 1 = True
    CHECK(format_bool_tensor(mask, 2, 3, 3, true) == "tensor([[False, False, False], [True, True, False]])");
    CHECK(format_bool_tensor(mask, 2, 3, 3, false) == "tensor([[False, False, False],\n [True, True, False]])");
    CHECK(format_bool_tensor(mask, 2, 3, 2, true) == "tensor([[False, False, ...], [True, True, ...]])");
}
