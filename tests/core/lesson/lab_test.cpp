// The softmax robustness lab: where float32 exp overflows, what the naive softmax then prints,
// and that the stable form stays exact.
#include "core/lesson/lab.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/document/examples.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/math/normalize.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {
const std::vector<std::string> kCatSatMat = {"cat", "sat", "mat"};
}  // namespace

TEST_CASE("lab: the float32 overflow threshold is ln(FLT_MAX), about 88.72") {
    CHECK(exp_overflow_threshold() == doctest::Approx(88.7228).epsilon(1e-5));
    CHECK(std::isfinite(std::exp(exp_overflow_threshold() - 0.01f)));
    CHECK(std::isinf(std::exp(exp_overflow_threshold() + 0.01f)));
}

TEST_CASE("lab: at ×1 both softmaxes agree and the screen says where overflow will start") {
    const SoftmaxLab lab = softmax_lab(attn_test::texts(), {1, 5, 2}, 1.0f, kCatSatMat);
    CHECK_FALSE(lab.naive_broken);
    CHECK(lab.first_overflow == -1);
    CHECK(lab.overflow_scale == doctest::Approx(88.7228 / 5).epsilon(1e-5));  // 17.74
    for (size_t i = 0; i < 3; ++i) CHECK(lab.naive[i] == doctest::Approx(lab.stable[i]).epsilon(1e-6));
    CHECK(contains(lab.explanation[0], "Both agree for now"));
    CHECK(contains(lab.explanation[0], "×17.74"));
}

TEST_CASE("lab: at ×80 exp(400) overflows first at sat; inf / inf = nan, finite / inf = 0") {
    // Scores [80, 400, 160]: exp(80) = 5.5e34 is finite; exp(400) and exp(160) are inf.
    const SoftmaxLab lab = softmax_lab(attn_test::texts(), {1, 5, 2}, 80.0f, kCatSatMat);
    CHECK(lab.scores == Vector{80, 400, 160});
    CHECK(std::isfinite(lab.exps[0]));
    CHECK(std::isinf(lab.exps[1]));
    CHECK(std::isinf(lab.exp_sum));
    CHECK(lab.first_overflow == 1);
    CHECK(lab.naive[0] == 0.0f);
    CHECK(std::isnan(lab.naive[1]));
    CHECK(std::isnan(lab.naive[2]));
    CHECK(lab.naive_broken);
    // Stable: s - max = [-320, 0, -240]; exp of those is [0, 1, 0] in float32; weights exact.
    CHECK(lab.max_score == 400.0f);
    CHECK(lab.shifted == Vector{-320, 0, -240});
    CHECK(lab.shifted_exps[1] == 1.0f);
    CHECK(lab.stable[1] == 1.0f);
    CHECK(contains(lab.explanation[0], "\"sat\" (position 1): 400 > 88.72, so exp(400) = inf"));
    CHECK(contains(lab.explanation[1], "inf / inf = nan"));
    CHECK(contains(lab.explanation.back(), "s - max = [-320, 0, -240]"));
}

TEST_CASE("lab: the sum can overflow without any single exp overflowing") {
    const SoftmaxLab lab =
        softmax_lab(attn_test::texts(), {88.5f, 88.5f}, 1.0f, {"a", "b"});  // each exp ~2.7e38, sum > FLT_MAX
    CHECK(lab.first_overflow == -1);
    CHECK(lab.sum_overflow);
    CHECK(lab.naive_broken);
    CHECK(lab.stable == Vector{0.5f, 0.5f});
    CHECK(contains(lab.explanation[0], "their sum does"));
}

TEST_CASE("lab: very negative scores underflow every exp to 0, and 0 / 0 = nan") {
    const SoftmaxLab lab = softmax_lab(attn_test::texts(), {-2, -3}, 100.0f, {"a", "b"});
    CHECK(lab.all_underflow);
    CHECK(std::isnan(lab.naive[0]));
    CHECK(lab.stable[0] == doctest::Approx(0.0f + 1.0f / (1.0f + std::exp(-100.0f))));
    CHECK(lab.overflow_scale == 0.0f);
    CHECK(contains(lab.explanation[0], "0 / 0 = nan"));
}

TEST_CASE("lab: breaking_scale is the first round scale where naive softmax breaks") {
    CHECK(breaking_scale({1, 5, 2}) == 20.0f);           // 5·10 = 50 is fine, 5·20 = 100 > 88.72
    CHECK(breaking_scale({0.9544f, 1.495f}) == 100.0f);  // 1.495·50 = 74.75, 1.495·100 = 149.5
    CHECK(breaking_scale({0.01f}) == kMaxLabScale);      // never breaks within the slider
}

TEST_CASE("lab: the lab's naive weights are the ones compute_attention shows for lab_scale") {
    State s;
    load_example("cat-sat-mat", &s);
    s.lab_scale = 30.0f;
    s.norm = Norm::SoftmaxNaive;
    const AttentionResult r = compute_attention(s);
    const SoftmaxLab lab = softmax_lab(attn_test::texts(), r.scores, s.lab_scale, s.tokens);
    REQUIRE(lab.naive.size() == r.weights_softmax_naive.size());
    for (size_t i = 0; i < lab.naive.size(); ++i) {
        CHECK(std::isnan(lab.naive[i]) == std::isnan(r.weights_softmax_naive[i]));
        if (!std::isnan(lab.naive[i])) CHECK(lab.naive[i] == r.weights_softmax_naive[i]);
        CHECK(lab.stable[i] == r.weights_softmax[i]);
    }
}
