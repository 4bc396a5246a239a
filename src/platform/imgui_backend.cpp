// The backends from Dear ImGui's examples (imgui_impl_sdl + imgui_impl_opengl3 with
// IMGUI_IMPL_OPENGL_ES3, "#version 300 es"), plus HiDPI font handling ImGui 1.86 lacks.
#include "platform/imgui_backend.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include <bitset>
#include <cfloat>

#include "platform/main_loop.h"
#include "platform/touch_pinch.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <string>

// The EM_JS bodies are JavaScript: clang-format would split "=>" and "===".
// clang-format off
// SDL2 on the web has no system clipboard: ImGui's Copy buttons (the PyTorch code, Export) write
// through navigator.clipboard instead. The click's user activation is still fresh when the next
// frame runs. Pasting inside the demo reads back what was copied last.
EM_JS(void, attn_js_copy_text, (const char* text), {
    const value = UTF8ToString(text);
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(value).catch(() => {});
});
// clang-format on
#endif

namespace attn {
namespace {

#ifdef __EMSCRIPTEN__
std::string g_clipboard;

void set_clipboard_text(void*, const char* text) {
    g_clipboard = text ? text : "";
    attn_js_copy_text(g_clipboard.c_str());
}

const char* get_clipboard_text(void*) {
    return g_clipboard.c_str();
}
#endif

float g_font_pixel_scale = 0.0f;  // framebuffer pixels per window unit the atlas was built for
AtlasStats g_atlas;
FontSetup g_font_setup = nullptr;

float pixel_scale(Window* window) {
    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(window->sdl_window, &w, &h);
    SDL_GL_GetDrawableSize(window->sdl_window, &dw, &dh);
    return w > 0 ? float(dw) / float(w) : 1.0f;
}

void rebuild_fonts(float scale) {
    // Glyphs rasterised at the real pixel size, then shown at 1/scale: crisp at 2x and 3x.
    if (g_font_setup) g_font_setup(scale);
    ImGui::GetIO().FontGlobalScale = 1.0f / scale;
    g_font_pixel_scale = scale;
}

}  // namespace

bool imgui_backend_init(Window* window, FontSetup font_setup) {
    g_font_setup = font_setup;
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // layout comes from code and the URL, not a file
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui_ImplSDL2_InitForOpenGL(window->sdl_window, window->gl_context);
#ifdef __EMSCRIPTEN__
    io.SetClipboardTextFn = set_clipboard_text;
    io.GetClipboardTextFn = get_clipboard_text;
#endif
    ImGui_ImplOpenGL3_Init("#version 300 es");
    rebuild_fonts(pixel_scale(window));
    return true;
}

void imgui_backend_shutdown() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
}

// ImGui 1.86 reads keys as per-frame state (io.KeysDown), so a key pressed and released between
// two frames is never seen. On a slow frame (two cores, software WebGL) a quick Enter or a
// scripted key press does exactly that. Such a release is held back to the next frame, and the
// events behind it stay queued in SDL so their order is kept.
namespace {
SDL_Event g_held_release;
bool g_has_held_release = false;
PinchTracker g_pinch;  // ImGui 1.86 sees one pointer; two-finger zoom is read from SDL's touch events
// A paste handed over by the page: 1, give ImGui Ctrl+V down in the next frame; 2, release it. The
// keys go straight to ImGui's io (it reads Ctrl from SDL's modifier state, which pushed SDL events
// would not change).
int g_paste_stage = 0;
bool g_pointer_lifted = false;   // see imgui_backend_pointer_lifted
bool g_down_last_frame = false;  // the left button (or finger) as the last frame saw it
bool g_enter_down_last_frame = false;
bool g_enter_activates = false;  // this press of Enter began outside a text field

void feed_paste_shortcut(EventSummary* summary) {
    ImGuiIO& io = ImGui::GetIO();
    if (g_paste_stage == 1) {
        io.KeyCtrl = true;
        io.KeysDown[SDL_SCANCODE_V] = true;
        g_paste_stage = 2;
    } else {
        io.KeysDown[SDL_SCANCODE_V] = false;
        io.KeyCtrl = (SDL_GetModState() & KMOD_CTRL) != 0;
        g_paste_stage = 0;
    }
    summary->any = true;  // keeps frames coming for the release
}

void track_finger(Window* window, const SDL_Event& event) {
    int w = 0, h = 0;
    SDL_GetWindowSize(window->sdl_window, &w, &h);  // finger positions come normalised to 0..1
    const float x = event.tfinger.x * float(w), y = event.tfinger.y * float(h);
    if (event.type == SDL_FINGERDOWN) g_pinch.finger_down(event.tfinger.fingerId, x, y);
    if (event.type == SDL_FINGERMOTION) g_pinch.finger_move(event.tfinger.fingerId, x, y);
    if (event.type == SDL_FINGERUP) g_pinch.finger_up(event.tfinger.fingerId);
}
}  // namespace

