#include "core/text/printf_text.h"

#include <cstdio>

namespace attn {

std::string vprintf_text(const char* format, va_list args) {
    va_list measure;
    va_copy(measure, args);
    const int length = std::vsnprintf(nullptr, 0, format, measure);
    va_end(measure);
    if (length <= 0) return "";
    std::string out(size_t(length) + 1, '\0');
    std::vsnprintf(out.data(), out.size(), format, args);
    out.resize(size_t(length));
    return out;
}

std::string printf_text(const char* format, ...) {
    va_list args;
    va_start(args, format);
    std::string out = vprintf_text(format, args);
    va_end(args);
    return out;
}

}  // namespace attn
