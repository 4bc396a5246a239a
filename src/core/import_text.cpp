// Reading pasted embeddings: format detection, the `tokens:` line, rows of values (CSV, TSV, `;`,
// spaces), nested lists and PyTorch literals (one bracket scanner for both) and JSON objects.
// Every path collects rows through RowSink, which owns the shape and limit rules and their messages.
#include "core/import_text.h"

#include <cmath>
#include <cstdlib>

#include "core/import_text_detail.h"
#include "core/json.h"

namespace attn {

using namespace import_detail;

namespace import_detail {

bool is_space(char c) { return c == ' ' || c == '\t'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

bool starts_with_nocase(std::string_view s, std::string_view prefix) {
    if (s.size() < prefix.size()) return false;
    for (size_t i = 0; i < prefix.size(); ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
        if (c != prefix[i]) return false;
    }
    return true;
}

NumberKind read_number(std::string_view s, bool decimal_comma, float* out) {
    size_t i = 0;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    {  // inf, infinity, nan in any case: numbers, but not finite ones
        const std::string_view word = s.substr(i);
        for (std::string_view w : {"inf", "infinity", "nan"})
            if (word.size() == w.size() && starts_with_nocase(word, w)) return NumberKind::NonFinite;
    }
    std::string text(s.substr(0, i));
    size_t digits = 0;
    bool point = false;
    for (; i < s.size(); ++i) {
        const char c = s[i];
        if (is_digit(c)) {
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
        for (; i < s.size() && is_digit(s[i]); ++i, ++exponent_digits) text.push_back(s[i]);
        if (exponent_digits == 0) return NumberKind::NotNumber;
    }
    if (i != s.size()) return NumberKind::NotNumber;
    // The program never calls setlocale, so strtof reads '.' as the decimal point.
    const float f = std::strtof(text.c_str(), nullptr);
    if (!std::isfinite(f)) return NumberKind::Overflow;
    *out = f;
    return NumberKind::Ok;
}

std::string quote(std::string_view s) { return json_quote_short(s, 40); }

std::string shown(std::string_view s) {
    if (s.size() <= 40) return std::string(s);
    return truncate_utf8(s, 40) + "...";
}

std::string value_problem(std::string_view text, NumberKind kind) {
    switch (kind) {
        case NumberKind::NonFinite: return shown(text) + " is not a finite number: every embedding value must be finite";
        case NumberKind::Overflow: return shown(text) + " is too large for float32 (max 3.4e38): use a smaller value";
        default: return quote(text) + " is not a number: write plain numbers such as 0.43 or -1.5e-3";
    }
}

// "row 3" or "row 3 (line 5)" when the text's line differs from the row number.
std::string row_name(int row, int line) {
    std::string s = "row " + std::to_string(row + 1);
    if (line > 0 && line != row + 1) s += " (line " + std::to_string(line) + ")";
    return s;
}

bool RowSink::begin_row(int line) {
    if (rows_ == kMaxTokens) {
        error = "there are more than " + std::to_string(kMaxTokens) + " rows (" + row_name(rows_, line) +
                " is one too many) but the limit is " + std::to_string(kMaxTokens) +
                " (kMaxTokens): use fewer tokens";
        return false;
    }
    line_ = line;
    in_row_ = 0;
    return true;
}

bool RowSink::value(float x) {
    if (in_row_ == kMaxDims) {
        error = row_name(rows_, line_) + " has more than " + std::to_string(kMaxDims) +
                " values but the limit is " + std::to_string(kMaxDims) + " (kMaxDims): use shorter embeddings";
        return false;
    }
    values_.push_back(x);
    ++in_row_;
    return true;
}

bool RowSink::end_row() {
    if (in_row_ == 0) {
        error = row_name(rows_, line_) + " is empty: every embedding needs at least one number";
        return false;
    }
    if (rows_ == 0) cols_ = in_row_;
    if (in_row_ != cols_) {
        error = row_name(rows_, line_) + " has " + std::to_string(in_row_) + (in_row_ == 1 ? " value" : " values") +
                " but row 1 has " + std::to_string(cols_) + ": every embedding needs the same length";
        return false;
    }
    lines_.push_back(line_);
    ++rows_;
    return true;
}

void RowSink::label(std::string text) {
    labels_.resize(size_t(rows_) + 1);
    labelled_.resize(size_t(rows_) + 1, false);
    labels_[size_t(rows_)] = std::move(text);
    labelled_[size_t(rows_)] = true;
}

void RowSink::label_last(std::string text) {
    if (rows_ == 0) return;
    labels_.resize(size_t(rows_));
    labelled_.resize(size_t(rows_), false);
    if (labelled_[size_t(rows_ - 1)]) return;
    labels_[size_t(rows_ - 1)] = std::move(text);
    labelled_[size_t(rows_ - 1)] = true;
}

bool RowSink::finish(const char* label_kind, ImportResult* out) {
    if (rows_ == 0) {
        error = std::string("there are no rows: ") + kFormatsHint;
        return false;
    }
    labels_.resize(size_t(rows_));
    labelled_.resize(size_t(rows_), false);
    int first = -1, missing = -1;
    for (int r = 0; r < rows_; ++r) {
        if (labelled_[size_t(r)] && first < 0) first = r;
        if (!labelled_[size_t(r)] && missing < 0) missing = r;
    }
    if (first >= 0 && missing >= 0) {
        error = row_name(first, lines_[size_t(first)]) + " has " + label_kind + " but " +
                row_name(missing, lines_[size_t(missing)]) + " has none: label every row or none";
        return false;
    }
    out->inputs = Matrix(rows_, cols_);
    out->inputs.data = std::move(values_);
    if (first >= 0) out->tokens = std::move(labels_);
    return true;
}

int RowSink::line_of(int row) const { return row < int(lines_.size()) ? lines_[size_t(row)] : 0; }

// A label written in double quotes at text[*pos]: a JSON string. Moves *pos past it.
bool read_quoted(std::string_view text, size_t* pos, std::string* out, std::string* error) {
    size_t end = *pos + 1;
    while (end < text.size() && text[end] != '"' && text[end] != '\n' && text[end] != '\r')
        end += text[end] == '\\' && end + 1 < text.size() ? 2 : 1;
    if (end >= text.size() || text[end] != '"') {
        *error = "a quoted label has no closing \" on its line: end it with \"";
        return false;
    }
    const JsonParseResult r = parse_json(text.substr(*pos, end + 1 - *pos));
    if (!r.ok || !r.value.is_string()) {
        *error = "the quoted label " + quote(text.substr(*pos, end + 1 - *pos)) +
                 " is not a valid JSON string (" + r.error + "): escape \" and \\ with a backslash";
        return false;
    }
    *out = r.value.text;
    *pos = end + 1;
    return true;
}

// Where the first tensor( or array( call starts, outside comment lines and quoted labels, or npos.
size_t find_literal_call(std::string_view s) {
    bool line_start = true, comment = false;
    for (size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == '\n' || c == '\r') {
            line_start = true, comment = false;
            continue;
        }
        if (comment || is_space(c)) continue;
        if (line_start && c == '#') {
            comment = true;
            continue;
        }
        line_start = false;
        if (c == '"') {
            while (++i < s.size() && s[i] != '"' && s[i] != '\n')
                if (s[i] == '\\') ++i;
        } else if (s.substr(i, 7) == "tensor(" || s.substr(i, 6) == "array(") {
            return i;
        }
    }
    return std::string_view::npos;
}

}  // namespace import_detail

namespace {

// Where s first has a comment line or a non-blank character, for format detection.
char first_significant(std::string_view s) {
    size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == '#') {
            while (i < s.size() && s[i] != '\n' && s[i] != '\r') ++i;
        } else if (is_space(c) || c == '\n' || c == '\r') {
            ++i;
        } else {
            return c;
        }
    }
    return 0;
}

std::string line_and_byte(std::string_view text, size_t offset) {
    int line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i < offset; ++i)
        if (text[i] == '\n') ++line, line_start = i + 1;
    return "line " + std::to_string(line) + ", byte " + std::to_string(offset - line_start + 1);
}

