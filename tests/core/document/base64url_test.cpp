// Base64url as links carry it: the RFC's vectors, the URL-safe alphabet, strict decoding.
#include "core/document/base64url.h"

#include <doctest/doctest.h>

#include <string>

#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

TEST_CASE("base64url: RFC 4648 test vectors, without padding") {
    const std::vector<std::pair<std::string, std::string>> vectors = {
        {"", ""},           {"f", "Zg"},          {"fo", "Zm8"},         {"foo", "Zm9v"},
        {"foob", "Zm9vYg"}, {"fooba", "Zm9vYmE"}, {"foobar", "Zm9vYmFy"}};
    for (const auto& [plain, encoded] : vectors) {
        CHECK(base64url_encode(plain) == encoded);
        std::string out, error;
        CHECK(base64url_decode(encoded, &out, &error));
        CHECK(out == plain);
        CHECK(error.empty());
    }
}

TEST_CASE("base64url: uses - and _ where base64 has + and /, and round-trips every byte value") {
    CHECK(base64url_encode(std::string("\xfb\xff", 2)) == "-_8");
    std::string all;
    for (int i = 0; i < 256; ++i) all.push_back(char(i));
    std::string out, error;
    REQUIRE(base64url_decode(base64url_encode(all), &out, &error));
    CHECK(out == all);
}

TEST_CASE("base64url: strict decoding names the problem") {
    struct Case {
        const char* text;
        const char* message;
    };
    const Case cases[] = {
        {"Zm9v+A", "'+' at offset 4 is not base64url: use only A-Z, a-z, 0-9, - and _"},
        {"Zm9v/A", "'/' at offset 4 is not base64url"},
        {"Zg==", "'=' at offset 2: base64url in links carries no '=' padding, remove it"},
        {"Zm 9v", "byte 32 at offset 2 is not base64url"},
        {"Zm9vY", "its length 5 leaves one character over"},
        {"Zh", "its last character has bits set that no byte uses"},
    };
    for (const Case& c : cases) {
        INFO("text: " << std::string(c.text));
        std::string out = "left over", error;
        CHECK_FALSE(base64url_decode(c.text, &out, &error));
        CHECK(out.empty());
        CHECK_MESSAGE(contains(error, c.message), error);
    }
}

// ---- reading links
