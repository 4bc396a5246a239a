// The UI's entry point: one call per frame that draws every panel with ImGui and edits a draft of
// the state. The UI never calls GL: GPU output reaches it as opaque ImTextureIDs.
#pragma once
#include "core/document/state.h"
#include "ui/ui_state.h"

namespace attn::ui {

// Applies the theme and loads the embedded fonts at the given pixel scale. Call once after
// ImGui::CreateContext() and before the first frame.
void setup_style(float font_scale);

FrameOutput draw_ui(const FrameInput& in, State* draft, UiState* ui);

}  // namespace attn::ui
