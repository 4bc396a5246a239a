#include "core/document/words_scope.h"

#include <cstdarg>

namespace attn {
namespace {

// The language of the call running (single-threaded: the page, the CLI, the tests).
thread_local const InterfaceText* g_words = nullptr;

const char* translated(const char* english) {
    return g_words ? (*g_words)(english) : english;
}

}  // namespace

WordsScope::WordsScope(const InterfaceText* language) : previous_(g_words) {
    g_words = language;
}

WordsScope::~WordsScope() {
    g_words = previous_;
}

std::string words(const char* english) {
    return translated(english);
}

std::string words_f(const char* english_format, ...) {
    va_list args;
    va_start(args, english_format);
    std::string text = vprintf_text(translated(english_format), args);
    va_end(args);
    return text;
}

std::string words_said(const Sentence& s) {
    return said_in(s, [](const char* english) { return translated(english); });
}

bool words_said_in_english(const Sentence& s) {
    return g_words && g_words->lang != "en" && !s.empty() && translated(s.format) == s.format;
}

}  // namespace attn
