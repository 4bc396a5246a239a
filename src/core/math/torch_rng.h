// PyTorch's CPU random generator, reproduced so that torch.manual_seed(s); torch.rand(r, c) gives
// the same float32 matrix here: a standard 32-bit Mersenne Twister (MT19937) seeded with s, each
// float being (next32 & 0xFFFFFF) * 2^-24, drawn in row-major order.
#pragma once
#include <cstdint>
#include <random>

#include "core/math/matrix.h"

namespace attn {

class TorchGenerator {
public:
    explicit TorchGenerator(uint64_t seed);  // torch.manual_seed(seed)
    uint32_t next_u32();                     // one MT19937 output
    float next_uniform();                    // one element of torch.rand: in [0, 1), 24-bit mantissa
    Matrix rand(int rows, int cols);         // torch.rand(rows, cols)

private:
    std::mt19937 engine_;
};

}  // namespace attn
