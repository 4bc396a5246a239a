// The whole computation for a state, including the trainable version of section 3.4.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::check_close;

static State journey() {
    State s;
    REQUIRE(load_example("your-journey", &s));
    return s;
}

TEST_CASE("attention: your-journey reproduces query, scores, weights and context") {
    const AttentionResult r = compute_attention(journey());
    CHECK(r.query == Vector{0.55f, 0.87f, 0.66f});
    check_close(r.scores, {0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f});
    check_close(r.weights_softmax, {0.1385f, 0.2379f, 0.2333f, 0.1240f, 0.1082f, 0.1581f});
    CHECK(r.weights == r.weights_softmax);  // softmax is the default mode
    check_close(r.context, {0.4419f, 0.6515f, 0.5683f});
    CHECK_FALSE(r.has_projection);
}

TEST_CASE("attention: the norm mode selects the weights that drive the context vector") {
    State s = journey();
    s.norm = Norm::Sum;
    const AttentionResult r = compute_attention(s);
    CHECK(r.weights == r.weights_sum);
    check_close(r.weights, {0.1455f, 0.2278f, 0.2249f, 0.1285f, 0.1077f, 0.1656f});
}

TEST_CASE("attention: trainable projections reproduce the book (seed 123, d_out 2)") {
    State s = journey();
    s.projection.enabled = true;
    const AttentionResult r = compute_attention(s);
    REQUIRE(r.has_projection);
    const ProjectionResult& p = r.projection;
    CHECK(p.W_query.rows == 3);
    CHECK(p.W_query.cols == 2);
    check_close(p.queries.row_vector(1), {0.4306f, 1.4551f});  // query_2 = x_2 @ W_query
    check_close(p.scores, {1.2705f, 1.8524f, 1.8111f, 1.0795f, 0.5577f, 1.5440f});
    CHECK(p.scale_divisor == doctest::Approx(std::sqrt(2.0f)));
    check_close(p.weights, {0.1500f, 0.2264f, 0.2199f, 0.1311f, 0.0906f, 0.1820f});
    check_close(p.context, {0.3061f, 0.8210f});
    check_close(p.context_matrix, {{0.2996f, 0.8053f},
                                   {0.3061f, 0.8210f},
                                   {0.3058f, 0.8203f},
                                   {0.2948f, 0.7939f},
                                   {0.2927f, 0.7891f},
                                   {0.2990f, 0.8040f}});
}

TEST_CASE("attention: scaling by sqrt(d_k) softens the softmax") {
    State s = journey();
    s.projection.enabled = true;
    s.projection.d_out = 64;
    const float scaled_max = [&] {
        const Vector w = compute_attention(s).projection.weights;
        return *std::max_element(w.begin(), w.end());
    }();
    s.scale = false;
    const Vector unscaled = compute_attention(s).projection.weights;
    CHECK(*std::max_element(unscaled.begin(), unscaled.end()) > scaled_max);
}

TEST_CASE("attention: causal mask gives keys after the query weight 0 in every row") {
    State s = journey();
    s.causal = true;
    const AttentionResult r = compute_attention(s);
    CHECK(r.weights[2] == 0.0f);
    CHECK(r.weights[5] == 0.0f);
    CHECK(r.weights[0] + r.weights[1] == doctest::Approx(1.0f));
    for (int i = 0; i < 6; ++i)
        for (int j = i + 1; j < 6; ++j) CHECK(r.weight_matrix.at(i, j) == 0.0f);
    CHECK(r.weight_matrix.at(0, 0) == 1.0f);  // the first token can only attend to itself
}

TEST_CASE("attention: the lab scale multiplies scores until naive softmax overflows") {
    State s;
    REQUIRE(load_example("cat-sat-mat", &s));
    s.lab_scale = 20.0f;  // scores 20, 100, 40: exp(100) is inf in float32
    const AttentionResult r = compute_attention(s);
    CHECK(std::isnan(r.weights_softmax_naive[1]));
    CHECK(r.weights_softmax[1] == doctest::Approx(1.0f));
    CHECK_FALSE(std::isnan(r.weights_softmax[0]));
}
