// JSON parsing (recursive descent, depth-limited, strict RFC 8259) and compact writing. Every
// failure becomes a "line L, column C: ..." message; nothing here throws.
#include "core/document/json.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <unordered_set>

namespace attn {

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

JsonValue make(JsonType type, std::string text) {
    JsonValue v;
    v.type = type;
    v.text = std::move(text);
    return v;
}

// Decodes the UTF-8 sequence at s[i] into *cp and returns its length, or 0 when it is invalid
// (truncated, overlong, a surrogate, or past U+10FFFF).
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
        size_t line = 1, column = 1;
        for (size_t i = begin_; i < at && i < s_.size(); ++i) {
            if (s_[i] == '\n') ++line, column = 1;
            else if ((static_cast<unsigned char>(s_[i]) & 0xC0) != 0x80) ++column;  // count code points
        }
        error = "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message;
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
        if (c == 'N' || c == 'I')
            return fail(pos_, "JSON has no NaN or Infinity: write a finite number");
        return fail(pos_, "expected a value (object, array, string, number, true, false or null) but found " +
                              found(pos_));
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
        if (pos_ + 4 > s_.size()) return false;
        uint32_t r = 0;
        for (size_t k = 0; k < 4; ++k) {
            const char c = s_[pos_ + k];
            const int d = is_digit(c) ? c - '0' : (c >= 'a' && c <= 'f') ? c - 'a' + 10 : (c >= 'A' && c <= 'F') ? c - 'A' + 10 : -1;
            if (d < 0) return false;
            r = r * 16 + uint32_t(d);
        }
        pos_ += 4;
        *v = r;
        return true;
    }

    bool parse_escape(std::string* out) {
        const size_t esc = pos_++;  // at the backslash
        if (pos_ >= s_.size()) return fail(esc, "unterminated string: the input ends inside an escape");
        const char e = s_[pos_++];
        switch (e) {
            case '"': out->push_back('"'); return true;
            case '\\': out->push_back('\\'); return true;
            case '/': out->push_back('/'); return true;
            case 'b': out->push_back('\b'); return true;
            case 'f': out->push_back('\f'); return true;
            case 'n': out->push_back('\n'); return true;
            case 'r': out->push_back('\r'); return true;
            case 't': out->push_back('\t'); return true;
            case 'u': break;
            default:
                return fail(esc, "invalid escape: a backslash followed by " + found(pos_ - 1) +
                                     "; use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX");
        }
        uint32_t u = 0;
        if (!read_hex4(&u)) return fail(esc, "\\u must be followed by four hex digits, as in \\u00E9");
        if (u >= 0xDC00 && u <= 0xDFFF)
            return fail(esc, "\\u" + hex4(u) + " is a lone low surrogate: it must follow a high surrogate \\uD800-\\uDBFF");
        if (u >= 0xD800 && u <= 0xDBFF) {
            // Characters past U+FFFF come as a surrogate pair: \uD83D\uDE00 is U+1F600.
            uint32_t lo = 0;
            bool paired = false;
            if (at_char('\\') && pos_ + 1 < s_.size() && s_[pos_ + 1] == 'u') {
                pos_ += 2;
                paired = read_hex4(&lo) && lo >= 0xDC00 && lo <= 0xDFFF;
            }
            if (!paired)
                return fail(esc, "\\u" + hex4(u) + " is a lone high surrogate: follow it with a low surrogate \\uDC00-\\uDFFF");
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
JsonValue JsonValue::from_int(int64_t i) { return make(JsonType::Number, std::to_string(i)); }
JsonValue JsonValue::from_uint(uint64_t u) { return make(JsonType::Number, std::to_string(u)); }
JsonValue JsonValue::from_float(float f) {
    return std::isfinite(f) ? make(JsonType::Number, format_float(f)) : JsonValue();
}
JsonValue JsonValue::from_double(double d) {
    return std::isfinite(d) ? make(JsonType::Number, format_double(d)) : JsonValue();
}
JsonValue JsonValue::from_float_or_string(float f) {
    return std::isfinite(f) ? from_float(f) : from_string(format_float(f));
}
JsonValue JsonValue::from_string(std::string s) { return make(JsonType::String, std::move(s)); }
JsonValue JsonValue::array() { return make(JsonType::Array, ""); }
JsonValue JsonValue::object() { return make(JsonType::Object, ""); }

// strtod/strtof read the numeral directly, so there is no double rounding on the way to float.
double JsonValue::as_double() const { return is_number() ? std::strtod(text.c_str(), nullptr) : 0.0; }
float JsonValue::as_float() const { return is_number() ? std::strtof(text.c_str(), nullptr) : 0.0f; }

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

// ---- writing

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

void write_int(int64_t i, std::string* out) { out->append(std::to_string(i)); }
void write_uint(uint64_t u, std::string* out) { out->append(std::to_string(u)); }
void write_float(float f, std::string* out) { out->append(std::isfinite(f) ? format_float(f) : "null"); }
void write_double(double d, std::string* out) { out->append(std::isfinite(d) ? format_double(d) : "null"); }
void write_float_or_string(float f, std::string* out) {
    if (std::isfinite(f)) out->append(format_float(f));
    else write_json_string(format_float(f), out);
}

void write_json_string(std::string_view s, std::string* out) {
    out->push_back('"');
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            uint32_t cp = 0;
            const size_t n = decode_utf8(s, i, &cp);
            if (n == 0) out->append("\xEF\xBF\xBD");  // U+FFFD for a byte that is not UTF-8
            else out->append(s.data() + i, n);
            i += n == 0 ? 1 : n;
            continue;
        }
        switch (c) {
            case '"': out->append("\\\""); break;
            case '\\': out->append("\\\\"); break;
            case '\b': out->append("\\b"); break;
            case '\f': out->append("\\f"); break;
            case '\n': out->append("\\n"); break;
            case '\r': out->append("\\r"); break;
            case '\t': out->append("\\t"); break;
            default:
                if (c < 0x20) out->append("\\u" + hex4(c));
                else out->push_back(char(c));
        }
        ++i;
    }
    out->push_back('"');
}

void write_json(const JsonValue& value, std::string* out) {
    switch (value.type) {
        case JsonType::Null: out->append("null"); break;
        case JsonType::Bool: out->append(value.boolean ? "true" : "false"); break;
        case JsonType::Number: out->append(value.text.empty() ? "null" : value.text); break;
        case JsonType::String: write_json_string(value.text, out); break;
        case JsonType::Array:
            out->push_back('[');
            for (size_t i = 0; i < value.items.size(); ++i) {
                if (i) out->push_back(',');
                write_json(value.items[i], out);
            }
            out->push_back(']');
            break;
        case JsonType::Object:
            out->push_back('{');
            for (size_t i = 0; i < value.members.size(); ++i) {
                if (i) out->push_back(',');
                write_json_string(value.members[i].first, out);
                out->push_back(':');
                write_json(value.members[i].second, out);
            }
            out->push_back('}');
            break;
    }
}

std::string write_json(const JsonValue& value) {
    std::string out;
    write_json(value, &out);
    return out;
}

std::string json_quote_short(std::string_view s, size_t max_bytes) {
    if (s.size() <= max_bytes) {
        std::string out;
        write_json_string(s, &out);
        return out;
    }
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // whole characters
    std::string out;
    write_json_string(s.substr(0, cut), &out);
    out.insert(out.size() - 1, "...");
    return out;
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

}  // namespace attn
