// Step 9's table: unscaled softmax gets sharper as d_out grows; dividing by sqrt(d_k) tempers it.
#include "core/lesson/scaling.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/test_helpers.h"

using namespace attn;

namespace {
State journey() {
    State s;
    load_example("your-journey", &s);
    s.projection.enabled = true;
    return s;
}
}  // namespace

TEST_CASE("scaling: entropy is 0 for one-hot weights and ln(n) for uniform ones") {
    CHECK(entropy({1, 0, 0}) == 0.0);
    CHECK(entropy({0.25f, 0.25f, 0.25f, 0.25f}) == doctest::Approx(std::log(4.0)));
}

TEST_CASE("scaling: for your-journey (seed 123) the unscaled top weight grows with d_out, the scaled one less") {
    const ScalingTable t = scaling_table(attn_test::texts(), journey());
    REQUIRE(t.error.empty());
    REQUIRE(t.rows.size() == 4);
    CHECK(t.uniform_entropy == doctest::Approx(std::log(6.0)));
    const int d_outs[] = {2, 8, 32, 128};
    for (size_t i = 0; i < 4; ++i) {
        CHECK(t.rows[i].d_out == d_outs[i]);
        CHECK(t.rows[i].max_scaled <= t.rows[i].max_unscaled);  // dividing by sqrt(d_k) > 1 flattens
        CHECK(t.rows[i].entropy_scaled >= t.rows[i].entropy_unscaled);
        CHECK(t.rows[i].entropy_unscaled <= t.uniform_entropy + 1e-9);
        if (i > 0) CHECK(t.rows[i].max_unscaled > t.rows[i - 1].max_unscaled);
    }
    CHECK(t.rows[3].max_unscaled > 0.75f);  // nearly one-hot at d_out = 128
    CHECK(t.rows[3].max_scaled < 0.6f);
}

TEST_CASE("scaling: the d_out = 2 row is what compute_attention shows with the projection on") {
    const State s = journey();
    const AttentionResult r = compute_attention(s);
    float top = 0;
    for (float w : r.projection.weights) top = std::fmax(top, w);
    CHECK(scaling_table(attn_test::texts(), s).rows[0].max_scaled == top);
}

TEST_CASE("scaling: the causal mask limits the row to the visible tokens") {
    State s = journey();
    s.causal = true;
    s.query = 0;  // sees only itself
    const ScalingTable t = scaling_table(attn_test::texts(), s);
    CHECK(t.uniform_entropy == 0.0);
    for (const ScalingRow& row : t.rows) CHECK(row.max_unscaled == 1.0f);
}

TEST_CASE("scaling: a state too large for a live table says so instead of freezing the page") {
    State s;
    s.tokens.assign(1024, "t");
    s.inputs = Matrix(1024, 1024, 0.5f);
    const ScalingTable t = scaling_table(attn_test::texts(), s);
    CHECK(t.rows.empty());
    CHECK(t.error.find("multiply-adds") != std::string::npos);
}
