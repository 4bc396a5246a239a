// What the panels show for different states: the PCA note past three dimensions, the mode
// selector, the projection toggle and its validation, 1024 tokens, the phone layout.
#include "ui/panels.h"

#include <doctest/doctest.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cctype>
#include <cstring>

#include "core/lesson/track.h"
#include "core/math/torch_rng.h"
#include "core/text/tensor_format.h"
#include "ui/lesson_panels.h"
#include "ui/query_row.h"
#include "ui/theme.h"
#include "ui/touch_routing.h"
#include "ui_harness.h"

using attn_test::UiHarness;

namespace {

attn::State random_state(int n, int d) {
    attn::TorchGenerator gen(5);
    attn::State s;
    s.inputs = gen.rand(n, d);
    for (int i = 0; i < n; ++i) s.tokens.push_back("t" + std::to_string(i));
    s.query = 1;
    return s;
}

// The book's classes panel alone (as a course page embeds it, all of it in view), running class
// m with the book's settings.
attn::State module_alone(const attn::State& base, attn::AttentionModule m) {
    attn::State s = base;
    s.panels = {"module"};
    s.module.enabled = true;
    s.module.settings = attn::book_module_settings(m);
    return s;
}

}  // namespace

TEST_CASE("ui: a PCA note appears for more than three dimensions, and only then") {
    UiHarness h;
    CHECK(h.find("note:pca") == nullptr);
    REQUIRE(h.set_state(random_state(6, 5)).empty());
    h.frames(2);
    CHECK(h.find("note:pca") != nullptr);
    CHECK_FALSE(h.ui.plot.camera.is_3d);
    CHECK(h.ui.plot.pca.dims == 5);
    // The heads are still there to pick and drag.
    CHECK(h.find("arrow:0") != nullptr);
    const attn::Vector before = h.state.inputs.row_vector(3);
    h.drag_at(h.centre("arrow:3"), ImVec2(30, 20));
    CHECK(h.state.inputs.row_vector(3) != before);
}

TEST_CASE("ui: the normalisation buttons set the mode that drives the weights") {
    UiHarness h;
    h.click("norm:sum");
    CHECK(h.state.norm == attn::Norm::Sum);
    CHECK(h.result.weights == h.result.weights_sum);
    h.click("norm:softmax-naive");
    CHECK(h.state.norm == attn::Norm::SoftmaxNaive);
    h.click("norm:softmax");
    CHECK(h.state.norm == attn::Norm::Softmax);
}

TEST_CASE("ui: naive softmax overflow is explained, not hidden") {
    attn::State s;
    attn::load_example("your-journey", &s);
    s.lab_scale = 100;  // scores near 150: exp overflows float32
    const attn::AttentionResult result = attn::compute_attention(s);
    const attn::ui::Textures textures;
    const attn::Sentence no_error;
    const attn::ui::QueryRow r = attn::ui::query_row(attn::ui::FrameInput{s, result, no_error, textures});
    const std::string why = attn::ui::non_finite_reason(r, attn::Norm::SoftmaxNaive);
    CHECK(why.find("overflows") != std::string::npos);
    CHECK(attn::ui::non_finite_reason(r, attn::Norm::Softmax).empty());
    UiHarness h;
    s.norm = attn::Norm::SoftmaxNaive;
    REQUIRE(h.set_state(s).empty());
    h.frames(2);  // draws inf/nan without trouble
    CHECK(h.find("panel:plot") != nullptr);
}

TEST_CASE("ui: dividing masked scores by their sum is explained: -inf is for softmax") {
    // A learner's walk met nan above the diagonal with "÷ sum" and the causal mask on, under a
    // line saying the masked weights are 0. PyTorch gives the same nan; the screen says why.
    attn::State s;
    attn::load_example("your-journey", &s);
    s.causal = true;
    s.norm = attn::Norm::Sum;
    const attn::AttentionResult result = attn::compute_attention(s);
    const attn::ui::Textures textures;
    const attn::Sentence no_error;
    const attn::ui::QueryRow r = attn::ui::query_row(attn::ui::FrameInput{s, result, no_error, textures});
    const std::string why = attn::ui::non_finite_reason(r, attn::Norm::Sum, s.causal);
    CHECK(why.find("-inf / -inf is nan") != std::string::npos);
    CHECK(why.find("Masking with -inf is for softmax") != std::string::npos);
    CHECK(attn::ui::non_finite_reason(r, attn::Norm::Softmax).empty());
}

TEST_CASE("ui: the projection toggle turns on the trainable version; invalid settings never apply") {
    UiHarness h;
    h.click("projection:toggle");
    REQUIRE(h.state.projection.enabled);
    CHECK(h.result.has_projection);
    CHECK(h.find("plot:keys") != nullptr);  // the plot can switch to query/key space

    SUBCASE("d_out 0 is refused with a message and the last good state stays") {
        h.click("projection:d_out");
        h.key(attn_test::kKeyBackspace);
        h.key(attn_test::kKeyBackspace);
        h.type("0");
        // Refused by the panel, in the interface's words, before the core sees it.
        CHECK(h.ui.ui_error == "d_out is 0 but must be 1..1024");
        CHECK(h.state.projection.d_out == 2);
        h.frames(2);
    }
    SUBCASE("a negative seed is refused by the UI itself") {
        h.click("projection:seed");
        for (int k = 0; k < 4; ++k) h.key(attn_test::kKeyBackspace);
        h.type("-5");
        CHECK(h.state.projection.seed == 123);
        CHECK(h.ui.ui_error.find("seed") != std::string::npos);
        h.frames(2);
    }
    SUBCASE("switching the plot to queries & keys") {
        h.click("plot:keys");
        CHECK(h.ui.plot.space == attn::ui::PlotSpace::QueriesKeys);
        h.frames(2);
        CHECK(h.find("arrow:0") != nullptr);
    }
}

TEST_CASE("ui: 1024 tokens draw and the heatmaps still take clicks") {
    UiHarness h;
    REQUIRE(h.set_state(random_state(1024, 4)).empty());
    h.frames(2);
    // How long such a frame takes is measured by the benchmarks (bench/), not asserted here: a
    // time limit in a unit test fails on a loaded machine.
    h.frames(5);
    const attn::ui::LayoutItem* item = h.find("heatmap:scores");
    REQUIRE(item != nullptr);
    h.click_at(ImVec2(item->rect.x + 5, item->rect.y + item->rect.w * (700.5f / 1024)));
    CHECK(h.state.query == doctest::Approx(700).epsilon(0.01));
}

TEST_CASE("ui: heatmap columns keep names that tell tokens apart, else numbers") {
    UiHarness h("your-journey", ImVec2(2400, 1400));  // cells wide enough for a few letters
    h.frames(2);
    const attn::ui::LayoutItem* journey = h.find("value:heatmap-columns:scores");
    REQUIRE(journey != nullptr);
    CHECK(journey->text.rfind("Your|", 0) == 0);  // the example's six names fit (or cut apart)
    // Long labels that share their first letters: cut to a prefix, every column would read "token_."
    attn::State s = h.state;
    for (size_t i = 0; i < s.tokens.size(); ++i) s.tokens[i] = "token_number_" + std::to_string(i);
    REQUIRE(h.set_state(s).empty());
    h.frames(2);
    const attn::ui::LayoutItem* cut = h.find("value:heatmap-columns:scores");
    REQUIRE(cut != nullptr);
    CHECK(cut->text == "0|1|2|3|4|5");
    // Long labels that differ early are cut, and the cuts still tell them apart.
    for (size_t i = 0; i < s.tokens.size(); ++i) s.tokens[i] = std::string(1, char('a' + i)) + "_long_label_name";
    REQUIRE(h.set_state(s).empty());
    h.frames(2);
    const attn::ui::LayoutItem* named = h.find("value:heatmap-columns:scores");
    REQUIRE(named != nullptr);
    CHECK(named->text.rfind("a_", 0) == 0);
    CHECK(named->text.find("b_") != std::string::npos);
}

TEST_CASE("ui: the phone layout is one column with every panel, and taps still select") {
    UiHarness h("your-journey", ImVec2(390, 844));
    for (const char* name : {"token:0", "panel:plot"}) CHECK_MESSAGE(h.find(name) != nullptr, name);
    const attn::ui::LayoutItem* plot = h.find("panel:plot");
    REQUIRE(plot != nullptr);
    CHECK(plot->rect.z > 300);  // nearly the full width
    h.click("token:4");
    CHECK(h.state.query == 4);
    // A finger drag that starts on no widget (the panel's title line) scrolls the column.
    const float title_y = h.centre("example").y - ImGui::GetFontSize() * 2.3f;
    CHECK(h.find("loop:step") == nullptr);  // below the fold: not drawn
    h.drag_at(ImVec2(300, title_y), ImVec2(0, -700), 10);
    CHECK(h.state.query == 4);
    REQUIRE(h.find("loop:step") != nullptr);
    h.click("loop:step");
    CHECK(h.ui.loop.step == 0);
}

// True while the inputs table is wider than its panel and scrolls sideways.
static bool inputs_table_scrolls_sideways() {
    for (const ImGuiWindow* w : GImGui->Windows)
        if (w->Active && std::strstr(w->Name, "tokens-wide")) return true;
    return false;
}

// The inputs table's rows region as last drawn (its clip and its edges), or null.
static const ImGuiWindow* inputs_rows_window() {
    const ImGuiWindow* rows = nullptr;
    for (const ImGuiWindow* w : GImGui->Windows)
        if (w->Active && std::strstr(w->Name, "/tokens_")) rows = w;
    return rows;
}

TEST_CASE("ui: on a phone every embedding value keeps the width to show it; only a narrower screen scrolls sideways") {
    // 390 px: the book's three dimensions and the score fit (the rows' scrollbar takes no room
    // while every row is in view, and the score column is as wide as its numbers). 320 px (a
    // 1280 px window at 400%): each value keeps its width and the table scrolls sideways.
    for (const float width : {390.0f, 320.0f}) {
        CAPTURE(width);
        UiHarness h("your-journey", ImVec2(width, 844));
        h.on_touch_screen();
        h.frames(3);
        CHECK(inputs_table_scrolls_sideways() == (width < 390.0f));
        // A one-line field draws its text from FramePadding.x and clips it at its own edge.
        const float fits = ImGui::CalcTextSize("0.43").x + ImGui::GetStyle().FramePadding.x;
        int cells = 0;
        for (int c = 0; c < 3; ++c) {
            const attn::ui::LayoutItem* cell = h.find("cell:0:" + std::to_string(c));
            if (!cell) continue;  // scrolled out of view to the right
            ++cells;
            CHECK_MESSAGE(cell->rect.z >= fits, "inputs[0][" << c << "] is " << cell->rect.z << " px wide");
        }
        CHECK(cells >= 1);
        if (width >= 390.0f) {
            CHECK(cells == 3);
            // and the score, whole, inside the rows' own clip (a column cut at the panel's edge is not)
            const attn::ui::LayoutItem* score = h.find("value:score:0");
            REQUIRE(score != nullptr);
            const ImGuiWindow* rows = inputs_rows_window();
            REQUIRE(rows != nullptr);
            CHECK(score->rect.x + score->rect.z <= rows->InnerClipRect.Max.x);
        }
        REQUIRE(h.find("token:3") != nullptr);
        h.click("token:3");  // the rows still take taps
        CHECK(h.state.query == 3);
    }
}

