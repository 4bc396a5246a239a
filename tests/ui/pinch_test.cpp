// Two-finger pinch: the tracker that turns finger events into a zoom scale, and the embedding
// view zooming under a pinch without taking it for a drag or a click.
#include <doctest/doctest.h>

#include <cmath>

#include "platform/touch_pinch.h"
#include "ui_harness.h"

using attn::PinchTracker;
using attn_test::UiHarness;

TEST_CASE("pinch: the scale is the change in distance between two fingers") {
    PinchTracker p;
    p.finger_down(7, 100, 100);
    p.finger_move(7, 120, 100);  // one finger alone is no pinch
    CHECK(p.take_scale() == 1.0f);
    p.finger_down(9, 220, 100);  // 100 px apart
    p.finger_move(9, 320, 100);  // 200 px: spread to twice the distance
    CHECK(p.fingers() == 2);
    CHECK(p.take_scale() == doctest::Approx(2.0f));
    CHECK(p.take_scale() == 1.0f);  // taken: the next frame starts from 1
    p.finger_move(7, 170, 100);     // 150 px apart
    p.finger_move(9, 245, 100);     // 75 px: the two moves together take 200 px to 75
    CHECK(p.take_scale() == doctest::Approx(75.0f / 200.0f));
    p.finger_down(11, 0, 0);  // a third finger: no pinch while it is down
    p.finger_move(9, 400, 100);
    CHECK(p.take_scale() == 1.0f);
    p.finger_up(11);
    p.finger_up(7);
    p.finger_move(9, 10, 10);
    CHECK(p.fingers() == 1);
    CHECK(p.take_scale() == 1.0f);
}

TEST_CASE("pinch: fingers closer than a few pixels and unknown ids change nothing") {
    PinchTracker p;
    p.finger_down(1, 50, 50);
    p.finger_down(2, 52, 50);  // 2 px apart: jitter, not a pinch
    p.finger_move(2, 80, 50);
    CHECK(p.take_scale() == 1.0f);
    p.finger_move(3, 500, 500);  // never went down
    CHECK(p.take_scale() == 1.0f);
    p.finger_down(2, 150, 50);  // the same id again replaces its point
    CHECK(p.fingers() == 2);
    for (int id = 10; id < 40; ++id) p.finger_down(id, float(id), 0);
    CHECK(p.fingers() == 10);  // bounded
    p.clear();
    CHECK(p.fingers() == 0);
}

TEST_CASE("pinch: spreading two fingers over the 3-D view zooms in; it is no drag and no click") {
    UiHarness h;  // your-journey: three dimensions, the 3-D view
    const attn::State before = h.state;
    auto spread = [&] {
        const ImVec2 a = h.centre("arrow:0"), b = h.centre("arrow:2");
        return std::hypot(a.x - b.x, a.y - b.y);
    };
    const float d0 = spread();
    const ImVec2 on_plot = h.centre("panel:plot");
    h.mouse_move(on_plot);
    h.mouse_down(true);  // the first finger is the pointer ImGui sees
    h.touch_points = 2;
    h.pinch = 1.25f;
    h.mouse_move(ImVec2(on_plot.x + 30, on_plot.y + 10));  // the pointer moves with the pinch
    h.pinch = 1.0f;
    h.frames(2);
    const float d1 = spread();
    CHECK(d1 == doctest::Approx(d0 * 1.25f).epsilon(0.05));
    h.touch_points = 0;
    h.mouse_down(false);
    h.frames(2);
    CHECK(h.state == before);  // no embedding moved, the query is the same
    CHECK(h.ui.plot.camera_zoomed);
}
