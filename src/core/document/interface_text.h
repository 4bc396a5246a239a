// The interface's words in the learner's language (lessons/<lang>/interface.json): labels, buttons,
// panel titles and hints, keyed by the English the C++ writes ("Inputs", "Step %d of %d"). English
// needs no file, so the first view fetches nothing for it; another language is one file, loaded
// when it is chosen. A translation of a printf format must use the same conversions in the same
// order ("第 %d 步，共 %d 步" for "Step %d of %d"): the parser refuses an entry that does not, so a
// translated format can never read an argument the C++ did not pass.
#pragma once
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace attn {

constexpr size_t kMaxInterfaceTextBytes = 256 * 1024;

struct InterfaceText {
    std::string lang = "en";
    std::vector<std::pair<std::string, std::string>> strings;  // English -> the language's words, sorted

    // The words for english, or english itself when the language has none (or is English).
    const char* operator()(const char* english) const;
    std::string operator()(const std::string& english) const { return (*this)(english.c_str()); }
};

struct InterfaceTextParse {
    bool ok = false;
    InterfaceText text;
    std::string error;  // "line 3, column 14: strings.Step %d of %d: ..."
};
// {"format": 1, "lang": "zh-CN", "strings": {"English": "translation", ...}, "page": {...}}; "page"
// holds the HTML page's own words (web/attention.js translates them) and is not read here.
InterfaceTextParse parse_interface_text(std::string_view json);

// A position as the interface's sentences write it ("the %s token"): English's "2nd" (words null or
// English), the number in any other language, whose format says the rest ("第 %s 个词元").
std::string interface_ordinal(const InterfaceText* words, int position_one_based);

// The printf conversions of a format in order, each as written: "Step %d of %.2f%%" -> "%d%.2f".
// What a translation must keep, byte for byte. A translation may number them to put them in its
// own order ("第 %2$d 步，共 %1$d" for "%d ... %d"): then they are read in the arguments' order,
// and every argument must be used once. "%!..." for a format no translation can match.
std::string printf_conversions(std::string_view format);

}  // namespace attn
