// Dear ImGui driven by SDL2: events become ImGui's input (keys by scancode, the mouse and its
// wheel, typed text, focus), the window's size and pixel density its display, ImGui's cursor the
// window's; the font atlas is built here for the renderer to upload. It follows Dear ImGui's SDL2
// example backend (imgui_impl_sdl.cpp, 1.86) in what this app uses, without gamepads, plus what
// 1.86 lacks: HiDPI fonts, keys released within a frame, Enter on buttons, pastes from the page.
#include "platform/imgui_backend.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_internal.h>  // ImFontAtlasGetBuilderForStbTruetype

#include <bitset>
#include <cfloat>
#include <cstring>
#include <string>

#include "platform/main_loop.h"
#include "platform/touch_pinch.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

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

// The backend's state, kept where Dear ImGui's own backends keep theirs (io.BackendPlatformUserData,
// as imgui_impl_sdl.cpp's ImGui_ImplSDL2_Data): made by imgui_backend_init, freed with the context.
struct Backend {
    SDL_Window* window = nullptr;
    Uint64 last_counter = 0;     // SDL's performance counter at the last frame (0: none yet)
    bool mouse_pressed[3] = {};  // a button went down since the last frame (kept for one frame)
    SDL_Cursor* cursors[ImGuiMouseCursor_COUNT] = {};
    ImGuiMouseCursor shown_cursor = ImGuiMouseCursor_COUNT;  // none set yet
    std::string clipboard;                                   // what ImGui reads when it pastes

    FontSetup font_setup = nullptr;
    FontsBuilt fonts_built = nullptr;
    float font_pixel_scale = 0.0f;  // framebuffer pixels per window unit the atlas was built for
    FontAtlasImage atlas_image;     // the last atlas built, until the renderer has uploaded it
    AtlasStats atlas;
    double atlas_started_ms = 0;

    // A key released in the frame it went down, held back to the next (imgui_backend_pump_events).
    SDL_Event held_release{};
    bool has_held_release = false;
    PinchTracker pinch;  // ImGui 1.86 sees one pointer; two-finger zoom is read from SDL's touch events
    // A paste handed over by the page: 1, give ImGui Ctrl+V down in the next frame; 2, release it.
    // The keys go straight to ImGui's io (it reads Ctrl from SDL's modifier state, which pushed SDL
    // events would not change).
    int paste_stage = 0;
    bool pointer_lifted = false;   // see imgui_backend_pointer_lifted
    bool down_last_frame = false;  // the left button (or finger) as the last frame saw it
    bool enter_down_last_frame = false;
    bool enter_activates = false;  // this press of Enter began outside a text field
};

// The backend, or null before imgui_backend_init (the page's API may call in without WebGL, when
// there is no ImGui context).
Backend* backend() {
    return ImGui::GetCurrentContext() ? static_cast<Backend*>(ImGui::GetIO().BackendPlatformUserData) : nullptr;
}

#ifdef __EMSCRIPTEN__
void set_clipboard_text(void* user_data, const char* text) {
    Backend& bd = *static_cast<Backend*>(user_data);
    bd.clipboard = text ? text : "";
    attn_js_copy_text(bd.clipboard.c_str());
}

const char* get_clipboard_text(void* user_data) {
    return static_cast<Backend*>(user_data)->clipboard.c_str();
}
#else
void set_clipboard_text(void*, const char* text) {
    SDL_SetClipboardText(text);
}

const char* get_clipboard_text(void* user_data) {
    Backend& bd = *static_cast<Backend*>(user_data);
    char* text = SDL_GetClipboardText();  // SDL's copy, freed here; ImGui reads ours
    bd.clipboard = text ? text : "";
    SDL_free(text);
    return bd.clipboard.c_str();
}
#endif

float pixel_scale(Window* window) {
    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(window->sdl_window, &w, &h);
    SDL_GL_GetDrawableSize(window->sdl_window, &dw, &dh);
    return w > 0 ? float(dw) / float(w) : 1.0f;
}

void rebuild_fonts(Backend& bd, float scale) {
    // Glyphs rasterised at the real pixel size, then shown at 1/scale: crisp at 2x and 3x.
    if (bd.font_setup) bd.font_setup(scale);
    ImGui::GetIO().FontGlobalScale = 1.0f / scale;
    bd.font_pixel_scale = scale;
}

