// The words a core writer says things in, for the length of one call: the numbers' text version
// (core/lesson/numbers_reader.cpp) and the importer's messages (core/document/import/) are written
// in the learner's language as the interface's tr() and trf() write the panels'. WordsScope sets
// the language until it goes out of scope; words() and words_f() translate an English literal
// through it (English when none is set). tests/scripts/translation_test.py finds their literals in
// the files that use them and requires each language to translate them.
#pragma once
#include <string>

#include "core/document/interface_text.h"
#include "core/math/sentence.h"
#include "core/text/printf_text.h"

namespace attn {

class WordsScope {
public:
    explicit WordsScope(const InterfaceText* language);  // null: English
    ~WordsScope();
    WordsScope(const WordsScope&) = delete;
    WordsScope& operator=(const WordsScope&) = delete;

private:
    const InterfaceText* previous_;
};

std::string words(const char* english);
// printf of english's translation; the translation keeps the conversions (interface_text.h).
std::string words_f(const char* english_format, ...) ATTN_PRINTF(1, 2);
// A core refusal (core/math/sentence.h) said in the language.
std::string words_said(const Sentence& s);
// Whether words_said(s) comes out in English in another language, for want of its words: a page
// marks such text lang="en" so that a screen reader reads it with an English voice.
bool words_said_in_english(const Sentence& s);

}  // namespace attn