// The JSON object form: {"inputs": [[...]], "tokens": [...]}, other keys ignored.
bool import_json_object(std::string_view text, ImportResult* out) {
    const JsonParseResult doc = parse_json(text);
    if (!doc.ok) {
        out->error = "the text starts with { but is not valid JSON: " + doc.error;
        return false;
    }
    if (!doc.value.is_object()) {
        out->error = "the text is not a JSON object: give {\"tokens\": [...], \"inputs\": [[...]]}";
        return false;
    }
    const JsonValue* inputs = doc.value.find("inputs");
    if (!inputs || !inputs->is_array()) {
        out->error = std::string("the JSON object has no \"inputs\" list: give one list of numbers per token, as in ") +
                     "{\"tokens\": [\"Your\", \"journey\"], \"inputs\": [[0.43, 0.15], [0.55, 0.87]]}";
        return false;
    }
    RowSink sink;
    for (size_t r = 0; r < inputs->items.size(); ++r) {
        const JsonValue& row = inputs->items[r];
        if (!sink.begin_row(0)) break;
        if (!row.is_array()) {
            sink.error = row_name(int(r), 0) + " of \"inputs\" is not a list: write each embedding as [0.43, 0.15]";
            break;
        }
        bool ok = true;
        for (size_t c = 0; ok && c < row.items.size(); ++c) {
            const JsonValue& x = row.items[c];
            float f = 0;
            const NumberKind kind = x.is_number() ? read_number(x.text, false, &f) : NumberKind::NotNumber;
            if (kind != NumberKind::Ok) {
                sink.error = row_name(int(r), 0) + ", value " + std::to_string(c + 1) + ": " +
                             (x.is_number() ? value_problem(x.text, kind)
                                            : "a " + std::string(x.is_string() ? "string" : "non-number") +
                                                  " where a number should be: write plain numbers such as 0.43");
                ok = false;
            } else {
                ok = sink.value(f);
            }
        }
        if (!ok || !sink.end_row()) break;
    }
    if (!sink.error.empty() || !sink.finish("a label", out)) {
        out->error = sink.error;
        return false;
    }
    if (const JsonValue* tokens = doc.value.find("tokens")) {
        if (!tokens->is_array()) {
            out->error = "\"tokens\" is not a list: write the labels as [\"Your\", \"journey\"]";
            return false;
        }
        out->tokens.clear();
        for (size_t i = 0; i < tokens->items.size(); ++i) {
            if (!tokens->items[i].is_string()) {
                out->error = "\"tokens\" item " + std::to_string(i + 1) + " is not a string: write labels in double quotes";
                return false;
            }
            out->tokens.push_back(tokens->items[i].text);
        }
        if (out->tokens.size() != size_t(out->inputs.rows)) {
            out->error = "\"tokens\" has " + std::to_string(out->tokens.size()) + " labels but \"inputs\" has " +
                         std::to_string(out->inputs.rows) + " rows: give one label per row";
            return false;
        }
    }
    return true;
}

}  // namespace