void map_keys(ImGuiIO& io) {
    io.KeyMap[ImGuiKey_Tab] = SDL_SCANCODE_TAB;
    io.KeyMap[ImGuiKey_LeftArrow] = SDL_SCANCODE_LEFT;
    io.KeyMap[ImGuiKey_RightArrow] = SDL_SCANCODE_RIGHT;
    io.KeyMap[ImGuiKey_UpArrow] = SDL_SCANCODE_UP;
    io.KeyMap[ImGuiKey_DownArrow] = SDL_SCANCODE_DOWN;
    io.KeyMap[ImGuiKey_PageUp] = SDL_SCANCODE_PAGEUP;
    io.KeyMap[ImGuiKey_PageDown] = SDL_SCANCODE_PAGEDOWN;
    io.KeyMap[ImGuiKey_Home] = SDL_SCANCODE_HOME;
    io.KeyMap[ImGuiKey_End] = SDL_SCANCODE_END;
    io.KeyMap[ImGuiKey_Insert] = SDL_SCANCODE_INSERT;
    io.KeyMap[ImGuiKey_Delete] = SDL_SCANCODE_DELETE;
    io.KeyMap[ImGuiKey_Backspace] = SDL_SCANCODE_BACKSPACE;
    io.KeyMap[ImGuiKey_Space] = SDL_SCANCODE_SPACE;
    io.KeyMap[ImGuiKey_Enter] = SDL_SCANCODE_RETURN;
    io.KeyMap[ImGuiKey_Escape] = SDL_SCANCODE_ESCAPE;
    io.KeyMap[ImGuiKey_KeyPadEnter] = SDL_SCANCODE_KP_ENTER;
    io.KeyMap[ImGuiKey_A] = SDL_SCANCODE_A;
    io.KeyMap[ImGuiKey_C] = SDL_SCANCODE_C;
    io.KeyMap[ImGuiKey_V] = SDL_SCANCODE_V;
    io.KeyMap[ImGuiKey_X] = SDL_SCANCODE_X;
    io.KeyMap[ImGuiKey_Y] = SDL_SCANCODE_Y;
    io.KeyMap[ImGuiKey_Z] = SDL_SCANCODE_Z;
}

void make_cursors(Backend& bd) {
    SDL_Cursor** c = bd.cursors;
    c[ImGuiMouseCursor_Arrow] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_ARROW);
    c[ImGuiMouseCursor_TextInput] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_IBEAM);
    c[ImGuiMouseCursor_ResizeAll] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZEALL);
    c[ImGuiMouseCursor_ResizeNS] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZENS);
    c[ImGuiMouseCursor_ResizeEW] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZEWE);
    c[ImGuiMouseCursor_ResizeNESW] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZENESW);
    c[ImGuiMouseCursor_ResizeNWSE] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_SIZENWSE);
    c[ImGuiMouseCursor_Hand] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_HAND);
    c[ImGuiMouseCursor_NotAllowed] = SDL_CreateSystemCursor(SDL_SYSTEM_CURSOR_NO);
}

// One SDL event into ImGui's input.
void process_event(Backend& bd, const SDL_Event& event) {
    ImGuiIO& io = ImGui::GetIO();
    switch (event.type) {
        case SDL_MOUSEWHEEL:
            if (event.wheel.x > 0) io.MouseWheelH += 1;
            if (event.wheel.x < 0) io.MouseWheelH -= 1;
            if (event.wheel.y > 0) io.MouseWheel += 1;
            if (event.wheel.y < 0) io.MouseWheel -= 1;
            break;
        case SDL_MOUSEBUTTONDOWN:
            if (event.button.button == SDL_BUTTON_LEFT) bd.mouse_pressed[0] = true;
            if (event.button.button == SDL_BUTTON_RIGHT) bd.mouse_pressed[1] = true;
            if (event.button.button == SDL_BUTTON_MIDDLE) bd.mouse_pressed[2] = true;
            break;
        case SDL_TEXTINPUT:
            io.AddInputCharactersUTF8(event.text.text);
            break;
        case SDL_KEYDOWN:
        case SDL_KEYUP: {
            io.KeysDown[event.key.keysym.scancode] = event.type == SDL_KEYDOWN;  // range checked by the caller
            // The modifiers as they were with this key: SDL_GetModState() is the state after every
            // queued event, so a Ctrl+A typed within one frame lost its Ctrl when Ctrl's release
            // was already queued behind it.
            const Uint16 mods = event.key.keysym.mod;
            io.KeyShift = (mods & KMOD_SHIFT) != 0;
            io.KeyCtrl = (mods & KMOD_CTRL) != 0;
            io.KeyAlt = (mods & KMOD_ALT) != 0;
            io.KeySuper = (mods & KMOD_GUI) != 0;
            break;
        }
        case SDL_WINDOWEVENT:
            if (event.window.event == SDL_WINDOWEVENT_FOCUS_GAINED) io.AddFocusEvent(true);
            if (event.window.event == SDL_WINDOWEVENT_FOCUS_LOST) io.AddFocusEvent(false);
            break;
        default:
            break;
    }
}

