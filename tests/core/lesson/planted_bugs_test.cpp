// The planted bugs of the book's classes panel, as the core says them: which classes offer each,
// what it does to head 0's weights, and the sentence with the number that shows it.
#include "core/lesson/planted_bugs.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/examples.h"
#include "core/test_helpers.h"
#include "core/text/printf_text.h"
#include "core/text/prose_format.h"

using namespace attn;
using attn_test::contains;

namespace {

ModuleResult run_class(AttentionModule m, double dropout = 0.0) {
    State s;
    load_example("your-journey", &s);
    ModuleSettings settings = book_module_settings(m);
    settings.dropout = dropout;
    ModuleRun run;
    REQUIRE(update_module_run(s.inputs, settings, &run));
    REQUIRE(run.result.error.empty());
    return run.result;
}

const std::vector<std::string> kTokens = {"Your", "journey", "starts", "with", "one", "step"};

}  // namespace

TEST_CASE("planted bugs: masking with 0 leaks the future, the flipped mask reads only it") {
    const ModuleResult r = run_class(AttentionModule::CausalAttention);
    const PlantedBugView zero = planted_bug(PlantedBug::ZeroMask, r, 0, kTokens);
    REQUIRE(zero.offered);
    REQUIRE(zero.weights != nullptr);
    float leak = 0;
    for (int c = 1; c < 6; ++c) leak += zero.weights->at(0, c);
    CHECK(leak > 0.5f);  // exp(0) = 1 for each of the five masked keys
    CHECK(zero.value == num(leak));
    CHECK(zero.shows);
    CHECK(contains(english(zero.says), "\"Your\" still gives " + printf_text("%.4f", double(leak))));
    const PlantedBugView flipped = planted_bug(PlantedBug::FlippedMask, r, 0, kTokens);
    REQUIRE(flipped.weights != nullptr);
    CHECK(flipped.weights->at(5, 5) == doctest::Approx(1.0f));  // the last token sees only itself
    CHECK(contains(english(flipped.says), "\"step\" sees only itself (1.00)"));
    // CausalAttention's (b, n, n) weights have dim=1 as the queries: offered, and wrong.
    const PlantedBugView dim = planted_bug(PlantedBug::WrongDim, r, 0, kTokens);
    REQUIRE(dim.offered);
    CHECK(dim.value != "1.0000");
    // No dropout, no heads split from one projection: not offered.
    CHECK_FALSE(planted_bug(PlantedBug::UnscaledDropout, r, 0, kTokens).offered);
    CHECK_FALSE(planted_bug(PlantedBug::NoTranspose, r, 0, kTokens).offered);
    CHECK_FALSE(planted_bug(PlantedBug::WrongScale, r, 0, kTokens).offered);
}

TEST_CASE("planted bugs: dropout without rescaling shrinks the rows' sums by about 1 - p") {
    const ModuleResult r = run_class(AttentionModule::CausalAttention, 0.5);
    const PlantedBugView v = planted_bug(PlantedBug::UnscaledDropout, r, 0, kTokens);
    REQUIRE(v.offered);
    REQUIRE(v.weights == &r.batches[0][0].weights_dropped_unscaled);
    CHECK(std::stof(v.value) < 0.9f);
    CHECK(contains(english(v.says), "about 1 - p = 0.50 expected"));
    CHECK(contains(english(v.says), "2.00 times larger"));
}

TEST_CASE("planted bugs: .view without .transpose scrambles the heads' rows; sqrt(d_out) flattens head 0") {
    const ModuleResult r = run_class(AttentionModule::MultiHeadAttention);  // 2 heads, head_dim 1, 6 tokens
    const PlantedBugView right = planted_bug(PlantedBug::NoTranspose, r, 0, kTokens, true);
    REQUIRE(right.rows_hold.size() == 2);
    CHECK(right.rows_hold[1] == std::vector<int>{0, 1, 2, 3, 4, 5});
    CHECK(right.value == "0");
    CHECK_FALSE(right.shows);
    const PlantedBugView bug = planted_bug(PlantedBug::NoTranspose, r, 0, kTokens);
    // .view(b, h, n, hd) reads memory head-major: head 0's rows hold tokens 0, 0, 1, 1, 2, 2.
    CHECK(bug.rows_hold[0] == std::vector<int>{0, 0, 1, 1, 2, 2});
    CHECK(bug.rows_hold[1] == std::vector<int>{3, 3, 4, 4, 5, 5});
    CHECK(bug.value == "10");
    CHECK(english(bug.says) == "10 rows now hold another token's numbers: the heads attend over scrambled tokens");
    const PlantedBugView scale = planted_bug(PlantedBug::WrongScale, r, 0, kTokens);
    REQUIRE(scale.weights != nullptr);
    CHECK(contains(english(scale.says), "\u221a2 = 1.41 instead of \u221a1 = 1.00"));
    CHECK(std::stof(scale.value) > 0.001f);
}