TEST_CASE("ui: on a phone a score with more digits or a minus sign still shows whole in its column") {
    // The column is as wide as its widest number: -24.1234 was cut at the rows' edge.
    UiHarness h("your-journey", ImVec2(390, 844));
    h.on_touch_screen();
    attn::State s = h.state;
    for (float& v : s.inputs.data) v *= 4;
    for (int c = 0; c < s.inputs.cols; ++c) s.inputs.at(0, c) = -s.inputs.at(0, c);
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    const ImGuiWindow* rows = inputs_rows_window();
    REQUIRE(rows != nullptr);
    for (int i = 0; i < s.inputs.rows; ++i) {
        const attn::ui::LayoutItem* score = h.find("value:score:" + std::to_string(i));
        if (!score) continue;  // scrolled out of view
        CAPTURE(score->text);
        const float text_right = score->rect.x + ImGui::CalcTextSize(score->text.c_str()).x;
        // Inside its cell's padding, at the table's right (where the table is wider than the phone,
        // it scrolls sideways; the rows here all fit, so no scrollbar takes room).
        const float cell_right = rows->Pos.x + rows->Size.x - 2;
        CHECK(text_right <= cell_right - ImGui::GetStyle().CellPadding.x + 0.5f);
    }
}

TEST_CASE("ui: a watch link in a frame as tall as its content asks the page around it to scroll to the panel") {
    UiHarness h("your-journey", ImVec2(390, 844));
    h.on_touch_screen();
    h.go_to_step(4);
    h.frames(3);
    SUBCASE("the demo's own column scrolls: it scrolls itself, and asks the page for nothing") {
        h.click("lesson:watch:plot");
        h.frames(3);
        CHECK(h.page_scrolls.empty());
    }
    SUBCASE("a frame sized to the content: nothing to scroll, so the page is asked, to the panel's top") {
        for (int k = 0; k < 6; ++k) {  // as a host page does: the frame follows the content's height
            ImGui::GetIO().DisplaySize = ImVec2(390, std::ceil(h.out.content_height));
            h.frames(3);
        }
        REQUIRE(ImGui::GetIO().DisplaySize.y == doctest::Approx(std::ceil(h.out.content_height)));
        h.page_scrolls.clear();
        const attn::ui::LayoutItem* panel = h.find("panel-box:plot");
        REQUIRE(panel != nullptr);
        const float panel_top = panel->rect.y;
        h.click("lesson:watch:plot");
        h.frames(3);
        REQUIRE(h.page_scrolls.size() == 1);  // once, where the layout has settled
        CHECK(h.page_scrolls.front() == doctest::Approx(panel_top).epsilon(0.01));
    }
}

TEST_CASE("ui: with more dimensions than fit, \"showing 2 of 6\" wraps under its field, never cut at the edge") {
    UiHarness h("your-journey", ImVec2(320, 700));  // 400% zoom of a 1280 px window
    attn::State s = h.state;
    s.example.clear();
    s.inputs = attn::Matrix(s.inputs.rows, 6, 0.5f);
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    const attn::ui::LayoutItem* showing = h.find("inputs:showing");
    REQUIRE(showing != nullptr);
    const attn::ui::LayoutItem* field = h.find("inputs:first-dim");
    REQUIRE(field != nullptr);
    // Within the window's width (the panel is the whole width at 320 px), not past its edge.
    CHECK(showing->rect.x + showing->rect.z <= 320.0f);
}

TEST_CASE("ui: on a laptop the inputs table fits its panel: no sideways scrolling, and no value cut") {
    UiHarness laptop("your-journey", ImVec2(1280, 800));
    laptop.frames(3);
    CHECK_FALSE(inputs_table_scrolls_sideways());
    for (int c = 0; c < 3; ++c) {
        const attn::ui::LayoutItem* cell = laptop.find("cell:0:" + std::to_string(c));
        REQUIRE(cell != nullptr);
        CHECK(cell->rect.z >= ImGui::CalcTextSize("0.43").x + ImGui::GetStyle().FramePadding.x);
    }
}

TEST_CASE("ui: a new query brings its row of the weight bars into view when the list is taller than the room") {
    UiHarness h("your-journey", ImVec2(1280, 800));  // panel 3 shows four of the six rows
    h.frames(3);
    REQUIRE(h.find("value:softmax:0") != nullptr);
    REQUIRE(h.find("value:softmax:5") == nullptr);  // below the fold of the bars
    h.set_query(5);
    CHECK(h.find("value:softmax:5") != nullptr);  // the query's row scrolled into view
    h.set_query(0);
    CHECK(h.find("value:softmax:0") != nullptr);
}

TEST_CASE("ui: the token table brings the query's row, and the loop's token as it steps, into view") {
    // A teacher's six-token lesson at 1366 x 768 showed three of the six rows; a query at 4, or the
    // loop stepping past the third token, was out of sight.
    UiHarness h("your-journey", ImVec2(1366, 520));
    h.frames(3);
    REQUIRE(h.find("token:0") != nullptr);
    REQUIRE(h.find("token:5") == nullptr);  // below the fold of the rows
    h.set_query(5);
    CHECK(h.find("token:5") != nullptr);
    CHECK(h.find("token:0") == nullptr);
    // The loop from the start: its first token comes back into view, then each one it reaches.
    for (int k = 0; k < 6; ++k) {
        h.click("loop:step");
        h.frames(3);
        CHECK_MESSAGE(h.find("token:" + std::to_string(k)) != nullptr, "the loop at token " << k);
    }
    // Another query starts the loop again: its first step brings token 0 back, as the first did
    // (the loop's token 0 was the last one brought into view before).
    h.set_query(3);
    h.click("loop:step");
    h.frames(3);
    REQUIRE(h.find("token:0") != nullptr);
    h.set_query(5);
    REQUIRE(h.find("token:0") == nullptr);
    h.click("loop:step");
    h.frames(3);
    CHECK(h.find("token:0") != nullptr);
}

TEST_CASE("ui: while step 1 asks which token inputs[q] is, the token table shows that row, unmarked") {
    // A teacher's walk: step 1 asked about inputs[4] at 1366 x 768, and the table showed three rows.
    UiHarness h("your-journey", ImVec2(1366, 768));
    const attn::State journey = h.state;  // six tokens
    attn::State s = h.go_to_step(1);
    s.tokens = journey.tokens;
    s.inputs = journey.inputs;
    s.example = journey.example;
    s.query = 5;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    REQUIRE(h.lesson.concealed.query_token);
    REQUIRE(h.find("token:0") == nullptr);            // the table is shorter than its six rows
    CHECK(h.find("token:5") != nullptr);              // the question's position, in view to be read
    CHECK(h.find("value:query-token")->text == "?");  // which token it is stays the learner's to say
}

TEST_CASE("ui: on a phone, once the lesson has scrolled away, a bar keeps the step, Back and Next a tap away") {
    UiHarness h("your-journey", ImVec2(390, 844));
    attn::State s = h.go_to_step(9);
    CHECK(h.find("lesson:bar:next") == nullptr);  // the band itself is in view: no bar
    REQUIRE(h.find("lesson:next") != nullptr);
    // The reader scrolls far down the column (swipes; tested in the browser tests), to a panel.
    for (ImGuiWindow* w : GImGui->Windows)
        if (w->Active && std::strstr(w->Name, "/column_") && w->ScrollMax.y > 0) ImGui::SetScrollY(w, 2000);
    h.frames(3);
    REQUIRE(h.find("lesson:bar:next") != nullptr);
    CHECK(h.find("lesson:next")->rect.y < 0);  // the band's own buttons are far above the screen
    h.click("lesson:bar:next");
    h.frames(3);
    CHECK(h.state.step == 10);
    REQUIRE(h.find("lesson:next") != nullptr);
    CHECK(h.find("lesson:next")->rect.y >= 0);  // and the new step's words are in view again
    CHECK(h.find("lesson:bar:next") == nullptr);
}

TEST_CASE("ui: on a phone, a long step read down past its Back and Next brings the bar, the band still in view") {
    // A learner's walk: after step 4's Reveal, Back and Next were above the screen and no bar
    // showed (the band was still partly in view); Next took a 250 px swipe back up.
    UiHarness h("your-journey", ImVec2(390, 844));
    h.reveal(h.go_to_step(9));
    const attn::ui::LayoutItem* next = h.find("lesson:next");
    REQUIRE(next != nullptr);
    CHECK(h.find("lesson:bar:next") == nullptr);
    // Down the step's words to its verdict, as a learner reads on (the band is taller than the screen).
    const attn::ui::LayoutItem* verdict = nullptr;
    for (float down = 100; down < 4000 && !verdict; down += 100) {
        for (ImGuiWindow* w : GImGui->Windows)
            if (w->Active && std::strstr(w->Name, "/column_") && w->ScrollMax.y > 0) ImGui::SetScrollY(w, down);
        h.frames(2);
        verdict = h.find("lesson:verdict:right") ? h.find("lesson:verdict:right") : h.find("lesson:verdict:wrong");
    }
    REQUIRE(verdict != nullptr);  // the band's revealed words are on screen
    CHECK(verdict->rect.y > 0);
    CHECK((h.find("lesson:next") == nullptr || h.find("lesson:next")->rect.y < 0));  // its Next is not
    REQUIRE(h.find("lesson:bar:next") != nullptr);
    h.click("lesson:bar:next");
    h.frames(3);
    CHECK(h.state.step == 10);
}

TEST_CASE("ui: on a phone a tap on a (?) opens its help within the screen; a tap elsewhere closes it") {
    // A learner's walk: a tap on "(?)" did nothing (a finger has no hover); only a press held
    // showed it, running off the screen's right edge. (A phone's width; tall enough for the
    // weights panel to be on screen without scrolling.)
    UiHarness h("your-journey", ImVec2(390, 4000));
    REQUIRE(h.find("help:lab-scale") != nullptr);
    REQUIRE(h.find("help:lab-scale")->rect.y < 3900);
    h.log_text = true;
    h.click("help:lab-scale");
    h.mouse_move(ImVec2(-100, -100));  // the finger lifted: no hover
    h.frames(2);
    CHECK(h.drawn_text.find("the naive softmax overflows") != std::string::npos);
    const ImGuiWindow* popup = nullptr;
    for (ImGuiWindow* w : GImGui->Windows)
        if (w->Active && (w->Flags & ImGuiWindowFlags_Tooltip)) popup = w;
    REQUIRE(popup != nullptr);
    CHECK(popup->Pos.x >= 0);
    CHECK(popup->Pos.x + popup->Size.x <= 390);
    h.mouse_move(ImVec2(195, 400));
    h.mouse_down(true);
    h.mouse_down(false);
    h.frames(2);
    CHECK(h.drawn_text.find("the naive softmax overflows") == std::string::npos);
}

TEST_CASE("ui: reduced motion shows the loop highlight at full strength at once") {
    UiHarness h;
    h.ui.reduced_motion = true;
    h.click("loop:step");
    const attn::ui::FrameInput in{h.state, h.result, h.input_error, h.textures, h.now_ms, nullptr,
                                  1.0f,    0,        &h.module,     &h.lesson};
    CHECK(attn::ui::loop_highlight(in, h.ui) == 1.0f);
}

TEST_CASE("ui: the page's options reach the UI: dark theme, reduced motion") {
    UiHarness h;
    attn::PageOptions options;
    options.theme = attn::Theme::Dark;
    options.reduced_motion = true;
    h.page = &options;
    h.frames(2);
    CHECK(ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x < 0.2f);
    CHECK(h.out.plot.background.r < 0.2f);
    CHECK(h.ui.reduced_motion);
    options.theme = attn::Theme::Light;
    options.reduced_motion = false;
    h.frames(2);
    CHECK(ImGui::GetStyle().Colors[ImGuiCol_WindowBg].x > 0.8f);
    CHECK(h.out.plot.background.r == 1.0f);
    CHECK_FALSE(h.ui.reduced_motion);
}

