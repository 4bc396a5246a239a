// JSON: every value type, escapes, strict syntax with line/column errors, the depth limit, exact
// integers and the shortest float32 numerals that read back bit for bit.
#include "core/document/json.h"

#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "core/text/utf8.h"

using namespace attn;

namespace {

JsonValue parse_ok(const std::string& text) {
    const JsonParseResult r = parse_json(text);
    INFO("input: " << text << "  error: " << r.error);
    REQUIRE(r.ok);
    return r.value;
}

std::string parse_error(const std::string& text) {
    const JsonParseResult r = parse_json(text);
    INFO("input: " << text);
    REQUIRE_FALSE(r.ok);
    return r.error;
}

bool same_bits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}
bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

}  // namespace

// ---- parsing values

TEST_CASE("json: null, true and false parse as their types") {
    CHECK(parse_ok("null").is_null());
    const JsonValue t = parse_ok("true"), f = parse_ok("false");
    CHECK((t.is_bool() && t.boolean));
    CHECK((f.is_bool() && !f.boolean));
}

TEST_CASE("json: numbers keep the numeral as written and convert on request") {
    SUBCASE("integer") {
        const JsonValue v = parse_ok("42");
        CHECK(v.is_number());
        CHECK(v.text == "42");
        CHECK(v.as_double() == 42.0);
    }
    SUBCASE("negative fraction with exponent") {
        const JsonValue v = parse_ok("-1.25e2");
        CHECK(v.text == "-1.25e2");
        CHECK(v.as_double() == -125.0);
        CHECK(v.as_float() == -125.0f);
    }
    SUBCASE("zero, upper-case exponent, explicit plus") {
        CHECK(parse_ok("0").as_double() == 0.0);
        CHECK(parse_ok("1E+2").as_double() == 100.0);
        CHECK(parse_ok("25e-1").as_double() == 2.5);
    }
    SUBCASE("beyond the double range reads as infinity, not an error") {
        CHECK(std::isinf(parse_ok("1e999").as_double()));
        CHECK(std::isinf(parse_ok("1e39").as_float()));  // past FLT_MAX (3.4e38)
    }
}

TEST_CASE("json: a float converts straight from the numeral, never rounding twice through a double") {
    // 1 + 2^-24 is halfway between the floats 1 and 1 + 2^-23; this numeral is 1.1e-19 above it.
    // Via double it lands exactly on the midpoint and ties to 1.0; read directly it rounds up.
    const JsonValue v = parse_ok("1.00000005960464477550");
    CHECK(v.as_float() == std::nextafter(1.0f, 2.0f));
    CHECK(float(v.as_double()) == 1.0f);  // the wrong answer, shown for contrast
}

TEST_CASE("json: as_int64 accepts whole numbers in any notation and refuses fractions and overflow") {
    int64_t i = -1;
    CHECK((parse_ok("3").as_int64(&i) && i == 3));
    CHECK((parse_ok("3.0").as_int64(&i) && i == 3));
    CHECK((parse_ok("2e3").as_int64(&i) && i == 2000));
    CHECK((parse_ok("150e-1").as_int64(&i) && i == 15));
    CHECK((parse_ok("0.5e1").as_int64(&i) && i == 5));
    CHECK((parse_ok("-0").as_int64(&i) && i == 0));
    CHECK((parse_ok("0e99999999").as_int64(&i) && i == 0));
    CHECK((parse_ok("9007199254740993").as_int64(&i) && i == 9007199254740993LL));  // 2^53 + 1, exact
    CHECK((parse_ok("9223372036854775807").as_int64(&i) && i == INT64_MAX));
    CHECK((parse_ok("-9223372036854775808").as_int64(&i) && i == INT64_MIN));
    CHECK_FALSE(parse_ok("3.5").as_int64(&i));
    CHECK_FALSE(parse_ok("1e-1").as_int64(&i));
    CHECK_FALSE(parse_ok("1e30").as_int64(&i));
    CHECK_FALSE(parse_ok("9223372036854775808").as_int64(&i));
    CHECK_FALSE(parse_ok("\"3\"").as_int64(&i));
}

