// Chapter 3's modules against the book's printed numbers (sections 3.4.2 to 3.6.2) and the
// properties the chapter states: v1 loaded with weight.T is v2, the two masking routes agree,
// dropout survivors are exactly w / (1 - p), and the wrapper is an MHA with stacked heads.
#include "core/math/attention_modules.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/document/examples.h"
#include "core/document/state.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::check_close;
using attn_test::contains;

namespace {

Matrix journey() {
    State s;
    REQUIRE(load_example("your-journey", &s));
    return s.inputs;
}

ModuleSettings settings(AttentionModule m, uint64_t seed = 123) {
    ModuleSettings s;
    s.module = m;
    s.seed = seed;
    s.heads = (m == AttentionModule::MultiHeadWrapper || m == AttentionModule::MultiHeadAttention) ? 2 : 1;
    return s;
}

}  // namespace

TEST_CASE("modules: SelfAttention_v1 with torch.manual_seed(123) prints the book's context vectors (3.4.1)") {
    const ModuleResult r = run_module(journey(), settings(AttentionModule::SelfAttentionV1));
    REQUIRE(r.error.empty());
    check_close(r.output[0], {{0.2996f, 0.8053f},
                              {0.3061f, 0.8210f},
                              {0.3058f, 0.8203f},
                              {0.2948f, 0.7939f},
                              {0.2927f, 0.7891f},
                              {0.2990f, 0.8040f}});
    REQUIRE(r.parameters.size() == 3);
    CHECK(r.parameters[0].name == "W_query");
    CHECK(r.parameters[0].value.rows == 3);  // (d_in, d_out)
    CHECK(r.parameters[0].value.cols == 2);
}

TEST_CASE("modules: SelfAttention_v2 with torch.manual_seed(789) prints the book's numbers (3.4.2)") {
    const ModuleResult r = run_module(journey(), settings(AttentionModule::SelfAttentionV2, 789));
    REQUIRE(r.error.empty());
    check_close(r.output[0], {{-0.0739f, 0.0713f},
                              {-0.0748f, 0.0703f},
                              {-0.0749f, 0.0702f},
                              {-0.0760f, 0.0685f},
                              {-0.0763f, 0.0679f},
                              {-0.0754f, 0.0693f}});
    CHECK(r.parameters[0].name == "W_query.weight");
    CHECK(r.parameters[0].value.rows == 2);  // (d_out, d_in): nn.Linear's layout
    CHECK(r.parameters[0].value.cols == 3);
    // nn.Linear's init bound is 1/sqrt(d_in).
    for (const auto& p : r.parameters)
        for (float w : p.value.data) CHECK(std::fabs(w) <= 1.0f / std::sqrt(3.0f));
}

TEST_CASE("modules: the two masking routes of 3.5.1 give the book's weights and agree to 1e-6") {
    const ModuleResult r = run_module(journey(), [] {
        ModuleSettings s = settings(AttentionModule::SelfAttentionV2, 789);
        s.causal = true;
        return s;
    }());
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    check_close(h.weights_unmasked.row_vector(0), {0.1921f, 0.1646f, 0.1652f, 0.1550f, 0.1721f, 0.1510f});
    check_close(h.masked_simple_norm, {{1.0000f, 0, 0, 0, 0, 0},
                                       {0.5517f, 0.4483f, 0, 0, 0, 0},
                                       {0.3800f, 0.3097f, 0.3103f, 0, 0, 0},
                                       {0.2758f, 0.2460f, 0.2462f, 0.2319f, 0, 0},
                                       {0.2175f, 0.1983f, 0.1984f, 0.1888f, 0.1971f, 0},
                                       {0.1935f, 0.1663f, 0.1666f, 0.1542f, 0.1666f, 0.1529f}});
    for (size_t k = 0; k < h.weights.data.size(); ++k)
        CHECK(std::fabs(h.weights.data[k] - h.masked_simple_norm.data[k]) <= 1e-6f);
    CHECK(std::isinf(h.masked_scores.at(0, 1)));
    CHECK(h.masked_scores.at(1, 0) == h.scores.at(1, 0));
}

