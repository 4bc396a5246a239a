// The only code that talks to GL. It turns the core's numbers into textures the UI shows through
// opaque ids: heatmaps from a texture of values, and the embedding view from a PlotScene; then it
// draws the UI's own draw lists (Dear ImGui's ImDrawData) over the window. A part that failed to
// build (a shader that did not compile) draws nothing and reports why in error().
#pragma once
#include <cstdint>
#include <string>

#include "core/math/matrix.h"
#include "core/view/colormap.h"  // ColorMap, and the same colours in C++ for legends and tests
#include "core/view/plot_scene.h"

struct ImDrawData;

namespace attn {

// Heatmap slots keep their GL objects between updates; a slot holds one matrix (scores, weights...).
inline constexpr int kHeatmapSlots = 4;
// The largest heatmap side (rows or cols) update_heatmap accepts.
inline constexpr int kMaxHeatmapSide = 1024;

// Every texture the renderer returns holds the image's top row first: draw it with
// ImGui::Image(id, size, ImVec2(0, 0), ImVec2(1, 1)) and matrix row 0 / the plot's top is at the top.
struct HeatmapTexture {
    uintptr_t texture = 0;  // GL texture name, used by the UI as ImTextureID; rows x cols texels, NEAREST
    int rows = 0, cols = 0;
    float low = 0, high = 1;  // the value range the colours span (for the colour bar)
};

struct RendererImpl;

class Renderer {
public:
    // Compiles the shaders in shaders/ (embedded at build time). False with error() set on failure;
    // the app keeps running and the UI shows the message.
    bool init();
    void shutdown();
    const std::string& error() const { return error_; }

    // Uploads values (rows, cols) and maps them to colours on the GPU; only call when they change.
    // Non-finite values are drawn in a flat "undefined" grey. slot is 0 .. kHeatmapSlots - 1; an
    // empty matrix gives texture 0.
    HeatmapTexture update_heatmap(int slot, const Matrix& values, ColorMap map);
    // A colour bar texture for a colour map (1 x 256), for legends.
    // 256 wide, 1 tall: u = 0 is `low`, u = 1 is `high`. For a vertical bar with high at the top,
    // draw it with ImDrawList::AddImageQuad and uvs (1,0) (1,1) (0,1) (0,0) from top-left clockwise.
    uintptr_t colormap_texture(ColorMap map);
    // Binds the window's framebuffer, sets the viewport and clears it: the start of each frame's draw.
    void clear_window(int width_px, int height_px, Rgba color);
    // Draws the scene into an offscreen texture of scene.width_px x scene.height_px; returns it.
    // 4x MSAA where available. Redraws only when the scene differs from the last call's (then
    // *redrawn is set true, if given); 0 if the size is 0.
    uintptr_t draw_plot(const PlotScene& scene, bool* redrawn = nullptr);
    // The UI's font atlas (width x height coverage bytes, top row first) as a texture; its id stays
    // the same across uploads (a new pixel ratio, a language's glyphs). 0 if the UI part failed.
    uintptr_t upload_font_atlas(const unsigned char* coverage, int width, int height);
    // Draws the UI's draw lists over the window (after clear_window), width_px x height_px pixels.
    void draw_ui(const ImDrawData& data, int width_px, int height_px);

private:
    RendererImpl* impl_ = nullptr;
    std::string error_;
};

}  // namespace attn
