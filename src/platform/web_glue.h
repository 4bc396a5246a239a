// The browser side of the app: the C functions behind window.attention (getState, setState,
// results, stats, layout) and the calls back into the page's JavaScript. Natively these are no-ops.
#pragma once
#include <string>

namespace attn {

struct App;

// Remembers the app for the exported functions and applies the state in the page's URL, if any.
void web_glue_init(App* app);
// Tells the page the first frame is on screen (resolves attention.ready).
void web_notify_first_frame(App* app);
// Tells the page there is no WebGL2, so it shows the numbers as text instead of a dead canvas.
void web_notify_no_graphics(App* app, const std::string& reason);
// Tells the page the state changed (URL hash, screen-reader mirror, host-page subscribers).
void web_notify_state_changed(App* app);

}  // namespace attn
