// Where a finger belongs when the demo is embedded in a course page, or is the page on a touch
// screen (web/attention.js asks at each touchstart, and for a scrolling region at the first move). A swipe over the
// demo should scroll the page around it, as it does over the page's text, and must never edit the learner's data by
// accident. The demo keeps at once only what a finger means to work: an open popup or a text field
// being edited, and the 3-D view once the learner has tapped it (engaged: it turns and its heads
// move until a tap elsewhere). The lesson's slider is dragged sideways: a swipe up or down that
// starts on it scrolls (a learner's walk lost step 6's x20 to one). A region that scrolls inside (a long table,
// the whole column of a frame too short for its content) is decided at the finger's first move:
// it scrolls while it can go that way (for the whole swipe), and hands the swipe to the page at
// its ends. Everything
// else, the heatmaps too, is the page's; a tap still reaches every control, since the browser
// turns it into mouse events.
#pragma once
#include "ui/ui_state.h"

namespace attn::ui {

enum class TouchClaim {
    Page = 0,    // the browser scrolls the page; a tap arrives as a click
    Demo = 1,    // the demo follows the finger
    Scroll = 2,  // a region that scrolls inside: ask touch_scrolls_demo at the first move
    Slider = 3,  // the lesson's slider: a sideways first move drags it, an up or down one is the page's
};

// The claim on a touch that starts at `point` (window units, from the canvas's top-left).
// Reads what the last pass drew (UiState::layout, ImGui's windows); call between passes.
// own_page: the demo is the page (see touch_scroll_by); a window's title bar then keeps its
// touch, to be dragged (a scrollbar does not: a swipe there moves the content, as elsewhere).
TouchClaim touch_claim(const UiState& ui, ImVec2 point, bool own_page = false);

// A finger that started at `point` first moved by `delta`: true if a region under it can still
// scroll that way (then that region takes the whole swipe), false at its ends (the page scrolls).
// own_page: as touch_scroll_by's (an embed in a frame too short for its content scrolls its own
// column as the page would, and hands the swipe to the course page at the column's ends).
bool touch_scrolls_demo(ImVec2 point, ImVec2 delta, bool own_page = false);

// Scrolls the region a swipe that started at `point` took by a move of `delta` (the content
// follows the finger), clamped to its ends; sideways if `sideways`, else up or down. The page
// drives it from the touch's own moves: SDL never sees such a touch (its positions stop at the
// canvas's edges, and Dear ImGui would read a press and a move of one frame as a press there).
// own_page: the demo is the whole page (not embedded), so its own column is what a swipe that
// belongs to "the page" scrolls: the innermost region under the finger that can still go that
// way, else the ones around it, out to the column. A swipe that starts on a heatmap, a button or
// a field scrolls, as it would over a web page's text; a tap still reaches them.
void touch_scroll_by(ImVec2 point, ImVec2 delta, bool sideways, bool own_page = false);

}  // namespace attn::ui
