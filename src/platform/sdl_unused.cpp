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

// Surfaces (SDL_surface.c): the page never makes one. SDL reaches them only through paths it does
// not take here (a window framebuffer for software drawing, colour cursors, window icons), so each
// creation fails with an SDL error and everything else does nothing (about 3 KB gzip of wasm).
SDL_Surface* SDL_CreateRGBSurfaceWithFormat(Uint32, int, int, int, Uint32) {
    SDL_SetError("surfaces are left out of the web build");
    return nullptr;
}
SDL_Surface* SDL_CreateRGBSurface(Uint32, int, int, int, Uint32, Uint32, Uint32, Uint32) {
    return SDL_CreateRGBSurfaceWithFormat(0, 0, 0, 0, 0);
}
SDL_Surface* SDL_CreateRGBSurfaceFrom(void*, int, int, int, int, Uint32, Uint32, Uint32, Uint32) {
    return SDL_CreateRGBSurfaceWithFormat(0, 0, 0, 0, 0);
}
SDL_Surface* SDL_CreateRGBSurfaceWithFormatFrom(void*, int, int, int, int, Uint32) {
    return SDL_CreateRGBSurfaceWithFormat(0, 0, 0, 0, 0);
}
SDL_Surface* SDL_DuplicateSurface(SDL_Surface*) {
    return SDL_CreateRGBSurfaceWithFormat(0, 0, 0, 0, 0);
}
SDL_Surface* SDL_ConvertSurface(SDL_Surface*, const SDL_PixelFormat*, Uint32) {
    return SDL_CreateRGBSurfaceWithFormat(0, 0, 0, 0, 0);
}
SDL_Surface* SDL_ConvertSurfaceFormat(SDL_Surface*, Uint32, Uint32) {
    return SDL_CreateRGBSurfaceWithFormat(0, 0, 0, 0, 0);
}
void SDL_FreeSurface(SDL_Surface*) {}
int SDL_SetSurfacePalette(SDL_Surface*, SDL_Palette*) {
    return -1;
}
int SDL_SetSurfaceRLE(SDL_Surface*, int) {
    return -1;
}
SDL_bool SDL_HasSurfaceRLE(SDL_Surface*) {
    return SDL_FALSE;
}
int SDL_SetColorKey(SDL_Surface*, int, Uint32) {
    return -1;
}
SDL_bool SDL_HasColorKey(SDL_Surface*) {
    return SDL_FALSE;
}
int SDL_GetColorKey(SDL_Surface*, Uint32*) {
    return -1;
}
int SDL_SetSurfaceColorMod(SDL_Surface*, Uint8, Uint8, Uint8) {
    return -1;
}
int SDL_GetSurfaceColorMod(SDL_Surface*, Uint8*, Uint8*, Uint8*) {
    return -1;
}
int SDL_SetSurfaceAlphaMod(SDL_Surface*, Uint8) {
    return -1;
}
int SDL_GetSurfaceAlphaMod(SDL_Surface*, Uint8*) {
    return -1;
}
int SDL_SetSurfaceBlendMode(SDL_Surface*, SDL_BlendMode) {
    return -1;
}
int SDL_GetSurfaceBlendMode(SDL_Surface*, SDL_BlendMode*) {
    return -1;
}
SDL_bool SDL_SetClipRect(SDL_Surface*, const SDL_Rect*) {
    return SDL_FALSE;
}
void SDL_GetClipRect(SDL_Surface*, SDL_Rect*) {}
int SDL_UpperBlit(SDL_Surface*, const SDL_Rect*, SDL_Surface*, SDL_Rect*) {
    return -1;
}
int SDL_LowerBlit(SDL_Surface*, SDL_Rect*, SDL_Surface*, SDL_Rect*) {
    return -1;
}
int SDL_UpperBlitScaled(SDL_Surface*, const SDL_Rect*, SDL_Surface*, SDL_Rect*) {
    return -1;
}
int SDL_LowerBlitScaled(SDL_Surface*, SDL_Rect*, SDL_Surface*, SDL_Rect*) {
    return -1;
}
int SDL_LockSurface(SDL_Surface*) {
    return -1;
}
void SDL_UnlockSurface(SDL_Surface*) {}
int SDL_ConvertPixels(int, int, Uint32, const void*, int, Uint32, void*, int) {
    return -1;
}
int SDL_PremultiplyAlpha(int, int, Uint32, const void*, int, Uint32, void*, int) {
    return -1;
}

// SDL's EGL layer keeps eglGetProcAddress for SDL_GL_GetProcAddress, and Emscripten's answers from
// a table of every GL and WebGL function name (about 2 KB gzip of wasm). Nothing here looks GL
// functions up by name: the renderer and Dear ImGui's backend call them directly, and SDL's own
// lookups (extension and attribute queries the app never makes) then report "not available".
void* eglGetProcAddress(const char*) {
    return nullptr;
}

}  // extern "C"
#endif
