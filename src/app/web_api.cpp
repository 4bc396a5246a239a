// EMSCRIPTEN_KEEPALIVE exports called from web/attention.js. Strings returned to JavaScript live
// in the app's page_reply until the next call: attention.js copies them at once with UTF8ToString.
// Every export works before the first frame and without WebGL.
#include "app/web_api.h"

#include "app/app.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/document/json_writer.h"
#include "core/document/results_json.h"
#include "core/document/results_svg.h"
#include "core/document/url_state.h"
#include "core/document/words_scope.h"
#include "core/lesson/kv_memory_text.h"
#include "core/lesson/lesson_reader.h"
#include "core/lesson/numbers_reader.h"
#include "core/lesson/pytorch_code.h"
#include "core/lesson/track.h"
#include "core/text/utf8.h"
#include "platform/browser.h"
#include "platform/imgui_backend.h"
#include "platform/main_loop.h"
#include "ui/import_panel.h"
#include "ui/touch_routing.h"

namespace attn {
namespace {

// The app the page's C functions answer from (set once by web_api_init): they are free functions
// the page calls by name, so this one pointer is how they reach it.
App* g_app = nullptr;

// Returns text to the page: it lives in the app until the next call, and the page copies it at
// once (UTF8ToString), so one buffer serves every function.
const char* reply(std::string text) {
    g_app->page_reply = std::move(text);
    return g_app->page_reply.c_str();
}

// The result for the current state through the app's incremental cache (a query change costs one
// row, not a full compute). The changed matrices stay in app->unshown, so the next frame still
// uploads their heatmaps.
const AttentionResult& current_result(App* app) {
    app_update_result(app);
    return app->result;
}

// Text from the page crosses with its length, never as a NUL-terminated string: a NUL inside it is
// read (and refused by the parser) like any other byte. attention.js encodes it with TextEncoder
// after refusing lone surrogates and over-size text, so it arrives as valid UTF-8 of bounded size.
std::string_view text_of(const char* data, size_t length) {
    return data ? std::string_view(data, length) : std::string_view();
}

enum PageBits { kEmbed = 1, kDark = 2, kReducedMotion = 4, kTouch = 8, kOpensLessons = 16 };

void set_page_bits(App* app, int bits) {
    PageOptions page;
    page.embed = bits & kEmbed;
    page.theme = (bits & kDark) ? Theme::Dark : Theme::Light;
    page.reduced_motion = bits & kReducedMotion;
    page.touch = bits & kTouch;
    page.opens_lessons = bits & kOpensLessons;
    if (page != app->page) {
        app->page = page;
        app_request_frames(app);
    }
}

// Applies a link and returns {"ok","fell_back","error","warnings"}. The message for the learner
// goes to app.input_error, which the UI shows. The page's own link at start falls back to the
// default example; a later one (a typo in the address bar, a host's link) keeps the view the
// learner has, edits and all.
std::string apply_fragment(App* app, std::string_view fragment, bool at_start) {
    const UrlParseResult r = parse_url_fragment(fragment, app->state);  // at start: the default example
    // A step-only link ("#step=9") opens the step as the lesson sets it up; before the lesson's file
    // is here the step is kept, and set up when it arrives.
    State next = r.state;
    app->pending_step_setup = 0;
    if (link_sets_up_step(r)) {
        if (app->lesson.lesson) {
            next = step_link_state(*app->lesson.lesson, r);
            show_answers_given(app->lesson, &next);  // a course's resume: the step as it was left
        } else
            app->pending_step_setup = r.state.step;
    }
    app_set_state(app, next);  // always valid
    if (!r.ok()) {
        // The link's refusals are said in the learner's language, each of several in turn
        // (sentence() marks the second sentences for the translation test).
        Sentence said = r.refusal.empty() ? as_is(r.error) : r.refusal;
        said.where = said.where.empty() ? "link" : "link: " + said.where;  // "link: module: ..." as before
        said.then = r.fell_back ? (at_start ? sentence("(showing the default example instead)").format
                                            : sentence("(the view is kept as it was)").format)
                                : sentence("(the rest of the link was applied)").format;
        app->input_error = std::move(said);
    }
    for (const std::string& warning : r.warnings) browser_warn("link: " + warning);
    std::string reply;
    JsonWriter w(&reply);
    w.begin_object().key("ok").boolean(r.ok()).key("fell_back").boolean(r.fell_back).key("error");
    r.ok() ? w.null() : w.string(r.error);
    w.key("warnings").strings(r.warnings).end_object();
    return reply;
}

}  // namespace

void web_api_init(App* app) {
    g_app = app;
    set_page_bits(app, browser_page_bits());
    app->visible = browser_visible_now();
    const std::string hash = browser_location_hash();
    if (!hash.empty() && hash != "#") apply_fragment(app, hash, true);
    browser_app_ready();
}

}  // namespace attn

