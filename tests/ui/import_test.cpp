// The Import / Export box driven through real ImGui frames: what a learner types or pastes is what
// the box holds, tabs of a spreadsheet row and characters past U+FFFF included.
#include <doctest/doctest.h>

#include <string>

#include "ui/import_panel.h"
#include "ui/ui.h"
#include "ui_harness.h"

using attn_test::UiHarness;

namespace {

// Opens the popup and gives its text box the keyboard.
void open_import_box(UiHarness& h) {
    h.click("import:open");
    h.frames(2);
    h.click("import:text");
}

}  // namespace

TEST_CASE("ui: tabs typed or pasted into the import box stay tabs, so TSV rows keep their cells") {
    UiHarness h;
    open_import_box(h);
    // A spreadsheet copy: label, tab, value with a decimal comma, tab, value; two rows.
    h.type("\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D\t0,5\t1\nworld\t-2\t3,25");
    h.frames(2);
    CHECK(h.ui.import.text == "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D\t0,5\t1\nworld\t-2\t3,25");
    REQUIRE_MESSAGE(h.ui.import.parsed.ok, h.ui.import.parsed.error);
    CHECK(h.ui.import.parsed.tokens == std::vector<std::string>{"\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", "world"});
    CHECK(h.ui.import.parsed.inputs.at(0, 0) == 0.5f);
    CHECK(h.ui.import.parsed.inputs.at(1, 1) == 3.25f);
}

TEST_CASE("ui: a character past U+FFFF typed into the import box stays itself") {
    UiHarness h;
    open_import_box(h);
    h.type("\"\xF0\x9F\x98\x80\",1,2");  // an emoji label: U+1F600
    h.frames(2);
    CHECK(h.ui.import.text == "\"\xF0\x9F\x98\x80\",1,2");
    REQUIRE_MESSAGE(h.ui.import.parsed.ok, h.ui.import.parsed.error);
    CHECK(h.ui.import.parsed.tokens == std::vector<std::string>{"\xF0\x9F\x98\x80"});
}

TEST_CASE("ui: a paste the page hands over opens the import box with the text") {
    UiHarness h;
    attn::ui::import_panel_paste(&h.ui, "a\t1\t2\nb\t3\t4");
    h.frames(3);
    CHECK(h.find("import:text") != nullptr);  // the popup is open
    CHECK(h.ui.import.text == "a\t1\t2\nb\t3\t4");
    REQUIRE(h.ui.import.parsed.ok);
    CHECK(h.ui.import.parsed.inputs.rows == 2);
}

TEST_CASE("ui: without its reader, a paste waits in the box, nothing applies, and the reader is asked for") {
    UiHarness h;
    attn::DeferredCode code;
    code.here = false;  // the web's deferred code, not fetched yet
    h.code = &code;
    attn::ui::import_panel_paste(&h.ui, "a\t1\t2\nb\t3\t4");
    h.frames(3);
    CHECK(h.ui.import.text == "a\t1\t2\nb\t3\t4");  // kept
    CHECK_FALSE(h.ui.import.parsed_valid);
    CHECK_FALSE(h.ui.import.parsed.ok);  // Apply stays off
    CHECK(h.asked_for_code > 0);
    code.here = true;  // the page has it now
    h.frames(2);
    REQUIRE(h.ui.import.parsed.ok);
    CHECK(h.ui.import.parsed.inputs.rows == 2);
}

TEST_CASE("ui: the empty import box says where its reading appears: beside it, or under it on a phone") {
    // (One harness at a time: each owns the ImGui context.)
    const auto hint_at = [](ImVec2 display) {
        UiHarness h("your-journey", display);
        h.click("import:open");
        h.frames(2);
        const auto* hint = h.find("value:import:hint");
        REQUIRE(hint != nullptr);
        return hint->text;
    };
    CHECK(hint_at(ImVec2(1366, 768)) == "Paste or type here; what the text reads as appears beside it.");
    CHECK(hint_at(ImVec2(390, 844)) == "Paste or type in the box above; what the text reads as appears here.");
}
