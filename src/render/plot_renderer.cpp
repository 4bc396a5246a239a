// Lines and arrows as instanced screen-space shapes (shaders/vectors.vert): all lines in one draw,
// all arrows in another, so a thousand arrows are two draw calls. 4x MSAA smooths their edges.
#include "render/plot_renderer.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

#include "render/gl_state.h"
#include "render/shader_program.h"
#include "shaders_embedded.h"

namespace attn {
namespace {

constexpr int kSamples = 4;
constexpr GLsizei kLineVertices = 6;   // one quad
constexpr GLsizei kArrowVertices = 9;  // shaft quad + head triangle

// The instance attributes are read straight out of the scene's vectors.
static_assert(sizeof(PlotLine) == 11 * sizeof(float) && sizeof(PlotArrow) == sizeof(PlotLine),
              "PlotLine and PlotArrow must be 11 packed floats: from, to, colour, width");
static_assert(offsetof(PlotLine, b) == offsetof(PlotArrow, head) &&
                  offsetof(PlotLine, color) == offsetof(PlotArrow, color) &&
                  offsetof(PlotLine, width_px) == offsetof(PlotArrow, width_px),
              "PlotLine and PlotArrow must share one layout");

// Per-instance attributes at locations 0..3 and the per-vertex corner index at 4, matching
// vectors.vert.
void make_instance_arrays(GLuint corner_buffer, GLuint* vao, GLuint* buffer) {
    glGenVertexArrays(1, vao);
    glGenBuffers(1, buffer);
    glBindVertexArray(*vao);
    glBindBuffer(GL_ARRAY_BUFFER, corner_buffer);
    glEnableVertexAttribArray(4);
    glVertexAttribPointer(4, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
    glBindBuffer(GL_ARRAY_BUFFER, *buffer);
    const GLsizei stride = sizeof(PlotLine);
    const struct {
        GLint size;
        size_t offset;
    } attributes[] = {{3, offsetof(PlotLine, a)},
                      {3, offsetof(PlotLine, b)},
                      {4, offsetof(PlotLine, color)},
                      {1, offsetof(PlotLine, width_px)}};
    for (GLuint i = 0; i < 4; ++i) {
        glEnableVertexAttribArray(i);
        glVertexAttribPointer(i, attributes[i].size, GL_FLOAT, GL_FALSE, stride,
                              reinterpret_cast<const void*>(attributes[i].offset));
        glVertexAttribDivisor(i, 1);
    }
    glBindVertexArray(0);
}

template <typename T>
bool same_items(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

}  // namespace

bool PlotRenderer::init(std::string* error) {
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size_);
    GLint max_renderbuffer = 0;
    glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &max_renderbuffer);
    max_size_ = std::min(max_size_, max_renderbuffer);
    glGetIntegerv(GL_MAX_SAMPLES, &max_samples_);

    GlStateGuard guard;  // the vertex arrays below change bindings
    // Corner indices 0..8 as a per-vertex attribute rather than gl_VertexID: WebGL 2 browsers have
    // refused instanced draws in which every attribute is per instance.
    const float corners[kArrowVertices] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    glGenBuffers(1, &corner_buffer_);
    glBindBuffer(GL_ARRAY_BUFFER, corner_buffer_);
    glBufferData(GL_ARRAY_BUFFER, sizeof corners, corners, GL_STATIC_DRAW);
    make_instance_arrays(corner_buffer_, &line_vao_, &line_buffer_);
    make_instance_arrays(corner_buffer_, &arrow_vao_, &arrow_buffer_);
    program_ =
        build_program({"vectors.vert", shaders::kVectorsVert}, {"vectors.frag", shaders::kVectorsFrag}, "", error);
    if (!program_) return false;
    view_projection_loc_ = glGetUniformLocation(program_, "u_view_projection");
    viewport_loc_ = glGetUniformLocation(program_, "u_viewport");
    arrows_loc_ = glGetUniformLocation(program_, "u_arrows");
    return true;
}

void PlotRenderer::destroy_targets() {
    if (msaa_framebuffer_) glDeleteFramebuffers(1, &msaa_framebuffer_);
    if (msaa_renderbuffer_) glDeleteRenderbuffers(1, &msaa_renderbuffer_);
    if (resolve_framebuffer_) glDeleteFramebuffers(1, &resolve_framebuffer_);
    if (texture_) glDeleteTextures(1, &texture_);
    msaa_framebuffer_ = msaa_renderbuffer_ = resolve_framebuffer_ = texture_ = 0;
    width_ = height_ = 0;
    have_last_ = false;
}

void PlotRenderer::shutdown() {
    destroy_targets();
    if (program_) glDeleteProgram(program_);
    if (line_vao_) glDeleteVertexArrays(1, &line_vao_);
    if (arrow_vao_) glDeleteVertexArrays(1, &arrow_vao_);
    if (line_buffer_) glDeleteBuffers(1, &line_buffer_);
    if (arrow_buffer_) glDeleteBuffers(1, &arrow_buffer_);
    if (corner_buffer_) glDeleteBuffers(1, &corner_buffer_);
    program_ = line_vao_ = arrow_vao_ = line_buffer_ = arrow_buffer_ = corner_buffer_ = 0;
    last_ = PlotScene{};
}

// Gives the texture and framebuffers a new size. The objects are made once and only their storage is
// re-specified, so the texture id stays the same across resizes: a UI draw list recorded before
// this call still shows the right texture. Without MSAA (no samples, or the multisampled
// framebuffer is incomplete) it draws straight into the texture.
bool PlotRenderer::ensure_size(int width, int height, std::string* error) {
    if (texture_ && width_ == width && height_ == height) return true;
    if (!texture_) {
        texture_ = new_texture_2d(GL_LINEAR);  // LINEAR in case the UI shows it at another size
        glGenFramebuffers(1, &resolve_framebuffer_);
    }
    width_ = height_ = 0;  // until the new size is complete
    glBindTexture(GL_TEXTURE_2D, texture_);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindFramebuffer(GL_FRAMEBUFFER, resolve_framebuffer_);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        append_error(error, "plot framebuffer of " + std::to_string(width) + " x " + std::to_string(height) +
                                " is incomplete: the embedding view is not drawn");
        return false;
    }
    const GLint samples = std::min<GLint>(kSamples, max_samples_);
    if (samples > 1) {
        if (!msaa_renderbuffer_) {
            glGenRenderbuffers(1, &msaa_renderbuffer_);
            glGenFramebuffers(1, &msaa_framebuffer_);
        }
        glBindRenderbuffer(GL_RENDERBUFFER, msaa_renderbuffer_);
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, width, height);
        glBindFramebuffer(GL_FRAMEBUFFER, msaa_framebuffer_);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, msaa_renderbuffer_);
        if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
            // Not an error worth showing: the plot still draws, only with jagged edges.
            glDeleteFramebuffers(1, &msaa_framebuffer_);
            glDeleteRenderbuffers(1, &msaa_renderbuffer_);
            msaa_framebuffer_ = msaa_renderbuffer_ = 0;
        }
    }
    width_ = width;
    height_ = height;
    return true;
}

