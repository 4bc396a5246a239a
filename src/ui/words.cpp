#include "ui/words.h"

#include <cstdarg>

#include "core/text/prose_format.h"

namespace attn::ui {
namespace {
const InterfaceText kEnglish;
const InterfaceText* g_words = &kEnglish;
}  // namespace

void set_words(const InterfaceText* words) {
    g_words = words ? words : &kEnglish;
}

const InterfaceText* current_words() {
    return g_words;
}

const char* tr(const char* english) {
    return (*g_words)(english);
}

std::string tr(const std::string& english) {
    return (*g_words)(english);
}

std::string tr(const Sentence& sentence) {
    return said_in(sentence, *g_words);
}

std::string trf(const char* english_format, ...) {
    va_list args;
    va_start(args, english_format);
    std::string text = vprintf_text((*g_words)(english_format), args);
    va_end(args);
    return text;
}

const char* plural_s(long long count) {
    return g_words->lang == "en" && count != 1 ? "s" : "";
}

const char* verb_s(long long count) {
    return g_words->lang == "en" && count == 1 ? "s" : "";
}

std::string ordinal(int position_one_based) {
    return interface_ordinal(g_words, position_one_based);
}

}  // namespace attn::ui
