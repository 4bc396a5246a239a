#include "core/math/kv_memory.h"

#include <algorithm>

namespace attn {

void split_layers(long long layers, long long swa_share, long long full_share, long long* swa, long long* full) {
    const long long block = swa_share + full_share;
    if (block <= 0) {
        *swa = 0;
        *full = layers;
        return;
    }
    const long long blocks = layers / block, rest = layers % block;
    *swa = blocks * swa_share + std::min(swa_share, rest);
    *full = blocks * full_share + std::max(0LL, rest - swa_share);
}

KvMemory kv_memory(const KvMemoryModel& m) {
    KvMemory out;
    out.head_dim = m.heads > 0 ? (m.emb_dim + m.heads - 1) / m.heads : 0;  // math.ceil(emb_dim / n_heads)
    out.per_token_per_layer = out.head_dim * m.kv_heads * 2 * m.bytes_per_number;
    if (m.window > 0)
        split_layers(m.layers, m.swa_share, m.full_share, &out.swa_layers, &out.full_layers);
    else
        out.full_layers = m.layers;
    const double per_token = double(m.batch) * double(out.per_token_per_layer);
    const double window_tokens = double(std::min(m.context, m.window));
    out.total = per_token * (double(out.full_layers) * double(m.context) + double(out.swa_layers) * window_tokens);
    return out;
}

}  // namespace attn
