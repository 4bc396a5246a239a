// The arrow keys between panels: see panel_moves.h.
#include "ui/panel_moves.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cmath>

namespace attn::ui {

namespace {

// ImGui's result for this frame's move: `panel`'s window, in the window it sits in (which ImGui
// applies at the next frame, as its own pick). Its other candidates are dropped.
// Item `id` in window `in` (its rectangle on screen) replaces ImGui's pick for this move.
void pick_item(ImGuiWindow* in, ImGuiID id, const ImRect& rect) {
    ImGuiContext& g = *GImGui;
    ImGuiNavItemData& pick = g.NavMoveResultLocal;
    pick.Clear();
    pick.Window = in;
    pick.ID = id;
    pick.FocusScopeId = g.NavFocusScopeId;  // (a child window shares its parent's focus scope)
    pick.RectRel = ImGui::WindowRectAbsToRel(in, rect);
    pick.DistBox = pick.DistCenter = pick.DistAxial = 0.0f;
    g.NavMoveResultOther.Clear();
    g.NavMoveResultLocalVisible.Clear();
}

void pick_panel(ImGuiWindow* panel) {
    pick_item(panel->ParentWindow, panel->ChildId, panel->Rect());
}

// From one of a question's choices: Down and Right to the next in reading order, Up and Left to
// the one before. True when it picked one (at either end ImGui's pick stands: Reveal, the words).
bool steer_choice_move(const KeyboardSpeech& speech) {
    const ImGuiContext& g = *GImGui;
    const std::vector<KeyboardSpeech::Choice>& c = speech.choices;
    for (size_t k = 0; k < c.size(); ++k) {
        if (c[k].id != g.NavId || c[k].window != g.NavWindow) continue;
        const bool on = g.NavMoveDir == ImGuiDir_Down || g.NavMoveDir == ImGuiDir_Right;
        const size_t to = on ? k + 1 : k - 1;  // (k - 1 wraps past the end at k = 0)
        if (to >= c.size()) return false;
        pick_item(c[to].window, c[to].id, c[to].rect);
        return true;
    }
    return false;
}

// The focus on a region that holds panels (the column they scroll in, on a phone or with a few
// panels): Down or Right goes on to its first panel, as if the region were not there, instead of
// stopping until Space goes in.
void enter_panels_region(const KeyboardSpeech& speech) {
    ImGuiContext& g = *GImGui;
    if (g.NavMoveDir != ImGuiDir_Down && g.NavMoveDir != ImGuiDir_Right) return;
    const ImGuiWindow* region = nullptr;
    for (const KeyboardSpeech::Window& k : speech.windows)
        if (!k.panel && k.window->ChildId == g.NavId && k.window->ParentWindow == g.NavWindow) region = k.window;
    if (!region) return;
    const KeyboardSpeech::Window* first = nullptr;
    for (const KeyboardSpeech::Window& k : speech.windows)
        if (k.panel && k.window->ParentWindow == region &&
            (!first || k.window->Pos.y < first->window->Pos.y - 1.0f ||
             (k.window->Pos.y <= first->window->Pos.y + 1.0f && k.window->Pos.x < first->window->Pos.x)))
            first = &k;
    if (first) pick_panel(first->window);
}

// Home or End on a panel: the first or the last panel of its window in reading order. ImGui's own
// pick, scored from the window's top or bottom edge with its boxes squashed, could be a panel above
// the last one in a phone's column, off screen while the column scrolled to its end.
void panel_at_edge(const KeyboardSpeech& speech, const KeyboardSpeech::Window& from) {
    const bool last = GImGui->NavMoveDir == ImGuiDir_Up;  // End scores upwards from the bottom
    const auto before = [](const ImGuiWindow* a, const ImGuiWindow* b) {
        return a->Pos.y < b->Pos.y - 1.0f || (a->Pos.y <= b->Pos.y + 1.0f && a->Pos.x < b->Pos.x);
    };
    const KeyboardSpeech::Window* pick = nullptr;
    for (const KeyboardSpeech::Window& k : speech.windows)
        if (k.panel && k.window->ParentWindow == from.window->ParentWindow &&
            (!pick || (last ? before(pick->window, k.window) : before(k.window, pick->window))))
            pick = &k;
    if (pick) pick_panel(pick->window);
}

}  // namespace

void keep_keyboard_focus_in_view() {
    ImGuiContext& g = *GImGui;
    ImGuiWindow* window = g.NavWindow;
    if (!window || !g.NavId || g.NavDisableHighlight || g.NavLayer != ImGuiNavLayer_Main || g.NavMoveScoringItems ||
        window->ScrollMax.y <= 0.0f)
        return;
    const ImRect at = ImGui::WindowRectRelToAbs(window, window->NavRectRel[g.NavLayer]);
    const ImRect& view = window->InnerClipRect;
    if (at.GetHeight() <= 0.0f || (at.Min.y >= view.Min.y - 0.5f && at.Max.y <= view.Max.y + 0.5f)) return;
    ImGui::ScrollToRect(window, at, ImGuiScrollFlags_KeepVisibleEdgeY);
}

void steer_panel_moves(const KeyboardSpeech& speech) {
    ImGuiContext& g = *GImGui;
    // A move by an arrow key this frame, from a panel in the window the focus is in. Tab, a focus
    // call, PageUp / PageDown and Home / End make move requests too, with flags of their own (and
    // PageUp asks to move Down from a page above): ImGui's pick stands for them.
    const ImGuiNavMoveFlags wrap =
        ImGuiNavMoveFlags_WrapX | ImGuiNavMoveFlags_LoopX | ImGuiNavMoveFlags_WrapY | ImGuiNavMoveFlags_LoopY;
    if (!g.NavMoveScoringItems || g.NavMoveDir == ImGuiDir_None || !g.NavWindow) return;
    const KeyboardSpeech::Window* from = nullptr;
    for (const KeyboardSpeech::Window& k : speech.windows)
        if (k.panel && k.window->ChildId == g.NavId && k.window->ParentWindow == g.NavWindow) from = &k;
    if (from && (g.NavMoveFlags & ImGuiNavMoveFlags_ScrollToEdgeY)) return panel_at_edge(speech, *from);  // Home, End
    if (g.NavMoveFlags & ~wrap) return;
    if (steer_choice_move(speech)) return;
    if (!from) {
        enter_panels_region(speech);
        return;
    }
    const ImRect a = from->window->Rect();
    const bool vertical = g.NavMoveDir == ImGuiDir_Up || g.NavMoveDir == ImGuiDir_Down;
    const KeyboardSpeech::Window* best = nullptr;
    float best_gap = 0, best_offset = 0;
    for (const KeyboardSpeech::Window& k : speech.windows) {
        if (!k.panel || &k == from || k.window->ParentWindow != g.NavWindow) continue;
        const ImRect b = k.window->Rect();
        // How far past a's edge that way b starts (a pixel of overlap still counts as past).
        const float gap = g.NavMoveDir == ImGuiDir_Down    ? b.Min.y - a.Max.y
                          : g.NavMoveDir == ImGuiDir_Up    ? a.Min.y - b.Max.y
                          : g.NavMoveDir == ImGuiDir_Right ? b.Min.x - a.Max.x
                                                           : a.Min.x - b.Max.x;
        // What the two have in common across the move: columns for Up and Down, rows for Left and Right.
        const float shared = vertical ? std::min(a.Max.x, b.Max.x) - std::max(a.Min.x, b.Min.x)
                                      : std::min(a.Max.y, b.Max.y) - std::max(a.Min.y, b.Min.y);
        if (gap < -1.0f || shared <= 0.0f) continue;
        // At equal distance, the one that starts nearest in reading order: from the lesson's band
        // Down goes to panel 1 on the left, from panel 3 Right to the top of what faces it.
        const float offset = vertical ? std::fabs(b.Min.x - a.Min.x) : std::fabs(b.Min.y - a.Min.y);
        if (!best || gap < best_gap - 2.0f || (gap <= best_gap + 2.0f && offset < best_offset))
            best = &k, best_gap = gap, best_offset = offset;
    }
    if (best) pick_panel(best->window);
}

}  // namespace attn::ui
