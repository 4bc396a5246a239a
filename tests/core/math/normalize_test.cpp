// Divide-by-sum, naive softmax and stable softmax: the lesson's numbers and the edge cases.
#include "core/math/normalize.h"

#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <limits>

#include "core/test_helpers.h"

using namespace attn;
using attn_test::check_close;
using attn_test::sum;

static const float kInf = std::numeric_limits<float>::infinity();

TEST_CASE("normalize: divide-by-sum of [1, 5, 2] is [0.125, 0.625, 0.25] (1/8, 5/8, 2/8)") {
    CHECK(normalize_sum({1, 5, 2}) == Vector{0.125f, 0.625f, 0.25f});
}

TEST_CASE("normalize: softmax of [1, 5, 2] is about [0.017, 0.936, 0.047], sharper than divide-by-sum") {
    const Vector w = softmax_stable({1, 5, 2});
    check_close(w, {0.017f, 0.936f, 0.047f}, 0.0005);
    CHECK(w[1] > 0.625f);  // the dominant score takes more than its proportional share
    CHECK(sum(w) == doctest::Approx(1.0f));
}

TEST_CASE("normalize: your-journey softmax matches the published weights and sums to 1") {
    const Vector scores{0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f};
    const Vector w = softmax_stable(scores);
    check_close(w, {0.1385f, 0.2379f, 0.2333f, 0.1240f, 0.1082f, 0.1581f});
    CHECK(sum(w) == doctest::Approx(1.0f));
    check_close(normalize_sum(scores), {0.1455f, 0.2278f, 0.2249f, 0.1285f, 0.1077f, 0.1656f});
}

TEST_CASE("normalize: naive and stable softmax agree on small scores") {
    const Vector scores{0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f};
    const Vector naive = softmax_naive(scores), stable = softmax_stable(scores);
    for (size_t i = 0; i < scores.size(); ++i) CHECK(naive[i] == doctest::Approx(stable[i]).epsilon(1e-6));
}

TEST_CASE("normalize: naive softmax overflows in float32 where the stable one stays exact") {
    // exp(100) > FLT_MAX = 3.4e38, so the naive form computes inf / inf = nan.
    const Vector scores{100, 500, 200};
    const Vector naive = softmax_naive(scores);
    CHECK(std::isnan(naive[1]));
    const Vector stable = softmax_stable(scores);
    CHECK(stable[1] == 1.0f);  // exp(0) / (exp(-400) + 1 + exp(-300)) = 1 / 1
    CHECK(stable[0] == 0.0f);
    CHECK(sum(stable) == 1.0f);
}

TEST_CASE("normalize: stable softmax is never NaN for finite input") {
    SUBCASE("extreme magnitudes") {
        const Vector w = softmax_stable({FLT_MAX, -FLT_MAX, 0});
        CHECK(w[0] == 1.0f);
        CHECK(w[1] == 0.0f);
        CHECK(w[2] == 0.0f);
    }
    SUBCASE("all equal scores give uniform weights") {
        const Vector w = softmax_stable({3.4e38f, 3.4e38f, 3.4e38f, 3.4e38f});
        for (float x : w) CHECK(x == 0.25f);
    }
    SUBCASE("a single token gets weight 1") {
        CHECK(softmax_stable({-7.5f}) == Vector{1.0f});
    }
}

TEST_CASE("normalize: masked -inf entries get weight 0 and the rest still sum to 1") {
    const Vector w = softmax_stable({1, 5, -kInf});
    CHECK(w[2] == 0.0f);
    CHECK(sum(w) == doctest::Approx(1.0f));
    check_close(w, {0.0180f, 0.9820f, 0.0f});  // e^1/(e^1+e^5), e^5/(e^1+e^5)
}

TEST_CASE("normalize: a fully masked row attends to nothing (all weights 0, documented rule)") {
    CHECK(softmax_stable({-kInf, -kInf}) == Vector{0, 0});
}

TEST_CASE("normalize: +inf scores share the weight equally (the limit of growing scores)") {
    CHECK(softmax_stable({kInf, 1, kInf}) == Vector{0.5f, 0.0f, 0.5f});
}

TEST_CASE("normalize: divide-by-sum of scores summing to 0 is shown as inf/nan, not hidden") {
    const Vector w = normalize_sum({2, 0, -2});  // 2/0, 0/0, -2/0
    CHECK(std::isinf(w[0]));
    CHECK(std::isnan(w[1]));
    CHECK(std::isinf(w[2]));
}

TEST_CASE("normalize: rows are normalised independently (softmax over dim=-1)") {
    Matrix m(2, 3);
    m.data = {1, 5, 2, 0, 0, 0};
    const Matrix w = normalize_rows(m, Norm::Softmax);
    check_close(w.row_vector(0), {0.017f, 0.936f, 0.047f}, 0.0005);
    check_close(w.row_vector(1), {1 / 3.0f, 1 / 3.0f, 1 / 3.0f});
}

TEST_CASE("normalize: norm names parse and print both ways") {
    for (Norm n : {Norm::Sum, Norm::SoftmaxNaive, Norm::Softmax}) {
        Norm parsed = Norm::Sum;
        CHECK(parse_norm(norm_name(n), &parsed));
        CHECK(parsed == n);
    }
    Norm untouched = Norm::SoftmaxNaive;
    CHECK_FALSE(parse_norm("softmax2", &untouched));
    CHECK(untouched == Norm::SoftmaxNaive);
}
