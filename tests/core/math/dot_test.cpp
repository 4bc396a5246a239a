// The manual loop and the library dot agree; the stepper's running sums end at the same value.
#include "core/math/dot.h"

#include <doctest/doctest.h>

#include "core/math/torch_rng.h"

using namespace attn;

TEST_CASE("dot: token 0 [1,0] with the query [2,2] is 1*2 + 0*2 = 2") {
    const float token0[] = {1, 0}, query[] = {2, 2};
    CHECK(dot_loop(token0, query, 2) == 2.0f);
    CHECK(dot_library(token0, query, 2) == 2.0f);
}

TEST_CASE("dot: alignment table gives 2 for same direction, 0 for orthogonal, -2 for opposite") {
    const Vector u{1, 1}, v{1, 1}, w{1, -1}, z{-1, -1};
    CHECK(dot(u, v) == 2.0f);
    CHECK(dot(u, w) == 0.0f);
    CHECK(dot(u, z) == -2.0f);
}

TEST_CASE("dot: the manual loop and the library call agree bit for bit on random vectors") {
    TorchGenerator gen(7);
    for (int n : {1, 3, 17, 64, 768}) {
        const Matrix m = gen.rand(2, n);
        CAPTURE(n);
        CHECK(dot_loop(m.row(0), m.row(1), n) == dot_library(m.row(0), m.row(1), n));
    }
}

TEST_CASE("dot: steps show each product and a running sum ending at the dot product") {
    // journey · journey: 0.55*0.55 + 0.87*0.87 + 0.66*0.66 = 0.3025 + 0.7569 + 0.4356 = 1.4950
    const float journey[] = {0.55f, 0.87f, 0.66f};
    const auto steps = dot_steps(journey, journey, 3);
    REQUIRE(steps.size() == 3);
    CHECK(steps[0].product == doctest::Approx(0.3025f));
    CHECK(steps[1].product == doctest::Approx(0.7569f));
    CHECK(steps[2].product == doctest::Approx(0.4356f));
    CHECK(steps[1].running_sum == doctest::Approx(1.0594f));
    CHECK(steps[2].running_sum == dot_loop(journey, journey, 3));
}

TEST_CASE("dot: an empty vector has dot product 0") {
    CHECK(dot_loop(nullptr, nullptr, 0) == 0.0f);
    CHECK(dot_library(nullptr, nullptr, 0) == 0.0f);
    CHECK(dot_steps(nullptr, nullptr, 0).empty());
}
