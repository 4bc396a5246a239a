// The UI's entry point: one call per frame that draws every panel with ImGui and edits a draft of
// the state. The UI never calls GL: GPU output reaches it as opaque ImTextureIDs.
#pragma once
#include <imgui.h>

#include <string>
#include <vector>

#include "core/document/state_attention.h"
#include "core/view/page_options.h"
#include "core/math/pca.h"
#include "core/view/plot_scene.h"
#include "core/document/state.h"

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

// Which vectors the embedding view shows.
enum class PlotSpace {
    Inputs,       // the input embeddings, the query and the context vector
    QueriesKeys,  // with the projection on: the keys and the query's projected query vector
};

// Transient UI state: not part of the document (camera, stepper position, hover).
struct UiState {
    // The random embeddings generator (inputs panel): size, seed, and why the last try was refused.
    int random_n = 256, random_d = 64, random_seed = 123;
    std::string random_error;
    // Set by the platform from prefers-reduced-motion: Play still steps, without highlight fades.
    bool reduced_motion = false;

    // Embedding view.
    OrbitCamera camera;
    std::string camera_key;  // example, dimensions and space the camera was fitted for
    bool camera_fit_pending = true;
    bool camera_zoomed = false;  // the reader zoomed: no automatic refit until Reset
    PlotSpace plot_space = PlotSpace::Inputs;
    int hovered_token = -1;
    int dragged_token = -1;  // arrow head pressed; it moves once the mouse drags
    bool drag_moved = false;
    bool orbiting = false;    // 3-D: a drag that started on empty space
    PcaBasis pca;             // the basis the > 3-D view projects with
    Matrix pca_source;        // the vectors it was computed from (recomputed when they change)
    bool pca_frozen = false;  // kept while dragging, so the view does not turn under the mouse

    // The score loop stepper.
    int loop_step = -1;  // -1: not started; i: slots 0..i filled
    bool loop_playing = false;
    double loop_next_ms = 0;  // when the playing stepper advances next
    double loop_step_ms = 0;  // when the current step was taken (for the highlight fade)
    int loop_query = -1;      // the query and token count the loop ran for: a change restarts it
    int loop_tokens = -1;

    // Heatmaps: with the projection on, show queries @ keys.T (true) or inputs @ inputs.T.
    bool heatmap_projected = true;

    float weights_tail_h = 0;   // height of the weights panel below its bars, measured each frame
    std::string ui_error;       // an edit the UI itself refused (a negative seed), shown beside it
    // Token table: the value cell being typed into (its ImGui id and its text as typed), and why
    // the last typed value was refused ("inputs[1][2]: \"abc\" is not a number ...").
    unsigned cell_editing = 0;
    std::string cell_text;
    std::string cell_error;
    std::string last_example;   // to reset view state when the example changes
    int first_dim = 0;          // token table: first embedding column shown when d is large
    bool touch_scroll = false;  // a drag that began on no widget scrolls the phone column
    std::vector<LayoutItem> layout;
};

struct FrameInput {
    const State& state;  // last good state (what the result belongs to)
    const AttentionResult& result;
    const std::string& input_error;  // why the last edit was refused, "" if none
    const Textures& textures;
    double now_ms = 0;
    // The host page's wishes (embed mode, theme, reduced motion, touch); null: the defaults.
    const PageOptions* page = nullptr;
    // Touch: a two-finger pinch since the last frame (finger distance now / before, 1: none) and
    // the touch points down. A pinch over the embedding view zooms it.
    float pinch = 1.0f;
    int touch_points = 0;
};

struct FrameOutput {
    bool edited = false;     // *draft changed: the app validates and commits it
    bool animating = false;  // keep frames coming (a playing stepper, a drag, a fade)
    PlotScene plot;          // what the embedding view should show next
};

// Applies the theme and loads the embedded fonts at the given pixel scale. Call once after
// ImGui::CreateContext() and before the first frame.
void setup_style(float font_scale);

FrameOutput draw_ui(const FrameInput& in, State* draft, UiState* ui);

}  // namespace attn::ui