using attn::g_app;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* attn_get_state() {
    return attn::reply(attn::serialize_state(g_app->state));
}

// "" when applied; otherwise the message, and nothing of the document is applied.
EMSCRIPTEN_KEEPALIVE const char* attn_set_state(const char* json, size_t length) {
    const attn::ParseResult parsed = attn::parse_state(attn::text_of(json, length));
    if (!parsed.ok) {
        // A rule the state breaks is said as the core says it (translated); a document that does
        // not read, as the parser names it.
        g_app->input_error = parsed.refusal.empty() ? attn::as_is(parsed.error, "setState") : parsed.refusal;
        attn::app_request_frames(g_app);
        return attn::reply(parsed.error);
    }
    return attn::reply(attn::app_set_state(g_app, parsed.state));
}

// matrices 0: the (n, n) and (n, d) matrices are null (see results_json).
EMSCRIPTEN_KEEPALIVE const char* attn_results(int matrices) {
    const attn::AttentionResult& result = attn::current_result(g_app);  // brings the module's run up to date too
    // module: null without a module, while its code is on its way (stats().code_loading), or when
    // it cannot run on these inputs (the panel says why).
    const attn::ModuleResult& module = g_app->module.result;
    const bool with_module = attn::app_module_ran(*g_app) && module.error.empty();
    return attn::reply(attn::results_json(g_app->state, result, matrices != 0, with_module ? &module : nullptr));
}

// The results as an SVG figure (core/document/results_svg.h), for print: the embed maker puts it
// beside the iframe, shown only when the course page is printed. Its code is deferred: the page
// calls this once it is here ("" before).
EMSCRIPTEN_KEEPALIVE const char* attn_svg() {
    if (!g_app->code.here) return attn::reply("");
    return attn::reply(attn::results_svg(g_app->state, attn::current_result(g_app)));
}

// The PyTorch code as the code panel shows it (pytorch_code_shown: covered as the panels are, its
// comments in the learner's language), for the numbers' text version. Deferred code: the page
// calls this once it is here ("" before).
EMSCRIPTEN_KEEPALIVE const char* attn_pytorch_code() {
    if (!g_app->code.here) return attn::reply("");
    const attn::AttentionResult& result = attn::current_result(g_app);  // syncs the engine: what is covered now
    return attn::reply(
        attn::pytorch_code_shown(g_app->state, result, &g_app->language.words, &g_app->lesson.concealed));
}

