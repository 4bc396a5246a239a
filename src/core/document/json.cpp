// JSON parsing (recursive descent, depth-limited, strict RFC 8259) and compact writing. Every
// failure becomes a "line L, column C: ..." message; nothing here throws.
#include "core/document/json.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

#include "core/text/float_format.h"
#include "core/text/utf8.h"

namespace attn {

namespace {

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

JsonValue make(JsonType type, std::string text) {
    JsonValue v;
    v.type = type;
    v.text = std::move(text);
    return v;
}

// The four hex digits of a \u escape at s[at]: false when they are not there.
bool hex4_at(std::string_view s, size_t at, uint32_t* v) {
    if (at + 4 > s.size()) return false;
    uint32_t r = 0;
    for (size_t k = 0; k < 4; ++k) {
        const char c = s[at + k];
        const int d = is_digit(c)              ? c - '0'
                      : (c >= 'a' && c <= 'f') ? c - 'a' + 10
                      : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                               : -1;
        if (d < 0) return false;
        r = r * 16 + uint32_t(d);
    }
    *v = r;
    return true;
}

class Parser {
public:
    explicit Parser(std::string_view text) : s_(text) {
        if (s_.substr(0, 3) == "\xEF\xBB\xBF") begin_ = pos_ = 3;  // a byte order mark: ignored
    }

    bool parse_document(JsonValue* out) {
        if (!parse_value(out)) return false;
        skip_ws();
        if (pos_ < s_.size())
            return fail(pos_, "unexpected " + found(pos_) + " after the JSON value: a document holds one value");
        return true;
    }
    std::string error;

private:
    std::string_view s_;
    size_t begin_ = 0, pos_ = 0;
    int depth_ = 0;

    bool fail(size_t at, const std::string& message) {
        error = json_line_column(s_, std::max(at, begin_)) + ": " + message;
        return false;
    }
    // What sits at s_[at], for messages: 'x', U+000A, byte 0xFF or the end of the input.
    std::string found(size_t at) const {
        if (at >= s_.size()) return "the end of the input";
        const unsigned char c = static_cast<unsigned char>(s_[at]);
        if (c > 0x20 && c < 0x7F) return std::string("'") + char(c) + "'";
        uint32_t cp = 0;
        const size_t n = decode_utf8(s_, at, &cp);
        if (n == 0) return "byte 0x" + hex4(c).substr(2);
        if (n == 1) return "U+" + hex4(cp);
        return "'" + std::string(s_.substr(at, n)) + "'";
    }
    bool at_char(char c) const { return pos_ < s_.size() && s_[pos_] == c; }
    void skip_ws() {
        while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r'))
            ++pos_;
    }

    bool parse_value(JsonValue* out) {
        skip_ws();
        out->offset = pos_;
        if (pos_ >= s_.size()) return fail(pos_, "unexpected end of input: expected a value");
        const char c = s_[pos_];
        if (c == '{') return parse_object(out);
        if (c == '[') return parse_array(out);
        if (c == '"') {
            out->type = JsonType::String;
            return parse_string(&out->text);
        }
        if (c == '-' || is_digit(c)) return parse_number(out);
        if (c == 't') return parse_literal("true", JsonType::Bool, true, out);
        if (c == 'f') return parse_literal("false", JsonType::Bool, false, out);
        if (c == 'n') return parse_literal("null", JsonType::Null, false, out);
        if (c == 'N' || c == 'I') return fail(pos_, "JSON has no NaN or Infinity: write a finite number");
        return fail(pos_,
                    "expected a value (object, array, string, number, true, false or null) but found " + found(pos_));
    }

    bool parse_literal(std::string_view word, JsonType type, bool b, JsonValue* out) {
        if (s_.substr(pos_, word.size()) != word)
            return fail(pos_, "expected " + std::string(word) + " (JSON literals are lowercase and unquoted)");
        pos_ += word.size();
        out->type = type;
        out->boolean = b;
        return true;
    }

