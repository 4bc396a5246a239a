// The steps shared by the full and the incremental computation: the matrix path must show, in
// row q, exactly the numbers the lesson's own loop gives for query q.
#include "core/math/attention_steps.h"

#include <doctest/doctest.h>

#include <cstring>

#include "core/document/random_inputs.h"
#include "core/document/state_attention.h"
#include "core/math/normalize.h"

using namespace attn;

namespace {
// Bit for bit, so the NaN that divide-by-sum gives a masked row (-inf / -inf) compares too.
bool same_bits(const Vector& a, const Vector& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}
}  // namespace

TEST_CASE("attention steps: row q of every matrix equals the lesson's vectors for query q, bit for bit") {
    State s;
    REQUIRE(apply_random_inputs(&s, 45, 13, 3) == "");
    s.projection.enabled = true;
    s.projection.d_out = 6;
    for (Norm norm : {Norm::Sum, Norm::SoftmaxNaive, Norm::Softmax})
        for (bool causal : {false, true})
            for (int q : {0, 17, 44}) {
                CAPTURE(int(norm));
                CAPTURE(causal);
                CAPTURE(q);
                s.norm = norm;
                s.causal = causal;
                s.query = q;
                s.lab_scale = causal ? 3.0f : 1.0f;
                const AttentionResult r = compute_attention(s);
                CHECK(same_bits(r.score_matrix.row_vector(q), r.scores));
                CHECK(same_bits(r.weight_matrix.row_vector(q), r.weights));
                const ProjectionResult& p = r.projection;
                CHECK(same_bits(p.score_matrix.row_vector(q), p.scores));
                CHECK(same_bits(p.weight_matrix.row_vector(q), p.weights));
            }
}

TEST_CASE("attention steps: normalize_into works in place and matches normalize") {
    const Vector scores{0.5f, -2.0f, 3.25f, 0.0f, 1.0f};
    for (Norm norm : {Norm::Sum, Norm::SoftmaxNaive, Norm::Softmax}) {
        Vector row = scores;
        normalize_into(row.data(), int(row.size()), norm, row.data());
        CHECK(row == normalize(scores, norm));
    }
}
