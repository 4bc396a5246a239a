// The only file that knows who drives frames: the browser's requestAnimationFrame under
// Emscripten, a plain loop natively. Both call the same frame function, and both can sleep while
// nothing changes (pages embed several copies; an idle demo must cost nothing).
#pragma once

namespace attn {

using FrameFunction = void (*)(void* user);

// Runs frame(user) until *quit becomes true (natively). In the browser it never returns.
void run_main_loop(FrameFunction frame, void* user, const bool* quit);

// Called by a frame that found nothing to do. Natively: blocks until an input event arrives (or
// timeout_ms passes) and returns true so the frame goes on. In the browser: pauses the main loop
// until the page wakes it (input, resize, an API call, or a timer wake_main_loop_in set) and
// returns false: skip this frame.
bool wait_for_events(int timeout_ms);

// In the browser: resumes a paused main loop after delay_ms (a timer, not animation frames in
// between). Natively a no-op: the caller passes the delay to wait_for_events instead.
void wake_main_loop_in(double delay_ms);

// Restarts a paused browser main loop; natively a no-op (the loop never stops).
void resume_main_loop();

// Milliseconds since start, for stats and animation.
double now_ms();

}  // namespace attn
