// The shortest decimal of a float32 or double: the fewest significant digits that read back as
// the same value, with the exponent written as JSON and people write it ("1e6", not "1e+06").
#include "core/text/float_format.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>

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

}  // namespace

std::string format_float(float f) {
    if (std::isnan(f)) return "nan";
    if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
    // 9 significant digits always round-trip a float32; fewer often do, and read better. Below 6,
    // %.6g already drops trailing zeros, except for subnormals, whose precision is lower still.
    char buf[48];
    for (int precision = std::fabs(f) < FLT_MIN ? 1 : 6; precision <= 9; ++precision) {
        std::snprintf(buf, sizeof buf, "%.*g", precision, double(f));
        if (std::strtof(buf, nullptr) == f) break;
    }
    return tidy_exponent(buf);
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