TEST_CASE("ui: far from the origin and zoomed far in, the grid still ends (float steps would not)") {
    UiHarness h;
    attn::State s;
    s.tokens = {"far", "near"};
    s.inputs = attn::Matrix::from_rows({{3.0e7f, 1.0e7f}, {3.0e7f, 1.0e7f + 1}});
    REQUIRE(h.set_state(s).empty());
    h.frames(2);
    for (int k = 0; k < 80; ++k) h.click("plot:zoom-in");
    CHECK(h.ui.plot.camera.half_extent < 1.0f);
    CHECK(h.out.plot.lines.size() < 1000);
}

TEST_CASE("ui: a link's step past the lesson's end says so, and its Start button goes into the lesson") {
    UiHarness h;
    attn::State s = attn::enter_step(attn::builtin_chapter_lesson(), 1, h.state);
    s.step = 20;  // a link's #step=20: a lesson file may have up to 30 steps; the chapter has 14
    REQUIRE(h.set_state(s).empty());
    h.frames(2);
    REQUIRE(h.find("lesson:start-from-missing") != nullptr);
    h.click("lesson:start-from-missing");
    h.frames(2);
    CHECK(h.state.step == 1);
    CHECK(h.find("lesson:start-from-missing") == nullptr);
    // A learner who had been at step 6: back there.
    s = h.state;
    s.step = 6;
    REQUIRE(h.set_state(s).empty());
    h.frames(2);
    s = h.state;
    s.step = 20;
    REQUIRE(h.set_state(s).empty());
    h.frames(2);
    h.click("lesson:start-from-missing");
    h.frames(2);
    CHECK(h.state.step == 6);
}

TEST_CASE("ui: a lesson step outlines the panels it is about, and free exploration none") {
    UiHarness h;
    for (const char* p : {"inputs", "plot", "loop", "weights", "heatmaps", "projection"})
        CHECK_MESSAGE(h.find(std::string("highlight:") + p) == nullptr, p);
    REQUIRE(h.set_state(attn::enter_step(attn::builtin_chapter_lesson(), 1, h.state))
                .empty());  // step 1: pick the query by position
    h.frames(2);
    CHECK(h.find("highlight:inputs") != nullptr);
    CHECK(h.find("highlight:loop") != nullptr);
    CHECK(h.find("highlight:heatmaps") == nullptr);
    REQUIRE(h.set_state(attn::enter_step(attn::builtin_chapter_lesson(), 8, h.state)).empty());  // all queries at once
    h.frames(2);
    for (const std::string& p : attn::builtin_chapter_lesson().step(8)->watch)
        if (p != "lesson" && p != "code") CHECK_MESSAGE(h.find("highlight:" + p) != nullptr, p);
    CHECK(h.find("highlight:loop") == nullptr);
}

TEST_CASE("ui: on a laptop a lesson step folds the panels of its columns it does not watch; Show unfolds one") {
    UiHarness h;
    const attn::Lesson& lesson = attn::builtin_chapter_lesson();
    REQUIRE(h.set_state(attn::enter_step(lesson, 5, h.state)).empty());  // watches "Scores to weights"
    h.frames(3);
    // The middle column is about the weights: the plot above them folds to its title.
    REQUIRE(h.find("unfold:plot") != nullptr);
    CHECK(h.find("arrow:0") == nullptr);  // no 3-D view drawn
    const attn::ui::LayoutItem* weights = h.find("highlight:weights");
    REQUIRE(weights != nullptr);
    CHECK(weights->rect.w > 0.8f * 800 * 0.7f);  // nearly the whole column's height
    // Columns the step does not watch keep every panel.
    CHECK(h.find("unfold:inputs") == nullptr);
    CHECK(h.find("unfold:loop") == nullptr);
    h.click("unfold:plot");
    h.frames(2);
    CHECK(h.find("unfold:plot") == nullptr);
    CHECK(h.find("arrow:0") != nullptr);
    // Another step folds afresh.
    REQUIRE(h.set_state(attn::enter_step(lesson, 3, h.state)).empty());
    h.frames(2);
    REQUIRE(h.set_state(attn::enter_step(lesson, 5, h.state)).empty());
    h.frames(2);
    CHECK(h.find("unfold:plot") != nullptr);
    // Free exploration folds nothing.
    attn::State free = h.state;
    free.step = 0;
    REQUIRE(h.set_state(free).empty());
    h.frames(2);
    CHECK(h.find("unfold:plot") == nullptr);
}

namespace {

// The text a "value:<name>" layout item shows, or "(none)".
std::string shown(const UiHarness& h, const std::string& name) {
    const attn::ui::LayoutItem* item = h.find("value:" + name);
    return item ? item->text : "(none)";
}

}  // namespace

TEST_CASE("ui: while a question asks for a value, no panel shows it; the reveal shows it everywhere") {
    UiHarness h;
    attn::State s = h.state;
    s = attn::enter_step(attn::builtin_chapter_lesson(), 5, s);  // cat-sat-mat: which normalisation is sharper?
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    for (int i = 0; i < 3; ++i) {
        CHECK(shown(h, "sum:" + std::to_string(i)) == "?");
        CHECK(shown(h, "softmax:" + std::to_string(i)) == "?");
        CHECK(shown(h, "naive:" + std::to_string(i)) == "?");
    }
    CHECK(shown(h, "heatmap:weights") == "?");
    CHECK(shown(h, "context") == "?");
    CHECK(shown(h, "scores:1") == "5.0000");  // the scores are given; only the weights are asked for
    s = h.reveal(s);
    CHECK(shown(h, "softmax:1") == "0.9362");
    CHECK(shown(h, "sum:1") == "0.6250");
    CHECK(shown(h, "heatmap:weights") == "3x3");
}

TEST_CASE("ui: while the causal mask's question asks how many keys a query sees, no score shows a -inf") {
    // A learner's walk found the inputs panel listing the query's masked scores (-inf) at step 10:
    // the count it asks for. Every panel covers what covers_scores() covers, as the text version
    // does. (The rows the squeezed panel draws are recorded; each of them must be covered.)
    UiHarness h;
    attn::State s = h.go_to_step(10);
    REQUIRE(s.causal);
    const auto scores_shown = [&] {
        std::vector<std::string> out;
        for (int i = 0; i < s.inputs.rows; ++i)
            if (h.find("value:score:" + std::to_string(i))) out.push_back(shown(h, "score:" + std::to_string(i)));
        return out;
    };
    const std::vector<std::string> asked = scores_shown();
    REQUIRE_FALSE(asked.empty());
    for (const std::string& text : asked) CHECK(text == "?");
    s = h.reveal(s);
    const std::vector<std::string> revealed = scores_shown();
    REQUIRE_FALSE(revealed.empty());
    for (const std::string& text : revealed) CHECK(text != "?");
}

TEST_CASE("ui: the causal mask's question draws no covered value in red (a red ? says it is not finite)") {
    // With the mask on, softmax's covered column still sums to 1 but divide-by-sum's does not: the
    // error colour on the sum row's "?" told which columns held -inf before the question was answered.
    UiHarness h;
    h.go_to_step(10);
    REQUIRE(h.state.causal);
    // Compared without alpha: a faded red "?" is red all the same.
    const ImU32 rgb = IM_COL32(255, 255, 255, 0);
    const ImU32 red = ImGui::ColorConvertFloat4ToU32(attn::ui::error_color()) & rgb;
    const ImFontGlyph* mark = ImGui::GetFont()->FindGlyph('?');
    REQUIRE(mark != nullptr);
    int red_marks = 0, marks = 0;  // glyph quads: the glyph's top-left texel is its first vertex's uv
    const ImDrawData* data = ImGui::GetDrawData();
    for (int n = 0; n < data->CmdListsCount; ++n)
        for (const ImDrawVert& v : data->CmdLists[n]->VtxBuffer)
            if (v.uv.x == mark->U0 && v.uv.y == mark->V0) {
                ++marks;
                red_marks += (v.col & rgb) == red;
            }
    CHECK(marks > 10);  // the covered scores, weights and sums are drawn
    CHECK(red_marks == 0);
}

TEST_CASE("ui: step 1 does not say which token the query is until it is revealed") {
    UiHarness h;
    attn::State s = h.go_to_step(1);
    CHECK(shown(h, "query-token") == "?");
    CHECK(shown(h, "plot:query-arrow") == "?");
    s.lesson.answer = 1;
    s.lesson.revealed = true;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(shown(h, "query-token") == "the 2nd token, \"token 1\"");
    CHECK(shown(h, "plot:query-arrow") == "token 1");
}

TEST_CASE("ui: with the projection on, the score column, the loop and the weights follow queries @ keys.T") {
    UiHarness h;
    attn::State s = h.state;  // your-journey, seed 123, d_out 2: the book's projected scores
    s.projection.enabled = true;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    const attn::ProjectionResult& p = h.result.projection;
    CHECK(shown(h, "score:1") == attn::format_fixed(p.scores[1], 4));
    CHECK(shown(h, "scores:1") == attn::format_fixed(p.lab_scores[1], 4));
    CHECK(shown(h, "softmax:1") == attn::format_fixed(p.weights_softmax[1], 4));
    CHECK(shown(h, "title:loop").find("queries[q]") != std::string::npos);
    CHECK(shown(h, "title:weights").find("trainable") != std::string::npos);
}

TEST_CASE("ui: Leave brings back what the learner had before the lesson; the mask of step 10 goes off") {
    UiHarness h;
    attn::State mine = h.state;
    mine.query = 4;
    mine.inputs.at(0, 0) = 0.25f;
    mine.example.clear();
    REQUIRE(h.set_state(mine).empty());
    h.frames(2);
    h.click("lesson:start");
    REQUIRE(h.state.step == 1);
    h.click("lesson:step:10");
    REQUIRE(h.state.step == 10);
    REQUIRE(h.state.causal);
    h.click("lesson:leave");
    CHECK(h.state.step == 0);
    CHECK_FALSE(h.state.causal);
    CHECK(h.state.query == 4);
    CHECK(h.state.inputs.data == mine.inputs.data);
    CHECK(h.find("lesson:leave") == nullptr);  // nothing to leave any more
}

TEST_CASE("ui: the causal mask box on the heatmaps panel masks the numbers and says so on both panels") {
    UiHarness h;
    CHECK(h.find("badge:masked:heatmaps") == nullptr);
    CHECK(h.find("badge:masked:weights") == nullptr);
    h.click("heatmap:causal");
    REQUIRE(h.state.causal);
    h.frames(2);
    CHECK(h.find("badge:masked:heatmaps") != nullptr);
    CHECK(h.find("badge:masked:weights") != nullptr);
    // The book's query "journey" (index 1): keys 2..5 come after it, their weights are 0.
    CHECK(shown(h, "softmax:1") != "0.0000");
    CHECK(shown(h, "softmax:2") == "0.0000");
}

