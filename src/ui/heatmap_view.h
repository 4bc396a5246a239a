// One heatmap: the GPU's texture of values with row and column labels that thin out when crowded,
// a colour bar with its scale, numbers in cells big enough to hold them, the query row outlined,
// and a tooltip that names the dot product (or normalisation) each cell came from.
#pragma once
#include <string>

#include "ui/ui_state.h"

namespace attn::ui {

struct HeatmapSpec {
    const char* name = "";  // "scores" or "weights": layout name heatmap:<name>
    std::string title;      // the line of code it shows
    const HeatmapImage* image = nullptr;
    ImTextureID colour_bar = nullptr;
    bool diverging = false;          // scores: centred on 0; weights: sequential 0..max
    const Matrix* values = nullptr;  // (n, n)
    // Where each score came from: left[r] · right[c] (inputs·inputs or queries·keys).
    const Matrix* left = nullptr;
    const Matrix* right = nullptr;
    const char* left_name = "inputs";
    const char* right_name = "inputs";
    // Weights only: the scores each row was normalised from, and how.
    const Matrix* scores = nullptr;
    Norm norm = Norm::Softmax;
    float divisor = 1.0f;     // sqrt(d_k) when the trainable version scales, else 1
    float multiplier = 1.0f;  // the state's lab_scale, applied before normalising
    // Non-empty: a question asks what this matrix holds (or its shape), so only the title and this
    // line are drawn in its place: no cells, no labels, no colour bar.
    std::string covered;
    bool mark_query = true;  // outline and colour the query's row (not while the query is asked for)
};

// The space a heatmap of side `side` needs around its image (labels, colour bar, title).
ImVec2 heatmap_overhead();

// Draws the heatmap at the cursor with the given image side; returns a clicked row, or -1.
int draw_heatmap(const HeatmapSpec& spec, const FrameInput& in, UiState* ui, float side);

// Ink that stays readable on a cell of the given colour-map position (0..1).
ImU32 heatmap_ink(bool diverging, float t);

}  // namespace attn::ui
