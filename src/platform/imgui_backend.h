// Dear ImGui's platform side, so the app never sees SDL: events in, the font atlas built, a frame
// started. The renderer draws the frame's lists (src/render/ui_renderer.h); the app passes the
// atlas between them.
#pragma once
#include <cstdint>
#include <string>

#include "platform/window.h"

namespace attn {

struct EventSummary {
    bool any = false;   // some input arrived: keep rendering for a few frames
    bool quit = false;  // window closed (native)
    bool resized = false;
    float pinch = 1.0f;  // two-finger pinch since the last pump: distance now / before
    int fingers = 0;     // touch points down now
};

// Loads the app's fonts and style for a pixel scale (framebuffer pixels per window unit), after
// the font atlas was cleared: the app supplies it (the platform knows nothing of the UI).
using FontSetup = void (*)(float pixel_scale);
// Called once the atlas is built, before its texture is made: the app writes what it reserved in
// it (glyphs drawn by the browser's fonts, src/ui/drawn_glyphs.h). May be null.
using FontsBuilt = void (*)();

bool imgui_backend_init(Window* window, FontSetup font_setup, FontsBuilt fonts_built = nullptr);
void imgui_backend_shutdown();
// Feeds every pending SDL event to ImGui.
EventSummary imgui_backend_pump_events(Window* window);
// The font atlas, one coverage byte per texel, top row first.
struct FontAtlasImage {
    const unsigned char* coverage = nullptr;
    int width = 0, height = 0;
};
// Rebuilds the font atlas when the pixel density changed (browser zoom, moving the window to
// another screen) so text stays crisp at any devicePixelRatio, or the fonts did. Returns the new
// atlas, to be made a texture and handed back with imgui_backend_set_font_texture before the
// frame starts; nullptr when the atlas is as it was.
const FontAtlasImage* imgui_backend_update_fonts(Window* window);
void imgui_backend_set_font_texture(uintptr_t texture);
// Starts an ImGui frame (after imgui_backend_update_fonts).
void imgui_backend_new_frame();
// The fonts' set-up has changed (a script font came with a language): the next frame rebuilds the
// atlas and its texture.
void imgui_backend_fonts_changed();
// The last rebuild of the font atlas (a language's glyphs arriving, a new pixel ratio): how long
// it took with its texture upload, its size and how many glyphs it holds (bench/language_glyphs.mjs).
struct AtlasStats {
    double build_ms = 0;
    int width = 0, height = 0, glyphs = 0;
};
AtlasStats imgui_backend_atlas_stats();
// Pastes text into the text field ImGui is editing: it becomes the clipboard's text and ImGui gets
// a Ctrl+V in the next frame. In the browser SDL2 has no system clipboard, and the page keeps
// the real Ctrl+V from SDL so that its paste event can hand the text over.
void imgui_backend_paste(const std::string& text);
// A paste handed over is still on its way into ImGui (its Ctrl+V not yet pressed and released).
bool imgui_backend_paste_pending();
// A finger left the screen (true) or a pointer is back (false). A finger has no hover: while
// lifted, ImGui sees no pointer, so a tooltip or hover highlight does not stay where it tapped.
void imgui_backend_pointer_lifted(bool lifted);

}  // namespace attn
