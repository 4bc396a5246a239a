// Random inputs in the document, so a teacher can show n = 1024 tokens with PyTorch's own numbers
// (core/math/random_embeddings.h) and link to them by a short name.
#pragma once
#include <cstdint>
#include <string>

#include "core/document/state.h"
#include "core/math/matrix.h"
#include "core/math/random_embeddings.h"

namespace attn {

// Replaces the state's tokens ("t0" .. "t<n-1>") and inputs with random embeddings; the query is
// kept if it still exists, else the last token. Every other setting stays. Returns "" when done,
// or a message naming the bad number and its limits (and then changes nothing).
std::string apply_random_inputs(State* state, int n, int d, uint64_t seed);

// Random inputs have an example name, so a link to 1024 tokens is a few dozen characters, not
// megabytes of numbers: "random-<n>x<d>-seed<seed>", decimal without leading zeros, e.g.
// "random-1024x64-seed123". apply_random_inputs() sets it; an edit clears it like any example's.
std::string random_example_name(int n, int d, uint64_t seed);
// Reads such a name. False (and *n, *d, *seed untouched) unless it has exactly that form with n,
// d and seed inside the limits apply_random_inputs() accepts.
bool parse_random_example_name(const std::string& name, int* n, int* d, uint64_t* seed);

// The PyTorch lines that make the same inputs, for the code panel and the README.
std::string random_inputs_pytorch(int n, int d, uint64_t seed);

}  // namespace attn
