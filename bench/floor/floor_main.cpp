// The floor the page is measured against (bench/floor_bench.sh): what any Dear ImGui page built
// the same way costs before it teaches anything. The same toolchain and flags, SDL2, Dear ImGui
// with its GLES3 backend and the page's text font; one window with a few widgets and lines of
// text; no project code. It draws every display frame, so its CPU per frame is a frame's whole
// cost, and it marks its first frame for the benchmark (performance mark "floor-first-frame").
#include <GLES3/gl3.h>
#include <SDL.h>
#include <emscripten.h>
#include <emscripten/html5.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include "fonts_embedded.h"

namespace {

SDL_Window* g_window = nullptr;
int g_frames = 0;
float g_slider = 0.5f;
bool g_checked = true;
int g_clicks = 0;

// The canvas's CSS size decides the window's size; SDL sizes the drawing buffer at devicePixelRatio.
void follow_canvas_size() {
    double css_w = 0, css_h = 0;
    emscripten_get_element_css_size("#canvas", &css_w, &css_h);
    int w = 0, h = 0;
    SDL_GetWindowSize(g_window, &w, &h);
    if (int(css_w) != w || int(css_h) != h) SDL_SetWindowSize(g_window, int(css_w), int(css_h));
}

void frame(void*) {
    SDL_Event event;
    while (SDL_PollEvent(&event)) ImGui_ImplSDL2_ProcessEvent(&event);
    follow_canvas_size();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("floor", nullptr, ImGuiWindowFlags_NoDecoration);
    ImGui::TextUnformatted("The floor: Dear ImGui on SDL2 and WebGL2, built like the page.");
    ImGui::SliderFloat("a slider", &g_slider, 0.0f, 1.0f);
    ImGui::Checkbox("a checkbox", &g_checked);
    if (ImGui::Button("a button")) ++g_clicks;
    ImGui::SameLine();
    ImGui::Text("clicked %d times", g_clicks);
    for (int i = 0; i < 12; ++i) ImGui::Text("line %d of text, frame %d", i, g_frames);
    ImGui::End();
    ImGui::Render();

    int width = 0, height = 0;
    SDL_GL_GetDrawableSize(g_window, &width, &height);
    glViewport(0, 0, width, height);
    glClearColor(0.97f, 0.97f, 0.98f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (++g_frames == 1) EM_ASM(performance.mark('floor-first-frame'));
}

}  // namespace

extern "C" EMSCRIPTEN_KEEPALIVE int floor_frames() {
    return g_frames;
}

int main(int, char**) {
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return 1;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    g_window =
        SDL_CreateWindow("floor", 0, 0, 640, 480, SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
    if (!g_window) return 1;
    SDL_GLContext context = SDL_GL_CreateContext(g_window);
    if (!context) return 1;
    follow_canvas_size();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    int w = 0, dw = 0, h = 0;
    SDL_GetWindowSize(g_window, &w, &h);
    SDL_GL_GetDrawableSize(g_window, &dw, &h);
    const float scale = w > 0 ? float(dw) / float(w) : 1.0f;  // crisp text at devicePixelRatio, as the page
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;
    io.Fonts->AddFontFromMemoryTTF(const_cast<unsigned char*>(attn::fonts::kDejaVuSansSubsetTtf),
                                   int(attn::fonts::kDejaVuSansSubsetTtf_size), 15.0f * scale, &config);
    io.FontGlobalScale = 1.0f / scale;
    ImGui_ImplSDL2_InitForOpenGL(g_window, context);
    ImGui_ImplOpenGL3_Init("#version 300 es");
    emscripten_set_main_loop_arg(frame, nullptr, 0, true);
    return 0;
}
