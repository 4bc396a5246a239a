// UTF-8 made safe for fixed-size text boxes: never a character cut in two, broken bytes replaced.
#include "core/text/utf8.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/state.h"  // a label cut to kMaxLabelBytes still validates

using namespace attn;

TEST_CASE("utf8: truncate_utf8 never cuts a character in two") {
    const std::string e_acute = "\xC3\xA9";        // 2 bytes
    const std::string emoji = "\xF0\x9F\x98\x80";  // 4 bytes
    CHECK(truncate_utf8("abc", 5) == "abc");
    CHECK(truncate_utf8("abc", 2) == "ab");
    CHECK(truncate_utf8("a" + e_acute, 2) == "a");  // would cut the 2-byte character
    CHECK(truncate_utf8("a" + e_acute, 3) == "a" + e_acute);
    CHECK(truncate_utf8(emoji + emoji, 7) == emoji);
    CHECK(truncate_utf8(emoji, 0).empty());
    const std::string long_label = std::string(63, 'x') + e_acute;  // 65 bytes
    const std::string cut = truncate_utf8(long_label, size_t(kMaxLabelBytes));
    CHECK(cut == std::string(63, 'x'));
    CHECK(validate_label(cut, "label") == "");
}

TEST_CASE("utf8: sanitize_utf8 replaces broken bytes with U+FFFD and drops NULs, keeping valid text") {
    const std::string fffd = "\xEF\xBF\xBD";
    CHECK(sanitize_utf8("plain \xC3\xA9 \xF0\x9F\x98\x80") == "plain \xC3\xA9 \xF0\x9F\x98\x80");
    CHECK(sanitize_utf8("a\xFF"
                        "b") == "a" + fffd + "b");
    CHECK(sanitize_utf8("cut \xE2\x80") == "cut " + fffd + fffd);  // a character cut in two at the end
    CHECK(sanitize_utf8(std::string("n\0ul", 4)) == "nul");
    CHECK(sanitize_utf8("\xED\xA0\x80") == fffd + fffd + fffd);  // a surrogate as JavaScript may encode it
    CHECK(sanitize_utf8("").empty());
}

TEST_CASE("utf8: the first invalid byte is found, surrogates and overlong forms included") {
    CHECK(utf8_error_offset("ok \xC3\xA9") == 5);
    CHECK(utf8_error_offset("ab\xC0\x80") == 2);        // an overlong NUL
    CHECK(utf8_error_offset("x\xED\xA0\x80") == 1);     // U+D800, a surrogate
    CHECK(utf8_error_offset("\xF4\x90\x80\x80") == 0);  // past U+10FFFF
    CHECK(hex4(0xE9) == "00E9");
}

TEST_CASE("utf8: escape_controls shows control characters and broken bytes as escapes") {
    CHECK(escape_controls("plain \xC3\xA9") == "plain \xC3\xA9");
    CHECK(escape_controls("\x1b[2J") == "\\u001B[2J");
    CHECK(escape_controls("x\xE2\x80\xAEy") == "x\\u202Ey");  // the right-to-left override
    CHECK(escape_controls("a\tb\n") == "a\\u0009b\\u000A");
    CHECK(escape_controls("bad\xFF") == "bad\\xFF");
    CHECK(control_character_offset("ok\xC2\x9Fx") == 2);       // a C1 control
    CHECK(control_character_offset("\xD7\xA9\xD7\x9C") == 4);  // Hebrew letters are fine
}
