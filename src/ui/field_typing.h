// Typing on a text field that has the keyboard's focus edits it, as on a web page. Dear ImGui 1.86
// takes typing into a field only once Enter or Space has made it active, and drops what was typed
// before: a keyboard walk typed "3" on the focused query position and nothing happened. Here the
// first characters typed on a focused field make it active (ImGui::ActivateItem) and are handed to
// it once it is: a single-line field takes them over its selected text, as a browser's field does
// when Tab has reached it. Should another item take the focus meanwhile, they are dropped.
//
// A frame, in order: hand_typing_to_field after NewFrame (the field made active last frame gets the
// characters held for it), the panels, then take_typing_for_field (characters typed on a focused
// field that is not active are held, and it is made active).
#pragma once
#include <imgui.h>

#include "ui/keyboard_speech.h"

namespace attn::ui {

struct FieldTyping {
    ImGuiID field = 0;          // the field being made active for the characters held
    ImVector<ImWchar> held;     // characters typed on it before it was active
    int frames_waiting = 0;     // frames since: it should be active on the second
    ImGuiID focused_field = 0;  // last frame's focused control, when it was a text field
};

void hand_typing_to_field(FieldTyping* typing);
void take_typing_for_field(FieldTyping* typing, const KeyboardSpeech& speech);

// The keyboard's focus is on a text field: the letters typed are the field's, not shortcuts (n and
// b for a lesson's next and back step).
bool typing_goes_to_field(const FieldTyping& typing);

}  // namespace attn::ui
