// What a screen reader says as the keyboard moves in the drawing: see keyboard_speech.h.
#include "ui/keyboard_speech.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cstring>

#include "core/math/deferred_entry.h"
#include "core/text/text_template.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// The keyboard's focus is shown (it moved by keys, not by a pointer).
bool keyboard_focus_shown() {
    const ImGuiContext& g = *GImGui;
    return g.NavWindow && g.NavId && !g.NavDisableHighlight;
}

// The frame's KeyboardSpeech (begin_keyboard_speech), or null before any frame.
KeyboardSpeech* current() {
    const auto* report = static_cast<const ImGuiItemReport*>(GImGui->TestEngine);
    return report ? static_cast<KeyboardSpeech*>(report->owner) : nullptr;
}

// Text that ends with its own mark ("What does that say?", "这说明了什么？"): no colon after it.
bool ends_a_sentence(const std::string& text) {
    for (const char* mark : {"?", ".", ":", "!", "\uff1f", "\u3002", "\uff1a", "\uff01"}) {
        const size_t n = std::char_traits<char>::length(mark);
        if (text.size() >= n && text.compare(text.size() - n, n, mark) == 0) return true;
    }
    return false;
}

}  // namespace

bool keyboard_on_last_item() {
    return GImGui->TestEngineHookItems && ImGui::IsItemFocused();
}

void begin_keyboard_speech(KeyboardSpeech* speech) {
    ImGuiContext& g = *GImGui;
    speech->windows.clear();
    speech->choices.clear();
    speech->typing_refused = false;
    speech->item = ImGuiItemReport{};
    speech->item.owner = speech;
    g.TestEngine = &speech->item;
    g.TestEngineHookItems = keyboard_focus_shown();
}

void panel_for_keyboard(const std::string& title) {
    if (KeyboardSpeech* speech = current()) speech->windows.push_back({ImGui::GetCurrentWindow(), title, true});
}

void region_for_keyboard(const std::string& name) {
    if (KeyboardSpeech* speech = current()) speech->windows.push_back({ImGui::GetCurrentWindow(), name, false});
}

void context_for_keyboard(const std::string& context) {
    if (KeyboardSpeech* speech = current()) speech->item.context = context;
}

void ordered_choice_for_keyboard() {
    KeyboardSpeech* speech = current();
    if (!speech || !GImGui->TestEngineHookItems) return;
    const ImGuiContext& g = *GImGui;
    speech->choices.push_back({g.CurrentWindow, g.LastItemData.ID, g.LastItemData.NavRect});
}

void choice_for_keyboard(const std::string& name, bool selected, int index, int count) {
    if (!keyboard_on_last_item()) return;
    // A radio button says "checked" of itself; a list's entry is said selected.
    const bool says_checked = current() && current()->item.id == GImGui->NavId && current()->item.checkable;
    name_for_keyboard(name, (selected && !says_checked ? std::string(tr(", selected")) : std::string()) +
                                trf(", %d of %d", index + 1, count));
}

void name_for_keyboard(const std::string& name, const std::string& state) {
    KeyboardSpeech* speech = current();
    if (!speech || !keyboard_on_last_item()) return;
    const ImGuiContext& g = *GImGui;
    if (speech->item.id != g.NavId) {  // drawn without ImGui's report (a bar row, a drawn view): no kind
        const ImGuiItemReport none;
        speech->item.reported = none.reported;
        speech->item.text_field = none.text_field;
        speech->item.openable = none.openable;
        speech->item.checkable = none.checkable;
    }
    speech->item.disabled = (g.LastItemData.InFlags & ImGuiItemFlags_Disabled) != 0;
    speech->item.id = g.NavId;
    speech->item.label = name;
    speech->item.state = state;
    speech->item.item_context = speech->item.context;
}

bool radio_button(const char* label, bool active) {
    const bool picked = ImGui::RadioButton(label, active);
    KeyboardSpeech* speech = current();
    if (speech && keyboard_on_last_item()) {
        speech->item.checkable = true;
        speech->item.checked = active;
    }
    return picked;
}

void refused_typing_for_keyboard() {
    if (KeyboardSpeech* speech = current()) speech->typing_refused = true;
}

bool begin_combo(const char* id, const std::string& preview, const std::string& spoken, ImGuiComboFlags flags) {
    const bool open = ImGui::BeginCombo(id, preview.c_str(), flags);
    if (!open && keyboard_on_last_item())
        name_for_keyboard(trf("%s, list", spoken.c_str()));  // (open: the focus is on its choices)
    return open;
}

