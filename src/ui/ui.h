// The UI's entry point: one call per frame that draws every panel with ImGui and edits a draft of
// the state. The UI never calls GL: GPU output reaches it as opaque ImTextureIDs.
#pragma once
#include <string>
#include <vector>

#include <imgui.h>

#include "core/attention.h"
#include "core/plot_scene.h"
#include "core/state.h"

namespace attn::ui {

struct HeatmapImage {
    ImTextureID texture = nullptr;
    float low = 0, high = 1;  // value range the colours span
};

struct Textures {
    ImTextureID plot = nullptr;  // the embedding view, drawn from last frame's PlotScene request
    HeatmapImage scores, weights;
    HeatmapImage projected_scores, projected_weights;
    ImTextureID diverging_bar = nullptr, sequential_bar = nullptr;  // 256 x 1 colour ramps
    std::string renderer_error;  // a shader that failed: shown instead of a blank view
};

// A named screen rectangle, exported for browser tests (attention.layout()).
struct LayoutItem {
    std::string name;  // "token:1", "panel:plot", "heatmap:scores" ...
    ImVec4 rect;       // x, y, w, h in CSS pixels
};

// Transient UI state: not part of the document (camera, stepper position, hover).
struct UiState {
    OrbitCamera camera;
    bool camera_initialised = false;
    int loop_step = -1;        // -1: not started; i: slots 0..i filled
    bool loop_playing = false;
    double loop_next_ms = 0;   // when the playing stepper advances next
    int hovered_token = -1;
    int dragged_token = -1;
    std::vector<LayoutItem> layout;
    std::string last_example;  // to reset view state when the example changes
};

struct FrameInput {
    const State& state;              // last good state (what the result belongs to)
    const AttentionResult& result;
    const std::string& input_error;  // why the last edit was refused, "" if none
    const Textures& textures;
    double now_ms = 0;
};

struct FrameOutput {
    bool edited = false;     // *draft changed: the app validates and commits it
    bool animating = false;  // keep frames coming (a playing stepper, a drag)
    PlotScene plot;          // what the embedding view should show next
};

// Applies the theme and loads the embedded fonts at the given pixel scale. Call once after
// ImGui::CreateContext() and before the first frame.
void setup_style(float font_scale);

FrameOutput draw_ui(const FrameInput& in, State* draft, UiState* ui);

}  // namespace attn::ui
