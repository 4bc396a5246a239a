// EM_JS hooks calling into web/attention.js, and the phone keyboard's input queue. Every Module
// property the page sets is read quoted, Module["name"], so the Closure Compiler in the web build
// keeps the name.
#include "platform/browser.h"

#ifdef __EMSCRIPTEN__
#include <SDL.h>
#include <emscripten.h>
#include <imgui.h>
#include <imgui_internal.h>  // where the active text field's cursor is (g.PlatformImePos)

#include <algorithm>
#include <cstdlib>
#include <deque>

#include "platform/imgui_backend.h"

// The EM_JS bodies are JavaScript: clang-format would split "=>" and "===".
// clang-format off
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

EM_JS(void, attn_js_content_height, (int height), {
    if (Module["onContentHeight"]) Module["onContentHeight"](height);
});

EM_JS(void, attn_js_page_scroll, (float top), {
    if (Module["onPageScroll"]) Module["onPageScroll"](top);
});

EM_JS(void, attn_js_keyboard_said, (const char* text), {
    if (Module["onKeyboardFocus"]) Module["onKeyboardFocus"](UTF8ToString(text));
});

EM_JS(void, attn_js_warn, (const char* text), {
    console.warn(UTF8ToString(text));
});

EM_JS(void, attn_js_request_lesson, (), {
    if (Module["onLessonWanted"]) Module["onLessonWanted"]();
});
EM_JS(void, attn_js_open_lesson, (const char* name), {
    if (Module["onOpenLesson"]) Module["onOpenLesson"](UTF8ToString(name));
});
EM_JS(void, attn_js_request_code, (), {
    if (Module["onCodeWanted"]) Module["onCodeWanted"]();
});

