// The SDL2 window and its OpenGL ES 3.0 context (WebGL2 in the browser): the one place that creates
// them. ES 3.0 on both builds, so the renderer and the shaders (#version 300 es) are the same text.
#pragma once
#include <string>

struct SDL_Window;

namespace attn {

struct Window {
    SDL_Window* sdl_window = nullptr;
    void* gl_context = nullptr;
    std::string error;  // "Error: SDL_CreateWindow(): ..." when creation failed
};

// Creates a resizable, HiDPI-aware window (on the web: the #canvas, sized by CSS).
bool create_window(const char* title, int width, int height, Window* out);
void destroy_window(Window* window);
// Resizes the window to width x height window units (CSS pixels on the web; the drawing buffer
// follows at devicePixelRatio). Sizes below 1 are ignored, and so is the current size unless
// density_changed: then the drawing buffer is sized again for the new pixel ratio.
void window_set_size(Window* window, int width, int height, bool density_changed = false);
// Size of the window's framebuffer in pixels (window size x devicePixelRatio).
void window_drawable_size(Window* window, int* width, int* height);
// Shows what was drawn this frame (swaps the buffers; on the web the browser composites it).
void window_swap(Window* window);

}  // namespace attn
