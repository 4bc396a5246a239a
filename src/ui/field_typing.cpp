// Typing on a focused text field: see field_typing.h.
#include "ui/field_typing.h"

#include <imgui_internal.h>

namespace attn::ui {

void hand_typing_to_field(FieldTyping* typing) {
    if (typing->field == 0) return;
    ImGuiContext& g = *GImGui;
    if (g.ActiveId != 0 && g.ActiveId != typing->field) {  // another item took the focus (Tab, a click)
        typing->field = 0;
        typing->held.clear();
        return;  // what is typed now is that item's
    }
    // What is typed meanwhile is held too, in order: ImGui drops the characters of the frame that
    // makes a field active.
    ImVector<ImWchar>& queue = g.IO.InputQueueCharacters;
    for (ImWchar c : queue) typing->held.push_back(c);
    queue.resize(0);
    if (g.ActiveId == typing->field) {
        queue.swap(typing->held);
    } else if (++typing->frames_waiting < 3) {
        return;  // ImGui makes it active in the frame after the request
    }
    typing->field = 0;  // handed over, or the field never took them (the focus moved on): dropped
    typing->held.clear();
}

void take_typing_for_field(FieldTyping* typing, const KeyboardSpeech& speech) {
    const ImGuiContext& g = *GImGui;
    const bool on_field = speech.item.text_field && speech.item.id == g.NavId && g.NavId != 0;
    typing->focused_field = on_field ? g.NavId : 0;
    if (!on_field || g.ActiveId != 0 || typing->field != 0) return;
    // Printable characters only: Space is ImGui's own key to make the field active, and the
    // shortcuts' Ctrl combinations send no characters.
    bool printable = false;
    for (ImWchar c : g.IO.InputQueueCharacters) printable = printable || (c > ' ' && c != 0x7f);
    if (!printable) return;
    for (ImWchar c : g.IO.InputQueueCharacters)
        if (c >= ' ' && c != 0x7f) typing->held.push_back(c);
    typing->field = g.NavId;
    typing->frames_waiting = 0;
    ImGui::ActivateItem(g.NavId);
}

bool typing_goes_to_field(const FieldTyping& typing) {
    return typing.focused_field != 0 && typing.focused_field == GImGui->NavId;
}

}  // namespace attn::ui
