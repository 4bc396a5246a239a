// Follows torch/_tensor_str.py's _Formatter: decide one mode for the whole tensor (integer, fixed
// 4 decimals, or scientific), then pad every element to the widest one.
#include "core/text/tensor_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace attn {
namespace {

enum class Mode { Integer, Fixed, Scientific };

struct Formatter {
    Mode mode = Mode::Fixed;
    size_t width = 1;

    explicit Formatter(const float* values, size_t count) {
        bool all_integers = true;
        double max_abs = 0.0, min_abs = INFINITY;
        size_t finite_nonzero = 0;
        for (size_t i = 0; i < count; ++i) {
            const float x = values[i];
            if (!std::isfinite(x)) continue;
            if (std::ceil(x) != x) all_integers = false;
            if (x == 0.0f) continue;
            ++finite_nonzero;
            max_abs = std::max(max_abs, double(std::fabs(x)));
            min_abs = std::min(min_abs, double(std::fabs(x)));
        }
        if (all_integers) {
            mode = (finite_nonzero > 0 && (max_abs / min_abs > 1000.0 || max_abs > 1e8)) ? Mode::Scientific
                                                                                         : Mode::Integer;
        } else {
            mode = (finite_nonzero > 0 && (max_abs / min_abs > 1000.0 || max_abs > 1e8 || min_abs < 1e-4))
                       ? Mode::Scientific
                       : Mode::Fixed;
        }
        // Like PyTorch, only finite non-zero values set the width; inf/nan may stick out.
        for (size_t i = 0; i < count; ++i)
            if (std::isfinite(values[i]) && values[i] != 0.0f) width = std::max(width, element(values[i]).size());
    }

    std::string element(float x) const {
        if (std::isnan(x)) return "nan";
        if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
        char buf[64];
        switch (mode) {
            case Mode::Integer:
                std::snprintf(buf, sizeof buf, "%.0f.", double(x));
                break;
            case Mode::Fixed:
                std::snprintf(buf, sizeof buf, "%.4f", double(x));
                break;
            case Mode::Scientific:
                std::snprintf(buf, sizeof buf, "%.4e", double(x));
                break;
        }
        return buf;
    }

    std::string padded(float x) const {
        std::string s = element(x);
        return std::string(width > s.size() ? width - s.size() : 0, ' ') + s;
    }
};

// Elements of one row, wrapped like PyTorch at 80 columns with the continuation indented.
std::string format_row(const Formatter& f, const float* values, size_t count, size_t indent) {
    const size_t per_line = std::max<size_t>(1, (80 - indent) / (f.width + 2));
    std::string out = "[";
    for (size_t i = 0; i < count; ++i) {
        if (i > 0) out += (i % per_line == 0) ? ",\n" + std::string(indent + 1, ' ') : ", ";
        out += f.padded(values[i]);
    }
    return out + "]";
}

}  // namespace

std::string format_tensor(const Vector& v) {
    const Formatter f(v.data(), v.size());
    return "tensor(" + format_row(f, v.data(), v.size(), 7) + ")";
}

std::string format_tensor(const Matrix& m) {
    const Formatter f(m.data.data(), m.data.size());
    std::string out = "tensor([";
    for (int r = 0; r < m.rows; ++r) {
        if (r > 0) out += ",\n        ";
        out += format_row(f, m.row(r), size_t(m.cols), 8);
    }
    return out + "])";
}

std::string format_scalar(float x) {
    return Formatter(&x, 1).element(x);
}

std::string format_fixed(float x, int decimals) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, double(x));
    // A value that rounds to zero reads as zero: "-0.0000" would look like a sign that matters.
    if (buf[0] == '-' && std::strspn(buf + 1, "0.") == std::strlen(buf + 1)) return buf + 1;
    return buf;
}

std::string format_fixed_list(const Vector& v, int decimals, size_t count) {
    std::string out;
    for (size_t i = 0; i < v.size() && i < count; ++i) out += (i ? ", " : "") + format_fixed(v[i], decimals);
    return out;
}

std::string format_bool_tensor(const std::vector<uint8_t>& values, int rows, int cols, int max_cols, bool one_line) {
    std::string out = "tensor([";
    for (int r = 0; r < rows; ++r) {
        out += r == 0 ? "[" : one_line ? ", [" : ",\n [";
        for (int c = 0; c < cols && c < max_cols; ++c)
            out += std::string(c ? ", " : "") + (values[size_t(r) * size_t(cols) + size_t(c)] ? "True" : "False");
        out += cols > max_cols ? ", ...]" : "]";
    }
    return out + "])";
}

}  // namespace attn