// The few fields events and the screen-reader summary need, without serialising the whole state:
// {"version","example","query","step","norm","n","projected","error","tokens","scores","weights",
// "concealed"}, lists cut after 64 entries; error is the message the canvas shows ("" when none).
// scores and weights are the ones the panels show (projected when the projection is on) and null
// while a lesson question covers them on screen; concealed names what is covered and why.
EMSCRIPTEN_KEEPALIVE const char* attn_summary() {
    const attn::State& s = g_app->state;
    const attn::AttentionResult& r = attn::current_result(g_app);
    const bool projected = r.has_projection;
    const attn::Vector& scores = r.shown().scores;
    const attn::Vector& weights = r.shown().weights;
    const size_t shown = std::min<size_t>(s.tokens.size(), 64);
    std::string out;
    attn::JsonWriter w(&out);
    w.begin_object();
    w.key("version").uinteger(g_app->state_version);
    w.key("example").string(s.example);
    w.key("query").integer(s.query);
    w.key("step").integer(s.step);
    w.key("norm").string(attn::norm_name(s.norm));
    w.key("n").uinteger(s.tokens.size());
    w.key("projected").boolean(projected);
    w.key("error").string(english(g_app->input_error));
    w.key("tokens").begin_array();
    for (size_t i = 0; i < shown; ++i) w.string(s.tokens[i]);
    w.end_array();
    // The engine is synced with the state by current_result(), not at the next frame: a reveal
    // reaches the mirror before the next frame is drawn.
    const attn::Concealment& hidden = g_app->lesson.concealed;
    w.key("scores");
    if (hidden.covers_scores())
        w.null();
    else
        w.floats(scores.data(), std::min(shown, scores.size()));
    w.key("weights");
    if (hidden.covers_weights() || hidden.naive_in_use)  // step 6: the hand-written softmax's nan
        w.null();
    else
        w.floats(weights.data(), std::min(shown, weights.size()));
    w.key("concealed").begin_object();
    w.key("query_token").boolean(hidden.query_token);
    w.key("score_count").boolean(hidden.score_count);
    w.key("scores").boolean(hidden.scores);
    w.key("weights").boolean(hidden.weights);
    w.key("naive_weights").boolean(hidden.naive_weights);
    w.key("naive_in_use").boolean(hidden.naive_in_use);
    w.key("context").boolean(hidden.context);
    w.key("matrices").boolean(hidden.matrices);
    w.key("softmax_dim").boolean(hidden.softmax_dim);
    w.key("scaling").boolean(hidden.scaling);
    w.key("masking").boolean(hidden.masking);
    w.key("module_layout").boolean(hidden.module_layout);
    w.key("module_leak").boolean(hidden.module_leak);
    w.key("module_dropout").boolean(hidden.module_dropout);
    w.key("module_heads").boolean(hidden.module_heads);
    w.key("reason").string(hidden.reason);
    w.end_object();
    w.end_object();
    return attn::reply(std::move(out));
}

// The panels' numbers and settings as the page's text version reads them
// (core/lesson/numbers_reader.h): covered where the panels are covered.
EMSCRIPTEN_KEEPALIVE const char* attn_numbers_view() {
    const attn::AttentionResult& result = attn::current_result(g_app);  // syncs the engine and the module's run
    // The classes on, their code not here: their table says so (on its way, or why not), as the panel does.
    attn::ModuleResult waiting;
    const attn::ModuleResult* module = attn::app_module_ran(*g_app) ? &g_app->module.result : nullptr;
    if (!module && g_app->state.module.enabled) {
        waiting.settings = g_app->state.module.settings;
        waiting.error =
            g_app->code.error.empty()
                ? attn::sentence("the book's classes are on their way")
                : attn::sentence("could not be fetched: %s; change a setting to try again", {g_app->code.error});
        module = &waiting;
    }
    return attn::reply(attn::numbers_reader_json(g_app->state, result, g_app->lesson.concealed, module,
                                                 &g_app->language.words, &g_app->input_error));
}

// The KV-memory calculator for the text version (core/lesson/kv_memory_text.h): a model by its
// number, the kv heads and context typed; a refused one is named in "error" and not used. Its code
// is deferred: before it is here (or when it could not be fetched), {"error"} says so; the text
// version draws again when the classes' numbers arrive with it.
EMSCRIPTEN_KEEPALIVE const char* attn_kv_memory(int preset, double kv_heads, double context) {
    const attn::WordsScope in_language(&g_app->language.words);
    if (!g_app->code.here) {
        std::string out;
        attn::JsonWriter w(&out);
        w.begin_object().key("error");
        w.string(g_app->code.error.empty()
                     ? attn::words("the calculator's code is on its way")
                     : attn::words_f("the calculator's code could not be fetched: %s", g_app->code.error.c_str()));
        w.end_object();
        return attn::reply(std::move(out));
    }
    return attn::reply(attn::kv_memory_json(preset, kv_heads, context));
}

