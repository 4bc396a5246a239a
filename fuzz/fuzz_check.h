// What the fuzz targets share: the one assertion (print what broke and abort, so libFuzzer saves
// the input) and the bit-exact matrix comparison their round-trip invariants need.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "core/math/matrix.h"

#define FUZZ_CHECK(cond, what)                                                                     \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            std::fprintf(stderr, "fuzz invariant broken: %s (%s:%d)\n", what, __FILE__, __LINE__); \
            std::abort();                                                                          \
        }                                                                                          \
    } while (0)

// Same shape and the same float bits (so -0 and nan payloads count): what "round-trips" means here.
inline bool same_bits(const attn::Matrix& a, const attn::Matrix& b) {
    return a.rows == b.rows && a.cols == b.cols && a.data.size() == b.data.size() &&
           std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)) == 0;
}
