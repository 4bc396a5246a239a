// The KV cache of the book repository's ch04/03_kv-cache, and of its GQA and SWA variants
// (ch04/04_gqa, ch04/06_swa): how a model runs attention while it generates text.
//
// The module's forward(x, use_cache=True) is called on a prefill of P tokens (in chunks of C) and
// then on one new token at a time. Each call projects only its new tokens, appends their keys and
// values to the cache, and scores only its new queries: t + 1 scores per head for the token at
// position t, where the full pass computes all n x n. The causal mask is then the comparison of
// absolute positions (query position < key position hides the key), and with a sliding window W
// also (query - key >= W): the cache keeps only the last W keys, and a chunk's queries read up to
// W - 1 older keys plus the whole chunk (the repository fixed exactly this twice).
//
// A row's projection does not depend on the other rows, so projecting a call's tokens gives the
// same rows as projecting the whole sequence; the functions below take those projections.
#pragma once
#include <utility>
#include <vector>

#include "core/math/matrix.h"
#include "core/math/torch_layers.h"

namespace attn {

// A cache written with one line wrong, as "Debug this" plants it (core/lesson/generation_bugs.h).
enum class CacheFault {
    None,
    // mask[:count, :key_count], the full pass's slice, where mask[pos:pos + count, :key_count]
    // belongs: a later call's queries are masked as if they stood at position 0, 1, ...
    MaskWithoutOffset,
    // keys.repeat(1, heads / G, 1, 1) where repeat_interleave(heads / G, dim=1) belongs: head h reads
    // group h % G ([K1, K2, K1, K2]), not h / (heads / G) ([K1, K1, K2, K2]).
    RepeatNotInterleave,
    // attn_keep = min(len, W) where min(len, W + count - 1) belongs: a chunk's first queries lose
    // the older keys their window reaches.
    WindowKeepsOnlyW,
};

// The projections of the whole sequence and the module's shape.
struct CacheInputs {
    const Matrix* queries = nullptr;  // (n, heads * head_dim)
    const Matrix* keys = nullptr;     // (n, kv_heads * head_dim)
    const Matrix* values = nullptr;   // (n, kv_heads * head_dim)
    int heads = 1;
    int kv_heads = 1;  // heads / kv_heads query heads read each key and value head (repeat_interleave)
    int head_dim = 1;
    int window = 0;                    // 0: the cache keeps every key; else the sliding window W
    const Linear* out_proj = nullptr;  // nullptr: the context is the output (CausalAttention)
    CacheFault fault = CacheFault::None;
};

// One forward(x, use_cache=True) call.
struct CacheCall {
    int first = 0, count = 0;          // its new tokens: positions [first, first + count)
    int key_first = 0, key_count = 0;  // the keys its queries score against: [key_first, key_first + key_count)
    int cache_rows = 0;                // rows the cache keeps after the call (keys and values of each kv head)
    std::vector<Matrix> scores;        // [head] (count, key_count), -inf where the mask hides a key
    std::vector<Matrix> weights;       // [head] (count, key_count): softmax(scores / sqrt(head_dim))
    Matrix output;                     // (count, out width): the call's rows of the module's output
};

struct DecodeTrace {
    std::vector<CacheCall> calls;
    Matrix output;                     // (n, out width): every call's rows in order
    long long scores_computed = 0;     // the sum over calls of heads * count * key_count
    long long cache_numbers_peak = 0;  // 2 (keys, values) * kv_heads * head_dim * the most rows kept
};

// The calls that decode n tokens: [0, prefill) in chunks of `chunk` (0: one call), then one call per
// token. Each pair is (first, count). prefill in [1, n], chunk in [0, prefill].
std::vector<std::pair<int, int>> decode_calls(int n, int prefill, int chunk);

// How many keys each of those calls scores its queries against (CacheCall::key_count), from the
// sizes alone: every key so far, or with a window W the last W - 1 before the call plus its own.
std::vector<int> keys_per_call(int n, int prefill, int chunk, int window);

// Runs the calls through a cache. The inputs must be consistent (heads a multiple of kv_heads).
DecodeTrace decode_with_cache(const CacheInputs& in, int prefill, int chunk);

// One call: tokens [first, first + count), with `cached` rows in the cache before it (the positions
// just before first). What a generator does for each new token (count 1); decode_with_cache runs
// these in turn.
CacheCall cache_call(const CacheInputs& in, int first, int count, int cached);

// How the decoded output compares with the full pass's: bit for bit where every sum runs in the
// same order (this core's kernels do: the masked terms add exact zeros), else the largest
// |difference|.
struct OutputComparison {
    bool equal_bits = false;
    double max_abs_difference = 0.0;
};
OutputComparison compare_outputs(const Matrix& decoded, const Matrix& full);

}  // namespace attn