// Where the learner is in the lesson and what the engine holds: {"mode","step","question",
// "questions" (the step's), "answer","revealed","first_step","last_step","progress":{score,
// answered,questions,complete,passed},"record" (the record encoded as lesson-progress carries it),
// "lesson" (its id), "title", "lang" (its words'), "load_error", "pass_mark", "course_error", "record_error", "watch"}.
EMSCRIPTEN_KEEPALIVE const char* attn_lesson_status() {
    attn::current_result(g_app);  // syncs the engine with the state
    attn::LessonEngine& lesson = g_app->lesson;
    const attn::State& s = g_app->state;
    const attn::LessonProgress p = attn::lesson_progress(&lesson);
    std::string out;
    attn::JsonWriter w(&out);
    w.begin_object();
    w.key("mode").string(attn::lesson_mode_name(s.lesson.mode)).key("step").integer(s.step);
    w.key("question").integer(s.lesson.question).key("questions").integer(int64_t(lesson.questions.size()));
    w.key("answer").integer(s.lesson.answer).key("revealed").boolean(s.lesson.revealed);
    const attn::StepRange range = attn::range_of(lesson);
    w.key("first_step").integer(range.first).key("last_step").integer(range.last);
    w.key("progress").begin_object();
    w.key("score").integer(p.right).key("answered").integer(p.answered).key("questions").integer(p.questions);
    w.key("complete").boolean(p.complete).key("passed").boolean(p.passed);
    w.end_object();
    w.key("record").string(attn::encode_record(lesson.record));
    // The lesson loaded ("" while none is), and why the last file offered was refused ("" when none).
    w.key("lesson").string(lesson.lesson ? lesson.lesson->id : "");
    // Its title and the language of its words (a teacher's English lesson under a Chinese interface).
    w.key("title").string(lesson.lesson ? lesson.lesson->title : "");
    w.key("lang").string(lesson.lesson ? lesson.lesson->lang : "");
    w.key("steps").integer(lesson.lesson ? lesson.lesson->step_count() : 0);  // the lesson's, 0 while none is
    std::vector<std::string> titles;  // the steps' titles, for the embed maker's list
    if (lesson.lesson)
        for (const attn::StepSpec& step : lesson.lesson->steps) titles.push_back(step.title);
    w.key("titles").strings(titles);
    w.key("load_error").string(lesson.load_error);
    // The course's pass mark (null: none), and why a course setting or a saved record was refused.
    w.key("pass_mark");
    if (lesson.pass_mark >= 0)
        w.number(lesson.pass_mark);
    else
        w.null();
    w.key("course_error")
        .string(lesson.range_error + (lesson.range_error.empty() || lesson.pass_error.empty() ? "" : "; ") +
                lesson.pass_error);
    w.key("record_error").string(lesson.record_error);
    // The panels the current step watches (its file's "watch"), for the embed maker to tick.
    w.key("watch").begin_array();
    const attn::StepSpec* step = lesson.lesson ? lesson.lesson->step(s.step) : nullptr;
    if (step && s.lesson.mode == attn::LessonMode::Track)
        for (const std::string& panel : step->watch) w.string(panel);
    w.end_array();
    w.end_object();
    return attn::reply(std::move(out));
}

