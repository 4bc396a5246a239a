// Where a finger belongs when the demo is embedded in a course page (web/attention.js asks at each
// touchstart). A frame that fits its content has nothing to scroll inside, so a swipe over it
// should scroll the page around it, as it does over the page's text. The demo keeps only the
// fingers it needs to follow: on the 3-D view (orbit, pinch, arrow heads), a heatmap or the
// lesson's slider, in a region that scrolls inside (either way), while a popup is open or a text
// field is being edited, and everywhere while its content does not fit.
// A tap given to the browser still reaches every control: the browser turns it into mouse events.
#pragma once
#include "ui/ui.h"

namespace attn::ui {

// True: the demo takes the touch that starts at `point` (window units, from the canvas's top-left).
// Reads what the last pass drew (UiState::layout, ImGui's windows); call between passes.
bool touch_belongs_to_demo(const UiState& ui, ImVec2 point);

}  // namespace attn::ui