TEST_CASE("modules: dropout(0.5) after torch.manual_seed(123) draws the book's mask of 3.5.2") {
    TorchGenerator gen(123);
    Matrix mask(6, 6);
    dropout_mask(&gen, 0.5, 36, mask.data.data());
    check_close(mask, {{2, 2, 0, 2, 2, 0},
                       {0, 0, 0, 2, 0, 2},
                       {2, 2, 2, 2, 0, 2},
                       {0, 2, 2, 0, 0, 2},
                       {0, 2, 0, 2, 0, 2},
                       {0, 2, 2, 2, 2, 0}});
}

TEST_CASE("modules: dropout on the masked weights, re-seeded as the book's listing, survivors exactly w / (1 - p)") {
    ModuleSettings s = settings(AttentionModule::CausalAttention, 789);
    s.dropout = 0.5;
    s.reseed_dropout = true;
    s.dropout_seed = 123;
    // CausalAttention on the book's seed-789 projections is the listing of 3.5.2 (sa_v2's weights).
    const ModuleResult r = run_module(journey(), s);
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    REQUIRE(h.has_dropout);
    check_close(h.weights_dropped, {{2.0000f, 0, 0, 0, 0, 0},
                                    {0, 0, 0, 0, 0, 0},
                                    {0.7599f, 0.6194f, 0.6206f, 0, 0, 0},
                                    {0, 0.4921f, 0.4925f, 0, 0, 0},
                                    {0, 0.3966f, 0, 0.3775f, 0, 0},
                                    {0, 0.3327f, 0.3331f, 0.3084f, 0.3331f, 0}});
    for (size_t k = 0; k < h.weights.data.size(); ++k) {
        const float d = h.weights_dropped.data[k];
        CHECK((d == 0.0f || d == h.weights.data[k] * 2.0f));
    }
    // Rows stop summing to 1.
    float row1 = 0;
    for (int c = 0; c < 6; ++c) row1 += h.weights_dropped.at(1, c);
    CHECK(row1 == 0.0f);
    // Eval mode: no dropout at all.
    s.training = false;
    const ModuleResult e = run_module(journey(), s);
    CHECK_FALSE(e.batches[0][0].has_dropout);
    CHECK(e.batches[0][0].weights_dropped.data == e.batches[0][0].weights.data);
}

TEST_CASE("modules: CausalAttention, the wrapper and MultiHeadAttention print the book's first batch (3.5.3, 3.6)") {
    ModuleSettings ca = settings(AttentionModule::CausalAttention);
    ca.batch = 2;
    const ModuleResult c = run_module(journey(), ca);
    REQUIRE(c.error.empty());
    REQUIRE(c.output.size() == 2);
    check_close(c.output[0], {{-0.4519f, 0.2216f},
                              {-0.5874f, 0.0058f},
                              {-0.6300f, -0.0632f},
                              {-0.5675f, -0.0843f},
                              {-0.5526f, -0.0981f},
                              {-0.5299f, -0.1081f}});
    CHECK(c.output[1].data == c.output[0].data);  // no dropout: both copies alike

    ModuleSettings w = settings(AttentionModule::MultiHeadWrapper);
    w.batch = 2;
    const ModuleResult wr = run_module(journey(), w);
    REQUIRE(wr.error.empty());
    CHECK(wr.out_width == 4);
    check_close(wr.output[0], {{-0.4519f, 0.2216f, 0.4772f, 0.1063f},
                               {-0.5874f, 0.0058f, 0.5891f, 0.3257f},
                               {-0.6300f, -0.0632f, 0.6202f, 0.3860f},
                               {-0.5675f, -0.0843f, 0.5478f, 0.3589f},
                               {-0.5526f, -0.0981f, 0.5321f, 0.3428f},
                               {-0.5299f, -0.1081f, 0.5077f, 0.3493f}});
    CHECK(wr.parameters[0].name == "heads.0.W_query.weight");

    ModuleSettings m = settings(AttentionModule::MultiHeadAttention);
    m.batch = 2;
    const ModuleResult mr = run_module(journey(), m);
    REQUIRE(mr.error.empty());
    CHECK(mr.head_dim == 1);
    check_close(mr.output[0], {{0.3190f, 0.4858f},
                               {0.2943f, 0.3897f},
                               {0.2856f, 0.3593f},
                               {0.2693f, 0.3873f},
                               {0.2639f, 0.3928f},
                               {0.2575f, 0.4028f}});
    CHECK(mr.parameters.back().name == "out_proj.bias");
}

