// Reading a typed list of numbers the lenient way: separators of every kind, and a decimal comma
// told apart from a separating one by the count the caller expects.
#include "core/text/number_list.h"

#include <cctype>
#include <cstring>

#include "core/text/number_parse.h"

namespace attn {
namespace {

std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> parts;
    std::string cur;
    for (char ch : text) {
        if (ch == sep) {
            if (!cur.empty()) parts.push_back(cur);
            cur.clear();
        } else {
            cur.push_back(ch);
        }
    }
    if (!cur.empty()) parts.push_back(cur);
    return parts;
}

// A chunk like "0,5": one comma, no point, digits on both sides.
bool decimal_comma_chunk(const std::string& chunk) {
    const size_t comma = chunk.find(',');
    if (comma == std::string::npos || chunk.find(',', comma + 1) != std::string::npos) return false;
    if (chunk.find('.') != std::string::npos) return false;
    return comma > 0 && comma + 1 < chunk.size() && std::isdigit(static_cast<unsigned char>(chunk[comma - 1])) &&
           std::isdigit(static_cast<unsigned char>(chunk[comma + 1]));
}

struct Reading {
    std::vector<std::string> tokens;
    bool used_decimal_comma = false;
    std::string example;  // the first chunk read with a decimal comma, as typed
};

std::string trim_commas(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && s[a] == ',') ++a;
    while (b > a && s[b - 1] == ',') --b;
    return s.substr(a, b - a);
}

}  // namespace

ParsedNumbers parse_numbers(const std::string& raw, int expected_count) {
    ParsedNumbers out;
    // Brackets, "tensor", semicolons and the like separate numbers; the minus sign becomes '-'.
    // What a Chinese or Japanese keyboard types: full-width commas, the enumeration comma, semicolons,
    // spaces and brackets separate; full-width digits, point and minus are the ASCII ones.
    struct Wide {
        const char* utf8;
        char ascii;
    };
    static constexpr Wide kWide[] = {{"\xEF\xBC\x8C", ' '}, {"\xE3\x80\x81", ' '}, {"\xEF\xBC\x9B", ' '},
                                     {"\xE3\x80\x80", ' '}, {"\xEF\xBC\x88", ' '}, {"\xEF\xBC\x89", ' '},
                                     {"\xEF\xBC\xBB", ' '}, {"\xEF\xBC\xBD", ' '}, {"\xEF\xBC\x8E", '.'},
                                     {"\xEF\xBC\x8D", '-'}, {"\xE2\x88\x92", '-'}};
    std::string text;
    for (size_t i = 0; i < raw.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(raw[i]);
        const Wide* wide = nullptr;
        for (const Wide& w : kWide)
            if (raw.compare(i, 3, w.utf8) == 0) wide = &w;
        if (wide) {
            text.push_back(wide->ascii);
            i += 2;
        } else if (c == 0xEF && i + 2 < raw.size() && raw[i + 1] == '\xBC' &&
                   static_cast<unsigned char>(raw[i + 2]) >= 0x90 && static_cast<unsigned char>(raw[i + 2]) <= 0x99) {
            text.push_back(char('0' + (static_cast<unsigned char>(raw[i + 2]) - 0x90)));  // full-width 0..9
            i += 2;
        } else if (std::strchr("[](){};|\t\r\n", c) && c != 0) {
            text.push_back(' ');
        } else {
            text.push_back(char(c));
        }
    }
    for (size_t at = text.find("tensor"); at != std::string::npos; at = text.find("tensor")) text.replace(at, 6, " ");
    const std::vector<std::string> chunks = split(text, ' ');
    if (chunks.empty()) {
        out.problem = ParsedNumbers::Problem::Empty;
        return out;
    }
    Reading plain, decimal;
    for (const std::string& chunk : chunks) {
        for (const std::string& part : split(chunk, ',')) plain.tokens.push_back(part);
        const std::string c = trim_commas(chunk);
        if (decimal_comma_chunk(c)) {
            std::string fixed = c;
            fixed[fixed.find(',')] = '.';
            decimal.tokens.push_back(fixed);
            if (!decimal.used_decimal_comma) decimal.example = c;
            decimal.used_decimal_comma = true;
        } else {
            for (const std::string& part : split(c, ',')) decimal.tokens.push_back(part);
        }
    }
    const int expected = expected_count;
    const Reading* chosen = &plain;
    if (int(plain.tokens.size()) != expected && decimal.used_decimal_comma && int(decimal.tokens.size()) == expected) {
        chosen = &decimal;
        out.comma = ParsedNumbers::Comma::ReadAsDecimal;
        out.comma_example = decimal.example;
    }
    for (size_t i = 0; i < chosen->tokens.size(); ++i) {
        float value = 0;
        if (read_float32(chosen->tokens[i], false, &value) != NumberKind::Ok) {
            out.values.clear();
            out.problem = ParsedNumbers::Problem::NotANumber;
            out.bad = chosen->tokens[i];
            out.bad_entry = int(i);
            return out;
        }
        out.values.push_back(value);
    }
    if (int(out.values.size()) != expected) {
        out.problem = ParsedNumbers::Problem::WrongCount;
        out.comma_hint =
            !decimal.used_decimal_comma && text.find(',') != std::string::npos && int(plain.tokens.size()) > expected;
        return out;
    }
    if (chosen == &plain && decimal.used_decimal_comma) {
        out.comma = ParsedNumbers::Comma::ReadAsTwo;
        out.comma_example = decimal.example;
    }
    out.ok = true;
    return out;
}

std::string divisor_list(long long n) {
    std::string out;
    for (long long g = 1; g <= n; ++g)
        if (n % g == 0) out += (out.empty() ? "" : ", ") + std::to_string(g);
    return out;
}

}  // namespace attn
