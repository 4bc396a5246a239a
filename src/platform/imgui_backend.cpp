// The backends from Dear ImGui's examples (imgui_impl_sdl + imgui_impl_opengl3 with
// IMGUI_IMPL_OPENGL_ES3, "#version 300 es"), plus HiDPI font handling ImGui 1.86 lacks.
#include "platform/imgui_backend.h"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <imgui_impl_sdl.h>

#include "ui/ui.h"

namespace attn {
namespace {

float g_font_pixel_scale = 0.0f;  // framebuffer pixels per window unit the atlas was built for

float pixel_scale(Window* window) {
    int w = 0, h = 0, dw = 0, dh = 0;
    SDL_GetWindowSize(window->sdl_window, &w, &h);
    SDL_GL_GetDrawableSize(window->sdl_window, &dw, &dh);
    return w > 0 ? float(dw) / float(w) : 1.0f;
}

void rebuild_fonts(float scale) {
    // Glyphs rasterised at the real pixel size, then shown at 1/scale: crisp at 2x and 3x.
    ui::setup_style(scale);
    ImGui::GetIO().FontGlobalScale = 1.0f / scale;
    g_font_pixel_scale = scale;
}

}  // namespace

bool imgui_backend_init(Window* window) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // layout comes from code and the URL, not a file
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    ImGui_ImplSDL2_InitForOpenGL(window->sdl_window, window->gl_context);
    ImGui_ImplOpenGL3_Init("#version 300 es");
    rebuild_fonts(pixel_scale(window));
    return true;
}

void imgui_backend_shutdown() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplSDL2_Shutdown();
    ImGui::DestroyContext();
}

EventSummary imgui_backend_pump_events(Window* window) {
    EventSummary summary;
    SDL_Event event;
    while (SDL_PollEvent(&event)) {
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
    return summary;
}

void imgui_backend_new_frame(Window* window) {
    const float scale = pixel_scale(window);
    if (scale != g_font_pixel_scale) {
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui::GetIO().Fonts->Clear();
        rebuild_fonts(scale);
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplSDL2_NewFrame();
    ImGui::NewFrame();
}

void window_drawable_size(Window* window, int* width, int* height) {
    SDL_GL_GetDrawableSize(window->sdl_window, width, height);
}

void imgui_backend_present(Window* window) {
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    SDL_GL_SwapWindow(window->sdl_window);
}

}  // namespace attn
