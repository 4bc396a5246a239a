// How many bytes a KV cache holds, as the book repository's memory estimators count them
// (ch04/04_gqa/memory_estimator_gqa.py, ch04/06_swa/memory_estimator_swa.py):
//   per layer = batch x tokens x head_dim x kv_heads x 2 (keys and values) x bytes per number
// with head_dim = ceil(emb_dim / heads), tokens the context length, or for a sliding-window layer
// min(context, W). Multi-head attention keeps kv_heads = heads; GQA fewer (the estimators' flag
// --n_kv_groups is the heads per group there: kv_heads = heads / n_kv_groups).
#pragma once

namespace attn {

struct KvMemoryModel {
    long long batch = 1;
    long long context = 1024;  // tokens
    long long emb_dim = 768;
    long long heads = 12;
    long long kv_heads = 12;
    long long layers = 12;
    long long bytes_per_number = 2;  // fp32 4, bf16 and fp16 2, fp8 and int8 1
    long long window = 0;            // 0: every layer keeps the whole context
    // With a window: swa_share sliding-window layers for every full_share full ones ("5:1").
    long long swa_share = 1, full_share = 0;
};

// The layers split as the SWA estimator splits them: whole blocks of (swa + full) layers, then the
// remainder's first `swa_share` layers sliding-window.
void split_layers(long long layers, long long swa_share, long long full_share, long long* swa, long long* full);

struct KvMemory {
    long long head_dim = 0;
    long long per_token_per_layer = 0;  // bytes one token adds to one full layer's cache
    long long swa_layers = 0, full_layers = 0;
    double total = 0;  // bytes over every layer (a double: 10^12 bytes and more fit exactly enough)
};
KvMemory kv_memory(const KvMemoryModel& m);

}  // namespace attn
