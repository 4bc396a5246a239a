// One number from text: float32 through strtof (a single rounding), whole numbers through
// std::from_chars; the whole text or nothing.
#include "core/text/number_parse.h"

#include <doctest/doctest.h>

#include <cfloat>
#include <cstdint>

using namespace attn;

TEST_CASE("number parse: float32 reads the forms people type, with one rounding") {
    float x = 0;
    CHECK(read_float32("0.43", false, &x) == NumberKind::Ok);
    CHECK(x == 0.43f);
    CHECK(read_float32("2.", false, &x) == NumberKind::Ok);
    CHECK(x == 2.0f);
    CHECK(read_float32(".5", false, &x) == NumberKind::Ok);
    CHECK(x == 0.5f);
    CHECK(read_float32("-1e-3", false, &x) == NumberKind::Ok);
    CHECK(x == -1e-3f);
    CHECK(read_float32("0,43", true, &x) == NumberKind::Ok);  // a decimal comma, when allowed
    CHECK(x == 0.43f);
    // 1.00000005960464477539 lies exactly halfway between two float32 values; read through a
    // double first it rounds twice. strtof rounds once, to the even one: 1.
    CHECK(read_float32("1.00000005960464477539", false, &x) == NumberKind::Ok);
    CHECK(x == 1.0f);
}

TEST_CASE("number parse: float32 refuses partial numbers, words and values beyond float32") {
    float x = 7;
    for (const char* text : {"", "-", "1x", "0.5 ", " 1", "1e", "1e+", "--1", "0x10", "1,5", "1.2.3"}) {
        INFO(text);
        CHECK(read_float32(text, false, &x) == NumberKind::NotNumber);
    }
    CHECK(read_float32("inf", false, &x) == NumberKind::NonFinite);
    CHECK(read_float32("-Infinity", false, &x) == NumberKind::NonFinite);
    CHECK(read_float32("NaN", false, &x) == NumberKind::NonFinite);
    CHECK(read_float32("1e39", false, &x) == NumberKind::Overflow);  // FLT_MAX is about 3.4e38
    CHECK(x == 7);                                                   // untouched by every refusal
}

TEST_CASE("number parse: whole numbers read to int64 exactly, and say when they are out of range") {
    int64_t v = 0;
    CHECK(read_whole("0", &v) == WholeKind::Ok);
    CHECK(v == 0);
    CHECK(read_whole("-12", &v) == WholeKind::Ok);
    CHECK(v == -12);
    CHECK(read_whole("9223372036854775807", &v) == WholeKind::Ok);
    CHECK(v == INT64_MAX);
    CHECK(read_whole("9223372036854775808", &v) == WholeKind::OutOfRange);
    CHECK(read_whole("-99999999999999999999", &v) == WholeKind::OutOfRange);
    v = 5;
    for (const char* text : {"", "-", "+1", " 1", "1 ", "1.0", "1e3", "abc", "0x1"}) {
        INFO(text);
        CHECK(read_whole(text, &v) == WholeKind::NotWhole);
    }
    CHECK(v == 5);
}
