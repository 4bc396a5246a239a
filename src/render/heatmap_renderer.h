// Heatmaps on the GPU: a matrix goes up as a float texture and one draw maps every cell to a colour
// in an RGBA8 texture of one texel per cell, which the UI shows (NEAREST, so it upscales crisply).
#pragma once
#include <string>
#include <vector>

#include "render/gl.h"
#include "render/renderer.h"

namespace attn {

// The GL objects behind one heatmap: values in, colours out. Made once; resized in place.
struct HeatmapTarget {
    GLuint values = 0;       // RG32F (cols x rows): r = value, g = 1 if finite
    GLuint colors = 0;       // RGBA8 (cols x rows): what the UI shows
    GLuint framebuffer = 0;  // renders into colors
    int rows = 0, cols = 0;
};

class HeatmapRenderer {
public:
    bool init(std::string* error);  // compiles one program per colour map
    void shutdown();
    HeatmapTexture update(int slot, const Matrix& values, ColorMap map, std::string* error);
    uintptr_t colormap_texture(ColorMap map, std::string* error);

private:
    bool draw(HeatmapTarget* target, const float* values, int rows, int cols, ColorMap map, float low, float high,
              std::string* error);

    struct Program {
        GLuint id = 0;  // 0 when it failed to build: its heatmaps then come back without a texture
        GLint values = -1, low = -1, high = -1;
    };
    Program programs_[2];      // indexed by ColorMap: each has its own colour stops compiled in
    GLuint vertex_array_ = 0;  // empty: the covering triangle comes from gl_VertexID
    HeatmapTarget slots_[kHeatmapSlots];
    HeatmapTarget ramps_[2];      // colour bars, 256 x 1, made on first use
    std::vector<float> staging_;  // (rows, cols, 2): value (0 if not finite), finite flag
};

}  // namespace attn
