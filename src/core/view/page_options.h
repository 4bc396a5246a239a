// How the page around the demo wants it shown: not part of the state document (a link's theme or
// embed mode is the host page's choice, not the learner's). The web glue fills it from the page
// URL and the browser's preferences, and refreshes it when they change; natively it keeps these
// defaults. The UI reads it every frame.
#pragma once

namespace attn {

enum class Theme { Light, Dark };

struct PageOptions {
    // ?embed=1, or the page runs inside an iframe (and no ?embed=0): minimal chrome. The UI drops
    // the title line and decorative text, keeps the panels listed in state.panels, and leaves
    // room for the page's "Copy link" buttons in the bottom-right corner.
    bool embed = false;
    // theme=light|dark|auto from the URL; auto is resolved from prefers-color-scheme and follows
    // it live. The UI switches its ImGui colours, plot background and heatmap frame to match.
    Theme theme = Theme::Light;
    // prefers-reduced-motion: reduce. Nothing moves on its own: Play steps without fades or
    // easing, camera changes jump, and nothing auto-plays.
    bool reduced_motion = false;
    // The last pointer input was a finger: hit targets may want to be larger.
    bool touch = false;
    // The page can open another of the demo's lessons (the chapter's wrap-up leads on to the one
    // after it): a web page no course grades. Not where SCORM, xAPI, pass= or steps= grade this
    // lesson (leaving it would leave the graded one), nor natively.
    bool opens_lessons = false;
    bool operator==(const PageOptions& o) const {
        return embed == o.embed && theme == o.theme && reduced_motion == o.reduced_motion && touch == o.touch &&
               opens_lessons == o.opens_lessons;
    }
    bool operator!=(const PageOptions& o) const { return !(*this == o); }
};

}  // namespace attn
