// One frame: events -> UI -> recompute (only when the state changed) -> GPU views -> present.
// Frames are built on demand: after input or a change, a few UI passes let ImGui settle, and only
// a pass that changes the picture is drawn (a change typically costs 1 to 3 drawn frames). Then
// the loop sleeps, or, while an animation plays, wakes at the time its next step is due.
#include "app/app.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app/web_api.h"
#include "core/document/examples.h"
#include "core/document/words_scope.h"
#include "core/lesson/lesson_check.h"
#include "core/lesson/track.h"
#include "platform/browser.h"
#include "platform/imgui_backend.h"
#include "platform/main_loop.h"
#include "ui/frame_fingerprint.h"
#include "ui/theme.h"

namespace attn {
namespace {

// ImGui settles a change over a few passes (a window that appears is sized on the pass after; a
// focus or scroll request lands a pass later; a click's release comes a pass after its press), so
// input still gets kSettlePasses UI passes, as before; but only a pass that changes the picture is
// drawn. A timer wake (an animation's next step) needs fewer.
constexpr int kSettlePasses = 6;
static_assert(kSettlePasses == kReportedHeightSettlePasses, "a new view's height follows it while it settles");
constexpr int kWakePasses = 3;
constexpr int kMaxStalePasses = 3;

ImTextureID as_texture_id(uintptr_t texture) {
    return reinterpret_cast<ImTextureID>(texture);
}

ui::HeatmapImage as_heatmap_image(const HeatmapTexture& heatmap) {
    return {as_texture_id(heatmap.texture), heatmap.low, heatmap.high};
}

// Brings the numbers up to date and re-uploads only the heatmaps whose values changed (a new query
// uploads none); runs only after a change. True when it uploaded any.
bool recompute(App* app, ui::Textures* textures) {
    app_update_result(app);
    const AttentionChanges& c = app->unshown;
    const bool uploads = c.score_matrix || c.weight_matrix ||
                         (app->result.has_projection && (c.projected_score_matrix || c.projected_weight_matrix));
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
    return uploads;
}

// The browser's fonts draw what the atlas's fonts lack (ui/drawn_glyphs.h).
bool draw_with_page_fonts(unsigned code_point, float pixel_size, ui::DrawnGlyph* out) {
    GlyphImage image;
    if (!browser_draw_glyph(code_point, pixel_size, &image)) return false;
    out->width = image.width, out->height = image.height, out->baseline = image.baseline;
    out->advance = image.advance;
    out->coverage = std::move(image.coverage);
    return true;
}

}  // namespace

bool app_init(App* app) {
    double mark = app->stats.init_started_ms = now_ms();
    const auto lap = [&mark] {
        const double now = now_ms(), took = now - mark;
        mark = now;
        return took;
    };
    load_example("your-journey", &app->state);
    app->draft = app->state;
#ifdef __EMSCRIPTEN__
    app->code.here = false;  // attention-explainer.deferred.wasm: fetched when first used
#endif
    web_api_init(app);  // the page's API works from here on, with or without graphics
    lap();              // the document and the page's API
    if (!create_window("Attention scores, step by step", 1280, 800, &app->window)) {
        std::fprintf(stderr, "%s\n", app->window.error.c_str());
        browser_no_graphics("This browser could not start WebGL2, which the interactive view needs (" +
                            app->window.error + "). Try another browser or enable hardware acceleration.");
        return false;
    }
    app->stats.window_ms = lap();
    imgui_backend_init(&app->window, ui::setup_style, ui::fill_drawn_glyphs);
    app->stats.fonts_ms = lap();
    if (!app->renderer.init()) std::fprintf(stderr, "Error: renderer: %s\n", app->renderer.error().c_str());
    app->stats.renderer_ms = lap();
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

std::string app_set_state(App* app, const State& edited) {
    State next = edited;
    lesson_state_edited(&app->lesson, app->state, &next);
    Sentence refusal = state_refusal(next);
    if (!refusal.empty()) {
        // The same refusal again is nothing new to draw. (An active ImGui field writes its typed
        // text back every frame, so a refused "3 heads" is sent again each frame: asking for
        // frames for it would never let the page rest.)
        const bool news = english(refusal) != english(app->input_error);
        app->input_error = std::move(refusal);
        app->draft = app->state;  // keep the last good state; nothing of the bad one applies
        if (news) app_request_frames(app);
        return english(app->input_error);
    }
    app->input_error = {};
    if (next != app->state) {
        app->state = next;
        ++app->state_version;
        browser_state_changed();  // now, not at the next frame: a hidden page still updates its URL and host
    }
    app->draft = app->state;
    app_request_frames(app);
    app_want_lesson(app);
    return "";
}

void app_want_lesson(App* app) {
    if (app->lesson_requested || !lesson_wanted(app->lesson, app->state)) return;
    app->lesson_requested = true;
    browser_request_lesson();
}

void app_lesson_arrived(App* app) {
    reported_height_view_changed(&app->content_height);
    const Lesson& l = *app->lesson.lesson;
    // A link's step outside a course's range (steps=3 with #step=1, as a snippet had it) opens the
    // range's first: a step outside counts for nothing, and its Next led nowhere in the range.
    const int linked = app->state.step;
    const int step = linked > 0 ? step_in_range(range_of(app->lesson), linked) : linked;
    if (app->pending_step_setup > 0 && linked == app->pending_step_setup && l.step(step)) {
        State s = enter_step(l, step, app->state);
        s.panels = app->state.panels;
        show_answers_given(app->lesson, &s);  // a course's resume: the step as it was left
        // What the page said before the lesson was here (lang=fr, xapi=yes) stays said: setting up
        // the link's step is no edit of the learner's, which would answer it.
        const Sentence said = app->input_error;
        app_set_state(app, s);
        app->input_error = said;
        // A step past the lesson's end (#step=15 of 14) opens the range's first, and says so.
        if (linked > l.step_count()) {
            app->input_error = as_is(
                l.texts.say("lesson.link-step-missing", {{"step", linked}, {"steps", l.step_count()}, {"first", step}}),
                "link");
            if (!said.empty()) app->input_error.also.push_back(said);
        }
    }
    app->pending_step_setup = 0;
    std::vector<LessonIntent> waiting;
    waiting.swap(app->lesson.pending);
    app_apply_intents(app, waiting, now_ms());
    // The host learns where the learner stands as soon as the lesson is here (a restored record
    // may already be complete): one lesson-progress before any change.
    app_update_result(app);
    const LessonEvent progress = lesson_progress_event(&app->lesson);
    browser_emit_event(progress.kind.c_str(), progress.detail);
    app_request_redraw(app);
}

std::string app_load_lesson(App* app, std::string_view texts, std::string_view lesson, std::string_view name) {
    const CatalogParse catalog = parse_text_catalog(texts);
    std::string error;
    if (!catalog.ok) {
        error = "the catalog: " + catalog.error;
    } else {
        LessonParse parsed = parse_lesson(lesson, catalog.catalog);
        // A step that can ask nothing on its own setup, or a line that gives an answer away.
        if (parsed.ok) parsed.error = lesson_questions_problem(parsed.lesson);
        if (parsed.ok && parsed.error.empty()) {
            lesson_take(&app->lesson, std::move(parsed.lesson));
            app_lesson_arrived(app);
            return "";
        }
        error = name_each_problem(name.empty() ? std::string_view("the lesson file") : name, parsed.error);
    }
    lesson_refused(&app->lesson, error);
    app_update_result(app);  // what waited for the file is uncovered now, not at the next edit
    app_request_redraw(app);
    return error;
}

void app_update_result(App* app) {
    if (app->computed_version != app->state_version) {
        const double start = now_ms();
        app->unshown.merge(update_attention(&app->cache, app->state, &app->result));
        if (app->state.module.enabled && app->code.here)
            update_module_run(app->state.inputs, app->state.module.settings, &app->module);
        else if (app->state.module.enabled)
            app_request_code(app, true);  // the classes run when their code is here (app_code_arrived)
        app->computed_version = app->state_version;
        ++app->stats.recomputes;
        app->stats.last_recompute_ms = now_ms() - start;
    }
    // Once per state version, and again after a record was restored. The core's refusals the lesson
    // quotes (a class that cannot run, in Debug this) are written in the interface's language.
    const WordsScope in_language(&app->language.words);
    lesson_sync(&app->lesson, app->state, app->result, &app->module, app->state_version);
}

void app_request_code(App* app, bool after_action) {
    // After a failure only the learner fetches again: "Try again", or a change they committed (a
    // setting of the classes in the text version, setState); never a frame on its own.
    if (after_action) app->code.error.clear();
    if (app->code.here || app->code.requested || !app->code.error.empty()) return;
    app->code.requested = true;
    browser_request_code();
}

void app_code_arrived(App* app) {
    app->code = DeferredCode{};
    // The learner's characters the fonts lack are drawn from now on (ui/drawn_glyphs.h).
    if (browser_draws_glyphs()) ui::set_glyph_drawer(draw_with_page_fonts);
    if (ui::glyphs_to_draw()) imgui_backend_fonts_changed();
    reported_height_view_changed(&app->content_height);  // the panels that waited for it are drawn
    // The book's classes waited for their code: their numbers are a new version of the results
    // (app_update_result runs them), which whoever follows the results hears of (the text
    // versions, a host page, onChange).
    if (app->state.module.enabled) {
        ++app->state_version;
        browser_state_changed();
    }
    app_request_redraw(app);
}

bool app_module_ran(const App& app) {
    return app.state.module.enabled && module_run_matches(app.module, app.state.inputs, app.state.module.settings);
}

void app_apply_intents(App* app, const std::vector<LessonIntent>& intents, double now) {
    if (intents.empty()) return;
    std::vector<LessonEvent> events;
    // What the engine writes for the panels while applying (a Check's covers) in the interface's words.
    const WordsScope in_language(&app->language.words);
    app_update_result(app);  // the covers as they stand before the actions
    // A lesson file that was refused (broken, or not there): Start asks for it again, so a teacher
    // who mended it sees the mended file without reloading the page.
    for (const LessonIntent& intent : intents)
        if (intent.action == LessonAction::StartTrack && !app->lesson.lesson && !app->lesson.load_error.empty()) {
            lesson_refused(&app->lesson, "");
            app->lesson_requested = false;
        }
    const uint64_t version = app->state_version;
    const Concealment covered = app->lesson.concealed;
    for (const LessonIntent& intent : intents) {
        // (Before the lesson's file is here the engine keeps the intent until it comes.)
        app_update_result(app);  // the engine reads the state the learner acted on
        State next = app->state;
        lesson_apply(&app->lesson, intent, app->state, app->result, now, &next, &events);
        // An intent kept for the lesson's file changes nothing: it must not wipe a link's refusal.
        if (app->lesson.lesson || next != app->state) app_set_state(app, next);
    }
    app_update_result(app);
    app_want_lesson(app);
    // What is covered changed without the state (Practice's Show the answer): the page's mirrors
    // of the numbers hear of it as of any change.
    if (app->state_version == version && app->lesson.concealed != covered) browser_state_changed();
    for (const LessonEvent& e : events) browser_emit_event(e.kind.c_str(), e.detail);
}

void app_request_frames(App* app, int count) {
    app->frames_to_render = std::max(app->frames_to_render, count);
    resume_main_loop();
}

void app_request_redraw(App* app) {
    app->must_present = true;
    app_request_frames(app);
}

ATTN_LESSON_ENTRY std::string app_set_language(App* app, std::string_view interface_json,
                                               std::vector<unsigned char> glyphs) {
    InterfaceText words;
    if (!interface_json.empty()) {
        InterfaceTextParse parsed = parse_interface_text(interface_json);
        if (!parsed.ok) return "the interface text: " + parsed.error;
        words = std::move(parsed.text);
    }
    app->language.words = std::move(words);
    app->language.glyphs = std::move(glyphs);
    reported_height_view_changed(&app->content_height);
    ui::set_script_font(app->language.glyphs.data(), app->language.glyphs.size());
    imgui_backend_fonts_changed();
    app_request_redraw(app);
    return "";
}

void app_frame(void* user) {
    App* app = static_cast<App*>(user);
    if (app->wake_at_ms > 0 && app->visible && now_ms() >= app->wake_at_ms - 1.0) {  // an animation's step is due
        app->wake_at_ms = 0;
        app->frames_to_render = std::max(app->frames_to_render, kWakePasses);
    }
    if (app->frames_to_render <= 0 || !app->visible) {
        int timeout_ms = 250;
        if (app->wake_at_ms > 0 && app->visible) {
            const double delay = app->wake_at_ms - now_ms();
            wake_main_loop_in(delay);
            timeout_ms = std::clamp(int(std::ceil(delay)), 0, timeout_ms);
        }
        if (!wait_for_events(timeout_ms)) return;  // browser: paused until woken
    }
    const EventSummary events = imgui_backend_pump_events(&app->window);
    if (events.quit) app->quit = true;
    if (events.any) app->frames_to_render = std::max(app->frames_to_render, kSettlePasses);
    if (events.resized) app->must_present = true;
    if (app->frames_to_render <= 0) return;  // native wake-up without input (timeout)
    const double start = now_ms();

    bool uploaded = false;
    if (app->computed_version != app->state_version || app->unshown.any) uploaded = recompute(app, &app->textures);

    if (const FontAtlasImage* atlas = imgui_backend_update_fonts(&app->window))
        imgui_backend_set_font_texture(app->renderer.upload_font_atlas(atlas->coverage, atlas->width, atlas->height));
    imgui_backend_new_frame();
    const ui::FrameInput in{app->state,           app->result,  app->input_error,  app->textures, start,
                            &app->page,           events.pinch, events.fingers,    &app->module,  &app->lesson,
                            &app->language.words, &app->code,   app->state_version};
    // What the core writes for the panels (the lesson band's "Step 3 of 14") in the interface's words.
    ui::FrameOutput out;
    {
        const WordsScope in_language(&app->language.words);
        out = ui::draw_ui(in, &app->draft, &app->ui);
    }
    if (out.edited) app_set_state(app, app->draft);
    // A character no font here has: the next frame has it drawn, with the code that draws it.
    if (ui::want_glyphs(app->state, app->state_version, browser_draws_glyphs())) {
        if (app->code.here)
            imgui_backend_fonts_changed();
        else
            app_request_code(app);  // app_code_arrived rebuilds the atlas
        app_request_frames(app);
    }
    app->stats.glyphs = ui::drawn_glyph_stats();
    app_apply_intents(app, out.intents, start);
    if (out.wants_code) app_request_code(app, out.retry_code);
    if (!out.open_lesson.empty()) browser_open_lesson(out.open_lesson);
    out.edited = out.edited || !out.intents.empty();
    const ImGuiIO& io = ImGui::GetIO();
    bool acted = io.InputQueueCharacters.Size > 0;  // (a key: its press, below)
    // (A press and its release: a button acts on the release, which may come passes later.)
    for (int b = 0; b < IM_ARRAYSIZE(io.MouseClicked); ++b) acted |= io.MouseClicked[b] || io.MouseReleased[b];
    for (int k = 0; k < IM_ARRAYSIZE(io.KeysDownDuration); ++k) acted |= io.KeysDownDuration[k] == 0.0f;
    if (const int tell = next_reported_height(&app->content_height, int(std::ceil(out.content_height)),
                                              app->state_version, int(io.DisplaySize.x), acted))
        browser_content_height(tell);
    if (out.page_scroll_to >= 0) browser_page_scroll(out.page_scroll_to);
    if (!out.keyboard_said.empty()) browser_keyboard_said(out.keyboard_said);
    ImGui::Render();
    ++app->stats.passes;

    // Draw only a pass that changes the picture: new draw lists, a new plot, new heatmaps.
    bool plot_redrawn = false;
    app->textures.plot = as_texture_id(app->renderer.draw_plot(out.plot, &plot_redrawn));
    const uint64_t fingerprint = ui::frame_fingerprint(ImGui::GetDrawData());
    // A pass that committed a click or a typed value shows the numbers from before it, one that
    // placed panels by sizes that have since changed shows them misplaced, and one where ImGui
    // still measures a window that appeared lacks it: the next pass is the one to draw. (A drag,
    // which edits on every pass while the button is held, is drawn as it goes; kMaxStalePasses in
    // a row are drawn anyway, should a layout never settle.)
    const bool dragging = ImGui::IsAnyItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left);
    const bool stale =
        ((out.edited && !dragging) || out.relayout || ui::imgui_settling()) && app->stale_passes < kMaxStalePasses;
    app->stale_passes = stale ? app->stale_passes + 1 : 0;
    const bool changed =
        !stale && (app->must_present || uploaded || plot_redrawn || fingerprint != app->shown_fingerprint);
    if (changed) {
        int width = 0, height = 0;
        window_drawable_size(&app->window, &width, &height);
        app->renderer.clear_window(width, height, out.plot.background);
        app->renderer.draw_ui(*ImGui::GetDrawData(), width, height);
        window_swap(&app->window);
        app->shown_fingerprint = fingerprint;
        app->must_present = false;
        ++app->stats.frames;
        app->stats.last_frame_ms = now_ms();
        app->stats.last_frame_cost_ms = app->stats.last_frame_ms - start;
    }

    --app->frames_to_render;
    if (stale) app->frames_to_render = std::max(app->frames_to_render, 1);
    app->wake_at_ms = out.wake_at_ms;
    if (browser_after_frame(&app->typing)) app_request_frames(app, 2);  // phone keyboard input, text-field position
    if (!app->first_frame_reported) {
        app->first_frame_reported = true;
        app->stats.first_frame_cost_ms = now_ms() - start;
        browser_first_frame();
    }
}

}  // namespace attn
