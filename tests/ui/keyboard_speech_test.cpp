// What a screen reader hears as the keyboard moves in the drawing (ui/keyboard_speech.h): the
// panel the arrows reach, then inside it each control by its name, value and state, in the
// interface's language. Driven by the keys a learner presses, through Dear ImGui's own navigation.
#include <doctest/doctest.h>

#include <string>

#include "ui/import_panel.h"
#include "ui_harness.h"

using attn_test::UiHarness;

namespace {

// The keyboard moves ImGui's focus, as on the page (imgui_backend.cpp).
void keyboard_on(UiHarness* h) {
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    h->frames(2);
}

// Presses key and returns what it made the drawing say ("" for nothing).
std::string press(UiHarness* h, int key) {
    const size_t before = h->said.size();
    h->key(key);
    h->frames(2);
    std::string said;
    for (size_t k = before; k < h->said.size(); ++k) said += (said.empty() ? "" : " | ") + h->said[k];
    return said;
}

// From the page's top to the query position's field, as a keyboard goes there: into the panels,
// into panel 1, down to its field.
void to_query_field(UiHarness* h) {
    using namespace attn_test;
    keyboard_on(h);
    for (int key : {kKeyDown, kKeyDown, kKeySpace}) press(h, key);
    REQUIRE(press(h, kKeyDown) == "query position: 1, text field");
}

// Step 2, then b by the keyboard: step 1, the keyboard's focus on its first choice.
void back_to_step_1(UiHarness* h) {
    using namespace attn_test;
    h->go_to_step(2);
    keyboard_on(h);
    press(h, kKeyDown);
    press(h, kKeySpace);
    h->type("b");
    h->frames(4);
    REQUIRE(h->state.step == 1);
}

}  // namespace

TEST_CASE("ui: keyboard moves in the drawing say the panel, then each control by its name, value and state") {
    // A screen-reader walk heard nothing at all as the arrows moved through the drawing.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    CHECK(h.said.empty());  // nothing before a key
    // Between panels: each by its title.
    CHECK(press(&h, kKeyDown) == "Guided lesson, panel");
    CHECK(press(&h, kKeyDown) == "1 Inputs: pick the query, panel");
    // Into one (Space): its controls by their names and values, as the screen shows them.
    CHECK(press(&h, kKeySpace) == "example: your-journey, list");
    CHECK(press(&h, kKeyDown) == "query position: 1, text field");
    CHECK(press(&h, kKeyDown) == "token table, group");
    CHECK(press(&h, kKeySpace) == "make inputs[0] the query, not checked");
    CHECK(press(&h, kKeyDown) == "make inputs[1] the query, checked");  // the query, a radio button
    CHECK(press(&h, kKeyRight) == "tokens[1]: journey, text field");
    CHECK(press(&h, kKeyRight) == "inputs[1][0]: 0.55, text field");
    // Out again (Escape): the group, then the panel.
    CHECK(press(&h, kKeyEscape) == "token table, group");
    CHECK(press(&h, kKeyEscape) == "1 Inputs: pick the query, panel");
    // A checkbox says its state, and says it again when Space changes it.
    CHECK(press(&h, kKeyDown) == "2 The score loop: one dot product per token, panel");
    CHECK(press(&h, kKeyRight) == "3 Scores to weights, and the context vector, panel");
    CHECK(press(&h, kKeyRight) == "Trainable attention: W_query, W_key, W_value, panel");
    CHECK(press(&h, kKeySpace) == "use W_query, W_key, W_value, not checked");
    CHECK(press(&h, kKeySpace) == "use W_query, W_key, W_value, checked");
    CHECK(h.state.projection.enabled);
    // A key that moves nothing says nothing (the status line is not filled with repeats).
    const ImGuiID on = GImGui->NavId;
    CHECK(press(&h, kKeyUp) == "");
    CHECK(GImGui->NavId == on);
}

TEST_CASE("ui: a number's - and + buttons say the value they leave, under the keyboard's focus") {
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    to_query_field(&h);
    CHECK(press(&h, kKeyRight) == "decrease query position: 1, button");
    CHECK(press(&h, kKeySpace) == "decrease query position: 0");  // said again: the focus stayed, the value moved
    CHECK(h.state.query == 0);
    CHECK(press(&h, kKeyRight) == "increase query position: 0, button");
}

