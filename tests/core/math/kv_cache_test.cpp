// The book repository's generation-time attention (ch04): the KV cache gives the full pass's rows
// for every prefill and chunk size, GQA with one group per head is MultiHeadAttention, SWA with a
// window as long as the sequence is causal attention, and a window's cache keeps W rows while a
// chunk reads up to W - 1 older keys. PyTorch's own numbers: tests/python/check_generation.py.
#include "core/math/kv_cache.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/document/examples.h"
#include "core/document/state.h"
#include "core/math/attention_modules.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

Matrix example_inputs(const char* name) {
    State s;
    REQUIRE(load_example(name, &s));
    return s.inputs;
}

ModuleSettings decoding(AttentionModule m, int prefill, int chunk) {
    ModuleSettings s = book_module_settings(m);
    s.decode = true;
    s.prefill = prefill;
    s.chunk = chunk;
    return s;
}

bool same_bits(const Matrix& a, const Matrix& b) {
    return a.rows == b.rows && a.cols == b.cols && a.data == b.data;
}

}  // namespace

TEST_CASE("kv cache: the calls are the prefill in chunks, then one token each") {
    using Calls = std::vector<std::pair<int, int>>;
    CHECK(decode_calls(6, 1, 0) == Calls{{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1}, {5, 1}});
    CHECK(decode_calls(6, 3, 0) == Calls{{0, 3}, {3, 1}, {4, 1}, {5, 1}});
    CHECK(decode_calls(6, 5, 2) == Calls{{0, 2}, {2, 2}, {4, 1}, {5, 1}});
    CHECK(decode_calls(6, 6, 6) == Calls{{0, 6}});
}

TEST_CASE("kv cache: decoding gives the full pass's output bit for bit, for every prefill and chunk") {
    const Matrix inputs = example_inputs("random-12x8-seed7");
    const int n = inputs.rows;
    for (AttentionModule m : {AttentionModule::CausalAttention, AttentionModule::MultiHeadAttention,
                              AttentionModule::GroupedQueryAttention, AttentionModule::SlidingWindowAttention}) {
        for (int prefill = 1; prefill <= n; prefill += 3) {
            for (int chunk : {0, 1, 2, 5}) {
                if (chunk > prefill) continue;
                ModuleSettings s = decoding(m, prefill, chunk);
                s.batch = 1;
                CAPTURE(module_name(m));
                CAPTURE(prefill);
                CAPTURE(chunk);
                const ModuleResult r = run_module(inputs, s);
                REQUIRE(r.error.empty());
                CHECK(r.decode_vs_full.equal_bits);
                CHECK(same_bits(r.decode.output, r.output[0]));
                // The cache as the repository keeps it, call by call: every key before (a window:
                // the W - 1 before the call's first token), and after the call all rows (or the last W).
                const int w = m == AttentionModule::SlidingWindowAttention ? s.window : 0;
                // keys_per_call counts the same keys from the sizes alone (Practice checks with it).
                const std::vector<int> keys = keys_per_call(n, prefill, chunk, w);
                REQUIRE(keys.size() == r.decode.calls.size());
                for (size_t k = 0; k < keys.size(); ++k) CHECK(keys[k] == r.decode.calls[k].key_count);
                for (const CacheCall& c : r.decode.calls) {
                    CHECK(c.key_first == (w > 0 ? std::max(0, c.first - w + 1) : 0));
                    CHECK(c.key_first + c.key_count == c.first + c.count);
                    CHECK(c.cache_rows == (w > 0 ? std::min(c.first + c.count, w) : c.first + c.count));
                }
            }
        }
    }
}

TEST_CASE("kv cache: the token at position t scores t + 1 keys, not the whole (t + 1)^2 again") {
    const Matrix inputs = example_inputs("your-journey");  // 6 tokens
    const ModuleResult r = run_module(inputs, decoding(AttentionModule::MultiHeadAttention, 1, 0));
    REQUIRE(r.error.empty());
    REQUIRE(r.decode.calls.size() == 6);
    for (int t = 0; t < 6; ++t) {
        const CacheCall& c = r.decode.calls[size_t(t)];
        CHECK(c.first == t);
        CHECK(c.key_first == 0);
        CHECK(c.key_count == t + 1);
        CHECK(c.cache_rows == t + 1);
        REQUIRE(c.weights.size() == 2);  // the book's two heads
        CHECK(c.weights[0].rows == 1);
        CHECK(c.weights[0].cols == t + 1);
    }
    CHECK(r.decode.scores_computed == 2 * (1 + 2 + 3 + 4 + 5 + 6));  // 42 where the full pass scores 72
    // Keys and values, 2 heads of width 1, 6 rows.
    CHECK(r.decode.cache_numbers_peak == 2 * 2 * 1 * 6);
}

TEST_CASE("kv cache: a cached row of weights is the full pass's row without its masked zeros") {
    const Matrix inputs = example_inputs("your-journey");
    const ModuleResult r = run_module(inputs, decoding(AttentionModule::MultiHeadAttention, 2, 0));
    REQUIRE(r.error.empty());
    const CacheCall& c = r.decode.calls[2];  // token 3 alone
    REQUIRE(c.first == 3);
    for (int h = 0; h < 2; ++h) {
        const Matrix& full = r.batches[0][size_t(h)].weights;
        for (int k = 0; k < 6; ++k) {
            if (k <= 3)
                CHECK(c.weights[size_t(h)].at(0, k) == full.at(3, k));
            else
                CHECK(full.at(3, k) == 0.0f);
        }
    }
}

