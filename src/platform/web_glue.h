// The browser side of the app: the C functions behind window.attention (getState, setState,
// results, stats, layout, links, page options) and the calls back into the page's JavaScript.
// Natively these are no-ops.
#pragma once
#include <string>

namespace attn {

struct App;

// Remembers the app for the exported functions, reads the page options (embed, theme, reduced
// motion) and applies the state in the page's URL fragment, if any: all before the first frame.
void web_glue_init(App* app);
// Tells the page the first frame is on screen (resolves attention.ready).
void web_notify_first_frame(App* app);
// Tells the page there is no WebGL2, so it shows the numbers as text instead of a dead canvas.
void web_notify_no_graphics(App* app, const std::string& reason);
// Tells the page the state changed (URL hash, screen-reader mirror, host-page subscribers).
void web_notify_state_changed(App* app);
// Once per drawn frame, after ImGui::Render(): feeds text typed on a phone's on-screen keyboard
// (which SDL2 never raises; the page's text proxy collects it) to ImGui one step per frame, and
// tells the page when ImGui starts or stops editing a text field.
void web_after_frame(App* app);
// Sends an event to the page: Module.onEvent(kind, detail) reaches attention.onEvent listeners
// and postMessage subscribers as {type: "attention:event", kind, detail}. detail_json must be one
// JSON value ("null" when there is nothing to add), e.g. for a lesson:
// web_emit_event(app, "quiz-answered", R"({"step":3,"choice":1,"correct":true})").
void web_emit_event(App* app, const char* kind, const std::string& detail_json);

}  // namespace attn
