// The envelope both of a language's word files share (lessons/<lang>/texts.json, the lesson's
// catalog, and interface.json, the interface's words): {"$schema"?, "format": 1, "lang": "zh-CN",
// BODY: {...}, and the other keys the file may have}. Read once here, so the two readers refuse a
// broken file in the same words.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/json.h"

namespace attn {

struct LanguageFileSpec {
    const char* what;                // "text catalog", "interface text": the messages' name for it
    const char* body;                // the object of entries: "texts", "strings"
    const char* body_meaning;        // "id: text", "English: translation"
    std::vector<const char*> extra;  // other keys the file may hold ("page")
};

// "line 3, column 14: path: " for a value of source, the start of every message.
std::string json_place(std::string_view source, const JsonValue& v, const std::string& path);
// The same for a byte offset into source (a place inside a string: json_string_source_offset).
std::string json_place(std::string_view source, size_t offset, const std::string& path);

// The file's body object (checked to be one), with *lang set; null with *error set when the
// envelope is broken.
const JsonValue* read_language_file(std::string_view source, const JsonValue& root, const LanguageFileSpec& spec,
                                    std::string* lang, std::string* error);

}  // namespace attn
