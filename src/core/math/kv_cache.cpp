#include "core/math/kv_cache.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace attn {
namespace {

// Of `combined` keys (the cache's and a call's `count` new ones), how many the call's queries score
// (with a window W: up to W - 1 older keys plus the whole chunk) and how many rows the cache keeps
// after it (the last W). window 0: every key, every row.
int keys_scored(int combined, int count, int window) {
    return window > 0 ? std::min(combined, window + count - 1) : combined;
}
int rows_kept(int combined, int window) {
    return window > 0 ? std::min(combined, window) : combined;
}

}  // namespace

std::vector<std::pair<int, int>> decode_calls(int n, int prefill, int chunk) {
    std::vector<std::pair<int, int>> calls;
    const int step = chunk > 0 ? chunk : prefill;
    for (int first = 0; first < prefill; first += step) calls.push_back({first, std::min(step, prefill - first)});
    for (int t = prefill; t < n; ++t) calls.push_back({t, 1});
    return calls;
}

std::vector<int> keys_per_call(int n, int prefill, int chunk, int window) {
    std::vector<int> keys;
    int cached = 0;
    for (const auto& [first, count] : decode_calls(n, prefill, chunk)) {
        const int combined = cached + count;
        keys.push_back(keys_scored(combined, count, window));
        cached = rows_kept(combined, window);
    }
    return keys;
}

CacheCall cache_call(const CacheInputs& in, int first, int count, int cached) {
    const int hd = in.head_dim, group_size = in.heads / in.kv_heads;
    const float divisor = float(std::sqrt(double(hd)));  // keys.shape[-1] ** 0.5
    CacheCall call;
    call.first = first;
    call.count = count;
    const int combined = cached + count;  // torch.cat([cache_k, keys_new], dim=1)
    // The planted window fault keeps only the W rows the cache keeps for the next call.
    call.key_count = in.fault == CacheFault::WindowKeepsOnlyW ? rows_kept(combined, in.window)
                                                              : keys_scored(combined, count, in.window);
    call.key_first = first + count - call.key_count;
    call.cache_rows = rows_kept(combined, in.window);
    // Read straight from the projections' rows (no copies of the cached keys per call): each sum
    // runs from 0.0f in the order matmul's kernel runs it, so the rows stay the full pass's bits.
    const Matrix &Q = *in.queries, &K = *in.keys, &V = *in.values;
    Matrix merged(count, in.heads * hd);
    for (int h = 0; h < in.heads; ++h) {
        const int group = in.fault == CacheFault::RepeatNotInterleave ? h % in.kv_heads  // repeat: [K1, K2, K1, K2]
                                                                      : h / group_size;  // [K1, K1, K2, K2]
        const int q0 = h * hd, kv0 = group * hd;
        Matrix scores(count, call.key_count);
        for (int i = 0; i < count; ++i) {
            const float* q = Q.row(first + i) + q0;
            for (int j = 0; j < call.key_count; ++j) {
                const int key = call.key_first + j;
                // Without the offset the mask compares the call's own row and column indices.
                const bool hidden = in.fault == CacheFault::MaskWithoutOffset ? key_hidden(i, j, in.window)
                                                                              : key_hidden(first + i, key, in.window);
                if (hidden) {
                    scores.at(i, j) = -std::numeric_limits<float>::infinity();
                    continue;
                }
                const float* k = K.row(key) + kv0;
                float dot = 0.0f;
                for (int c = 0; c < hd; ++c) dot += q[c] * k[c];
                scores.at(i, j) = dot;
            }
        }
        Matrix weights = softmax_rows_scaled(scores, divisor);
        // A query whose every key is hidden (only a planted fault drops them all): torch.softmax
        // of -inf alone is NaN, and so is everything computed from the row.
        for (int i = 0; i < count; ++i) {
            bool any = false;
            for (int j = 0; j < call.key_count && !any; ++j) any = !std::isinf(scores.at(i, j));
            if (!any)
                for (int j = 0; j < call.key_count; ++j) weights.at(i, j) = std::numeric_limits<float>::quiet_NaN();
        }
        for (int i = 0; i < count; ++i) {
            float* out = merged.row(i) + q0;
            for (int c = 0; c < hd; ++c) {
                float acc = 0.0f;
                for (int j = 0; j < call.key_count; ++j) acc += weights.at(i, j) * V.at(call.key_first + j, kv0 + c);
                out[c] = acc;
            }
        }
        call.scores.push_back(std::move(scores));
        call.weights.push_back(std::move(weights));
    }
    call.output = in.out_proj ? linear_forward(*in.out_proj, merged) : merged;
    return call;
}

DecodeTrace decode_with_cache(const CacheInputs& in, int prefill, int chunk) {
    DecodeTrace trace;
    const int n = in.queries->rows;
    const int out_width = in.out_proj ? in.out_proj->weight.rows : in.heads * in.head_dim;
    trace.output = Matrix(n, out_width);
    int cached = 0;  // rows in the cache before the call: positions [first - cached, first)
    for (const auto& [first, count] : decode_calls(n, prefill, chunk)) {
        CacheCall call = cache_call(in, first, count, cached);
        cached = call.cache_rows;
        for (int i = 0; i < count; ++i)
            std::memcpy(trace.output.row(first + i), call.output.row(i), sizeof(float) * size_t(out_width));
        trace.scores_computed += (long long)in.heads * count * call.key_count;
        trace.cache_numbers_peak =
            std::max(trace.cache_numbers_peak, 2LL * in.kv_heads * in.head_dim * (long long)call.cache_rows);
        trace.calls.push_back(std::move(call));
    }
    return trace;
}

OutputComparison compare_outputs(const Matrix& decoded, const Matrix& full) {
    OutputComparison c;
    if (decoded.rows != full.rows || decoded.cols != full.cols) {
        c.max_abs_difference = std::numeric_limits<double>::infinity();
        return c;
    }
    c.equal_bits = std::memcmp(decoded.data.data(), full.data.data(), sizeof(float) * decoded.data.size()) == 0;
    for (size_t k = 0; k < full.data.size(); ++k)
        c.max_abs_difference =
            std::max(c.max_abs_difference, std::fabs(double(decoded.data[k]) - double(full.data[k])));
    return c;
}

}  // namespace attn