TEST_CASE("ui: Debug this asks the learner to judge each printed value before the check shows") {
    UiHarness h;
    h.click("lesson:mode:debug");
    REQUIRE(h.state.lesson.bug == attn::Bug::WrongQuery);
    CHECK(h.find("lesson:trace-found") == nullptr);  // nothing checked yet
    REQUIRE(h.find("lesson:trace-judge:right") != nullptr);
    // The learner says the (wrong) query is as it should be: a second look is asked for, with
    // nothing expected shown yet; said again, the check shows it differs.
    h.click("lesson:trace-judge:right");
    CHECK(h.state.lesson.trace == 0);
    CHECK(h.find("lesson:trace-look-again") != nullptr);
    CHECK(h.find("lesson:trace-found") == nullptr);
    h.click("lesson:trace-judge:right");
    CHECK(h.find("lesson:trace-look-again") == nullptr);
    CHECK(h.state.lesson.trace == 1);
    CHECK(h.find("lesson:trace-found") != nullptr);
    const attn::TraceRecord* walked = h.lesson.record.trace(attn::Bug::WrongQuery);
    REQUIRE(walked != nullptr);
    CHECK(walked->said == "1");
    CHECK(walked->found);
    h.click("lesson:trace-reset");
    CHECK(h.state.lesson.trace == 0);
    CHECK(h.lesson.record.trace(attn::Bug::WrongQuery)->said.empty());
    // A click on the current bug's own button starts it over too, on its own inputs again.
    const int query = h.state.query;
    h.click("lesson:trace-judge:right");
    h.click("lesson:trace-judge:right");
    attn::State edited = h.state;
    edited.query = (query + 1) % edited.inputs.rows;
    REQUIRE(h.set_state(edited).empty());
    h.frames(2);
    REQUIRE(h.state.lesson.trace == 1);
    h.click("lesson:bug:wrong-query");
    CHECK(h.state.lesson.trace == 0);
    CHECK(h.state.query == query);
    CHECK(h.lesson.record.trace(attn::Bug::WrongQuery)->said.empty());
    CHECK(h.lesson.record.trace(attn::Bug::WrongQuery)->found);  // found once stays found
}

TEST_CASE("ui: Escape closes the PyTorch code window while it has the focus, and only then") {
    UiHarness h("your-journey", ImVec2(1000, 700));
    h.click("lesson:code-toggle");
    REQUIRE(h.find("panel:code") != nullptr);
    h.click("heatmap:causal");  // the focus elsewhere: Escape leaves the window open
    h.key(attn_test::kKeyEscape);
    h.frames(2);
    CHECK(h.find("panel:code") != nullptr);
    h.click("code:copy");  // in the window
    h.key(attn_test::kKeyEscape);
    h.frames(2);
    CHECK(h.find("panel:code") == nullptr);
    CHECK_FALSE(h.ui.code.open);
}

// The rows the code view drew, checked: every comment fits the view's width at its indent, no
// code line wider than the view keeps a comment after it, and every character is drawn once.
void check_code_rows(const attn::ui::CodeUi& code, bool* continued, bool* moved, bool* indented) {
    REQUIRE(code.wrapped_columns > 20);
    for (const auto& row : code.rows) {
        const std::string text = code.code.substr(row.begin, row.end - row.begin);
        const bool comment = row.continuation || text.rfind("# ", 0) == 0;
        if (comment && text.find(' ') != std::string::npos)
            CHECK_MESSAGE(row.indent + int(text.size()) + (row.continuation ? 4 : 0) <= code.wrapped_columns, text);
        // A code line wider than the view keeps no comment after it: that went on the rows under it.
        if (!comment && int(text.size()) > code.wrapped_columns)
            CHECK_MESSAGE(text.find("  # ") == std::string::npos, text);
        CHECK_MESSAGE((text.empty() || text.find_first_not_of(' ') != std::string::npos), "a row of spaces only");
        *continued |= row.continuation;
        if (comment && !row.continuation && row.indent > 0) {
            // After code on its line (moved under it), or after spaces only (a comment indented).
            const size_t newline = row.begin == 0 ? std::string::npos : code.code.rfind('\n', row.begin - 1);
            const size_t from = newline == std::string::npos ? 0 : newline + 1;
            const bool after_code = code.code.find_first_not_of(' ', from) < row.begin;
            *moved |= after_code;
            *indented |= !after_code;
        }
    }
    // Every character of the code is drawn once, in order: the rows cover it, newlines and the
    // spaces at a break aside.
    std::string drawn, written;
    for (const auto& row : code.rows) drawn += code.code.substr(row.begin, row.end - row.begin);
    for (char c : code.code)
        if (c != '\n') written += c;
    drawn.erase(std::remove(drawn.begin(), drawn.end(), ' '), drawn.end());
    written.erase(std::remove(written.begin(), written.end(), ' '), written.end());
    CHECK(drawn == written);
    for (size_t i = 1; i < code.rows.size(); ++i) CHECK(code.rows[i].begin >= code.rows[i - 1].end);
}

TEST_CASE("ui: the PyTorch code breaks long comments to the view's width, and keeps code lines whole") {
    UiHarness h("your-journey", ImVec2(1000, 700));
    h.click("lesson:code-toggle");
    REQUIRE(h.find("panel:code") != nullptr);
    attn::State causal = h.state;  // the mask's line and its comment are wider than the window
    causal.causal = true;
    REQUIRE(h.set_state(causal).empty());
    h.frames(2);
    bool continued = false, moved = false, indented = false;
    check_code_rows(h.ui.code, &continued, &moved, &indented);
    CHECK(continued);  // the book's 6 x 6 weights print wider than a 420-pixel window
    CHECK(moved);      // "mask = torch.triu(torch.ones(6, 6), diagonal=1)  # ..." is wider too

    // The book repository's GroupedQueryAttention: comments inside its methods are indented, and
    // break at their own indent (no row of spaces before them).
    attn::State gqa = h.state;
    gqa.module.enabled = true;
    gqa.module.settings = attn::book_module_settings(attn::AttentionModule::GroupedQueryAttention);
    REQUIRE(h.set_state(gqa).empty());
    h.frames(3);
    continued = moved = indented = false;
    check_code_rows(h.ui.code, &continued, &moved, &indented);
    CHECK(indented);
}

TEST_CASE("ui: a few listed panels fill the frame side by side instead of stacking in one column") {
    // The course page's embed: inputs and weights at 800 x 500 get a column each.
    {
        UiHarness h("three-tokens", ImVec2(800, 500));
        attn::State s = h.state;
        s.panels = {"inputs", "weights"};
        REQUIRE(h.set_state(s).empty());
        h.frames(3);
        const auto* inputs = h.find("value:title:inputs");
        const auto* weights = h.find("value:title:weights");
        REQUIRE(inputs != nullptr);
        REQUIRE(weights != nullptr);
        CHECK(weights->rect.x > 380);                            // in the right half
        CHECK(std::fabs(weights->rect.y - inputs->rect.y) < 1);  // side by side
    }
    {  // one ImGui context at a time: each harness makes its own
        // Three panels on a wide screen: three columns across the width, none left empty.
        UiHarness w("your-journey", ImVec2(1280, 600));
        attn::State s = w.state;
        s.panels = {"plot", "weights", "heatmaps"};
        REQUIRE(w.set_state(s).empty());
        w.frames(3);
        const float x_plot = w.find("value:title:plot")->rect.x, x_weights = w.find("value:title:weights")->rect.x,
                    x_heat = w.find("value:title:heatmaps")->rect.x;
        CHECK(x_plot < 100);
        CHECK(x_weights > 400);
        CHECK(x_heat > 820);
    }
    {
        // A phone keeps one column.
        UiHarness p("three-tokens", ImVec2(360, 640));
        attn::State s = p.state;
        s.panels = {"inputs", "weights"};
        REQUIRE(p.set_state(s).empty());
        p.frames(3);
        CHECK(std::fabs(p.find("value:title:weights")->rect.x - p.find("value:title:inputs")->rect.x) < 1);
    }
}

TEST_CASE("ui: the book's classes: v2 prints the book's numbers, Exercise 3.1 makes v1 agree") {
    UiHarness h("your-journey", ImVec2(1280, 2400));  // tall: the right column shows all of the panel
    REQUIRE(h.find("module:toggle") != nullptr);
    CHECK(h.find("module:class") == nullptr);  // off: one line
    h.click("module:toggle");
    REQUIRE(h.state.module.enabled);
    CHECK(h.state.module.settings.module == attn::AttentionModule::SelfAttentionV2);
    h.frames(2);
    const attn::ui::LayoutItem* out = h.find("value:module:output");
    REQUIRE(out != nullptr);
    CHECK(out->text == "-0.0739");  // the book's first number for SelfAttention_v2, seed 789
    // The answer to Exercise 3.1 shows only once the learner asks for it.
    CHECK(h.find("value:module:exercise-difference") == nullptr);
    h.click("module:exercise");
    const attn::ui::LayoutItem* diff = h.find("value:module:exercise-difference");
    REQUIRE(diff != nullptr);
    CHECK(diff->text == "0.000000");
}

TEST_CASE("ui: the book's classes: two masking routes agree, masking with 0 leaks, dropout rescales") {
    UiHarness h("your-journey", ImVec2(1280, 2400));  // tall: the right column shows all of the panel
    attn::State s = h.state;
    s.module.enabled = true;
    s.panels = {"module"};  // the panel alone, as a course page embeds it: all of it in view
    s.module.settings = attn::book_module_settings(attn::AttentionModule::CausalAttention);
    s.module.settings.dropout = 0.5;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    REQUIRE(h.find("value:module:routes-difference") != nullptr);
    CHECK(std::stof(h.find("value:module:routes-difference")->text) <= 1e-5f);
    CHECK(h.find("value:module:leak") == nullptr);
    h.click("module:zero-mask");
    REQUIRE(h.find("value:module:leak") != nullptr);
    CHECK(std::stof(h.find("value:module:leak")->text) > 0.1f);
    // Rows after dropout do not all sum to 1 (the book's mask for this run keeps some, drops others).
    const attn::ui::LayoutItem* sums = h.find("value:module:row-sums");
    REQUIRE(sums != nullptr);
    // Some row no longer sums to 1: the list ("1.00, 0.50, ...") holds another sum.
    bool other = false;
    for (size_t at = 0; at != std::string::npos; at = sums->text.find(", ", at)) {
        at = at == 0 ? 0 : at + 2;
        REQUIRE(std::isdigit((unsigned char)sums->text[at]));
        other |= sums->text.compare(at, 4, "1.00") != 0;
    }
    CHECK(other);
    CHECK(h.find("grid:module:dropout-mask") != nullptr);
    // The planted bug of mask polarity: "Your" now gives weight to the tokens after it.
    CHECK(h.find("value:module:flipped-future") == nullptr);
    h.click("module:flipped-mask");
    REQUIRE(h.find("value:module:flipped-future") != nullptr);
    CHECK(std::stof(h.find("value:module:flipped-future")->text) > 0.5f);
    // Dropout without rescaling: rows sum to about 1 - p on average, well under the rescaled ones.
    CHECK(h.find("value:module:unscaled-mean-sum") == nullptr);
    h.click("module:unscaled-dropout");
    REQUIRE(h.find("value:module:unscaled-mean-sum") != nullptr);
    CHECK(std::stof(h.find("value:module:unscaled-mean-sum")->text) < 0.9f);
    CHECK(h.find("grid:module:dropped-unscaled") != nullptr);

    SUBCASE("a dropout p of 1 is refused by the panel, and the last good p stays") {
        h.click("module:dropout");
        for (int k = 0; k < 5; ++k) h.key(attn_test::kKeyBackspace);
        h.type("1");
        h.key(attn_test::kKeyEnter);
        CHECK(h.state.module.settings.dropout == 0.5);
        CHECK(h.ui.module.error.find("dropout p is 1") != std::string::npos);  // said in this panel
        CHECK(h.ui.ui_error.empty());  // not in the trainable panel, away from the field
        // On the line under the field, not rows further down under the other settings.
        h.frames(2);
        const attn::ui::LayoutItem* field = h.find("module:dropout");
        const attn::ui::LayoutItem* said = h.find("value:module:error");
        REQUIRE(field != nullptr);
        REQUIRE(said != nullptr);
        CHECK(said->rect.y >= field->rect.y + field->rect.w - 1);
        CHECK(said->rect.y <= field->rect.y + 2.5f * field->rect.w);
    }
}

