// Test helper for check_generated_code.py: prints, as JSON, the PyTorch code the explainer
// generates for a state and every value its print() calls should show.
//   pytorch_code_tool EXAMPLE [OVERRIDES_JSON]
// OVERRIDES_JSON replaces top-level members of the example's state document, e.g.
//   pytorch_code_tool your-journey '{"projection": {"enabled": true}, "causal": true}'
#include <cstdio>
#include <string>

#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/pytorch_code.h"

using namespace attn;

int main(int argc, char** argv) {
    if (argc < 2 || argc > 3) {
        std::fprintf(stderr, "usage: pytorch_code_tool EXAMPLE [OVERRIDES_JSON]\n");
        return 2;
    }
    State state;
    if (!load_example(argv[1], &state)) {
        std::fprintf(stderr, "error: %s\n", unknown_example_message(argv[1]).c_str());
        return 2;
    }
    if (argc == 3) {
        JsonParseResult doc = parse_json(serialize_state(state));
        const JsonParseResult patch = parse_json(argv[2]);
        if (!patch.ok || !patch.value.is_object()) {
            std::fprintf(stderr, "error: OVERRIDES_JSON is not a JSON object: %s\n", patch.error.c_str());
            return 2;
        }
        // Each key replaces the document's, or is added: "module" is absent while no class runs.
        for (const auto& member : patch.value.members) {
            bool replaced = false;
            for (auto& existing : doc.value.members)
                if (existing.first == member.first) {
                    existing.second = member.second;
                    replaced = true;
                }
            if (!replaced) doc.value.add(member.first, member.second);
        }
        const ParseResult parsed = parse_state(write_json(doc.value));
        if (!parsed.ok) {
            std::fprintf(stderr, "error: %s\n", parsed.error.c_str());
            return 2;
        }
        state = parsed.state;
    }
    const PyTorchCode code = pytorch_code(state, compute_attention(state));
    JsonValue out = JsonValue::object();
    out.add("code", JsonValue::from_string(code.code));
    JsonValue outputs = JsonValue::array();
    for (const CodeOutput& o : code.outputs) {
        JsonValue item = JsonValue::object();
        item.add("expression", JsonValue::from_string(o.expression));
        JsonValue shape = JsonValue::array();
        for (int d : o.shape) shape.push_back(JsonValue::from_int(d));
        item.add("shape", shape);
        JsonValue values = JsonValue::array();
        for (float v : o.values) values.push_back(JsonValue::from_float_or_string(v));
        item.add("values", values);
        item.add("full", JsonValue::from_bool(o.full));
        item.add("text", JsonValue::from_string(o.text));
        outputs.push_back(item);
    }
    out.add("outputs", outputs);
    std::printf("%s\n", write_json(out).c_str());
    return 0;
}
