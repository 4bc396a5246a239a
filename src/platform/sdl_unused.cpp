// Size: the web build draws with WebGL2 only, so SDL2's software blitters (SDL_blit*.c and the
// RLE accelerator, about 190 KB of wasm) are never called. They are linked anyway because
// SDL_surface.c can reach them, so these stand-ins take their place: the archive members that
// define the originals are then never pulled into the link. A surface blit, which this app never
// does, fails with an SDL error instead of drawing.
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

}  // extern "C"
#endif
