// What a screen reader says as the keyboard moves in the drawing: see keyboard_speech.h.
#include "ui/keyboard_speech.h"

#include <imgui_internal.h>

#include <cstring>

#include "ui/words.h"

// Dear ImGui's test-engine hooks (imgui_internal.h, IMGUI_ENABLE_TEST_ENGINE): called by the
// widgets while GImGui->TestEngineHookItems is set, with ctx->TestEngine as this frame's
// KeyboardSpeech. Only the focused control's report is kept.
void ImGuiTestEngineHook_ItemAdd(ImGuiContext*, const ImRect&, ImGuiID) {}
void ImGuiTestEngineHook_Log(ImGuiContext*, const char*, ...) {}
const char* ImGuiTestEngine_FindItemDebugLabel(ImGuiContext*, ImGuiID) {
    return nullptr;
}
void ImGuiTestEngineHook_ItemInfo(ImGuiContext* ctx, ImGuiID id, const char* label, ImGuiItemStatusFlags flags) {
    auto* speech = static_cast<attn::ui::KeyboardSpeech*>(ctx->TestEngine);
    if (!speech || id == 0 || id != ctx->NavId || !label) return;
    // The words ImGui shows: before "##" (a label's hidden id part), after "###" nothing shown either.
    speech->item_label.assign(label, ImGui::FindRenderedTextEnd(label));
    speech->item_checkable = (flags & ImGuiItemStatusFlags_Checkable) != 0;
    speech->item_checked = (flags & ImGuiItemStatusFlags_Checked) != 0;
}

namespace attn::ui {
namespace {

// The keyboard's focus is shown (it moved by keys, not by a pointer).
bool keyboard_focus_shown() {
    const ImGuiContext& g = *GImGui;
    return g.NavWindow && g.NavId && !g.NavDisableHighlight;
}

// The frame's KeyboardSpeech (begin_keyboard_speech), or null before any frame.
KeyboardSpeech* current() {
    return static_cast<KeyboardSpeech*>(GImGui->TestEngine);
}

}  // namespace

void begin_keyboard_speech(KeyboardSpeech* speech) {
    ImGuiContext& g = *GImGui;
    speech->windows.clear();
    speech->item_label.clear();
    speech->item_checkable = speech->item_checked = false;
    g.TestEngine = speech;
    g.TestEngineHookItems = keyboard_focus_shown();
}

void panel_for_keyboard(const std::string& title) {
    if (KeyboardSpeech* speech = current()) speech->windows.push_back({ImGui::GetCurrentWindow(), title, true});
}

void region_for_keyboard(const std::string& name) {
    if (KeyboardSpeech* speech = current()) speech->windows.push_back({ImGui::GetCurrentWindow(), name, false});
}

void name_for_keyboard(const std::string& name) {
    KeyboardSpeech* speech = current();
    if (speech && GImGui->TestEngineHookItems && ImGui::IsItemFocused()) speech->item_label = name;
}

bool radio_button(const char* label, bool active) {
    const bool picked = ImGui::RadioButton(label, active);
    KeyboardSpeech* speech = current();
    if (speech && GImGui->TestEngineHookItems && ImGui::IsItemFocused()) {
        speech->item_checkable = true;
        speech->item_checked = active;
    }
    return picked;
}

std::string keyboard_speech(KeyboardSpeech* speech) {
    const ImGuiContext& g = *GImGui;
    if (!keyboard_focus_shown()) {
        speech->said_id = 0;  // the pointer took over: the keyboard's next move is news again
        return "";
    }
    // The focus on a panel or a region itself (the arrows between them), or on a control inside.
    const KeyboardSpeech::Window* focused = nullptr;
    const std::string* inside = nullptr;  // the panel the focus is in
    for (const KeyboardSpeech::Window& k : speech->windows) {
        if (k.window->ChildId == g.NavId) focused = &k;
        for (const ImGuiWindow* w = g.NavWindow; w && k.panel; w = w->ParentWindow)
            if (w == k.window) inside = &k.name;
    }
    // The same control again says nothing, unless Space changed its state ("causal mask, checked").
    const int checked = speech->item_checkable ? int(speech->item_checked) : -1;
    if (g.NavId == speech->said_id && (focused || speech->item_label.empty() || checked == speech->said_checked))
        return "";
    std::string said;
    if (focused && focused->panel) {
        said = trf("%s, panel", focused->name.c_str());
        speech->said_panel = focused->name;
    } else if (focused) {
        said = trf("%s, group", focused->name.c_str());
        if (inside && *inside != speech->said_panel) said = *inside + tr(": ") + said;
        speech->said_panel = inside ? *inside : "";
    } else {
        if (speech->item_label.empty()) return "";  // nothing to name it by: the next move says more
        said = speech->item_label;
        if (speech->item_checkable) said += speech->item_checked ? tr(", checked") : tr(", not checked");
        // Moving into a panel, or to another one, says which.
        if (inside && *inside != speech->said_panel) said = *inside + tr(": ") + said;
        speech->said_panel = inside ? *inside : "";
    }
    speech->said_id = g.NavId;
    speech->said_checked = focused ? -1 : checked;
    return said;
}

}  // namespace attn::ui