// The lesson band as text for the page's HTML copy of it (core/lesson/lesson_reader.h). Before the
// lesson's files are here: {"loaded": false, "mode", "in_lesson", "waiting", "load_error"}.
EMSCRIPTEN_KEEPALIVE const char* attn_lesson_view() {
    attn::current_result(g_app);  // syncs the engine with the state
    const attn::LessonEngine& lesson = g_app->lesson;
    const attn::State& s = g_app->state;
    if (lesson.lesson) {
        const attn::WordsScope in_language(&g_app->language.words);  // its chrome in the interface's words
        return attn::reply(attn::lesson_reader_json(lesson, s, g_app->result));
    }
    std::string out;
    attn::JsonWriter w(&out);
    w.begin_object().key("loaded").boolean(false).key("mode").string(attn::lesson_mode_name(s.lesson.mode));
    w.key("in_lesson").boolean(attn::in_lesson(s));
    w.key("waiting").boolean(!lesson.pending.empty()).key("load_error").string(lesson.load_error);
    w.key("file").string(lesson.file_name);  // a lesson= page's file, named before it is fetched
    w.end_object();
    return attn::reply(std::move(out));
}

// One intent from the page's copy of the lesson, by name (parse_lesson_action), with its value
// and text (what the learner typed for "check"): the same path as the band's buttons. "" when
// sent, else why not.
EMSCRIPTEN_KEEPALIVE const char* attn_lesson_intent(const char* name, size_t length, const char* text,
                                                    size_t text_length, int value) {
    attn::LessonIntent intent;
    const std::string_view action = attn::text_of(name, length);
    if (!attn::parse_lesson_action(action, &intent.action))
        return attn::reply("no lesson action is called " + attn::json_quote_short(action));
    intent.value = value;
    intent.text = std::string(attn::text_of(text, text_length));
    attn::current_result(g_app);  // the engine synced with the state the learner sees
    const std::string problem = attn::lesson_intent_problem(g_app->lesson, g_app->state, intent);
    if (!problem.empty()) return attn::reply(std::string(action) + ": " + problem);
    attn::app_apply_intents(g_app, {intent}, attn::now_ms());
    attn::app_request_redraw(g_app);
    return attn::reply("");
}

EMSCRIPTEN_KEEPALIVE const char* attn_stats() {
    const attn::FrameStats& s = g_app->stats;
    std::string out;
    attn::JsonWriter w(&out);
    w.begin_object();
    w.key("frames").uinteger(s.frames);
    w.key("passes").uinteger(s.passes);
    w.key("last_frame_ms").number(s.last_frame_ms);
    w.key("last_frame_cost_ms").number(s.last_frame_cost_ms);
    w.key("recomputes").uinteger(s.recomputes);
    w.key("last_recompute_ms").number(s.last_recompute_ms);
    w.key("startup").begin_object();
    w.key("init_started_ms").number(s.init_started_ms);
    w.key("window_ms").number(s.window_ms);
    w.key("fonts_ms").number(s.fonts_ms);
    w.key("renderer_ms").number(s.renderer_ms);
    w.key("first_frame_cost_ms").number(s.first_frame_cost_ms);
    w.end_object();
    const attn::AtlasStats atlas = attn::imgui_backend_atlas_stats();
    w.key("atlas").begin_object();
    w.key("build_ms").number(atlas.build_ms);
    w.key("width").integer(atlas.width);
    w.key("height").integer(atlas.height);
    w.key("glyphs").integer(atlas.glyphs);
    // Characters of the learner's words drawn by the browser's fonts, and those still shown as "�".
    w.key("drawn_glyphs").integer(g_app->stats.glyphs.drawn);
    w.key("lacking_glyphs").integer(g_app->stats.glyphs.lacking);
    w.end_object();
    w.key("visible").boolean(g_app->visible);
    // The lesson's file was asked for and has neither arrived nor failed: the page is not settled.
    w.key("lesson_loading")
        .boolean(g_app->lesson_requested && !g_app->lesson.lesson && g_app->lesson.load_error.empty());
    // Code a panel asked for is on its way: the page is not settled either.
    w.key("code_loading").boolean(g_app->code.requested && !g_app->code.here);
    w.key("code_error").string(g_app->code.error);  // why the last fetch of it failed ("" if none)
    w.key("pending_frames").integer(g_app->frames_to_render);
    w.key("state_version").uinteger(g_app->state_version);
    // Whether ImGui saw a pointer over the canvas in the last frame (no: a lifted finger, or none yet).
    const bool imgui = ImGui::GetCurrentContext() != nullptr;  // none without WebGL
    w.key("pointer").boolean(imgui && ImGui::GetIO().MousePos.x > -1e30f);
    // Whether a field of the demo is taking typed text (its edit began and has not ended).
    w.key("text_input").boolean(imgui && ImGui::GetIO().WantTextInput);
    w.end_object();
    return attn::reply(std::move(out));
}

