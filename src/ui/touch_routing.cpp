#include "ui/touch_routing.h"

#include <imgui_internal.h>

namespace attn::ui {

namespace {
bool starts_with(const std::string& text, const char* prefix) {
    return text.rfind(prefix, 0) == 0;
}
}  // namespace

bool touch_belongs_to_demo(const UiState& ui, ImVec2 point) {
    const ImGuiContext& g = *GImGui;
    if (!ui.content_fits || g.OpenPopupStack.Size > 0 || g.IO.WantTextInput) return true;
    // What a finger drags: the 3-D view (orbit, pinch, arrow heads), a heatmap (rows and cells),
    // the lesson's slider.
    for (const LayoutItem& item : ui.layout) {
        const ImRect r(item.rect.x, item.rect.y, item.rect.x + item.rect.z, item.rect.y + item.rect.w);
        const bool gesture = item.name == "panel:plot" || item.name == "lesson:lab-slider" ||
                             starts_with(item.name, "arrow:") || starts_with(item.name, "heatmap:");
        if (gesture && r.Contains(point)) return true;
    }
    // A region that scrolls inside its panel (many tokens, wide code lines, a wide table) scrolls
    // by the finger too. Active: drawn in the last pass (read between passes). Sideways only with
    // a scrollbar: a panel without one whose content pokes out a pixel or two is not a region
    // the learner can scroll.
    for (const ImGuiWindow* window : g.Windows)
        if (window->Active && (window->ScrollMax.y > 0 || window->ScrollbarX) && window->Rect().Contains(point))
            return true;
    return false;
}

}  // namespace attn::ui
