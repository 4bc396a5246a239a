// Colours and fonts shared by the panels, so the query, the context vector, the loop's current
// token and the other tokens have one colour each everywhere (arrows, table rows, bars, heatmaps).
#pragma once
#include <imgui.h>

#include "core/view/plot_scene.h"

namespace attn::ui {

ImFont* mono_font();  // DejaVu Sans Mono: tensors and code

// The glyphs of a script DejaVu lacks (the zh-CN subset of Noto Sans CJK SC, fetched when that
// language is chosen), merged into both fonts at the next atlas build; null: none. The bytes must
// outlive the atlas (App keeps them). The platform layer rebuilds the atlas when told
// (imgui_backend_fonts_changed).
void set_script_font(const unsigned char* data, size_t size);

// From the Okabe-Ito palette, so they stay distinct for colour-blind viewers: darkened on the
// light theme and lightened on the dark one until text in them has 4.5:1 on every background it
// is drawn on (panels, table rows, the query row's tint; tests/ui/theme_test.cpp holds them to it).
ImVec4 query_color();     // #D55E00 vermillion
ImVec4 context_color();   // #009E73 bluish green
ImVec4 token_color();     // #0072B2 blue
ImVec4 loop_color();      // #CC79A7 reddish purple
ImVec4 on_query_color();  // text on a fill of query_color() (the current step's button): 4.5:1
ImVec4 muted_text();
ImVec4 error_color();
ImVec4 ok_color();

// The light or dark theme (the page's theme=light|dark|auto). Cheap to call every frame: it only
// rewrites the ImGui colours when the choice changes. setup_style() keeps the current choice.
void apply_theme(bool dark);
// Colours of things ImGui does not style: the plot's background, grid and axes, the backing of
// labels drawn over the plot, an empty heatmap.
ImVec4 plot_background();
ImVec4 plot_grid();
ImVec4 plot_axis();
ImU32 label_backing();
ImU32 empty_heatmap();

inline ImU32 u32(ImVec4 c, float alpha = 1.0f) {
    return ImGui::GetColorU32(ImVec4(c.x, c.y, c.z, c.w * alpha));
}
inline ImU32 u32(Rgba c) {
    return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a));
}

}  // namespace attn::ui
