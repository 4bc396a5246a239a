// torch.rand through TorchGenerator, then 2 u - 1: u = k / 2^24, so 2 u - 1 = (k - 2^23) / 2^23 is
// exact in float32 and equals PyTorch's `torch.rand(n, d) * 2 - 1` bit for bit.
#include "core/random_inputs.h"

#include <algorithm>

#include "core/torch_rng.h"

namespace attn {

Matrix random_embeddings(int n, int d, uint64_t seed) {
    TorchGenerator gen(seed);
    Matrix m = gen.rand(n, d);
    for (float& x : m.data) x = x * 2.0f - 1.0f;
    return m;
}

std::string apply_random_inputs(State* state, int n, int d, uint64_t seed) {
    if (n < 1 || n > kMaxTokens)
        return "random inputs: n is " + std::to_string(n) + " but must be 1.." + std::to_string(kMaxTokens) +
               " (kMaxTokens): the number of tokens";
    if (d < 1 || d > kMaxDims)
        return "random inputs: d is " + std::to_string(d) + " but must be 1.." + std::to_string(kMaxDims) +
               " (kMaxDims): the length of every embedding";
    if (seed > kMaxSeed)
        return "random inputs: seed is " + std::to_string(seed) + " but must be 0.." + std::to_string(kMaxSeed) +
               " (kMaxSeed, 2^53, so it is exact in JSON)";
    state->inputs = random_embeddings(n, d, seed);
    state->tokens.resize(size_t(n));
    for (int i = 0; i < n; ++i) state->tokens[size_t(i)] = "t" + std::to_string(i);
    state->example.clear();
    state->query = std::min(state->query, n - 1);
    return "";
}

std::string random_inputs_pytorch(int n, int d, uint64_t seed) {
    return "torch.manual_seed(" + std::to_string(seed) + ")\ninputs = torch.rand(" + std::to_string(n) + ", " +
           std::to_string(d) + ") * 2 - 1  # uniform in [-1, 1)";
}

}  // namespace attn
