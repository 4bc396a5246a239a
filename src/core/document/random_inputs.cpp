// torch.rand through TorchGenerator, then 2 u - 1: u = k / 2^24, so 2 u - 1 = (k - 2^23) / 2^23 is
// exact in float32 and equals PyTorch's `torch.rand(n, d) * 2 - 1` bit for bit.
#include "core/document/random_inputs.h"

#include <algorithm>

#include "core/math/torch_rng.h"

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
    state->example = random_example_name(n, d, seed);
    state->query = std::min(state->query, n - 1);
    return "";
}

std::string random_example_name(int n, int d, uint64_t seed) {
    return "random-" + std::to_string(n) + "x" + std::to_string(d) + "-seed" + std::to_string(seed);
}

namespace {

// A decimal number without sign or leading zeros, at most `max`; advances *pos past it.
bool read_decimal(const std::string& s, size_t* pos, uint64_t max, uint64_t* out) {
    size_t i = *pos;
    uint64_t v = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
        if (i > *pos && s[*pos] == '0') return false;  // "07": one name per example
        v = v * 10 + uint64_t(s[i] - '0');
        if (v > max) return false;
        ++i;
    }
    if (i == *pos) return false;
    *pos = i;
    *out = v;
    return true;
}

bool read_literal(const std::string& s, size_t* pos, const char* text) {
    const std::string t(text);
    if (s.compare(*pos, t.size(), t) != 0) return false;
    *pos += t.size();
    return true;
}

}  // namespace

bool parse_random_example_name(const std::string& name, int* n, int* d, uint64_t* seed) {
    size_t pos = 0;
    uint64_t rows = 0, cols = 0, s = 0;
    if (!read_literal(name, &pos, "random-") || !read_decimal(name, &pos, uint64_t(kMaxTokens), &rows) ||
        !read_literal(name, &pos, "x") || !read_decimal(name, &pos, uint64_t(kMaxDims), &cols) ||
        !read_literal(name, &pos, "-seed") || !read_decimal(name, &pos, kMaxSeed, &s) || pos != name.size() ||
        rows < 1 || cols < 1)
        return false;
    *n = int(rows);
    *d = int(cols);
    *seed = s;
    return true;
}

std::string random_inputs_pytorch(int n, int d, uint64_t seed) {
    return "torch.manual_seed(" + std::to_string(seed) + ")\ninputs = torch.rand(" + std::to_string(n) + ", " +
           std::to_string(d) + ") * 2 - 1  # uniform in [-1, 1)";
}

}  // namespace attn
