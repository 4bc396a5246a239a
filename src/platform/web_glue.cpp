// EMSCRIPTEN_KEEPALIVE exports called from web/attention.js, and EM_JS hooks calling back into it.
// Strings returned to JavaScript live in static buffers until the next call: attention.js copies
// them at once with UTF8ToString.
#include "platform/web_glue.h"

#include "app.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <cstdio>
#include <string>

#include "core/json.h"
#include "core/results_json.h"

namespace attn {
namespace {

App* g_app = nullptr;

const char* keep(std::string* buffer, std::string text) {
    *buffer = std::move(text);
    return buffer->c_str();
}

void ensure_computed(App* app) {
    if (app->computed_version != app->state_version) {
        app->result = compute_attention(app->state);
        app->computed_version = app->state_version;
    }
}

}  // namespace

EM_JS(void, attn_js_first_frame, (), {
    if (Module.onFirstFrame) Module.onFirstFrame();
});

EM_JS(void, attn_js_state_changed, (), {
    if (Module.onStateChanged) Module.onStateChanged();
});

EM_JS(void, attn_js_no_graphics, (const char* reason), {
    if (Module.onNoGraphics) Module.onNoGraphics(UTF8ToString(reason));
});

void web_glue_init(App* app) { g_app = app; }

void web_notify_no_graphics(App*, const std::string& reason) {
    attn_js_no_graphics(("This browser could not start WebGL2, which the interactive view needs (" + reason +
                         "). Try another browser or enable hardware acceleration.").c_str());
}

void web_notify_first_frame(App*) { attn_js_first_frame(); }

void web_notify_state_changed(App*) { attn_js_state_changed(); }

}  // namespace attn

using attn::g_app;

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* attn_get_state() {
    static std::string buffer;
    return attn::keep(&buffer, attn::serialize_state(g_app->state));
}

// "" when applied; otherwise the message, and nothing of the document is applied.
EMSCRIPTEN_KEEPALIVE const char* attn_set_state(const char* json) {
    static std::string buffer;
    const attn::ParseResult parsed = attn::parse_state(json ? json : "");
    if (!parsed.ok) {
        g_app->input_error = "setState: " + parsed.error;
        attn::app_request_frames(g_app);
        return attn::keep(&buffer, parsed.error);
    }
    return attn::keep(&buffer, attn::app_set_state(g_app, parsed.state));
}

EMSCRIPTEN_KEEPALIVE const char* attn_results() {
    static std::string buffer;
    attn::ensure_computed(g_app);
    return attn::keep(&buffer, attn::results_json(g_app->state, g_app->result));
}

EMSCRIPTEN_KEEPALIVE const char* attn_stats() {
    static std::string buffer;
    const attn::FrameStats& s = g_app->stats;
    char text[256];
    std::snprintf(text, sizeof text,
                  "{\"frames\":%llu,\"last_frame_ms\":%.3f,\"last_frame_cost_ms\":%.3f,\"recomputes\":%llu,"
                  "\"visible\":%s,\"pending_frames\":%d}",
                  (unsigned long long)s.frames, s.last_frame_ms, s.last_frame_cost_ms,
                  (unsigned long long)s.recomputes, g_app->visible ? "true" : "false",
                  g_app->frames_to_render);
    return attn::keep(&buffer, text);
}

EMSCRIPTEN_KEEPALIVE void attn_wake() { attn::app_request_frames(g_app); }

EMSCRIPTEN_KEEPALIVE void attn_set_visible(int visible) {
    g_app->visible = visible != 0;
    if (g_app->visible) attn::app_request_frames(g_app);
}

// Screen rectangles of named UI items in CSS pixels, for tests that click real widgets.
EMSCRIPTEN_KEEPALIVE const char* attn_layout() {
    static std::string buffer;
    attn::JsonValue items = attn::JsonValue::array();
    for (const auto& item : g_app->ui.layout) {
        attn::JsonValue entry = attn::JsonValue::object();
        entry.add("name", attn::JsonValue::from_string(item.name));
        entry.add("x", attn::JsonValue::from_float(item.rect.x));
        entry.add("y", attn::JsonValue::from_float(item.rect.y));
        entry.add("w", attn::JsonValue::from_float(item.rect.z));
        entry.add("h", attn::JsonValue::from_float(item.rect.w));
        items.push_back(std::move(entry));
    }
    return attn::keep(&buffer, attn::write_json(items));
}

}  // extern "C"

#else  // native: no page to talk to

namespace attn {
void web_glue_init(App*) {}
void web_notify_first_frame(App*) {}
void web_notify_no_graphics(App*, const std::string&) {}
void web_notify_state_changed(App*) {}
}  // namespace attn

#endif