TEST_CASE("json: strings decode every escape") {
    CHECK(parse_ok(R"("a\"b\\c\/d\be\ff\ng\rh\ti")").text == "a\"b\\c/d\be\ff\ng\rh\ti");
    CHECK(parse_ok(R"("\u0041\u00e9\u20AC")").text == "A\xC3\xA9\xE2\x82\xAC");  // A é €
    CHECK(parse_ok(R"("\u0000")").text == std::string(1, '\0'));
    CHECK(parse_ok("\"\xC3\xA9 raw UTF-8\"").text == "\xC3\xA9 raw UTF-8");
}

TEST_CASE("json: a surrogate pair becomes one 4-byte UTF-8 character") {
    CHECK(parse_ok(R"("\uD83D\uDE00")").text == "\xF0\x9F\x98\x80");  // U+1F600
    CHECK(parse_ok(R"("\udbff\udfff")").text == "\xF4\x8F\xBF\xBF");  // U+10FFFF, lower-case hex
}

TEST_CASE("json: arrays and objects nest, and objects keep their key order") {
    const JsonValue v = parse_ok(R"( { "z": [1, [2, {}], []], "a": {"b": null}, "m": "x" } )");
    REQUIRE(v.is_object());
    REQUIRE(v.members.size() == 3);
    CHECK(v.members[0].first == "z");
    CHECK(v.members[1].first == "a");
    CHECK(v.members[2].first == "m");
    const JsonValue* z = v.find("z");
    REQUIRE(z);
    REQUIRE(z->items.size() == 3);
    CHECK(z->items[1].items[1].is_object());
    CHECK(z->items[2].items.empty());
    CHECK(v.find("a")->find("b")->is_null());
    CHECK(v.find("missing") == nullptr);
}

TEST_CASE("json: whitespace of all four kinds and a leading byte order mark are accepted") {
    CHECK(parse_ok(" \t\r\n[ 1 ,\t2 ]\n").items.size() == 2);
    CHECK(parse_ok("\xEF\xBB\xBF{\"a\":1}").find("a"));
}

// ---- errors

TEST_CASE("json: an error names the line and the column") {
    CHECK(parse_error("[\n  1,\n  2 3]") ==
          "line 3, column 5: expected ',' or ']' after an array element but found '3'");
    CHECK(parse_error("{\"a\": 1 \"b\": 2}") ==
          "line 1, column 9: expected ',' or '}' after an object member but found '\"'");
}

TEST_CASE("json: columns count characters, not bytes") {
    CHECK(parse_error("[\"\xC3\xA9\xC3\xA9\" x]").find("line 1, column 7:") == 0);
}

TEST_CASE("json: a duplicate key is rejected with its name") {
    const std::string e = parse_error(R"({"query": 1, "query": 2})");
    CHECK(e.find("line 1, column 14") == 0);
    CHECK(e.find("duplicate key \"query\"") != std::string::npos);
    SUBCASE("also in a big object, where a hash set does the check") {
        std::string text = "{";
        for (int i = 0; i < 40; ++i) text += "\"k" + std::to_string(i) + "\":" + std::to_string(i) + ",";
        text += "\"k7\":0}";
        CHECK(parse_error(text).find("duplicate key \"k7\"") != std::string::npos);
    }
}

TEST_CASE("json: nesting is limited to kMaxJsonDepth levels so hostile input cannot overflow the stack") {
    const std::string ok = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
    CHECK(parse_json(ok).ok);
    const std::string deep = std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
    const std::string e = parse_error(deep);
    CHECK(e.find("column 65") != std::string::npos);
    CHECK(e.find("deeper than 64") != std::string::npos);
    // A million opening brackets fail fast at the limit instead of recursing a million times.
    CHECK(parse_error(std::string(1000000, '[')).find("deeper than 64") != std::string::npos);
    CHECK(parse_error(std::string(100000, '{')).find("expected a key") != std::string::npos);
}

