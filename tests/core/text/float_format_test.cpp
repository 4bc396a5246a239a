// The shortest float text: Dragonbox's digits laid out as %g lays them out must be exactly the
// text the old printf loop wrote (its algorithm is kept here as the oracle), and must read back.
#include "core/text/float_format.h"

#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

using namespace attn;

namespace {

// The printf loop format_float used before: the first precision from 6 (1 for subnormals) whose
// %g text reads back as f, with the exponent tidied ("1e+06" -> "1e6").
std::string printf_oracle(float f) {
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
    char buf[48];
    for (int precision = std::fabs(f) < FLT_MIN ? 1 : 6; precision <= 9; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, double(f));
        if (std::strtof(buf, nullptr) == f) break;
    }
    std::string s = buf;
    const size_t e = s.find('e');
    if (e == std::string::npos) return s;
    std::string mantissa = s.substr(0, e), sign, digits = s.substr(e + 1);
    if (digits[0] == '+' || digits[0] == '-') {
        if (digits[0] == '-') sign = "-";
        digits.erase(0, 1);
    }
    while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1);
    return mantissa + "e" + sign + digits;
}

float from_bits(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

void check_same(float f) {
    const std::string got = format_float(f);
    uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    INFO("float bits " << bits << ": " << got);
    REQUIRE(got == printf_oracle(f));
    if (std::isfinite(f)) REQUIRE(std::strtof(got.c_str(), nullptr) == f);
}

}  // namespace

TEST_CASE("float format: the documented forms") {
    CHECK(format_float(0.1f) == "0.1");
    CHECK(format_float(1e6f) == "1e6");
    CHECK(format_float(16777216.0f) == "16777216");
    CHECK(format_float(100000.0f) == "100000");
    CHECK(format_float(1.5e-7f) == "1.5e-7");
    CHECK(format_float(0.0001f) == "0.0001");
    CHECK(format_float(-0.0f) == "-0");
    CHECK(format_float(0.0f) == "0");
    CHECK(format_float(0.9544f) == "0.9544");
    CHECK(format_float(-2.5e-8f) == "-2.5e-8");
    CHECK(format_float(FLT_MAX) == "3.4028235e38");
    CHECK(format_float(FLT_TRUE_MIN) == "1e-45");
    CHECK(format_float(INFINITY) == "inf");
    CHECK(format_float(-INFINITY) == "-inf");
    CHECK(format_float(NAN) == "nan");
}

TEST_CASE("float format: the same text as the printf loop at every power of two and its neighbours") {
    for (int e = -149; e <= 127; ++e) {
        const float p = std::ldexp(1.0f, e);
        for (float f : {p, std::nextafter(p, 0.0f), std::nextafter(p, INFINITY), -p}) check_same(f);
    }
}

TEST_CASE("float format: the same text as the printf loop for 200,000 random floats") {
    std::mt19937 rng(20261201);
    int checked = 0;
    while (checked < 200000) {
        const float f = from_bits(uint32_t(rng()));
        if (!std::isfinite(f)) continue;
        check_same(f);
        ++checked;
    }
    // And short decimals, the values people type: 0.001 .. 999.999 in steps of 0.001.
    for (int i = -999999; i <= 999999; i += 7) check_same(float(i) / 1000.0f);
}
