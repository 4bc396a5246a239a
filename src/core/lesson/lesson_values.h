// The live values a lesson file's own lines may show, by name: {q}, {query}, {scores}, {top} ...
// (the list with their meaning: docs/lessons.md). Computed from the state on screen each time the
// state changes, formatted as the book prints them, so a teacher's sentence stays true when the
// learner edits the data.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/state.h"
#include "core/lesson/lesson_text.h"
#include "core/math/attention.h"
#include "core/math/attention_modules.h"
#include "core/text/text_template.h"

namespace attn {

bool is_lesson_value(std::string_view name);
std::string lesson_value_names();  // "q, q_ordinal, query, ..." for messages

// Every value for this state. module: the book's class run on these inputs (or null when off).
// words: the lesson's catalog, for the language's ordinals.
TemplateValues lesson_values(const State& state, const AttentionResult& result, const ModuleResult* module,
                             const TextCatalog& words);

}  // namespace attn
