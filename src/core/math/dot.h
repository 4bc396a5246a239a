// The dot product, written the two ways the lesson compares: an explicit multiply-and-accumulate
// loop, and a one-call library form (the analogue of torch.dot). They must agree.
#pragma once
#include "core/math/matrix.h"

namespace attn {

// One step of the manual loop: a[k] * b[k] and the running total after adding it.
struct DotStep {
    float product;
    float running_sum;
};

// sum_k a[k] * b[k], accumulated left to right in float32, exactly as the lesson's loop does.
float dot_loop(const float* a, const float* b, int n);
// Same value through the standard library (std::inner_product), the "torch.dot" of this project.
float dot_library(const float* a, const float* b, int n);
// Every step of the manual loop, for the on-screen stepper: size n, last running_sum == dot_loop.
std::vector<DotStep> dot_steps(const float* a, const float* b, int n);

inline float dot(const Vector& a, const Vector& b) {
    return dot_library(a.data(), b.data(), int(a.size()));
}

}  // namespace attn
