// Internal to the importer (import_text*.cpp): the pieces its three readers share. Not an API.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/import/import_text.h"
#include "core/text/number_parse.h"

namespace attn::import_detail {

// The importer's messages are in the language of the import_embeddings call running
// (core/document/words_scope.h): words() and words_f() everywhere below.

// "paste a JSON list (...), rows of numbers (...) or a PyTorch tensor (...)", in the language.
std::string formats_hint();

bool is_space(char c);  // ' ' or '\t'
bool is_digit(char c);
std::string_view trim(std::string_view s);  // spaces and tabs at both ends
bool starts_with_nocase(std::string_view s, std::string_view lowercase_prefix);

std::string quote(std::string_view s);                              // JSON-quoted, cut at 40 bytes: for messages
std::string shown(std::string_view s);                              // cut at 40 bytes with "...": for messages
std::string value_problem(std::string_view text, NumberKind kind);  // "... is not a number: ..."
std::string row_name(int row, int line);  // zero-based row -> "row 3" or "row 3 (line 5)"; line 0 = none

// Rows as the readers find them: shape, limits and label consistency, with their messages.
class RowSink {
public:
    std::string error;  // set when a call returns false

    bool begin_row(int line);           // false past kMaxTokens rows
    bool value(float x);                // false past kMaxDims values in the row
    bool end_row();                     // false for an empty row or one of another length than row 1
    void label(std::string text);       // the label of the row being read
    void label_last(std::string text);  // the label of the last finished row, unless it has one
    // Moves the rows into out (tokens only when every row is labelled); false when there are no
    // rows or only some rows are labelled. comment_labels: the labels are # comments (a tensor's).
    bool finish(bool comment_labels, ImportResult* out);

    int rows() const { return rows_; }
    int row_values() const { return in_row_; }

private:
    std::vector<float> values_;
    std::vector<std::string> labels_;
    std::vector<bool> labelled_;
    std::vector<int> lines_;
    int rows_ = 0, cols_ = 0, in_row_ = 0, line_ = 0;
};

// A double-quoted label at text[*pos] read as a JSON string; *pos moves past its closing quote.
bool read_quoted(std::string_view text, size_t* pos, std::string* out, std::string* error);

// True for text like "0,43, 0,15" where commas seem to be decimal points and separators at once.
bool looks_like_decimal_commas(std::string_view s);
std::string decimal_comma_message(const std::string& where);  // where: "line 3", "row 2 (line 3)"

// Where the first tensor( or array( call starts, outside comment lines and quoted labels, or npos.
size_t find_literal_call(std::string_view s);

struct TokensLine {
    bool found = false;
    int line = 0;
    std::vector<std::string> labels;
};
// Finds the `tokens:` line (`# tokens:` too), reads its labels and blanks the line in *text.
bool extract_tokens_line(std::string* text, TokensLine* out, std::string* error);

// The readers: each fills out->inputs (and out->tokens when the text labels its rows) or sets
// out->error and returns false.
bool import_rows(std::string_view text, ImportResult* out);
bool import_literal(std::string_view text, ImportFormat format, ImportResult* out);

}  // namespace attn::import_detail
