// Read with the state document's JSON parser; every entry is checked when the file loads, so a
// broken translation is named (with its line and column) before any frame draws it.
#include "core/document/interface_text.h"

#include <algorithm>

#include "core/document/json.h"
#include "core/document/language_file.h"
#include "core/text/prose_format.h"
#include "core/text/utf8.h"

namespace attn {
namespace {

constexpr size_t kMaxEntryBytes = 2000;

}  // namespace

const char* InterfaceText::operator()(const char* english) const {
    if (strings.empty()) return english;
    const std::string_view key(english);
    const auto it = std::lower_bound(strings.begin(), strings.end(), key,
                                     [](const auto& entry, std::string_view k) { return entry.first < k; });
    return it != strings.end() && it->first == key ? it->second.c_str() : english;
}

std::string printf_conversions(std::string_view format) {
    // Each conversion as written, and its argument's number when it names one ("%2$s" -> 2, "%s" -> 0).
    std::vector<std::pair<int, std::string>> found;
    bool lone_percent = false;
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') continue;
        size_t k = i + 1;
        int position = 0;
        // "%N$": N from 1 to 9, as fill_sentence reads it ("%0$d" and "%10$s" print as written).
        size_t digits = k;
        while (digits < format.size() && format[digits] >= '0' && format[digits] <= '9') ++digits;
        if (digits < format.size() && format[digits] == '$') {
            if (digits != k + 1 || format[k] == '0') return "%!numbered";
            position = format[k] - '0';
            k = digits + 1;
        }
        const size_t spec = k;
        while (k < format.size() &&
               std::string_view("-+ #0123456789.*hlLzjt").find(format[k]) != std::string_view::npos)
            ++k;
        if (k >= format.size()) {
            lone_percent = true;  // a lone % at the end: never a match for a real format
            break;
        }
        // The whole conversion, flags, width, precision and length included: a translation may not
        // turn %d into %lld or %*d (reading what was never passed) or widen it to %99999d.
        if (format[k] != '%') found.emplace_back(position, "%" + std::string(format.substr(spec, k + 1 - spec)));
        i = k;
    }
    // Numbered arguments let a translation put them in its own order: all of them numbered, each
    // of 1..n once, read in the arguments' order. Anything else cannot match a format.
    const bool numbered = !found.empty() && found.front().first > 0;
    std::string out;
    if (numbered) {
        std::sort(found.begin(), found.end());
        for (size_t n = 0; n < found.size(); ++n)
            if (found[n].first != int(n) + 1) return "%!numbered";  // a gap, a repeat or a mix
    } else {
        for (const auto& [position, conversion] : found)
            if (position) return "%!numbered";
    }
    for (const auto& entry : found) out += entry.second;
    return lone_percent ? out + "%!" : out;
}

namespace {
// Whether a format names its arguments ("%2$s").
bool numbers_arguments(std::string_view format) {
    for (size_t i = 0; i + 1 < format.size(); ++i) {
        if (format[i] != '%') continue;
        size_t k = i + 1;
        while (k < format.size() && format[k] >= '0' && format[k] <= '9') ++k;
        if (k > i + 1 && k < format.size() && format[k] == '$') return true;
    }
    return false;
}
}  // namespace

InterfaceTextParse parse_interface_text(std::string_view json) {
    InterfaceTextParse out;
    if (json.size() > kMaxInterfaceTextBytes) {
        out.error = "the interface text is " + std::to_string(json.size()) + " bytes but the limit is " +
                    std::to_string(kMaxInterfaceTextBytes);
        return out;
    }
    const JsonParseResult doc = parse_json(json);
    if (!doc.ok) {
        out.error = doc.error;
        return out;
    }
    const JsonValue* strings = read_language_file(
        json, doc.value, {"interface text", "strings", "English: translation", {"page"}}, &out.text.lang, &out.error);
    if (!strings) return out;
    for (const auto& [english, value] : strings->members) {
        const std::string path = "strings." + truncate_utf8(english, 60);
        if (!value.is_string() || value.text.empty()) {
            out.error = json_place(json, value, path) + "must be a non-empty string";
            return out;
        }
        if (value.text.size() > kMaxEntryBytes) {
            out.error = json_place(json, value, path) + "is " + std::to_string(value.text.size()) +
                        " bytes long but the limit is " + std::to_string(kMaxEntryBytes);
            return out;
        }
        std::string unbroken = value.text;  // line breaks are allowed, other control characters not
        for (char& c : unbroken)
            if (c == '\n') c = ' ';
        const size_t bad = control_character_offset(unbroken);
        if (bad < unbroken.size()) {
            out.error = json_place(json, value, path) + "holds a control character at byte " + std::to_string(bad) +
                        " (only line breaks are allowed)";
            return out;
        }
        const std::string want = printf_conversions(english), got = printf_conversions(value.text);
        const bool numbered = got.rfind("%!numbered", 0) == 0 || numbers_arguments(value.text);
        if (want != got && numbered) {
            out.error = json_place(json, value, path) + "numbers its conversions but not each of %1$ to %" +
                        std::to_string(std::count(want.begin(), want.end(), '%')) +
                        "$ once (1 to 9): number all of them, each once, or none";
            return out;
        }
        if (want != got) {
            out.error = json_place(json, value, path) +
                        "must use the English text's conversions, as written and in its order (\"" + want +
                        "\") but uses \"" + got + "\"";
            return out;
        }
        const size_t hidden_id = english.find("##");
        if (hidden_id != std::string::npos && (value.text.size() < english.size() - hidden_id ||
                                               value.text.compare(value.text.size() - (english.size() - hidden_id),
                                                                  std::string::npos, english, hidden_id) != 0)) {
            out.error = json_place(json, value, path) + "must end with the English text's id \"" +
                        english.substr(hidden_id) + "\" (ImGui tells controls apart by it)";
            return out;
        }
        out.text.strings.emplace_back(english, value.text);
    }
    // Sorted once, looked up by binary search (the JSON reader refuses duplicate keys).
    std::sort(out.text.strings.begin(), out.text.strings.end());
    out.ok = true;
    return out;
}

std::string interface_ordinal(const InterfaceText* words, int position_one_based) {
    return !words || words->lang == "en" ? ordinal_word(position_one_based) : std::to_string(position_one_based);
}

}  // namespace attn