TEST_CASE("ui: n in the drawing says the new step's first choice, not the control the focus left") {
    // The focus moves in the middle of a frame (the new step's first choice takes it): the name
    // reported earlier in that frame was the old control's.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.go_to_step(3);
    keyboard_on(&h);
    press(&h, kKeyDown);
    REQUIRE(press(&h, kKeySpace) == "Lesson, button, selected");  // the mode tab in use
    const size_t before = h.said.size();
    h.type("n");
    h.frames(4);
    REQUIRE(h.state.step == 4);
    REQUIRE(h.said.size() > before);
    // The question first (reaching its choices), then the choice and its place among them:
    // "Predict: <prompt>? <choice>, not checked, 1 of 4".
    const attn::Question& q = h.lesson.questions.at(0);
    REQUIRE(q.prompt.back() == '?');
    CHECK(h.said.back() ==
          "Predict: " + q.prompt + " " + q.choices.at(0) + ", not checked, 1 of " + std::to_string(q.choices.size()));
    for (size_t k = before; k < h.said.size(); ++k) CHECK(h.said[k].find("Lesson") == std::string::npos);
}

TEST_CASE("ui: the arrow keys go through a question's choices in reading order, however they wrap") {
    // A keyboard walk: with the choices on two rows, Down from the second skipped the third, and
    // Right stopped at the end of the first row.
    using namespace attn_test;
    for (const float width : {1366.0f, 390.0f}) {
        INFO("width " << width);
        UiHarness h("your-journey", ImVec2(width, 844));
        back_to_step_1(&h);  // whose three choices take two rows
        const std::vector<std::string>& choices = h.lesson.questions.at(0).choices;
        const std::string n = std::to_string(choices.size());
        for (size_t k = 1; k < choices.size(); ++k)  // Down and Right alike, one by one
            CHECK(press(&h, k % 2 ? kKeyDown : kKeyRight) ==
                  choices[k] + ", not checked, " + std::to_string(k + 1) + " of " + n);
        for (size_t k = choices.size() - 1; k-- > 0;)
            CHECK(press(&h, k % 2 ? kKeyUp : kKeyLeft) ==
                  choices[k] + ", not checked, " + std::to_string(k + 1) + " of " + n);
    }
}

TEST_CASE("ui: Reveal pressed by the keyboard hands the focus to the way on: Next question, or Next") {
    // A keyboard walk was left on the disabled Reveal ("Reveal, unavailable"), nothing said of where to go.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    back_to_step_1(&h);    // one question
    press(&h, kKeySpace);  // the first choice
    std::string said;
    for (int k = 0; k < 6 && said.rfind("Reveal", 0) != 0; ++k) said = press(&h, kKeyDown);
    REQUIRE(said == "Reveal, button");
    press(&h, kKeySpace);
    h.frames(4);
    REQUIRE(h.state.lesson.revealed);
    REQUIRE_FALSE(h.said.empty());
    CHECK(h.said.back() == "Next \u2192, button");
}

TEST_CASE("ui: a value typed into a cell is said once, as the cell then shows it") {
    // A walk heard "inputs[1][0]: 0.9" and then "inputs[1][0]: 0.90" for one Enter: the frame the
    // field let go still showed the typed text.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeySpace, kKeyDown, kKeyDown, kKeySpace, kKeyDown, kKeyRight}) press(&h, key);
    REQUIRE(press(&h, kKeyRight) == "inputs[1][0]: 0.55, text field");
    CHECK(press(&h, kKeyEnter) == "inputs[1][0]: 0.55, editing");  // typing begins: said once
    h.type("0.9");
    h.frames(2);
    CHECK(press(&h, kKeyEnter) == "inputs[1][0]: 0.90");
    CHECK(h.state.inputs.at(1, 0) == doctest::Approx(0.9f));
}

