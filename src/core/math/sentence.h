// A sentence the learner may read in their own language: an English format whose conversions are
// all %s, and its arguments already written as the book prints them ("4", "0.1",
// "CausalAttention"). The core refuses a setting with one ("d_out is %s but must be ...", {"0"});
// the interface translates the format through its table (core/document/interface_text.h) and
// fills in the same arguments, so numbers, names and code stay as written in every language.
// english() is "where: " and the format filled in: what the CLI, the page's API and the tests read.
// The learner reads said(): the words alone, where the panel they appear in says what they are about.
// It sits with the math, the bottom room, because the math's own checks are the first to refuse
// (a module's settings); the rooms above say their refusals the same way.
#pragma once
#include <string>
#include <utility>
#include <vector>

namespace attn {

struct Sentence {
    const char* format = "";        // a string literal, English; "" when there is nothing to say
    std::vector<std::string> args;  // one per %s, in order
    std::string where;              // what it is about, as the API names it ("module", "link"), or ""
    const char* then = "";          // a second English sentence after it (a literal), translated on its own
                                    // ("(the rest of the link was applied)"), or ""
    std::vector<Sentence> also;     // sentences said after this one, each after "; " (a link's several
                                    // refusals), before `then`; each translated on its own
    bool empty() const { return format[0] == '\0'; }
};

// The one way a core file makes a sentence: tests/scripts/translation_test.py reads every
// sentence("...") in src/core and requires each language's table to translate its format.
inline Sentence sentence(const char* english_format, std::vector<std::string> args = {}) {
    Sentence s;
    s.format = english_format;
    s.args = std::move(args);
    return s;
}

// format with each %s replaced by the next argument, each %N$s by argument N (1 to 9: a translation's
// own order), and %% by %; a %s without an argument stays empty, and arguments beyond the format's
// are not shown (a translation cannot read past them).
std::string fill_sentence(const char* format, const std::vector<std::string>& args);
// What the learner reads: `format` (the sentence's own, or its translation) filled in, without where
// (and without `also` or `then`: said_in says them).
inline std::string said(const Sentence& s, const char* format) {
    return s.empty() ? std::string() : fill_sentence(format, s.args);
}
// The same in a language: words(english) is its translation of a format (an InterfaceText), for
// the sentence, each of `also` (joined by its "; ") and its `then`.
// (No space before a `then` that starts with CJK text or full-width punctuation, U+3000 on: "（".)
template <typename Words>
std::string said_in(const Sentence& s, const Words& words) {
    if (s.empty()) return "";
    const std::string format = words(s.format);
    std::string out = fill_sentence(format.c_str(), s.args);
    for (const Sentence& more : s.also) out += std::string(words("; ")) + said_in(more, words);
    if (!s.then[0]) return out;
    const std::string then = words(s.then);
    const bool wide = !then.empty() && static_cast<unsigned char>(then[0]) >= 0xE3;
    return out + (wide ? "" : " ") + then;
}
// "where: " and the English filled in ("module: d_out is 0 but ..."), then each of `also` (with its
// own where), then `then`, for the API, the CLI, the logs.
std::string english(const Sentence& s);
// Text that has no translation yet (a parser's message), carried as a sentence, about `where`.
inline Sentence as_is(std::string english_text, std::string where = "") {
    if (english_text.empty()) return {};
    Sentence s = sentence("%s", {std::move(english_text)});
    s.where = std::move(where);
    return s;
}

}  // namespace attn
