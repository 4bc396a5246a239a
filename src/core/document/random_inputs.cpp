// Random inputs as a document: their example name, the state they make, and the PyTorch lines
// that make the same numbers (core/math/random_embeddings.h draws them).
#include "core/document/random_inputs.h"

#include <algorithm>
#include <charconv>
#include <system_error>

#include "core/math/random_embeddings.h"

namespace attn {

std::string apply_random_inputs(State* state, int n, int d, uint64_t seed) {
    if (n < 1 || n > kMaxTokens)
        return "random inputs: n is " + std::to_string(n) + " but must be 1.." + std::to_string(kMaxTokens) +
               ": the number of tokens";
    if (d < 1 || d > kMaxDims)
        return "random inputs: d is " + std::to_string(d) + " but must be 1.." + std::to_string(kMaxDims) +
               ": the length of every embedding";
    if (seed > kMaxSeed)
        return "random inputs: seed is " + std::to_string(seed) + " but must be 0.." + std::to_string(kMaxSeed) +
               " (2^53, so it is exact in JSON)";
    state->inputs = random_embeddings(n, d, seed);
    state->tokens.resize(size_t(n));
    for (int i = 0; i < n; ++i) state->tokens[size_t(i)] = "t" + std::to_string(i);
    state->example = random_example_name(n, d, seed);
    state->query = std::min(state->query, n - 1);
    fit_module_to_inputs(state);
    return "";
}

std::string random_example_name(int n, int d, uint64_t seed) {
    return "random-" + std::to_string(n) + "x" + std::to_string(d) + "-seed" + std::to_string(seed);
}

namespace {

// A decimal number without sign or leading zeros, at most `max`; advances *pos past it.
// Digits at s[*pos] as a decimal without leading zeros ("07" would give one example two names),
// at most max; *pos moves past them.
bool read_decimal(const std::string& s, size_t* pos, uint64_t max, uint64_t* out) {
    const char* begin = s.data() + *pos;
    const char* end = s.data() + s.size();
    if (begin == end || *begin < '0' || *begin > '9' ||
        (*begin == '0' && begin + 1 < end && begin[1] >= '0' && begin[1] <= '9'))
        return false;
    uint64_t v = 0;
    const std::from_chars_result r = std::from_chars(begin, end, v);
    if (r.ec != std::errc() || v > max) return false;
    *pos = size_t(r.ptr - s.data());
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
