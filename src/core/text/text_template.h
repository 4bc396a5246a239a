// Text with placeholders for live values, as lesson files write it: "query = inputs[{q}] picks
// which token?". A placeholder is a name of a-z, 0-9 and '_' in braces; "{{" and "}}" write a
// brace. Parsed once when a lesson loads (a bad placeholder is an error with its position), then
// rendered as often as the numbers change.
#pragma once
#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn {

struct TextTemplate {
    std::vector<std::string> literals;  // literals.size() == names.size() + 1
    std::vector<std::string> names;     // the placeholders, in order
    bool has(std::string_view name) const;
};

struct TemplateParse {
    bool ok = false;
    TextTemplate value;
    std::string error;            // "an unclosed '{' ...": names the fix
    size_t error_at = 0;          // byte offset in the text
    std::vector<size_t> name_at;  // where each placeholder's '{' is, for a message about its name
};
TemplateParse parse_template(std::string_view text);

// A value for a placeholder: text, or a whole number written in decimal. The text is a view: of a
// literal, or of a temporary that lives until the end of the call it is an argument of
// (say("id", {{"scores", vec(v)}}) is fine; keep the string alive yourself anywhere else). Views
// keep the many call sites small: no strings are copied and nothing is destroyed for the list.
struct TemplateArg {
    const char* name;  // a literal: the placeholder's name
    const char* text;  // the value's bytes, or null for a number
    int size;          // the value's length, or the number itself
    TemplateArg(const char* n, const std::string& v) : name(n), text(v.data()), size(int(v.size())) {}
    TemplateArg(const char* n, const char* v) : name(n), text(v), size(int(std::char_traits<char>::length(v))) {}
    TemplateArg(const char* n, int v) : name(n), text(nullptr), size(v) {}
};
using TemplateArgs = std::initializer_list<TemplateArg>;
// Values that own their text: a set kept across calls (the values a lesson file's lines may show).
using TemplateValues = std::vector<std::pair<std::string_view, std::string>>;

// The text with each placeholder replaced by its argument; one without an argument stays as
// written ("{name}"), so a missing value shows instead of vanishing.
std::string render_template(const TextTemplate& t, TemplateArgs args);
std::string render_template(const TextTemplate& t, const TemplateValues& values);

// Sentences joined with " " in code (a table's note: "A blank cell ... 。 Each row ..."): the
// space beside a full-width mark dropped, as render_template drops it around a value.
std::string tidy_wide_spacing(std::string_view text);
// *text, then next as a further sentence: after a space, or none beside a full-width mark
// ("...inf。" then "于是..." reads "...inf。于是..."). Nothing is added for an empty next.
void append_sentence(std::string* text, std::string_view next);

}  // namespace attn
