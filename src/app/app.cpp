// One frame: events -> UI -> recompute (only when the state changed) -> GPU views -> present.
// Frames are drawn on demand: after input or a change, a few settling frames, then sleep.
#include "app/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/web_api.h"
#include "core/document/examples.h"
#include "platform/browser.h"
#include "platform/imgui_backend.h"
#include "platform/main_loop.h"

namespace attn {
namespace {

constexpr int kSettleFrames = 6;  // ImGui needs a few frames to settle hover and layout after input

ImTextureID as_texture_id(uintptr_t texture) {
    return reinterpret_cast<ImTextureID>(texture);
}

ui::HeatmapImage as_heatmap_image(const HeatmapTexture& heatmap) {
    return {as_texture_id(heatmap.texture), heatmap.low, heatmap.high};
}

// Brings the numbers up to date and re-uploads only the heatmaps whose values changed (a new query
// uploads none); runs only after a change.
void recompute(App* app, ui::Textures* textures) {
    app_update_result(app);
    const AttentionChanges& c = app->unshown;
    if (c.score_matrix)
        textures->scores =
            as_heatmap_image(app->renderer.update_heatmap(0, app->result.score_matrix, ColorMap::Diverging));
    if (c.weight_matrix)
        textures->weights =
            as_heatmap_image(app->renderer.update_heatmap(1, app->result.weight_matrix, ColorMap::Sequential));
    if (app->result.has_projection) {
        const ProjectionResult& p = app->result.projection;
        if (c.projected_score_matrix)
            textures->projected_scores =
                as_heatmap_image(app->renderer.update_heatmap(2, p.score_matrix, ColorMap::Diverging));
        if (c.projected_weight_matrix)
            textures->projected_weights =
                as_heatmap_image(app->renderer.update_heatmap(3, p.weight_matrix, ColorMap::Sequential));
    }
    app->unshown = AttentionChanges();
}

}  // namespace

bool app_init(App* app) {
    load_example("your-journey", &app->state);
    app->draft = app->state;
    web_api_init(app);  // the page's API works from here on, with or without graphics
    if (!create_window("Attention scores, step by step", 1280, 800, &app->window)) {
        std::fprintf(stderr, "%s\n", app->window.error.c_str());
        browser_no_graphics("This browser could not start WebGL2, which the interactive view needs (" +
                            app->window.error + "). Try another browser or enable hardware acceleration.");
        return false;
    }
    imgui_backend_init(&app->window, ui::setup_style);
    if (!app->renderer.init()) std::fprintf(stderr, "Error: renderer: %s\n", app->renderer.error().c_str());
    app->textures.renderer_error = app->renderer.error();
    app->textures.diverging_bar = as_texture_id(app->renderer.colormap_texture(ColorMap::Diverging));
    app->textures.sequential_bar = as_texture_id(app->renderer.colormap_texture(ColorMap::Sequential));
    return true;
}

void app_shutdown(App* app) {
    app->renderer.shutdown();
    imgui_backend_shutdown();
    destroy_window(&app->window);
}

std::string app_set_state(App* app, const State& next) {
    std::string error = validate_state(next);
    if (!error.empty()) {
        app->input_error = error;
        app->draft = app->state;  // keep the last good state; nothing of the bad one applies
        app_request_frames(app);
        return error;
    }
    app->input_error.clear();
    if (next != app->state) {
        app->state = next;
        ++app->state_version;
        browser_state_changed();  // now, not at the next frame: a hidden page still updates its URL and host
    }
    app->draft = app->state;
    app_request_frames(app);
    return "";
}

void app_update_result(App* app) {
    if (app->computed_version == app->state_version) return;
    const double start = now_ms();
    app->unshown.merge(update_attention(&app->cache, app->state, &app->result));
    app->computed_version = app->state_version;
    ++app->stats.recomputes;
    app->stats.last_recompute_ms = now_ms() - start;
}

void app_request_frames(App* app, int count) {
    app->frames_to_render = std::max(app->frames_to_render, count);
    resume_main_loop();
}

void app_frame(void* user) {
    App* app = static_cast<App*>(user);
    if (app->frames_to_render <= 0 || !app->visible) {
        if (!wait_for_events(250)) return;  // browser: paused until woken
    }
    const EventSummary events = imgui_backend_pump_events(&app->window);
    if (events.quit) app->quit = true;
    if (events.any) app->frames_to_render = std::max(app->frames_to_render, kSettleFrames);
    if (app->frames_to_render <= 0) return;  // native wake-up without input (timeout)
    const double start = now_ms();

    if (app->computed_version != app->state_version || app->unshown.any) recompute(app, &app->textures);

    imgui_backend_new_frame(&app->window);
    const ui::FrameInput in{app->state, app->result, app->input_error, app->textures,
                            start,      &app->page,  events.pinch,     events.fingers};
    ui::FrameOutput out = ui::draw_ui(in, &app->draft, &app->ui);
    if (out.edited) app_set_state(app, app->draft);
    for (const LessonEvent& e : out.events) browser_emit_event(e.kind.c_str(), e.detail);
    const int content_height = int(std::ceil(out.content_height));
    if (content_height > 0 && std::abs(content_height - app->reported_content_height) > 1) {
        app->reported_content_height = content_height;
        browser_content_height(content_height);
    }
    if (out.animating) app->frames_to_render = std::max(app->frames_to_render, 2);
    ImGui::Render();

    int width = 0, height = 0;
    window_drawable_size(&app->window, &width, &height);
    app->textures.plot = as_texture_id(app->renderer.draw_plot(out.plot));
    app->renderer.clear_window(width, height, out.plot.background);
    imgui_backend_present(&app->window);

    --app->frames_to_render;
    ++app->stats.frames;
    app->stats.last_frame_ms = now_ms();
    app->stats.last_frame_cost_ms = app->stats.last_frame_ms - start;
    if (browser_after_frame()) app_request_frames(app, 2);  // phone keyboard input, text-field position
    if (!app->first_frame_reported) {
        app->first_frame_reported = true;
        browser_first_frame();
    }
}

}  // namespace attn
