// The learner's interactions, driven through real ImGui frames: choosing the query (table, field,
// plot, heatmap), dragging an arrow head, stepping the loop, switching examples.
#include <doctest/doctest.h>

#include <cmath>

#include "ui/frame_fingerprint.h"
#include "ui/ui.h"
#include "ui_harness.h"

using attn_test::UiHarness;

TEST_CASE("ui: every token row has its query radio button, and clicking one selects that query") {
    UiHarness h;
    for (int i = 0; i < 6; ++i) CHECK_MESSAGE(h.find("token:" + std::to_string(i)) != nullptr, "row " << i);
    REQUIRE(h.state.query == 1);
    h.click("token:3");
    CHECK(h.state.query == 3);
    h.click("token:5");
    CHECK(h.state.query == 5);
}

TEST_CASE("ui: the query field takes Up and Down while it is being edited") {
    UiHarness h;
    h.click("query:input");
    h.key(attn_test::kKeyDown);
    CHECK(h.state.query == 2);
    h.key(attn_test::kKeyUp);
    h.key(attn_test::kKeyUp);
    CHECK(h.state.query == 0);
    h.key(attn_test::kKeyUp);  // stays at the first position
    CHECK(h.state.query == 0);
}

TEST_CASE("ui: a value cell reads what the learner types, a decimal comma included") {
    UiHarness h;  // your-journey: inputs[1] = [0.55, 0.87, 0.66]
    h.click("cell:1:0");
    h.type("0,25");                           // the click selected the old text, so typing replaces it
    CHECK(h.state.inputs.at(1, 0) == 0.25f);  // 0,43 used to read as 43 (ImGui dropped the comma)
    CHECK(h.state.example.empty());           // edited data is no longer the named example
    h.key(attn_test::kKeyEnter);
    CHECK(h.ui.inputs.cell_error.empty());
    CHECK(h.state.inputs.at(1, 0) == 0.25f);
    CHECK(h.result.scores[1] == doctest::Approx(0.25f * 0.25f + 0.87f * 0.87f + 0.66f * 0.66f));

    // Text that is not a number keeps the last good value, and leaving the cell says why.
    h.click("cell:2:1");
    h.type("abc");
    CHECK(h.state.inputs.at(2, 1) == 0.85f);
    h.click("token:0");  // leave the cell
    CHECK(h.state.inputs.at(2, 1) == 0.85f);
    CHECK(h.ui.inputs.cell_error.rfind("inputs[2][1]: \"abc\" is not a number", 0) == 0);
    CHECK(h.ui.inputs.cell_error.find("it keeps 0.85") != std::string::npos);

    // Too large for float32, and nan: refused by name; a good value afterwards clears the message.
    h.click("cell:0:2");
    h.type("1e999");
    h.key(attn_test::kKeyEnter);
    CHECK(h.state.inputs.at(0, 2) == 0.89f);
    CHECK(h.ui.inputs.cell_error.find("inputs[0][2]: 1e999 is too large") == 0);
    h.click("cell:0:2");
    h.type("nan");
    h.key(attn_test::kKeyEnter);
    CHECK(h.state.inputs.at(0, 2) == 0.89f);
    CHECK(h.ui.inputs.cell_error.find("inputs[0][2]: nan") == 0);
    h.click("cell:0:2");
    h.type(" -0,5 ");
    h.key(attn_test::kKeyEnter);
    CHECK(h.state.inputs.at(0, 2) == -0.5f);
    CHECK(h.ui.inputs.cell_error.empty());
    CHECK(h.state.query == 0);  // the click on token 0's radio button made it the query
}

