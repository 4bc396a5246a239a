// The renderer's public face: owns the heatmap, plot and UI parts and routes their errors into error().
// A part whose shaders failed keeps returning texture 0; the other parts keep working.
#include "render/renderer.h"

#include "render/gl.h"
#include "render/heatmap_renderer.h"
#include "render/plot_renderer.h"
#include "render/ui_renderer.h"

namespace attn {

struct RendererImpl {
    HeatmapRenderer heatmaps;
    PlotRenderer plot;
    UiRenderer ui;
};

bool Renderer::init() {
    shutdown();
    error_.clear();
    impl_ = new RendererImpl;
    // Both parts are built even if one fails, so the error lists every broken shader at once.
    const bool heatmaps_ok = impl_->heatmaps.init(&error_);
    const bool plot_ok = impl_->plot.init(&error_);
    const bool ui_ok = impl_->ui.init(&error_);
    return heatmaps_ok && plot_ok && ui_ok;
}

void Renderer::shutdown() {
    if (!impl_) return;
    impl_->heatmaps.shutdown();
    impl_->plot.shutdown();
    impl_->ui.shutdown();
    delete impl_;
    impl_ = nullptr;
}

HeatmapTexture Renderer::update_heatmap(int slot, const Matrix& values, ColorMap map) {
    if (!impl_) return HeatmapTexture{};
    return impl_->heatmaps.update(slot, values, map, &error_);
}

uintptr_t Renderer::colormap_texture(ColorMap map) {
    if (!impl_) return 0;
    return impl_->heatmaps.colormap_texture(map, &error_);
}

void Renderer::clear_window(int width_px, int height_px, Rgba color) {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, width_px, height_px);
    glDisable(GL_SCISSOR_TEST);  // a scissor left on would clear only part of the window
    glClearColor(color.r, color.g, color.b, color.a);
    glClear(GL_COLOR_BUFFER_BIT);
}

uintptr_t Renderer::draw_plot(const PlotScene& scene, bool* redrawn) {
    if (!impl_) return 0;
    return impl_->plot.draw(scene, &error_, redrawn);
}

uintptr_t Renderer::upload_font_atlas(const unsigned char* coverage, int width, int height) {
    if (!impl_) return 0;
    return impl_->ui.upload_font_atlas(coverage, width, height);
}

void Renderer::draw_ui(const ImDrawData& data, int width_px, int height_px) {
    if (impl_) impl_->ui.draw(data, width_px, height_px);
}

}  // namespace attn
