// The incremental update against a full compute_attention, bit for bit, over randomised
// sequences of the edits a reader makes: a new query, a dragged embedding, a toggled mask ...
#include "core/math/attention_cache.h"

#include <doctest/doctest.h>

#include <cstring>
#include <random>

#include "core/document/examples.h"
#include "core/document/random_inputs.h"
#include "core/document/state_attention.h"

using namespace attn;

namespace {

// Bitwise equality (so -0 != +0), except that any two NaNs count as equal.
bool same(const float* a, const float* b, size_t n) {
    for (size_t i = 0; i < n; ++i)
        if (std::memcmp(a + i, b + i, sizeof(float)) != 0 && !(a[i] != a[i] && b[i] != b[i])) return false;
    return true;
}
bool same(const Vector& a, const Vector& b) {
    return a.size() == b.size() && same(a.data(), b.data(), a.size());
}
bool same(const Matrix& a, const Matrix& b) {
    return a.rows == b.rows && a.cols == b.cols && same(a.data.data(), b.data.data(), a.data.size());
}

void check_equal(const AttentionResult& got, const AttentionResult& want) {
    CHECK(same(got.query, want.query));
    CHECK(same(got.scores, want.scores));
    CHECK(same(got.lab_scores, want.lab_scores));
    CHECK(same(got.weights_sum, want.weights_sum));
    CHECK(same(got.weights_softmax_naive, want.weights_softmax_naive));
    CHECK(same(got.weights_softmax, want.weights_softmax));
    CHECK(same(got.weights, want.weights));
    CHECK(same(got.context, want.context));
    CHECK(same(got.score_matrix, want.score_matrix));
    CHECK(same(got.weight_matrix, want.weight_matrix));
    CHECK(same(got.context_matrix, want.context_matrix));
    REQUIRE(got.has_projection == want.has_projection);
    if (!want.has_projection) return;
    const ProjectionResult &p = got.projection, &w = want.projection;
    CHECK(p.seed == w.seed);
    CHECK(p.d_out == w.d_out);
    CHECK(same(p.W_query, w.W_query));
    CHECK(same(p.W_key, w.W_key));
    CHECK(same(p.W_value, w.W_value));
    CHECK(same(p.queries, w.queries));
    CHECK(same(p.keys, w.keys));
    CHECK(same(p.values, w.values));
    CHECK(p.scale_divisor == w.scale_divisor);
    CHECK(same(p.scores, w.scores));
    CHECK(same(p.weights, w.weights));
    CHECK(same(p.context, w.context));
    CHECK(same(p.score_matrix, w.score_matrix));
    CHECK(same(p.weight_matrix, w.weight_matrix));
    CHECK(same(p.context_matrix, w.context_matrix));
}

// A value for an edited embedding: mostly ordinary, sometimes huge (scores overflow to inf and
// sums to nan), zero of either sign, or an exact copy of a neighbour.
float random_value(std::mt19937* rng) {
    switch ((*rng)() % 10) {
        case 0:
            return 0.0f;
        case 1:
            return -0.0f;
        case 2:
            return ((*rng)() % 2 ? 1.0f : -1.0f) * 1e20f;
        default:
            return std::uniform_real_distribution<float>(-2.0f, 2.0f)(*rng);
    }
}

void edit_row(State* s, int r, std::mt19937* rng) {
    for (int c = 0; c < s->inputs.cols; ++c) s->inputs.at(r, c) = random_value(rng);
}

// One random edit of the kinds the UI and the page's API make.
void random_edit(State* s, std::mt19937* rng) {
    const int n = s->inputs.rows, d = s->inputs.cols;
    auto pick = [&](int count) { return int((*rng)() % unsigned(count)); };
    switch (pick(14)) {
        case 0:
            s->query = pick(n);
            break;
        case 1:
        case 2:
        case 3:
            edit_row(s, pick(n), rng);
            break;  // the common case: a drag
        case 4:
            s->inputs.at(pick(n), pick(d)) = random_value(rng);
            break;
        case 5:
            for (int k = pick(4); k >= 0; --k) edit_row(s, pick(n), rng);
            break;
        case 6:
            s->causal = !s->causal;
            break;
        case 7:
            s->norm = Norm(pick(3));
            break;
        case 8:
            s->lab_scale = pick(3) == 0 ? 1.0f : float(1 + pick(60)) / 4.0f;
            break;
        case 9:
            s->projection.enabled = !s->projection.enabled;
            break;
        case 10:
            s->projection.seed = unsigned(pick(4));
            s->projection.d_out = 1 + pick(9);
            break;
        case 11:
            s->scale = !s->scale;
            break;
        case 12:
            s->tokens[size_t(pick(n))] = "renamed";
            break;  // no number moves
        default: {  // a new shape: every row counts as new
            const int n2 = 1 + pick(24), d2 = pick(2) ? d : 1 + pick(12);
            std::string error = apply_random_inputs(s, n2, d2, (*rng)());
            REQUIRE(error.empty());
            break;
        }
    }
}

}  // namespace

