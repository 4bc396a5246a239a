// The page around the canvas, as the platform layer sees it: calls into the page's JavaScript
// (web/attention.js reads them as Module.onFirstFrame, Module.onEvent ...) and input the page
// hands over (a phone's on-screen keyboard, which SDL2 never raises). Knows nothing of the app:
// the app's side of the page API is src/app/web_api.cpp. Natively every call is a no-op.
#pragma once
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// What the page worked out before the wasm started (web/attention.js pageBits()): 1 embed,
// 2 dark theme, 4 reduced motion, 8 touch. 0 natively.
int browser_page_bits();
// Whether the tab is shown and the canvas on screen; true natively.
bool browser_visible_now();
// The page URL's fragment ("#example=..."), or "".
std::string browser_location_hash();

void browser_app_ready();      // the page's API answers from now on (attention.whenUsable())
void browser_first_frame();    // the first frame is on screen (resolves attention.ready)
void browser_state_changed();  // URL hash, screen-reader mirror, host-page subscribers
// No WebGL2: the page shows the numbers as text with this message instead of a dead canvas.
void browser_no_graphics(const std::string& message);
// An event for attention.onEvent listeners and postMessage subscribers, as
// {type: "attention:event", kind, detail}. detail_json must be one JSON value ("null" for none).
void browser_emit_event(const char* kind, const std::string& detail_json);
void browser_warn(const std::string& text);  // console.warn
// The learner entered the lesson and its file is not here yet: the page fetches it (the lesson's
// text is not part of the first view) and hands it back through attn_load_lesson.
void browser_request_lesson();
// The learner asked for another of the demo's lessons by name ("generation"): the page opens it
// (PageOptions::opens_lessons says whether it can).
void browser_open_lesson(const std::string& name);
// A panel needs the code the first view does not run (attention-explainer.deferred.wasm): the page
// fetches it and says when it is here (attn_code_loaded) or why not (attn_code_unavailable).
void browser_request_code();
// One character drawn by the browser's own fonts (a 2-D canvas, white on clear, with the system's
// fallback fonts): width x height coverage bytes (its alpha), top row first, the baseline
// `baseline` rows from the top, the pen moving `advance` pixels on. The em is pixel_size pixels.
// False natively, and when the browser cannot draw it.
struct GlyphImage {
    int width = 0, height = 0, baseline = 0;
    float advance = 0;
    std::vector<unsigned char> coverage;
};
bool browser_draw_glyph(unsigned code_point, float pixel_size, GlyphImage* out);
bool browser_draws_glyphs();  // true in the browser, false natively
// How tall the demo's content wants to be, in CSS pixels, when it changed: an embedding page may
// size its frame to it (web/attention.js posts attention:resize to the parent).
void browser_content_height(int css_pixels);
// What the learner asked to see starts css_pixels down the demo, where the demo cannot scroll
// itself (a frame as tall as its content): the page asks its host page to scroll there.
void browser_page_scroll(float css_pixels);
// Where the keyboard's focus moved in the drawing, in words: the page says it on its status line
// while the canvas has the focus (ui/keyboard_speech.h).
void browser_keyboard_said(const std::string& text);

// The text field ImGui is editing, as told to the page (which puts its text proxy over it).
struct TextFieldReport {
    bool active = false;
    float x = 0, y = 0, line = 0;  // the cursor's top-left and the text height, in CSS pixels
    bool numeric = false;          // its text is a number: a phone shows its number keyboard
    bool operator!=(const TextFieldReport& o) const {
        return active != o.active || x != o.x || y != o.y || line != o.line || numeric != o.numeric;
    }
};

// Input from the page's text proxy (a phone's on-screen keyboard) on its way to ImGui, and the
// text field last reported to the page. The app owns one (App::typing).
struct PageTyping {
    struct Entry {
        std::string text;    // UTF-8, or empty for a key
        int scancode = 0;    // SDL_Scancode of a key
        bool paste = false;  // text pasted as one insertion (imgui_backend_paste), not typed
    };
    std::deque<Entry> queue;
    int key_down = 0;  // the scancode pressed last frame, released at the next
    TextFieldReport reported;
};

// Text from the page's text proxy and keys: 1 Backspace, 2 Enter, 3 Escape, 4 Left, 5 Right.
// Queued for browser_after_frame; false when the queue is full or the input is empty or unknown.
bool browser_queue_text(PageTyping* typing, std::string_view utf8);
bool browser_queue_key(PageTyping* typing, int key);
// A paste into the field being edited, after what is queued before it: true when it was queued
// (input is still on its way, or another paste is), false when it may go in at once.
bool browser_queue_paste(PageTyping* typing, const std::string& text);
// Once per drawn frame, after ImGui::Render(): feeds one step of the queued input to SDL (ImGui
// 1.86 sees a key only as "down this frame", so a key goes down in one frame and up in the next)
// and tells the page when ImGui starts or stops editing a text field. True while input is still
// queued: the caller keeps frames coming.
bool browser_after_frame(PageTyping* typing);

}  // namespace attn