// The display, the clock, the mouse and the cursor for the frame about to start.
void update_display_and_mouse(Backend& bd) {
    ImGuiIO& io = ImGui::GetIO();
    SDL_Window* window = bd.window;
    int w = 0, h = 0, drawable_w = 0, drawable_h = 0;
    SDL_GetWindowSize(window, &w, &h);
    if (SDL_GetWindowFlags(window) & SDL_WINDOW_MINIMIZED) w = h = 0;
    SDL_GL_GetDrawableSize(window, &drawable_w, &drawable_h);
    io.DisplaySize = ImVec2(float(w), float(h));
    if (w > 0 && h > 0) io.DisplayFramebufferScale = ImVec2(float(drawable_w) / float(w), float(drawable_h) / float(h));

    const Uint64 counter = SDL_GetPerformanceCounter();
    const Uint64 last = bd.last_counter;
    io.DeltaTime = last > 0 && counter > last ? float(double(counter - last) / double(SDL_GetPerformanceFrequency()))
                                              : 1.0f / 60.0f;
    bd.last_counter = counter;

    // A press that came and went since the last frame still counts as held for this one, so that a
    // click shorter than a frame is not lost.
    int x = 0, y = 0;
    const Uint32 buttons = SDL_GetMouseState(&x, &y);
    bool* pressed = bd.mouse_pressed;
    io.MouseDown[0] = pressed[0] || (buttons & SDL_BUTTON(SDL_BUTTON_LEFT)) != 0;
    io.MouseDown[1] = pressed[1] || (buttons & SDL_BUTTON(SDL_BUTTON_RIGHT)) != 0;
    io.MouseDown[2] = pressed[2] || (buttons & SDL_BUTTON(SDL_BUTTON_MIDDLE)) != 0;
    pressed[0] = pressed[1] = pressed[2] = false;
#ifdef __EMSCRIPTEN__
    const bool pointer_here = (SDL_GetWindowFlags(window) & SDL_WINDOW_INPUT_FOCUS) != 0;
#else
    // A drag that leaves the window keeps reporting (the mouse is captured while a button is down).
    SDL_CaptureMouse(ImGui::IsAnyMouseDown() ? SDL_TRUE : SDL_FALSE);
    const bool pointer_here = SDL_GetMouseFocus() == window || SDL_GetKeyboardFocus() == window;
#endif
    io.MousePos = pointer_here ? ImVec2(float(x), float(y)) : ImVec2(-FLT_MAX, -FLT_MAX);

    const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
    if (cursor != bd.shown_cursor && !(io.ConfigFlags & ImGuiConfigFlags_NoMouseCursorChange)) {
        bd.shown_cursor = cursor;
        if (cursor == ImGuiMouseCursor_None) {
            SDL_ShowCursor(SDL_FALSE);
        } else {
            SDL_Cursor* shape = bd.cursors[cursor] ? bd.cursors[cursor] : bd.cursors[ImGuiMouseCursor_Arrow];
            SDL_SetCursor(shape);
            SDL_ShowCursor(SDL_TRUE);
        }
    }
}

}  // namespace

bool imgui_backend_init(Window* window, FontSetup font_setup, FontsBuilt fonts_built) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    Backend* bd = IM_NEW(Backend)();
    io.BackendPlatformUserData = bd;
    bd->font_setup = font_setup;
    bd->fonts_built = fonts_built;
    bd->window = window->sdl_window;
    io.IniFilename = nullptr;  // layout comes from code and the URL, not a file
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    io.BackendPlatformName = "attention-explainer (SDL2)";
    io.BackendRendererName = "attention-explainer (GLES 3)";
    io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
    map_keys(io);
    io.SetClipboardTextFn = set_clipboard_text;
    io.GetClipboardTextFn = get_clipboard_text;
    io.ClipboardUserData = bd;
    make_cursors(*bd);
    // A click that focuses the window also presses what it lands on (native; nothing on the web).
    SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1");
    return true;
}

