// Parsing splits the text at its placeholders once; rendering joins the pieces with the values.
#include "core/text/text_template.h"

namespace attn {
namespace {

bool name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

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
            out.append(value->text, size_t(value->size));
        out += t.literals[i + 1];
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
        out += value ? *value : "{" + t.names[i] + "}";
        out += t.literals[i + 1];
    }
    return out;
}

}  // namespace attn