// A character in the system's fonts (DejaVu's family first, as the atlas has it, then a CJK one),
// on the canvas the page never shows. box: width, height, baseline. Returns the advance in 64ths
// of a pixel, or 0 if it could not draw it in `capacity` bytes.
EM_JS(int, attn_js_draw_glyph, (unsigned code_point, float size, int* box, unsigned char* coverage, int capacity), {
    try {
        var canvas = Module["glyphCanvas"] || (Module["glyphCanvas"] = document.createElement("canvas"));
        var g = canvas.getContext("2d", {willReadFrequently: true});
        var font = size + "px 'DejaVu Sans', 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif";
        var text = String.fromCharCode(code_point);
        g.font = font;
        var m = g.measureText(text);
        var ascent = Math.ceil(Math.max(m.fontBoundingBoxAscent || size, m.actualBoundingBoxAscent || 0));
        var descent = Math.ceil(Math.max(m.fontBoundingBoxDescent || size / 4, m.actualBoundingBoxDescent || 0));
        var width = Math.max(1, Math.ceil(Math.max(m.width, m.actualBoundingBoxRight || 0)));
        var height = ascent + descent;
        if (width * height > capacity) return 0;
        canvas.width = width;
        canvas.height = height;  // (which clears it and its settings)
        g.font = font;
        g.fillStyle = "#fff";
        g.fillText(text, 0, ascent);
        var pixels = g.getImageData(0, 0, width, height).data;
        for (var i = 0; i < width * height; ++i) HEAPU8[coverage + i] = pixels[4 * i + 3];
        HEAP32[box >> 2] = width;
        HEAP32[(box >> 2) + 1] = height;
        HEAP32[(box >> 2) + 2] = ascent;
        return Math.max(1, Math.round(m.width * 64));
    } catch (e) {
        return 0;
    }
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
// Module.visibleNow (tab shown and canvas on screen) current.
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
// clang-format on

namespace attn {
namespace {

// Typed input reaches SDL as one SDL_TEXTINPUT per 31 bytes, a key down in one frame and up in
// the next.
constexpr size_t kMaxTypedQueue = 4096;

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

// The text field ImGui is editing, if any, and whether its text is a number (the phone then
// shows its number keyboard; a label that is all digits gets it too: rare, and still typeable).
TextFieldReport active_text_field() {
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    TextFieldReport now;
    now.active = ImGui::GetIO().WantTextInput && g.InputTextState.ID != 0 && g.ActiveId == g.InputTextState.ID;
    if (!now.active) return now;
    now.x = g.PlatformImePos.x;
    now.y = g.PlatformImePos.y;
    now.line = g.FontSize;
    // ImGui clears the field's flags after each call, so the text decides.
    const ImGuiInputTextState& field = g.InputTextState;
    bool digit = false, numeric = field.CurLenA > 0;
    for (int i = 0; i < field.CurLenA && i < field.TextA.Size; ++i) {
        const char c = field.TextA[i];
        digit = digit || (c >= '0' && c <= '9');
        numeric = numeric && ((c >= '0' && c <= '9') || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E');
    }
    now.numeric = numeric && digit;
    return now;
}

}  // namespace

int browser_page_bits() {
    return attn_js_page_bits();
}

bool browser_visible_now() {
    return attn_js_visible_now() != 0;
}

std::string browser_location_hash() {
    char* hash = attn_js_location_hash();
    if (!hash) return "";
    std::string text(hash);
    std::free(hash);
    return text;
}

void browser_app_ready() {
    attn_js_app_ready();
}
void browser_first_frame() {
    attn_js_first_frame();
}
void browser_state_changed() {
    attn_js_state_changed();
}
void browser_no_graphics(const std::string& message) {
    attn_js_no_graphics(message.c_str());
}

void browser_emit_event(const char* kind, const std::string& detail_json) {
    attn_js_event(kind, detail_json.empty() ? "null" : detail_json.c_str());
}

void browser_warn(const std::string& text) {
    attn_js_warn(text.c_str());
}

void browser_request_lesson() {
    attn_js_request_lesson();
}

void browser_open_lesson(const std::string& name) {
    attn_js_open_lesson(name.c_str());
}

void browser_request_code() {
    attn_js_request_code();
}

bool browser_draws_glyphs() {
    return true;
}

bool browser_draw_glyph(unsigned code_point, float pixel_size, GlyphImage* out) {
    constexpr int kCapacity = 160 * 160;  // an em of 100 pixels and its line
    int box[3] = {0, 0, 0};
    out->coverage.resize(kCapacity);
    const int advance = attn_js_draw_glyph(code_point, pixel_size, box, out->coverage.data(), kCapacity);
    if (advance <= 0) return false;
    out->width = box[0], out->height = box[1], out->baseline = box[2];
    out->advance = float(advance) / 64.0f;
    out->coverage.resize(size_t(box[0]) * size_t(box[1]));
    return true;
}

void browser_content_height(int css_pixels) {
    attn_js_content_height(css_pixels);
}

void browser_page_scroll(float css_pixels) {
    attn_js_page_scroll(css_pixels);
}

void browser_keyboard_said(const std::string& text) {
    attn_js_keyboard_said(text.c_str());
}

bool browser_queue_text(PageTyping* typing, std::string_view utf8) {
    if (utf8.empty() || typing->queue.size() >= kMaxTypedQueue) return false;
    // SDL's text events end at a NUL: one inside the text would cut it short silently.
    std::string text;
    for (char c : utf8)
        if (c != '\0') text.push_back(c);
    if (text.empty()) return false;
    typing->queue.push_back({std::move(text), SDL_SCANCODE_UNKNOWN});
    return true;
}

bool browser_queue_key(PageTyping* typing, int key) {
    static const SDL_Scancode codes[] = {SDL_SCANCODE_UNKNOWN, SDL_SCANCODE_BACKSPACE, SDL_SCANCODE_RETURN,
                                         SDL_SCANCODE_ESCAPE,  SDL_SCANCODE_LEFT,      SDL_SCANCODE_RIGHT};
    if (key < 1 || key > 5 || typing->queue.size() >= kMaxTypedQueue) return false;
    typing->queue.push_back({"", codes[key]});
    return true;
}

bool browser_queue_paste(PageTyping* typing, const std::string& text) {
    if (typing->queue.empty() && typing->key_down == SDL_SCANCODE_UNKNOWN && !imgui_backend_paste_pending())
        return false;
    typing->queue.push_back({text, SDL_SCANCODE_UNKNOWN, true});
    return true;
}

bool browser_after_frame(PageTyping* typing) {
    if (typing->key_down != SDL_SCANCODE_UNKNOWN) {
        push_key(SDL_Scancode(typing->key_down), false);
        typing->key_down = SDL_SCANCODE_UNKNOWN;
    } else if (!typing->queue.empty() && !(typing->queue.front().paste && imgui_backend_paste_pending())) {
        PageTyping::Entry next = std::move(typing->queue.front());
        typing->queue.pop_front();
        if (next.paste) {
            imgui_backend_paste(next.text);  // Ctrl+V goes down in the next frame, in its turn
        } else if (next.text.empty()) {
            push_key(SDL_Scancode(next.scancode), true);
            typing->key_down = next.scancode;
        } else {
            push_text(next.text);
        }
    }
    const TextFieldReport now = active_text_field();
    if (now != typing->reported) {
        typing->reported = now;
        attn_js_text_field(now.active, now.x, now.y, now.line, now.numeric);
    }
    return typing->key_down != SDL_SCANCODE_UNKNOWN || !typing->queue.empty();
}

}  // namespace attn

#else  // native: no page to talk to

namespace attn {
int browser_page_bits() {
    return 0;
}
bool browser_visible_now() {
    return true;
}
std::string browser_location_hash() {
    return "";
}
void browser_app_ready() {}
void browser_first_frame() {}
void browser_state_changed() {}
void browser_no_graphics(const std::string&) {}
void browser_emit_event(const char*, const std::string&) {}
void browser_warn(const std::string&) {}
void browser_request_lesson() {}
void browser_open_lesson(const std::string&) {}
void browser_request_code() {}
bool browser_draw_glyph(unsigned, float, GlyphImage*) {
    return false;
}
bool browser_draws_glyphs() {
    return false;
}
void browser_content_height(int) {}
void browser_page_scroll(float) {}
void browser_keyboard_said(const std::string&) {}
bool browser_queue_text(PageTyping*, std::string_view) {
    return false;
}
bool browser_queue_key(PageTyping*, int) {
    return false;
}
bool browser_queue_paste(PageTyping*, const std::string&) {
    return false;
}
bool browser_after_frame(PageTyping*) {
    return false;
}
}  // namespace attn

#endif