namespace {

// What this frame says while the keyboard's focus shows, before its spaces are tidied
// (speech_of_frame).
std::string words_of_frame(KeyboardSpeech* speech) {
    const ImGuiContext& g = *GImGui;
    // The focus on a panel or a region itself (the arrows between them), or on a control inside.
    const KeyboardSpeech::Window* focused = nullptr;
    const std::string* inside = nullptr;  // the panel the focus is in
    for (const KeyboardSpeech::Window& k : speech->windows) {
        if (k.window->ChildId == g.NavId) focused = &k;
        for (const ImGuiWindow* w = g.NavWindow; w && k.panel; w = w->ParentWindow)
            if (w == k.window) inside = &k.name;
    }
    std::string said;
    if (focused) {
        if (g.NavId == speech->said_id) return "";
        said = focused->panel ? trf("%s, panel", focused->name.c_str()) : trf("%s, group", focused->name.c_str());
        if (!focused->panel && inside && *inside != speech->said_panel) said = *inside + tr(": ") + said;
        speech->said_panel = focused->panel ? focused->name : inside ? *inside : "";
        speech->said_id = g.NavId;
        speech->said_label.clear();
        speech->said_checked = -1;
        speech->said_context.clear();
        return said;
    }
    // A control: named by this frame's report of it (a report of a control the focus has since
    // left, as when a new step's first choice takes it mid-frame, is not this one's name).
    const ImGuiItemReport& item = speech->item;
    if (item.id != g.NavId || item.label.empty()) return "";  // nothing to name it by yet
    const int checked = item.checkable ? int(item.checked) : -1;
    const bool moved = g.NavId != speech->said_id;
    const bool typing = item.text_field && g.ActiveId == g.NavId;
    if (moved) speech->editing = false;
    // A field taken for typing (Enter or Space) says so once; the characters typed are not read
    // back (a screen reader echoes the keys itself), but Up and Down, which step the number, are.
    if (typing) {
        const bool stepped = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_UpArrow)) ||
                             ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_DownArrow));
        // (Compared with the last frame's words, not the last said: typed characters change them.)
        const bool step_said = stepped && item.label != speech->edit_last;
        speech->edit_last = item.label;
        if (!moved && speech->editing && speech->typing_refused) return tr("numbers only");
        if (!moved && speech->editing && !step_said) return "";
        said = moved || speech->editing ? item.label : trf("%s, editing", item.label.c_str());
        if (!speech->editing) speech->edit_start = item.label;
        speech->editing = true;
        if (!moved) {
            speech->said_label = item.label;
            return said;
        }
    } else if (!moved) {
        // The frame a field lets go (Enter, Escape) it still shows the typed text ("0.9"); the
        // next shows the value as kept ("0.90"), which is what is said, or that it is unchanged.
        if (g.ActiveIdPreviousFrame == g.NavId && item.text_field) return "";
        if (speech->editing) {
            speech->editing = false;
            said = item.label == speech->edit_start ? trf("%s, unchanged", item.label.c_str()) : item.label;
            said += item.state;  // why a typed number was refused (": query position is 9 but must be 0..5")
            speech->said_label = item.label;
            speech->said_state = item.state;
            return said;
        }
        // Under the focus, a new state (Space on a check box, a button that can no longer be
        // used) or new words (+ on a number's button, a pick in a menu, Left on a slider) are said
        // again, without the kind of control, which was said as the focus arrived.
        if (checked == speech->said_checked && item.label == speech->said_label && item.state == speech->said_state &&
            item.disabled == speech->said_disabled)
            return "";
        if (g.ActiveIdPreviousFrame == g.NavId && g.ActiveId != g.NavId) return "";
    }
    if (!typing) said = item.label;
    // Arriving: the kind of control a key works on, as a screen reader says it of a page's own.
    // (A drop-down list's choices: ImGui names its popup "##Combo_NN". A dialog's buttons are buttons.)
    const bool in_list = g.NavWindow && (g.NavWindow->Flags & ImGuiWindowFlags_Popup) &&
                         std::strncmp(g.NavWindow->Name, "##Combo_", 8) == 0;
    // (Typing on it edits it, as Enter or Space does: field_typing.h.)
    if (moved && item.text_field) said += tr(", text field");
    if (moved && item.reported && !item.text_field && !item.checkable && !item.openable && !in_list)
        said += tr(", button");
    // Its state after its kind and check mark: "5, not checked, 1 of 4".
    if (checked >= 0) said += checked ? tr(", checked") : tr(", not checked");
    said += item.state;
    if (item.disabled) said += tr(", unavailable");
    // Reaching a question's choices says the question first; moving into a panel, or to another
    // one, says which.
    if (!item.item_context.empty() && item.item_context != speech->said_context) {
        std::string context = item.item_context;
        if (ends_a_sentence(context))
            append_sentence(&context, said);  // (no space after a full-width mark)
        else
            context += tr(": ") + said;
        said = std::move(context);
    }
    if (inside && *inside != speech->said_panel) said = *inside + tr(": ") + said;
    speech->said_panel = inside ? *inside : "";
    speech->said_context = item.item_context;
    speech->said_id = g.NavId;
    speech->said_label = item.label;
    speech->said_checked = checked;
    speech->said_disabled = item.disabled;
    speech->said_state = item.state;
    return said;
}

}  // namespace

// What this frame says while the keyboard's focus shows (keyboard_speech), in the code the first
// view does not run.
ATTN_DEFERRED_ENTRY std::string speech_of_frame(KeyboardSpeech* speech) {
    std::string said = words_of_frame(speech);
    // One space where the screen spaces words out ("1  Inputs", "MultiHeadAttention  (3.6.2)").
    said.erase(std::unique(said.begin(), said.end(), [](char a, char b) { return a == ' ' && b == ' '; }), said.end());
    return said;
}

std::string keyboard_speech(KeyboardSpeech* speech, const DeferredCode* code, bool* wants_code, bool* retry_code) {
    if (!keyboard_focus_shown()) {
        // Hidden (the pointer took over, or a frame of Space going into a panel): the keyboard's
        // next move, wherever it lands, is news again; the panel it was in is still the one named.
        speech->said_id = 0;
        return "";
    }
    if (code && !code->here) {
        *wants_code = true;
        if (code->error.empty()) {  // on its way (again: a failure after it is said again)
            speech->code_error_at = 0;
            return "";
        }
        // Not fetched (a walk heard nothing for the rest of the session): said once; a move of the
        // focus fetches again.
        const ImGuiID at = GImGui->NavId;
        if (speech->code_error_at == 0) {
            speech->code_error_at = at;
            return trf(
                "The drawing's words for the keyboard could not be fetched (%s): move to try again, or use "
                "the text versions after the drawing",
                code->error.c_str());
        }
        if (at != speech->code_error_at) *retry_code = true, speech->code_error_at = at;
        return "";
    }
    speech->code_error_at = 0;
    return speech_of_frame(speech);
}

}  // namespace attn::ui
