// torch.rand through TorchGenerator, then 2 u - 1: u = k / 2^24, so 2 u - 1 = (k - 2^23) / 2^23 is
// exact in float32 and equals PyTorch's `torch.rand(n, d) * 2 - 1` bit for bit.
#include "core/math/random_embeddings.h"

#include "core/math/torch_rng.h"

namespace attn {

Matrix random_embeddings(int n, int d, uint64_t seed) {
    TorchGenerator gen(seed);
    Matrix m = gen.rand(n, d);
    for (float& x : m.data) x = x * 2.0f - 1.0f;
    return m;
}

}  // namespace attn
