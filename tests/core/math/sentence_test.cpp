#include "core/math/sentence.h"

#include <doctest/doctest.h>

#include "core/document/interface_text.h"
#include "core/math/attention_modules.h"

using attn::english;
using attn::fill_sentence;
using attn::Sentence;
using attn::sentence;

TEST_CASE("sentence: each %s takes the next argument, %% is a percent sign, a missing argument is empty") {
    CHECK(fill_sentence("d_out is %s but must be %s..%s", {"0", "1", "1024"}) == "d_out is 0 but must be 1..1024");
    CHECK(fill_sentence("100%% of %s", {"p"}) == "100% of p");
    CHECK(fill_sentence("%s and %s", {"one"}) == "one and ");
    CHECK(fill_sentence("no conversions", {"ignored"}) == "no conversions");
    CHECK(fill_sentence("%d stays as written", {}) == "%d stays as written");
    // A translation's own order names the argument.
    CHECK(fill_sentence("%2$s 中的 %1$s", {"d_out", "module"}) == "module 中的 d_out");
    CHECK(fill_sentence("%3$s", {"one"}) == "");
}

TEST_CASE("sentence: where comes first in the English the API reads, not in what the learner reads") {
    Sentence s = sentence("batch is %s but must be a whole number from 1 to 8", {"9"});
    CHECK(english(s) == "batch is 9 but must be a whole number from 1 to 8");
    s.where = "module";
    CHECK(english(s) == "module: batch is 9 but must be a whole number from 1 to 8");
    CHECK(attn::said(s, "batch 为 %s，但必须是 1 到 8 之间的整数") == "batch 为 9，但必须是 1 到 8 之间的整数");
    CHECK(attn::said(s, s.format) == "batch is 9 but must be a whole number from 1 to 8");
    Sentence none;
    none.where = "module";
    CHECK(none.empty());
    CHECK(english(none).empty());
    CHECK(english(attn::as_is("50% off", "link")) == "link: 50% off");  // text as it is, a % and all
    CHECK(attn::as_is("").empty());
}

TEST_CASE("sentence: a module's refusal is a format and its numbers, which a language's table translates") {
    attn::ModuleSettings s = attn::book_module_settings(attn::AttentionModule::MultiHeadAttention);
    s.d_out = 5;
    s.heads = 2;
    const Sentence refusal = attn::check_module_settings(s, 3, 6);
    CHECK(std::string(refusal.format) ==
          "d_out must be divisible by num_heads: d_out = %s does not split into %s heads of equal width");
    CHECK(refusal.args == std::vector<std::string>{"5", "2"});
    const attn::InterfaceTextParse zh = attn::parse_interface_text(
        R"({"format": 1, "lang": "zh-CN", "strings": {"d_out must be divisible by num_heads: d_out = %s does not split into %s heads of equal width": "d_out 必须能被 num_heads 整除：d_out = %s 无法分成 %s 个等宽的头"}})");
    REQUIRE_MESSAGE(zh.ok, zh.error);
    CHECK(attn::said(refusal, zh.text(refusal.format)) ==
          "d_out 必须能被 num_heads 整除：d_out = 5 无法分成 2 个等宽的头");
}

TEST_CASE("sentence: a second sentence after it (then) is said after a space, or none before full-width text") {
    Sentence s = attn::sentence("query is %s but there are %s tokens", {"7", "3"});
    s.where = "link";
    s.then = "(the rest of the link was applied)";
    CHECK(english(s) == "link: query is 7 but there are 3 tokens (the rest of the link was applied)");
    const auto as_written = [](const char* english_text) { return english_text; };
    CHECK(attn::said_in(s, as_written) == "query is 7 but there are 3 tokens (the rest of the link was applied)");
    const auto chinese = [](const char* english_text) -> const char* {
        if (std::string(english_text) == "query is %s but there are %s tokens") return "查询为 %s，但只有 %s 个词元";
        if (std::string(english_text) == "(the rest of the link was applied)") return "（链接的其余部分已应用）";
        return english_text;
    };
    CHECK(attn::said_in(s, chinese) == "查询为 7，但只有 3 个词元（链接的其余部分已应用）");
}
