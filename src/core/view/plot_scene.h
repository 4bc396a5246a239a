// What the embedding view shows, as plain data: arrows and lines in embedding space plus the camera
// that maps them to the screen. The UI builds it (and uses the same camera to place labels and pick
// arrows); the renderer draws it. No GL here, so both sides and the tests share one definition.
#pragma once
#include <cstdint>
#include <vector>

namespace attn {

struct Vec3 {
    float x = 0, y = 0, z = 0;
};

struct Rgba {
    float r = 0, g = 0, b = 0, a = 1;
};

struct PlotLine {
    Vec3 a, b;
    Rgba color;
    float width_px = 1.0f;  // on-screen thickness in framebuffer pixels
};

struct PlotArrow {
    Vec3 tail, head;
    Rgba color;
    float width_px = 2.0f;  // shaft thickness; the head scales with it
};

// Orbit camera: 2-D views look straight down -z with an orthographic projection; 3-D views orbit
// the target at (yaw, pitch) with a perspective projection.
struct OrbitCamera {
    bool is_3d = false;
    Vec3 target;               // centre of the view
    float half_extent = 3.0f;  // 2-D: half the visible height in embedding units
    float yaw = 0.6f;          // 3-D: radians around +y
    float pitch = 0.45f;       // 3-D: radians above the x-z plane, clamped to (-1.5, 1.5)
    float distance = 4.0f;     // 3-D: from the target
};

struct PlotScene {
    int width_px = 0, height_px = 0;  // size of the image the UI will show
    float view_projection[16] = {};   // column-major, embedding space -> clip space
    Rgba background;
    std::vector<PlotLine> lines;    // grid and axes, drawn first
    std::vector<PlotArrow> arrows;  // tokens, query, context: drawn in order (last on top)
};

// Column-major 4x4 matrix for the camera at the given aspect ratio (width / height).
void camera_view_projection(const OrbitCamera& camera, float aspect, float out[16]);
// Embedding point -> pixel position (origin top-left) in a width x height image; false if behind.
bool project_to_pixels(const float view_projection[16], Vec3 p, float width, float height, float* x, float* y);
// Pixel position -> point on the plane through `on_plane` facing the camera (for dragging arrow heads).
Vec3 unproject_to_plane(const OrbitCamera& camera, float aspect, float x, float y, float width, float height,
                        Vec3 on_plane);

}  // namespace attn