void imgui_backend_shutdown() {
    Backend* bd = backend();
    if (!bd) return;
    for (SDL_Cursor* cursor : bd->cursors)
        if (cursor) SDL_FreeCursor(cursor);
    ImGui::GetIO().BackendPlatformUserData = nullptr;
    IM_DELETE(bd);
    ImGui::DestroyContext();
}

// ImGui 1.86 reads keys as per-frame state (io.KeysDown), so a key pressed and released between
// two frames is never seen. On a slow frame (two cores, software WebGL) a quick Enter or a
// scripted key press does exactly that. Such a release is held back to the next frame, and the
// events behind it stay queued in SDL so their order is kept.
namespace {
void feed_paste_shortcut(Backend& bd, EventSummary* summary) {
    ImGuiIO& io = ImGui::GetIO();
    if (bd.paste_stage == 1) {
        io.KeyCtrl = true;
        io.KeysDown[SDL_SCANCODE_V] = true;
        bd.paste_stage = 2;
    } else {
        io.KeysDown[SDL_SCANCODE_V] = false;
        io.KeyCtrl = (SDL_GetModState() & KMOD_CTRL) != 0;
        bd.paste_stage = 0;
    }
    summary->any = true;  // keeps frames coming for the release
}

void track_finger(Backend& bd, Window* window, const SDL_Event& event) {
    int w = 0, h = 0;
    SDL_GetWindowSize(window->sdl_window, &w, &h);  // finger positions come normalised to 0..1
    const float x = event.tfinger.x * float(w), y = event.tfinger.y * float(h);
    if (event.type == SDL_FINGERDOWN) bd.pinch.finger_down(event.tfinger.fingerId, x, y);
    if (event.type == SDL_FINGERMOTION) bd.pinch.finger_move(event.tfinger.fingerId, x, y);
    if (event.type == SDL_FINGERUP) bd.pinch.finger_up(event.tfinger.fingerId);
}
}  // namespace

EventSummary imgui_backend_pump_events(Window* window) {
    Backend& bd = *backend();
    EventSummary summary;
    std::bitset<SDL_NUM_SCANCODES> pressed_this_frame;
    SDL_Event event;
    if (bd.has_held_release) {
        bd.has_held_release = false;
        process_event(bd, bd.held_release);
        summary.any = true;
    }
    while (SDL_PollEvent(&event)) {
        if (event.type == SDL_KEYDOWN || event.type == SDL_KEYUP) {
            const SDL_Scancode code = event.key.keysym.scancode;
            if (code < 0 || code >= SDL_NUM_SCANCODES) continue;  // not a key ImGui can hold
            if (event.type == SDL_KEYUP && pressed_this_frame[code]) {
                bd.held_release = event;
                bd.has_held_release = true;
                summary.any = true;  // keeps frames coming, so the release arrives next frame
                break;
            }
            if (event.type == SDL_KEYDOWN) pressed_this_frame.set(code);
        }
        if (event.type == SDL_FINGERDOWN || event.type == SDL_FINGERMOTION || event.type == SDL_FINGERUP)
            track_finger(bd, window, event);
        process_event(bd, event);
        summary.any = true;
        if (event.type == SDL_QUIT) summary.quit = true;
        if (event.type == SDL_WINDOWEVENT) {
            if (event.window.event == SDL_WINDOWEVENT_CLOSE &&
                event.window.windowID == SDL_GetWindowID(window->sdl_window))
                summary.quit = true;
            if (event.window.event == SDL_WINDOWEVENT_SIZE_CHANGED) summary.resized = true;
        }
    }
    if (bd.paste_stage) feed_paste_shortcut(bd, &summary);
    summary.pinch = bd.pinch.take_scale();
    summary.fingers = bd.pinch.fingers();
    return summary;
}

AtlasStats imgui_backend_atlas_stats() {
    const Backend* bd = backend();
    return bd ? bd->atlas : AtlasStats();
}

void imgui_backend_fonts_changed() {
    if (Backend* bd = backend()) bd->font_pixel_scale = 0.0f;
}