TEST_CASE("ui: the book's classes: MultiHeadAttention's heads and the view-without-transpose bug") {
    UiHarness h("your-journey", ImVec2(1280, 2400));  // tall: the right column shows all of the panel
    attn::State s = h.state;
    s.module.enabled = true;
    s.panels = {"module"};
    s.module.settings = attn::book_module_settings(attn::AttentionModule::MultiHeadAttention);
    s.module.settings.d_out = 4;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.find("grid:module:head0") != nullptr);
    CHECK(h.find("grid:module:head1") != nullptr);
    REQUIRE(h.find("value:module:scrambled-rows") != nullptr);
    CHECK(h.find("value:module:scrambled-rows")->text == "0");
    h.click("module:view-bug");
    // Six tokens, two heads: head 0 rows 0..5 hold tokens 0,0,1,1,2,2 and head 1 rows hold 3,3,4,4,5,5: 10 rows moved.
    CHECK(h.find("value:module:scrambled-rows")->text == "10");
    // Scaling by sqrt(d_out) = 2 instead of sqrt(head_dim) = 1.41 changes head 0's weights.
    CHECK(h.find("value:module:wrong-scale-difference") == nullptr);
    h.click("module:wrong-scale");
    REQUIRE(h.find("value:module:wrong-scale-difference") != nullptr);
    CHECK(std::stof(h.find("value:module:wrong-scale-difference")->text) > 0.001f);
    CHECK(h.find("grid:module:scale-wrong") != nullptr);
    // Its parameters (3 x 4 x 3 for query, key and value, 4 x 4 + 4 for out_proj), and Exercise 3.3
    // only once asked for.
    REQUIRE(h.find("value:module:parameters") != nullptr);
    CHECK(h.find("value:module:parameters")->text == "56");
    CHECK(h.find("value:module:exercise-3.3") == nullptr);
    h.click("module:exercise-3.3");
    REQUIRE(h.find("value:module:exercise-3.3") != nullptr);
    CHECK(h.find("value:module:exercise-3.3")->text == "2,360,064");
}

TEST_CASE("ui: the book's classes: softmax over dim=1 of the batch, and Exercise 3.2 solved with a click") {
    UiHarness h("your-journey", ImVec2(1280, 2400));
    attn::State s = module_alone(h.state, attn::AttentionModule::MultiHeadWrapper);
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.find("value:module:wrong-dim-row0") == nullptr);
    h.click("module:wrong-dim");
    REQUIRE(h.find("value:module:wrong-dim-row0") != nullptr);
    CHECK(h.find("value:module:wrong-dim-row0")->text != "1.0000");  // row 0 no longer sums to 1
    // The book's wrapper: d_out 2 per head, two heads, four columns. One click on d_out's minus.
    REQUIRE(h.find("value:module:exercise-3.2") != nullptr);
    CHECK(h.find("value:module:exercise-3.2")->text == "open");
    h.click("module:d_out:minus");
    CHECK(h.state.module.settings.d_out == 1);
    CHECK(h.find("value:module:exercise-3.2")->text == "solved");
}

TEST_CASE("ui: the book's classes: Exercise 3.1 waits for qkv_bias off; MultiHeadAttention has no dim=1 bug") {
    UiHarness h("your-journey", ImVec2(1280, 2400));
    attn::State s = module_alone(h.state, attn::AttentionModule::SelfAttentionV2);
    s.module.settings.qkv_bias = true;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.find("module:exercise") == nullptr);  // v1 has no bias to load
    h.click("module:qkv_bias");
    CHECK_FALSE(h.state.module.settings.qkv_bias);
    CHECK(h.find("module:exercise") != nullptr);
    // dim=1 of MultiHeadAttention's (b, h, n, n) weights is the heads: not the bug the panel shows.
    s.module.settings = attn::book_module_settings(attn::AttentionModule::MultiHeadAttention);
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.find("module:wrong-dim") == nullptr);
}

TEST_CASE("ui: step 11's question is not answered by Exercise 3.1's button (weight.T) until the reveal") {
    UiHarness h("your-journey", ImVec2(1366, 2400));
    attn::State s = h.go_to_step(11);  // nn.Linear's weight shape?
    REQUIRE(h.find("value:module:layout") != nullptr);
    CHECK(h.find("value:module:layout")->text == "?");
    CHECK(h.find("module:exercise") == nullptr);
    s = h.reveal(s);
    CHECK(h.find("value:module:layout")->text == "(2, 3)");
    CHECK(h.find("module:exercise") != nullptr);
}

TEST_CASE("ui: step 14's question (a head's width) is not answered by the masks' words (head_dim) until the reveal") {
    // A learner walk found "to the last bit here (head_dim 1)" under the covered shape tracer.
    UiHarness h("your-journey", ImVec2(1366, 2400));
    attn::State s = h.go_to_step(14);
    REQUIRE(s.module.enabled);
    REQUIRE(h.find("value:module:mask-differences") != nullptr);
    CHECK(h.find("value:module:mask-differences")->text == "?");
    CHECK(h.find("module:pads") == nullptr);  // the section is one covered line
    s = h.reveal(s);
    REQUIRE(h.find("value:module:mask-differences") != nullptr);
    CHECK(h.find("value:module:mask-differences")->text != "?");
    CHECK(h.find("module:pads") != nullptr);
}

TEST_CASE("ui: the step buttons and the compact buttons are targets of at least 24 x 24 px") {
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.go_to_step(5);
    int checked = 0;
    for (const attn::ui::LayoutItem& item : h.ui.layout) {
        const bool step = item.name.rfind("lesson:step:", 0) == 0;
        const bool compact = item.name.rfind("unfold:", 0) == 0 || item.name.rfind("lesson:watch:", 0) == 0;
        if (!step && !compact) continue;
        CAPTURE(item.name);
        CHECK(item.rect.z >= attn::ui::kMinTarget);
        CHECK(item.rect.w >= attn::ui::kMinTarget);
        ++checked;
    }
    CHECK(checked >= 15);  // 14 steps and the folded plot's Show
}

TEST_CASE("ui: a step about the book's classes opens their panel on its own section (13: dropout, 14: heads)") {
    UiHarness h("your-journey", ImVec2(1366, 768));
    for (int step : {12, 13, 14}) {
        CAPTURE(step);
        attn::State s = h.go_to_step(step);
        h.frames(6);
        const auto section_in_view = [&](bool at_top) {
            const attn::ui::LayoutItem* panel = h.find("highlight:module");
            const attn::ui::LayoutItem* section = h.find("module:section");
            REQUIRE(panel != nullptr);
            REQUIRE(section != nullptr);
            CHECK(section->rect.y >= panel->rect.y + 2);  // clear of the panel's border
            CHECK(section->rect.y + section->rect.w <= panel->rect.y + panel->rect.w);
            // At the panel's top (under its title line) where enough follows it (12, 14; 13 once
            // answered); dropout's results wait for the answer, so before it the panel's content
            // ends soon after it: it sits lower, whole, with no blank room made to reach the top.
            if (at_top) CHECK(section->rect.y <= panel->rect.y + 2 * section->rect.w);
        };
        section_in_view(step != 13);
        if (step == 13) {
            h.reveal(s);
            h.frames(6);
            section_in_view(true);
        }
    }
}

TEST_CASE("ui: each step of the book's classes starts with its own planted bug, not the last step's") {
    UiHarness h("your-journey", ImVec2(1366, 2400));
    attn::State s = h.go_to_step(12);
    CHECK(h.ui.module.zero_mask);  // step 12's question plants the 0 fill: its box is ticked
    h.click("module:zero-mask");   // the learner unticks it: the leak's grid goes
    CHECK_FALSE(h.ui.module.zero_mask);
    h.click("module:zero-mask");
    h.ui.module.flipped_mask = true;  // and plants another bug
    s = h.go_to_step(13);
    CHECK_FALSE(h.ui.module.zero_mask);  // step 13 (dropout) opens without step 12's bugs
    CHECK_FALSE(h.ui.module.flipped_mask);
}

TEST_CASE("ui: on a phone a long answer choice wraps inside the screen, and a tap on its words picks it") {
    UiHarness h("your-journey", ImVec2(390, 844));
    h.on_touch_screen();
    attn::State s = h.go_to_step(4);  // long choices
    const attn::ui::LayoutItem* longest = nullptr;
    for (int i = 0; i < 4; ++i) {
        const attn::ui::LayoutItem* c = h.find("lesson:choice:" + std::to_string(i));
        if (!c) continue;
        CHECK_MESSAGE(c->rect.x + c->rect.z <= 390, "choice " << i << " ends at " << c->rect.x + c->rect.z);
        if (!longest || c->rect.w > longest->rect.w) longest = c;
    }
    REQUIRE(longest != nullptr);
    CHECK(longest->rect.w > ImGui::GetFrameHeight() * 1.5f);  // wrapped onto more than one line
    const std::string name = longest->name;
    h.click_at(ImVec2(longest->rect.x + longest->rect.z - 20, longest->rect.y + longest->rect.w / 2));  // its words
    CHECK(h.state.lesson.answer == std::stoi(name.substr(name.rfind(':') + 1)));
}

TEST_CASE("ui: Practice checks the typed scores through the lesson engine and shows its verdict") {
    UiHarness h;
    h.click("lesson:mode:practice");
    REQUIRE(h.state.lesson.mode == attn::LessonMode::Practice);
    REQUIRE(h.state.example == "three-tokens");
    h.click("query:plus");  // the exercise's query: inputs[2]
    REQUIRE(h.state.query == 2);
    CHECK(h.find("lesson:practice:input") == nullptr);  // a prediction first
    h.click("lesson:predict:1");
    CHECK(h.lesson.record.practice[0].prediction == 1);
    h.click("lesson:practice:input");
    h.type("0 3 1");
    h.click("lesson:practice:check");
    CHECK(h.lesson.record.practice[0].checks == 1);
    CHECK(h.lesson.record.practice[0].typed == "0 3 1");
    CHECK(h.find("lesson:practice:wrong") != nullptr);
    CHECK(h.lesson.concealed.scores);
    // Start over, then the right scores for query [0, 1]: [1,0]·[0,1] = 0, [2,2]·[0,1] = 2, [0,1]·[0,1] = 1.
    h.click("lesson:practice:reset");
    CHECK(h.state.query == 1);
    h.click("query:plus");
    h.click("lesson:predict:1");
    h.click("lesson:practice:input");
    h.type("0, 2, 1");
    h.key(attn_test::kKeyEnter);
    h.frames(2);
    CHECK(h.lesson.record.practice[0].checks == 2);
    CHECK(h.lesson.record.practice[0].typed == "0, 2, 1");
    CHECK(h.find("lesson:practice:right") != nullptr);
    CHECK(h.find("lesson:prediction:right") != nullptr);
    CHECK_FALSE(h.lesson.concealed.scores);
    CHECK(h.lesson.record.practice[0].ever_solved);
}

TEST_CASE("ui: a Practice entry checked in the text version shows in the drawing's box, beside its verdict") {
    // An accessibility review: the box kept "1, 2, x" while the verdict beside it was of "0 2 1".
    UiHarness h;
    h.click("lesson:mode:practice");
    h.click("query:plus");
    h.click("lesson:predict:1");
    h.click("lesson:practice:input");
    h.type("1, 2, x");
    h.click("lesson:practice:check");
    REQUIRE(h.lesson.record.practice[0].typed == "1, 2, x");
    // The text version's Check: the same intent, sent from the page.
    attn::State next = h.state;
    attn::lesson_apply(&h.lesson, {attn::LessonAction::CheckPractice, 0, "0 2 1"}, h.state, h.result, h.now_ms, &next,
                       &h.events);
    REQUIRE(h.set_state(next).empty());
    h.frames(2);
    CHECK(std::string(h.ui.lesson.practice[0].text) == "0 2 1");
    CHECK(h.find("lesson:practice:right") != nullptr);  // the verdict of what the box shows
    // Start over empties the box, and the old entry does not come back into it.
    h.click("lesson:practice:reset");
    h.frames(2);
    CHECK(std::string(h.ui.lesson.practice[0].text).empty());
}