// The link for the current state, without '#': the short form for an unedited example; "" when
// it would be longer than max_bytes (the page then says the view is too large for a link).
EMSCRIPTEN_KEEPALIVE const char* attn_fragment(double max_bytes) {
    return attn::reply(attn::url_fragment_for_state(g_app->state, size_t(std::max(0.0, max_bytes))));
}

// Applies a fragment the learner typed into the address bar (hashchange) or a host sent.
EMSCRIPTEN_KEEPALIVE const char* attn_apply_fragment(const char* fragment, size_t length) {
    return attn::reply(attn::apply_fragment(g_app, attn::text_of(fragment, length), false));
}

// Text the learner pasted (the browser's paste event on the canvas): while ImGui edits a text
// field it is pasted there at the cursor, in one insertion; with no field active, the Import /
// Export box opens with it.
EMSCRIPTEN_KEEPALIVE void attn_paste(const char* utf8, size_t length) {
    const std::string text(attn::text_of(utf8, length));
    if (ImGui::GetCurrentContext() && ImGui::GetIO().WantTextInput) {
        // After the keys still queued before it (a phone keyboard's Backspaces), in their order.
        if (!attn::browser_queue_paste(&g_app->typing, text)) attn::imgui_backend_paste(text);
    } else
        attn::ui::import_panel_paste(&g_app->ui, text);
    attn::app_request_frames(g_app);
}

// The lesson's files, fetched by the page when the learner first enters the lesson: the catalog of
// the language (lessons/<lang>/texts.json) and the lesson (lessons/<lang>/chapter-3.json, or a
// teacher's file). "" when loaded, else why not (shown in the lesson band; nothing is applied).
EMSCRIPTEN_KEEPALIVE const char* attn_load_lesson(const char* texts, size_t texts_length, const char* lesson,
                                                  size_t lesson_length, const char* name, size_t name_length) {
    return attn::reply(attn::app_load_lesson(g_app, attn::text_of(texts, texts_length),
                                             attn::text_of(lesson, lesson_length), attn::text_of(name, name_length)));
}

// The learner's language, as the page fetched it: the interface text (lessons/<lang>/interface.json,
// or nothing for English) and the glyphs of its script (fonts/<lang>.otf, or nothing). "" when
// applied, else why not: the language stays as it was.
EMSCRIPTEN_KEEPALIVE const char* attn_set_language(const char* words, size_t words_length, const unsigned char* glyphs,
                                                   size_t glyphs_length) {
    std::vector<unsigned char> font(glyphs, glyphs + glyphs_length);
    return attn::reply(attn::app_set_language(g_app, attn::text_of(words, words_length), std::move(font)));
}

// A record saved earlier (SCORM's cmi.suspend_data, the page's storage) back into the engine: ""
// when applied (or kept until the lesson's file arrives), else why not, and nothing changes.
EMSCRIPTEN_KEEPALIVE const char* attn_lesson_restore(const char* record, size_t length) {
    std::string error = attn::lesson_restore(&g_app->lesson, std::string(attn::text_of(record, length)));
    if (error.empty()) attn::app_request_redraw(g_app);
    return attn::reply(std::move(error));
}

