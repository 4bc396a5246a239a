// The core's refusals in the learner's language: a setting the class cannot take is refused by the
// core (core/math/sentence.h) and said in the module panel in the interface's language, with the
// numbers the learner typed; the page's API keeps the English.
#include <doctest/doctest.h>

#include <string>

#include "ui_harness.h"

using attn_test::UiHarness;

namespace {

// GroupedQueryAttention with 6 heads in 2 groups, and 4 typed into num_kv_groups.
void type_four_groups(UiHarness* h) {
    attn::State s = h->book_class_alone(attn::AttentionModule::GroupedQueryAttention);
    s.module.settings.d_out = 6;
    s.module.settings.heads = 6;
    REQUIRE(h->set_state(s).empty());
    h->frames(3);
    h->click("module:kv_groups");
    h->key(attn_test::kKeyBackspace);
    h->type("4");
    h->key(attn_test::kKeyEnter);
    h->frames(2);
}

}  // namespace

TEST_CASE("ui: the core's refusal of a module setting is said in the interface's language, with the typed numbers") {
    SUBCASE("English") {
        UiHarness h("your-journey", ImVec2(1280, 2400));
        type_four_groups(&h);
        INFO("refused: " << attn::english(h.input_error) << " / panel: " << h.ui.module.error);
        CHECK(h.state.module.settings.kv_groups == 2);  // the last good setting stays
        const attn::ui::LayoutItem* said = h.find("value:module:refusal");
        REQUIRE(said != nullptr);
        // Under the settings, without the API's "module: " (the panel says what it is about).
        CHECK(said->text ==
              "num_heads must be divisible by num_kv_groups: 6 heads do not share 4 key and value groups "
              "evenly (try a divisor of 6)");
        CHECK(attn::english(h.input_error) == "module: " + said->text);
        CHECK(h.find("value:input-error") == nullptr);  // said once, not again at the top
    }
    SUBCASE("Chinese") {
        const attn::InterfaceText zh = attn_test::interface_language("zh-CN");
        UiHarness h("your-journey", ImVec2(1280, 2400));
        h.words = &zh;
        type_four_groups(&h);
        CHECK(h.state.module.settings.kv_groups == 2);
        const attn::ui::LayoutItem* said = h.find("value:module:refusal");
        REQUIRE(said != nullptr);
        CHECK(said->text == "num_heads 必须能被 num_kv_groups 整除：6 个头无法平均共享 4 组键和值（请试 6 的约数）");
        // What the page's API and the CLI read stays English.
        CHECK(attn::english(h.input_error).find("do not share 4 key and value groups") != std::string::npos);
    }
}

TEST_CASE("ui: num_kv_groups: + steps to the next divisor of num_heads; a typed 3 is not moved to 4 but refused") {
    UiHarness h("your-journey", ImVec2(1280, 2400));
    attn::State s = h.book_class_alone(attn::AttentionModule::GroupedQueryAttention);  // 4 heads, 2 groups
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    h.click("module:kv_groups:plus");
    h.frames(2);
    CHECK(h.state.module.settings.kv_groups == 4);  // 3 does not divide 4: the step goes on to 4
    h.click("module:kv_groups:minus");
    h.frames(2);
    CHECK(h.state.module.settings.kv_groups == 2);
    // The arrow keys while typing step the same way, in the field's own text: nothing refused after.
    h.click("module:kv_groups");
    h.key(attn_test::kKeyUp);
    h.frames(3);
    CHECK(h.state.module.settings.kv_groups == 4);
    CHECK(attn::english(h.input_error).empty());
    h.key(attn_test::kKeyDown);
    h.frames(3);
    CHECK(h.state.module.settings.kv_groups == 2);
    CHECK(attn::english(h.input_error).empty());
    h.click("module:kv_groups");
    h.key(attn_test::kKeyBackspace);
    h.type("3");
    h.frames(2);
    CHECK(h.state.module.settings.kv_groups == 2);  // the last good setting stays
    const attn::ui::LayoutItem* said = h.find("value:module:refusal");
    REQUIRE(said != nullptr);
    CHECK(said->text.find("4 heads do not share 3 key and value groups") != std::string::npos);
}
