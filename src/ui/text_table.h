// Tables of text cells, each column as wide as its widest cell, so no number is ever cut short:
// the lesson's tables (alignment, robustness lab, scaling) and the trainable panel's matrices.
// Wider than the room it gets (a phone), the headers wrap (at spaces, between Chinese characters),
// then the wrapping column goes under each row, across the table; still wider, it scrolls sideways
// inside its own box, which is exactly as tall as its rows, its first column staying at the box's
// left; a number the box's edge would cut is drawn as "…" until it is scrolled whole into view.
// Drawn with plain ImGui text and the window's draw list (the UI's own small table, for what it
// needs: headers, colours, one wrapping column, a highlighted row).
#pragma once
#include <string>
#include <vector>

#include "ui/ui_state.h"

namespace attn::ui {

struct TextCell {
    std::string text;
    ImU32 color = 0;  // 0: the style's text colour
};

struct TextTable {
    const char* id = "";               // the scrolling box's ImGui id, and layout name "table:<id>"
    std::vector<std::string> headers;  // one per column; empty: no header row
    std::vector<std::vector<TextCell>> rows;
    bool mono = false;       // cells in the mono font (numbers line up)
    int wrap_column = -1;    // this column wraps its text into the width the others leave
    int highlight_row = -1;  // drawn on a band of highlight_color
    ImU32 highlight_color = 0;
};

// Draws the table at the cursor and moves the cursor below it.
void text_table(const TextTable& table, UiState* ui);

}  // namespace attn::ui