TEST_CASE("ui: step 9's trainable panel does not say what the division by sqrt(d_k) is for until it is answered") {
    // A learner's walk read "keeps softmax from getting too sharp as d_k grows" in the watched
    // panel while step 9 asked what happens to the largest weight without the division.
    UiHarness h("your-journey", ImVec2(1366, 8000));  // tall enough for every panel to be drawn whole
    const attn::State s = h.go_to_step(9);
    h.log_text = true;
    h.frames(1);
    CHECK(h.drawn_text.find("d_k = 2, so") != std::string::npos);  // the panel is drawn
    CHECK(h.drawn_text.find("too sharp") == std::string::npos);
    CHECK(h.drawn_text.find("Dividing the scores by it") == std::string::npos);
    h.reveal(s);
    CHECK(h.drawn_text.find("Dividing the scores by it") != std::string::npos);  // (wrapped lines: its start)
}

TEST_CASE("ui: step 5 ticks no normalisation while it asks which one is sharper") {
    // A phone walk read "softmax \u2713" beside the question as its answer.
    UiHarness h("your-journey", ImVec2(1366, 8000));
    const attn::State s = h.go_to_step(5);
    h.log_text = true;
    h.frames(1);
    CHECK(h.drawn_text.find("naive") != std::string::npos);  // the panel's header is drawn
    for (const char* column : {"sum \u2713", "naive \u2713", "softmax \u2713"})
        CHECK(h.drawn_text.find(column) == std::string::npos);
    h.reveal(s);
    CHECK(h.drawn_text.find("softmax \u2713") != std::string::npos);
}

TEST_CASE("ui: without their code the book's classes say so and ask for it once; after a failure only Try again asks") {
    UiHarness h;
    attn::DeferredCode code;
    code.here = false;
    h.code = &code;
    attn::State s = h.state;
    s.module.enabled = true;
    s.module.settings = attn::book_module_settings(attn::AttentionModule::SelfAttentionV2);
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK_FALSE(h.module.valid);                      // not run without their code
    CHECK(h.find("value:module:output") == nullptr);  // no numbers drawn
    CHECK(h.asked_for_code > 0);
    CHECK(h.find("module:retry") == nullptr);  // nothing failed
    code.error = "attention-explainer.deferred.wasm answered HTTP 503";
    h.frames(1);
    h.asked_for_code = 0;
    h.frames(3);
    CHECK(h.asked_for_code == 0);  // a failure is not fetched again on its own
    h.click("module:retry");
    CHECK(h.asked_again > 0);
    code = attn::DeferredCode{};  // here now
    REQUIRE(h.set_state(s).empty());
    ++s.query;  // a committed change runs them, as app_code_arrived's new version does
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.module.valid);
    CHECK(h.find("value:module:output") != nullptr);
}

TEST_CASE("ui: a token label its narrow field cuts shows whole on hover; one that fits does not") {
    // A learner's walk found "journe" for "journey" in the three-column laptop layout (#28).
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::State s = h.state;
    s.tokens[1] = "journey-through-the-attention-layer";
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    const auto tooltip_shown = [] {
        const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
        return tip != nullptr && tip->Active;
    };
    h.mouse_move(h.centre("label:1"));
    h.frames(2);
    CHECK(tooltip_shown());
    h.mouse_move(h.centre("label:0"));  // "Your" fits
    h.frames(2);
    CHECK_FALSE(tooltip_shown());
}

TEST_CASE("ui: a label the numbers leave room for shows whole: \"compiler\", not \"compile\"") {
    // A teacher's sentence at 1366 x 768: the three number columns took 70% of the table while
    // their values ("0.9") needed far less, and the label field cut "compiler".
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::State s = h.state;
    s.example.clear();
    s.tokens = {"the", "compiler", "rejects", "my", "code"};
    s.inputs = attn::Matrix(5, 3);
    for (int i = 0; i < 15; ++i) s.inputs.data[size_t(i)] = 0.1f * float(1 + i % 9);
    s.query = 4;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    const attn::ui::LayoutItem* label = h.find("label:1");
    REQUIRE(label != nullptr);
    CHECK(label->rect.z >= ImGui::CalcTextSize("compiler").x + 2 * ImGui::GetStyle().FramePadding.x);
    const float fits = ImGui::CalcTextSize("0.9").x + ImGui::GetStyle().FramePadding.x;  // and each value whole
    for (int c = 0; c < 3; ++c) CHECK(h.find("cell:1:" + std::to_string(c))->rect.z >= fits);
}

TEST_CASE("ui: the PyTorch code covers what it prints while the lesson's question is open") {
    // A learner's walk read "# tensor([2., 8., 2.])" in the code view while step 3 asked how many
    // scores the loop makes (#28). The code stays; its outputs say why they are covered.
    UiHarness h;
    attn::State s = h.go_to_step(3);
    h.ui.code.open = true;  // the lesson's "PyTorch code" button
    h.frames(3);
    REQUIRE(h.find("code:copy") != nullptr);
    const std::string& code = h.ui.code.code;
    CHECK(code.find("torch.dot") != std::string::npos);
    CHECK(code.find("# tensor(") == std::string::npos);
    CHECK(code.find("# (hidden until you answer the question)") != std::string::npos);
    s = h.reveal(s);
    CHECK(h.ui.code.code.find("# tensor(") == std::string::npos);  // the step's next question asks for them
    s.lesson.question = 1;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.ui.code.code.find("# tensor(") != std::string::npos);  // both revealed: the outputs are back
}

TEST_CASE("ui: while step 3 asks how many scores the loop makes, no panel lists one row per score") {
    // A learner's walk (#28): panel 3 listed three rows of "?", the query's among them, and the token
    // table a "?" score on each row: a count of the scores, the query's included, before the answer.
    UiHarness h;
    attn::State s = h.go_to_step(3);
    REQUIRE(s.lesson.question == 0);
    CHECK(h.find("weights:covered") != nullptr);
    for (int i = 0; i < 3; ++i) {
        CHECK(shown(h, "scores:" + std::to_string(i)) == "(none)");  // no bar rows at all
        CHECK(shown(h, "score:" + std::to_string(i)).empty());       // the token table's column is blank
    }
    s = h.reveal(s);  // answered: the count is known, the next question covers the values
    CHECK(h.find("weights:covered") == nullptr);
    CHECK(shown(h, "scores:1") == "?");
    CHECK(shown(h, "score:1") == "?");
}

TEST_CASE("ui: while step 8 asks for softmax's dim the code writes dim=?, as the heatmap's heading does") {
    UiHarness h;
    attn::State s = h.go_to_step(8);
    h.ui.code.open = true;
    h.frames(3);
    REQUIRE(h.find("code:copy") != nullptr);
    CHECK(h.ui.code.code.find("dim=?") != std::string::npos);
    CHECK(h.ui.code.code.find("dim=-1") == std::string::npos);
    s.lesson.question = 1;  // the dim question answered and revealed
    s = h.reveal(s);
    CHECK(h.ui.code.code.find("dim=-1") != std::string::npos);
}

TEST_CASE("ui: step 6's lab marks the first token past the overflow only once its question is revealed") {
    UiHarness h;
    attn::State s = h.go_to_step(6);
    s.lab_scale = 20;  // "sat" scores 100: exp overflows
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.find("value:lesson:lab:overflow") == nullptr);  // red would say which token breaks
    s = h.reveal(s);
    REQUIRE(h.find("value:lesson:lab:overflow") != nullptr);
    CHECK(h.find("value:lesson:lab:overflow")->text == "sat");
}

TEST_CASE("ui: on a phone step 4's table fits the band: its reading column goes under each row") {
    // The table's height revealed, at a width (one harness, one ImGui context, at a time).
    const auto revealed_table = [](ImVec2 display, float* right_gap) {
        UiHarness h("your-journey", display);
        attn::State s = h.go_to_step(4);
        s.lesson.answer = 0;  // revealed: the reading column shows
        s.lesson.revealed = true;
        REQUIRE(h.set_state(s).empty());
        h.frames(3);
        const attn::ui::LayoutItem* table = h.find("table:alignment");
        const attn::ui::LayoutItem* band = h.find("panel:lesson");
        REQUIRE(table != nullptr);
        REQUIRE(band != nullptr);
        *right_gap = (band->rect.x + band->rect.z) - (table->rect.x + table->rect.z);
        return table->rect.w / ImGui::GetTextLineHeight();  // in lines
    };
    float phone_gap = 0, laptop_gap = 0;
    const float phone = revealed_table(ImVec2(390, 844), &phone_gap);
    const float laptop = revealed_table(ImVec2(1280, 800), &laptop_gap);
    CHECK(phone_gap >= 0);  // within the band: no sideways scroll
    CHECK(phone > 8);       // four rows, each its cells' line and its reading under it
    CHECK(laptop < phone);  // on a laptop one line a row, the reading beside the cells
    CHECK(laptop_gap >= 0);
}

TEST_CASE("ui: in a frame too short for the demo a swipe over the 3-D view scrolls the column, as the page would") {
    // An LMS's player frames the demo at the phone's height and never resizes it: nothing around
    // the frame scrolls. As the page (own_page), a swipe up over the view scrolls the column; at
    // its top a swipe down does not (the course page takes it). Embedded rules alone hand the view
    // to the page, which in such a player moved nothing (a teacher's walk).
    UiHarness h("your-journey", ImVec2(390, 1100));
    h.on_touch_screen();
    h.frames(3);
    const attn::ui::LayoutItem* found = h.find("panel:plot");
    REQUIRE(found != nullptr);
    const attn::ui::LayoutItem view = *found;
    REQUIRE(view.rect.y + 60 < 1100);
    const ImVec2 on_view(view.rect.x + view.rect.z / 2, view.rect.y + 40);
    CHECK(attn::ui::touch_claim(h.ui, on_view, false) == attn::ui::TouchClaim::Page);  // embedded: the page's
    CHECK(attn::ui::touch_scrolls_demo(on_view, ImVec2(0, -30), true));                // up: what is below
    CHECK_FALSE(attn::ui::touch_scrolls_demo(on_view, ImVec2(0, 30), true));           // the column's top
    attn::ui::touch_scroll_by(on_view, ImVec2(0, -200), false, true);
    h.frames(2);
    const attn::ui::LayoutItem* moved = h.find("panel:plot");
    REQUIRE(moved != nullptr);
    CHECK(moved->rect.y < view.rect.y - 150);
}

TEST_CASE(
    "ui: while Debug this traces repeat for repeat_interleave, the classes panel does not say which heads read which "
    "group") {
    UiHarness h;
    h.click("lesson:mode:debug");
    REQUIRE(h.find("lesson:bug:repeat-not-interleave") != nullptr);
    h.click("lesson:bug:repeat-not-interleave");
    REQUIRE(h.state.lesson.bug == attn::Bug::RepeatNotInterleave);
    h.frames(4);
    const attn::ui::LayoutItem* groups = h.find("value:module:groups");
    REQUIRE(groups != nullptr);
    CHECK(groups->text == "?");  // "repeat instead would hand group 0 to heads 0, 2": the bug itself
}

