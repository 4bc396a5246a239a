// Colours and fonts shared by the panels, so the query, the context vector, the loop's current
// token and the other tokens have one colour each everywhere (arrows, table rows, bars, heatmaps).
#pragma once
#include <imgui.h>

namespace attn::ui {

ImFont* mono_font();  // DejaVu Sans Mono: tensors and code

// From the Okabe-Ito palette, so they stay distinct for colour-blind viewers.
inline ImVec4 query_color() { return ImVec4(0.835f, 0.369f, 0.0f, 1.0f); }    // #D55E00 vermillion
inline ImVec4 context_color() { return ImVec4(0.0f, 0.620f, 0.451f, 1.0f); }  // #009E73 bluish green
inline ImVec4 token_color() { return ImVec4(0.0f, 0.447f, 0.698f, 1.0f); }    // #0072B2 blue
inline ImVec4 loop_color() { return ImVec4(0.60f, 0.25f, 0.55f, 1.0f); }      // #CC79A7, darkened for text
inline ImVec4 muted_text() { return ImVec4(0.40f, 0.43f, 0.48f, 1.0f); }
inline ImVec4 error_color() { return ImVec4(0.72f, 0.09f, 0.09f, 1.0f); }
inline ImVec4 ok_color() { return ImVec4(0.0f, 0.50f, 0.36f, 1.0f); }

inline ImU32 u32(ImVec4 c, float alpha = 1.0f) { return ImGui::GetColorU32(ImVec4(c.x, c.y, c.z, c.w * alpha)); }

}  // namespace attn::ui