TEST_CASE("ui: a field being typed into says that it is, the numbers Up and Down step to, and Escape's undo") {
    // A walk heard nothing from the start of typing to its end: not the field taken, not Up
    // stepping the query, not Escape putting the old value back.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    to_query_field(&h);
    CHECK(press(&h, kKeyEnter) == "query position: 1, editing");
    // Down steps to the next row's token, as the table lists them (query_selector).
    CHECK(press(&h, kKeyDown) == "query position: 2");
    CHECK(press(&h, kKeyDown) == "query position: 3");
    h.type("5");  // typed characters are the screen reader's own to echo
    CHECK(press(&h, kKeyEscape) == "query position: 1, unchanged");  // Escape: the old value back
    CHECK(h.state.query == 1);
    CHECK(press(&h, kKeyEnter) == "query position: 1, editing");
    // Typed, then stepped: said from the typed number (a reviewer heard nothing when the step
    // came back to the number said before the typing).
    h.type("2");
    h.frames(2);
    CHECK(press(&h, kKeyUp) == "query position: 1");
    CHECK(press(&h, kKeyUp) == "query position: 0");
    CHECK(press(&h, kKeyEnter) == "query position: 0");  // kept
    CHECK(h.state.query == 0);
    CHECK(press(&h, kKeyRight) == "decrease query position: 0, button");
    // The arrows and the buttons stop at the first and the last token (a walk heard Down step
    // to "query position: 5" with five tokens, 0..4).
    CHECK(press(&h, kKeySpace) == "");
    CHECK(h.state.query == 0);
    press(&h, kKeyLeft);
    CHECK(press(&h, kKeyEnter) == "query position: 0, editing");
    for (int k = 1; k <= 5; ++k) CHECK(press(&h, kKeyDown) == "query position: " + std::to_string(k));
    CHECK(press(&h, kKeyDown) == "");  // the last token: 6 tokens, 0..5
    CHECK(press(&h, kKeyEnter) == "query position: 5");
    CHECK(h.state.query == 5);
}

TEST_CASE("ui: a query position typed past the last token is refused, shown and said, and the query stays") {
    // A walk typed 9 with six tokens and heard "query position: 5": clamped without a word.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    to_query_field(&h);
    CHECK(press(&h, kKeyEnter) == "query position: 1, editing");
    h.type("9");
    h.frames(2);
    CHECK(h.state.query == 1);  // the last good query stays
    const attn::ui::LayoutItem* shown = h.find("value:query:error");
    REQUIRE(shown != nullptr);
    CHECK(shown->text == "query position is 9 but must be 0..5");
    CHECK(press(&h, kKeyEnter) == "query position: 1, unchanged: query position is 9 but must be 0..5");
    // 9 again, then the query's own 1 typed back: the message goes (a reviewer found it stayed).
    CHECK(press(&h, kKeyEnter) == "query position: 1, editing");
    h.type("9");
    h.frames(2);
    REQUIRE(h.find("value:query:error") != nullptr);
    for (int k = 0; k < 3; ++k) press(&h, kKeyBackspace);  // the field emptied
    h.type("1");
    h.frames(2);
    CHECK(h.find("value:query:error") == nullptr);
    CHECK(press(&h, kKeyEnter) == "query position: 1, unchanged");
    // A position in range, typed next, applies and takes the message away.
    CHECK(press(&h, kKeyEnter) == "query position: 1, editing");
    h.type("4");
    h.frames(2);
    CHECK(press(&h, kKeyEnter) == "query position: 4");
    CHECK(h.state.query == 4);
    CHECK(h.find("value:query:error") == nullptr);
}

TEST_CASE("ui: on the web the keyboard's first move asks for the code that says it, then the focus is said") {
    // The words are deferred code (only a keyboard's user needs them): the first view stays within
    // its budget, and the first arrow fetches them.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::DeferredCode code;
    code.here = false;
    h.code = &code;
    keyboard_on(&h);
    const int asked = h.asked_for_code;
    CHECK(press(&h, kKeyDown) == "");  // not here yet: nothing said
    CHECK(h.asked_for_code > asked);
    code.here = true;  // the page instantiated it
    h.frames(2);
    REQUIRE_FALSE(h.said.empty());
    CHECK(h.said.back() == "Guided lesson, panel");  // where the focus is now
    h.code = nullptr;
}

TEST_CASE("ui: keyboard words that could not be fetched are said to be missing once, and a move fetches again") {
    // A walk with the file blocked: the focus moved, and nothing was said for the rest of the session.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::DeferredCode code;
    code.here = false;
    code.error = "Failed to fetch (check the connection)";
    h.code = &code;
    keyboard_on(&h);
    const int again = h.asked_again;
    CHECK(press(&h, kKeyDown) ==
          "The drawing's words for the keyboard could not be fetched (Failed to fetch (check the connection)): move to "
          "try again, or use the text versions after the drawing");
    CHECK(h.asked_again == again);     // said, not fetched again on its own
    CHECK(press(&h, kKeyDown) == "");  // the move fetches again
    CHECK(h.asked_again > again);
    code = attn::DeferredCode{};  // it came
    h.frames(2);
    REQUIRE_FALSE(h.said.empty());
    CHECK(h.said.back().find("panel") != std::string::npos);
    h.code = nullptr;
}

