#include "core/document/interface_text.h"

#include <doctest/doctest.h>

#include <string>

#include "core/text/printf_text.h"

using attn::parse_interface_text;
using attn::printf_conversions;

TEST_CASE("A translation replaces the English it is keyed by, and English stays itself") {
    const auto parsed = parse_interface_text(
        R"({"format": 1, "lang": "zh-CN", "strings": {"Inputs": "输入", "Step %d of %d": "第 %d 步，共 %d 步"}})");
    REQUIRE(parsed.ok);
    CHECK(parsed.text.lang == "zh-CN");
    CHECK(std::string(parsed.text("Inputs")) == "输入");
    CHECK(std::string(parsed.text("Step %d of %d")) == "第 %d 步，共 %d 步");
    CHECK(std::string(parsed.text("Reveal")) == "Reveal");  // not translated yet: the English shows
    const attn::InterfaceText english;
    CHECK(std::string(english("Inputs")) == "Inputs");
}

TEST_CASE("printf conversions are read in order, each as written, without %%") {
    CHECK(printf_conversions("Step %d of %d") == "%d%d");
    CHECK(printf_conversions("%.2f%% of %-8s") == "%.2f%-8s");
    CHECK(printf_conversions("100%") == "%!");
    CHECK(printf_conversions("none") == "");
}

TEST_CASE("printf conversions: a translation may number them to put them in its own order") {
    // Read in the arguments' order, so "%2$d ... %1$s" matches an English "%s ... %d".
    CHECK(printf_conversions("每 %2$lld 层中有 %1$lld 层") == "%lld%lld");
    CHECK(printf_conversions("%2$d 与 %1$s") == printf_conversions("%s and %d"));
    // All numbered, each argument once: a gap, a repeat or a mix would read what was never passed.
    for (const char* bad : {"%1$d %3$d", "%1$d %1$d", "%1$d %d", "%d %2$d", "%0$d %1$d", "%10$d"}) {
        INFO(bad);
        CHECK(printf_conversions(bad).rfind("%!", 0) == 0);
    }
    // The formatter puts them where the translation says.
    const auto p = parse_interface_text(
        R"({"format": 1, "lang": "zh-CN", "strings": {"a %lld-token window in %lld of every %lld layers": )"
        R"("每 %3$lld 层中有 %2$lld 层用 %1$lld 个词元的窗口"}})");
    REQUIRE_MESSAGE(p.ok, p.error);
    CHECK(attn::printf_text(p.text("a %lld-token window in %lld of every %lld layers"), 4LL, 5LL, 6LL) ==
          "每 6 层中有 5 层用 4 个词元的窗口");
    const auto half = parse_interface_text(R"({"format": 1, "lang": "zh-CN", "strings": {"%d of %d": "%1$d"}})");
    CHECK_FALSE(half.ok);
    CHECK(half.error.find("number all of them, each once, or none") != std::string::npos);
}

TEST_CASE("A broken interface file is refused with the entry it names") {
    auto refused = [](const char* json) {
        const auto p = parse_interface_text(json);
        CHECK_FALSE(p.ok);
        return p.error;
    };
    // A translated format that would read a string where the C++ passes an int.
    const std::string swapped = refused(R"({"format": 1, "lang": "zh-CN", "strings": {"Step %d of %d": "第 %s 步"}})");
    CHECK(swapped.find("strings.Step %d of %d") != std::string::npos);
    CHECK(swapped.find("\"%d%d\"") != std::string::npos);
    // Wider reads than the C++ passes, an extra argument for *, a huge width: all refused.
    for (const char* bad : {"%lld", "%ls", "%*d", "%999999999d"})
        refused((std::string(R"({"format": 1, "lang": "zh-CN", "strings": {"n = %d": "n = )") + bad + "\"}}").c_str());
    // ImGui's hidden id must stay.
    CHECK(refused(R"({"format": 1, "lang": "zh-CN", "strings": {"Show##panel": "展开"}})").find("##panel") !=
          std::string::npos);
    CHECK(parse_interface_text(R"({"format": 1, "lang": "zh-CN", "strings": {"Show##panel": "展开##panel"}})").ok);
    CHECK(refused(R"({"format": 2, "lang": "zh-CN", "strings": {}})").find("format") != std::string::npos);
    CHECK(refused(R"({"format": 1, "lang": "", "strings": {}})").find("lang") != std::string::npos);
    CHECK(refused(R"({"format": 1, "lang": "zh-CN", "strings": {"a": ""}})").find("non-empty") != std::string::npos);
    CHECK(refused(R"({"format": 1, "lang": "zh-CN", "strings": {"a": "x\u202ey"}})").find("control") !=
          std::string::npos);
    CHECK(refused(R"({"format": 1, "lang": "zh-CN", "strings": {}, "extra": 1})").find("extra") != std::string::npos);
    CHECK(refused("[1, 2").size() > 0);
}
