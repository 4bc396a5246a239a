// The line-based parts of the importer: the `tokens:` line, and rows of values separated by tabs,
// semicolons, commas or spaces (CSV, TSV, a spreadsheet copy, NumPy's savetxt).
#include <cstring>

#include "core/document/import/import_detail.h"
#include "core/document/json.h"
#include "core/document/words_scope.h"

namespace attn::import_detail {
namespace {

// Calls fn(line_number, line) for each line; "\n", "\r\n" and "\r" all end a line.
template <typename Fn>
void for_each_line(std::string_view text, Fn fn) {
    size_t start = 0;
    int line = 1;
    while (true) {
        size_t end = start;
        while (end < text.size() && text[end] != '\n' && text[end] != '\r') ++end;
        if (!fn(line, start, text.substr(start, end - start))) return;
        if (end >= text.size()) return;
        start = end + (text[end] == '\r' && end + 1 < text.size() && text[end + 1] == '\n' ? 2 : 1);
        ++line;
    }
}

bool is_comment_or_blank(std::string_view line) {
    const std::string_view t = trim(line);
    return t.empty() || t[0] == '#';
}

// Skips a double-quoted section starting at s[i] (backslash escapes honoured); returns the index
// after its closing quote, or s.size().
size_t skip_quoted(std::string_view s, size_t i) {
    for (++i; i < s.size(); ++i) {
        if (s[i] == '\\')
            ++i;
        else if (s[i] == '"')
            return i + 1;
    }
    return s.size();
}

std::string separator_name(char sep) {
    switch (sep) {
        case '\t':
            return words("tab");
        case ';':
            return words("semicolon");
        case ',':
            return words("comma");
        default:
            return words("space");
    }
}

struct Cell {
    std::string text;
    bool quoted = false;
};

// One line split at sep (' ' = runs of spaces and tabs); quoted cells are read as JSON strings.
bool split_cells(std::string_view line, char sep, std::vector<Cell>* cells, std::string* error) {
    const bool spaces = sep == ' ';
    auto is_sep = [&](char c) { return spaces ? is_space(c) : c == sep; };
    size_t i = 0;
    auto skip_blank = [&] {
        while (i < line.size() && is_space(line[i]) && (spaces || line[i] != sep)) ++i;
    };
    cells->clear();
    while (true) {
        skip_blank();
        if (spaces && i >= line.size()) return true;
        Cell cell;
        if (i < line.size() && line[i] == '"') {
            if (!read_quoted(line, &i, &cell.text, error)) return false;
            cell.quoted = true;
            const size_t after = i;
            skip_blank();
            if (i < line.size() && (spaces ? i == after : line[i] != sep)) {
                *error = words_f("text after the quoted label %s: put a %s between the label and the first value",
                                 quote(cell.text).c_str(), separator_name(sep).c_str());
                return false;
            }
        } else {
            const size_t start = i;
            while (i < line.size() && !is_sep(line[i])) ++i;
            cell.text = std::string(trim(line.substr(start, i - start)));
        }
        cells->push_back(std::move(cell));
        if (i >= line.size()) return true;
        if (!spaces) ++i;  // past the separator
    }
}

}  // namespace

// "0,43, 0,15": with comma separators, decimal commas cannot be told apart from separators. A
// stretch with a comma between two digits, another comma or a space separating values as well,
// and no '.' anywhere is refused rather than read as twice as many numbers.
bool looks_like_decimal_commas(std::string_view s) {
    bool tight = false, loose = false;
    for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '"') {
            i = skip_quoted(s, i) - 1;
            continue;
        }
        if (s[i] == '.') return false;
        const bool digit_before = i > 0 && is_digit(s[i - 1]);
        if (s[i] == ',' && digit_before && i + 1 < s.size() && is_digit(s[i + 1])) tight = true;
        if (s[i] == ',' && i + 1 < s.size() && is_space(s[i + 1])) loose = true;
        if (is_space(s[i]) && digit_before) {
            size_t j = i;
            while (j < s.size() && is_space(s[j])) ++j;
            if (j < s.size() && is_digit(s[j])) loose = true;
        }
    }
    return tight && loose;
}

std::string decimal_comma_message(const std::string& where) {
    return words_f(
        "%s looks like it uses decimal commas (0,43) as well as commas between values: write decimals with a point "
        "(0.43), or separate values with tabs or semicolons (then 0,43 is read as 0.43); if every number is whole, "
        "put a space after every comma",
        where.c_str());
}