const FontAtlasImage* imgui_backend_update_fonts(Window* window) {
    Backend& bd = *backend();
    const float scale = pixel_scale(window);
    if (scale == bd.font_pixel_scale) return nullptr;
    bd.atlas_started_ms = now_ms();
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    atlas->Clear();
    rebuild_fonts(bd, scale);
    // ImGui's own builder (stb_truetype), called directly: atlas->Build() would first add ImGui's
    // built-in font when none was added, and the app always adds its own.
    ImFontAtlasGetBuilderForStbTruetype()->FontBuilder_Build(atlas);
    if (bd.fonts_built) bd.fonts_built();
    bd.atlas_image = FontAtlasImage{atlas->TexPixelsAlpha8, atlas->TexWidth, atlas->TexHeight};
    return &bd.atlas_image;
}

void imgui_backend_set_font_texture(uintptr_t texture) {
    Backend& bd = *backend();
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    atlas->SetTexID(reinterpret_cast<ImTextureID>(texture));
    bd.atlas.build_ms = now_ms() - bd.atlas_started_ms;
    bd.atlas.width = atlas->TexWidth;
    bd.atlas.height = atlas->TexHeight;
    bd.atlas.glyphs = 0;
    for (const ImFont* font : atlas->Fonts) bd.atlas.glyphs += font->Glyphs.Size;
}

void imgui_backend_new_frame() {
    Backend& bd = *backend();
    ImGuiIO& io = ImGui::GetIO();
    std::memset(io.NavInputs, 0, sizeof(io.NavInputs));
    update_display_and_mouse(bd);
    // After SDL's last mouse position was read. Not in the frame that sees the release: ImGui
    // counts a click only when the button goes up over the item, and on a slow frame the lift
    // arrives before that frame runs (a lost tap).
    if (bd.pointer_lifted && !io.MouseDown[0] && !bd.down_last_frame) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    bd.down_last_frame = io.MouseDown[0];
    // ImGui 1.86 presses the focused button with Space only (Enter is its key for typing into a
    // field); web users, and the page's help, expect Enter too. Not a press that began while a
    // field took text: there Enter ends the edit, and held on it would start the edit again.
    // (io.NavInputs is cleared at the start of each frame, above.)
    const bool enter = (io.KeysDown[SDL_SCANCODE_RETURN] || io.KeysDown[SDL_SCANCODE_KP_ENTER]) && !io.KeyCtrl &&
                       !io.KeyAlt && !io.KeySuper;
    if (enter && !bd.enter_down_last_frame) bd.enter_activates = !io.WantTextInput;
    if (!enter) bd.enter_activates = false;
    bd.enter_down_last_frame = enter;
    if (bd.enter_activates) io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
    ImGui::NewFrame();
}

namespace {
// ImGui's single-line fields drop a paste's tabs and line breaks, joining what they separated
// ("cat<Tab>sat", a spreadsheet's two cells, became "catsat"). Into such a field they come as
// spaces, line breaks at the ends (a copied cell's) as nothing. A multi-line field takes the text
// as it is (the Import box keeps a pasted table's tabs).
std::string for_the_active_field(const std::string& text) {
    const ImGuiContext* g = ImGui::GetCurrentContext();
    // (InputTextState.Flags holds a field's flags only during its own call; the text editor's
    // state keeps whether the active field is single-line.)
    if (!g || g->InputTextState.ID == 0 || g->InputTextState.ID != g->ActiveId || !g->InputTextState.Stb.single_line)
        return text;
    size_t first = 0, last = text.size();
    while (first < last && (text[first] == '\n' || text[first] == '\r')) ++first;
    while (last > first && (text[last - 1] == '\n' || text[last - 1] == '\r')) --last;
    std::string out;
    out.reserve(last - first);
    for (size_t i = first; i < last; ++i) {
        if (text[i] == '\r' && i + 1 < last && text[i + 1] == '\n') continue;  // CR LF: one space
        out += text[i] == '\t' || text[i] == '\n' || text[i] == '\r' ? ' ' : text[i];
    }
    return out;
}
}  // namespace

void imgui_backend_paste(const std::string& pasted) {
    Backend* bd = backend();
    if (!bd) return;  // no ImGui (no WebGL): nothing to paste into
    const std::string text = for_the_active_field(pasted);
#ifdef __EMSCRIPTEN__
    bd->clipboard = text;
#else
    SDL_SetClipboardText(text.c_str());
#endif
    bd->paste_stage = 1;
}

bool imgui_backend_paste_pending() {
    const Backend* bd = backend();
    return bd && bd->paste_stage != 0;
}

void imgui_backend_pointer_lifted(bool lifted) {
    if (Backend* bd = backend()) bd->pointer_lifted = lifted;
}

}  // namespace attn
