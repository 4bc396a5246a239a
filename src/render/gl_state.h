// Saves the GL state the renderer's offscreen parts touch (the heatmaps, the plot) and puts it back,
// so whatever draws next this frame finds the context as it left it. The UI's draw (ui_renderer)
// sets all the state it uses itself.
#pragma once
#include "render/gl.h"

namespace attn {

class GlStateGuard {
public:
    GlStateGuard();   // saves; also leaves texture unit 0 active for the renderer's own binds
    ~GlStateGuard();  // restores
    GlStateGuard(const GlStateGuard&) = delete;
    GlStateGuard& operator=(const GlStateGuard&) = delete;

private:
    GLint draw_framebuffer_ = 0, read_framebuffer_ = 0, renderbuffer_ = 0;
    GLint viewport_[4] = {};
    GLint program_ = 0, vertex_array_ = 0, array_buffer_ = 0;
    GLint active_texture_ = 0, texture_2d_ = 0;
    GLint blend_src_rgb_ = 0, blend_dst_rgb_ = 0, blend_src_alpha_ = 0, blend_dst_alpha_ = 0;
    GLint blend_equation_rgb_ = 0, blend_equation_alpha_ = 0;
    GLfloat clear_color_[4] = {};
    GLboolean blend_ = 0, scissor_ = 0, depth_ = 0, stencil_ = 0, cull_ = 0;
};

}  // namespace attn
