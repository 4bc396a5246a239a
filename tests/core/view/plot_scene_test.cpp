// The camera shared by renderer and UI: where points land in the image, and that dragging
// (unproject) inverts drawing (project) in both the 2-D and the 3-D view.
#include "core/view/plot_scene.h"

#include <doctest/doctest.h>

#include <cmath>

using namespace attn;

namespace {

constexpr float kWidth = 640, kHeight = 480;
constexpr float kAspect = kWidth / kHeight;

OrbitCamera camera_2d() {
    OrbitCamera c;
    c.target = {0.5f, -0.25f, 0};
    c.half_extent = 2.0f;
    return c;
}

OrbitCamera camera_3d() {
    OrbitCamera c;
    c.is_3d = true;
    c.target = {0.2f, 0.1f, -0.3f};
    c.yaw = 0.6f;
    c.pitch = 0.45f;
    c.distance = 4.0f;
    return c;
}

struct Pixel {
    bool visible = false;
    float x = 0, y = 0;
};

Pixel project(const OrbitCamera& camera, Vec3 p) {
    float m[16];
    camera_view_projection(camera, kAspect, m);
    Pixel px;
    px.visible = project_to_pixels(m, p, kWidth, kHeight, &px.x, &px.y);
    return px;
}

void check_round_trip(const OrbitCamera& camera, Vec3 p) {
    const Pixel px = project(camera, p);
    REQUIRE(px.visible);
    const Vec3 back = unproject_to_plane(camera, kAspect, px.x, px.y, kWidth, kHeight, p);
    CAPTURE(p.x);
    CAPTURE(p.y);
    CAPTURE(p.z);
    CHECK(std::abs(back.x - p.x) <= 1e-4f);
    CHECK(std::abs(back.y - p.y) <= 1e-4f);
    CHECK(std::abs(back.z - p.z) <= 1e-4f);
}

}  // namespace

TEST_CASE("plot_scene: in 2-D the target lands at the image centre") {
    const Pixel px = project(camera_2d(), camera_2d().target);
    REQUIRE(px.visible);
    CHECK(px.x == doctest::Approx(kWidth / 2));
    CHECK(px.y == doctest::Approx(kHeight / 2));
}

TEST_CASE("plot_scene: in 2-D a point half_extent * aspect right of the target lands on the right edge") {
    // half_extent 2, aspect 640/480: the view spans target.x +- 2 * 4/3 = +- 2.667 across 640 px.
    const OrbitCamera c = camera_2d();
    const Pixel px = project(c, {c.target.x + c.half_extent * kAspect, c.target.y, 0});
    REQUIRE(px.visible);
    CHECK(px.x == doctest::Approx(kWidth));
    CHECK(px.y == doctest::Approx(kHeight / 2));
}

TEST_CASE("plot_scene: in 2-D a point half_extent above the target lands on the top edge (y up is pixel up)") {
    const OrbitCamera c = camera_2d();
    const Pixel above = project(c, {c.target.x, c.target.y + c.half_extent, 0});
    REQUIRE(above.visible);
    CHECK(above.y == doctest::Approx(0.0f).epsilon(1e-4));
    const Pixel below = project(c, {c.target.x, c.target.y - 1.0f, 0});
    CHECK(below.y > kHeight / 2);
}

TEST_CASE("plot_scene: in 3-D the target lands at the image centre and +y points up the screen") {
    const OrbitCamera c = camera_3d();
    const Pixel centre = project(c, c.target);
    REQUIRE(centre.visible);
    CHECK(centre.x == doctest::Approx(kWidth / 2));
    CHECK(centre.y == doctest::Approx(kHeight / 2));
    const Pixel up = project(c, {c.target.x, c.target.y + 0.5f, c.target.z});
    CHECK(up.y < centre.y);
}

TEST_CASE("plot_scene: unproject undoes project within 1e-4") {
    const Vec3 points[] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {-1.5f, 0.75f, 0}, {0.55f, 0.87f, 0.66f}, {2, -1, 0.5f}};
    SUBCASE("2-D orthographic view") {
        for (Vec3 p : points) check_round_trip(camera_2d(), p);
    }
    SUBCASE("3-D perspective view") {
        for (Vec3 p : points) check_round_trip(camera_3d(), p);
    }
    SUBCASE("3-D view from below and behind") {
        OrbitCamera c = camera_3d();
        c.yaw = -2.5f;
        c.pitch = -0.8f;
        for (Vec3 p : points) check_round_trip(c, p);
    }
}

TEST_CASE("plot_scene: in 3-D a point behind the camera is not projected") {
    const OrbitCamera c = camera_3d();
    // The eye sits at target + distance * direction; twice as far along that direction is behind it.
    const float cp = std::cos(c.pitch);
    const Vec3 dir{cp * std::sin(c.yaw), std::sin(c.pitch), cp * std::cos(c.yaw)};
    const float d = 2 * c.distance;
    const Pixel px = project(c, {c.target.x + dir.x * d, c.target.y + dir.y * d, c.target.z + dir.z * d});
    CHECK_FALSE(px.visible);
}

TEST_CASE("plot_scene: the 2-D view matrix ignores depth for x and y") {
    // A point's z changes nothing on screen in the orthographic view.
    const OrbitCamera c = camera_2d();
    const Pixel flat = project(c, {1, 1, 0});
    const Pixel deep = project(c, {1, 1, 5});
    CHECK(flat.x == doctest::Approx(deep.x));
    CHECK(flat.y == doctest::Approx(deep.y));
}
