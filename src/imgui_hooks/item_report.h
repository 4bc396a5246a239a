// What Dear ImGui's item hooks tell about the control the keyboard's focus is on. Dear ImGui built
// with IMGUI_ENABLE_TEST_ENGINE (cmake/app.cmake) calls ImGuiTestEngineHook_ItemInfo from each
// widget with its label and state (imgui_internal.h); item_report.cpp defines the hooks, compiled
// into the ImGui library itself, so that every program linking it (the app, the tests, the
// benchmark's floor page) has them. While ctx->TestEngine points to an ItemReport and
// ctx->TestEngineHookItems is set, the focused control's report is kept there; the UI reads it
// (ui/keyboard_speech.h).
#pragma once
#include <imgui.h>

#include <string>

struct ImGuiItemReport {
    ImGuiID id = 0;     // the control reported (the focused one, ctx->NavId, when it was drawn); 0: none
    std::string label;  // its words as drawn: the label before any "##"
    std::string state;  // what the UI says it is now (", selected", ", in use"), said after its kind
    bool checkable = false, checked = false;
    // What kind of control it is, as ImGui tells it: a text field (ImGuiItemFlags_Inputable), or
    // a control ImGui reported without a check mark, an open state or a text (a button, or a
    // list's choice); and whether it is drawn disabled (ImGuiItemFlags_Disabled).
    bool reported = false, text_field = false, openable = false, disabled = false;
    // What the controls drawn now belong to (a question's words, before its choices), as the UI
    // sets it, and what it was when the focused control was drawn.
    std::string context, item_context;
    void* owner = nullptr;  // who reads the report (ui::KeyboardSpeech)
};
