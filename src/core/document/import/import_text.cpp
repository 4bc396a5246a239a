// Reading pasted embeddings: format detection, the JSON object form, label checks, and applying an
// import to a state. Rows (import_text_rows.cpp) and nested lists and PyTorch literals
// (import_text_literal.cpp) are read in their own files; all collect rows through RowSink.
#include "core/document/import/import_text.h"

#include "core/document/examples.h"
#include "core/document/import/import_detail.h"
#include "core/document/json.h"
#include "core/document/words_scope.h"

namespace attn {

using namespace import_detail;

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
    return words_f("line %d, byte %d", line, int(offset - line_start + 1));
}

// The JSON object form: {"inputs": [[...]], "tokens": [...]}, other keys ignored.
bool import_json_object(std::string_view text, ImportResult* out) {
    const JsonParseResult doc = parse_json(text);
    if (!doc.ok) {
        out->error = words_f("the text starts with { but is not valid JSON: %s", doc.error.c_str());
        return false;
    }
    if (!doc.value.is_object()) {
        out->error = words("the text is not a JSON object: give {\"tokens\": [...], \"inputs\": [[...]]}");
        return false;
    }
    const JsonValue* inputs = doc.value.find("inputs");
    if (!inputs || !inputs->is_array()) {
        out->error = words(
            "the JSON object has no \"inputs\" list: give one list of numbers per token, as in {\"tokens\": "
            "[\"Your\", \"journey\"], \"inputs\": [[0.43, 0.15], [0.55, 0.87]]}");
        return false;
    }
    RowSink sink;
    for (size_t r = 0; r < inputs->items.size(); ++r) {
        const JsonValue& row = inputs->items[r];
        if (!sink.begin_row(0)) break;
        if (!row.is_array()) {
            sink.error = words_f("%s of \"inputs\" is not a list: write each embedding as [0.43, 0.15]",
                                 row_name(int(r), 0).c_str());
            break;
        }
        bool ok = true;
        for (size_t c = 0; ok && c < row.items.size(); ++c) {
            const JsonValue& x = row.items[c];
            float f = 0;
            const NumberKind kind = x.is_number() ? read_float32(x.text, false, &f) : NumberKind::NotNumber;
            if (kind != NumberKind::Ok) {
                const std::string problem =
                    x.is_number()   ? value_problem(x.text, kind)
                    : x.is_string() ? words("a string where a number should be: write plain numbers such as 0.43")
                                    : words("a non-number where a number should be: write plain numbers such as 0.43");
                sink.error = words_f("%s, value %d: %s", row_name(int(r), 0).c_str(), int(c + 1), problem.c_str());
                ok = false;
            } else {
                ok = sink.value(f);
            }
        }
        if (!ok || !sink.end_row()) break;
    }
    if (!sink.error.empty() || !sink.finish(false, out)) {
        out->error = sink.error;
        return false;
    }
    if (const JsonValue* tokens = doc.value.find("tokens")) {
        if (!tokens->is_array()) {
            out->error = words("\"tokens\" is not a list: write the labels as [\"Your\", \"journey\"]");
            return false;
        }
        out->tokens.clear();
        for (size_t i = 0; i < tokens->items.size(); ++i) {
            if (!tokens->items[i].is_string()) {
                out->error = words_f("\"tokens\" item %d is not a string: write labels in double quotes", int(i + 1));
                return false;
            }
            out->tokens.push_back(tokens->items[i].text);
        }
        if (out->tokens.size() != size_t(out->inputs.rows)) {
            out->error = words_f("\"tokens\" has %d labels but \"inputs\" has %d rows: give one label per row",
                                 int(out->tokens.size()), out->inputs.rows);
            return false;
        }
    }
    return true;
}

}  // namespace

const char* import_format_name(ImportFormat format) {
    switch (format) {
        case ImportFormat::Json:
            return "JSON";
        case ImportFormat::List:
            return "list";
        case ImportFormat::Torch:
            return "PyTorch literal";
        case ImportFormat::Rows:
            return "rows (CSV)";
    }
    return "rows (CSV)";
}

ImportResult import_embeddings(std::string_view text, const InterfaceText* language) {
    const WordsScope in_language(language);
    ImportResult out;
    if (text.size() > kMaxDocumentBytes) {
        out.error = words_f(
            "the text is %zu bytes but the limit is %zu bytes (16 MiB): paste fewer "
            "rows",
            text.size(), size_t(kMaxDocumentBytes));
        return out;
    }
    if (text.size() >= 3 && text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // byte order mark
    if (const size_t bad = utf8_error_offset(text); bad != text.size()) {
        out.error =
            words_f("the text is not valid UTF-8 (%s): paste plain UTF-8 text", line_and_byte(text, bad).c_str());
        return out;
    }
    if (first_significant(text) == 0) {
        out.error = words_f("the text is empty: %s", formats_hint().c_str());
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
            out.error =
                words_f("there are labels on the tokens: line but no rows of numbers: %s", formats_hint().c_str());
            return out;
        }
        out.ok = out.format == ImportFormat::Rows ? import_rows(body, &out) : import_literal(body, out.format, &out);
        if (out.ok && tokens_line.found) {
            if (tokens_line.labels.size() != size_t(out.inputs.rows)) {
                out.error = words_f(
                    "the tokens: line (line %d) has %d labels but there are %d rows: give one label "
                    "per row",
                    tokens_line.line, int(tokens_line.labels.size()), out.inputs.rows);
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
        const Sentence e = label_refusal(out.tokens[i], words_f("row %d's label", int(i + 1)));
        if (!e.empty()) {
            out.ok = false;
            out.error = words_said(e);
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
    fit_module_to_inputs(&next);
    // An example's own data, exported and imported back (or pasted from the book), is that
    // example again: its name stays in the picker and in links.
    next.example.clear();
    for (const Example& e : examples()) {
        State example;
        if (load_example(e.name, &example) && same_data(example, next)) next.example = e.name;
    }
    return next;
}

std::string parse_number_text(std::string_view text, float* out, const InterfaceText* language) {
    const WordsScope in_language(language);
    const std::string_view t = trim(text);
    if (t.empty()) return words("the value is empty: type a number such as 0.43");
    float f = 0;
    const NumberKind kind = read_float32(t, true, &f);
    if (kind != NumberKind::Ok) return value_problem(t, kind);
    *out = f;
    return "";
}

}  // namespace attn
