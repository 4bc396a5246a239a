// Placeholders in lesson text: parsed once, rendered with live values; a broken one is refused
// with where it is.
#include "core/text/text_template.h"

#include <doctest/doctest.h>

#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

TEST_CASE("text template: placeholders are replaced by name, numbers written in decimal, braces escaped") {
    const TemplateParse t = parse_template("query = inputs[{q}] picks {{which}} token? {q} again, {label}");
    REQUIRE(t.ok);
    CHECK(t.value.names == std::vector<std::string>{"q", "q", "label"});
    const std::string label = "\"cat\"";
    CHECK(render_template(t.value, {{"q", 2}, {"label", label}}) ==
          "query = inputs[2] picks {which} token? 2 again, \"cat\"");
    CHECK(t.value.has("label"));
    CHECK_FALSE(t.value.has("which"));
}

TEST_CASE("text template: a value that is not given shows as written, so a missing one is seen") {
    const TemplateParse t = parse_template("the {ordinal} token");
    REQUIRE(t.ok);
    CHECK(render_template(t.value, {}) == "the {ordinal} token");
    TemplateValues owned = {{"ordinal", "3rd"}};
    CHECK(render_template(t.value, owned) == "the 3rd token");
}

TEST_CASE("text template: broken placeholders are refused with the byte where they start") {
    struct Case {
        const char* text;
        size_t at;
        const char* says;
    };
    const Case cases[] = {
        {"an open {brace", 8, "never closed"},
        {"{Query}", 0, "a-z, 0-9"},
        {"{}", 0, "a-z, 0-9"},
        {"a {q r}", 2, "a-z, 0-9"},
        {"a stray } here", 8, "without its '{'"},
    };
    for (const Case& c : cases) {
        INFO(c.text);
        const TemplateParse t = parse_template(c.text);
        CHECK_FALSE(t.ok);
        CHECK(t.error_at == c.at);
        CHECK(contains(t.error, c.says));
    }
}

TEST_CASE("text template: no space beside a value's full-width mark, as Chinese sets it; English keeps its spaces") {
    const TemplateParse t = parse_template("处理最新词元 {token} 的那次调用");
    REQUIRE(t.ok);
    const std::string token = "\u201cstep\u201d\uff08\u4f4d\u7f6e 5\uff09";  // “step”（位置 5）
    CHECK(render_template(t.value, {{"token", token}}) ==
          "处理最新词元 \u201cstep\u201d\uff08\u4f4d\u7f6e 5\uff09的那次调用");
    CHECK(render_template(t.value, TemplateValues{{"token", token}}) ==
          "处理最新词元 \u201cstep\u201d\uff08\u4f4d\u7f6e 5\uff09的那次调用");
    const std::string plain = "\u201cstep\u201d";  // no full-width mark: the space stays
    CHECK(render_template(t.value, {{"token", plain}}) == "处理最新词元 \u201cstep\u201d 的那次调用");
    const TemplateParse before = parse_template("词元 {value}");
    REQUIRE(before.ok);
    CHECK(render_template(before.value, {{"value", "\uff08\u7a7a\uff09"}}) == "词元\uff08\u7a7a\uff09");
    const TemplateParse english = parse_template("The call for {token} scores");
    REQUIRE(english.ok);
    CHECK(render_template(english.value, {{"token", "\"step\" (position 5)"}}) ==
          "The call for \"step\" (position 5) scores");
}

TEST_CASE("text template: a full-width letter or digit is no mark: its space stays") {
    const TemplateParse t = parse_template("词元 {token} 的");
    REQUIRE(t.ok);
    CHECK(render_template(t.value, {{"token", "\uff21\uff22"}}) == "词元 \uff21\uff22 的");  // ＡＢ
}

TEST_CASE("text template: sentences joined in code lose the space beside a full-width mark, not elsewhere") {
    CHECK(tidy_wide_spacing("空白单元格。 每一行都相同。") == "空白单元格。每一行都相同。");
    CHECK(tidy_wide_spacing("列出前 32 个键（共 40 个）。 第 2 句") == "列出前 32 个键（共 40 个）。第 2 句");
    CHECK(tidy_wide_spacing("A blank cell. Each row is the same.") == "A blank cell. Each row is the same.");
    CHECK(tidy_wide_spacing("词元 \uff21\uff22 的") == "词元 \uff21\uff22 的");  // full-width letters: no mark
    CHECK(tidy_wide_spacing("") == "");
    CHECK(tidy_wide_spacing(" 。") == "。");
}

TEST_CASE("A further sentence follows after a space, or none beside a full-width mark") {
    // A Chinese walk read "exp(100) = inf。 于是各 exp 之和" and "每个词元一个。 如果你用的是小数逗号".
    std::string zh = "每个词元一个。";
    attn::append_sentence(&zh, "如果你用的是小数逗号（0,5），请用空格分隔。");
    CHECK(zh == "每个词元一个。如果你用的是小数逗号（0,5），请用空格分隔。");
    std::string en = "One per token.";
    attn::append_sentence(&en, "With a decimal comma, separate them with spaces.");
    CHECK(en == "One per token. With a decimal comma, separate them with spaces.");
    std::string empty;
    attn::append_sentence(&empty, "First.");
    CHECK(empty == "First.");
    attn::append_sentence(&empty, "");
    CHECK(empty == "First.");
}
