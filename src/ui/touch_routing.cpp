#include "ui/touch_routing.h"

#include <imgui_internal.h>

#include <cfloat>
#include <cmath>
#include <cstring>

namespace attn::ui {

namespace {
bool starts_with(const std::string& text, const char* prefix) {
    return text.rfind(prefix, 0) == 0;
}

bool item_at(const UiState& ui, ImVec2 point, bool (*wanted)(const std::string&)) {
    for (const LayoutItem& item : ui.layout) {
        const ImRect r(item.rect.x, item.rect.y, item.rect.x + item.rect.z, item.rect.y + item.rect.w);
        if (wanted(item.name) && r.Contains(point)) return true;
    }
    return false;
}

// A window drawn in the last pass (Active) that scrolls: down or up, or sideways with a scrollbar
// (a panel whose content pokes out a pixel or two without one is not a region to scroll).
bool scrolls(const ImGuiWindow* w) {
    return w->Active && (w->ScrollMax.y > 0 || w->ScrollbarX);
}
// The windows ui.cpp lays the panels out in: the root window, its columns ("column"), and each
// panel's frame ("panel"). ImGui names a child "<parent>/<name>_<id>".
bool named(const ImGuiWindow* w, const char* name) {
    const char* last = std::strrchr(w->Name, '/');
    return last && std::strncmp(last + 1, name, std::strlen(name)) == 0 && last[1 + std::strlen(name)] == '_';
}
bool is_column(const ImGuiWindow* w) {
    return !(w->Flags & ImGuiWindowFlags_ChildWindow) || named(w, "column");
}
bool is_panel(const ImGuiWindow* w) {
    return named(w, "panel");
}

// A window's title bar under the point (the PyTorch code's window): a finger there drags the
// window, as a mouse does. A scrollbar is not grabbed by a finger: on a phone it is where a right
// thumb swipes, and dragging its thumb moved the column the other way and pages at a time; the
// swipe moves the content under it, as anywhere else.
bool on_title_bar(ImVec2 point) {
    for (ImGuiWindow* w : GImGui->Windows) {
        if (!w->Active) continue;
        if (!(w->Flags & ImGuiWindowFlags_NoTitleBar) && !(w->Flags & ImGuiWindowFlags_ChildWindow) &&
            w->TitleBarRect().Contains(point))
            return true;
    }
    return false;
}
}  // namespace

TouchClaim touch_claim(const UiState& ui, ImVec2 point, bool own_page) {
    const ImGuiContext& g = *GImGui;
    if (g.OpenPopupStack.Size > 0 || g.IO.WantTextInput) return TouchClaim::Demo;
    if (own_page && on_title_bar(point)) return TouchClaim::Demo;
    if (item_at(ui, point, [](const std::string& n) { return n == "lesson:lab-slider"; })) return TouchClaim::Slider;
    const bool on_view =
        item_at(ui, point, [](const std::string& n) { return n == "panel:plot" || starts_with(n, "arrow:"); });
    if (on_view) return ui.plot.engaged ? TouchClaim::Demo : TouchClaim::Page;
    if (item_at(ui, point, [](const std::string& n) { return starts_with(n, "heatmap:"); })) return TouchClaim::Page;
    for (const ImGuiWindow* window : g.Windows)
        if (scrolls(window) && window->Rect().Contains(point)) return TouchClaim::Scroll;
    return TouchClaim::Page;
}

namespace {
// The window a swipe from `point` scrolls, whether it has room or not; null if none. Sideways: a
// wide table or code block with a horizontal scrollbar. Up or down: a swipe over a table or any
// region inside a panel is the page's; over the column itself (a frame too short for its
// content), the nearest column that scrolls.
ImGuiWindow* swipe_target(ImVec2 point, bool sideways) {
    ImGuiContext& g = *GImGui;
    if (sideways) {
        for (ImGuiWindow* w : g.Windows)
            if (scrolls(w) && w->ScrollbarX && w->Rect().Contains(point)) return w;
        return nullptr;
    }
    ImGuiWindow* innermost = nullptr;
    for (ImGuiWindow* w : g.Windows)  // back to front: children after their parents
        if (w->Active && w->Rect().Contains(point)) innermost = w;
    if (!innermost || !(is_column(innermost) || is_panel(innermost))) return nullptr;  // inside a region
    for (ImGuiWindow* w = innermost; w; w = w->ParentWindow)
        if (is_column(w) && w->ScrollMax.y > 0) return w;
    return nullptr;
}

// Where the window's scroll is headed: a target set by an earlier move of this frame, else now.
float scroll_now(const ImGuiWindow* w, int axis) {
    return w->ScrollTarget[axis] < FLT_MAX ? w->ScrollTarget[axis] : w->Scroll[axis];
}

// The demo as the page: the innermost window under the finger that can still scroll along `axis`
// in the finger's direction (d < 0: towards what is below or to the right), else the windows
// around it; null when none can.
ImGuiWindow* own_page_target(ImVec2 point, int axis, float d) {
    ImGuiWindow* innermost = nullptr;
    for (ImGuiWindow* w : GImGui->Windows)
        if (w->Active && w->Rect().Contains(point)) innermost = w;
    for (ImGuiWindow* w = innermost; w; w = w->ParentWindow) {
        const bool scrolls_along = axis == 1 ? w->ScrollMax.y > 0 : w->ScrollbarX && w->ScrollMax.x > 0;
        if (!scrolls_along) continue;
        if (d < 0 ? scroll_now(w, axis) < w->ScrollMax[axis] - 0.5f : scroll_now(w, axis) > 0.5f) return w;
    }
    return nullptr;
}
}  // namespace

bool touch_scrolls_demo(ImVec2 point, ImVec2 delta, bool own_page) {
    const bool sideways = std::fabs(delta.x) > std::fabs(delta.y);
    if (own_page) return own_page_target(point, sideways ? 0 : 1, sideways ? delta.x : delta.y) != nullptr;
    const ImGuiWindow* w = swipe_target(point, sideways);
    if (!w) return false;
    const int axis = sideways ? 0 : 1;
    const float d = sideways ? delta.x : delta.y;  // a finger moving up (d < 0) shows what is below
    return d < 0 ? scroll_now(w, axis) < w->ScrollMax[axis] - 0.5f : scroll_now(w, axis) > 0.5f;
}

void touch_scroll_by(ImVec2 point, ImVec2 delta, bool sideways, bool own_page) {
    const int axis = sideways ? 0 : 1;
    const float d = sideways ? delta.x : delta.y;
    ImGuiWindow* w = own_page ? own_page_target(point, axis, d) : swipe_target(point, sideways);
    if (!w) return;
    const float to = ImClamp(scroll_now(w, axis) - d, 0.0f, w->ScrollMax[axis]);
    if (sideways)
        ImGui::SetScrollX(w, to);
    else
        ImGui::SetScrollY(w, to);
}

}  // namespace attn::ui