// A course's settings (docs/grading.md): the steps it keeps the learner in ("11-14", "" for all),
// and its pass mark ("0.8", "80%", "" for none). "" when applied, else why not: the setting keeps
// its last value and the lesson's header shows the message until a good one is set.
EMSCRIPTEN_KEEPALIVE const char* attn_lesson_set_range(const char* steps, size_t length) {
    attn::LessonEngine& lesson = g_app->lesson;
    lesson.range_error = attn::lesson_set_range(&lesson, std::string(attn::text_of(steps, length)));
    lesson.synced_version = 0;
    attn::app_request_redraw(g_app);
    return attn::reply(lesson.range_error);
}

// A course grades this lesson (SCORM, xAPI, pass=, steps=): an open question keeps the learner in
// the track until it is revealed (lesson_held_by_question).
EMSCRIPTEN_KEEPALIVE void attn_lesson_set_graded(int graded) {
    g_app->lesson.graded = graded != 0;
    attn::app_request_redraw(g_app);
}

EMSCRIPTEN_KEEPALIVE const char* attn_lesson_set_pass(const char* pass, size_t length) {
    attn::LessonEngine& lesson = g_app->lesson;
    lesson.pass_error = attn::lesson_set_pass_mark(&lesson, std::string(attn::text_of(pass, length)));
    attn::app_request_redraw(g_app);
    return attn::reply(lesson.pass_error);
}

// The page's lesson= file by name ("my-sentence.json"), before it is fetched: the band names it
// beside Start, since its title is in the file.
EMSCRIPTEN_KEEPALIVE void attn_lesson_file(const char* name, size_t length) {
    g_app->lesson.file_name = attn::truncate_utf8(attn::escape_controls(attn::text_of(name, length)), 120);
    attn::app_request_redraw(g_app);
}

// The page could not fetch the lesson's files (offline, a wrong address): the band says so.
EMSCRIPTEN_KEEPALIVE void attn_lesson_unavailable(const char* message, size_t length) {
    attn::lesson_refused(&g_app->lesson, std::string(attn::text_of(message, length)));
    attn::app_update_result(g_app);  // what waited for the file is uncovered now, not at the next edit
    attn::app_request_redraw(g_app);
}

// The deferred code is instantiated (attention.js, when a lesson or a panel first needed it): the
// panels waiting for it draw with it from the next frame.
EMSCRIPTEN_KEEPALIVE void attn_code_loaded() {
    attn::app_code_arrived(g_app);
}

// The deferred code could not be fetched: the panels waiting for it say why; asking again retries.
EMSCRIPTEN_KEEPALIVE void attn_code_unavailable(const char* message, size_t length) {
    g_app->code.requested = false;
    g_app->code.error = std::string(attn::text_of(message, length));
    // What the classes' panel and the numbers' text version show changed (why the classes do not
    // run): news for whoever follows the page, as the code's arrival is.
    attn::browser_state_changed();
    attn::app_request_frames(g_app);
}

// A refusal the page made before the text reached the demo (a paste over the limit): shown where
// the demo shows a refused input, so nothing the learner did is dropped without a word.
EMSCRIPTEN_KEEPALIVE void attn_page_refused(const char* message, size_t length) {
    g_app->input_error = attn::as_is(std::string(attn::text_of(message, length)));
    attn::app_request_frames(g_app);
}

// Text from the page's proxy field (a phone's on-screen keyboard), and keys: 1 Backspace,
// 2 Enter, 3 Escape, 4 Left, 5 Right. They reach ImGui in order, one step per frame.
EMSCRIPTEN_KEEPALIVE void attn_text_input(const char* utf8, size_t length) {
    if (attn::browser_queue_text(&g_app->typing, attn::text_of(utf8, length))) attn::app_request_frames(g_app, 2);
}

EMSCRIPTEN_KEEPALIVE void attn_text_key(int key) {
    if (attn::browser_queue_key(&g_app->typing, key)) attn::app_request_frames(g_app, 2);
}

// A finger was lifted (1) a moment ago, or a pointer went down or a mouse moved (0).
EMSCRIPTEN_KEEPALIVE void attn_pointer_lifted(int lifted) {
    attn::imgui_backend_pointer_lifted(lifted != 0);
    attn::app_request_frames(g_app, 2);
}

