// Attention scores explainer: a table of contents. The app lives in app.cpp; the platform layer
// decides who drives frames.
#include <cstdio>

#include "app/app.h"
#include "platform/main_loop.h"

int main(int, char**) {
    static attn::App app;  // static: the browser's main loop outlives main()
    if (!attn::app_init(&app)) return 1;
    attn::run_main_loop(attn::app_frame, &app, &app.quit);
    attn::app_shutdown(&app);
    return 0;
}