bool PlotRenderer::same_as_last(const PlotScene& scene) const {
    return have_last_ && scene.width_px == last_.width_px && scene.height_px == last_.height_px &&
           std::memcmp(scene.view_projection, last_.view_projection, sizeof scene.view_projection) == 0 &&
           std::memcmp(&scene.background, &last_.background, sizeof scene.background) == 0 &&
           same_items(scene.lines, last_.lines) && same_items(scene.arrows, last_.arrows);
}

uintptr_t PlotRenderer::draw(const PlotScene& scene, std::string* error, bool* redrawn) {
    if (scene.width_px <= 0 || scene.height_px <= 0) return 0;
    if (!program_) {
        append_error(error, "the vectors shader did not build: the embedding view is blank");
        return 0;
    }
    if (scene.width_px > max_size_ || scene.height_px > max_size_) {
        append_error(error, "embedding view of " + std::to_string(scene.width_px) + " x " +
                                std::to_string(scene.height_px) + " pixels is larger than this GPU's limit of " +
                                std::to_string(max_size_) + ": make the window smaller");
        return 0;
    }
    if (same_as_last(scene)) return texture_;

    GlStateGuard guard;
    if (!ensure_size(scene.width_px, scene.height_px, error)) return 0;
    const GLuint target = msaa_framebuffer_ ? msaa_framebuffer_ : resolve_framebuffer_;
    glBindFramebuffer(GL_FRAMEBUFFER, target);
    glViewport(0, 0, width_, height_);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_CULL_FACE);
    glClearColor(scene.background.r, scene.background.g, scene.background.b, scene.background.a);
    glClear(GL_COLOR_BUFFER_BIT);

    // Straight alpha over the background; alpha itself accumulates as coverage so a translucent
    // background stays translucent where nothing is drawn.
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glUseProgram(program_);
    glUniformMatrix4fv(view_projection_loc_, 1, GL_FALSE, scene.view_projection);
    glUniform2f(viewport_loc_, float(width_), float(height_));
    if (!scene.lines.empty()) {
        glBindBuffer(GL_ARRAY_BUFFER, line_buffer_);
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(scene.lines.size() * sizeof(PlotLine)), scene.lines.data(),
                     GL_DYNAMIC_DRAW);
        glUniform1i(arrows_loc_, 0);
        glBindVertexArray(line_vao_);
        glDrawArraysInstanced(GL_TRIANGLES, 0, kLineVertices, GLsizei(scene.lines.size()));
    }
    if (!scene.arrows.empty()) {
        glBindBuffer(GL_ARRAY_BUFFER, arrow_buffer_);
        glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(scene.arrows.size() * sizeof(PlotArrow)), scene.arrows.data(),
                     GL_DYNAMIC_DRAW);
        glUniform1i(arrows_loc_, 1);
        glBindVertexArray(arrow_vao_);
        glDrawArraysInstanced(GL_TRIANGLES, 0, kArrowVertices, GLsizei(scene.arrows.size()));
    }
    if (msaa_framebuffer_) {
        glBindFramebuffer(GL_READ_FRAMEBUFFER, msaa_framebuffer_);
        glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolve_framebuffer_);
        glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    }
    last_ = scene;
    have_last_ = true;
    if (redrawn) *redrawn = true;
    return texture_;
}

}  // namespace attn
