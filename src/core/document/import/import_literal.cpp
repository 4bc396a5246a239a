// Nested lists and PyTorch/NumPy literals: one scanner for [[0.43, 0.15], [0.55, 0.87]] in JSON or
// Python form, with `# label` comments after a row's closing bracket, as in the book's inputs cell.
// It is iterative and accepts exactly two levels of brackets, so hostile nesting costs nothing.
#include <algorithm>

#include "core/document/import/import_detail.h"
#include "core/document/words_scope.h"

namespace attn::import_detail {
namespace {

bool is_word_char(char c) {
    return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '+' || c == '-' || c == '.' ||
           c == '_';
}

// "Your     (x^1)" -> "Your"; "\"two words\"" -> two words; anything else as written, trimmed.
std::string comment_label(std::string_view comment) {
    std::string_view t = trim(comment);
    if (!t.empty() && t[0] == '"') {
        size_t pos = 0;
        std::string label, error;
        if (read_quoted(t, &pos, &label, &error) && trim(t.substr(pos)).empty()) return label;
    }
    if (!t.empty() && t.back() == ')') {
        const size_t open = t.rfind('(');
        if (open != std::string_view::npos && open > 0 && is_space(t[open - 1]) && !trim(t.substr(0, open)).empty())
            t = trim(t.substr(0, open));
    }
    return std::string(t);
}

std::string shape_hint() {
    return words("give a list of rows, one per token, as in [[0.43, 0.15], [0.55, 0.87]]");
}

}  // namespace

bool import_literal(std::string_view text, ImportFormat format, ImportResult* out) {
    size_t i = 0;
    if (format == ImportFormat::Torch) {
        i = text.find('(', find_literal_call(text)) + 1;
    }
    int line = 1;
    size_t line_start = 0;
    auto newline_at = [&](size_t k) {  // "\r\n" counts once, at its '\n'
        return text[k] == '\n' || (text[k] == '\r' && (k + 1 >= text.size() || text[k + 1] != '\n'));
    };
    for (size_t k = 0; k < i; ++k)
        if (newline_at(k)) ++line, line_start = k + 1;
    // "line 3, column 7: " and what is wrong there.
    auto at = [&](size_t k, const std::string& what) {
        return words_f("line %d, column %d: %s", line, int(k - line_start + 1), what.c_str());
    };

    RowSink sink;
    enum class Expect { Open, RowOrEnd, ValueOrEnd, CommaOrRowEnd, CommaOrEnd, Done } expect = Expect::Open;
    size_t row_open = 0;
    int last_row_line = -1;
    auto fail = [&](std::string message) {
        out->error = std::move(message);
        return false;
    };
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (newline_at(i)) {
            ++line;
            line_start = i + 1;
        } else if (is_space(c) || c == '\r') {
        } else if (c == '#') {
            // The line's end: one scan from here (searching '\n' and '\r' apart scanned to the end of
            // the text for the one that is missing, once per comment: quadratic).
            const size_t end = text.find_first_of("\r\n", i);
            const std::string_view comment =
                text.substr(i + 1, (end == std::string_view::npos ? text.size() : end) - i - 1);
            if (last_row_line == line) sink.label_last(comment_label(comment));
            i = (end == std::string_view::npos ? text.size() : end) - 1;
        } else if (expect == Expect::Done) {
            if (format == ImportFormat::Torch) break;  // dtype=..., requires_grad=True, ")"
            return fail(at(i, words_f("unexpected %s after the list's closing ]: paste one list of rows (comments "
                                      "after # are fine)",
                                      quote(text.substr(i, 1)).c_str())));
        } else if (expect == Expect::Open) {
            if (c != '[')
                return fail(at(i, words_f("expected [ to start the numbers, not %s: paste the values themselves, as "
                                          "in tensor([[0.43, 0.15], [0.55, 0.87]])",
                                          quote(text.substr(i, 1)).c_str())));
            expect = Expect::RowOrEnd;
        } else if (c == '[') {
            if (expect == Expect::ValueOrEnd || expect == Expect::CommaOrRowEnd)
                return fail(at(i, words("a third level of [ ]: this is a 3-D tensor (a batch?); paste one 2-D "
                                        "tensor, one row per token (for a batch, take inputs[0])")));
            if (expect != Expect::RowOrEnd) return fail(at(i, words("expected , between rows before this [")));
            if (!sink.begin_row(line)) return fail(sink.error);
            row_open = i;
            expect = Expect::ValueOrEnd;
        } else if (c == ']') {
            if (expect == Expect::ValueOrEnd || expect == Expect::CommaOrRowEnd) {
                if (looks_like_decimal_commas(text.substr(row_open, i - row_open)))
                    return fail(decimal_comma_message(row_name(sink.rows(), line)));
                if (!sink.end_row()) return fail(sink.error);
                last_row_line = line;
                expect = Expect::CommaOrEnd;
            } else {
                expect = Expect::Done;  // RowOrEnd or CommaOrEnd: the outer list closes
            }
        } else if (c == ',') {
            if (expect == Expect::CommaOrRowEnd)
                expect = Expect::ValueOrEnd;
            else if (expect == Expect::CommaOrEnd)
                expect = Expect::RowOrEnd;
            else
                return fail(at(i, words("a , with no value before it: remove it or put a number there")));
        } else if (c == '"' || c == '\'') {
            return fail(at(i, words("text in quotes where a number should be: numbers only inside the brackets; "
                                    "put labels in a # comment after each row or on a tokens: line")));
        } else if (text.substr(i, 3) == "..." || text.substr(i, 3) == "\xE2\x80\xA6") {
            return fail(at(i, words("the tensor was printed shortened with ...: print it in full first with "
                                    "torch.set_printoptions(profile=\"full\"), or paste tensor.tolist()")));
        } else if (is_word_char(c)) {
            size_t end = i;
            while (end < text.size() && is_word_char(text[end])) ++end;
            const std::string_view word = text.substr(i, end - i);
            if (expect == Expect::RowOrEnd)
                return fail(at(i, words_f("a number where a row should start: this is a 1-D list (one vector); %s "
                                          "(one token: [[0.43, 0.15]])",
                                          shape_hint().c_str())));
            if (expect != Expect::ValueOrEnd)
                return fail(
                    at(i, words_f("expected , or ] before %s: separate values with commas", quote(word).c_str())));
            float x = 0;
            const NumberKind kind = read_float32(word, false, &x);
            if (kind != NumberKind::Ok)
                // (The row without its line: the line and column follow.)
                return fail(words_f("%s, value %d (line %d, column %d): %s", row_name(sink.rows(), 0).c_str(),
                                    sink.row_values() + 1, line, int(i - line_start + 1),
                                    value_problem(word, kind).c_str()));
            if (!sink.value(x)) return fail(sink.error);
            expect = Expect::CommaOrRowEnd;
            i = end - 1;
        } else {
            return fail(at(
                i, words_f("unexpected %s in the list: %s", quote(text.substr(i, 1)).c_str(), shape_hint().c_str())));
        }
    }
    if (expect == Expect::Open) return fail(words_f("there is no [ after the tensor( call: %s", shape_hint().c_str()));
    if (expect != Expect::Done) {
        const bool in_row = expect == Expect::ValueOrEnd || expect == Expect::CommaOrRowEnd;
        return fail(in_row ? words_f("the list ends before its closing ] (inside %s): add the missing ] (a partial "
                                     "copy?)",
                                     row_name(sink.rows(), line).c_str())
                           : words("the list ends before its closing ]: add the missing ] (a partial copy?)"));
    }
    if (!sink.finish(true, out)) return fail(sink.error);
    return true;
}

}  // namespace attn::import_detail
