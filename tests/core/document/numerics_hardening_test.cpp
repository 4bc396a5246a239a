// Numerical robustness through the whole computation: the largest finite embeddings a state may
// hold, overflowing dot products, the lab scale at its limit, causal masks. Stable softmax stays
// finite wherever its scores allow; where float32 itself overflows the result says so honestly.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <string>

#include "core/document/results_json.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::sum;

namespace {

State state_of(std::initializer_list<Vector> rows, int query, Norm norm = Norm::Softmax) {
    State s;
    s.inputs = Matrix::from_rows(rows);
    for (int i = 0; i < s.inputs.rows; ++i) s.tokens.push_back("t" + std::to_string(i));
    s.query = query;
    s.norm = norm;
    REQUIRE(validate_state(s) == "");
    return s;
}

bool all_finite(const Vector& v) {
    for (float x : v)
        if (!std::isfinite(x)) return false;
    return true;
}

bool all_finite(const Matrix& m) {
    for (float x : m.data)
        if (!std::isfinite(x)) return false;
    return true;
}

}  // namespace

TEST_CASE("numerics: scores near FLT_MAX stay finite and stable softmax picks the largest") {
    // 1.3e19^2 = 1.69e38 < FLT_MAX: every score is finite, and huge.
    const State s = state_of({{1.3e19f, 0}, {0, 1.3e19f}, {1.3e19f, 1e18f}}, 0);
    const AttentionResult r = compute_attention(s);
    CHECK(all_finite(r.scores));
    CHECK(all_finite(r.weights_softmax));
    CHECK(sum(r.weights_softmax) == doctest::Approx(1.0f));
    CHECK(r.weights_softmax[1] == 0.0f);  // exp(0 - 1.69e38) underflows to 0
    CHECK(all_finite(r.weight_matrix));
}

TEST_CASE("numerics: embeddings of +-3.4e38 overflow their scores to inf, and +inf scores share the weight") {
    // 3.4e38^2 is inf in float32; the stable rule gives the +inf entries equal shares.
    const State s = state_of({{3.4e38f}, {3.4e38f}, {-3.4e38f}}, 0);
    const AttentionResult r = compute_attention(s);
    CHECK(std::isinf(r.scores[0]));
    CHECK(r.weights_softmax == Vector{0.5f, 0.5f, 0.0f});
    CHECK(r.context[0] == 3.4e38f);  // 0.5 * 3.4e38 + 0.5 * 3.4e38 + 0 * -3.4e38: still finite
}

TEST_CASE("numerics: all-equal rows and a single token give exact uniform weights") {
    const AttentionResult same = compute_attention(state_of({{2.5f, -1}, {2.5f, -1}, {2.5f, -1}, {2.5f, -1}}, 2));
    CHECK(same.weights_softmax == Vector{0.25f, 0.25f, 0.25f, 0.25f});
    const AttentionResult one = compute_attention(state_of({{-7.5f, 1e30f}}, 0));
    CHECK(one.weights_softmax == Vector{1.0f});
    CHECK(one.weight_matrix.data == std::vector<float>{1.0f});
}

TEST_CASE("numerics: a causal mask's -inf entries get weight 0 and every row still sums to 1") {
    State s = state_of({{1, 0}, {2, 2}, {0, 1}}, 0);
    s.causal = true;
    const AttentionResult r = compute_attention(s);
    CHECK(r.weights_softmax == Vector{1.0f, 0.0f, 0.0f});  // query 0 sees only itself
    for (int row = 0; row < r.weight_matrix.rows; ++row) {
        CHECK(sum(r.weight_matrix.row_vector(row)) == doctest::Approx(1.0f));
        for (int col = row + 1; col < r.weight_matrix.cols; ++col) CHECK(r.weight_matrix.at(row, col) == 0.0f);
    }
}

TEST_CASE("numerics: the lab scale at its limit overflows naive softmax, not the stable one") {
    State s = state_of({{0.43f, 0.15f, 0.89f}, {0.55f, 0.87f, 0.66f}, {0.57f, 0.85f, 0.64f}}, 1);
    s.lab_scale = kMaxLabScale;  // scores ~1500: exp overflows float32 past 88.7
    const AttentionResult r = compute_attention(s);
    CHECK_FALSE(all_finite(r.weights_softmax_naive));
    CHECK(all_finite(r.weights_softmax));
    CHECK(sum(r.weights_softmax) == doctest::Approx(1.0f));
    const std::string json = results_json(s, r);
    CHECK(json.find("\"nan\"") != std::string::npos);  // shown honestly as a string
}

TEST_CASE("numerics: a dot product that is inf - inf makes its score nan, and the row nan, as in PyTorch") {
    // query [1e10, 1e10] has a finite self-score (2e20), but against [3e38, -3e38] the products are
    // 3e48 -> inf and -3e48 -> -inf, and inf + -inf = nan. torch.softmax of a row holding nan is nan
    // too: the app shows the same, and results() writes "nan" strings.
    const State s = state_of({{3e38f, -3e38f}, {1e10f, 1e10f}}, 1);
    const AttentionResult r = compute_attention(s);
    CHECK(std::isnan(r.scores[0]));
    CHECK(std::isfinite(r.scores[1]));
    CHECK(std::isnan(r.weights_softmax[1]));
    CHECK(results_json(s, r).find("\"nan\"") != std::string::npos);
}
