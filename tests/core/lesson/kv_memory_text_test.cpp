// The KV-memory calculator as the text version reads it (attention.kvMemory): the repository's
// figures in the sentences, a refused kv-heads count or context named and not applied.
#include "core/lesson/kv_memory_text.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/json.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

JsonValue calculator(int preset, double kv_heads, double context) {
    const JsonParseResult parsed = parse_json(kv_memory_json(preset, kv_heads, context));
    REQUIRE(parsed.ok);
    return parsed.value;
}

}  // namespace

TEST_CASE("kv memory text: the repository's example with 8 kv heads keeps 4.29 GB, a quarter of multi-head's") {
    const JsonValue v = calculator(0, 8, 32768);
    CHECK(v.find("presets")->items.size() == size_t(kKvMemoryPresetCount));
    CHECK(v.find("presets")->items[2].text == "GPT-2 small (the book's model)");
    CHECK(v.find("error")->text.empty());
    CHECK(v.find("cache")->text == "4.29 GB");  // memory_estimator_gqa.py's GQA line
    CHECK(v.find("total")->text ==
          "With 8 kv heads: 4.29 GB; multi-head (32 kv heads) would keep 17.18 GB, 4.00\u00d7 as much.");
    CHECK(contains(v.find("arithmetic")->text, "head_dim = 128; one token adds 4096 bytes"));
    CHECK(contains(v.find("estimator")->text, "--n_kv_groups 4 with 32 heads is the 8 kv heads here"));
}

TEST_CASE("kv memory text: the sliding-window model keeps 0.78 GB, as memory_estimator_swa.py prints") {
    const JsonValue v = calculator(1, 8, 32768);
    CHECK(v.find("cache")->text == "0.78 GB");
    CHECK(contains(v.find("sizes")->text, "a 1024-token window in 5 of every 6 layers"));
    CHECK(contains(v.find("total")->text, "27 layers keep only the last 1024 tokens"));
}

TEST_CASE("kv memory text: kv heads that do not divide the heads, or a context out of range, are named, not used") {
    JsonValue v = calculator(0, 5, 32768);
    CHECK(v.find("error")->text == "kv heads is 5 but must divide the 32 heads: 1, 2, 4, 8, 16, 32");
    CHECK(v.find("kv_heads")->as_double() == 8);  // the model's own
    v = calculator(0, 2.5, 32768);
    CHECK(v.find("error")->text == "kv heads must be a whole number that divides the 32 heads: 1, 2, 4, 8, 16, 32");
    v = calculator(2, 12, 0);
    CHECK(v.find("error")->text == "the context must be a whole number of tokens from 1 to 16777216");
    CHECK(v.find("context")->as_double() == 1024);
    v = calculator(2, 6, 2048);  // GPT-2 small with 6 kv heads, twice its context
    CHECK(v.find("error")->text.empty());
    CHECK(v.find("kv_heads")->as_double() == 6);
    CHECK(v.find("context")->as_double() == 2048);
    CHECK(v.find("cache")->text == "0.08 GB");  // 64 x 6 x 2 x 4 bytes x 2048 tokens x 12 layers: 75.5 MB
    CHECK(calculator(99, 8, 100).find("preset")->as_double() == 0);  // an unknown model: the first
}
