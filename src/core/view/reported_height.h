// The height an embedded demo tells the page around it, which may size its frame to it. Sizing the
// frame changes what the demo measures: a scrollbar comes or goes and the panels' width with it,
// a table fills the room it is given. Some views have no height that gives itself back: a phone's
// embed of a teacher's lesson went back and forth between heights 150 px apart for ever, drawing
// all the while, and took no tap. So within one view the height told only grows; another view
// (another state, another width, a click, a tap or a key of the learner's) starts afresh, and
// for its first passes, while its layout settles, the height told follows what is measured.
#pragma once
#include <cstdint>

namespace attn {

struct ReportedHeight {
    int told = 0;          // CSS px, as last told to the page (0: nothing yet)
    int peak = 0;          // the tallest measured in this view
    uint64_t version = 0;  // the view: the state's version,
    int width = 0;         // the canvas's width (CSS px)
    int following = 0;     // passes left in which the height told follows the measure
};

// The passes a new view takes to settle (app.cpp's kSettlePasses, which input gets, is as many).
inline constexpr int kReportedHeightSettlePasses = 6;

// What is shown changed without the state or an input of the learner's (another language's words,
// the lesson or the deferred code arriving): the next passes follow the measure, as for a new view.
inline void reported_height_view_changed(ReportedHeight* r) {
    r->following = kReportedHeightSettlePasses;
}

// measured: the content's height this pass (CSS px, rounded up); acted: the learner clicked,
// tapped or pressed a key this pass. Returns the height to tell the page, or 0 when what it was
// told stands (within 1 px of it: rounding is no change).
int next_reported_height(ReportedHeight* r, int measured, uint64_t version, int width, bool acted);

}  // namespace attn