const char* import_format_name(ImportFormat format) {
    switch (format) {
        case ImportFormat::Json: return "JSON";
        case ImportFormat::List: return "list";
        case ImportFormat::Torch: return "PyTorch literal";
        case ImportFormat::Rows: return "rows (CSV)";
    }
    return "rows (CSV)";
}

ImportResult import_embeddings(std::string_view text) {
    ImportResult out;
    if (text.size() > kMaxDocumentBytes) {
        out.error = "the text is " + std::to_string(text.size()) + " bytes but the limit is " +
                    std::to_string(kMaxDocumentBytes) + " bytes (kMaxDocumentBytes, 16 MiB): paste fewer rows";
        return out;
    }
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // byte order mark
    if (const size_t bad = utf8_error_offset(text); bad != text.size()) {
        out.error = "the text is not valid UTF-8 (" + line_and_byte(text, bad) + "): paste plain UTF-8 text";
        return out;
    }
    if (first_significant(text) == 0) {
        out.error = std::string("the text is empty: ") + kFormatsHint;
        return out;
    }
    if (first_significant(text) == '{') {
        out.format = ImportFormat::Json;
        out.ok = import_json_object(text, &out);
    } else {
        // The tokens: line is taken out first (its line left blank, so line numbers still match).
        std::string body(text);
        TokensLine tokens_line;
        if (!extract_tokens_line(&body, &tokens_line, &out.error)) return out;
        const char c = first_significant(body);
        const bool literal = find_literal_call(body) != std::string_view::npos;
        out.format = c == '[' ? ImportFormat::List : literal ? ImportFormat::Torch : ImportFormat::Rows;
        if (c == 0) {
            out.error = "there are labels on the tokens: line but no rows of numbers: " + std::string(kFormatsHint);
            return out;
        }
        out.ok = out.format == ImportFormat::Rows ? import_rows(body, &out) : import_literal(body, out.format, &out);
        if (out.ok && tokens_line.found) {
            if (tokens_line.labels.size() != size_t(out.inputs.rows)) {
                out.error = "the tokens: line (line " + std::to_string(tokens_line.line) + ") has " +
                            std::to_string(tokens_line.labels.size()) + " labels but there are " +
                            std::to_string(out.inputs.rows) + " rows: give one label per row";
                out.ok = false;
            } else {
                out.tokens = tokens_line.labels;
            }
        }
    }
    if (!out.ok) {
        out.tokens.clear();
        out.inputs = Matrix();
        return out;
    }
    for (size_t i = 0; i < out.tokens.size(); ++i) {
        const std::string e = validate_label(out.tokens[i], "row " + std::to_string(i + 1) + "'s label");
        if (!e.empty()) {
            out.ok = false;
            out.error = e;
            out.tokens.clear();
            out.inputs = Matrix();
            return out;
        }
    }
    return out;
}

State apply_import(const State& current, const ImportResult& imported) {
    State next = current;
    const int n = imported.inputs.rows;
    next.inputs = imported.inputs;
    if (!imported.tokens.empty()) {
        next.tokens = imported.tokens;
    } else if (current.tokens.size() != size_t(n)) {
        next.tokens.clear();
        for (int i = 0; i < n; ++i) next.tokens.push_back("token " + std::to_string(i));
    }
    if (next.query < 0 || next.query >= n) next.query = 0;
    next.example.clear();
    return next;
}

std::string truncate_utf8(std::string_view s, size_t max_bytes) {
    if (s.size() <= max_bytes) return std::string(s);
    size_t cut = max_bytes;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;  // s[cut] starts a character
    return std::string(s.substr(0, cut));
}

std::string parse_number_text(std::string_view text, float* out) {
    const std::string_view t = trim(text);
    if (t.empty()) return "the value is empty: type a number such as 0.43";
    float f = 0;
    const NumberKind kind = read_number(t, true, &f);
    if (kind != NumberKind::Ok) return value_problem(t, kind);
    *out = f;
    return "";
}

}  // namespace attn