    bool enter(size_t at) {
        if (++depth_ > kMaxJsonDepth)
            return fail(at, "arrays and objects nest deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        return true;
    }

    bool parse_array(JsonValue* out) {
        if (!enter(pos_)) return false;
        out->type = JsonType::Array;
        ++pos_;
        skip_ws();
        if (at_char(']')) {
            ++pos_, --depth_;
            return true;
        }
        for (;;) {
            JsonValue item;
            if (!parse_value(&item)) return false;
            out->items.push_back(std::move(item));
            skip_ws();
            if (at_char(',')) {
                ++pos_;
                continue;
            }
            if (at_char(']')) break;
            return fail(pos_, "expected ',' or ']' after an array element but found " + found(pos_));
        }
        ++pos_, --depth_;
        return true;
    }

    bool parse_object(JsonValue* out) {
        if (!enter(pos_)) return false;
        out->type = JsonType::Object;
        ++pos_;
        skip_ws();
        if (at_char('}')) {
            ++pos_, --depth_;
            return true;
        }
        std::unordered_set<std::string> seen;  // filled only for big objects, where a scan is slow
        for (;;) {
            skip_ws();
            if (!at_char('"')) return fail(pos_, "expected a key in double quotes but found " + found(pos_));
            const size_t key_at = pos_;
            std::string key;
            if (!parse_string(&key)) return false;
            bool duplicate = false;
            if (out->members.size() < 16) {
                for (const auto& m : out->members) duplicate = duplicate || m.first == key;
            } else {
                if (seen.empty())
                    for (const auto& m : out->members) seen.insert(m.first);
                duplicate = !seen.insert(key).second;
            }
            if (duplicate)
                return fail(key_at, "duplicate key " + json_quote_short(key) + ": each key may appear once per object");
            skip_ws();
            if (!at_char(':'))
                return fail(pos_, "expected ':' after the key " + json_quote_short(key) + " but found " + found(pos_));
            ++pos_;
            JsonValue value;
            if (!parse_value(&value)) return false;
            out->members.emplace_back(std::move(key), std::move(value));
            skip_ws();
            if (at_char(',')) {
                ++pos_;
                continue;
            }
            if (at_char('}')) break;
            return fail(pos_, "expected ',' or '}' after an object member but found " + found(pos_));
        }
        ++pos_, --depth_;
        return true;
    }

    bool read_hex4(uint32_t* v) {
        if (!hex4_at(s_, pos_, v)) return false;
        pos_ += 4;
        return true;
    }

    bool parse_escape(std::string* out) {
        const size_t esc = pos_++;  // at the backslash
        if (pos_ >= s_.size()) return fail(esc, "unterminated string: the input ends inside an escape");
        const char e = s_[pos_++];
        switch (e) {
            case '"':
                out->push_back('"');
                return true;
            case '\\':
                out->push_back('\\');
                return true;
            case '/':
                out->push_back('/');
                return true;
            case 'b':
                out->push_back('\b');
                return true;
            case 'f':
                out->push_back('\f');
                return true;
            case 'n':
                out->push_back('\n');
                return true;
            case 'r':
                out->push_back('\r');
                return true;
            case 't':
                out->push_back('\t');
                return true;
            case 'u':
                break;
            default:
                return fail(esc, "invalid escape: a backslash followed by " + found(pos_ - 1) +
                                     "; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX");
        }
        uint32_t u = 0;
        if (!read_hex4(&u)) return fail(esc, "\\u must be followed by four hex digits, as in \\u00E9");
        if (u >= 0xDC00 && u <= 0xDFFF)
            return fail(esc,
                        "\\u" + hex4(u) + " is a lone low surrogate: it must follow a high surrogate \\uD800-\\uDBFF");
        if (u >= 0xD800 && u <= 0xDBFF) {
            // Characters past U+FFFF come as a surrogate pair: \uD83D\uDE00 is U+1F600.
            uint32_t lo = 0;
            bool paired = false;
            if (at_char('\\') && pos_ + 1 < s_.size() && s_[pos_ + 1] == 'u') {
                pos_ += 2;
                paired = read_hex4(&lo) && lo >= 0xDC00 && lo <= 0xDFFF;
            }
            if (!paired)
                return fail(
                    esc, "\\u" + hex4(u) + " is a lone high surrogate: follow it with a low surrogate \\uDC00-\\uDFFF");
            u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
        }
        append_utf8(u, out);
        return true;
    }

    bool parse_string(std::string* out) {
        const size_t open = pos_++;
        for (;;) {
            if (pos_ >= s_.size()) return fail(open, "unterminated string: add the closing \"");
            const unsigned char c = static_cast<unsigned char>(s_[pos_]);
            if (c == '"') {
                ++pos_;
                return true;
            }
            if (c == '\\') {
                if (!parse_escape(out)) return false;
                continue;
            }
            if (c < 0x20)
                return fail(pos_, "control character U+" + hex4(c) + " inside a string: write it as \\u" + hex4(c));
            uint32_t cp = 0;
            const size_t n = decode_utf8(s_, pos_, &cp);
            if (n == 0) return fail(pos_, "invalid UTF-8 (" + found(pos_) + ") in a string: save the text as UTF-8");
            out->append(s_.data() + pos_, n);
            pos_ += n;
        }
    }

    bool parse_number(JsonValue* out) {
        const size_t start = pos_;
        if (at_char('-')) ++pos_;
        if (pos_ >= s_.size() || !is_digit(s_[pos_]))
            return fail(pos_, "expected a digit after '-' but found " + found(pos_));
        if (s_[pos_] == '0') {
            ++pos_;
            if (pos_ < s_.size() && is_digit(s_[pos_]))
                return fail(start, "numbers may not have leading zeros: write 7, not 07");
        } else {
            while (pos_ < s_.size() && is_digit(s_[pos_])) ++pos_;
        }
        if (at_char('.')) {
            ++pos_;
            if (pos_ >= s_.size() || !is_digit(s_[pos_]))
                return fail(pos_, "expected a digit after the decimal point but found " + found(pos_));
            while (pos_ < s_.size() && is_digit(s_[pos_])) ++pos_;
        }
        if (at_char('e') || at_char('E')) {
            ++pos_;
            if (at_char('+') || at_char('-')) ++pos_;
            if (pos_ >= s_.size() || !is_digit(s_[pos_]))
                return fail(pos_, "expected a digit in the exponent but found " + found(pos_));
            while (pos_ < s_.size() && is_digit(s_[pos_])) ++pos_;
        }
        out->type = JsonType::Number;
        out->text = std::string(s_.substr(start, pos_ - start));
        return true;
    }
};

}  // namespace

std::string json_line_column(std::string_view text, size_t offset) {
    size_t line = 1, column = 1;
    const size_t start = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;  // a byte order mark is not a column
    for (size_t i = start; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n')
            ++line, column = 1;
        else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++column;  // count code points
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

size_t json_string_source_offset(std::string_view text, size_t string_offset, size_t decoded) {
    size_t i = string_offset + 1, produced = 0;  // past the opening quote
    while (i < text.size() && text[i] != '"' && produced < decoded) {
        if (text[i] != '\\') {  // a byte as it is, UTF-8 included
            ++i, ++produced;
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] != 'u') {  // \n, \" ...: one byte
            i += 2, produced += 1;
            continue;
        }
        uint32_t cp = 0;
        hex4_at(text, i + 2, &cp);                       // a parsed string has them
        const bool pair = cp >= 0xD800 && cp <= 0xDBFF;  // a parsed string pairs it with \uDC00..
        i += pair ? 12 : 6;
        produced += pair ? 4 : cp < 0x80 ? 1 : cp < 0x800 ? 2 : 3;
    }
    return std::min(i, text.size());
}

JsonParseResult parse_json(std::string_view text) {
    JsonParseResult r;
    Parser parser(text);
    r.ok = parser.parse_document(&r.value);
    if (!r.ok) {
        r.value = JsonValue();
        r.error = parser.error;
    }
    return r;
}

// ---- values

JsonValue JsonValue::from_bool(bool b) {
    JsonValue v = make(JsonType::Bool, "");
    v.boolean = b;
    return v;
}
JsonValue JsonValue::from_int(int64_t i) {
    return make(JsonType::Number, std::to_string(i));
}
JsonValue JsonValue::from_uint(uint64_t u) {
    return make(JsonType::Number, std::to_string(u));
}
JsonValue JsonValue::from_float(float f) {
    return std::isfinite(f) ? make(JsonType::Number, format_float(f)) : JsonValue();
}
JsonValue JsonValue::from_double(double d) {
    return std::isfinite(d) ? make(JsonType::Number, format_double(d)) : JsonValue();
}
JsonValue JsonValue::from_float_or_string(float f) {
    return std::isfinite(f) ? from_float(f) : from_string(format_float(f));
}
JsonValue JsonValue::from_string(std::string s) {
    return make(JsonType::String, std::move(s));
}
JsonValue JsonValue::array() {
    return make(JsonType::Array, "");
}
JsonValue JsonValue::object() {
    return make(JsonType::Object, "");
}

// strtod/strtof read the numeral directly, so there is no double rounding on the way to float.
double JsonValue::as_double() const {
    return is_number() ? std::strtod(text.c_str(), nullptr) : 0.0;
}
float JsonValue::as_float() const {
    return is_number() ? std::strtof(text.c_str(), nullptr) : 0.0f;
}

bool JsonValue::as_int64(int64_t* out) const {
    if (!is_number()) return false;
    // Read the numeral exactly (a double would round 2^53 + 1): digits d1 d2 ... with the decimal
    // point after `point` of them once the exponent is applied.
    std::string_view t = text;
    const bool negative = !t.empty() && t[0] == '-';
    if (negative) t.remove_prefix(1);
    std::string digits;
    size_t i = 0;
    while (i < t.size() && is_digit(t[i])) digits.push_back(t[i++]);
    long long point = static_cast<long long>(digits.size());
    if (i < t.size() && t[i] == '.')
        for (++i; i < t.size() && is_digit(t[i]); ++i) digits.push_back(t[i]);
    if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        const bool exp_negative = i < t.size() && t[i] == '-';
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        long long exp = 0;
        for (; i < t.size() && is_digit(t[i]); ++i)
            if (exp < 1000000) exp = exp * 10 + (t[i] - '0');  // beyond this it is out of range anyway
        point += exp_negative ? -exp : exp;
    }
    uint64_t magnitude = 0;
    for (size_t k = 0; k < digits.size(); ++k) {
        const uint64_t d = uint64_t(digits[k] - '0');
        if (static_cast<long long>(k) >= point) {
            if (d != 0) return false;  // a non-zero digit after the point: not a whole number
            continue;
        }
        if (magnitude > (UINT64_MAX - d) / 10) return false;
        magnitude = magnitude * 10 + d;
    }
    for (long long k = static_cast<long long>(digits.size()); k < point && magnitude != 0; ++k) {
        if (magnitude > UINT64_MAX / 10) return false;
        magnitude *= 10;  // 2e3: the exponent appends zeros
    }
    const uint64_t limit = negative ? uint64_t(INT64_MAX) + 1 : uint64_t(INT64_MAX);
    if (magnitude > limit) return false;
    *out = negative ? (magnitude == limit ? INT64_MIN : -int64_t(magnitude)) : int64_t(magnitude);
    return true;
}

const JsonValue* JsonValue::find(std::string_view key) const {
    for (const auto& m : members)
        if (m.first == key) return &m.second;
    return nullptr;
}

namespace {
void write_value(const JsonValue& value, JsonWriter* w) {
    switch (value.type) {
        case JsonType::Null:
            w->null();
            break;
        case JsonType::Bool:
            w->boolean(value.boolean);
            break;
        case JsonType::Number:
            value.text.empty() ? w->null() : w->numeral(value.text);
            break;
        case JsonType::String:
            w->string(value.text);
            break;
        case JsonType::Array:
            w->begin_array();
            for (const JsonValue& item : value.items) write_value(item, w);
            w->end_array();
            break;
        case JsonType::Object:
            w->begin_object();
            for (const auto& member : value.members) write_value(member.second, &w->key(member.first));
            w->end_object();
            break;
    }
}
}  // namespace

void write_json(const JsonValue& value, std::string* out) {
    JsonWriter w(out);
    write_value(value, &w);
}

std::string write_json(const JsonValue& value) {
    std::string out;
    write_json(value, &out);
    return out;
}

}  // namespace attn