TEST_CASE("ui: a click or a tap says nothing: the keyboard's moves alone are said") {
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeyDown}) REQUIRE_FALSE(press(&h, key).empty());  // the keyboard's focus shown
    h.said.clear();
    h.click("norm:sum");
    h.click("projection:toggle");
    h.frames(2);
    CHECK(h.said.empty());
    // After the pointer, the keyboard's next move is said again.
    CHECK_FALSE(press(&h, kKeyDown).empty());
}

TEST_CASE("ui: keyboard moves are said in the interface's language") {
    using namespace attn_test;
    const attn::InterfaceText zh = attn_test::interface_language("zh-CN");
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.words = &zh;
    keyboard_on(&h);
    CHECK(press(&h, kKeyDown) == "引导课程，面板");
    press(&h, kKeyDown);
    press(&h, kKeySpace);
    CHECK(press(&h, kKeyDown) == "查询位置：1，文本框");
}

TEST_CASE("ui: a list is said with its choice, opens on that choice, and says each choice the arrows reach") {
    // A walk found the class list silent (its label is hidden) and opening on its first class,
    // and, with the book's classes alone (a course page's embed), the first arrow silent.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    REQUIRE(h.set_state(h.book_class_alone(attn::AttentionModule::CausalAttention)).empty());
    keyboard_on(&h);
    CHECK(press(&h, kKeyDown) == "panels, group");  // the column the panels scroll in
    CHECK(press(&h, kKeySpace) == "The book's classes (3.4.2 to 3.6, ch04), panel");
    CHECK(press(&h, kKeySpace) == "run the book's classes, checked");
    CHECK(press(&h, kKeyDown) == "class: CausalAttention (3.5.3), list");
    // Open, on the class shown, said as the one selected and where it is in the list.
    CHECK(press(&h, kKeySpace) == "CausalAttention (3.5.3), selected, 3 of 7");
    CHECK(press(&h, kKeyDown) == "MultiHeadAttentionWrapper (3.6.1), 4 of 7");
    CHECK(press(&h, kKeySpace) == "class: MultiHeadAttentionWrapper (3.6.1), list");  // picked, closed
    CHECK(h.state.module.settings.module == attn::AttentionModule::MultiHeadWrapper);
}

TEST_CASE("ui: the arrow keys go from panel to panel as the layout reads: down a column, across a row") {
    // Dear ImGui's own scoring sent Down from the inputs to panel 3 in the next column and Up from
    // the score loop to the heatmaps on the far right (ui/panel_moves.h).
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    const std::pair<int, const char*> walk[] = {
        {kKeyDown, "Guided lesson, panel"},
        {kKeyDown, "1 Inputs: pick the query, panel"},  // panel 1, first in reading order
        {kKeyLeft, ""},                                 // the left edge
        {kKeyDown, "2 The score loop: one dot product per token, panel"},
        {kKeyRight, "3 Scores to weights, and the context vector, panel"},
        {kKeyUp, "Embeddings: every token is a vector, panel"},
        {kKeyRight, "All queries at once, panel"},
        {kKeyDown, "Trainable attention: W_query, W_key, W_value, panel"},
        {kKeyDown, "The book's classes (3.4.2 to 3.6, ch04), panel"},
        {kKeyLeft, "3 Scores to weights, and the context vector, panel"},
        {kKeyLeft, "2 The score loop: one dot product per token, panel"},
        {kKeyUp, "1 Inputs: pick the query, panel"},
        {kKeyRight, "Embeddings: every token is a vector, panel"},
        {kKeyUp, "Guided lesson, panel"},
    };
    for (const auto& [key, said] : walk) CHECK(press(&h, key) == said);
}

TEST_CASE("ui: PageUp, PageDown, Home and End on a panel move as ImGui moves them, not as the arrows do") {
    // PageUp asks ImGui for a move Down from a page above: steered as an arrow, it went the wrong way.
    using namespace attn_test;
    const std::pair<int, const char*> keys[] = {{kKeyPageUp, "Guided lesson, panel"},
                                                {kKeyHome, "Guided lesson, panel"},
                                                {kKeyPageDown, "The book's classes (3.4.2 to 3.6, ch04), panel"},
                                                {kKeyEnd, "The book's classes (3.4.2 to 3.6, ch04), panel"}};
    for (const auto& [key, said] : keys) {
        UiHarness h("your-journey", ImVec2(1366, 768));
        keyboard_on(&h);
        for (int k : {kKeyDown, kKeyDown, kKeyRight}) press(&h, k);
        REQUIRE(press(&h, kKeyDown) != "");
        press(&h, kKeyUp);
        INFO("key ", key);
        CHECK(press(&h, key) == said);
    }
}