TEST_CASE("json: malformed documents are rejected with a reason") {
    struct Case {
        const char* text;
        const char* expect;
    };
    const Case cases[] = {
        {"", "line 1, column 1: unexpected end of input"},
        {"   ", "unexpected end of input"},
        {"[1, 2", "expected ',' or ']' after an array element but found the end of the input"},
        {"[1,]", "expected a value"},
        {"{\"a\":1,}", "expected a key in double quotes"},
        {"{'a': 1}", "expected a key in double quotes but found '''"},
        {"{\"a\" 1}", "expected ':' after the key \"a\""},
        {"{\"a\":}", "expected a value"},
        {"1 2", "line 1, column 3: unexpected '2' after the JSON value"},
        {"{} x", "after the JSON value"},
        {"tru", "expected true"},
        {"True", "expected a value"},
        {"nul", "expected null"},
        {"NaN", "JSON has no NaN or Infinity"},
        {"Infinity", "JSON has no NaN or Infinity"},
        {"+1", "expected a value"},
        {".5", "expected a value"},
        {"-", "expected a digit after '-'"},
        {"-x", "expected a digit after '-' but found 'x'"},
        {"01", "leading zeros"},
        {"1.", "expected a digit after the decimal point"},
        {"1.e5", "expected a digit after the decimal point"},
        {"1e", "expected a digit in the exponent"},
        {"1e+", "expected a digit in the exponent"},
        {"\"abc", "line 1, column 1: unterminated string"},
        {"\"a\\", "unterminated string"},
        {"\"a\\x\"", "invalid escape: a backslash followed by 'x'"},
        {"\"\\u12\"", "\\u must be followed by four hex digits"},
        {"\"\\uZZZZ\"", "\\u must be followed by four hex digits"},
        {"\"\\uD83D\"", "\\uD83D is a lone high surrogate"},
        {"\"\\uD83Dx\"", "lone high surrogate"},
        {"\"\\uD83D\\u0041\"", "lone high surrogate"},
        {"\"\\uDE00\"", "\\uDE00 is a lone low surrogate"},
        {"\"a\nb\"", "line 1, column 3: control character U+000A inside a string: write it as \\u000A"},
        {"\"\xFF\"", "invalid UTF-8 (byte 0xFF)"},
        {"\"\xC0\xAF\"", "invalid UTF-8"},          // overlong '/'
        {"\"\xED\xA0\x80\"", "invalid UTF-8"},      // an encoded surrogate
        {"\"\xF4\x90\x80\x80\"", "invalid UTF-8"},  // past U+10FFFF
        {"\"\xE2\x82\"", "invalid UTF-8"},          // truncated
        {"\x01", "found U+0001"},
    };
    for (const Case& c : cases) {
        const JsonParseResult r = parse_json(c.text);
        INFO("input: " << c.text << "  error: " << r.error);
        CHECK_FALSE(r.ok);
        CHECK(r.error.find(c.expect) != std::string::npos);
        CHECK(r.error.find("line ") == 0);
    }
}

// ---- writing

TEST_CASE("json: the writer is compact and keeps key order") {
    const std::string text = R"({"z":[1,-2.5e-7,true,false,null],"a":{"":"x"},"e":[],"o":{}})";
    CHECK(write_json(parse_ok(text)) == text);
    CHECK(write_json(parse_ok(" { \"a\" : [ 1 , 2 ] } ")) == "{\"a\":[1,2]}");
}

TEST_CASE("json: strings are written with escapes and read back unchanged") {
    const std::string s = std::string("q\"b\\s/\b\f\n\r\t\x01\x1F\x7F") + '\0' + "\xC3\xA9\xF0\x9F\x98\x80";
    std::string out;
    write_json_string(s, &out);
    CHECK(out == "\"q\\\"b\\\\s/\\b\\f\\n\\r\\t\\u0001\\u001F\x7F\\u0000\xC3\xA9\xF0\x9F\x98\x80\"");
    CHECK(parse_ok(out).text == s);
}

