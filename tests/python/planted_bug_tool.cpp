// Test helper for check_planted_bugs.py: plants a Debug this bug of the classes after chapter 3 as
// the lesson does (the book's inputs, the bug's class), traces it, and prints as JSON what the
// learner reads as "expected" and "printed", with the inputs and the class's settings.
//   planted_bug_tool BUG [SETTINGS_JSON]
// BUG: cache-mask-no-offset, repeat-not-interleave, sdpa-book-mask or window-drops-chunk-keys;
// SETTINGS_JSON changes whole-number settings of the bug's class, e.g. '{"prefill": 6, "chunk": 0}'
// (prefill, chunk, heads, kv_groups, window, d_out).
#include <cstdio>
#include <iterator>
#include <string>

#include "builtin/builtin_lesson.h"
#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/track.h"
#include "core/math/attention_modules.h"

using namespace attn;

namespace {

JsonValue numbers(const Vector& v) {
    JsonValue out = JsonValue::array();
    for (float x : v) out.push_back(JsonValue::from_float_or_string(x));
    return out;
}

// A step's values as rows (a matrix) or one row (a vector).
JsonValue rows_of(const Vector& v, int rows, int cols) {
    if (rows <= 0) return numbers(v);
    JsonValue out = JsonValue::array();
    for (int r = 0; r < rows; ++r) out.push_back(numbers(Vector(v.begin() + r * cols, v.begin() + (r + 1) * cols)));
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    Bug bug = Bug::None;
    if (argc < 2 || argc > 3 || !parse_bug(argv[1], &bug) || bug == Bug::None) {
        std::fprintf(stderr, "usage: planted_bug_tool BUG [SETTINGS_JSON] (BUG one of %s, not none)\n",
                     bug_choices().c_str());
        return 2;
    }
    State base;
    load_example("your-journey", &base);
    State s = enter_bug(bug, base);
    if (argc == 3) {
        const JsonParseResult patch = parse_json(argv[2]);
        if (!patch.ok || !patch.value.is_object()) {
            std::fprintf(stderr, "error: SETTINGS_JSON is not a JSON object\n");
            return 2;
        }
        ModuleSettings& m = s.module.settings;
        int* const fields[] = {&m.prefill, &m.chunk, &m.heads, &m.kv_groups, &m.window, &m.d_out};
        const char* const names[] = {"prefill", "chunk", "heads", "kv_groups", "window", "d_out"};
        for (const auto& member : patch.value.members) {
            size_t k = 0;
            while (k < std::size(names) && member.first != names[k]) ++k;
            if (k == std::size(names) || !member.second.is_number()) {
                std::fprintf(stderr, "error: SETTINGS_JSON: %s is not a whole-number setting\n", member.first.c_str());
                return 2;
            }
            *fields[k] = int(member.second.as_double());
        }
    }
    const BugTrace t = trace_bug(builtin_catalog(), bug, s);
    if (!t.error.empty() || t.steps.empty()) {
        std::fprintf(stderr, "error: %s\n", t.error.c_str());
        return 1;
    }
    const ModuleSettings& m = s.module.settings;
    JsonValue settings = JsonValue::object();
    settings.add("module", JsonValue::from_string(module_name(m.module)));
    settings.add("seed", JsonValue::from_int(int(m.seed)));
    settings.add("d_out", JsonValue::from_int(m.d_out));
    settings.add("heads", JsonValue::from_int(m.heads));
    settings.add("kv_groups", JsonValue::from_int(m.kv_groups));
    settings.add("window", JsonValue::from_int(m.window));
    settings.add("decode", JsonValue::from_bool(m.decode));
    settings.add("prefill", JsonValue::from_int(m.prefill));
    settings.add("chunk", JsonValue::from_int(m.chunk));
    JsonValue inputs = JsonValue::array();
    for (int r = 0; r < s.inputs.rows; ++r)
        inputs.push_back(numbers(Vector(s.inputs.row(r), s.inputs.row(r) + s.inputs.cols)));
    const TraceStep& printed = t.steps.back();
    JsonValue out = JsonValue::object();
    out.add("bug", JsonValue::from_string(bug_name(bug)));
    out.add("settings", settings);
    out.add("inputs", inputs);
    out.add("first_divergence", JsonValue::from_int(t.first_divergence));
    out.add("expected", rows_of(printed.expected, printed.rows, printed.cols));
    out.add("printed", rows_of(printed.actual, printed.rows, printed.cols));
    std::printf("%s\n", write_json(out).c_str());
    return 0;
}
