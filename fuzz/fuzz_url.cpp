// URL fragments: parse_url_fragment never crashes and always yields a valid state (the link's, or
// the fallback when it falls back); the link written for that state reads back to it exactly.
#include <cstdint>
#include <string>

#include "core/document/examples.h"
#include "core/document/state.h"
#include "core/document/url_state.h"
#include "fuzz_check.h"

using namespace attn;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static const State fallback = [] {
        State s;
        load_example("your-journey", &s);
        return s;
    }();
    const std::string text(reinterpret_cast<const char*>(data), size);
    const UrlParseResult r = parse_url_fragment(text, fallback);
    FUZZ_CHECK(validate_state(r.state).empty(), "a link always gives a valid state");
    if (r.fell_back) {
        FUZZ_CHECK(r.state == fallback, "a refused link shows the fallback");
        FUZZ_CHECK(!r.error.empty(), "a refused link says why");
    }
    // kMaxUrlMessages listed, plus one "and N more" line.
    FUZZ_CHECK(r.error.size() < 16384 && r.warnings.size() <= kMaxUrlMessages + 1, "messages stay bounded");

    const std::string link = url_fragment_for_state(r.state);
    const UrlParseResult again = parse_url_fragment(link, fallback);
    FUZZ_CHECK(again.ok() && again.warnings.empty(), "a written link reads back without complaint");
    FUZZ_CHECK(again.state == r.state, "parse(link_for(s)) == s");
    FUZZ_CHECK(url_fragment_for_state(again.state) == link, "writing the link twice is stable");
    return 0;
}