TEST_CASE("json: C1 and bidi control characters are written as escapes, never raw") {
    // U+0085 (NEL), U+202E (right-to-left override), U+2066 (left-to-right isolate): valid in a
    // JSON string, but shown raw they make text display otherwise than it reads (trojan source).
    const std::string s =
        "a\xC2\x85"
        "b\xE2\x80\xAE"
        "c\xE2\x81\xA6"
        "d";
    std::string out;
    write_json_string(s, &out);
    CHECK(out == "\"a\\u0085b\\u202Ec\\u2066d\"");
    CHECK(parse_ok(out).text == s);  // and it still reads back as what it holds
}

TEST_CASE("json: bytes that are not UTF-8 are written as U+FFFD so the output stays valid JSON") {
    std::string out;
    write_json_string(
        "a\xFF"
        "b\xE2\x82",
        &out);
    CHECK(out ==
          "\"a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD\xEF\xBF\xBD\"");
    CHECK(parse_json(out).ok);
}

TEST_CASE("json: floats are written as the shortest numeral that reads back as the same float32") {
    CHECK(format_float(0.1f) == "0.1");
    CHECK(format_float(0.43f) == "0.43");
    CHECK(format_float(0.15f) == "0.15");
    CHECK(format_float(1.0f) == "1");  // integers without a decimal point
    CHECK(format_float(-3.0f) == "-3");
    CHECK(format_float(1e6f) == "1e6");
    CHECK(format_float(1.5e-7f) == "1.5e-7");
    CHECK(format_float(16777216.0f) == "16777216");  // 2^24 needs 8 digits
    CHECK(format_float(1.0f / 3.0f) == "0.33333334");
    CHECK(format_float(FLT_MAX) == "3.4028235e38");
    CHECK(format_float(std::numeric_limits<float>::denorm_min()) == "1e-45");
    CHECK(format_float(-0.0f) == "-0");
    CHECK(format_float(0.0f) == "0");
}

TEST_CASE("json: 100000 random float32 bit patterns round-trip bit-exactly through text") {
    std::mt19937 rng(20240601u);
    int checked = 0;
    for (int i = 0; i < 100000; ++i) {
        const uint32_t bits = rng();
        float f;
        std::memcpy(&f, &bits, sizeof f);
        if (!std::isfinite(f)) continue;
        const std::string text = format_float(f);
        const JsonParseResult r = parse_json(text);
        if (!r.ok || !same_bits(r.value.as_float(), f) || text.size() > 15) {
            FAIL("bits " << bits << " wrote " << text);
        }
        ++checked;
    }
    CHECK(checked > 99000);  // about 1 in 256 patterns is inf or nan
}

TEST_CASE("json: no numeral with fewer significant digits reads back as the same float") {
    std::mt19937 rng(99u);
    for (int i = 0; i < 20000; ++i) {
        const uint32_t bits = rng();
        float f;
        std::memcpy(&f, &bits, sizeof f);
        if (!std::isfinite(f)) continue;
        const std::string text = format_float(f);
        std::string digits;  // significant digits: "0.00120" -> "12", "1e6" -> "1"
        for (char c : text.substr(0, text.find('e')))
            if (c >= '0' && c <= '9') digits += c;
        digits.erase(0, digits.find_first_not_of('0'));
        digits.erase(digits.find_last_not_of('0') + 1);
        for (int precision = 1; precision < int(digits.size()); ++precision) {
            char shorter[320];  // the most %g can write for a double
            std::snprintf(shorter, sizeof shorter, "%.*g", precision, double(f));
            if (same_bits(std::strtof(shorter, nullptr), f)) FAIL(text << " but " << shorter << " also reads back");
        }
    }
}