TEST_CASE("ui: a refused value's message goes when the data changes another way, and stays while it holds") {
    UiHarness h;  // your-journey
    h.click("cell:2:1");
    h.type("abc");
    h.click("token:0");  // leave the cell
    REQUIRE(h.ui.inputs.cell_error.rfind("inputs[2][1]: \"abc\"", 0) == 0);
    h.frames(3);
    CHECK_FALSE(h.ui.inputs.cell_error.empty());  // nothing else changed: it still says what is
    attn::State other = h.state;
    attn::load_example("three-tokens", &other);  // as the example menu or a link would
    REQUIRE(h.set_state(other).empty());
    h.frames(2);
    CHECK(h.ui.inputs.cell_error.empty());  // "it keeps 0.85" no longer holds (there is no inputs[2][1])
}

TEST_CASE("ui: dragging a 2-D arrow head changes that embedding live, and does not change the query") {
    UiHarness h("three-tokens");
    const attn::Vector before = h.state.inputs.row_vector(2);  // [0, 1]
    const ImVec2 head = h.centre("arrow:2");
    h.drag_at(head, ImVec2(60, 30));
    const attn::Vector after = h.state.inputs.row_vector(2);
    CHECK(after[0] > before[0] + 0.05f);  // moved right
    CHECK(after[1] < before[1] - 0.05f);  // moved down on screen: y decreased
    CHECK(h.state.query == 1);
    CHECK(h.state.example.empty());  // edited freely now
    // Every number follows: the score of token 2 is its new dot product with the query [2, 2].
    CHECK(h.result.scores[2] == doctest::Approx(2 * after[0] + 2 * after[1]));
}

TEST_CASE("ui: clicking an arrow head without dragging makes that token the query") {
    UiHarness h("cat-sat-mat");
    h.click("arrow:2");
    CHECK(h.state.query == 2);
    CHECK(h.state.inputs.row_vector(2) == attn::Vector{1, 0});  // a click does not move it
}

TEST_CASE("ui: dragging a head in the 3-D view moves it in the view plane") {
    UiHarness h("your-journey");
    const attn::Vector before = h.state.inputs.row_vector(4);  // "one"
    h.drag_at(h.centre("arrow:4"), ImVec2(-40, -40));
    const attn::Vector after = h.state.inputs.row_vector(4);
    float moved = 0;
    for (int k = 0; k < 3; ++k) moved += std::fabs(after[size_t(k)] - before[size_t(k)]);
    CHECK(moved > 0.05f);
    CHECK(h.state.query == 1);
}

TEST_CASE(
    "ui: the first drag of a 3-D head keeps the camera where it is (the example becoming edited refits nothing)") {
    UiHarness h("your-journey");
    REQUIRE(h.ui.plot.camera.is_3d);
    const attn::OrbitCamera before = h.ui.plot.camera;
    h.drag_at(h.centre("arrow:4"), ImVec2(-40, -40));
    REQUIRE(h.state.example.empty());  // the drag edited the inputs
    const attn::OrbitCamera& after = h.ui.plot.camera;
    CHECK(after.target.x == before.target.x);
    CHECK(after.target.y == before.target.y);
    CHECK(after.target.z == before.target.z);
    CHECK(after.distance == before.distance);
    CHECK(after.yaw == before.yaw);
}

TEST_CASE("ui: the stepper's Step fills one slot per press; Reset empties it; Play advances over time") {
    UiHarness h;
    CHECK(h.ui.loop.step == -1);
    h.click("loop:step");
    CHECK(h.ui.loop.step == 0);
    h.click("loop:step");
    CHECK(h.ui.loop.step == 1);
    h.click("loop:reset");
    CHECK(h.ui.loop.step == -1);

    h.click("loop:play");
    CHECK(h.ui.loop.playing);
    CHECK(h.ui.loop.step == 0);  // the first step comes at once
    // On a clock: the app is asked to wake when the next step is due (900 ms after the first),
    // not to draw every display frame.
    const double due = h.out.wake_at_ms;
    CHECK(due > h.now_ms);
    CHECK(due <= h.now_ms + 900);
    h.now_ms = due - 100;  // before it: no step, the same wake time
    h.frame();
    CHECK(h.ui.loop.step == 0);
    CHECK(h.out.wake_at_ms == due);
    h.now_ms = due;
    h.frame();
    CHECK(h.ui.loop.step == 1);
    CHECK(h.out.wake_at_ms == doctest::Approx(due + 900));
    h.click("loop:play");  // pause
    CHECK_FALSE(h.ui.loop.playing);
    CHECK(h.out.wake_at_ms == 0);  // paused: nothing to wake for
}

