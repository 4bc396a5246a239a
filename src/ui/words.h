// The interface's words in the learner's language, for the frame being built: draw_ui sets them
// from FrameInput (as ImGui keeps its current context), and every label the panels draw goes
// through tr(): tr("Inputs") is "Inputs" in English and "输入" in zh-CN
// (lessons/zh-CN/interface.json). A format keeps its conversions: ImGui::Text(tr(format), ...).
// tests/scripts/translation_test.py finds every tr("...") in src/ui and requires each language's
// file to translate it.
#pragma once
#include <string>

#include "core/document/interface_text.h"
#include "core/math/sentence.h"
#include "core/text/printf_text.h"

namespace attn::ui {

void set_words(const InterfaceText* words);  // null: English
const InterfaceText* current_words();        // what set_words set: the core's messages are written in it
// format_arg: a translated format is checked against the arguments as the English literal is.
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format_arg(1)))
#endif
const char*
tr(const char* english);
std::string tr(const std::string& english);
// A refusal from the core (core/math/sentence.h): its format translated, its arguments as written,
// without its API name ("module: "), which the panel it is drawn in says.
std::string tr(const Sentence& sentence);
// printf of english translated: what the panels' sentences of numbers in fixed words use
// (trf("head %d: weights over keys %s", h, keys)). Checked by the compiler like printf.
std::string trf(const char* english_format, ...) ATTN_PRINTF(1, 2);
// A position as the interface's sentences write it: "2nd" in English ("the %s token"); the number
// in any other language, whose format says the rest ("第 %s 个词元").
std::string ordinal(int position_one_based);
// English's plural endings for "%d head%s" and "%d row%s keep%s": "s" or "" in English, always ""
// in a language whose words do not change with the count (its format says it its own way).
const char* plural_s(long long count);
const char* verb_s(long long count);  // "keeps" for one, "keep" for more

}  // namespace attn::ui