TEST_CASE("ui: a help tooltip is as wide as its text up to 28 em, and nothing in it runs past its edge") {
    UiHarness h;
    h.frames(2);
    const attn::ui::LayoutItem* softmax = h.find("norm:softmax");
    REQUIRE(softmax != nullptr);
    // The "(?)" after the softmax radio: hover it until the tooltip shows (ImGui's hover delay).
    const float font = ImGui::GetFontSize();
    const ImGuiWindow* tip = nullptr;
    for (float dx = 4; dx < font * 4 && !tip; dx += font * 0.5f) {
        h.mouse_move(ImVec2(softmax->rect.x + softmax->rect.z + dx, softmax->rect.y + softmax->rect.w / 2));
        for (int k = 0; k < 40 && !tip; ++k) {
            h.frame();
            const ImGuiWindow* w = ImGui::FindWindowByName("##Tooltip_00");
            if (w && w->Active) tip = w;
        }
    }
    REQUIRE(tip != nullptr);
    CHECK(tip->Size.x <= font * 28.0f + ImGui::GetStyle().WindowPadding.x * 2 + 1);
    CHECK(tip->Size.x >= font * 20.0f);  // a long help text fills the width, not a narrow column
    CHECK(tip->ContentSize.x <= tip->Size.x - ImGui::GetStyle().WindowPadding.x * 2 + 1);
    CHECK(tip->Size.y > font * 3);  // wrapped onto several lines
}

TEST_CASE("ui: on a phone the book's classes panel is as tall as what it shows, not what a question covers") {
    UiHarness h("your-journey", ImVec2(390, 12000));  // a phone's width, tall enough to draw every panel
    h.on_touch_screen();
    for (int step : {12, 13, 14}) {
        CAPTURE(step);
        h.go_to_step(step);
        h.frames(4);
        const float measured = h.ui.measured_h[6];                       // PanelId::Module: its content as drawn
        const attn::ui::LayoutItem* panel = h.find("highlight:module");  // the step watches the panel
        REQUIRE(panel != nullptr);
        // The estimate keeps a margin (a frame sized to it must never cut the panel), but the
        // covered sections no longer count: at most a little blank, never half a phone screen
        // (before: 370, 550 and 890 px below the content of steps 12, 13 and 14).
        CAPTURE(measured);
        CHECK(panel->rect.w >= measured);
        CHECK(panel->rect.w <= measured + 844 / 2);
    }
}

TEST_CASE("ui: a step's number, clicked, does not leave its title as a tooltip over the step's question") {
    UiHarness h;
    h.frames(2);
    h.click("lesson:start");
    // Hovering another step's number names it; once clicked, that step is shown and its title is
    // in the band already: no tooltip stays under the pointer over the question.
    h.mouse_move(h.centre("lesson:step:5"));
    h.frames(3);
    const auto tooltip_open = [] {
        ImGuiWindow* w = ImGui::FindWindowByName("##Tooltip_00");
        return w && w->Active;
    };
    CHECK(tooltip_open());
    h.click("lesson:step:5");
    REQUIRE(h.state.step == 5);
    h.frames(3);
    CHECK_FALSE(tooltip_open());
}

TEST_CASE("ui: before Start, the band names a lesson= page's lesson: its file, then its title") {
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.frames(2);
    REQUIRE(h.find("value:lesson:about") != nullptr);
    CHECK(h.find("value:lesson:about")->text == "14 steps: predict, then see the computed answer");
    // The page opens a teacher's file: named before it is here (the harness's lesson stands for it).
    h.lesson.file_name = "my-sentence.json";
    attn::lesson_set(&h.lesson, nullptr);
    h.frames(2);
    CHECK(h.find("value:lesson:about")->text == "my-sentence.json: predict, then see the computed answer");
    attn::lesson_set(&h.lesson, &attn::builtin_chapter_lesson());
    h.frames(2);
    CHECK(h.find("value:lesson:about")->text ==
          "\u201c" + attn::builtin_chapter_lesson().title + "\u201d, 14 steps: predict, then see the computed answer");
}

TEST_CASE("ui: a control's tooltip waits for the pointer to move after a click changed the screen") {
    // A learner's walk: after "Start the lesson", Leave came up under the still pointer and its
    // tooltip covered the band (#28). It shows once the pointer moves, as hovering always did.
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.frames(2);
    const auto tooltip_open = [] {
        ImGuiWindow* w = ImGui::FindWindowByName("##Tooltip_00");
        return w && w->Active;
    };
    // Start pressed at its left end, where Leave comes up (the buttons before both stay).
    const ImVec4 start_rect = h.find("lesson:start")->rect;
    const ImVec2 start(start_rect.x + 12, start_rect.y + start_rect.w / 2);
    h.click_at(start);
    REQUIRE(h.state.step == 1);
    h.frames(3);
    const ImVec4 leave = h.find("lesson:leave")->rect;  // x, y, width, height
    INFO("start ", start.x, ",", start.y, " leave ", leave.x, ",", leave.y, " ", leave.z, "x", leave.w);
    REQUIRE((start.x >= leave.x && start.x <= leave.x + leave.z && start.y >= leave.y && start.y <= leave.y + leave.w));
    // (the case in point: Leave is where Start was)
    CHECK_FALSE(tooltip_open());
    h.mouse_move(ImVec2(start.x + 6, start.y));
    h.frames(3);
    CHECK(tooltip_open());

    // A query radio clicked: the new query's row stays under the pointer, without "make inputs[2]
    // the query" over the table; a score's tooltip (text, which a phone taps to ask) still shows.
    h.click("token:2");
    REQUIRE(h.state.query == 2);
    h.frames(3);
    CHECK_FALSE(tooltip_open());
    h.click("value:score:2");
    h.frames(3);
    CHECK(tooltip_open());
}

TEST_CASE("ui: on a phone every KV-memory model's name fits its menu, and its sizes are a line under it") {
    UiHarness h("your-journey", ImVec2(390, 844));
    h.on_touch_screen();
    attn::State s = h.book_class_alone(attn::AttentionModule::GroupedQueryAttention);
    REQUIRE(h.set_state(s).empty());
    for (int preset = 0; preset < 3; ++preset) {
        h.ui.module.memory_preset = preset;
        h.frames(2);
        const attn::ui::LayoutItem* menu = h.find("module:memory-model");
        const attn::ui::LayoutItem* name = h.find("value:module:memory-preset");
        REQUIRE(menu != nullptr);
        REQUIRE(name != nullptr);
        // The name, its padding and the arrow button within the menu's width: not cut.
        const float needed =
            ImGui::CalcTextSize(name->text.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x + ImGui::GetFrameHeight();
        CHECK_MESSAGE(needed <= menu->rect.z, "\"" << name->text << "\" needs " << needed << " of " << menu->rect.z);
    }
}

TEST_CASE("ui: the KV-memory calculator's kv heads step to divisors of the heads; another number is named") {
    UiHarness h("your-journey", ImVec2(1280, 3000));
    attn::State s = h.book_class_alone(attn::AttentionModule::GroupedQueryAttention);
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    REQUIRE(h.find("module:kv-heads:plus") != nullptr);
    REQUIRE(h.ui.module.memory.kv_heads == 8);  // the repository's example: 8 of 32
    h.click("module:kv-heads:plus");
    CHECK(h.ui.module.memory.kv_heads == 16);  // not 9, which 32 heads cannot share
    h.click("module:kv-heads:minus");
    h.click("module:kv-heads:minus");
    CHECK(h.ui.module.memory.kv_heads == 4);
    // The buttons stop at the ends, 1 and all 32 heads: never a number the learner did not type
    // that the calculator then refuses (a walk pressed + at 32 and read "kv heads is 33 but...").
    for (int k = 0; k < 3; ++k) h.click("module:kv-heads:minus");
    CHECK(h.ui.module.memory.kv_heads == 1);
    for (int k = 0; k < 6; ++k) h.click("module:kv-heads:plus");
    CHECK(h.ui.module.memory.kv_heads == 32);
    CHECK(h.ui.module.memory_error.empty());
    for (int k = 0; k < 3; ++k) h.click("module:kv-heads:minus");
    CHECK(h.ui.module.memory.kv_heads == 4);
    // A typed 5 is named under the field, and the last good number stays.
    h.click("module:kv-heads");
    for (int k = 0; k < 3; ++k) h.key(attn_test::kKeyBackspace);
    h.type("5");
    h.key(attn_test::kKeyEnter);
    h.frames(2);
    CHECK(h.ui.module.memory.kv_heads == 4);
    CHECK(h.ui.module.memory_error == "kv heads is 5 but must divide the 32 heads: 1, 2, 4, 8, 16, 32");
    const attn::ui::LayoutItem* said = h.find("value:module:memory-error");
    const attn::ui::LayoutItem* field = h.find("module:kv-heads");
    REQUIRE(said != nullptr);
    REQUIRE(field != nullptr);
    CHECK(said->rect.y > field->rect.y);  // under the field, not at the panel's foot
    CHECK(said->rect.y < field->rect.y + 3 * field->rect.w);
}

TEST_CASE("ui: on a phone the book's classes panel ends where its content ends, with no blank foot") {
    // Its height estimate ran up to 550 px past the content (the KV cache's sections folded until
    // a later step): the panel is as tall as what it drew. (A phone's width; tall enough that the
    // column shows every panel, so each draws its content.)
    UiHarness h("your-journey", ImVec2(390, 9000));
    attn::State s = h.state;
    s.module.enabled = true;
    s.module.settings = attn::book_module_settings(attn::AttentionModule::GroupedQueryAttention);
    s.module.settings.decode = true;
    REQUIRE(h.set_state(s).empty());
    for (int step : {0, 13}) {
        CAPTURE(step);
        if (step) h.go_to_step(step);
        h.frames(6);
        float panel_foot = -1, content_foot = -1;
        for (const attn::ui::LayoutItem& item : h.ui.layout) {
            if (item.name == "panel-box:module") panel_foot = item.rect.y + item.rect.w;
            if (item.name.rfind("module:", 0) == 0 || item.name.rfind("value:module:", 0) == 0)
                content_foot = std::max(content_foot, item.rect.y + item.rect.w);
        }
        REQUIRE(panel_foot > 0);
        REQUIRE(content_foot > 0);
        CHECK(panel_foot - content_foot <= 6 * ImGui::GetTextLineHeightWithSpacing());
    }
}

TEST_CASE("ui: a keyboard focus request that no control took lapses, and never fires on a later change") {
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::State s = h.go_to_step(3);
    // As after Space on the Lesson tab while in the lesson: a request, and the place unchanged.
    attn::ui::ask_focus_after_move(s, &h.ui);
    h.frames(6);
    CHECK(!h.ui.lesson.focus_from);
    // The text version (or a host page) moves the lesson later: the drawing takes no focus.
    h.go_to_step(4);
    h.frames(3);
    CHECK(h.find("focus") == nullptr);
}

TEST_CASE("ui: the PyTorch code listed beside other panels floats in its window, with no empty band above them") {
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::State s = h.state;
    s.panels = {"module", "code"};
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.find("panel:lesson") == nullptr);  // it was a bordered, empty bar 49 px tall
    s.panels = {"code"};                       // alone, the code fills the band
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.find("panel:lesson") != nullptr);
}

TEST_CASE("ui: on a phone the view's tap hint is a line above the view, clear of its axis labels") {
    // A phone walk: the hint, drawn over the view's top, covered the label "x[1]".
    UiHarness h("your-journey", ImVec2(390, 4000));
    h.on_touch_screen();
    h.frames(2);
    const attn::ui::LayoutItem* hint = h.find("plot:tap-to-engage");
    const attn::ui::LayoutItem* view = h.find("panel:plot");
    REQUIRE(hint != nullptr);
    REQUIRE(view != nullptr);
    CHECK(hint->rect.y + hint->rect.w <= view->rect.y);  // its bottom above the view's top
    CHECK(hint->rect.x >= view->rect.x);
}

