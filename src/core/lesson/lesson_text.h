// The words of the lesson's built-in parts, one catalog per language (lessons/<lang>/texts.json):
// the sections of step text, the questions and their feedback, Practice, Debug this and the
// wrap-up. The C++ keeps the logic and computes the numbers; every sentence comes from the
// catalog by id, with its live values as placeholders ("q.which-token.prompt": "query =
// inputs[{q}] picks which token?"). A translation is a catalog, not a code change.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/document/json.h"
#include "core/text/text_template.h"

namespace attn {

constexpr size_t kMaxCatalogBytes = 512 * 1024;

struct TextCatalog {
    std::string lang;                                         // "en", "zh-CN"
    std::vector<std::pair<std::string, TextTemplate>> texts;  // sorted by id

    const TextTemplate* find(std::string_view id) const;
    TextTemplate* find(std::string_view id);
    // The text of id with its placeholders filled; "[missing text: id]" when the catalog lacks it
    // (the tests render every part of the lesson and fail on that marker).
    std::string say(std::string_view id, TemplateArgs args = {}) const;
    // A position as the language writes it in "the {ordinal} token": English "1st", "2nd" (no
    // catalog entry needed); a language whose catalog has "value.ordinal" ("{n}" in zh-CN, whose
    // sentences say "第 {ordinal} 个词元") fills that in with the number.
    std::string ordinal(int position_one_based) const;
    // Text in the language's quotation marks: English "text" (no catalog entry needed); a
    // language whose catalog has "value.quoted" fills it in ("“{text}”" in zh-CN).
    std::string quoted(const std::string& text) const;
};

struct CatalogParse {
    bool ok = false;
    TextCatalog catalog;
    std::string error;  // "line 3, column 14: texts.q.which-token.prompt: ..."
};
// {"format": 1, "lang": "en", "texts": {"id": "text with {placeholders}", ...}}
CatalogParse parse_text_catalog(std::string_view json);

// Text a lesson shows: at most max_bytes, and no control characters (line breaks, tabs and the
// bidirectional overrides that can make text display other than it reads). "" when fine.
std::string check_lesson_text(const std::string& text, size_t max_bytes);

}  // namespace attn