// A finger went down at (x, y) CSS px on the canvas: 1 if the demo takes it, 0 if it may scroll
// the page (around an embedded demo; own_page: the demo's own column), 2 if the first move
// decides (ui/touch_routing.h).
EMSCRIPTEN_KEEPALIVE int attn_touch_belongs(double x, double y, int own_page) {
    return int(attn::ui::touch_claim(g_app->ui, ImVec2(float(x), float(y)), own_page != 0));
}

// A finger that went down at (x, y) first moved by (dx, dy): 1 if a region under it still
// scrolls that way (the demo takes the touch), 0 at its ends (the page scrolls). own_page: as
// attn_touch_scroll_by's flag 2.
EMSCRIPTEN_KEEPALIVE int attn_touch_scrolls(double x, double y, double dx, double dy, int own_page) {
    const ImVec2 point{float(x), float(y)}, delta{float(dx), float(dy)};
    return attn::ui::touch_scrolls_demo(point, delta, own_page != 0) ? 1 : 0;
}

// Each later move of such a swipe, by (dx, dy) since the last one: the region under (x, y), where
// the swipe started, scrolls along. flags: 1 sideways, 2 the demo is the page (not embedded): its
// own column scrolls where a course page would (ui/touch_routing.h).
EMSCRIPTEN_KEEPALIVE void attn_touch_scroll_by(double x, double y, double dx, double dy, int flags) {
    attn::ui::touch_scroll_by(ImVec2(float(x), float(y)), ImVec2(float(dx), float(dy)), (flags & 1) != 0,
                              (flags & 2) != 0);
    attn::app_request_frames(g_app, 2);
}

// bits: 1 embed, 2 dark theme, 4 reduced motion, 8 touch (see attention.js pageBits()).
EMSCRIPTEN_KEEPALIVE void attn_set_page_options(int bits) {
    attn::set_page_bits(g_app, bits);
}

// Input on the canvas, a window resize, a host's nudge: build the UI again (it is drawn only if
// that changes the picture).
EMSCRIPTEN_KEEPALIVE void attn_wake() {
    attn::app_request_frames(g_app);
}

EMSCRIPTEN_KEEPALIVE void attn_set_visible(int visible) {
    g_app->visible = visible != 0;
    if (g_app->visible) attn::app_request_redraw(g_app);
}

// The canvas's CSS size changed (ResizeObserver). SDL2 only follows window resizes, so a canvas
// resized by its page's layout is passed on here; SDL then sizes the drawing buffer at
// devicePixelRatio.
// density_changed: devicePixelRatio changed at the same CSS size (a zoom, another screen), so the
// drawing buffer is sized again even though the window keeps its size.
EMSCRIPTEN_KEEPALIVE void attn_canvas_resized(double css_width, double css_height, int density_changed) {
    attn::window_set_size(&g_app->window, int(std::lround(css_width)), int(std::lround(css_height)),
                          density_changed != 0);
    attn::app_request_redraw(g_app);  // a resized canvas starts blank
}

// Screen rectangles of named UI items in CSS pixels, for tests that click real widgets.
EMSCRIPTEN_KEEPALIVE const char* attn_layout() {
    std::string out;
    attn::JsonWriter w(&out);
    w.begin_array();
    for (const auto& item : g_app->ui.layout) {
        w.begin_object().key("name").string(item.name);
        w.key("x").number(item.rect.x).key("y").number(item.rect.y);
        w.key("w").number(item.rect.z).key("h").number(item.rect.w);
        if (!item.text.empty()) w.key("text").string(item.text);
        w.end_object();
    }
    w.end_array();
    return attn::reply(std::move(out));
}

}  // extern "C"

#else  // native: no page to talk to, and the lesson is compiled in

#include "builtin/builtin_lesson.h"

namespace attn {
void web_api_init(App* app) {
    lesson_set(&app->lesson, &builtin_chapter_lesson());
    app_lesson_arrived(app);
}
}  // namespace attn

#endif
