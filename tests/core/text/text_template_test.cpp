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
