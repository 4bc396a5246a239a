// State documents: parse_state never crashes; an accepted document is valid, serialises to text
// that parses to the same state (floats bit-exact) and serialises again to the same text; the
// whole computation and its JSON run on it; a refused one leaves an empty state and a message.
#include <cstdint>
#include <cstring>
#include <string>

#include "core/document/import/import_text.h"
#include "core/document/results_json.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "fuzz_check.h"

using namespace attn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const ParseResult a = parse_state(text);
    if (!a.ok) {
        FUZZ_CHECK(!a.error.empty(), "a refused document has a message");
        FUZZ_CHECK(a.state == State(), "a refused document leaves the default state");
        FUZZ_CHECK(a.error.size() < 2048, "messages stay short whatever the input");
        return 0;
    }
    FUZZ_CHECK(validate_state(a.state).empty(), "an accepted document is valid");
    const std::string once = serialize_state(a.state);
    const ParseResult b = parse_state(once);
    FUZZ_CHECK(b.ok, "serialize_state output parses");
    FUZZ_CHECK(b.state == a.state, "parse(serialize(parse(x))) == parse(x)");
    FUZZ_CHECK(same_bits(b.state.inputs, a.state.inputs), "inputs round-trip bit-exact");
    FUZZ_CHECK(serialize_state(b.state) == once, "serialising twice is stable");

    // Everything a valid state reaches: the numbers, their JSON, and the paste round-trip.
    const AttentionResult r = compute_attention(a.state);
    FUZZ_CHECK(r.scores.size() == a.state.tokens.size(), "one score per token");
    FUZZ_CHECK(!results_json(a.state, r).empty(), "results_json writes something");
    for (ExportFormat f : {ExportFormat::Json, ExportFormat::Csv, ExportFormat::Torch}) {
        const ImportResult back = import_embeddings(export_embeddings(a.state, f));
        FUZZ_CHECK(back.ok, "exported embeddings import again");
        FUZZ_CHECK(back.tokens == a.state.tokens, "labels survive export and import");
        FUZZ_CHECK(same_bits(back.inputs, a.state.inputs), "inputs survive export and import bit-exact");
    }
    return 0;
}
