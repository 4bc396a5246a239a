// EMSCRIPTEN_KEEPALIVE exports called from web/attention.js, and EM_JS hooks calling back into it.
// Strings returned to JavaScript live in static buffers until the next call: attention.js copies
// them at once with UTF8ToString. Every export works before the first frame and without WebGL.
#include "platform/web_glue.h"

#include "app.h"

#ifdef __EMSCRIPTEN__
#include <SDL.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>  // where the active text field's cursor is (g.PlatformImePos)

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <string>

#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/document/results_json.h"
#include "core/document/url_state.h"

namespace attn {
namespace {

App* g_app = nullptr;
State g_default_state;           // what a bad link falls back to

const char* keep(std::string* buffer, std::string text) {
    *buffer = std::move(text);
    return buffer->c_str();
}

// The result for the current state through the app's incremental cache (a query change costs one
// row, not a full compute). The changed matrices stay in app->unshown, so the next frame still
// uploads their heatmaps.
const AttentionResult& current_result(App* app) {
    app_update_result(app);
    return app->result;
}

// Input from the page's text proxy (the phone keyboard), waiting to reach ImGui. ImGui 1.86 sees
// a key only as "down this frame", so a key goes down in one frame and up in the next; text
// goes in one SDL_TEXTINPUT per 31 bytes.
struct TypedInput {
    std::string text;           // UTF-8, or empty for a key
    SDL_Scancode key = SDL_SCANCODE_UNKNOWN;
};
std::deque<TypedInput> g_typed;
SDL_Scancode g_key_down = SDL_SCANCODE_UNKNOWN;  // released at the next frame
constexpr size_t kMaxTypedQueue = 4096;

struct TextFieldReport {
    bool active = false;
    float x = 0, y = 0, line = 0;
    bool numeric = false;
    bool operator!=(const TextFieldReport& o) const {
        return active != o.active || x != o.x || y != o.y || line != o.line || numeric != o.numeric;
    }
};
TextFieldReport g_reported;

void push_key(SDL_Scancode code, bool down) {
    SDL_Event e{};
    e.type = down ? SDL_KEYDOWN : SDL_KEYUP;
    e.key.state = down ? SDL_PRESSED : SDL_RELEASED;
    e.key.keysym.scancode = code;
    e.key.keysym.sym = SDL_GetKeyFromScancode(code);
    SDL_PushEvent(&e);
}

void push_text(const std::string& text) {
    size_t start = 0;
    while (start < text.size()) {
        size_t end = std::min(text.size(), start + sizeof(SDL_TextInputEvent::text) - 1);
        while (end > start && end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
        SDL_Event e{};
        e.type = SDL_TEXTINPUT;
        text.copy(e.text.text, end - start, start);
        SDL_PushEvent(&e);
        start = end;
    }
}

enum PageBits { kEmbed = 1, kDark = 2, kReducedMotion = 4, kTouch = 8 };

void set_page_bits(App* app, int bits) {
    PageOptions page;
    page.embed = bits & kEmbed;
    page.theme = (bits & kDark) ? Theme::Dark : Theme::Light;
    page.reduced_motion = bits & kReducedMotion;
    page.touch = bits & kTouch;
    if (page != app->page) {
        app->page = page;
        app_request_frames(app);
    }
}

}  // namespace

EM_JS(void, attn_js_first_frame, (), {
    if (Module["onFirstFrame"]) Module["onFirstFrame"]();
});

EM_JS(void, attn_js_state_changed, (), {
    if (Module["onStateChanged"]) Module["onStateChanged"]();
});

EM_JS(void, attn_js_no_graphics, (const char* reason), {
    if (Module["onNoGraphics"]) Module["onNoGraphics"](UTF8ToString(reason));
});

EM_JS(void, attn_js_event, (const char* kind, const char* detail), {
    if (Module["onEvent"]) Module["onEvent"](UTF8ToString(kind), JSON.parse(UTF8ToString(detail)));
});

EM_JS(void, attn_js_warn, (const char* text), {
    console.warn(UTF8ToString(text));
});

// The fragment as the page's URL has it ("#example=..."), read before the first frame.
EM_JS(char*, attn_js_location_hash, (), {
    var hash = "";
    try { hash = String(location.hash || ""); } catch (e) {}
    var size = lengthBytesUTF8(hash) + 1;
    var ptr = _malloc(size);
    if (ptr) stringToUTF8(hash, ptr, size);
    return ptr;
});

// attention.js works the page options out before the wasm starts (Module.pageBits) and keeps
// Module.visibleNow (tab shown and canvas on screen) current. Every Module property the page sets
// is read quoted, Module["name"], so the Closure Compiler in the web build keeps the name.
EM_JS(int, attn_js_page_bits, (), {
    return Module["pageBits"] | 0;
});

EM_JS(int, attn_js_visible_now, (), {
    return Module["visibleNow"] === false ? 0 : 1;
});

EM_JS(void, attn_js_app_ready, (), {
    if (Module["onAppReady"]) Module["onAppReady"]();
});

EM_JS(void, attn_js_text_field, (int active, float x, float y, float line, int numeric), {
    if (Module["onTextField"]) Module["onTextField"](!!active, x, y, line, !!numeric);
});

// Applies a link and returns {"ok","fell_back","error","warnings"}. The message for the learner
// goes to app.input_error, which the UI shows.
std::string apply_fragment(App* app, const std::string& fragment) {
    const UrlParseResult r = parse_url_fragment(fragment, g_default_state);
    app_set_state(app, r.state);  // always valid
    if (r.fell_back)
        app->input_error = "link: " + r.error + " (showing the default example instead)";
    else if (!r.ok())
        app->input_error = "link: " + r.error + " (the rest of the link was applied)";
    for (const std::string& warning : r.warnings) attn_js_warn(("link: " + warning).c_str());
    JsonValue reply = JsonValue::object();
    reply.add("ok", JsonValue::from_bool(r.ok()));
    reply.add("fell_back", JsonValue::from_bool(r.fell_back));
    reply.add("error", r.ok() ? JsonValue() : JsonValue::from_string(r.error));
    JsonValue warnings = JsonValue::array();
    for (const std::string& warning : r.warnings) warnings.push_back(JsonValue::from_string(warning));
    reply.add("warnings", std::move(warnings));
    return write_json(reply);
}

void web_glue_init(App* app) {
    g_app = app;
    g_default_state = app->state;
    set_page_bits(app, attn_js_page_bits());
    app->visible = attn_js_visible_now() != 0;
    char* hash = attn_js_location_hash();
    if (hash) {
        if (hash[0] != '\0' && std::string(hash) != "#") apply_fragment(app, hash);
        std::free(hash);
    }
    attn_js_app_ready();
}

void web_notify_no_graphics(App*, const std::string& reason) {
    attn_js_no_graphics(("This browser could not start WebGL2, which the interactive view needs (" + reason +
                         "). Try another browser or enable hardware acceleration.").c_str());
}

void web_notify_first_frame(App*) { attn_js_first_frame(); }

void web_notify_state_changed(App*) { attn_js_state_changed(); }

void web_after_frame(App* app) {
    if (g_key_down != SDL_SCANCODE_UNKNOWN) {
        push_key(g_key_down, false);
        g_key_down = SDL_SCANCODE_UNKNOWN;
    } else if (!g_typed.empty()) {
        TypedInput next = std::move(g_typed.front());
        g_typed.pop_front();
        if (next.text.empty()) {
            push_key(next.key, true);
            g_key_down = next.key;
        } else {
            push_text(next.text);
        }
    }
    if (g_key_down != SDL_SCANCODE_UNKNOWN || !g_typed.empty()) app_request_frames(app, 2);

    const ImGuiContext& g = *ImGui::GetCurrentContext();
    TextFieldReport now;
    now.active = ImGui::GetIO().WantTextInput && g.InputTextState.ID != 0 && g.ActiveId == g.InputTextState.ID;
    if (now.active) {
        now.x = g.PlatformImePos.x;
        now.y = g.PlatformImePos.y;
        now.line = g.FontSize;
        // ImGui clears the field's flags after each call, so the text decides: a number gets the
        // phone's number keyboard (a label that is all digits does too: rare, and still typeable).
        const ImGuiInputTextState& field = g.InputTextState;
        bool digit = false, numeric = field.CurLenA > 0;
        for (int i = 0; i < field.CurLenA && i < field.TextA.Size; ++i) {
            const char c = field.TextA[i];
            digit = digit || (c >= '0' && c <= '9');
            numeric = numeric && ((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E');
        }
        now.numeric = numeric && digit;
    }
    if (now != g_reported) {
        g_reported = now;
        attn_js_text_field(now.active, now.x, now.y, now.line, now.numeric);
    }
}

void web_emit_event(App*, const char* kind, const std::string& detail_json) {
    attn_js_event(kind, detail_json.empty() ? "null" : detail_json.c_str());
}

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
    return attn::keep(&buffer, attn::results_json(g_app->state, attn::current_result(g_app)));
}

// The few fields events and the screen-reader summary need, without serialising the whole state:
// {"version","example","query","step","norm","n","projected","error","tokens","scores","weights"},
// lists cut after 64 entries; error is the message the canvas shows ("" when none).
EMSCRIPTEN_KEEPALIVE const char* attn_summary() {
    static std::string buffer;
    const attn::State& s = g_app->state;
    const attn::AttentionResult& r = attn::current_result(g_app);
    const bool projected = r.has_projection;
    const attn::Vector& scores = projected ? r.projection.scores : r.scores;
    const attn::Vector& weights = projected ? r.projection.weights : r.weights;
    const size_t shown = std::min<size_t>(s.tokens.size(), 64);
    attn::JsonValue out = attn::JsonValue::object();
    out.add("version", attn::JsonValue::from_uint(g_app->state_version));
    out.add("example", attn::JsonValue::from_string(s.example));
    out.add("query", attn::JsonValue::from_int(s.query));
    out.add("step", attn::JsonValue::from_int(s.step));
    out.add("norm", attn::JsonValue::from_string(attn::norm_name(s.norm)));
    out.add("n", attn::JsonValue::from_uint(s.tokens.size()));
    out.add("projected", attn::JsonValue::from_bool(projected));
    out.add("error", attn::JsonValue::from_string(g_app->input_error));
    attn::JsonValue tokens = attn::JsonValue::array(), sc = attn::JsonValue::array(), w = attn::JsonValue::array();
    for (size_t i = 0; i < shown; ++i) {
        tokens.push_back(attn::JsonValue::from_string(s.tokens[i]));
        sc.push_back(attn::JsonValue::from_float_or_string(i < scores.size() ? scores[i] : NAN));
        w.push_back(attn::JsonValue::from_float_or_string(i < weights.size() ? weights[i] : NAN));
    }
    out.add("tokens", std::move(tokens));
    out.add("scores", std::move(sc));
    out.add("weights", std::move(w));
    return attn::keep(&buffer, attn::write_json(out));
}

EMSCRIPTEN_KEEPALIVE const char* attn_stats() {
    static std::string buffer;
    const attn::FrameStats& s = g_app->stats;
    char text[320];
    std::snprintf(text, sizeof text,
                  "{\"frames\":%llu,\"last_frame_ms\":%.3f,\"last_frame_cost_ms\":%.3f,\"recomputes\":%llu,"
                  "\"last_recompute_ms\":%.3f,\"visible\":%s,\"pending_frames\":%d,\"state_version\":%llu}",
                  (unsigned long long)s.frames, s.last_frame_ms, s.last_frame_cost_ms,
                  (unsigned long long)s.recomputes, s.last_recompute_ms, g_app->visible ? "true" : "false", g_app->frames_to_render,
                  (unsigned long long)g_app->state_version);
    return attn::keep(&buffer, text);
}

// The link for the current state, without '#': the short form for an unedited example.
EMSCRIPTEN_KEEPALIVE const char* attn_fragment() {
    static std::string buffer;
    return attn::keep(&buffer, attn::url_fragment_for_state(g_app->state));
}

// Applies a fragment the learner typed into the address bar (hashchange) or a host sent.
EMSCRIPTEN_KEEPALIVE const char* attn_apply_fragment(const char* fragment) {
    static std::string buffer;
    return attn::keep(&buffer, attn::apply_fragment(g_app, fragment ? fragment : ""));
}

// Text from the page's proxy field (a phone's on-screen keyboard), and keys: 1 Backspace,
// 2 Enter, 3 Escape, 4 Left, 5 Right. They reach ImGui in order, one step per frame.
EMSCRIPTEN_KEEPALIVE void attn_text_input(const char* utf8) {
    if (!utf8 || !*utf8 || attn::g_typed.size() >= attn::kMaxTypedQueue) return;
    attn::g_typed.push_back({utf8, SDL_SCANCODE_UNKNOWN});
    attn::app_request_frames(g_app, 2);
}

EMSCRIPTEN_KEEPALIVE void attn_text_key(int key) {
    static const SDL_Scancode codes[] = {SDL_SCANCODE_UNKNOWN, SDL_SCANCODE_BACKSPACE, SDL_SCANCODE_RETURN,
                                         SDL_SCANCODE_ESCAPE, SDL_SCANCODE_LEFT, SDL_SCANCODE_RIGHT};
    if (key < 1 || key > 5 || attn::g_typed.size() >= attn::kMaxTypedQueue) return;
    attn::g_typed.push_back({"", codes[key]});
    attn::app_request_frames(g_app, 2);
}

// bits: 1 embed, 2 dark theme, 4 reduced motion, 8 touch (see attention.js pageBits()).
EMSCRIPTEN_KEEPALIVE void attn_set_page_options(int bits) { attn::set_page_bits(g_app, bits); }

EMSCRIPTEN_KEEPALIVE void attn_wake() { attn::app_request_frames(g_app); }

EMSCRIPTEN_KEEPALIVE void attn_set_visible(int visible) {
    g_app->visible = visible != 0;
    if (g_app->visible) attn::app_request_frames(g_app);
}

// The canvas's CSS size changed (ResizeObserver). SDL2 only follows window resizes, so a canvas
// resized by its page's layout is passed on here; SDL then sizes the drawing buffer at
// devicePixelRatio.
EMSCRIPTEN_KEEPALIVE void attn_canvas_resized(double css_width, double css_height) {
    SDL_Window* window = g_app->window.sdl_window;
    const int w = int(std::lround(css_width)), h = int(std::lround(css_height));
    if (window && w > 0 && h > 0) {
        int current_w = 0, current_h = 0;
        SDL_GetWindowSize(window, &current_w, &current_h);
        if (w != current_w || h != current_h) SDL_SetWindowSize(window, w, h);
    }
    attn::app_request_frames(g_app);
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
void web_after_frame(App*) {}
void web_emit_event(App*, const char*, const std::string&) {}
}  // namespace attn

#endif