TEST_CASE("modules: SelfAttention_v1 loaded with v2's weight.T gives v2's output (Exercise 3.1)") {
    const Matrix x = journey();
    const ModuleResult v2 = run_module(x, settings(AttentionModule::SelfAttentionV2, 789));
    REQUIRE(v2.error.empty());
    // By hand: v1's computation with W = weight.T of each of v2's layers.
    Matrix W[3];
    for (int k = 0; k < 3; ++k) {
        const Matrix& weight = v2.parameters[size_t(k)].value;
        W[k] = Matrix(weight.cols, weight.rows);
        for (int r = 0; r < weight.rows; ++r)
            for (int c = 0; c < weight.cols; ++c) W[k].at(c, r) = weight.at(r, c);
    }
    const HeadTrace& h = v2.batches[0][0];
    const Matrix q = matmul(x, W[0]), kk = matmul(x, W[1]), v = matmul(x, W[2]);
    for (size_t i = 0; i < q.data.size(); ++i) {
        CHECK(std::fabs(q.data[i] - h.queries.data[i]) <= 1e-6f);
        CHECK(std::fabs(kk.data[i] - h.keys.data[i]) <= 1e-6f);
        CHECK(std::fabs(v.data[i] - h.values.data[i]) <= 1e-6f);
    }
}

TEST_CASE("modules: the wrapper equals an MHA whose projections stack the heads' weights, out_proj the identity") {
    const Matrix x = journey();
    ModuleSettings ws = settings(AttentionModule::MultiHeadWrapper);
    ws.batch = 2;
    const ModuleResult wr = run_module(x, ws);
    REQUIRE(wr.error.empty());
    TorchGenerator gen(123);
    const ModuleWeights heads = create_module(ws, 3, &gen);
    // MultiHeadAttention(d_out = 2 x 2): each projection's weight (4, 3) is head 0's rows, then head 1's.
    ModuleWeights stacked;
    for (const auto* part : {&heads.query, &heads.key, &heads.value}) {
        Linear all;
        all.weight = Matrix(4, 3);
        for (int h = 0; h < 2; ++h)
            for (int r = 0; r < 2; ++r)
                for (int c = 0; c < 3; ++c) all.weight.at(h * 2 + r, c) = (*part)[size_t(h)].weight.at(r, c);
        (part == &heads.query ? stacked.query : part == &heads.key ? stacked.key : stacked.value).push_back(all);
    }
    stacked.out_proj.weight = Matrix(4, 4);
    for (int k = 0; k < 4; ++k) stacked.out_proj.weight.at(k, k) = 1.0f;
    stacked.out_proj.bias = Vector(4, 0.0f);
    stacked.out_proj.has_bias = true;
    ModuleSettings ms = settings(AttentionModule::MultiHeadAttention);
    ms.d_out = 4;
    ms.batch = 2;
    TorchGenerator unused(0);
    const ModuleResult mr = forward_module(x, ms, stacked, &unused);
    REQUIRE(mr.error.empty());
    REQUIRE(mr.output.size() == 2);
    for (size_t b = 0; b < 2; ++b)
        for (size_t k = 0; k < wr.output[b].data.size(); ++k)
            CHECK(std::fabs(mr.output[b].data[k] - wr.output[b].data[k]) <= 1e-6f);
}

TEST_CASE("modules: settings PyTorch would refuse get a message that names the problem") {
    const Matrix x = journey();
    ModuleSettings s = settings(AttentionModule::MultiHeadAttention);
    s.d_out = 3;
    CHECK(contains(english(run_module(x, s).error), "divisible by num_heads"));
    s = settings(AttentionModule::SelfAttentionV2);
    s.heads = 2;
    CHECK(contains(english(run_module(x, s).error), "one head"));
    s = settings(AttentionModule::CausalAttention);
    s.dropout = 1.0;
    CHECK(contains(english(run_module(x, s).error), "less than 1"));
    s.dropout = std::nan("");
    CHECK(contains(english(run_module(x, s).error), "dropout"));
    s = settings(AttentionModule::SelfAttentionV1);
    s.dropout = 0.1;
    CHECK(contains(english(run_module(x, s).error), "no dropout layer"));
    s = settings(AttentionModule::CausalAttention);
    s.batch = 9;
    CHECK(contains(english(run_module(x, s).error), "batch"));
}