TEST_CASE("ui: a (?) help opened on a phone stays open when its text changes under it") {
    // Keyed by its text, the popup of step 6's scale help vanished at Reveal (its text grows by
    // what the question asked) and stayed open undrawn until the next tap.
    UiHarness h("your-journey", ImVec2(390, 4000));
    const attn::State s = h.go_to_step(6);
    h.frames(2);
    REQUIRE(h.find("help:lab-scale") != nullptr);
    h.log_text = true;
    h.click("help:lab-scale");
    h.mouse_move(ImVec2(-100, -100));  // the finger lifted: no hover
    h.frames(2);
    CHECK(h.drawn_text.find("Multiplies every score") != std::string::npos);
    CHECK(h.drawn_text.find("the naive softmax overflows") == std::string::npos);  // the question is open
    h.reveal(s);
    h.frames(2);
    CHECK(h.drawn_text.find("the naive softmax overflows") != std::string::npos);
}

TEST_CASE("ui: with a (?) help open, the next tap closes it and also does what it tapped") {
    // A walk tapped an answer with the scale help open: the tap only closed the help, and Reveal
    // still said to pick an answer first.
    UiHarness h("your-journey", ImVec2(1366, 8000));
    h.go_to_step(6);
    h.frames(2);
    h.log_text = true;
    h.click("help:lab-scale");
    h.mouse_move(ImVec2(-100, -100));
    h.frames(2);
    REQUIRE(h.drawn_text.find("Multiplies every score") != std::string::npos);
    h.click("lesson:choice:2");
    h.frames(2);
    CHECK(h.state.lesson.answer == 2);                                        // the tap chose
    CHECK(h.drawn_text.find("Multiplies every score") == std::string::npos);  // and closed the help
}

TEST_CASE("ui: a grid wider than a phone scrolls its cells sideways, its row labels staying, and a swipe moves it") {
    // A walk saw GroupedQueryAttention's (6, 8) output cut after five columns on a 390 px phone,
    // with no way to the rest.
    const auto open = [](UiHarness* h) {
        attn::State s = h->book_class_alone(attn::AttentionModule::GroupedQueryAttention);
        s.module.settings.d_out = 8;
        s.module.settings.heads = 8;
        s.module.settings.kv_groups = 2;
        REQUIRE(h->set_state(s).empty());
        h->frames(4);
    };
    const auto wide = []() -> ImGuiWindow* {
        for (ImGuiWindow* w : GImGui->Windows)
            if (w->Active && std::strstr(w->Name, "module:output##wide")) return w;
        return nullptr;
    };
    {
        UiHarness h("your-journey", ImVec2(390, 2400));
        h.on_touch_screen();
        open(&h);
        ImGuiWindow* cells = wide();
        REQUIRE(cells != nullptr);
        CHECK(cells->ScrollMax.x > 0);
        const attn::ui::LayoutItem* grid = h.find("grid:module:output");
        REQUIRE(grid != nullptr);
        CHECK(grid->rect.x + grid->rect.z <= 390.0f);  // within the screen
        CHECK(cells->Pos.x > grid->rect.x + 10);       // the tokens' labels stay left of the cells
        // A finger drawn right to left over the cells shows the columns past the edge.
        const ImVec2 on_cells(cells->Pos.x + 40, cells->Pos.y + 20);
        attn::ui::touch_scroll_by(on_cells, ImVec2(-120, 0), true, true);
        h.frames(2);
        REQUIRE(wide() != nullptr);
        CHECK(wide()->Scroll.x > 100);
    }

    UiHarness laptop("your-journey", ImVec2(1280, 2400));
    open(&laptop);
    CHECK(wide() == nullptr);  // room for all eight columns: no scrolling region
}

TEST_CASE("ui: a teacher's lesson's own sentence is named as the lesson's data, not as the learner's custom data") {
    // A teacher's walk: "example: (custom data)" over the sentence the lesson set up, though the
    // learner had changed nothing.
    std::ifstream file(std::string(ATTN_SOURCE_DIR) + "/lessons/examples/my-sentence.json");
    std::stringstream json;
    json << file.rdbuf();
    const attn::LessonParse parsed = attn::parse_lesson(json.str(), attn::builtin_catalog());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::lesson_set(&h.lesson, &parsed.lesson);
    attn::State s = attn::enter_step(parsed.lesson, 1, h.state);
    REQUIRE(s.example.empty());
    REQUIRE(h.set_state(s).empty());
    h.log_text = true;
    h.frames(3);
    CHECK(h.drawn_text.find("example: (lesson data)") != std::string::npos);
    // As short as "(custom data)": whole in the picker on a phone.
    const attn::ui::LayoutItem* picker = h.find("example");
    REQUIRE(picker != nullptr);
    CHECK(ImGui::CalcTextSize("example: (lesson data)").x + ImGui::GetFrameHeight() <= picker->rect.z);
    CHECK(h.drawn_text.find("(custom data)") == std::string::npos);
    // Changed by the learner, it is theirs.
    s.inputs.at(0, 0) = 0.7f;
    REQUIRE(h.set_state(s).empty());
    h.frames(3);
    CHECK(h.drawn_text.find("example: (custom data)") != std::string::npos);
    attn::lesson_set(&h.lesson, &attn::builtin_chapter_lesson());  // (before the parsed lesson goes)
}

TEST_CASE("ui: on a laptop a Reveal scrolls the question's column to a line's start, never cutting a line in half") {
    // A teacher's walk: eight tokens made eight choices, taller than the question's column; the
    // Reveal scrolled the verdict into view with ImGui's rule (its end at the lower edge), and
    // the line at the top edge, a choice, showed in half.
    const std::string long_prose = "A line the teacher wrote about her sentence, long enough to take a few rows. ";
    std::string lines;
    for (int k = 0; k < 3; ++k)
        lines += std::string(k ? "," : "") + "{\"prose\": \"" + long_prose + long_prose + long_prose + "\"}";
    const std::string json = R"({"format": 1, "id": "eight-tokens", "lang": "en", "title": "Eight tokens",
      "setup": {"tokens": ["compiler", "translates", "source", "programs", "into", "machine", "instructions", "quickly"],
                "inputs": [[0.1, 0.8, 0.8], [0.3, 0.5, 0.4], [0.7, 0.8, 0.1], [0.0, 0.8, 0.4],
                           [0.8, 0.0, 0.4], [0.7, 0.2, 0.9], [0.9, 0.0, 0.0], [0.5, 0.9, 0.4]], "query": 1},
      "steps": [{"title": "Which word is the query?", "watch": ["inputs"], "lines": [)" +
                             lines + R"(], "questions": [{"ask": "which-token"}]},
                {"title": "More", "lines": [{"prose": "More."}]}]})";
    const attn::LessonParse parsed = attn::parse_lesson(json, attn::builtin_catalog());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::lesson_set(&h.lesson, &parsed.lesson);
    REQUIRE(h.set_state(attn::enter_step(parsed.lesson, 1, h.state)).empty());
    h.frames(3);
    ImGuiWindow* column = nullptr;
    for (ImGuiWindow* w : GImGui->Windows)
        if (w->Active && std::strstr(w->Name, "/lesson_question")) column = w;
    REQUIRE(column != nullptr);
    REQUIRE(column->ScrollMax.y > 0);  // the choices are taller than the column
    h.click("lesson:choice:0");        // a wrong one: the verdict and a common mistake
    // Down to Reveal, as the learner's wheel does, then a click on it.
    for (float down = 0; down <= column->ScrollMax.y && !h.find("lesson:reveal"); down += 10) {
        ImGui::SetScrollY(column, down);
        h.frames(2);
    }
    h.click("lesson:reveal");
    h.frames(4);
    REQUIRE(h.find("lesson:verdict:wrong") != nullptr);
    const float view_top = column->InnerRect.Min.y, gap = ImGui::GetStyle().ItemSpacing.y;
    // The topmost choice in view starts at the view's top: no part of a line above it shows.
    const attn::ui::LayoutItem* first = nullptr;
    for (const auto& item : h.ui.layout)
        if (item.name.rfind("lesson:choice:", 0) == 0 && (!first || item.rect.y < first->rect.y)) first = &item;
    REQUIRE(first != nullptr);
    CHECK(first->rect.w >= ImGui::GetFrameHeight() - 0.5f);  // whole (a recorded item is clipped to the view)
    CHECK(first->rect.y >= view_top);
    CHECK(first->rect.y - view_top <= gap);
    // And the verdict's words show to their end (the blank kept below them aside).
    CHECK(column->Scroll.y + column->InnerRect.GetHeight() >= column->ContentSize.y - h.ui.lesson.reveal_room - gap);
    attn::lesson_set(&h.lesson, &attn::builtin_chapter_lesson());  // (before the parsed lesson goes)
}

TEST_CASE("ui: on a laptop a Reveal whose words fit the question's column leaves no blank and no scroll") {
    // A reviewer: the blank kept for scrolling to a line's start stayed under a short step's
    // verdict and made the band taller until the next step.
    UiHarness h("your-journey", ImVec2(1366, 768));
    for (const int step : {1, 2, 10}) {
        INFO("step " << step);
        h.go_to_step(step);
        h.click("lesson:choice:0");
        h.click("lesson:reveal");
        h.frames(6);
        ImGuiWindow* column = nullptr;
        for (ImGuiWindow* w : GImGui->Windows)
            if (w->Active && std::strstr(w->Name, "/lesson_question")) column = w;
        REQUIRE(column != nullptr);
        REQUIRE((h.find("lesson:verdict:right") != nullptr || h.find("lesson:verdict:wrong") != nullptr));
        CHECK(h.ui.lesson.reveal_room == 0);
        CHECK(column->Scroll.y == 0);
        CHECK(column->ScrollMax.y == 0);
    }
}

TEST_CASE("ui: before Start, the chapter's band offers the lesson after it, where the page can open one") {
    // A walk found the lesson after chapter 3 only at the chapter's end, five scrolls down its wrap-up.
    UiHarness h("your-journey", ImVec2(1366, 768));
    REQUIRE(h.find("lesson:start") != nullptr);
    CHECK(h.find("lesson:after-chapter") == nullptr);  // a page that cannot open lessons (a graded course)
    attn::PageOptions page;
    page.opens_lessons = true;
    h.page = &page;
    h.frames(3);
    REQUIRE(h.find("lesson:after-chapter") != nullptr);
    h.click("lesson:after-chapter");
    CHECK(h.opened_lesson == "generation");
    page.embed = true;  // a course page's embed shows what its author chose
    h.frames(3);
    CHECK(h.find("lesson:after-chapter") == nullptr);
    h.page = nullptr;
}

TEST_CASE("ui: in a graded lesson, Leave, Practice and Debug this wait while the step's question is open") {
    // A teacher's walk: Leave with a question open showed every score, then the answer scored.
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.lesson.graded = true;
    h.go_to_step(1);  // one question
    h.log_text = true;
    h.frames(2);
    // Said in the band, not only in a hover's tooltip (a finger or a keyboard gets no tooltip).
    CHECK(h.drawn_text.find("wait until you have revealed this step's answers") != std::string::npos);
    for (const char* away : {"lesson:leave", "lesson:mode:practice", "lesson:mode:debug"}) {
        INFO(away);
        h.click(away);
        h.frames(2);
        CHECK(h.state.step == 1);
        CHECK(h.state.lesson.mode == attn::LessonMode::Track);
    }
    // Revealed: Leave works.
    h.reveal(h.state, 0);
    h.click("lesson:leave");
    h.frames(3);
    CHECK(h.state.step == 0);
}
