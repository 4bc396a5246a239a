// PyTorch's CPUGeneratorImpl runs a standard 32-bit Mersenne Twister: std::mt19937 is the same
// engine, bit for bit (tests/core/math/torch_rng_test.cpp checks the standard's 10000th output).
#include "core/math/torch_rng.h"

namespace attn {

// PyTorch seeds the 32-bit twister with the low 32 bits of the seed.
TorchGenerator::TorchGenerator(uint64_t seed) : engine_(uint32_t(seed & 0xffffffffu)) {}

uint32_t TorchGenerator::next_u32() {
    return uint32_t(engine_());
}

float TorchGenerator::next_uniform() {
    // 24 random bits fill a float32 mantissa exactly: values k / 2^24, k in [0, 2^24).
    return float(next_u32() & 0xffffffu) * (1.0f / 16777216.0f);
}

Matrix TorchGenerator::rand(int rows, int cols) {
    Matrix m(rows, cols);
    for (float& v : m.data) v = next_uniform();
    return m;
}

}  // namespace attn