TEST_CASE("attention cache: randomised edit sequences give compute_attention's exact bits") {
    int patched = 0, partial = 0;  // updates that patched rows / that were not full computes
    for (unsigned seed = 1; seed <= 24; ++seed) {
        CAPTURE(seed);
        std::mt19937 rng(seed);
        State s;
        REQUIRE(apply_random_inputs(&s, 1 + int(rng() % 20), 1 + int(rng() % 10), seed) == "");
        s.causal = rng() % 2;
        s.projection.enabled = rng() % 2;
        AttentionCache cache;
        AttentionResult result;
        update_attention(&cache, s, &result);
        for (int step = 0; step < 60; ++step) {
            CAPTURE(step);
            const AttentionResult before = result;
            random_edit(&s, &rng);
            const AttentionChanges changes = update_attention(&cache, s, &result);
            patched += changes.patched_rows > 0 && !changes.full;
            partial += changes.any && !changes.full;
            const AttentionResult want = compute_attention(s);
            check_equal(result, want);
            // A matrix reported unchanged must be unchanged: its heatmap is not uploaded again.
            if (!changes.score_matrix) CHECK(same(before.score_matrix, result.score_matrix));
            if (!changes.weight_matrix) CHECK(same(before.weight_matrix, result.weight_matrix));
            if (result.has_projection && before.has_projection) {
                if (!changes.projected_score_matrix)
                    CHECK(same(before.projection.score_matrix, result.projection.score_matrix));
                if (!changes.projected_weight_matrix)
                    CHECK(same(before.projection.weight_matrix, result.projection.weight_matrix));
            }
        }
    }
    CHECK(patched > 300);  // the sequences exercise the incremental paths, not only full computes
    CHECK(partial > 600);
    MESSAGE("patched " << patched << ", incremental " << partial << " of " << 24 * 60 << " updates");
}

TEST_CASE("attention cache: a query change recomputes no matrix") {
    State s;
    REQUIRE(apply_random_inputs(&s, 200, 16, 5) == "");
    s.projection.enabled = true;
    AttentionCache cache;
    AttentionResult r;
    CHECK(update_attention(&cache, s, &r).full);
    s.query = 7;
    const AttentionChanges c = update_attention(&cache, s, &r);
    CHECK(c.any);
    CHECK_FALSE(c.full);
    CHECK_FALSE(c.score_matrix);
    CHECK_FALSE(c.weight_matrix);
    CHECK_FALSE(c.projected_score_matrix);
    CHECK_FALSE(c.projected_weight_matrix);
    check_equal(r, compute_attention(s));
}

TEST_CASE("attention cache: dragging one embedding patches its row and column") {
    State s;
    REQUIRE(apply_random_inputs(&s, 128, 8, 6) == "");
    AttentionCache cache;
    AttentionResult r;
    update_attention(&cache, s, &r);
    s.inputs.at(40, 3) += 0.25f;
    const AttentionChanges c = update_attention(&cache, s, &r);
    CHECK_FALSE(c.full);
    CHECK(c.patched_rows == 1);
    CHECK(c.score_matrix);
    CHECK(c.weight_matrix);
    check_equal(r, compute_attention(s));
}

TEST_CASE("attention cache: a new normalisation keeps the scores, a new label changes nothing") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    AttentionCache cache;
    AttentionResult r;
    update_attention(&cache, s, &r);
    s.norm = Norm::Sum;
    AttentionChanges c = update_attention(&cache, s, &r);
    CHECK_FALSE(c.score_matrix);
    CHECK(c.weight_matrix);
    check_equal(r, compute_attention(s));
    s.tokens[0] = "Your";
    c = update_attention(&cache, s, &r);
    CHECK_FALSE(c.any);
}

TEST_CASE("attention cache: after forget() the next update computes everything") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    AttentionCache cache;
    AttentionResult r;
    update_attention(&cache, s, &r);
    r = AttentionResult();  // written elsewhere
    cache.forget();
    CHECK(update_attention(&cache, s, &r).full);
    check_equal(r, compute_attention(s));
}