TEST_CASE("json: every power of two and its float neighbours round-trip, subnormals included") {
    for (int e = -149; e <= 127; ++e) {
        const float p = std::ldexp(1.0f, e);
        for (float f : {p, std::nextafter(p, 0.0f), std::nextafter(p, INFINITY), -p}) {
            if (!std::isfinite(f)) continue;
            const std::string text = format_float(f);
            if (!same_bits(parse_ok(text).as_float(), f)) FAIL("2^" << e << " neighbour wrote " << text);
        }
    }
}

TEST_CASE("json: doubles are written as the shortest numeral that reads back as the same double") {
    CHECK(format_double(0.1) == "0.1");
    CHECK(format_double(1.0 / 3.0) == "0.3333333333333333");
    CHECK(format_double(9007199254740992.0) == "9007199254740992");
    CHECK(format_double(1e300) == "1e300");
    std::mt19937_64 rng(7u);
    for (int i = 0; i < 10000; ++i) {
        const uint64_t bits = rng();
        double d;
        std::memcpy(&d, &bits, sizeof d);
        if (!std::isfinite(d)) continue;
        const std::string text = format_double(d);
        if (!same_bits(parse_ok(text).as_double(), d)) FAIL("bits " << bits << " wrote " << text);
    }
}

TEST_CASE("json: non-finite floats become null as numbers, or the strings inf, -inf, nan on request") {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
    std::string out;
    write_float(inf, &out);
    write_double(double(nan), &out);
    CHECK(out == "nullnull");
    out.clear();
    write_float_or_string(inf, &out);
    out += ',';
    write_float_or_string(-inf, &out);
    out += ',';
    write_float_or_string(nan, &out);
    out += ',';
    write_float_or_string(0.25f, &out);
    CHECK(out == "\"inf\",\"-inf\",\"nan\",0.25");
    CHECK(write_json(JsonValue::from_float(inf)) == "null");
    CHECK(write_json(JsonValue::from_float_or_string(-inf)) == "\"-inf\"");
    CHECK(write_json(JsonValue::from_float_or_string(0.1f)) == "0.1");
}

TEST_CASE("json: values built in code write as expected") {
    JsonValue doc = JsonValue::object();
    doc.add("n", JsonValue::from_int(-7));
    doc.add("u", JsonValue::from_uint(9007199254740992ull));
    doc.add("f", JsonValue::from_float(0.43f));
    doc.add("d", JsonValue::from_double(0.1));
    doc.add("b", JsonValue::from_bool(true));
    JsonValue list = JsonValue::array();
    list.push_back(JsonValue::from_string("x\ny"));
    list.push_back(JsonValue());
    doc.add("l", list);
    CHECK(write_json(doc) == R"({"n":-7,"u":9007199254740992,"f":0.43,"d":0.1,"b":true,"l":["x\ny",null]})");
    std::string out;
    write_int(INT64_MIN, &out);
    CHECK(out == "-9223372036854775808");
}

TEST_CASE("json: parse then write then parse is stable") {
    const std::string text =
        R"({"tokens":["Your","journey","\u00e9\ud83d\ude00"],"inputs":[[0.43,0.15,0.89],[5.5e-7,1E3,-0]]})";
    const std::string once = write_json(parse_ok(text));
    CHECK(write_json(parse_ok(once)) == once);
}

// ---- helpers

TEST_CASE("json: long strings in messages are cut at a character boundary") {
    CHECK(json_quote_short("abc") == "\"abc\"");
    CHECK(json_quote_short("abcdef", 4) == "\"abcd...\"");
    CHECK(json_quote_short("ab\xC3\xA9z", 3) == "\"ab...\"");  // does not split é
}

TEST_CASE("json: utf8_error_offset finds the first byte that breaks UTF-8") {
    CHECK(utf8_error_offset("plain") == 5);
    CHECK(utf8_error_offset("\xC3\xA9\xF0\x9F\x98\x80") == 6);
    CHECK(utf8_error_offset("ab\xFF") == 2);
    CHECK(utf8_error_offset("a\xC0\x80") == 1);  // overlong NUL
}
