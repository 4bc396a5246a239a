// The page's JavaScript API on the app's side: the C functions behind window.attention
// (getState, setState, results, stats, layout, links, page options, the phone keyboard) that
// web/attention.js calls, each answering from the App. Natively there is no page: a no-op.
#pragma once

namespace attn {

struct App;

// Remembers the app for the exported functions, takes the page options (embed, theme, reduced
// motion) and visibility the page worked out, applies the link in the page's URL fragment, if
// any, and tells the page its API answers: all before the first frame, with or without WebGL.
void web_api_init(App* app);

}  // namespace attn