TEST_CASE("modules: masking with 0 before softmax leaks weight to later tokens (the planted bug of 3.5.1)") {
    ModuleSettings s = settings(AttentionModule::SelfAttentionV2, 789);
    s.causal = true;
    const ModuleResult r = run_module(journey(), s);
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    REQUIRE(h.weights_zero_masked.rows == 6);
    // By hand for row 0: softmax([s00, 0, 0, 0, 0, 0] / sqrt(2)); its five later weights are no zeros.
    const float a = std::exp(h.scores.at(0, 0) / std::sqrt(2.0f)), zero = std::exp(0.0f);
    CHECK(std::fabs(h.weights_zero_masked.at(0, 0) - a / (a + 5 * zero)) <= 1e-6f);
    float leak = 0;
    for (int c = 1; c < 6; ++c) leak += h.weights_zero_masked.at(0, c);
    CHECK(leak > 0.5f);
    CHECK(h.weights.at(0, 1) == 0.0f);  // the -inf route gives none
    // Without a mask there is nothing to plant.
    CHECK(
        run_module(journey(), settings(AttentionModule::SelfAttentionV2, 789)).batches[0][0].weights_zero_masked.rows ==
        0);
}

TEST_CASE("modules: with a sliding window the planted 0 fill fills the class's band mask, not the triangle") {
    const ModuleSettings s = settings(AttentionModule::SlidingWindowAttention, 123);
    REQUIRE(s.window == 3);
    const ModuleResult r = run_module(journey(), s);
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    REQUIRE(h.weights_zero_masked.rows == 6);
    // Row 4 ("one") keeps keys 2..4; keys 0 and 1 (too far back) and 5 (the future) score 0, so
    // the three get the same weight: softmax([0, 0, s42, s43, s44, 0] / sqrt(head_dim)).
    const float d = std::sqrt(float(h.keys.cols));
    double sum = 3.0;
    for (int c = 2; c <= 4; ++c) sum += std::exp(double(h.scores.at(4, c) / d));
    for (int c : {0, 1, 5}) CHECK(std::fabs(h.weights_zero_masked.at(4, c) - float(1.0 / sum)) <= 1e-6f);
    CHECK(std::fabs(h.weights_zero_masked.at(4, 2) - float(std::exp(double(h.scores.at(4, 2) / d)) / sum)) <= 1e-6f);
}

TEST_CASE("modules: Exercise 3.1 run as the page runs it: v1 loaded from v2 prints v2's numbers") {
    const Matrix x = journey();
    const ModuleResult v2 = run_module(x, settings(AttentionModule::SelfAttentionV2, 789));
    const ModuleResult loaded = run_v1_loaded_from_v2(x, settings(AttentionModule::SelfAttentionV2, 789));
    REQUIRE(loaded.error.empty());
    CHECK(loaded.settings.module == AttentionModule::SelfAttentionV1);
    check_close(loaded.output[0], {{-0.0739f, 0.0713f},
                                   {-0.0748f, 0.0703f},
                                   {-0.0749f, 0.0702f},
                                   {-0.0760f, 0.0685f},
                                   {-0.0763f, 0.0679f},
                                   {-0.0754f, 0.0693f}});
    for (size_t k = 0; k < v2.output[0].data.size(); ++k)
        CHECK(std::fabs(loaded.output[0].data[k] - v2.output[0].data[k]) <= 1e-6f);
}

TEST_CASE("modules: the page's run is redone only when the inputs or the module's settings change") {
    const Matrix x = journey();
    ModuleRun run;
    CHECK(update_module_run(x, book_module_settings(AttentionModule::SelfAttentionV1), &run));
    CHECK_FALSE(update_module_run(x, book_module_settings(AttentionModule::SelfAttentionV1), &run));
    // v1 at seed 123: the book's numbers, the other class beside it, and Exercise 3.1's loaded v1.
    CHECK(std::fabs(run.result.output[0].at(0, 0) - 0.2996f) <= 1e-4f);
    CHECK(run.other.settings.module == AttentionModule::SelfAttentionV2);
    CHECK(run.v1_loaded.error.empty());
    Matrix moved = x;
    moved.at(0, 0) += 0.5f;
    CHECK(update_module_run(moved, book_module_settings(AttentionModule::SelfAttentionV1), &run));
    CHECK(update_module_run(moved, book_module_settings(AttentionModule::MultiHeadAttention), &run));
    CHECK(run.other.output.empty());       // only v1 and v2 are compared
    CHECK(run.result.output.size() == 2);  // the book's batch of two
}

