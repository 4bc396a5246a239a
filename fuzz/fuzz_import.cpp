// Pasted text: import_embeddings never crashes; a refusal has a short message and no data; an
// accepted paste has a valid shape, finite values and labels that pass validate_label, applies to
// a valid state, and exports in each of the three forms to text that imports to the same bits.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/document/examples.h"
#include "core/document/import/import_text.h"
#include "core/document/json.h"
#include "core/document/state.h"
#include "fuzz_check.h"

using namespace attn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);

    float cell = 0;  // the same text as one typed table cell
    if (parse_number_text(text, &cell).empty()) FUZZ_CHECK(std::isfinite(cell), "a typed cell is finite");
    FUZZ_CHECK(truncate_utf8(text, size / 2).size() <= size / 2, "truncate_utf8 keeps to the limit");
    const std::string clean = sanitize_utf8(text);
    FUZZ_CHECK(utf8_error_offset(clean) == clean.size() && clean.find('\0') == std::string::npos,
               "sanitize_utf8 gives valid UTF-8 without NUL");
    if (utf8_error_offset(text) == size && text.find('\0') == std::string::npos)
        FUZZ_CHECK(clean == text, "sanitize_utf8 keeps valid text as it is");

    const ImportResult r = import_embeddings(text);
    if (!r.ok) {
        FUZZ_CHECK(!r.error.empty(), "a refused paste has a message");
        FUZZ_CHECK(r.error.size() < 1024, "messages stay short whatever the paste");
        FUZZ_CHECK(r.tokens.empty() && r.inputs.empty(), "a refused paste gives no data");
        return 0;
    }
    const Matrix& x = r.inputs;
    FUZZ_CHECK(x.rows >= 1 && x.rows <= kMaxTokens && x.cols >= 1 && x.cols <= kMaxDims, "shape within limits");
    FUZZ_CHECK(x.data.size() == size_t(x.rows) * size_t(x.cols), "data matches the shape");
    for (float v : x.data) FUZZ_CHECK(std::isfinite(v), "every value finite");
    FUZZ_CHECK(r.tokens.empty() || r.tokens.size() == size_t(x.rows), "labels: none or one per row");
    for (const std::string& t : r.tokens) FUZZ_CHECK(validate_label(t, "label").empty(), "labels are valid");

    static State base = [] {
        State s;
        load_example("your-journey", &s);
        return s;
    }();
    const State next = apply_import(base, r);
    FUZZ_CHECK(validate_state(next).empty(), "the applied import is a valid state");
    for (ExportFormat f : {ExportFormat::Json, ExportFormat::Csv, ExportFormat::Torch}) {
        const ImportResult back = import_embeddings(export_embeddings(next, f));
        FUZZ_CHECK(back.ok, "exported embeddings import again");
        FUZZ_CHECK(back.tokens == next.tokens, "labels survive export and import");
        FUZZ_CHECK(same_bits(back.inputs, next.inputs), "inputs survive export and import bit-exact");
    }
    return 0;
}
