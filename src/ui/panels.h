// The panels the screen is made of. Each draws itself with ImGui into the current region and
// edits the draft state; ui.cpp only decides where each one goes.
#pragma once
#include <string>

#include "ui/ui_state.h"
#include "ui/widgets.h"

namespace attn::ui {

// Example picker, query selection by position, the token table (labels and embeddings).
bool panel_inputs(const FrameInput& in, State* draft, UiState* ui);
// Rows the buttons under the token table take in a content width: 1, or 2 on a phone, where
// "Random…" wraps (the phone layout sizes the panel with it).
int inputs_button_rows(float content_width);
// The embedding view: arrows from the origin, the query arrow, the context arrow. Fills *scene.
bool panel_plot(const FrameInput& in, State* draft, UiState* ui, PlotScene* scene);
// The score loop stepper: for i, x_i in enumerate(inputs): attn_scores[i] = torch.dot(x_i, query).
void panel_loop(const FrameInput& in, UiState* ui);
// Scores, the three normalisations side by side, the mode selector and the context vector.
bool panel_weights(const FrameInput& in, State* draft, UiState* ui);
// Score and weight heatmaps (inputs @ inputs.T and its row normalisation).
bool panel_heatmaps(const FrameInput& in, State* draft, UiState* ui);
// Why a normalisation's weights hold inf or nan, in one sentence; "" when they are all finite.
struct QueryRow;
// Why the weights of `norm` are not finite ("" when they are); causal: the mask's -inf may be why.
std::string non_finite_reason(const QueryRow& row, Norm norm, bool causal = false);
// The trainable version: W_query, W_key, W_value, Q K^T and the sqrt(d_k) scaling.
bool panel_projection(const FrameInput& in, State* draft, UiState* ui);
// The rest of chapter 3, as the book's classes: SelfAttention_v1 and _v2 (nn.Linear, Exercise 3.1),
// masking two ways, dropout, CausalAttention, the multi-head wrapper and MultiHeadAttention.
bool panel_module(const FrameInput& in, State* draft, UiState* ui);
// The height of the panel's content at a content width, from what it will draw (grids of n rows,
// side by side where two fit): the layouts size the panel with it.
// What the panel's estimate counts leaves out what the lesson's open question covers (a covered
// section is one line), so a panel at its natural height has no blank screen below its content.
float module_panel_height(const State& s, const UiState& ui, const Concealment& hidden, float width);
// After chapter 3, under the module panel's heads (panel_module_generation.cpp): GQA's groups,
// SWA's band, decode mode through the KV cache, the cache's memory for whole models, and one mask
// four ways; and the height those take at a content width.
bool module_generation(const FrameInput& in, const ModuleResult& r, State* draft, UiState* ui);  // true: edited
float module_generation_height(const ModuleSettings& m, const UiState& ui, const Concealment& hidden, int n,
                               float width);

// Keeps the stepper consistent with the state (a new query or token count restarts it) and
// advances a playing loop; called once per frame before any panel reads ui->loop.step. While it
// plays, *wake_at_ms is when its next step is due (the app sleeps until then).
void update_loop(const FrameInput& in, UiState* ui, double* wake_at_ms);
// 0..1: how strongly the loop's current token is highlighted: 1 from its step on (no fade, so a
// playing loop costs one frame per step), 0 before the loop starts.
float loop_highlight(const FrameInput& in, const UiState& ui);

}  // namespace attn::ui
