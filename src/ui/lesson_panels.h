// The guided lesson on screen: a band above the panels with the lesson track (steps, questions,
// reveals), practice, "debug this", and the PyTorch code for the current state. Everything it
// shows comes from the core (src/core/lesson*.h, quiz.h, bug_trace.h, pytorch_code.h).
#pragma once
#include <algorithm>
#include <string>

#include "core/lesson/lesson_entry.h"
#include "ui/ui_state.h"

namespace attn::ui {

// The lesson band: call once per frame before the panels, which then take the room left below it.
// It is as tall as its content, at most max_height (then its body scrolls); 0: no cap, for the
// scrolling layouts where it sits at the top of the column. Draws nothing when state.panels lists
// neither "lesson" nor "code". What the learner does in the lesson leaves as intents (send());
// returns true when it edited *draft itself (the lab's slider, the step's switches); sets
// *relayout when its height changed with new content (the next pass fits it).
bool panel_lesson(const FrameInput& in, State* draft, UiState* ui, float max_height, bool* relayout);

// Parts of the band, each drawing into the current region.
// The step's title, text and widget (part 0) or its predict-then-reveal questions (part 1).
// The lesson band's body, drawn once the lesson's files arrived (ATTN_LESSON_ENTRY: their code
// ships with the lesson).
bool lesson_track(const FrameInput& in, State* draft, UiState* ui, int part);  // panel_lesson_track.cpp
bool lesson_practice(const FrameInput& in, State* draft, UiState* ui);         // panel_lesson_practice.cpp
// The planted program and its outputs (part 0) or the trace walk (part 1).
bool lesson_debug(const FrameInput& in, State* draft, UiState* ui, int part);  // panel_lesson_debug.cpp
void code_view(const FrameInput& in, UiState* ui);                             // panel_code.cpp
// The code beside other panels, in a window of its own that floats from free_top (the band's foot,
// or the panels' top) when that leaves half the screen, else over the screen's lower half; the
// learner can move, resize or close it (closing it when a link listed the "code" panel, code_listed,
// is an edit: true).
bool code_window_over_panels(const FrameInput& in, State* draft, UiState* ui, float free_top,
                             bool code_listed);  // panel_code.cpp

// Records the last item for attention.layout() only while it is visible in its scrolling region,
// clipped to it, so a test that clicks the rectangle never hits what lies behind a scrolled-out item.
void record_lesson_item(UiState* ui, const std::string& name);
// The lesson band's gap between buttons on a row: twice the item spacing.
inline float lesson_gap() {
    return ImGui::GetStyle().ItemSpacing.x * 2;
}

// Queues one of the learner's lesson intents; the app applies it through the lesson engine.
inline void send(UiState* ui, LessonAction action, int value = 0, std::string text = std::string()) {
    ui->intents.push_back(LessonIntent{action, value, std::move(text)});
}

// Where the learner is in the lesson, as focus_from holds it.
LessonPlace lesson_place(const State& s);
// The keyboard is moving the lesson from where s is: the new place's first control is to take the
// focus, within the next few frames (else the request lapses).
void ask_focus_after_move(const State& s, UiState* ui);
// Whether the item about to be drawn takes the keyboard's focus: the keyboard moved the lesson
// (LessonUi::focus_from) and this is the new place's first control. Clears the request when true.
bool takes_focus_here(const State& s, UiState* ui);

// Whether a panel matters in the current lesson step (for a highlight): the step's "watch".
bool lesson_highlights(const FrameInput& in, const char* panel);

// The panel is on screen: the state lists it, or lists no panels (all of them).
inline bool panel_listed(const State& s, const char* panel) {
    return s.panels.empty() || std::find(s.panels.begin(), s.panels.end(), panel) != s.panels.end();
}

}  // namespace attn::ui
