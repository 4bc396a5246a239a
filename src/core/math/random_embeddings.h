// Random embeddings for long sequences, so a teacher can show n = 1024 tokens: the numbers are
// PyTorch's own, torch.manual_seed(seed); inputs = torch.rand(n, d) * 2 - 1, uniform in [-1, 1).
#pragma once
#include <cstdint>

#include "core/math/matrix.h"

namespace attn {

// (n, d) values (2 u - 1) with u drawn by torch.rand(n, d) after torch.manual_seed(seed): every
// value is a multiple of 2^-23 in [-1, 1), exact in float32. n and d must be at least 1.
Matrix random_embeddings(int n, int d, uint64_t seed);

}  // namespace attn