TEST_CASE("ui: on a phone Down goes on from the panels' column into its panels, one by one, and Up back") {
    // A walk on a phone heard "panels, group" and then nothing for any arrow until it found Space.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(390, 844));
    h.on_touch_screen();
    keyboard_on(&h);
    const std::pair<int, const char*> walk[] = {
        {kKeyDown, "panels, group"},
        {kKeyDown, "Guided lesson, panel"},
        {kKeyDown, "1 Inputs: pick the query, panel"},
        {kKeyDown, "Embeddings: every token is a vector, panel"},
        {kKeyDown, "2 The score loop: one dot product per token, panel"},
        {kKeyUp, "Embeddings: every token is a vector, panel"},
        {kKeyUp, "1 Inputs: pick the query, panel"},
        {kKeyUp, "Guided lesson, panel"},
        {kKeyEscape, "panels, group"},
    };
    for (const auto& [key, said] : walk) CHECK(press(&h, key) == said);
    // End: the column's last panel, on screen (a walk's End scrolled the column to its end while
    // the focus went to a panel above, off screen); Home: the first.
    press(&h, kKeyDown);
    const std::string end = press(&h, kKeyEnd);
    CHECK(end == "The book's classes (3.4.2 to 3.6, ch04), panel");
    h.frames(3);
    const attn::ui::LayoutItem* focus = h.find("focus");
    REQUIRE(focus != nullptr);
    CHECK(focus->rect.y >= 0);
    CHECK(focus->rect.y < 844);
    CHECK(press(&h, kKeyHome) == "Guided lesson, panel");
}

TEST_CASE("ui: in a lesson step, Down from the lesson goes to panel 1 and on down its column") {
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.go_to_step(2);
    keyboard_on(&h);
    press(&h, kKeyDown);
    // From wherever the step put the focus, out to the panels' level.
    for (int k = 0; k < 3; ++k) press(&h, kKeyEscape);
    REQUIRE(GImGui->NavWindow != nullptr);
    REQUIRE(std::string(GImGui->NavWindow->Name) == "##root");
    // Up to the band, then down the first column.
    for (int k = 0; k < 4; ++k) press(&h, kKeyUp);
    CHECK(press(&h, kKeyDown) == "1 Inputs: pick the query, panel");
    CHECK(press(&h, kKeyDown) == "2 The score loop: one dot product per token, panel");
}

TEST_CASE("ui: a button whose press changes no words of its own says what it did: Step, Reset, + token") {
    // A walk pressed Step in the score loop and "+ token" and heard nothing: the buttons' labels
    // stay the same, so nothing seemed to happen.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeyDown}) press(&h, key);
    REQUIRE(press(&h, kKeySpace) == "Play: 0 of 6, button");
    CHECK(press(&h, kKeyRight) == "Step: 0 of 6, button");
    CHECK(press(&h, kKeySpace) == "Step: 1 of 6, torch.dot(inputs[0], query) = 0.9544");
    CHECK(press(&h, kKeySpace) == "Step: 2 of 6, torch.dot(inputs[1], query) = 1.4950");
    CHECK(press(&h, kKeyRight) == "Reset: 2 of 6, button");
    CHECK(press(&h, kKeySpace) == "Reset: 0 of 6");
    // Up to the inputs panel's buttons: + token says the count it leaves.
    for (int key : {kKeyEscape, kKeyUp, kKeySpace}) press(&h, key);
    std::string said;
    for (int k = 0; k < 12 && said.rfind("+ token", 0) != 0; ++k) said = press(&h, kKeyDown);
    REQUIRE(said == "+ token: 6 tokens, button");
    CHECK(press(&h, kKeySpace) == "+ token: 7 tokens");
    CHECK(h.state.inputs.rows == 7);
}

