// Typed numbers through ImGui's text field and the core's reader, and a log-scale slider drawn
// from ImGui's own parts (item, frame, grab, nav): ImGui's number widgets are left unused, and with
// them sscanf and the slider templates (about 20 KB of the page's wasm).
#include "ui/number_fields.h"

#include <imgui.h>
#include <imgui_internal.h>  // the slider: ItemAdd, SetActiveID, nav input, as SliderScalar uses them

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/text/number_parse.h"
#include "core/text/prose_format.h"
#include "ui/widgets.h"

namespace attn::ui {
namespace {

// How a field steps: Up adds `up` (1, or -1 where the list it counts runs downwards); with
// divisors_of > 0 a step goes on to the next divisor of it (num_kv_groups with 4 heads: 2 -> 4).
struct Stepping {
    int up = 1;
    int64_t divisors_of = 0;
    int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
};

// value + step, or on past the numbers that do not divide divisors_of (never past 1 or it);
// value itself at the ends of int64.
int64_t stepped(int64_t value, int step, int64_t divisors_of) {
    if ((step > 0 && value == std::numeric_limits<int64_t>::max()) ||
        (step < 0 && value == std::numeric_limits<int64_t>::min()))
        return value;
    int64_t next = value + step;
    if (divisors_of > 0) {
        while (next > 1 && next < divisors_of && divisors_of % next != 0) next += step;
        next = std::clamp<int64_t>(next, 1, divisors_of);  // + at 32 of 32 heads stays at 32, not 33
    }
    return next;
}

// Up/Down while typing: the number after or before the one typed, written into the field's own
// text (an active ImGui field would write its old text back over an outside change). UserData
// is the field's Stepping.
int step_with_arrows(ImGuiInputTextCallbackData* data) {
    if (data->EventFlag != ImGuiInputTextFlags_CallbackHistory) return 0;
    const Stepping& s = *static_cast<const Stepping*>(data->UserData);
    int64_t typed = 0;
    if (read_whole(std::string_view(data->Buf, size_t(data->BufTextLen)), &typed) != WholeKind::Ok) return 0;
    const std::string text =
        std::to_string(std::clamp(stepped(typed, data->EventKey == ImGuiKey_UpArrow ? s.up : -s.up, s.divisors_of),
                                  std::min(s.lo, typed), std::max(s.hi, typed)));
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, text.c_str());
    return 0;
}

}  // namespace

bool whole_field(UiState* ui, const std::string& name, const std::string& spoken, int64_t* value, float width,
                 int up_step, int64_t divisors_of, int64_t lo, int64_t hi, const std::string& refusal) {
    ImGui::PushID(name.c_str());
    const float button = ImGui::GetFrameHeight(), inner = ImGui::GetStyle().ItemInnerSpacing.x;
    char text[32];
    std::snprintf(text, sizeof text, "%lld", static_cast<long long>(*value));
    ImGui::SetNextItemWidth(std::max(button, width - 2 * (button + inner)));
    const ImGuiInputTextFlags flags =
        ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_CallbackHistory | ImGuiInputTextFlags_AutoSelectAll;
    bool changed = false;
    int64_t typed = 0;
    Stepping stepping{up_step, divisors_of, lo, hi};
    // Characters ImGui's decimal filter will drop (InputTextFilterCharacter): said, not lost unheard.
    if (GImGui->ActiveId == ImGui::GetID("##text"))
        for (ImWchar c : ImGui::GetIO().InputQueueCharacters)
            if (c > ' ' && !(c >= '0' && c <= '9') && c != '.' && c != '+' && c != '-' && c != '*' && c != '/')
                refused_typing_for_keyboard();
    if (ImGui::InputText("##text", text, sizeof text, flags, step_with_arrows, &stepping) &&
        read_whole(text, &typed) == WholeKind::Ok && typed != *value) {
        *value = typed;
        changed = true;
    }
    // While a refusal stands, the value typed back is the caller's to hear too (9 refused, then 1,
    // the query's own: the message goes). ImGui tells no change for it (the text is the field's).
    const ImGuiContext& g = *GImGui;
    if (!changed && !refusal.empty() && ImGui::IsItemActive() && g.InputTextState.ID == g.LastItemData.ID &&
        read_whole(g.InputTextState.TextA.Data ? g.InputTextState.TextA.Data : "", &typed) == WholeKind::Ok &&
        typed == *value)
        changed = true;
    record_layout(ui, name);
    if (keyboard_on_last_item()) name_for_keyboard(spoken + tr(": ") + text, refusal.empty() ? "" : tr(": ") + refusal);
    // "query:input" has buttons "query:minus" and "query:plus"; "projection:seed", "...:seed:minus".
    const std::string base =
        name.size() > 6 && name.compare(name.size() - 6, 6, ":input") == 0 ? name.substr(0, name.size() - 6) : name;
    ImGui::SameLine(0, inner);
    if (ImGui::Button("\u2212", ImVec2(button, button)) && *value > std::numeric_limits<int64_t>::min() &&
        *value > lo) {
        *value = stepped(*value, -1, divisors_of);
        changed = true;
    }
    if (keyboard_on_last_item())
        name_for_keyboard(trf("decrease %s: %lld", spoken.c_str(), static_cast<long long>(*value)));
    record_layout(ui, base + ":minus");
    ImGui::SameLine(0, inner);
    if (ImGui::Button("+", ImVec2(button, button)) && *value < std::numeric_limits<int64_t>::max() && *value < hi) {
        *value = stepped(*value, 1, divisors_of);
        changed = true;
    }
    if (keyboard_on_last_item())
        name_for_keyboard(trf("increase %s: %lld", spoken.c_str(), static_cast<long long>(*value)));
    record_layout(ui, base + ":plus");
    ImGui::PopID();
    return changed;
}

