// UTF-8 in one place: decoding and encoding code points, finding where a text stops being valid,
// and making text from outside safe for a fixed-size box.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace attn {

// Decodes the UTF-8 sequence at s[i] into *cp and returns its length, or 0 when it is invalid
// (truncated, overlong, a surrogate, or past U+10FFFF). i < s.size().
size_t decode_utf8(std::string_view s, size_t i, uint32_t* cp);
// Appends code point cp (at most U+10FFFF, not a surrogate) as UTF-8.
void append_utf8(uint32_t cp, std::string* out);

// "00E9": the low 16 bits as four uppercase hex digits, as \u escapes and U+ names write them.
std::string hex4(uint32_t v);

// Where s first breaks UTF-8 (overlong forms, surrogates and code points past U+10FFFF included),
// or s.size() when it is all valid.
size_t utf8_error_offset(std::string_view s);

// The control characters no text of ours may show as is: C0 (U+0000..U+001F, tab and line
// breaks included), DEL, C1 (U+0080..U+009F) and the bidirectional embedding, override and isolate
// controls (U+202A..U+202E, U+2066..U+2069), which can make a label, a code comment or a terminal
// line display differently from what it holds (trojan source). Right-to-left letters are fine.
bool is_control_code_point(uint32_t cp);
// Where valid UTF-8 text first holds such a character, or text.size().
size_t control_character_offset(std::string_view text);
// text with every control character written as \uXXXX and every byte that is not UTF-8 as \xNN:
// safe to print in a message, a terminal or a comment, and still telling what was there.
std::string escape_controls(std::string_view text);

// The longest prefix of s of at most max_bytes that does not cut a UTF-8 character in two, for
// fixed-size text buffers (an ImGui InputText of kMaxLabelBytes + 1).
std::string truncate_utf8(std::string_view s, size_t max_bytes);

// s with every byte that breaks UTF-8 replaced by U+FFFD and NUL bytes dropped: text from outside
// (a browser paste) made safe for a text box. Dear ImGui 1.86 miscounts invalid UTF-8 in an
// InputText buffer, cuts a character in two and then reads past the buffer's end.
std::string sanitize_utf8(std::string_view s);

}  // namespace attn
