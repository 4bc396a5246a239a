// Divide-by-sum, naive softmax and stable softmax, per vector and per row.
#include "core/math/normalize.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attn {

const char* norm_name(Norm norm) {
    switch (norm) {
        case Norm::Sum:
            return "sum";
        case Norm::SoftmaxNaive:
            return "softmax-naive";
        case Norm::Softmax:
            return "softmax";
    }
    return "softmax";
}

bool parse_norm(const std::string& text, Norm* out) {
    for (Norm n : {Norm::Sum, Norm::SoftmaxNaive, Norm::Softmax}) {
        if (text == norm_name(n)) {
            *out = n;
            return true;
        }
    }
    return false;
}

namespace {

void sum_into(const float* scores, int n, float* weights) {
    float total = 0.0f;
    for (int i = 0; i < n; ++i) total += scores[i];
    for (int i = 0; i < n; ++i) weights[i] = scores[i] / total;
}

void softmax_naive_into(const float* scores, int n, float* weights) {
    float total = 0.0f;
    for (int i = 0; i < n; ++i) {
        weights[i] = std::exp(scores[i]);
        total += weights[i];
    }
    for (int i = 0; i < n; ++i) weights[i] /= total;
}

void softmax_stable_into(const float* scores, int n, float* weights) {
    const float inf = std::numeric_limits<float>::infinity();
    float max_score = -inf;
    for (int i = 0; i < n; ++i)
        if (scores[i] > max_score) max_score = scores[i];
    if (max_score == -inf) {  // fully masked (or empty): attends to nothing
        std::fill(weights, weights + n, 0.0f);
        return;
    }
    if (max_score == inf) {  // limit of growing scores: +inf entries share equally
        float count = 0.0f;
        for (int i = 0; i < n; ++i) count += (scores[i] == inf) ? 1.0f : 0.0f;
        for (int i = 0; i < n; ++i) weights[i] = (scores[i] == inf) ? 1.0f / count : 0.0f;
        return;
    }
    float total = 0.0f;
    for (int i = 0; i < n; ++i) {
        weights[i] = std::exp(scores[i] - max_score);  // exponent <= 0: no overflow; -inf -> 0
        total += weights[i];
    }
    for (int i = 0; i < n; ++i) weights[i] /= total;  // total >= 1 (the max term is exp(0))
}

Vector apply(void (*f)(const float*, int, float*), const Vector& scores) {
    Vector weights(scores.size());
    f(scores.data(), int(scores.size()), weights.data());
    return weights;
}

}  // namespace

Vector normalize_sum(const Vector& scores) {
    return apply(sum_into, scores);
}
Vector softmax_naive(const Vector& scores) {
    return apply(softmax_naive_into, scores);
}
Vector softmax_stable(const Vector& scores) {
    return apply(softmax_stable_into, scores);
}

void normalize_into(const float* scores, int n, Norm norm, float* weights) {
    switch (norm) {
        case Norm::Sum:
            sum_into(scores, n, weights);
            return;
        case Norm::SoftmaxNaive:
            softmax_naive_into(scores, n, weights);
            return;
        case Norm::Softmax:
            softmax_stable_into(scores, n, weights);
            return;
    }
    softmax_stable_into(scores, n, weights);
}

Vector normalize(const Vector& scores, Norm norm) {
    Vector weights(scores.size());
    normalize_into(scores.data(), int(scores.size()), norm, weights.data());
    return weights;
}

Matrix normalize_rows(const Matrix& scores, Norm norm) {
    Matrix weights(scores.rows, scores.cols);
    for (int r = 0; r < scores.rows; ++r) normalize_into(scores.row(r), scores.cols, norm, weights.row(r));
    return weights;
}

}  // namespace attn