EventSummary imgui_backend_pump_events(Window* window) {
    EventSummary summary;
    std::bitset<SDL_NUM_SCANCODES> pressed_this_frame;
    SDL_Event event;
    if (g_has_held_release) {
        g_has_held_release = false;
        ImGui_ImplSDL2_ProcessEvent(&g_held_release);
        summary.any = true;
    }
    while (SDL_PollEvent(&event)) {
        if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) {
            const SDL_Scancode code = event.key.keysym.scancode;
            if (code < 0 || code >= SDL_NUM_SCANCODES) continue;  // ImGui's backend would index out of range
            if (event.type == SDL_KEYUP && pressed_this_frame[code]) {
                g_held_release = event;
                g_has_held_release = true;
                summary.any = true;  // keeps frames coming, so the release arrives next frame
                break;
            }
            if (event.type == SDL_KEYDOWN) pressed_this_frame.set(code);
        }
        if (event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION || event.type == SDL_FINGERUP)
            track_finger(window, event);
        ImGui_ImplSDL2_ProcessEvent(&event);
        summary.any = true;
        if (event.type == SDL_QUIT) summary.quit = true;
        if (event.type == SDL_WINDOWEVENT) {
            if (event.window.event == SDL_WINDOWEVENT_CLOSE &&
                event.window.windowID == SDL_GetWindowID(window->sdl_window))
                summary.quit = true;
            if (event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) summary.resized = true;
        }
    }
    if (g_paste_stage) feed_paste_shortcut(&summary);
    summary.pinch = g_pinch.take_scale();
    summary.fingers = g_pinch.fingers();
    return summary;
}

AtlasStats imgui_backend_atlas_stats() {
    return g_atlas;
}

void imgui_backend_fonts_changed() {
    g_font_pixel_scale = 0.0f;
}

void imgui_backend_new_frame(Window* window) {
    const float scale = pixel_scale(window);
    if (scale != g_font_pixel_scale) {
        const double start = now_ms();
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImFontAtlas* atlas = ImGui::GetIO().Fonts;
        atlas->Clear();
        rebuild_fonts(scale);
        ImGui_ImplOpenGL3_CreateFontsTexture();
        g_atlas.build_ms = now_ms() - start;
        g_atlas.width = atlas->TexWidth;
        g_atlas.height = atlas->TexHeight;
        g_atlas.glyphs = 0;
        for (const ImFont* font : atlas->Fonts) g_atlas.glyphs += font->Glyphs.Size;
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    // After NewFrame of the SDL backend, which has just read SDL's last mouse position. Not in the
    // frame that sees the release: ImGui counts a click only when the button goes up over the
    // item, and on a slow frame the lift arrives before that frame runs (a lost tap).
    ImGuiIO& io = ImGui::GetIO();
    if (g_pointer_lifted && !io.MouseDown[0] && !g_down_last_frame) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    g_down_last_frame = io.MouseDown[0];
    // ImGui 1.86 presses the focused button with Space only (Enter is its key for typing into a
    // field); web users, and the page's help, expect Enter too. Not a press that began while a
    // field took text: there Enter ends the edit, and held on it would start the edit again.
    // (io.NavInputs is cleared by EndFrame.)
    const bool enter = (io.KeysDown[SDL_SCANCODE_RETURN] || io.KeysDown[SDL_SCANCODE_KP_ENTER]) && !io.KeyCtrl &&
                       !io.KeyAlt && !io.KeySuper;
    if (enter && !g_enter_down_last_frame) g_enter_activates = !io.WantTextInput;
    if (!enter) g_enter_activates = false;
    g_enter_down_last_frame = enter;
    if (g_enter_activates) io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
    ImGui::NewFrame();
}

void window_drawable_size(Window* window, int* width, int* height) {
    SDL_GL_GetDrawableSize(window->sdl_window, width, height);
}

void imgui_backend_paste(const std::string& text) {
#ifdef __EMSCRIPTEN__
    g_clipboard = text;
#else
    SDL_SetClipboardText(text.c_str());
#endif
    g_paste_stage = 1;
}

void imgui_backend_pointer_lifted(bool lifted) {
    g_pointer_lifted = lifted;
}

void imgui_backend_present(Window* window) {
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(window->sdl_window);
}

}  // namespace attn
