// A small matrix drawn as coloured cells with its numbers in them: the chapter's (n, n) weights,
// masks and per-head slices, many on one screen. Unlike heatmap_view (a GPU texture that scales to
// 1024 x 1024 tokens), this is ImGui rectangles: cheap for the few rows a learner reads, capped at
// kMaxGridCells a side.
#pragma once
#include <string>
#include <vector>

#include "ui/ui_state.h"

namespace attn::ui {

constexpr int kMaxGridCells = 16;  // rows and columns drawn; a larger matrix says how much is shown

struct CellGrid {
    const char* id = "";  // layout name grid:<id>
    std::string title;    // drawn above, wrapped to the grid's width
    const Matrix* m = nullptr;
    float high = 1.0f;  // the value drawn in the darkest colour (0 the lightest); 0: plain cells
    int decimals = 2;   // numbers in the cells; -1: none
    // Non-empty: cells coloured by the token each one came from (token_of[r * cols + c], -1: none)
    // instead of by value, labelled with the token's first letters (the multi-head shape tracer).
    std::vector<int> token_of;
    const std::vector<std::string>* tokens = nullptr;  // row labels, and the tracer's cell labels
    std::string covered;  // non-empty: a question asks for these numbers; drawn instead of the cells
    int first_row = 0;    // row r is token first_row + r (a decode call's rows start at its first token)
};

// The shape tracer's cell labels for the tokens shown (indexes into tokens): each one's first
// letters that fit `width` (mono font), or every one's position where two would read alike ("t1"
// for both t1 and t10, which the row labels then contradict).
std::vector<std::string> tracer_labels(const std::vector<std::string>& tokens, const std::vector<int>& shown,
                                       float width);
// The grid's width for m's columns and its title (for laying grids side by side).
float cell_grid_width(const CellGrid& g);
// The gutter between grids side by side: an em, so that their titles read apart (a Chinese title
// has no space to end on, and one item spacing ran "…哪个词元 头 1：…" together).
float grid_gap();
// Draws the grid at the cursor as one group (title, row labels, cells).
void cell_grid(const CellGrid& g, UiState* ui);
// A cell's number as the book prints it (fixed decimals), or two significant digits and the power
// ("2.5e+18") when that is wider than the cell (a huge value typed into the inputs), in the
// current font.
std::string cell_number(float v, int decimals, float width);
// Text right-aligned in the cell [a, b] with `pad` pixels each side, vertically centred; cut at the
// cell when it is still too wide (a narrow phone column), never drawn over the next cell or a label.
void cell_text(ImDrawList* dl, ImVec2 a, ImVec2 b, const std::string& text, ImU32 ink, float pad);
// A token's own colour in the shape tracer (cycles after eight tokens).
ImU32 token_hue(int token);

}  // namespace attn::ui
