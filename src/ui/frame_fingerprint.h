// A frame's fingerprint: a 64-bit hash of everything ImGui asks the GPU to draw (vertices, indices,
// clip rectangles, textures, display size). Two frames with the same fingerprint put the same
// pixels on screen, so the app presents only frames whose fingerprint changed and stops drawing
// once ImGui has settled (see app_frame).
#pragma once
#include <cstdint>

struct ImDrawData;

namespace attn::ui {

// 0 for no draw data; otherwise a hash that differs, with overwhelming odds, when any vertex,
// index, draw command or the display size differs.
uint64_t frame_fingerprint(const ImDrawData* draw_data);

// True when ImGui will change the picture on its next pass without any input: a window that
// appeared is hidden for a pass while ImGui measures it, or is still fitting its size to its
// content. Such a pass is not worth drawing, and the UI has not settled after it.
bool imgui_settling();

}  // namespace attn::ui
