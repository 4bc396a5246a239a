// MT19937 as published by Matsumoto and Nishimura (the constants are the standard ones), which is
// what PyTorch's CPUGeneratorImpl runs underneath torch.manual_seed.
#include "core/math/torch_rng.h"

namespace attn {

TorchGenerator::TorchGenerator(uint64_t seed) {
    // PyTorch seeds the 32-bit twister with the low 32 bits of the seed.
    state_[0] = uint32_t(seed & 0xffffffffu);
    for (int i = 1; i < kStateSize; ++i)
        state_[i] = 1812433253u * (state_[i - 1] ^ (state_[i - 1] >> 30)) + uint32_t(i);
    index_ = kStateSize;
}

void TorchGenerator::twist() {
    constexpr int kShift = 397;
    for (int i = 0; i < kStateSize; ++i) {
        const uint32_t y = (state_[i] & 0x80000000u) | (state_[(i + 1) % kStateSize] & 0x7fffffffu);
        uint32_t next = state_[(i + kShift) % kStateSize] ^ (y >> 1);
        if (y & 1u) next ^= 0x9908b0dfu;
        state_[i] = next;
    }
    index_ = 0;
}

uint32_t TorchGenerator::next_u32() {
    if (index_ >= kStateSize) twist();
    uint32_t y = state_[index_++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
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
