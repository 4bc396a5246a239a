// All the app's state in one struct, and the one frame function that ties the layers together:
// platform (window, events) -> UI (ImGui calls) -> core (recompute on change) -> renderer (GL).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "core/document/interface_text.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/lesson_engine.h"
#include "core/lesson/lesson_entry.h"
#include "core/math/attention_cache.h"
#include "core/view/deferred_code.h"
#include "core/view/page_options.h"
#include "core/view/reported_height.h"
#include "platform/browser.h"
#include "platform/window.h"
#include "render/renderer.h"
#include "ui/drawn_glyphs.h"
#include "ui/ui.h"

namespace attn {

struct FrameStats {
    uint64_t frames = 0;         // frames drawn and presented since start
    uint64_t passes = 0;         // UI passes built since start (a pass that changed nothing is not drawn)
    double last_frame_ms = 0.0;  // now_ms() when the last frame was presented
    double last_frame_cost_ms = 0.0;
    uint64_t recomputes = 0;         // times the core ran (only on change)
    double last_recompute_ms = 0.0;  // how long the last of those took
    // Start-up, for the benchmark's first-frame breakdown (now_ms clock: performance.now() on the
    // web): when app_init began, and how long the window and GL context, ImGui with its font
    // atlas, the renderer's shaders and the first frame took.
    double init_started_ms = 0.0, window_ms = 0.0, fonts_ms = 0.0, renderer_ms = 0.0, first_frame_cost_ms = 0.0;
    ui::DrawnGlyphStats glyphs;  // characters drawn by the browser's fonts, and those still lacking
};

// The learner's language: the interface's words and, for a script DejaVu lacks, its glyphs (the
// page fetches lessons/<lang>/interface.json and fonts/<lang>.otf when the language is chosen).
struct Language {
    InterfaceText words;                // lang "en" and no strings: the compiled-in English
    std::vector<unsigned char> glyphs;  // the script font's bytes; empty: DejaVu only
};

struct App {
    Window window;
    Renderer renderer;
    ui::UiState ui;
    ui::Textures textures;  // what the renderer made, as the UI sees it (opaque ImTextureIDs)

    State state;                    // the last good state: what every panel shows
    State draft;                    // what the UI edits this frame; committed only if valid
    AttentionResult result;         // compute_attention(state)
    uint64_t state_version = 1;     // bumped on every accepted change
    uint64_t computed_version = 0;  // state_version that result belongs to
    AttentionCache cache;           // recomputes only what a change touched (core/attention_cache.h)
    AttentionChanges unshown;       // changed matrices whose heatmaps the frame has not uploaded yet
    ModuleRun module;               // the book's classes on state.inputs, while state.module is on
    LessonEngine lesson;            // the learner's record and what the lesson shows, synced with result
    Language language;              // the interface's words and glyphs (English until the page sets one)
    bool lesson_requested = false;  // the page was asked for the lesson's file
    DeferredCode code;              // the code the first view does not run: on the web, fetched when used
    int pending_step_setup = 0;     // a link opened this step before the lesson was here: set it up then
    Sentence input_error;           // why the last edit or API call was refused (empty when none)
    std::string page_reply;         // the text the page's API last returned (web_api.cpp's reply)
    PageTyping typing;              // a phone keyboard's input on its way to ImGui (platform/browser.h)

    // UI passes still to build after input or a change; only those that change the picture are
    // drawn (see app_frame).
    int frames_to_render = 8;
    uint64_t shown_fingerprint = 0;  // ui::frame_fingerprint of what is on screen now
    int stale_passes = 0;            // passes in a row not drawn because the next shows them right
    bool must_present = true;        // draw the next pass even if unchanged (a resize, shown again)
    double wake_at_ms = 0;           // > 0: when an animation needs its next pass (now_ms clock)
    bool visible = true;             // false while the page is hidden or scrolled out of view
    PageOptions page;                // embed mode, theme, reduced motion: set by the page (web glue)
    bool quit = false;
    bool first_frame_reported = false;
    ReportedHeight content_height;  // as last told to the page (browser_content_height)
    FrameStats stats;
};

bool app_init(App* app);
void app_shutdown(App* app);
void app_frame(void* app);  // the frame function both drivers call

// Every way a new document enters (UI, setState, URL, postMessage) ends here: valid states are
// committed and redrawn; invalid ones leave everything as it was and return the message.
std::string app_set_state(App* app, const State& next);
// Brings result (and the lesson engine) up to date with state, recomputing only what changed; a
// no-op when it already is. The frame calls it; the page's API may too (the next frame then uploads
// what it changed).
void app_update_result(App* app);
// The lesson's file arrived (the engine has it: lesson_take or lesson_set): a step a link opened
// meanwhile is set up as the lesson says, and the learner's intents that waited for it are applied.
void app_lesson_arrived(App* app);
// The lesson's files as the page fetched them: parses the catalog and the lesson, hands the lesson
// to the engine and calls app_lesson_arrived. A broken file leaves no lesson, sets the engine's
// load_error (the band shows it) and returns it; "" when the lesson is in. The page has loaded the
// lesson's code first (ATTN_LESSON_ENTRY). name: the file's address as the link gives it, which a
// refusal starts with (a teacher may have several files).
ATTN_LESSON_ENTRY std::string app_load_lesson(App* app, std::string_view texts, std::string_view lesson,
                                              std::string_view name);
// Asks the page for the lesson's file when the state or a waiting intent needs it (once).
void app_want_lesson(App* app);
// Asks the page for the deferred code (core/view/deferred_code.h) when something needs it and it is
// neither here nor on its way, nor failed: after a failure only a learner's action fetches again
// (after_action: "Try again", or a change they committed). app_code_arrived is the page's answer.
void app_request_code(App* app, bool after_action = false);
void app_code_arrived(App* app);
// The book's classes are on and have run on the current inputs and settings (on the web, their
// code may still be on its way): what results() and the text versions may report.
bool app_module_ran(const App& app);
// Applies the learner's lesson intents (from the UI, or the page's API) through the engine, commits
// the state they lead to, and hands the events they caused to the page.
void app_apply_intents(App* app, const std::vector<LessonIntent>& intents, double now);
void app_request_frames(App* app, int count = 8);
// As app_request_frames, and the next pass is drawn even if it matches what was drawn last: after
// the canvas was resized (which blanks it) or the page became visible again.
void app_request_redraw(App* app);
// The page chose a language: its interface text (lessons/<lang>/interface.json; "" for English)
// and its glyphs (empty for a script DejaVu has). "" when applied, else why not (nothing changes).
// Only the page calls it, with the lesson's code loaded (ATTN_LESSON_ENTRY): the English first view
// does not download the reader of another language's words.
ATTN_LESSON_ENTRY std::string app_set_language(App* app, std::string_view interface_json,
                                               std::vector<unsigned char> glyphs);

}  // namespace attn
