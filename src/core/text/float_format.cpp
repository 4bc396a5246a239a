// The shortest decimal of a float32 or double: the fewest significant digits that read back as
// the same value, with the exponent written as JSON and people write it ("1e6", not "1e+06").
// float32 values, millions of them in a results() at n = 1024, get their digits from Dragonbox
// (Debian's libdragonbox-dev, header only): one pass, no printf and no strtof per value. The
// text is laid out as %g lays out those digits, so it is the same text the printf loop gave
// (tests/core/text/float_format_test.cpp compares the two).
#include "core/text/float_format.h"

#include <dragonbox/dragonbox.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace attn {
namespace {

// "1e+06" -> "1e6", "1.5e-07" -> "1.5e-7": printf pads exponents; JSON does not need it.
std::string tidy_exponent(const char* printed) {
    std::string s = printed;
    const size_t e = s.find('e');
    if (e == std::string::npos) return s;
    std::string mantissa = s.substr(0, e), sign, digits = s.substr(e + 1);
    if (!digits.empty() && (digits[0] == '+' || digits[0] == '-')) {
        if (digits[0] == '-') sign = "-";
        digits.erase(0, 1);
    }
    while (digits.size() > 1 && digits[0] == '0') digits.erase(0, 1);
    return mantissa + "e" + sign + digits;
}

// The printf loop: the first precision from 6 (1 for subnormals) whose %g text reads back as f.
std::string format_float_by_printf(float f) {
    char buf[48];
    for (int precision = std::fabs(f) < FLT_MIN ? 1 : 6; precision <= 9; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, double(f));
        if (std::strtof(buf, nullptr) == f) break;
    }
    return tidy_exponent(buf);
}

}  // namespace

std::string format_float(float f) {
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
    if (f == 0.0f) return std::signbit(f) ? "-0" : "0";
    // A power of two has a narrower rounding interval below it than above. There the shortest
    // digits (Dragonbox) can be shorter than the correctly rounded ones printf writes, so these
    // 254 values keep the printf loop and its text.
    uint32_t bits = 0;
    std::memcpy(&bits, &f, sizeof bits);
    if ((bits & 0x7FFFFFu) == 0) return format_float_by_printf(f);
    // The shortest digits that read back as f, without trailing zeros: f = digits * 10^exponent.
    const auto decimal = jkj::dragonbox::to_decimal(f);
    char digits[12];
    int k = 0;
    for (uint32_t v = decimal.significand; v != 0; v /= 10) digits[k++] = char('0' + v % 10);
    for (int i = 0; i < k / 2; ++i) std::swap(digits[i], digits[k - 1 - i]);
    // As %.Pg writes them, P being the precision the shortest round trip needs: at least 6 (9
    // always suffice), at least 1 for subnormals. X is the power of ten of the first digit.
    const int precision = std::max(std::fabs(f) < FLT_MIN ? 1 : 6, k);
    const int x = decimal.exponent + k - 1;
    std::string out = decimal.is_negative ? "-" : "";
    if (x < -4 || x >= precision) {  // 1.5e-7, 1e6
        out += digits[0];
        if (k > 1) (out += '.').append(digits + 1, size_t(k - 1));
        out += 'e' + std::to_string(x);
    } else if (x >= 0) {  // 16777216, 100000, 0.5 has x < 0
        if (k <= x + 1) {
            out.append(digits, size_t(k)).append(size_t(x + 1 - k), '0');
        } else {
            out.append(digits, size_t(x + 1)).append(1, '.').append(digits + x + 1, size_t(k - x - 1));
        }
    } else {  // 0.0123
        out.append("0.").append(size_t(-x - 1), '0').append(digits, size_t(k));
    }
    return out;
}

std::string format_double(double d) {
    if (std::isnan(d)) return "nan";
    if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    char buf[48];
    for (int precision = 15; precision <= 17; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, d);
        if (std::strtod(buf, nullptr) == d) break;
    }
    return tidy_exponent(buf);
}

}  // namespace attn
