// The program never calls setlocale, so strtof reads '.' as the decimal point.
#include "core/text/number_parse.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <system_error>

namespace attn {
namespace {

bool is_ascii_digit(char c) {
    return c >= '0' && c <= '9';
}

// s equals the lowercase word, letters compared without case.
bool same_word_nocase(std::string_view s, std::string_view word) {
    if (s.size() != word.size()) return false;
    for (size_t i = 0; i < s.size(); ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
        if (c != word[i]) return false;
    }
    return true;
}

}  // namespace

NumberKind read_float32(std::string_view s, bool decimal_comma, float* out) {
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    {  // inf, infinity, nan in any case: numbers, but not finite ones
        const std::string_view word = s.substr(i);
        for (std::string_view w : {"inf", "infinity", "nan"})
            if (same_word_nocase(word, w)) return NumberKind::NonFinite;
    }
    std::string text(s.substr(0, i));
    size_t digits = 0;
    bool point = false;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (is_ascii_digit(c)) {
            ++digits;
            text.push_back(c);
        } else if ((c == '.' || (decimal_comma && c == ',')) && !point) {
            point = true;
            text.push_back('.');
        } else {
            break;
        }
    }
    if (digits == 0) return NumberKind::NotNumber;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        text.push_back('e');
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-')) text.push_back(s[i++]);
        size_t exponent_digits = 0;
        for (; i < s.size() && is_ascii_digit(s[i]); ++i, ++exponent_digits) text.push_back(s[i]);
        if (exponent_digits == 0) return NumberKind::NotNumber;
    }
    if (i != s.size()) return NumberKind::NotNumber;
    // The program never calls setlocale, so strtof reads '.' as the decimal point.
    const float f = std::strtof(text.c_str(), nullptr);
    if (!std::isfinite(f)) return NumberKind::Overflow;
    *out = f;
    return NumberKind::Ok;
}

WholeKind read_whole(std::string_view text, int64_t* out) {
    const size_t digits_at = !text.empty() && text[0] == '-' ? 1 : 0;
    if (digits_at == text.size()) return WholeKind::NotWhole;
    for (size_t i = digits_at; i < text.size(); ++i)
        if (!is_ascii_digit(text[i])) return WholeKind::NotWhole;
    int64_t value = 0;
    const std::from_chars_result r = std::from_chars(text.data(), text.data() + text.size(), value);
    if (r.ec == std::errc::result_out_of_range) return WholeKind::OutOfRange;
    if (r.ec != std::errc() || r.ptr != text.data() + text.size()) return WholeKind::NotWhole;
    *out = value;
    return WholeKind::Ok;
}

}  // namespace attn
