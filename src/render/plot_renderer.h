// The embedding view drawn offscreen: a PlotScene's lines and arrows into a multisampled target,
// resolved into an RGBA8 texture the UI shows. Redraws only when the scene changed.
#pragma once
#include <cstdint>
#include <string>

#include "core/view/plot_scene.h"
#include "render/gl.h"

namespace attn {

class PlotRenderer {
public:
    bool init(std::string* error);  // compiles vectors.vert/.frag and makes the instance buffers
    void shutdown();
    uintptr_t draw(const PlotScene& scene, std::string* error, bool* redrawn = nullptr);

private:
    bool ensure_size(int width, int height, std::string* error);
    void destroy_targets();
    bool same_as_last(const PlotScene& scene) const;

    GLuint program_ = 0;  // 0 when it failed to build: draw() then returns no texture
    GLint view_projection_loc_ = -1, viewport_loc_ = -1, arrows_loc_ = -1;
    // One vertex array and instance buffer for lines, one for arrows: PlotLine and PlotArrow share
    // a layout (from, to, colour, width), read straight from the scene's vectors.
    GLuint line_vao_ = 0, line_buffer_ = 0, arrow_vao_ = 0, arrow_buffer_ = 0;
    GLuint corner_buffer_ = 0;  // per-vertex corner index 0..8, shared by both vertex arrays

    GLuint texture_ = 0;              // RGBA8, width_ x height_: what the UI shows
    GLuint resolve_framebuffer_ = 0;  // renders into texture_ (directly when there is no MSAA)
    GLuint msaa_renderbuffer_ = 0;    // 4x RGBA8, 0 when multisampling is unavailable
    GLuint msaa_framebuffer_ = 0;
    int width_ = 0, height_ = 0;
    GLint max_size_ = 0, max_samples_ = 0;

    bool have_last_ = false;
    PlotScene last_;  // what texture_ shows now
};

}  // namespace attn
