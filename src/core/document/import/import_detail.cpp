// The pieces the importer's readers share: number reading, message wording, quoted labels, and
// RowSink, which owns the shape and limit rules and their messages.
#include "core/document/import/import_detail.h"

#include <cmath>
#include <cstdlib>

#include "core/document/json.h"
#include "core/document/words_scope.h"

namespace attn {

namespace import_detail {

bool is_space(char c) {
    return c == ' ' || c == '\t';
}
bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

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

std::string formats_hint() {
    return words(
        "paste a JSON list ([[0.43, 0.15], [0.55, 0.87]]), rows of numbers (0.43,0.15 one per line, as in CSV) or a "
        "PyTorch tensor (tensor([[0.43, 0.15], [0.55, 0.87]]))");
}

std::string quote(std::string_view s) {
    return json_quote_short(s, 40);
}

std::string shown(std::string_view s) {
    if (s.size() <= 40) return std::string(s);
    return truncate_utf8(s, 40) + "...";
}

std::string value_problem(std::string_view text, NumberKind kind) {
    switch (kind) {
        case NumberKind::NonFinite:
            return words_f("%s is not a finite number: every embedding value must be finite", shown(text).c_str());
        case NumberKind::Overflow:
            return words_f("%s is too large for float32 (max 3.4e38): use a smaller value", shown(text).c_str());
        default:
            return words_f("%s is not a number: write plain numbers such as 0.43 or -1.5e-3", quote(text).c_str());
    }
}

// "row 3" or "row 3 (line 5)" when the text's line differs from the row number.
std::string row_name(int row, int line) {
    if (line > 0 && line != row + 1) return words_f("row %d (line %d)", row + 1, line);
    return words_f("row %d", row + 1);
}

bool RowSink::begin_row(int line) {
    if (rows_ == kMaxTokens) {
        error = words_f(
            "there are more than %d rows (%s is one too many) but the limit is %d: use "
            "fewer tokens",
            kMaxTokens, row_name(rows_, line).c_str(), kMaxTokens);
        return false;
    }
    line_ = line;
    in_row_ = 0;
    return true;
}

bool RowSink::value(float x) {
    if (in_row_ == kMaxDims) {
        error = words_f("%s has more than %d values but the limit is %d: use shorter embeddings",
                        row_name(rows_, line_).c_str(), kMaxDims, kMaxDims);
        return false;
    }
    values_.push_back(x);
    ++in_row_;
    return true;
}

bool RowSink::end_row() {
    if (in_row_ == 0) {
        error = words_f("%s is empty: every embedding needs at least one number", row_name(rows_, line_).c_str());
        return false;
    }
    if (rows_ == 0) cols_ = in_row_;
    if (in_row_ != cols_) {
        error = in_row_ == 1 ? words_f("%s has 1 value but row 1 has %d: every embedding needs the same length",
                                       row_name(rows_, line_).c_str(), cols_)
                             : words_f("%s has %d values but row 1 has %d: every embedding needs the same length",
                                       row_name(rows_, line_).c_str(), in_row_, cols_);
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

bool RowSink::finish(bool comment_labels, ImportResult* out) {
    if (rows_ == 0) {
        error = words_f("there are no rows: %s", formats_hint().c_str());
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
        const std::string has = row_name(first, lines_[size_t(first)]),
                          lacks = row_name(missing, lines_[size_t(missing)]);
        error = comment_labels
                    ? words_f("%s has a # label but %s has none: label every row or none", has.c_str(), lacks.c_str())
                    : words_f("%s has a label but %s has none: label every row or none", has.c_str(), lacks.c_str());
        return false;
    }
    out->inputs = Matrix(rows_, cols_);
    out->inputs.data = std::move(values_);
    if (first >= 0) out->tokens = std::move(labels_);
    return true;
}

// A label written in double quotes at text[*pos]: a JSON string. Moves *pos past it.
bool read_quoted(std::string_view text, size_t* pos, std::string* out, std::string* error) {
    size_t end = *pos + 1;
    while (end < text.size() && text[end] != '"' && text[end] != '\n' && text[end] != '\r')
        end += text[end] == '\\' && end + 1 < text.size() ? 2 : 1;
    if (end >= text.size() || text[end] != '"') {
        *error = words("a quoted label has no closing \" on its line: end it with \"");
        return false;
    }
    const JsonParseResult r = parse_json(text.substr(*pos, end + 1 - *pos));
    if (!r.ok || !r.value.is_string()) {
        *error = words_f("the quoted label %s is not a valid JSON string (%s): escape \" and \\ with a backslash",
                         quote(text.substr(*pos, end + 1 - *pos)).c_str(), r.error.c_str());
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

}  // namespace attn