TEST_CASE("ui: the PyTorch code's Copy says what it is for, and that it copied") {
    // A keyboard walk opened the code's window and heard nothing: the code is drawn, and Copy,
    // the way to read it, said "Copy" and nothing when pressed.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    press(&h, kKeyDown);
    REQUIRE(press(&h, kKeySpace) == "Lesson, button");
    std::string said;
    for (int k = 0; k < 6 && said.rfind("PyTorch code", 0) != 0; ++k) said = press(&h, kKeyRight);
    REQUIRE(said == "PyTorch code, button");
    // The window opens with the focus on Copy, said; the code's own area is said to be read by it.
    CHECK(press(&h, kKeySpace) == "Copy the code, button");
    REQUIRE(h.ui.code.open);
    CHECK(press(&h, kKeySpace) == "Copy the code, copied: paste it into an editor to read it");
    CHECK(h.ui.code.copied);
    CHECK(press(&h, kKeyDown) == "the code, drawn: Copy it to read it, group");
}

TEST_CASE("ui: the embedding view's buttons say what they do, its Reset apart from the loop's") {
    // A keyboard walk heard "Reset" in the embedding view and the score loop alike.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown}) press(&h, key);
    REQUIRE(press(&h, kKeyRight) == "Embeddings: every token is a vector, panel");
    CHECK(press(&h, kKeySpace) == "zoom out, button, view at 100%");
    CHECK(press(&h, kKeyRight) == "zoom in, button, view at 100%");
    // A press says what it did (a walk heard nothing: the buttons' words do not change).
    CHECK(press(&h, kKeySpace) == "zoom in, view at 125%");
    CHECK(press(&h, kKeySpace) == "zoom in, view at 156%");
    CHECK(press(&h, kKeyLeft) == "zoom out, button, view at 156%");
    CHECK(press(&h, kKeySpace) == "zoom out, view at 125%");
    CHECK(press(&h, kKeyRight) == "zoom in, button, view at 125%");
    CHECK(press(&h, kKeyRight) == "reset the view, button, view at 125%");
    CHECK(press(&h, kKeySpace) == "reset the view, view at 100%");  // (a walk heard Reset say nothing)
    CHECK(press(&h, kKeyLeft) == "zoom in, button, view at 100%");
}

TEST_CASE("ui: Play turns into Pause under the keyboard's focus, and Space pauses it") {
    // A keyboard walk: Play's label became Pause, a new id to ImGui, so the focus vanished and a
    // second Space could not pause.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeyDown}) press(&h, key);
    REQUIRE(press(&h, kKeySpace) == "Play: 0 of 6, button");
    CHECK(press(&h, kKeySpace).rfind("Pause: ", 0) == 0);
    CHECK(h.ui.loop.playing);
    CHECK(press(&h, kKeySpace).rfind("Play: ", 0) == 0);
    CHECK_FALSE(h.ui.loop.playing);
}

TEST_CASE("ui: while step 3 asks how many scores there are, the loop's buttons say \"of ?\", as the screen does") {
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.go_to_step(3);
    keyboard_on(&h);
    std::string said;
    for (int k = 0; k < 6 && said.find("score loop") == std::string::npos; ++k) said = press(&h, kKeyDown);
    REQUIRE(said == "2 The score loop: one dot product per token, panel");
    CHECK(press(&h, kKeySpace) == "Play: 0 of ?, button, unavailable");
    // Space on it, and on Step: ImGui 1.86 presses a disabled button under the focus; the loop
    // stays put (a reviewer heard "Play: 3 of ?", the answer, and Step ran past the end).
    CHECK(press(&h, kKeySpace) == "");
    CHECK_FALSE(h.ui.loop.playing);
    CHECK(h.ui.loop.step == -1);
    press(&h, kKeyRight);
    press(&h, kKeySpace);
    CHECK(h.ui.loop.step == -1);
}

TEST_CASE("ui: Step at the loop's end, pressed by keyboard, stays at the end") {
    using namespace attn_test;
    UiHarness h("three-tokens", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeyDown}) press(&h, key);
    REQUIRE(press(&h, kKeySpace) == "Play: 0 of 3, button");
    REQUIRE(press(&h, kKeyRight) == "Step: 0 of 3, button");
    for (int k = 0; k < 3; ++k) press(&h, kKeySpace);
    CHECK(h.ui.loop.step == 2);
    press(&h, kKeySpace);  // drawn disabled at 3 of 3
    CHECK(h.ui.loop.step == 2);
}

