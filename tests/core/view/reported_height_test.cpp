// The height an embedded demo tells the page around it (core/view/reported_height.h).
#include "core/view/reported_height.h"

#include <doctest/doctest.h>

using attn::next_reported_height;
using attn::ReportedHeight;

TEST_CASE("reported height: a view whose height depends on its frame settles at its tallest, and tells once") {
    // What a phone's embed of a teacher's lesson measured as the host sized its frame to each
    // height told: it went round for ever, and so did the frame.
    ReportedHeight r;
    const int settling = attn::kReportedHeightSettlePasses;
    for (int k = 0; k < settling; ++k) next_reported_height(&r, 3000 + k, 7, 390, false);  // the view settles
    const int cycle[] = {3138, 3104, 3088, 3141, 3138, 3104, 3088, 3141, 3138};
    int told = 0, tellings = 0;
    for (int measured : cycle)
        if (int h = next_reported_height(&r, measured, 7, 390, false)) told = h, ++tellings;
    CHECK(told == 3141);
    CHECK(tellings == 2);  // 3138, then 3141: the frame then stays
}

TEST_CASE("reported height: another state, width or a learner's action lets it shrink; rounding is no change") {
    ReportedHeight r;
    const auto settle = [&](int measured, uint64_t version, int width) {
        int told = 0;
        for (int k = 0; k < attn::kReportedHeightSettlePasses; ++k)
            if (int h = next_reported_height(&r, measured, version, width, false)) told = h;
        return told;
    };
    CHECK(settle(3000, 1, 390) == 3000);
    CHECK(next_reported_height(&r, 2000, 1, 390, false) == 0);  // the same view, settled: it holds
    // A new state: its first passes follow the layout as it settles (a pass measured before the
    // change took effect is not held), then what it needs.
    CHECK(next_reported_height(&r, 3200, 2, 390, false) == 3200);
    CHECK(next_reported_height(&r, 2000, 2, 390, false) == 2000);
    CHECK(settle(2000, 2, 390) == 0);
    CHECK(next_reported_height(&r, 2500, 2, 390, false) == 2500);  // growing is told at once
    CHECK(next_reported_height(&r, 1800, 2, 390, true) == 1800);   // a tap (a panel folded)
    CHECK(settle(1500, 2, 500) == 1500);                           // a wider frame
    CHECK(next_reported_height(&r, 1501, 2, 500, false) == 0);     // 1 px: rounding
    CHECK(next_reported_height(&r, 0, 3, 500, false) == 0);        // nothing measured yet
}
