// UTF-8 by the rules of RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF.
#include "core/text/utf8.h"

#include <cstdio>

namespace attn {

size_t decode_utf8(std::string_view s, size_t i, uint32_t* cp) {
    const unsigned char b0 = static_cast<unsigned char>(s[i]);
    if (b0 < 0x80) {
        *cp = b0;
        return 1;
    }
    size_t len = 0;
    uint32_t min = 0, c = 0;
    if ((b0 & 0xE0) == 0xC0) {  // 110xxxxx: 2 bytes, U+0080..U+07FF
        len = 2, min = 0x80, c = b0 & 0x1Fu;
    } else if ((b0 & 0xF0) == 0xE0) {  // 1110xxxx: 3 bytes, U+0800..U+FFFF
        len = 3, min = 0x800, c = b0 & 0x0Fu;
    } else if ((b0 & 0xF8) == 0xF0) {  // 11110xxx: 4 bytes, U+10000..U+10FFFF
        len = 4, min = 0x10000, c = b0 & 0x07u;
    } else {
        return 0;  // a continuation byte or 0xF8..0xFF cannot start a character
    }
    if (i + len > s.size()) return 0;
    for (size_t k = 1; k < len; ++k) {
        const unsigned char b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80) return 0;
        c = (c << 6) | (b & 0x3Fu);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *cp = c;
    return len;
}

void append_utf8(uint32_t cp, std::string* out) {
    if (cp < 0x80) {
        out->push_back(char(cp));
    } else if (cp < 0x800) {
        out->push_back(char(0xC0 | (cp >> 6)));
        out->push_back(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out->push_back(char(0xE0 | (cp >> 12)));
        out->push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(char(0x80 | (cp & 0x3F)));
    } else {
        out->push_back(char(0xF0 | (cp >> 18)));
        out->push_back(char(0x80 | ((cp >> 12) & 0x3F)));
        out->push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out->push_back(char(0x80 | (cp & 0x3F)));
    }
}

std::string hex4(uint32_t v) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%04X", unsigned(v & 0xFFFF));
    return buf;
}

size_t utf8_error_offset(std::string_view s) {
    uint32_t cp = 0;
    for (size_t i = 0; i < s.size();) {
        const size_t n = decode_utf8(s, i, &cp);
        if (n == 0) return i;
        i += n;
    }
    return s.size();
}

bool is_control_code_point(uint32_t cp) {
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) ||
           (cp >= 0x2066 && cp <= 0x2069);
}

size_t control_character_offset(std::string_view text) {
    uint32_t cp = 0;
    for (size_t i = 0; i < text.size();) {
        const size_t n = decode_utf8(text, i, &cp);
        if (n == 0) return text.size();  // not valid UTF-8: the UTF-8 check speaks for it
        if (is_control_code_point(cp)) return i;
        i += n;
    }
    return text.size();
}

std::string escape_controls(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    uint32_t cp = 0;
    for (size_t i = 0; i < text.size();) {
        const size_t n = decode_utf8(text, i, &cp);
        if (n == 0) {
            static const char kHex[] = "0123456789ABCDEF";
            const unsigned char b = static_cast<unsigned char>(text[i]);
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 15];
            ++i;
        } else if (is_control_code_point(cp)) {
            out += "\\u" + hex4(cp);
            i += n;
        } else {
            out.append(text.data() + i, n);
            i += n;
        }
    }
    return out;
}

std::string truncate_utf8(std::string_view s, size_t max_bytes) {
    if (s.size() <= max_bytes) return std::string(s);
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // s[cut] starts a character
    return std::string(s.substr(0, cut));
}

std::string sanitize_utf8(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    while (!s.empty()) {
        const size_t bad = utf8_error_offset(s);
        for (char c : s.substr(0, bad))
            if (c != '\0') out.push_back(c);
        if (bad == s.size()) break;
        out += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
        s.remove_prefix(bad + 1);
    }
    return out;
}

}  // namespace attn