TEST_CASE("modules: softmax over dim=1 of the batch's scores normalises each column, not each row") {
    const ModuleResult r = run_module(journey(), book_module_settings(AttentionModule::CausalAttention));
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    for (int c = 0; c < 6; ++c) {
        float column = 0;
        for (int row = 0; row < 6; ++row) column += h.weights_wrong_dim.at(row, c);
        CHECK(std::fabs(column - 1.0f) <= 1e-5f);
    }
    CHECK(h.weights_wrong_dim.at(0, 1) == 0.0f);  // the mask still hides the future
    float row0 = 0;
    for (int c = 0; c < 6; ++c) row0 += h.weights_wrong_dim.at(0, c);
    CHECK(std::fabs(row0 - 1.0f) > 0.01f);
}

TEST_CASE("modules: a mask of the wrong polarity keeps the future and hides the past") {
    const ModuleResult r = run_module(journey(), book_module_settings(AttentionModule::CausalAttention));
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    const Matrix& w = h.weights_flipped_mask;
    REQUIRE(w.rows == 6);
    // Row 0 masks nothing under tril(ones, -1): it is the unmasked softmax row.
    for (int c = 0; c < 6; ++c) CHECK(w.at(0, c) == doctest::Approx(h.weights_unmasked.at(0, c)).epsilon(1e-6));
    // The last row keeps only itself; every row loses the tokens before it and sums to 1.
    CHECK(w.at(5, 5) == 1.0f);
    for (int row = 0; row < 6; ++row) {
        float sum = 0;
        for (int c = 0; c < 6; ++c) sum += w.at(row, c);
        CHECK(std::fabs(sum - 1.0f) <= 1e-5f);
        for (int c = 0; c < row; ++c) CHECK(w.at(row, c) == 0.0f);
    }
    // Row 2 by hand: softmax over its own score and the later ones, divided by sqrt(2).
    float denominator = 0;
    for (int c = 2; c < 6; ++c) denominator += std::exp(h.scores.at(2, c) / std::sqrt(2.0f));
    CHECK(w.at(2, 3) == doctest::Approx(std::exp(h.scores.at(2, 3) / std::sqrt(2.0f)) / denominator).epsilon(1e-5));
}

TEST_CASE("modules: dropout without rescaling keeps the survivors at w, so rows sum to less") {
    ModuleSettings s = book_module_settings(AttentionModule::CausalAttention);
    s.dropout = 0.5;
    const ModuleResult r = run_module(journey(), s);
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    REQUIRE(h.has_dropout);
    REQUIRE(h.weights_dropped_unscaled.data.size() == h.weights.data.size());
    int kept = 0, dropped = 0;
    for (size_t k = 0; k < h.weights.data.size(); ++k) {
        if (h.dropout_mask.data[k] == 0.0f) {
            ++dropped;
            CHECK(h.weights_dropped_unscaled.data[k] == 0.0f);
        } else {
            ++kept;
            CHECK(h.weights_dropped_unscaled.data[k] == h.weights.data[k]);
            CHECK(h.weights_dropped.data[k] == doctest::Approx(2.0f * h.weights.data[k]).epsilon(1e-6));
        }
    }
    CHECK(kept > 0);
    CHECK(dropped > 0);
    // No dropout, nothing to plant.
    CHECK(run_module(journey(), book_module_settings(AttentionModule::CausalAttention))
              .batches[0][0]
              .weights_dropped_unscaled.rows == 0);
}