TEST_CASE("ui: with reduced motion the loop never plays by itself: Run all fills every slot at once") {
    UiHarness h;
    attn::PageOptions page;
    page.reduced_motion = true;
    h.page = &page;
    h.frame();
    h.click("loop:step");
    CHECK(h.ui.loop.step == 0);  // Step still goes one at a time
    h.click("loop:play");        // the same place, now "Run all"
    CHECK_FALSE(h.ui.loop.playing);
    CHECK(h.ui.loop.step == h.state.inputs.rows - 1);
    CHECK(h.out.wake_at_ms == 0);  // no clock to wake for
    // Playing when the learner's system asks for less motion: it stops where it is.
    page.reduced_motion = false;
    h.frame();
    h.click("loop:reset");
    h.click("loop:play");
    REQUIRE(h.ui.loop.playing);
    page.reduced_motion = true;
    h.frame();
    CHECK_FALSE(h.ui.loop.playing);
    CHECK(h.out.wake_at_ms == 0);
}

TEST_CASE("ui: the stepper restarts when the query changes") {
    UiHarness h;
    h.click("loop:step");
    h.click("loop:step");
    REQUIRE(h.ui.loop.step == 1);
    h.click("token:4");
    CHECK(h.ui.loop.step == -1);
}

TEST_CASE("ui: clicking a row of either heatmap makes that row's token the query") {
    UiHarness h;
    for (const char* name : {"heatmap:scores", "heatmap:weights"}) {
        CAPTURE(name);
        const attn::ui::LayoutItem* item = h.find(name);
        REQUIRE(item != nullptr);
        CHECK(item->rect.z == doctest::Approx(item->rect.w));  // square cells
        const int row = name[8] == 's' ? 4 : 0;
        h.click_at(ImVec2(item->rect.x + item->rect.z * 0.3f, item->rect.y + item->rect.w * (float(row) + 0.5f) / 6));
        CHECK(h.state.query == row);
    }
}

TEST_CASE("ui: switching example loads its data and resets the stepper and the view") {
    UiHarness h;
    h.click("loop:step");
    h.click("loop:step");
    h.click("example");
    h.click("example:three-tokens");
    CHECK(h.state.example == "three-tokens");
    CHECK(h.state.inputs.rows == 3);
    CHECK(h.state.inputs.cols == 2);
    CHECK(h.state.query == 1);
    CHECK(h.ui.loop.step == -1);
    CHECK_FALSE(h.ui.plot.camera.is_3d);
    CHECK(h.result.scores == attn::Vector{2, 8, 2});
}

TEST_CASE("ui: the example menu says what each example holds, in sight on a phone, and a tap anywhere on it picks it") {
    // A finger has no hover: the menu's words were a tooltip, in English on a Chinese page.
    UiHarness h("your-journey", ImVec2(390, 4000));
    h.log_text = true;
    h.click("example");
    h.frames(1);
    CHECK(h.drawn_text.find("cat, sat, mat: three 2-D vectors;") != std::string::npos);
    for (const char* name :
         {"example:your-journey", "example:three-tokens", "example:cat-sat-mat", "example:alignment"}) {
        const auto* item = h.find(name);
        REQUIRE(item != nullptr);
        CHECK(item->rect.x >= 0);
        CHECK(item->rect.x + item->rect.z <= 390);
        CHECK(item->rect.w > ImGui::GetTextLineHeight() * 1.5f);  // the name and its line below
    }
    const auto* alignment = h.find("example:alignment");
    h.click_at(ImVec2(alignment->rect.x + 20, alignment->rect.y + alignment->rect.w - 4));  // on its second line
    CHECK(h.state.example == "alignment");
    CHECK(h.state.tokens.size() == 4);
}

