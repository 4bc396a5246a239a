// The arrow keys between panels, in the order the eye reads the layout: Down goes to the panel
// right below, Right to the one beside it. Dear ImGui scores a move by the gap between boxes, with
// their heights squashed to their middle 60% and a sideways gap counted as almost nothing, so from
// the inputs Down went to panel 3 in the next column (its top is higher than the score loop's,
// right below), and Up from the loop went to the heatmaps on the far right.
#pragma once
#include "ui/keyboard_speech.h"

namespace attn::ui {

// After the frame's panels (registered with panel_for_keyboard): when an arrow key (not a page
// key, whose moves ImGui makes its own way) asked to move
// from one panel, the nearest panel that way whose side faces it (sharing columns for Up and Down,
// rows for Left and Right; at equal distance, the one starting nearest in reading order) replaces
// ImGui's pick, which it applies at the next frame. Nothing in line that way: ImGui's pick stands.
// From a region that holds panels (the column they scroll in, on a phone), Down or Right goes on
// to its first panel. Home and End on a panel go to the first and the last panel of its window.
void steer_panel_moves(const KeyboardSpeech& speech);

// The control the keyboard's focus is on, scrolled back into its window's view when the layout
// moved it out (ImGui scrolls to a control only as the focus moves to it). A keyboard walk pressed
// "− token" down to one token: the panel grew shorter, its buttons fell below its edge, and from
// there no arrow key went anywhere (a control out of view is no candidate for a move).
void keep_keyboard_focus_in_view();

}  // namespace attn::ui