TEST_CASE("gqa: with one group per head it is MultiHeadAttention's attention; heads of a group share keys") {
    const Matrix inputs = example_inputs("random-12x8-seed7");
    ModuleSettings s = book_module_settings(AttentionModule::GroupedQueryAttention);  // 4 heads, 2 groups
    const ModuleResult grouped = run_module(inputs, s);
    REQUIRE(grouped.error.empty());
    // repeat_interleave: heads 0 and 1 read group 0, heads 2 and 3 group 1.
    CHECK(same_bits(grouped.batches[0][0].keys, grouped.batches[0][1].keys));
    CHECK(same_bits(grouped.batches[0][2].values, grouped.batches[0][3].values));
    CHECK_FALSE(same_bits(grouped.batches[0][1].keys, grouped.batches[0][2].keys));
    CHECK(grouped.parameters[0].name == "W_key.weight");
    CHECK(grouped.parameters[0].value.rows == 2 * 1);            // kv_groups * head_dim
    CHECK(grouped.parameters.back().name == "out_proj.weight");  // no out_proj.bias

    // G = heads: the same projections as MultiHeadAttention's (loaded, since GQA draws W_key
    // first) give the same heads; the weights and contexts are equal bit for bit.
    s.kv_groups = s.heads;
    TorchGenerator gen(s.seed);
    const ModuleWeights w = create_module(s, inputs.cols, &gen);
    ModuleSettings mha = s;
    mha.module = AttentionModule::MultiHeadAttention;
    ModuleWeights loaded = w;
    loaded.out_proj.has_bias = true;
    loaded.out_proj.bias.assign(size_t(s.d_out), 0.0f);
    TorchGenerator g1(1), g2(1);
    const ModuleResult a = forward_module(inputs, s, w, &g1);
    const ModuleResult b = forward_module(inputs, mha, loaded, &g2);
    REQUIRE(a.error.empty());
    REQUIRE(b.error.empty());
    for (int h = 0; h < s.heads; ++h) {
        CHECK(same_bits(a.batches[0][size_t(h)].weights, b.batches[0][size_t(h)].weights));
        CHECK(same_bits(a.batches[0][size_t(h)].context, b.batches[0][size_t(h)].context));
    }
    for (size_t k = 0; k < a.output[0].data.size(); ++k)
        CHECK(a.output[0].data[k] == doctest::Approx(b.output[0].data[k]).epsilon(1e-6));
    CHECK(module_parameter_count(s, inputs.cols) == module_parameter_count(mha, inputs.cols) - s.d_out);
}

TEST_CASE("swa: a window as long as the sequence is causal attention; a window of W hides keys W back") {
    const Matrix inputs = example_inputs("your-journey");
    ModuleSettings s = book_module_settings(AttentionModule::SlidingWindowAttention);
    s.window = 6;
    ModuleSettings mha = s;
    mha.module = AttentionModule::MultiHeadAttention;
    // Both create W_query, W_key, W_value and out_proj in the same order: the same numbers.
    CHECK(same_bits(run_module(inputs, s).output[0], run_module(inputs, mha).output[0]));

    s.window = 2;
    const ModuleResult r = run_module(inputs, s);
    REQUIRE(r.error.empty());
    const Matrix& w = r.batches[0][0].weights;
    for (int q = 0; q < 6; ++q)
        for (int k = 0; k < 6; ++k) CHECK((w.at(q, k) == 0.0f) == (k > q || q - k >= 2));
}

TEST_CASE("swa: the cache keeps W rows; a chunk reads up to W - 1 older keys plus itself") {
    const Matrix inputs = example_inputs("random-12x8-seed7");  // 12 tokens
    ModuleSettings s = decoding(AttentionModule::SlidingWindowAttention, 9, 4);
    s.window = 3;
    const ModuleResult r = run_module(inputs, s);
    REQUIRE(r.error.empty());
    REQUIRE(r.decode.calls.size() == 6);  // [0,4) [4,8) [8,9) 9 10 11
    const CacheCall& second = r.decode.calls[1];
    CHECK(second.first == 4);
    CHECK(second.key_first == 2);  // 3 - 1 older keys (2, 3) and the chunk 4..7
    CHECK(second.key_count == 6);
    CHECK(second.cache_rows == 3);
    for (const CacheCall& c : r.decode.calls) CHECK(c.cache_rows <= 3);
    CHECK(r.decode.cache_numbers_peak == 2 * 2 * 1 * 3);
    CHECK(r.decode_vs_full.equal_bits);
}

TEST_CASE("generation: settings PyTorch would refuse, or a cache cannot run, get a message naming the problem") {
    const Matrix inputs = example_inputs("your-journey");
    ModuleSettings s = book_module_settings(AttentionModule::GroupedQueryAttention);
    s.kv_groups = 3;
    CHECK(contains(english(check_module_settings(s, 3, 6)), "num_heads must be divisible by num_kv_groups"));
    s = book_module_settings(AttentionModule::SlidingWindowAttention);
    s.window = 0;
    CHECK(contains(english(check_module_settings(s, 3, 6)), "sliding_window_size is 0"));
    s = decoding(AttentionModule::MultiHeadAttention, 7, 0);
    CHECK(contains(english(check_module_settings(s, 3, 6)), "the prefill is 7 tokens"));
    s = decoding(AttentionModule::MultiHeadAttention, 3, 4);
    CHECK(contains(english(check_module_settings(s, 3, 6)), "chunk is 4 tokens"));
    s = decoding(AttentionModule::MultiHeadWrapper, 3, 0);
    CHECK(contains(english(check_module_settings(s, 3, 6)), "has no KV cache"));
    s = decoding(AttentionModule::CausalAttention, 3, 0);
    s.dropout = 0.5;
    CHECK(contains(english(check_module_settings(s, 3, 6)), "dropout off"));
    s.training = false;
    CHECK(check_module_settings(s, 3, 6).empty());
}
