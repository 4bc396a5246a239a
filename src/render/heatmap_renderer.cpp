// Heatmap textures: upload (rows, cols) values, then one full-target triangle through heatmap.frag
// writes one colour per cell. The value range is found on the CPU (colormap_range) and passed in.
#include "render/heatmap_renderer.h"

#include <cmath>
#include <cstdio>

#include "render/gl_state.h"
#include "render/shader_program.h"
#include "shaders_embedded.h"

namespace attn {
namespace {

constexpr int kRampWidth = 256;

int map_index(ColorMap map) {
    return map == ColorMap::Diverging ? 0 : 1;
}
const char* map_name(ColorMap map) {
    return map == ColorMap::Diverging ? "diverging" : "sequential";
}

// NEAREST: float textures need no filtering support, and cells stay crisp when the UI draws them
// larger.
GLuint make_texture() {
    return new_texture_2d(GL_NEAREST);
}

void destroy(HeatmapTarget* target) {
    if (target->framebuffer) glDeleteFramebuffers(1, &target->framebuffer);
    if (target->values) glDeleteTextures(1, &target->values);
    if (target->colors) glDeleteTextures(1, &target->colors);
    *target = HeatmapTarget{};
}

// Sizes the target's textures for (rows, cols). The objects are made once and only their storage
// is re-specified on a new size, so a slot's texture id never changes and a UI draw list recorded
// before an update still shows the right texture.
bool ensure_size(HeatmapTarget* target, int rows, int cols, std::string* error) {
    if (target->framebuffer && target->rows == rows && target->cols == cols) return true;
    if (!target->framebuffer) {
        target->values = make_texture();
        target->colors = make_texture();
        glGenFramebuffers(1, &target->framebuffer);
    }
    target->rows = target->cols = 0;  // until the new size is complete
    glBindTexture(GL_TEXTURE_2D, target->values);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32F, cols, rows, 0, GL_RG, GL_FLOAT, nullptr);
    glBindTexture(GL_TEXTURE_2D, target->colors);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, cols, rows, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target->colors, 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    if (status != GL_FRAMEBUFFER_COMPLETE) {
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%04x", unsigned(status));
        append_error(error, "heatmap framebuffer of " + std::to_string(rows) + " x " + std::to_string(cols) +
                                " is incomplete (status " + hex + "): the heatmap is not drawn");
        return false;
    }
    target->rows = rows;
    target->cols = cols;
    return true;
}

}  // namespace

bool HeatmapRenderer::init(std::string* error) {
    bool ok = true;
    for (ColorMap map : {ColorMap::Diverging, ColorMap::Sequential}) {
        Program& p = programs_[map_index(map)];
        p.id = build_program({"heatmap.vert", shaders::kHeatmapVert}, {"heatmap.frag", shaders::kHeatmapFrag},
                             colormap_glsl(map), error);
        if (!p.id) {
            ok = false;
            continue;
        }
        p.values = glGetUniformLocation(p.id, "u_values");
        p.low = glGetUniformLocation(p.id, "u_low");
        p.high = glGetUniformLocation(p.id, "u_high");
    }
    glGenVertexArrays(1, &vertex_array_);
    return ok;
}

void HeatmapRenderer::shutdown() {
    for (Program& p : programs_) {
        if (p.id) glDeleteProgram(p.id);
        p = Program{};
    }
    for (HeatmapTarget& t : slots_) destroy(&t);
    for (HeatmapTarget& t : ramps_) destroy(&t);
    if (vertex_array_) glDeleteVertexArrays(1, &vertex_array_);
    vertex_array_ = 0;
    staging_ = {};
}

HeatmapTexture HeatmapRenderer::update(int slot, const Matrix& values, ColorMap map, std::string* error) {
    HeatmapTexture out;
    if (slot < 0 || slot >= kHeatmapSlots) {
        append_error(error, "heatmap slot " + std::to_string(slot) + " does not exist: slots are 0 .. " +
                                std::to_string(kHeatmapSlots - 1));
        return out;
    }
    if (values.empty() || values.data.size() != size_t(values.rows) * size_t(values.cols)) return out;
    if (values.rows > kMaxHeatmapSide || values.cols > kMaxHeatmapSide) {
        append_error(error, "heatmap of " + std::to_string(values.rows) + " x " + std::to_string(values.cols) +
                                " is too large to draw: at most " + std::to_string(kMaxHeatmapSide) +
                                " rows and columns");
        return out;
    }
    out.rows = values.rows;
    out.cols = values.cols;
    colormap_range(map, values.data.data(), values.data.size(), &out.low, &out.high);
    if (draw(&slots_[slot], values.data.data(), values.rows, values.cols, map, out.low, out.high, error)) {
        out.texture = slots_[slot].colors;
    }
    return out;
}

uintptr_t HeatmapRenderer::colormap_texture(ColorMap map, std::string* error) {
    HeatmapTarget& ramp = ramps_[map_index(map)];
    if (ramp.rows == 1 && ramp.cols == kRampWidth) return ramp.colors;
    // The bar goes through the heatmap shader itself, so legend and cells cannot disagree:
    // texel i holds i / 255 over the range [0, 1].
    float ramp_values[kRampWidth];
    for (int i = 0; i < kRampWidth; ++i) ramp_values[i] = float(i) / float(kRampWidth - 1);
    if (!draw(&ramp, ramp_values, 1, kRampWidth, map, 0.0f, 1.0f, error)) return 0;
    return ramp.colors;
}

bool HeatmapRenderer::draw(HeatmapTarget* target, const float* values, int rows, int cols, ColorMap map, float low,
                           float high, std::string* error) {
    const Program& program = programs_[map_index(map)];
    if (!program.id) {
        append_error(
            error, std::string("the ") + map_name(map) + " heatmap shader did not build: heatmaps using it are blank");
        return false;
    }
    GlStateGuard guard;
    if (!ensure_size(target, rows, cols, error)) return false;

    const size_t count = size_t(rows) * size_t(cols);
    staging_.resize(count * 2);
    for (size_t i = 0; i < count; ++i) {
        const bool finite = std::isfinite(values[i]);
        staging_[2 * i] = finite ? values[i] : 0.0f;
        staging_[2 * i + 1] = finite ? 1.0f : 0.0f;
    }
    // Rows of RG32F are 8 bytes per texel, so the default unpack alignment of 4 always fits.
    glBindTexture(GL_TEXTURE_2D, target->values);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, cols, rows, GL_RG, GL_FLOAT, staging_.data());

    glBindFramebuffer(GL_FRAMEBUFFER, target->framebuffer);
    glViewport(0, 0, cols, rows);
    glDisable(GL_BLEND);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glDisable(GL_CULL_FACE);
    glUseProgram(program.id);
    glUniform1i(program.values, 0);
    glUniform1f(program.low, low);
    glUniform1f(program.high, high);
    glBindVertexArray(vertex_array_);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    return true;
}

}  // namespace attn
