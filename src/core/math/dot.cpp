// Two spellings of one idea; the tests hold them equal, bit for bit.
#include "core/math/dot.h"

#include <numeric>

namespace attn {

float dot_loop(const float* a, const float* b, int n) {
    float total = 0.0f;
    for (int k = 0; k < n; ++k) total += a[k] * b[k];
    return total;
}

float dot_library(const float* a, const float* b, int n) {
    return std::inner_product(a, a + n, b, 0.0f);
}

std::vector<DotStep> dot_steps(const float* a, const float* b, int n) {
    std::vector<DotStep> steps;
    steps.reserve(size_t(n));
    float total = 0.0f;
    for (int k = 0; k < n; ++k) {
        const float product = a[k] * b[k];
        total += product;
        steps.push_back({product, total});
    }
    return steps;
}

}  // namespace attn
