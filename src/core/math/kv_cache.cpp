#include "core/math/kv_cache.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace attn {
namespace {

// Rows [first, first + count) and columns [col, col + width) of m.
Matrix block(const Matrix& m, int first, int count, int col, int width) {
    Matrix out(count, width);
    for (int r = 0; r < count; ++r)
        for (int c = 0; c < width; ++c) out.at(r, c) = m.at(first + r, col + c);
    return out;
}

}  // namespace

std::vector<std::pair<int, int>> decode_calls(int n, int prefill, int chunk) {
    std::vector<std::pair<int, int>> calls;
    const int step = chunk > 0 ? chunk : prefill;
    for (int first = 0; first < prefill; first += step) calls.push_back({first, std::min(step, prefill - first)});
    for (int t = prefill; t < n; ++t) calls.push_back({t, 1});
    return calls;
}

CacheCall cache_call(const CacheInputs& in, int first, int count, int cached) {
    const int hd = in.head_dim, group_size = in.heads / in.kv_heads;
    const float divisor = float(std::sqrt(double(hd)));  // keys.shape[-1] ** 0.5
    CacheCall call;
    call.first = first;
    call.count = count;
    const int combined = cached + count;  // torch.cat([cache_k, keys_new], dim=1)
    // SWA: up to W - 1 older keys plus the whole chunk score; the cache keeps the last W.
    call.key_count = in.window > 0 ? std::min(combined, in.window + count - 1) : combined;
    call.key_first = first + count - call.key_count;
    call.cache_rows = in.window > 0 ? std::min(combined, in.window) : combined;
    Matrix merged(count, in.heads * hd);
    for (int h = 0; h < in.heads; ++h) {
        const int g = h / group_size;  // repeat_interleave(group_size, dim=1): [K1, K1, K2, K2]
        const Matrix q = block(*in.queries, first, count, h * hd, hd);
        const Matrix k = block(*in.keys, call.key_first, call.key_count, g * hd, hd);
        const Matrix v = block(*in.values, call.key_first, call.key_count, g * hd, hd);
        Matrix scores = matmul(q, transposed(k));
        for (int i = 0; i < count; ++i)
            for (int j = 0; j < call.key_count; ++j)
                if (key_hidden(first + i, call.key_first + j, in.window))
                    scores.at(i, j) = -std::numeric_limits<float>::infinity();
        Matrix weights = softmax_rows_scaled(scores, divisor);
        const Matrix context = matmul(weights, v);
        for (int i = 0; i < count; ++i)
            for (int c = 0; c < hd; ++c) merged.at(i, h * hd + c) = context.at(i, c);
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
