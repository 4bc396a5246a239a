// What a screen reader says as the keyboard moves in the drawing. The canvas is one element to the
// browser: as the arrow keys move Dear ImGui's focus from panel to panel and, inside one, from
// control to control, the page's status line says where the focus now is ("Inputs: pick the
// query, panel"; "causal mask, not checked"), in the interface's language.
//
// The controls' names come from Dear ImGui itself: each widget reports its label and state through
// its item hooks (imgui_hooks/item_report.h), on only while the keyboard's focus is shown. A control
// drawn without a label ("##x": a value cell, a choice whose words are drawn beside it) is named
// where it is drawn (name_for_keyboard). A control is said when the focus reaches it, and again
// when its words or state change under the focus (Space on a check box, + on a number's button).
#pragma once
#include <imgui.h>
#include <imgui_internal.h>  // ImRect

#include <string>
#include <vector>

#include "core/view/deferred_code.h"
#include "imgui_hooks/item_report.h"

struct ImGuiWindow;  // imgui_internal.h

namespace attn::ui {

using attn::DeferredCode;

struct KeyboardSpeech {
    ImGuiItemReport item;  // this frame's report of the focused control (ctx->TestEngine points here)
    // This frame's panels and regions: their windows and names.
    struct Window {
        ImGuiWindow* window;
        std::string name;
        bool panel;  // a panel, else a region inside one (the token table, the weights' bars)
    };
    std::vector<Window> windows;
    // What was said last, to say only a move or a change: the focused control's id, its words and
    // state (-1: none, 0: not checked, 1: checked), and its panel.
    ImGuiID said_id = 0;
    std::string said_label;
    int said_checked = -1;
    bool said_disabled = false;
    std::string said_state;
    // A field being typed into, and its words when the typing began (to say "unchanged" after
    // Escape, or Enter on the same value).
    bool editing = false;
    std::string edit_start, edit_last;
    std::string said_panel, said_context;
    // The deferred code that builds the words could not be fetched: said once, where the focus
    // was then (a move from there fetches again).
    ImGuiID code_error_at = 0;
    bool typing_refused = false;  // this frame: refused_typing_for_keyboard
    // This frame's question choices in reading order (ordered_choice_for_keyboard): the arrow
    // keys go from one to the next in that order (panel_moves.h).
    struct Choice {
        ImGuiWindow* window;
        ImGuiID id;
        ImRect rect;  // its navigation rectangle, on screen
    };
    std::vector<Choice> choices;
};

// Before the frame's widgets: hooks on while the keyboard's focus is shown, this frame's records
// cleared, and speech the context's (the calls below, in the frame's widgets, record into it).
void begin_keyboard_speech(KeyboardSpeech* speech);
// A panel's window (call between its BeginChild and EndChild) and its title.
void panel_for_keyboard(const std::string& title);
// A region's window inside a panel (between its BeginChild and EndChild): a scrolling table the
// arrow keys reach as one stop, then go into.
void region_for_keyboard(const std::string& name);
// What the controls drawn after this belong to, said once before the first of them the focus
// reaches (a question's words before its choices); "" ends it.
void context_for_keyboard(const std::string& context);
// The name of the control just drawn, when it has no label of its own, and if the keyboard is on it;
// state: what it is now, said after its kind (", selected": "Lesson, button, selected"), or "".
void name_for_keyboard(const std::string& name, const std::string& state = "");
// The keyboard's focus is on the control just drawn: where a name is built from the row's numbers,
// it is built only then (`if (keyboard_on_last_item()) name_for_keyboard(...)`), not every frame
// for every cell.
bool keyboard_on_last_item();
// One of a set of choices just drawn (a question's answers, a list's entries), if the keyboard is
// on it: its name, whether it is the one in use (", selected") and where it is in the set
// (", 2 of 4"), as a screen reader says a page's own radio buttons and list entries.
void choice_for_keyboard(const std::string& name, bool selected, int index, int count);
// The item just drawn is the next of a set of choices read in order (a question's answers): the
// arrow keys go through them in that order (steer_panel_moves), not by where they sit (wrapped on
// two rows, Down from the second skipped the third, beside it).
void ordered_choice_for_keyboard();
// A radio button, as ImGui::RadioButton, whose state a screen reader hears ("softmax, checked"):
// ImGui 1.86 reports a radio's label but not whether it is the one picked.
bool radio_button(const char* label, bool active);
// The field being typed into refused characters typed just now (a number field filters out
// letters without a mark on screen): said while the typing goes on.
void refused_typing_for_keyboard();
// A drop-down list, as ImGui::BeginCombo (id: a "##" id; preview: the words drawn in it), said as
// "<spoken>, list" while closed ("class: CausalAttention (3.5.3), list"); its choices are said by
// their own labels, and the picked one takes the focus when it opens (ImGui::SetItemDefaultFocus
// after it). EndCombo when it returns true.
bool begin_combo(const char* id, const std::string& preview, const std::string& spoken, ImGuiComboFlags flags = 0);
// After the frame's widgets: what to say, when the keyboard's focus moved to another control or
// panel, or the focused control's words or state changed (else ""). In the interface's words.
// The words are built by the code the first view does not run (core/view/deferred_code.h: only a
// keyboard's user needs them): without it the keyboard's first move asks for it (*wants_code) and
// nothing is said; once it is here, the control the focus is on then is said. If it could not be
// fetched, that is said once, and the keyboard's next move fetches again (*retry_code).
std::string keyboard_speech(KeyboardSpeech* speech, const DeferredCode* code, bool* wants_code, bool* retry_code);

}  // namespace attn::ui