TEST_CASE("ui: the query's - and + buttons step through the positions and stop at the ends") {
    UiHarness h;
    h.click("query:plus");
    CHECK(h.state.query == 2);
    h.click("query:minus");
    h.click("query:minus");
    h.click("query:minus");
    CHECK(h.state.query == 0);
}

TEST_CASE("ui: the random embeddings button makes a long sequence torch.rand would make") {
    UiHarness h;
    h.click("inputs:random");
    h.click("random:generate");  // defaults: n = 256, d = 64, seed 123
    CHECK(h.state.inputs.rows == 256);
    CHECK(h.state.inputs.cols == 64);
    CHECK(h.state.tokens.front() == "t0");
    CHECK(h.state.example == "random-256x64-seed123");
    // torch.manual_seed(123); torch.rand(1) = 0.2961 -> 2 * 0.2961 - 1 = -0.4078
    CHECK(h.state.inputs.at(0, 0) == doctest::Approx(-0.4078).epsilon(1e-3));
}

TEST_CASE("ui: a frame's fingerprint: the same frame twice matches; a hover or a new query differs") {
    UiHarness h;
    h.frames(4);  // settled
    const uint64_t settled = attn::ui::frame_fingerprint(ImGui::GetDrawData());
    CHECK(settled != 0);
    h.frame();
    CHECK(attn::ui::frame_fingerprint(ImGui::GetDrawData()) == settled);  // nothing changed: nothing to draw

    h.mouse_move(h.centre("loop:step"));  // the button lights up under the pointer
    const uint64_t hovered = attn::ui::frame_fingerprint(ImGui::GetDrawData());
    CHECK(hovered != settled);
    h.frame();
    CHECK(attn::ui::frame_fingerprint(ImGui::GetDrawData()) == hovered);

    attn::State next = h.state;
    next.query = (next.query + 1) % next.inputs.rows;
    REQUIRE(h.set_state(next).empty());
    h.frame();
    CHECK(attn::ui::frame_fingerprint(ImGui::GetDrawData()) != hovered);
    CHECK(attn::ui::frame_fingerprint(nullptr) == 0);
}

TEST_CASE("ui: the inputs' cells print the matrix's decimals, as the book's literal does (0.10, not 0.1)") {
    UiHarness h;  // your-journey: [0.77, 0.25, 0.10] among values of two decimals
    h.click("cell:4:2");
    CHECK(h.ui.inputs.cell_text == "0.10");  // what the cell showed, now being edited
    h.key(attn_test::kKeyEscape);
    h.click("cell:0:0");
    CHECK(h.ui.inputs.cell_text == "0.43");
    h.key(attn_test::kKeyEscape);
    // A value too small for the matrix's decimals keeps its digits instead of reading 0.00.
    attn::State s = h.state;
    s.inputs.at(0, 1) = 3.2e-5f;
    REQUIRE(h.set_state(s).empty());
    h.click("cell:0:1");
    CHECK(h.ui.inputs.cell_text == "3.2e-05");
}

TEST_CASE("ui: a d_out typed out of range is said under the field until the state changes, then it goes") {
    // A learner walk found the message staying after the field snapped back and other edits.
    UiHarness h;
    attn::State s = h.state;
    s.projection.enabled = true;
    REQUIRE(h.set_state(s).empty());
    h.frames(2);
    h.click("projection:d_out");
    h.type("0");
    h.key(attn_test::kKeyEnter);
    h.frames(2);
    CHECK(h.state.projection.d_out == 2);  // the last good value stays
    REQUIRE(h.find("value:projection:error") != nullptr);
    CHECK(h.find("value:projection:error")->text == "d_out is 0 but must be 1..1024");
    h.click("query:plus");  // another edit: the message was about the last one, not this
    h.frames(2);
    CHECK(h.state.query == 2);
    CHECK(h.find("value:projection:error") == nullptr);
}
