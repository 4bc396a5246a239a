// Save and restore of the GL state the renderer changes. The renderer only draws when its inputs
// change, so these queries cost nothing per idle frame.
#include "render/gl_state.h"

namespace attn {
namespace {

void set_enabled(GLenum cap, GLboolean on) {
    if (on)
        glEnable(cap);
    else
        glDisable(cap);
}

}  // namespace

GlStateGuard::GlStateGuard() {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_framebuffer_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_framebuffer_);
    glGetIntegerv(GL_RENDERBUFFER_BINDING, &renderbuffer_);
    glGetIntegerv(GL_VIEWPORT, viewport_);
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array_);
    glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &array_buffer_);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_2d_);
    glGetIntegerv(GL_BLEND_SRC_RGB, &blend_src_rgb_);
    glGetIntegerv(GL_BLEND_DST_RGB, &blend_dst_rgb_);
    glGetIntegerv(GL_BLEND_SRC_ALPHA, &blend_src_alpha_);
    glGetIntegerv(GL_BLEND_DST_ALPHA, &blend_dst_alpha_);
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &blend_equation_rgb_);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &blend_equation_alpha_);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clear_color_);
    blend_ = glIsEnabled(GL_BLEND);
    scissor_ = glIsEnabled(GL_SCISSOR_TEST);
    depth_ = glIsEnabled(GL_DEPTH_TEST);
    stencil_ = glIsEnabled(GL_STENCIL_TEST);
    cull_ = glIsEnabled(GL_CULL_FACE);
}

GlStateGuard::~GlStateGuard() {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(draw_framebuffer_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(read_framebuffer_));
    glBindRenderbuffer(GL_RENDERBUFFER, GLuint(renderbuffer_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
    glUseProgram(GLuint(program_));
    glBindVertexArray(GLuint(vertex_array_));
    glBindBuffer(GL_ARRAY_BUFFER, GLuint(array_buffer_));
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, GLuint(texture_2d_));
    glActiveTexture(GLenum(active_texture_));
    glBlendFuncSeparate(GLenum(blend_src_rgb_), GLenum(blend_dst_rgb_), GLenum(blend_src_alpha_),
                        GLenum(blend_dst_alpha_));
    glBlendEquationSeparate(GLenum(blend_equation_rgb_), GLenum(blend_equation_alpha_));
    glClearColor(clear_color_[0], clear_color_[1], clear_color_[2], clear_color_[3]);
    set_enabled(GL_BLEND, blend_);
    set_enabled(GL_SCISSOR_TEST, scissor_);
    set_enabled(GL_DEPTH_TEST, depth_);
    set_enabled(GL_STENCIL_TEST, stencil_);
    set_enabled(GL_CULL_FACE, cull_);
}

}  // namespace attn