bool extract_tokens_line(std::string* text, TokensLine* out, std::string* error) {
    bool ok = true;
    std::vector<std::pair<size_t, size_t>> blank;  // byte ranges of tokens lines
    for_each_line(*text, [&](int line, size_t start, std::string_view l) {
        std::string_view t = trim(l);
        if (!t.empty() && t[0] == '#') t = trim(t.substr(1));
        if (!starts_with_nocase(t, "tokens:")) return true;
        const std::string where = words_f("the tokens: line (line %d)", line);
        if (out->found) {
            *error = words_f("there are two tokens: lines (line %d and line %d): keep one", out->line, line);
            return ok = false;
        }
        out->found = true;
        out->line = line;
        blank.emplace_back(start, l.size());
        const std::string_view rest = trim(t.substr(std::strlen("tokens:")));
        if (!rest.empty() && rest[0] == '[') {
            const JsonParseResult r = parse_json(rest);
            bool strings = r.ok && r.value.is_array();
            for (size_t i = 0; strings && i < r.value.items.size(); ++i) strings = r.value.items[i].is_string();
            if (!strings) {
                *error = r.ok ? words_f(
                                    "%s starts with [ but is not a JSON list of strings: write tokens: "
                                    "[\"Your\", \"journey\"]",
                                    where.c_str())
                              : words_f(
                                    "%s starts with [ but is not a JSON list of strings (%s): write tokens: "
                                    "[\"Your\", \"journey\"]",
                                    where.c_str(), r.error.c_str());
                return ok = false;
            }
            for (const JsonValue& v : r.value.items) out->labels.push_back(v.text);
            return true;
        }
        bool comma = false;
        for (size_t i = 0; i < rest.size(); i = rest[i] == '"' ? skip_quoted(rest, i) : i + 1)
            if (rest[i] == ',') comma = true;
        std::vector<Cell> cells;
        std::string e;
        if (!split_cells(rest, comma ? ',' : ' ', &cells, &e)) {
            *error = words_f("the tokens: line (line %d): %s", line, e.c_str());
            return ok = false;
        }
        if (!rest.empty())
            for (Cell& c : cells) out->labels.push_back(std::move(c.text));
        return true;
    });
    for (const auto& range : blank) text->replace(range.first, range.second, range.second, ' ');
    return ok;
}

bool import_rows(std::string_view text, ImportResult* out) {
    // One separator for the whole text, chosen outside quoted labels and comment lines.
    bool tab = false, semicolon = false, comma = false;
    for_each_line(text, [&](int, size_t, std::string_view l) {
        if (is_comment_or_blank(l)) return true;
        for (size_t i = 0; i < l.size(); i = l[i] == '"' ? skip_quoted(l, i) : i + 1) {
            tab |= l[i] == '\t';
            semicolon |= l[i] == ';';
            comma |= l[i] == ',';
        }
        return true;
    });
    const char sep = tab ? '\t' : semicolon ? ';' : comma ? ',' : ' ';
    const bool decimal_comma = sep != ',';

    RowSink sink;
    std::vector<Cell> cells;
    bool first_line = true, labelled = false, header_skipped = false;
    for_each_line(text, [&](int line, size_t, std::string_view l) {
        if (is_comment_or_blank(l)) return true;
        const std::string where = words_f("line %d", line);
        if (!split_cells(l, sep, &cells, &sink.error)) {
            sink.error = words_f("line %d: %s", line, sink.error.c_str());
            return false;
        }
        if (!decimal_comma && looks_like_decimal_commas(l)) {
            sink.error = decimal_comma_message(where);
            return false;
        }
        float scratch = 0;
        size_t numbers = 0;
        for (const Cell& c : cells)
            numbers += !c.quoted && read_float32(c.text, decimal_comma, &scratch) != NumberKind::NotNumber;
        if (numbers == 0) {
            if (first_line && !header_skipped) {  // a header such as "token,x0,x1,x2"
                header_skipped = true;
                return true;
            }
            sink.error = words_f("%s has no numbers in it: each line is one row of values (a label first is fine)",
                                 where.c_str());
            return false;
        }
        if (first_line) {
            first_line = false;
            labelled = cells[0].quoted || read_float32(cells[0].text, decimal_comma, &scratch) == NumberKind::NotNumber;
        }
        if (!sink.begin_row(line)) return false;
        const std::string row = row_name(sink.rows(), line);
        size_t c = 0;
        if (labelled) {
            if (cells.size() == 1) {
                sink.error = words_f(
                    "%s has a label but no values: row 1 starts with a label, so every row needs one label and then "
                    "its numbers",
                    row.c_str());
                return false;
            }
            sink.label(cells[c++].text);
        }
        for (; c < cells.size(); ++c) {
            const std::string value = words_f("%s, value %d", row.c_str(), sink.row_values() + 1);
            if (cells[c].quoted) {
                sink.error = words_f(
                    "%s: %s is in quotes, so it reads as a label: labels go first in a row; write numbers without "
                    "quotes",
                    value.c_str(), quote(cells[c].text).c_str());
                return false;
            }
            if (cells[c].text.empty()) {
                sink.error = words_f("%s is empty: fill in a number or remove the extra %s", value.c_str(),
                                     separator_name(sep).c_str());
                return false;
            }
            float x = 0;
            const NumberKind kind = read_float32(cells[c].text, decimal_comma, &x);
            if (kind != NumberKind::Ok) {
                sink.error = words_f("%s, value %d: %s", row.c_str(), sink.row_values() + 1,
                                     value_problem(cells[c].text, kind).c_str());
                if (kind == NumberKind::NotNumber && c == 0)
                    sink.error += words(
                        " (row 1 starts with a number, so the first column holds values: to label rows, give every "
                        "row a label, in quotes if it looks like a number)");
                return false;
            }
            if (!sink.value(x)) return false;
        }
        return sink.end_row();
    });
    if (!sink.error.empty() || !sink.finish(false, out)) {
        out->error = sink.error;
        return false;
    }
    return true;
}

}  // namespace attn::import_detail
