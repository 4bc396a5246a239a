// Short, exact number text for the lesson's sentences.
#include "core/text/prose_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/text/tensor_format.h"

namespace attn {

std::string num(float x, int decimals) {
    const float a = std::fabs(x);
    if (std::isfinite(x) && a >= 1e7f) {  // PyTorch's scientific style: 5.5400e+34
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.*e", decimals, double(x));
        return buf;
    }
    if (std::isfinite(x) && x == std::floor(x)) return format_fixed(x, 0);  // 2, -3, 0 (never -0)
    return format_fixed(x, decimals);
}

std::string typed(float x) {
    std::string s = format_fixed(x, 4);
    if (std::isfinite(x) && s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;  // format_fixed already wrote "0.0000" (never "-0.0000") for a rounded zero
}

int typed_decimals(const float* v, size_t count) {
    // typed() rounds to 4 decimals and drops trailing zeros; the same count without printing
    // (a 1024 x 1024 matrix of whole numbers is a million values to look at): a float times 10^4
    // is exact in a double, and nearbyint rounds half to even as printf does.
    int most = 0;
    for (size_t i = 0; i < count && most < 4; ++i) {
        const double a = std::fabs(double(v[i]));
        if (!std::isfinite(a) || a >= 8388608.0) continue;  // from 2^23 on every float is whole
        long long rest = (long long)(std::nearbyint(a * 10000.0)) % 10000;
        int decimals = rest == 0 ? 0 : 4;
        for (; rest != 0 && rest % 10 == 0; rest /= 10) --decimals;
        most = std::max(most, decimals);
    }
    return most;
}

std::string typed_vec(const float* v, int n, int decimals, int max_elements) {
    auto one = [&](float x) { return format_fixed(x, decimals); };
    std::string out = "[";
    const int head = n > max_elements ? max_elements - 1 : n;
    for (int i = 0; i < head; ++i) out += (i ? ", " : "") + one(v[i]);
    if (n > max_elements) out += std::string(head ? ", " : "") + "…, " + one(v[n - 1]);
    return out + "]";
}

std::string typed_row(const Matrix& m, int i) {
    return typed_vec(m.row(i), m.cols, typed_decimals(m.data.data(), m.data.size()));
}

std::string num_cell(float x) {
    const float a = std::fabs(x);
    if (!std::isfinite(x) || a == 0.0f || (a < 1e5f && a >= 1e-4f)) return format_fixed(x, 4);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3e", double(x));
    return buf;
}

std::string scale_label(float value, float lo, float hi) {
    return std::fabs(value) >= 1e5f ? num_cell(value) : format_fixed(value, std::fabs(hi - lo) >= 20 ? 0 : 2);
}

std::string vec(const float* v, int n, int decimals, int max_elements) {
    // One style for the whole row, as PyTorch prints a tensor: whole numbers plain only when every
    // element is whole ([2, 8, 2]); else each with its decimals ([1.0000, 0.9999], never [1, 0.9999]).
    bool whole = true;
    for (int i = 0; i < n; ++i)
        if (std::isfinite(v[i]) && v[i] != std::floor(v[i])) whole = false;
    const auto one = [&](float x) {
        return whole || !std::isfinite(x) || std::fabs(x) >= 1e7f ? num(x, decimals) : format_fixed(x, decimals);
    };
    std::string out = "[";
    const int head = n > max_elements ? max_elements - 1 : n;
    for (int i = 0; i < head; ++i) out += (i ? ", " : "") + one(v[i]);
    if (n > max_elements) out += std::string(head ? ", " : "") + "…, " + one(v[n - 1]);
    return out + "]";
}

std::string vec(const Vector& v, int decimals, int max_elements) {
    return vec(v.data(), int(v.size()), decimals, max_elements);
}

std::string factor(float x, bool leading) {
    const std::string text = typed(x);
    return (!leading && text[0] == '-') ? "(" + text + ")" : text;
}

std::string dot_terms(const float* a, const float* b, int n, int max_terms) {
    std::string out;
    const int shown = n > max_terms ? max_terms : n;
    for (int k = 0; k < shown; ++k) out += (k ? " + " : "") + factor(a[k], k == 0) + "·" + factor(b[k], false);
    if (n > max_terms) out += " + … (" + std::to_string(n - max_terms) + " more)";
    return out;
}

std::string quoted(const std::string& label) {
    return "\"" + label + "\"";
}

std::string position_span(int first, int last) {
    return first == last ? std::to_string(first) : std::to_string(first) + ".." + std::to_string(last);
}

std::string ordinal_word(int n) {
    const int last_two = n % 100, last = n % 10;
    const char* suffix = (last_two >= 11 && last_two <= 13) ? "th"
                         : last == 1                        ? "st"
                         : last == 2                        ? "nd"
                         : last == 3                        ? "rd"
                                                            : "th";
    return std::to_string(n) + suffix;
}

}  // namespace attn
