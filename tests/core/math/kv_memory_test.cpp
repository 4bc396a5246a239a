// The KV-cache memory calculator against what the book repository's estimators print for their
// own examples (ch04/04_gqa/README.md, ch04/06_swa/README.md): emb_dim 4096, 32 heads, 32 layers,
// 32,768 tokens, bf16, --n_kv_groups 4 (8 kv heads), and a window of 1,024 in 5 of every 6 layers.
#include "core/math/kv_memory.h"

#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

using namespace attn;

namespace {

KvMemoryModel readme_model(long long kv_heads) {
    KvMemoryModel m;
    m.context = 32768;
    m.emb_dim = 4096;
    m.heads = 32;
    m.kv_heads = kv_heads;
    m.layers = 32;
    m.bytes_per_number = 2;
    return m;
}

// The estimators' convert_bytes: f"{n / 1000**3:,.2f} GB", as a number.
double gigabytes(double bytes) {
    return std::round(bytes / 1e7) / 100.0;
}

}  // namespace

TEST_CASE("kv memory: MHA 17.18 GB and GQA 4.29 GB, as memory_estimator_gqa.py prints") {
    const KvMemory mha = kv_memory(readme_model(32)), gqa = kv_memory(readme_model(8));
    CHECK(mha.head_dim == 128);
    CHECK(mha.per_token_per_layer == 128 * 32 * 2 * 2);  // 16 KiB per token per layer
    CHECK(gigabytes(mha.total) == 17.18);
    CHECK(gigabytes(gqa.total) == 4.29);
    CHECK(mha.total / gqa.total == 4.0);  // "Ratio (MHA / GQA): 4.00x"
}

TEST_CASE("kv memory: with SWA in 5 of 6 layers, 3.14 GB and 0.78 GB, as memory_estimator_swa.py prints") {
    KvMemoryModel mha = readme_model(32), gqa = readme_model(8);
    for (KvMemoryModel* m : {&mha, &gqa}) {
        m->window = 1024;
        m->swa_share = 5;
        m->full_share = 1;
    }
    const KvMemory a = kv_memory(mha), b = kv_memory(gqa);
    CHECK(a.swa_layers == 27);  // "Distributed layers: 27 SWA, 5 FULL"
    CHECK(a.full_layers == 5);
    CHECK(gigabytes(a.total) == 3.14);
    CHECK(gigabytes(b.total) == 0.78);
}

TEST_CASE("kv memory: layers split in blocks, the remainder's first ones sliding-window") {
    long long swa = 0, full = 0;
    split_layers(12, 1, 0, &swa, &full);  // the estimator's default "1:0": all SWA
    CHECK(swa == 12);
    CHECK(full == 0);
    split_layers(7, 2, 1, &swa, &full);  // two blocks of 3, then 1 left: SWA
    CHECK(swa == 5);
    CHECK(full == 2);
    // A window longer than the context changes nothing.
    KvMemoryModel m = readme_model(8);
    const double plain = kv_memory(m).total;
    m.window = 100000;
    CHECK(kv_memory(m).total == plain);
}
