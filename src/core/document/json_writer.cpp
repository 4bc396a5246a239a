// Compact JSON straight into one string: no tree, no spaces. Strings are escaped as RFC 8259 asks
// (quote, backslash, control characters), and text that is not UTF-8 becomes U+FFFD, so what
// comes out is always valid JSON.
#include "core/document/json_writer.h"

#include <cmath>
#include <cstdio>

#include "core/text/float_format.h"
#include "core/text/utf8.h"

namespace attn {
void write_int(int64_t i, std::string* out) {
    out->append(std::to_string(i));
}
void write_uint(uint64_t u, std::string* out) {
    out->append(std::to_string(u));
}
void write_float(float f, std::string* out) {
    out->append(std::isfinite(f) ? format_float(f) : "null");
}
void write_double(double d, std::string* out) {
    out->append(std::isfinite(d) ? format_double(d) : "null");
}
void write_float_or_string(float f, std::string* out) {
    if (std::isfinite(f))
        out->append(format_float(f));
    else
        write_json_string(format_float(f), out);
}

void write_json_string(std::string_view s, std::string* out) {
    out->push_back('"');
    for (size_t i = 0; i < s.size();) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if (c >= 0x80) {
            uint32_t cp = 0;
            const size_t n = decode_utf8(s, i, &cp);
            if (n == 0)
                out->append("\xEF\xBF\xBD");     // U+FFFD for a byte that is not UTF-8
            else if (is_control_code_point(cp))  // C1 and bidi controls: escaped, like C0
                out->append("\\u" + hex4(cp));
            else
                out->append(s.data() + i, n);
            i += n == 0 ? 1 : n;
            continue;
        }
        switch (c) {
            case '"':
                out->append("\\\"");
                break;
            case '\\':
                out->append("\\\\");
                break;
            case '\b':
                out->append("\\b");
                break;
            case '\f':
                out->append("\\f");
                break;
            case '\n':
                out->append("\\n");
                break;
            case '\r':
                out->append("\\r");
                break;
            case '\t':
                out->append("\\t");
                break;
            default:
                if (c < 0x20)
                    out->append("\\u" + hex4(c));
                else
                    out->push_back(char(c));
        }
        ++i;
    }
    out->push_back('"');
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

// ---- JsonWriter

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!open_.empty()) {
        if (open_.back()) out_->push_back(',');
        open_.back() = true;
    }
}

JsonWriter& JsonWriter::begin_object() {
    separate();
    out_->push_back('{');
    open_.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    out_->push_back('}');
    open_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    separate();
    out_->push_back('[');
    open_.push_back(false);
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    out_->push_back(']');
    open_.pop_back();
    return *this;
}

JsonWriter& JsonWriter::key(std::string_view name) {
    separate();
    write_json_string(name, out_);
    out_->push_back(':');
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::string(std::string_view s) {
    separate();
    write_json_string(s, out_);
    return *this;
}

JsonWriter& JsonWriter::integer(int64_t i) {
    separate();
    write_int(i, out_);
    return *this;
}

JsonWriter& JsonWriter::uinteger(uint64_t u) {
    separate();
    write_uint(u, out_);
    return *this;
}

JsonWriter& JsonWriter::number(float f) {
    separate();
    write_float(f, out_);
    return *this;
}

JsonWriter& JsonWriter::number(double d) {
    separate();
    write_double(d, out_);
    return *this;
}

JsonWriter& JsonWriter::number_or_string(float f) {
    separate();
    write_float_or_string(f, out_);
    return *this;
}

JsonWriter& JsonWriter::numeral(std::string_view text) {
    separate();
    out_->append(text);
    return *this;
}

JsonWriter& JsonWriter::boolean(bool b) {
    separate();
    out_->append(b ? "true" : "false");
    return *this;
}

JsonWriter& JsonWriter::null() {
    separate();
    out_->append("null");
    return *this;
}

JsonWriter& JsonWriter::floats(const float* v, size_t n, bool non_finite_as_strings) {
    begin_array();
    for (size_t i = 0; i < n; ++i) non_finite_as_strings ? number_or_string(v[i]) : number(v[i]);
    return end_array();
}

JsonWriter& JsonWriter::matrix(const Matrix& m, bool non_finite_as_strings) {
    begin_array();
    for (int r = 0; r < m.rows; ++r) floats(m.row(r), size_t(m.cols), non_finite_as_strings);
    return end_array();
}

JsonWriter& JsonWriter::strings(const std::vector<std::string>& list) {
    begin_array();
    for (const std::string& s : list) string(s);
    return end_array();
}

}  // namespace attn