TEST_CASE("ui: inside the weights' bars the arrow keys go row by row, each said as the screen shows it") {
    // A walk went into "scores and weights per token" with Space and found nothing there: the
    // focus frame vanished, and the numbers could not be reached in the drawing.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeyDown, kKeyRight, kKeySpace}) press(&h, key);
    REQUIRE(press(&h, kKeyDown) == "scores and weights per token, group");
    CHECK(press(&h, kKeySpace) == "0 Your: scores 0.9544, \u00f7 sum 0.1455, naive 0.1385, softmax 0.1385");
    CHECK(press(&h, kKeyDown) == "1 journey (query): scores 1.4950, \u00f7 sum 0.2278, naive 0.2379, softmax 0.2379");
    for (int k = 2; k < 5; ++k) press(&h, kKeyDown);
    // Below the region's fold: it scrolls to the row.
    CHECK(press(&h, kKeyDown) == "5 step: scores 1.0865, \u00f7 sum 0.1656, naive 0.1581, softmax 0.1581");
    CHECK(press(&h, kKeyDown) == "");  // the last row
    CHECK(press(&h, kKeyEscape) == "scores and weights per token, group");
}

TEST_CASE("ui: a row of the bars said while a question covers its numbers says them as covered, as drawn") {
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    int step = 1;
    for (; step <= 14; ++step) {
        h.go_to_step(step);
        if (h.lesson.concealed.scores && h.lesson.concealed.query_token == false && h.state.inputs.rows >= 3) break;
    }
    REQUIRE(step <= 14);
    keyboard_on(&h);
    // Out of the lesson's question to the panels, then to panel 3's bars.
    for (int k = 0; k < 3; ++k) press(&h, kKeyEscape);
    for (int k = 0; k < 4; ++k) press(&h, kKeyUp);
    for (int key : {kKeyDown, kKeyDown, kKeyRight, kKeySpace}) press(&h, key);
    std::string said;
    for (int k = 0; k < 4 && said != "scores and weights per token, group"; ++k) said = press(&h, kKeyDown);
    REQUIRE(said == "scores and weights per token, group");
    said = press(&h, kKeySpace);
    INFO("step ", step, ": ", said);
    CHECK(said.rfind("0 ", 0) == 0);
    CHECK(said.find("scores ?") != std::string::npos);  // "?" as drawn, not the number
}

TEST_CASE("ui: a help marker is a stop for the arrow keys: its help shows, as under a pointer, and is said") {
    // A keyboard could not reach the "(?)" help at all: it showed only under a hovering pointer.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeyDown, kKeyRight, kKeySpace, kKeyRight}) press(&h, key);
    REQUIRE(press(&h, kKeyRight) == "softmax, checked");
    const auto tooltip_open = [] {
        ImGuiWindow* w = ImGui::FindWindowByName("##Tooltip_00");
        return w && w->Active;
    };
    CHECK_FALSE(tooltip_open());
    const std::string said = press(&h, kKeyRight);
    CHECK(said.rfind("help: Divide by sum keeps the scores' proportions.", 0) == 0);
    CHECK(tooltip_open());
    press(&h, kKeyLeft);
    CHECK_FALSE(tooltip_open());  // gone with the focus
}

TEST_CASE("ui: - token under the keyboard stops at one token, saying so, instead of asking for none") {
    // A walk pressed Space on "- token" at one token: ImGui's keyboard press reaches a button
    // drawn disabled, so it asked for no tokens and got a refusal about an empty list.
    using namespace attn_test;
    UiHarness h("three-tokens", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeySpace}) press(&h, key);
    std::string said;
    for (int k = 0; k < 12 && said.rfind("\u2212 token", 0) != 0; ++k) {
        said = press(&h, kKeyDown);
        if (said.rfind("+ token", 0) == 0) said = press(&h, kKeyRight);
    }
    REQUIRE(said == "\u2212 token: 3 tokens, button");
    CHECK(press(&h, kKeySpace) == "\u2212 token: 2 tokens");
    // At one token the button is drawn disabled, and says so.
    CHECK(press(&h, kKeySpace) == "\u2212 token: 1 token, unavailable");
    press(&h, kKeySpace);
    CHECK(h.state.inputs.rows == 1);
    CHECK(h.state.tokens.size() == 1);
    CHECK(h.input_error.empty());
    // The panel grew shorter and its buttons fell below its edge: the focus is kept in view, so
    // the arrows still go on from it (they went nowhere).
    CHECK(press(&h, kKeyLeft) == "+ token: 1 token, button");
}

