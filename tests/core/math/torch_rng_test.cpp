// PyTorch's generator reproduced: MT19937 bit-exact, and torch.rand's 24-bit floats.
#include "core/math/torch_rng.h"

#include <doctest/doctest.h>

#include <random>

#include "core/test_helpers.h"

using namespace attn;
using attn_test::check_close;

TEST_CASE("torch_rng: MT19937 matches the C++ standard's reference (10000th output of seed 5489)") {
    TorchGenerator gen(5489);
    CHECK(gen.next_u32() == 3499211612u);  // first output of the default seed
    uint32_t x = 0;
    for (int i = 1; i < 10000; ++i) x = gen.next_u32();
    CHECK(x == 4123659995u);  // [rand.predef]: the 10000th output of mt19937 is 4123659995
}

TEST_CASE("torch_rng: the same stream as std::mt19937 for the book's seed 123") {
    TorchGenerator gen(123);
    std::mt19937 ref(123);
    for (int i = 0; i < 2000; ++i) REQUIRE(gen.next_u32() == ref());
}

TEST_CASE("torch_rng: torch.manual_seed(123); torch.rand(6) gives PyTorch's numbers") {
    TorchGenerator gen(123);
    const Matrix r = gen.rand(1, 6);
    check_close(r.row_vector(0), {0.2961f, 0.5166f, 0.2517f, 0.6886f, 0.0740f, 0.8665f});
}

TEST_CASE("torch_rng: floats are k / 2^24 in [0, 1)") {
    TorchGenerator gen(0);
    for (int i = 0; i < 5000; ++i) {
        const float u = gen.next_uniform();
        REQUIRE(u >= 0.0f);
        REQUIRE(u < 1.0f);
        REQUIRE(float(double(u) * 16777216.0) == std::floor(float(double(u) * 16777216.0)));
    }
}

TEST_CASE("torch_rng: rand fills row-major, continuing one stream") {
    TorchGenerator a(9), b(9);
    const Matrix m = a.rand(2, 3);
    for (int r = 0; r < 2; ++r)
        for (int c = 0; c < 3; ++c) CHECK(m.at(r, c) == b.next_uniform());
}
