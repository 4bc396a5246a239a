// The masks' view of a class's run, as the panel and the CLI read it: the routes against the
// book's, a padded batch whose tokens keep their weights, and the polarity bug.
#include "core/math/mask_comparison.h"

#include <doctest/doctest.h>

#include "core/document/examples.h"
#include "core/document/state.h"

using namespace attn;

TEST_CASE("mask comparison: SDPA's routes agree with the book's; a padded sentence's tokens keep their weights") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    ModuleSettings m = book_module_settings(AttentionModule::MultiHeadAttention);
    m.pads = 2;
    const ModuleResult r = run_module(s.inputs, m);
    REQUIRE(r.error.empty());
    const MaskComparison v = compare_mask_routes(r);
    REQUIRE(v.routes.size() == 3);  // sdpa-bool, additive, is-causal
    for (float d : v.differences) CHECK(d <= 1e-6f);
    CHECK(v.pads == 2);
    REQUIRE(v.key_padding_mask.size() == 12);  // (2, 6): sentence 2 starts with two pads
    CHECK(v.key_padding_mask[6] == 1);
    CHECK(v.key_padding_mask[7] == 1);
    CHECK(v.key_padding_mask[8] == 0);
    CHECK(v.alone_difference == 0.0f);  // bit for bit the weights the four tokens get alone
    CHECK(v.book_nan);                  // a pad's own query sees nothing: NaN by the book's softmax
    CHECK(v.sdpa_zero);                 // and zeros by scaled_dot_product_attention
    CHECK(v.polarity_own == 0.0f);      // the book's mask as attn_mask: no token sees itself

    // A sliding window has no is-causal route (it builds the plain triangle), and no padding here.
    ModuleSettings w = book_module_settings(AttentionModule::SlidingWindowAttention);
    const ModuleResult windowed = run_module(s.inputs, w);
    REQUIRE(windowed.error.empty());
    const MaskComparison band = compare_mask_routes(windowed);
    CHECK(band.routes == std::vector<MaskStyle>{MaskStyle::SdpaBool, MaskStyle::Additive});
    CHECK(band.key_padding_mask.empty());
    CHECK_FALSE(band.book_nan);
}
