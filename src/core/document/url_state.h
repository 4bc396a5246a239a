// The state in a URL fragment, for deep links: a short readable form for an unedited built-in
// example (#example=your-journey&query=1&causal=1) and a complete form (#state=<base64url JSON>).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/base64url.h"
#include "core/document/state.h"

namespace attn {

// A fragment is at most a base64url document of kMaxDocumentBytes plus room for short keys.
constexpr size_t kMaxFragmentBytes = 4 * ((kMaxDocumentBytes + 2) / 3) + 4096;
// At most this many warnings and refused keys are listed; the rest are counted ("and 3 more").
constexpr size_t kMaxUrlMessages = 8;

struct UrlParseResult {
    State state;                        // always valid: the link applied, or the fallback
    std::vector<std::string> warnings;  // keys that were ignored because they are unknown
    std::vector<std::string> applied;   // the link keys that were applied, in the link's order
    std::string error;                  // "" when every key applied; else what was refused and why
    Sentence refusal;        // the error as sentences the learner reads translated; english(refusal) == error
    bool fell_back = false;  // the whole link was refused: state is the fallback
    bool ok() const { return error.empty(); }
};

// Reads a URL fragment ("#..." or without the '#'). The rules:
// - Empty: the fallback, no error.
// - Pairs key=value separated by '&'; keys and values are percent-decoded ("%2C" is ','; '+' stays
//   '+'). Empty pairs ("a=1&&b=2", a trailing '&') are skipped.
// - The base document comes first, whatever the order in the text: state=<base64url of the state
//   JSON> (the complete form), else example=<name> (a built-in example), else the fallback.
//   Every other key then changes that base: query, norm, causal, scale, project, seed, d_out,
//   lab_scale, step, panels, module (see url_state.cpp for each value's form).
// - Fatal (the whole link is refused, state = fallback, fell_back = true): a fragment longer
//   than kMaxFragmentBytes, a state= that is not base64url or not a valid document, an unknown
//   example name. A stale or mistyped link then shows the default view with the reason.
// - Per key (that key is refused, the rest applied, error lists each refused key): a bad value
//   (query=abc, norm=max, query=9 with 6 tokens), bad percent-encoding, a key without '=', a key
//   given twice (the first one counts), example together with state.
// - Unknown keys are ignored with a warning (a link from a newer version still opens). The page's
//   own keys embed, theme and origins are not state: they are ignored silently.
UrlParseResult parse_url_fragment(std::string_view fragment, const State& fallback);

// The fragment (without '#') for a state: the short form when state.example names a built-in
// example, tokens and inputs are still the example's and the lesson object is at its defaults
// (the short form has no keys for it); otherwise "state=" + base64url of
// serialize_state(state). parse_url_fragment(url_fragment_for_state(s), any).state == s for every
// valid s.
std::string url_fragment_for_state(const State& state);
// The same, or "" when it would be longer than max_bytes; a state far too large for a link (a
// 1024 x 1024 document) is recognised from a cheap bound on its length before anything is written.
std::string url_fragment_for_state(const State& state, size_t max_bytes);

}  // namespace attn
