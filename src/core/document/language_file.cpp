#include "core/document/language_file.h"

#include <algorithm>
#include <cstring>

namespace attn {

std::string json_place(std::string_view source, const JsonValue& v, const std::string& path) {
    return json_place(source, v.offset, path);
}

std::string json_place(std::string_view source, size_t offset, const std::string& path) {
    return json_line_column(source, offset) + ": " + path + ": ";
}

const JsonValue* read_language_file(std::string_view source, const JsonValue& root, const LanguageFileSpec& spec,
                                    std::string* lang, std::string* error) {
    std::string keys = std::string("format, lang, ") + spec.body;
    for (const char* k : spec.extra) keys += std::string(", ") + k;
    if (!root.is_object()) {
        *error = json_place(source, root, std::string("the ") + spec.what) +
                 "must be an object {\"format\": 1, \"lang\": ..., \"" + spec.body + "\": {...}}";
        return nullptr;
    }
    for (const auto& member : root.members) {
        const std::string& key = member.first;
        const JsonValue& value = member.second;
        const bool known = key == "format" || key == "lang" || key == spec.body || key == "$schema" ||
                           std::any_of(spec.extra.begin(), spec.extra.end(), [&](const char* k) { return key == k; });
        if (!known) {
            *error = json_place(source, value, key) + "is not a key of a " + spec.what + " (" + keys + ")";
            return nullptr;
        }
    }
    const JsonValue* format = root.find("format");
    int64_t version = 0;
    if (!format || !format->as_int64(&version) || version != 1) {
        *error = json_place(source, format ? *format : root, "format") + "must be 1, the only " + spec.what +
                 " format this demo reads";
        return nullptr;
    }
    const JsonValue* language = root.find("lang");
    if (!language || !language->is_string() || language->text.empty() || language->text.size() > 16) {
        *error = json_place(source, language ? *language : root, "lang") +
                 "must name the language, such as \"en\" or \"zh-CN\"";
        return nullptr;
    }
    *lang = language->text;
    const JsonValue* body = root.find(spec.body);
    if (!body || !body->is_object()) {
        *error = json_place(source, body ? *body : root, spec.body) + "must be an object of " + spec.body_meaning;
        return nullptr;
    }
    return body;
}

}  // namespace attn
