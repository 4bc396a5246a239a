// The panels the screen is made of. Each draws itself with ImGui into the current region and
// edits the draft state; ui.cpp only decides where each one goes.
#pragma once
#include "ui/ui.h"

namespace attn::ui {

// Example picker, token table (labels and embeddings), query selection by position.
bool panel_inputs(const FrameInput& in, State* draft, UiState* ui);
// The embedding view: arrows from the origin, the query arrow, the context arrow. Fills *scene.
bool panel_plot(const FrameInput& in, State* draft, UiState* ui, PlotScene* scene);
// The score loop stepper: for i, x_i in enumerate(inputs): attn_scores[i] = torch.dot(x_i, query).
bool panel_loop(const FrameInput& in, State* draft, UiState* ui, bool* animating);
// Scores, the three normalisations side by side, the mode selector and the context vector.
bool panel_weights(const FrameInput& in, State* draft, UiState* ui);
// Score and weight heatmaps (inputs @ inputs.T and its row normalisation).
bool panel_heatmaps(const FrameInput& in, State* draft, UiState* ui);
// The trainable version: W_query, W_key, W_value, Q K^T and the sqrt(d_k) scaling.
bool panel_projection(const FrameInput& in, State* draft, UiState* ui);

// Records a named rectangle (the last item's, or the given one) for attention.layout().
void record_layout(UiState* ui, const char* name);
void record_layout(UiState* ui, const std::string& name, ImVec2 min, ImVec2 max);

// "the 2nd token, journey": ordinal words for positions (zero-based index -> 1st, 2nd ...).
std::string ordinal(int position_one_based);
// A small "(?)" marker with a tooltip, as in imgui_demo.cpp.
void help_marker(const char* text);

}  // namespace attn::ui
