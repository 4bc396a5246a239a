// A typed list of numbers read leniently but never silently: every separator, the minus sign,
// a decimal comma only when the count needs it, and messages that name the unreadable entry.
#include "core/text/number_list.h"

#include <doctest/doctest.h>

#include <string>

#include "core/test_helpers.h"

using namespace attn;

TEST_CASE("number list: numbers separated by spaces, commas, semicolons or inside brackets all read") {
    for (const char* text : {"0 2 1", "0, 2, 1", "0,2,1", "[0, 2, 1]", "0; 2; 1", "tensor([0., 2., 1.])", "  0\t2\n1 ",
                             "(0 2 1)", "+0 2.0 1e0"}) {
        INFO(text);
        const ParsedNumbers p = parse_numbers(text, 3);
        REQUIRE(p.ok);
        CHECK(p.values == Vector{0, 2, 1});
        CHECK(p.comma == ParsedNumbers::Comma::None);
    }
    CHECK(parse_numbers("−1 .5", 2).values == Vector{-1, 0.5f});  // the minus sign U+2212
}

TEST_CASE("number list: a decimal comma is read only when the count needs it, and it says so") {
    const ParsedNumbers p = parse_numbers("0,02 0,94 0,05", 3);
    REQUIRE(p.ok);
    CHECK(p.values == Vector{0.02f, 0.94f, 0.05f});
    CHECK(p.comma == ParsedNumbers::Comma::ReadAsDecimal);
    CHECK(p.comma_example == "0,02");
    const ParsedNumbers two = parse_numbers("1,5", 2);  // two numbers fit: commas separate
    REQUIRE(two.ok);
    CHECK(two.values == Vector{1, 5});
    CHECK(two.comma == ParsedNumbers::Comma::ReadAsTwo);
    CHECK(two.comma_example == "1,5");
    const ParsedNumbers trailing = parse_numbers("0,5, 1,5", 2);
    REQUIRE(trailing.ok);
    CHECK(trailing.values == Vector{0.5f, 1.5f});
}

TEST_CASE("number list: unreadable input says which entry, or how many were read") {
    ParsedNumbers p = parse_numbers("0 two 1", 3);
    CHECK_FALSE(p.ok);
    CHECK(p.problem == ParsedNumbers::Problem::NotANumber);
    CHECK(p.bad == "two");
    CHECK(p.bad_entry == 1);
    p = parse_numbers("1 2", 3);
    CHECK(p.problem == ParsedNumbers::Problem::WrongCount);
    CHECK(p.values == Vector{1, 2});
    CHECK_FALSE(p.comma_hint);
    p = parse_numbers("", 3);
    CHECK(p.problem == ParsedNumbers::Problem::Empty);
    CHECK_FALSE(parse_numbers("0x10 1 2", 3).ok);  // hexadecimal is not a lesson number
    CHECK_FALSE(parse_numbers("inf 1 2", 3).ok);
    p = parse_numbers("0,1,0,9,0,3", 3);
    CHECK(p.problem == ParsedNumbers::Problem::WrongCount);
    CHECK(p.comma_hint);
}

TEST_CASE("number list: what a Chinese keyboard types separates and reads as on an ASCII one") {
    for (const char* text : {"2\xEF\xBC\x8C"
                             "3\xEF\xBC\x8C"
                             "4",  // 2，3，4
                             "2\xE3\x80\x81"
                             "3\xE3\x80\x81"
                             "4",                                                  // 2、3、4
                             "\xEF\xBC\x92 \xEF\xBC\x93\xE3\x80\x80\xEF\xBC\x94",  // ２ ３　４
                             "\xEF\xBC\xBB"
                             "2\xEF\xBC\x9B"
                             "3\xEF\xBC\x9B"
                             "4\xEF\xBC\xBD"}) {  // ［2；3；4］
        INFO(text);
        const ParsedNumbers p = parse_numbers(text, 3);
        REQUIRE(p.ok);
        CHECK(p.values == Vector{2, 3, 4});
    }
    const ParsedNumbers p = parse_numbers(
        "\xEF\xBC\x8D"
        "0\xEF\xBC\x8E"
        "5",
        1);  // －0．5
    REQUIRE(p.ok);
    CHECK(p.values == Vector{-0.5f});
}
