// Size: the web build draws with WebGL2 only, so SDL2's software blitters (SDL_blit*.c and the
// RLE accelerator, about 190 KB of wasm) are never called, and no GL function is looked up by
// name. They are linked anyway because SDL can reach them, so these stand-ins take their place:
// the archive members that define the originals are then never pulled into the link. A surface
// blit, which this app never does, fails with an SDL error instead of drawing.
#ifdef __EMSCRIPTEN__
#include <SDL.h>

extern "C" {

int SDL_CalculateBlit(SDL_Surface*) {
    return SDL_SetError("software blitting is left out of the web build");
}
int SDL_RLESurface(SDL_Surface*) {
    return SDL_SetError("RLE surfaces are left out of the web build");
}
void SDL_UnRLESurface(SDL_Surface*, int) {}

// SDL's EGL layer keeps eglGetProcAddress for SDL_GL_GetProcAddress, and Emscripten's answers from
// a table of every GL and WebGL function name (about 2 KB gzip of wasm). Nothing here looks GL
// functions up by name: the renderer and Dear ImGui's backend call them directly, and SDL's own
// lookups (extension and attribute queries the app never makes) then report "not available".
void* eglGetProcAddress(const char*) {
    return nullptr;
}

}  // extern "C"
#endif
