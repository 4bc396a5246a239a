// Catalogs are read with the state document's JSON parser; every template is parsed once here,
// so a broken placeholder is reported with its line and column when the file loads, not when a
// learner reaches the sentence.
#include "core/lesson/lesson_text.h"

#include <algorithm>

#include "core/document/language_file.h"
#include "core/text/prose_format.h"
#include "core/text/utf8.h"

namespace attn {
namespace {

constexpr size_t kMaxTextBytes = 2000;  // one sentence or paragraph of a catalog

// One text entry: checked, parsed; "" or the message.
std::string read_entry(const JsonValue& v, std::string_view source, const std::string& path, TextTemplate* out) {
    if (!v.is_string()) return json_place(source, v, path) + "must be a string of text";
    const std::string problem = check_lesson_text(v.text, kMaxTextBytes);
    if (!problem.empty()) return json_place(source, v, path) + problem;
    const TemplateParse t = parse_template(v.text);
    if (!t.ok) return json_place(source, json_string_source_offset(source, v.offset, t.error_at), path) + t.error;
    *out = t.value;
    return "";
}

}  // namespace

const TextTemplate* TextCatalog::find(std::string_view id) const {
    const auto it = std::lower_bound(texts.begin(), texts.end(), id,
                                     [](const auto& entry, std::string_view key) { return entry.first < key; });
    return it != texts.end() && it->first == id ? &it->second : nullptr;
}

TextTemplate* TextCatalog::find(std::string_view id) {
    return const_cast<TextTemplate*>(static_cast<const TextCatalog*>(this)->find(id));
}

std::string TextCatalog::say(std::string_view id, TemplateArgs args) const {
    const TextTemplate* t = find(id);
    return t ? render_template(*t, args) : "[missing text: " + std::string(id) + "]";
}

std::string TextCatalog::ordinal(int position_one_based) const {
    const TextTemplate* t = find("value.ordinal");
    return t ? render_template(*t, {{"n", position_one_based}}) : ordinal_word(position_one_based);
}

std::string TextCatalog::quoted(const std::string& text) const {
    const TextTemplate* t = find("value.quoted");
    return t ? render_template(*t, {{"text", text}}) : attn::quoted(text);
}

std::string check_lesson_text(const std::string& text, size_t max_bytes) {
    if (text.size() > max_bytes)
        return "the text is " + std::to_string(text.size()) + " bytes long but the limit is " +
               std::to_string(max_bytes) + ": split it";
    const size_t bad = control_character_offset(text);
    if (bad < text.size())
        return "the text holds a control character (" + escape_controls(text.substr(bad, 4)).substr(0, 12) +
               ") at byte " + std::to_string(bad) +
               ": lessons are plain text on one line per entry, without tabs, line breaks or direction overrides";
    return "";
}

CatalogParse parse_text_catalog(std::string_view json) {
    CatalogParse out;
    if (json.size() > kMaxCatalogBytes) {
        out.error = "the text catalog is " + std::to_string(json.size()) + " bytes but the limit is " +
                    std::to_string(kMaxCatalogBytes);
        return out;
    }
    const JsonParseResult doc = parse_json(json);
    if (!doc.ok) {
        out.error = doc.error;
        return out;
    }
    const JsonValue* texts =
        read_language_file(json, doc.value, {"text catalog", "texts", "id: text", {}}, &out.catalog.lang, &out.error);
    if (!texts) return out;
    for (const auto& [id, value] : texts->members) {
        TextTemplate t;
        const std::string e = read_entry(value, json, "texts." + id, &t);
        if (!e.empty()) {
            out.error = e;
            return out;
        }
        out.catalog.texts.emplace_back(id, std::move(t));
    }
    // Sorted once, looked up by binary search (JSON objects have no duplicate keys here: the parser refuses them).
    std::sort(out.catalog.texts.begin(), out.catalog.texts.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    out.ok = true;
    return out;
}

}  // namespace attn