TEST_CASE("modules: MultiHeadAttention scaled by sqrt(d_out) instead of sqrt(head_dim) gives flatter weights") {
    ModuleSettings s = book_module_settings(AttentionModule::MultiHeadAttention);
    s.d_out = 4;  // two heads of width 2: sqrt(4) = 2 against sqrt(2)
    const ModuleResult r = run_module(journey(), s);
    REQUIRE(r.error.empty());
    const HeadTrace& h = r.batches[0][0];
    REQUIRE(h.weights_wrong_scale.rows == 6);
    // Row 1 by hand: softmax over its two unmasked scores, each divided by sqrt(4) = 2.
    const float a = std::exp(h.scores.at(1, 0) / 2.0f), b = std::exp(h.scores.at(1, 1) / 2.0f);
    CHECK(h.weights_wrong_scale.at(1, 0) == doctest::Approx(a / (a + b)).epsilon(1e-6));
    CHECK(h.weights_wrong_scale.at(1, 2) == 0.0f);
    // Only head 0 carries the planted bugs (the page shows that one).
    CHECK(r.batches[0][1].weights_wrong_scale.rows == 0);
    CHECK(r.batches[0][1].weights_flipped_mask.rows == 0);
    // Flatter: each row's largest weight is no larger than with the right scale.
    for (int row = 1; row < 6; ++row) {
        float right = 0, wrong = 0;
        for (int c = 0; c <= row; ++c) {
            right = std::max(right, h.weights.at(row, c));
            wrong = std::max(wrong, h.weights_wrong_scale.at(row, c));
        }
        CHECK(wrong <= right + 1e-6f);
    }
    // With one head, head_dim is d_out and the bug changes nothing.
    s.heads = 1;
    const ModuleResult single = run_module(journey(), s);
    REQUIRE(single.error.empty());
    const HeadTrace& one = single.batches[0][0];
    for (size_t k = 0; k < one.weights.data.size(); ++k) CHECK(one.weights_wrong_scale.data[k] == one.weights.data[k]);
    // The other classes have no head narrower than d_out.
    CHECK(run_module(journey(), book_module_settings(AttentionModule::CausalAttention))
              .batches[0][0]
              .weights_wrong_scale.rows == 0);
}

TEST_CASE("modules: the parameter count from the settings is the created module's (and GPT-2's, Exercise 3.3)") {
    const Matrix x = journey();
    for (AttentionModule m :
         {AttentionModule::SelfAttentionV1, AttentionModule::SelfAttentionV2, AttentionModule::CausalAttention,
          AttentionModule::MultiHeadWrapper, AttentionModule::MultiHeadAttention})
        for (bool bias : {false, true})
            for (int d_out : {2, 4}) {
                ModuleSettings s = book_module_settings(m);
                s.d_out = d_out;
                s.qkv_bias = bias && m != AttentionModule::SelfAttentionV1;
                const ModuleResult r = run_module(x, s);
                REQUIRE(r.error.empty());
                long long numbers = 0;
                for (const NamedParameter& p : r.parameters) numbers += (long long)p.value.data.size();
                CAPTURE(module_name(m));
                CAPTURE(bias);
                CAPTURE(d_out);
                CHECK(module_parameter_count(s, x.cols) == numbers);
            }
    // By hand: 3 x 768 x 768 for query, key and value, 768 x 768 + 768 for out_proj.
    ModuleSettings gpt2 = book_module_settings(AttentionModule::MultiHeadAttention);
    gpt2.d_out = 768;
    gpt2.heads = 12;
    CHECK(module_parameter_count(gpt2, 768) == 2360064);
    gpt2.qkv_bias = true;
    CHECK(module_parameter_count(gpt2, 768) == 2360064 + 3 * 768);
}

TEST_CASE("modules: a module too large for a page is refused before anything is drawn") {
    Matrix wide(1, 1024);
    ModuleSettings s = book_module_settings(AttentionModule::MultiHeadWrapper);
    s.heads = 64;
    s.d_out = 1024;
    s.batch = 1;
    CHECK(contains(english(check_module_settings(s, wide.cols, wide.rows)), "parameters must stay within 4 million"));
    ModuleSettings tall = book_module_settings(AttentionModule::MultiHeadAttention);
    tall.d_out = 1024;
    tall.heads = 2;
    tall.batch = 8;
    CHECK(contains(english(check_module_settings(tall, 4, 300)), "batch x n x d_out x heads"));
    CHECK(check_module_settings(book_module_settings(AttentionModule::MultiHeadAttention), 3, 6).empty());
}