bool decimal_field(UiState* ui, const std::string& name, const std::string& spoken, float* value, int decimals,
                   float width) {
    ImGui::PushID(name.c_str());
    char text[48];
    std::snprintf(text, sizeof text, "%s", num(*value, decimals).c_str());
    ImGui::SetNextItemWidth(width);
    bool changed = false;
    float typed = 0;
    // No character filter: "0,5" is typed with a comma, which ImGui's decimal filter would drop.
    if (ImGui::InputText("##text", text, sizeof text, ImGuiInputTextFlags_AutoSelectAll) &&
        read_float32(text, true, &typed) == NumberKind::Ok && typed != *value) {
        *value = typed;
        changed = true;
    }
    record_layout(ui, name);
    if (keyboard_on_last_item()) name_for_keyboard(spoken + tr(": ") + text);
    ImGui::PopID();
    return changed;
}

bool log_slider(const std::string& name, float* value, float lo, float hi, const std::string& text, float width) {
    ImGuiWindow* window = ImGui::GetCurrentWindow();
    if (window->SkipItems) return false;
    ImGuiContext& g = *ImGui::GetCurrentContext();
    const ImGuiID id = window->GetID(name.c_str());
    const ImVec2 at = window->DC.CursorPos;
    const ImRect frame(at, ImVec2(at.x + width, at.y + ImGui::GetFrameHeight()));
    ImGui::ItemSize(frame, g.Style.FramePadding.y);
    if (!ImGui::ItemAdd(frame, id)) return false;

    // Clicked, or activated from the keyboard (Space or Enter while focused): the slider takes the
    // pointer, or Left and Right, until released (or Space or Enter again).
    const bool hovered = ImGui::ItemHoverable(frame, id);
    if ((hovered && g.IO.MouseClicked[0]) || g.NavActivateId == id) {
        ImGui::SetActiveID(id, window);
        ImGui::SetFocusID(id, window);
        ImGui::FocusWindow(window);
        g.ActiveIdUsingNavDirMask |= (1 << ImGuiDir_Left) | (1 << ImGuiDir_Right);
    }
    const float grab = std::max(g.Style.GrabMinSize, 10.0f);
    const float log_lo = std::log(lo), log_hi = std::log(hi);
    float t = (std::log(std::clamp(*value, lo, hi)) - log_lo) / (log_hi - log_lo);  // 0..1 along the track
    bool changed = false;
    if (g.ActiveId == id) {
        float next_t = t;
        if (g.ActiveIdSource == ImGuiInputSource_Mouse) {
            if (!g.IO.MouseDown[0])
                ImGui::ClearActiveID();
            else
                next_t = (g.IO.MousePos.x - frame.Min.x - grab / 2) / std::max(1.0f, frame.GetWidth() - grab);
        } else if (g.ActiveIdSource == ImGuiInputSource_Nav) {
            // One press moves 1% of the track (Ctrl: 0.1%), a held key repeats.
            const ImVec2 delta = ImGui::GetNavInputAmount2d(
                ImGuiNavDirSourceFlags_Keyboard | ImGuiNavDirSourceFlags_PadDPad, ImGuiInputReadMode_RepeatFast, 0.1f);
            next_t += delta.x * 0.01f;
            if (g.NavActivatePressedId == id && !g.ActiveIdIsJustActivated) ImGui::ClearActiveID();
        }
        next_t = std::clamp(next_t, 0.0f, 1.0f);
        if (next_t != t) {
            t = next_t;
            const float v = std::exp(log_lo + t * (log_hi - log_lo));
            if (v != *value) {
                *value = v;
                changed = true;
            }
        }
    }

    // Drawn as ImGui draws a slider: the frame, the grab, the text centred on them.
    const ImU32 frame_color = ImGui::GetColorU32(g.ActiveId == id ? ImGuiCol_FrameBgActive
                                                 : hovered        ? ImGuiCol_FrameBgHovered
                                                                  : ImGuiCol_FrameBg);
    ImGui::RenderNavHighlight(frame, id);
    ImGui::RenderFrame(frame.Min, frame.Max, frame_color, true, g.Style.FrameRounding);
    const float grab_x = frame.Min.x + t * (frame.GetWidth() - grab);
    window->DrawList->AddRectFilled(
        ImVec2(grab_x, frame.Min.y + 2), ImVec2(grab_x + grab, frame.Max.y - 2),
        ImGui::GetColorU32(g.ActiveId == id ? ImGuiCol_SliderGrabActive : ImGuiCol_SliderGrab), g.Style.GrabRounding);
    ImGui::RenderTextClipped(frame.Min, frame.Max, text.c_str(), nullptr, nullptr, ImVec2(0.5f, 0.5f));
    if (changed) ImGui::MarkItemEdited(id);
    return changed;
}

}  // namespace attn::ui