TEST_CASE("ui: in a lesson step the band's parts are named stops, and a preset says it is now in use") {
    // A walk met silent stops in the band (the step's text, the question) and a x20 that changed
    // the table without a word.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.go_to_step(6);
    keyboard_on(&h);
    CHECK(press(&h, kKeyDown) == "Guided lesson, panel");
    CHECK(press(&h, kKeySpace) == "Lesson, button, selected");
    CHECK(press(&h, kKeyDown) == "the step's text, group");
    CHECK(press(&h, kKeyRight) == "the question, group");
    CHECK(press(&h, kKeyLeft) == "the step's text, group");
    CHECK(press(&h, kKeySpace) == "score multiplier: \u00d71");
    CHECK(press(&h, kKeyRight) == "scale the scores \u00d71, button, in use");
    const std::string next = press(&h, kKeyRight);
    REQUIRE(next.rfind("scale the scores \u00d7", 0) == 0);
    CHECK(next.find(", in use") == std::string::npos);
    CHECK(next.size() > 8);
    CHECK(next.compare(next.size() - 8, 8, ", button") == 0);
    CHECK(press(&h, kKeySpace) == next.substr(0, next.size() - 8) + ", in use");  // pressed: in use now
    CHECK(h.state.lab_scale > 1.0f);
}

TEST_CASE("ui: a heatmap says where its cells are to be read") {
    // A walk found the heatmaps a dead end: no cells to reach, and no word of where they are.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeyRight, kKeyRight, kKeySpace, kKeyDown}) press(&h, key);  // (its help)
    CHECK(press(&h, kKeyDown) ==
          "scores = inputs @ inputs.T: 6 x 6; each cell is in the numbers' text version, after the drawing");
}

TEST_CASE("ui: \"as in the book\" says when the class's settings are the book's, once pressed") {
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    attn::State s = h.book_class_alone(attn::AttentionModule::CausalAttention);
    s.module.settings.dropout = 0.5f;  // not the book's
    REQUIRE(h.set_state(s).empty());
    keyboard_on(&h);
    for (int key : {kKeyDown, kKeyDown, kKeySpace}) press(&h, key);
    REQUIRE(press(&h, kKeyDown) == "class: CausalAttention (3.5.3), list");
    REQUIRE(press(&h, kKeyRight) == "as in the book, button");
    CHECK(press(&h, kKeySpace) == "as in the book, in use");
    CHECK(h.state.module.settings == attn::book_module_settings(attn::AttentionModule::CausalAttention));
}

TEST_CASE("ui: a paste on a focused text field goes into it, not into the Import box") {
    // Ctrl+V on the focused query position opened the Import box with the pasted number in it.
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.go_to_step(2);  // three tokens, 0..2
    to_query_field(&h);
    attn::ui::import_panel_paste(&h.ui, "2");  // what the page's paste event hands over
    h.frames(3);
    CHECK(h.state.query == 2);
    CHECK_FALSE(h.ui.import.open_requested);
    CHECK(h.ui.import.text.empty());
}

TEST_CASE("ui: typing on a focused text field edits it, as on a web page, and letters a number refuses are said") {
    // A keyboard walk typed "3" on the focused query position and nothing happened: ImGui takes
    // typing only once Enter or Space has made the field active (field_typing.h).
    using namespace attn_test;
    UiHarness h("your-journey", ImVec2(1366, 768));
    h.go_to_step(2);  // three tokens, 0..2
    to_query_field(&h);
    const size_t before = h.said.size();
    h.type("2");
    h.frames(3);
    CHECK(h.state.query == 2);  // typed over the field's text, which it selected
    REQUIRE(h.said.size() > before);
    CHECK(h.said[before] == "query position: 1, editing");
    // A letter is the field's, not a shortcut (n: the lesson's next step), and the field refuses it aloud.
    h.type("n");
    h.frames(2);
    CHECK(h.state.step == 2);
    CHECK(h.said.back() == "numbers only");
    CHECK(press(&h, kKeyEnter) == "query position: 2");
    CHECK(h.state.query == 2);
    // Two characters typed in one go, on a field that is not active yet: both arrive, in order.
    h.type("24");
    h.frames(3);
    CHECK(h.state.query == 2);  // 24 is past the last token: refused, the last good one kept
    CHECK(press(&h, kKeyEnter) == "query position: 2, unchanged: query position is 24 but must be 0..2");
    // Away from a text field, n is the lesson's next step again.
    press(&h, kKeyRight);
    h.type("n");
    h.frames(4);
    CHECK(h.state.step == 3);
}
