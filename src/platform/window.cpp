// SDL2 + OpenGL ES 3 set-up, in the shape of Dear ImGui's example_sdl2_opengl3.
#include "platform/window.h"

#include <SDL.h>

namespace attn {

bool create_window(const char* title, int width, int height, Window* out) {
#ifdef __EMSCRIPTEN__
    // Keyboard events only from the canvas: otherwise SDL takes Tab and F-keys from the whole page
    // (a keyboard trap for the course page around an embedded demo).
    SDL_SetHint(SDL_HINT_EMSCRIPTEN_KEYBOARD_ELEMENT, "#canvas");
#endif
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
        out->error = std::string("Error: SDL_Init(): ") + SDL_GetError();
        return false;
    }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_ES);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 0);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 0);
    const Uint32 flags = SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI;
    out->sdl_window = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, width, height, flags);
    if (!out->sdl_window) {
        out->error = std::string("Error: SDL_CreateWindow(): ") + SDL_GetError();
        return false;
    }
    out->gl_context = SDL_GL_CreateContext(out->sdl_window);
    if (!out->gl_context) {
        out->error = std::string("Error: SDL_GL_CreateContext(): ") + SDL_GetError() +
                     " (this demo needs OpenGL ES 3.0 / WebGL2)";
        return false;
    }
    SDL_GL_MakeCurrent(out->sdl_window, out->gl_context);
    SDL_GL_SetSwapInterval(1);
    return true;
}

void destroy_window(Window* window) {
    if (window->gl_context) SDL_GL_DeleteContext(window->gl_context);
    if (window->sdl_window) SDL_DestroyWindow(window->sdl_window);
    SDL_Quit();
    *window = Window{};
}

void window_set_size(Window* window, int width, int height, bool density_changed) {
    if (!window->sdl_window || width < 1 || height < 1) return;
    int current_w = 0, current_h = 0;
    SDL_GetWindowSize(window->sdl_window, &current_w, &current_h);
    // SDL's Emscripten driver reads devicePixelRatio again whenever the size is set.
    if (density_changed || width != current_w || height != current_h)
        SDL_SetWindowSize(window->sdl_window, width, height);
}

void window_drawable_size(Window* window, int* width, int* height) {
    SDL_GL_GetDrawableSize(window->sdl_window, width, height);
}

void window_swap(Window* window) {
    SDL_GL_SwapWindow(window->sdl_window);
}

}  // namespace attn
