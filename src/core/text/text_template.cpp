// Parsing splits the text at its placeholders once; rendering joins the pieces with the values.
#include "core/text/text_template.h"

namespace attn {
namespace {

bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

// A CJK punctuation mark (U+3000..U+303F: "、", "。", "「") or a full-width one (U+FF01..U+FF0F,
// U+FF1A..U+FF20, U+FF3B..U+FF40, U+FF5B..U+FF65: "（", "）", "，", "："; not the full-width letters
// and digits) in UTF-8, at the start of s (first) or at its end.
bool wide_mark(std::string_view s, bool first) {
    if (s.size() < 3) return false;
    const std::string_view c = first ? s.substr(0, 3) : s.substr(s.size() - 3);
    const unsigned a = static_cast<unsigned char>(c[0]), b = static_cast<unsigned char>(c[1]),
                   d = static_cast<unsigned char>(c[2]);
    if (a == 0xE3) return b == 0x80;
    if (a != 0xEF) return false;
    const unsigned cp = 0xF000 | ((b & 0x3F) << 6) | (d & 0x3F);  // U+Fxxx
    return (cp >= 0xFF01 && cp <= 0xFF0F) || (cp >= 0xFF1A && cp <= 0xFF20) || (cp >= 0xFF3B && cp <= 0xFF40) ||
           (cp >= 0xFF5B && cp <= 0xFF65);
}

// Joins a piece onto the text: a space between a value and the words around it is dropped where a
// full-width mark already stands beside it ("（位置 5） 的" reads "（位置 5）的"), as Chinese sets it.
void append_joined(std::string* out, std::string_view piece) {
    if (!piece.empty() && piece[0] == ' ' && wide_mark(*out, false)) piece.remove_prefix(1);
    if (!out->empty() && out->back() == ' ' && wide_mark(piece, true)) out->pop_back();
    out->append(piece);
}

}  // namespace

std::string tidy_wide_spacing(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == ' ' && (wide_mark(out, false) || wide_mark(text.substr(i + 1), true))) continue;
        out += text[i];
    }
    return out;
}

void append_sentence(std::string* text, std::string_view next) {
    if (next.empty()) return;
    if (!text->empty() && !wide_mark(*text, false) && !wide_mark(next, true)) *text += ' ';
    text->append(next);
}

namespace {

std::string render(const TextTemplate& t, TemplateArgs args) {
    std::string out = t.literals.empty() ? std::string() : t.literals[0];
    for (size_t i = 0; i < t.names.size(); ++i) {
        const TemplateArg* value = nullptr;
        for (const TemplateArg& a : args)
            if (t.names[i] == a.name) value = &a;
        if (!value)
            out += "{" + t.names[i] + "}";
        else if (!value->text)
            out += std::to_string(value->size);
        else
            append_joined(&out, std::string_view(value->text, size_t(value->size)));
        append_joined(&out, t.literals[i + 1]);
    }
    return out;
}

}  // namespace

bool TextTemplate::has(std::string_view name) const {
    for (const std::string& n : names)
        if (n == name) return true;
    return false;
}

TemplateParse parse_template(std::string_view text) {
    TemplateParse out;
    TextTemplate& t = out.value;
    std::string literal;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '}') {
            if (i + 1 < text.size() && text[i + 1] == '}') {
                literal += '}';
                ++i;
                continue;
            }
            out.error = "a '}' without its '{': write \"}}\" for a brace";
            out.error_at = i;
            return out;
        }
        if (c != '{') {
            literal += c;
            continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '{') {
            literal += '{';
            ++i;
            continue;
        }
        size_t end = i + 1;
        while (end < text.size() && name_char(text[end])) ++end;
        if (end >= text.size() || text[end] != '}' || end == i + 1) {
            out.error = end >= text.size() ? "a '{' that is never closed: write {name}, or \"{{\" for a brace"
                                           : "a placeholder is a name of a-z, 0-9 and '_' in braces, such as {q}; "
                                             "write \"{{\" for a brace";
            out.error_at = i;
            return out;
        }
        t.literals.push_back(std::move(literal));
        literal.clear();
        out.name_at.push_back(i);
        t.names.emplace_back(text.substr(i + 1, end - i - 1));
        i = end;
    }
    t.literals.push_back(std::move(literal));
    out.ok = true;
    return out;
}

std::string render_template(const TextTemplate& t, TemplateArgs args) {
    return render(t, args);
}

std::string render_template(const TextTemplate& t, const TemplateValues& values) {
    std::string out = t.literals.empty() ? std::string() : t.literals[0];
    for (size_t i = 0; i < t.names.size(); ++i) {
        const std::string* value = nullptr;
        for (const auto& [name, text] : values)
            if (name == t.names[i]) value = &text;
        if (value)
            append_joined(&out, *value);
        else
            out += "{" + t.names[i] + "}";
        append_joined(&out, t.literals[i + 1]);
    }
    return out;
}

}  // namespace attn
