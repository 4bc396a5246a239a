// The state document: everything the demo shows, as one value that parses from and serialises to
// JSON. The CLI (--state), the page's setState/getState, the URL (#state=) and postMessage all go
// through parse_state, so one validator guards every way a document enters the program.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/document/json.h"
#include "core/document/lesson_state.h"
#include "core/math/attention.h"
#include "core/math/attention_modules.h"
#include "core/math/matrix.h"
#include "core/math/normalize.h"

namespace attn {

// Limits, named so every message can quote them.
constexpr int kMaxTokens = 1024;
constexpr int kMaxDims = 1024;
constexpr int kMaxLabelBytes = 64;                         // UTF-8 bytes per token label
constexpr size_t kMaxDocumentBytes = 16u * 1024u * 1024u;  // a 1024 x 1024 document fits
constexpr int kMaxDOut = 1024;
constexpr uint64_t kMaxSeed = 9007199254740992ull;  // 2^53: every seed is exact as a JSON number
constexpr int kMaxLessonStep = 99;
constexpr float kMaxLabScale = 1000.0f;

// The book's classes of sections 3.4.2 to 3.6 (core/math/attention_modules.h), run on the inputs
// beside the lesson's own computation, which never sees them. In JSON: absent or null when off, else
// {"name": "self-attention-v2", "seed": 789, ...}; a key left out takes the book's value for the class.
struct ModuleDocument {
    bool enabled = false;
    ModuleSettings settings = book_module_settings(AttentionModule::SelfAttentionV2);
    // Off, the settings are not part of the document (they are not written): equal when both are off.
    bool operator==(const ModuleDocument& o) const {
        return enabled == o.enabled && (!enabled || settings == o.settings);
    }
    bool operator!=(const ModuleDocument& o) const { return !(*this == o); }
};

// The settings the numbers depend on (query, norm, projection, scale, causal, lab_scale: see
// core/math/attention.h) are the document's own fields; the rest is what the math never sees.
struct State : AttentionSettings {
    std::string example;              // built-in example it came from ("" once edited freely)
    std::vector<std::string> tokens;  // n labels
    Matrix inputs;                    // (n, d) embeddings, finite float32
    int step = 0;                     // lesson step, 0 = free exploration
    std::vector<std::string> panels;  // visible panels; empty = all
    LessonState lesson;               // question, answer, practice exercise, planted bug
    ModuleDocument module;            // the book's classes (nn.Linear, masks, dropout, heads)

    bool operator==(const State& o) const;
    bool operator!=(const State& o) const { return !(*this == o); }
};
// The same data and settings, so the same numbers on screen: all but the view of them (the step,
// the panels shown, the lesson's own fields).
bool same_numbers(const State& a, const State& b);

struct ParseResult {
    bool ok = false;
    State state;        // valid only when ok
    std::string error;  // names the field, the value and the fix when !ok
    // The same, when the document read but its state breaks a rule: as state_refusal() says it (a
    // module setting in words the interface translates); empty when the document itself is wrong.
    Sentence refusal;
};

// Parses and validates a whole document: every byte of json, NULs included (a NUL is an error,
// never the end of the text). Missing optional fields take their defaults; unknown fields are
// errors (they are usually typos). Nothing of a bad document is applied by callers.
ParseResult parse_state(std::string_view json);
// The panels a state (or a lesson step) may name: "inputs", "plot", ... and their list for messages.
bool is_panel_name(std::string_view name);
std::string panel_names();
// Reads the document's keys present in `object` onto *state and leaves the others as they are (a
// lesson step's setup): tokens and inputs come together or not at all; "version" and unknown keys
// are refused as in a document. "" when read, else the message, and *state may be partly changed
// (read into a copy). The cross-field rules are validate_state's.
std::string read_state_fields(const JsonValue& object, State* state);
// Checks a State built in code (by the UI, say) against the same rules; empty when valid. What a
// learner can break by typing (a field's value, a label, the module's settings) is refused in
// words the interface translates; the document's own rules (names, shapes, enumerators, for
// course authors and the API) in English as_is.
Sentence state_refusal(const State& state);
// The same in English: "" when valid, else "module: d_out is 0 but ...".
inline std::string validate_state(const State& state) {
    return english(state_refusal(state));
}

// After the inputs change length (a token removed, another example, an import, random inputs):
// the decoding module's prompt keeps within the sequence (prefill at most n, its chunk at most the
// prefill), so such an edit is never refused for a setting the learner did not touch. A document,
// a link or a typed prefill is still checked as it is (validate_state).
void fit_module_to_inputs(State* state);
// One token label's rules (at most kMaxLabelBytes, valid UTF-8, no control characters: labels are
// drawn as text, never interpreted), for code that builds labels: nothing said when fine, else a
// sentence starting with name ("tokens[2] is 70 bytes long but the limit is 64 bytes ...").
Sentence label_refusal(const std::string& label, const std::string& name);
// The same in English: "" when fine.
std::string validate_label(const std::string& label, const std::string& name);
// Canonical JSON: parse_state(serialize_state(s)).state == s, and serialising twice is stable.
std::string serialize_state(const State& state);

}  // namespace attn
