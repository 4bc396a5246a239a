// emscripten_set_main_loop_arg with fps 0 uses requestAnimationFrame (paused when the tab hides);
// pause/resume instead of busy-waiting, because SDL_WaitEventTimeout spins on the web.
#include "platform/main_loop.h"

#include <SDL.h>

#include <algorithm>
#include <cmath>

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace attn {

#ifdef __EMSCRIPTEN__
static bool g_paused = false;

void run_main_loop(FrameFunction frame, void* user, const bool*) {
    emscripten_set_main_loop_arg(frame, user, 0, true);
}

bool wait_for_events(int) {
    if (!g_paused) {
        g_paused = true;
        emscripten_pause_main_loop();
    }
    return false;
}

void resume_main_loop() {
    if (g_paused) {
        g_paused = false;
        emscripten_resume_main_loop();
    }
}

static void resume_from_timer(void*) {
    resume_main_loop();
}

void wake_main_loop_in(double delay_ms) {
    emscripten_async_call(resume_from_timer, nullptr, int(std::ceil(std::max(delay_ms, 0.0))));
}

double now_ms() {
    return emscripten_get_now();
}
#else
void run_main_loop(FrameFunction frame, void* user, const bool* quit) {
    while (!*quit) frame(user);
}

bool wait_for_events(int timeout_ms) {
    SDL_WaitEventTimeout(nullptr, timeout_ms);
    return true;
}

void resume_main_loop() {}

void wake_main_loop_in(double) {}

double now_ms() {
    return double(SDL_GetPerformanceCounter()) * 1000.0 / double(SDL_GetPerformanceFrequency());
}
#endif

}  // namespace attn
