// Camera math shared by the renderer (view-projection), the UI's labels (project) and dragging
// (unproject). Matrices are column-major as GL expects: element (row r, column c) is m[c * 4 + r].
#include "core/view/plot_scene.h"

#include <algorithm>
#include <cmath>

namespace attn {
namespace {

constexpr float kFovY = 0.785398163f;  // 45 degrees
constexpr float kNear = 0.05f;
constexpr float kFar = 100.0f;
constexpr float kDepth2d = 1000.0f;  // 2-D keeps every z within +-kDepth2d of the target visible

Vec3 sub(Vec3 a, Vec3 b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
Vec3 add(Vec3 a, Vec3 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Vec3 scale(Vec3 a, float s) {
    return {a.x * s, a.y * s, a.z * s};
}
float dot3(Vec3 a, Vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
Vec3 cross(Vec3 a, Vec3 b) {
    return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
Vec3 normalize(Vec3 a) {
    const float len = std::sqrt(dot3(a, a));
    return len > 0 ? scale(a, 1.0f / len) : a;
}

float safe_aspect(float aspect) {
    return aspect > 0 && std::isfinite(aspect) ? aspect : 1.0f;
}
float safe_half_extent(const OrbitCamera& c) {
    return std::max(c.half_extent, 1e-6f);
}

// The 3-D camera's eye and its right / up / forward axes (forward points at the target).
struct Eye {
    Vec3 position, right, up, forward;
};

Eye orbit_eye(const OrbitCamera& c) {
    const float pitch = std::clamp(c.pitch, -1.5f, 1.5f);  // never straight up or down: up stays +y
    const float distance = std::max(c.distance, 1e-3f);
    const Vec3 offset{std::cos(pitch) * std::sin(c.yaw), std::sin(pitch), std::cos(pitch) * std::cos(c.yaw)};
    Eye e;
    e.position = add(c.target, scale(offset, distance));
    e.forward = scale(offset, -1.0f);
    e.right = normalize(cross(e.forward, Vec3{0, 1, 0}));
    e.up = cross(e.right, e.forward);
    return e;
}

}  // namespace

void camera_view_projection(const OrbitCamera& camera, float aspect, float out[16]) {
    aspect = safe_aspect(aspect);
    std::fill(out, out + 16, 0.0f);
    if (!camera.is_3d) {
        // Orthographic, looking down -z: x in target.x +- half_extent * aspect and y in
        // target.y +- half_extent map to -1 .. 1.
        const float half_h = safe_half_extent(camera), half_w = half_h * aspect;
        out[0] = 1.0f / half_w;
        out[5] = 1.0f / half_h;
        out[10] = -1.0f / kDepth2d;
        out[12] = -camera.target.x / half_w;
        out[13] = -camera.target.y / half_h;
        out[14] = camera.target.z / kDepth2d;
        out[15] = 1.0f;
        return;
    }
    // view: rows are right, up, -forward; translation moves the eye to the origin.
    const Eye e = orbit_eye(camera);
    const float view[16] = {e.right.x,
                            e.up.x,
                            -e.forward.x,
                            0,
                            e.right.y,
                            e.up.y,
                            -e.forward.y,
                            0,
                            e.right.z,
                            e.up.z,
                            -e.forward.z,
                            0,
                            -dot3(e.right, e.position),
                            -dot3(e.up, e.position),
                            dot3(e.forward, e.position),
                            1};
    // Perspective as gluPerspective: clip.w = -z_view, so w <= 0 is behind the eye.
    const float f = 1.0f / std::tan(kFovY / 2);
    float proj[16] = {};
    proj[0] = f / aspect;
    proj[5] = f;
    proj[10] = (kFar + kNear) / (kNear - kFar);
    proj[11] = -1.0f;
    proj[14] = 2.0f * kFar * kNear / (kNear - kFar);
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r) {
            float sum = 0;
            for (int k = 0; k < 4; ++k) sum += proj[k * 4 + r] * view[c * 4 + k];
            out[c * 4 + r] = sum;
        }
}

bool project_to_pixels(const float m[16], Vec3 p, float width, float height, float* x, float* y) {
    const float cx = m[0] * p.x + m[4] * p.y + m[8] * p.z + m[12];
    const float cy = m[1] * p.x + m[5] * p.y + m[9] * p.z + m[13];
    const float cw = m[3] * p.x + m[7] * p.y + m[11] * p.z + m[15];
    if (!(cw > 0)) return false;
    // NDC -1 .. 1 to pixels; NDC y points up, pixel y down.
    *x = (cx / cw * 0.5f + 0.5f) * width;
    *y = (0.5f - cy / cw * 0.5f) * height;
    return true;
}

Vec3 unproject_to_plane(const OrbitCamera& camera, float aspect, float x, float y, float width, float height,
                        Vec3 on_plane) {
    if (!(width > 0) || !(height > 0)) return on_plane;
    aspect = safe_aspect(aspect);
    const float ndc_x = 2.0f * x / width - 1.0f;
    const float ndc_y = 1.0f - 2.0f * y / height;
    if (!camera.is_3d) {
        // The orthographic ray is parallel to z: only x and y come from the pixel.
        const float half_h = safe_half_extent(camera);
        return Vec3{camera.target.x + ndc_x * half_h * aspect, camera.target.y + ndc_y * half_h, on_plane.z};
    }
    // Ray from the eye through the pixel: forward + right * x * tan(fov/2) * aspect + up * y * tan(fov/2).
    // The plane faces the camera (normal = forward) and right, up are perpendicular to forward, so
    // dot(ray, forward) = 1 and the ray reaches the plane at t = dot(on_plane - eye, forward).
    const Eye e = orbit_eye(camera);
    const float tan_half = std::tan(kFovY / 2);
    const Vec3 ray = add(e.forward, add(scale(e.right, ndc_x * tan_half * aspect), scale(e.up, ndc_y * tan_half)));
    const float t = dot3(sub(on_plane, e.position), e.forward);
    if (!(t > 0)) return on_plane;  // the plane is behind the eye: no point on it under the pixel
    return add(e.position, scale(ray, t));
}

}  // namespace attn
