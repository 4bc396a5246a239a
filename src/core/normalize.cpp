// Divide-by-sum, naive softmax and stable softmax, per vector and per row.
#include "core/normalize.h"

#include <cmath>
#include <limits>

namespace attn {

const char* norm_name(Norm norm) {
    switch (norm) {
        case Norm::Sum: return "sum";
        case Norm::SoftmaxNaive: return "softmax-naive";
        case Norm::Softmax: return "softmax";
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

Vector normalize_sum(const Vector& scores) {
    float total = 0.0f;
    for (float s : scores) total += s;
    Vector weights(scores.size());
    for (size_t i = 0; i < scores.size(); ++i) weights[i] = scores[i] / total;
    return weights;
}

Vector softmax_naive(const Vector& scores) {
    Vector weights(scores.size());
    float total = 0.0f;
    for (size_t i = 0; i < scores.size(); ++i) {
        weights[i] = std::exp(scores[i]);
        total += weights[i];
    }
    for (float& w : weights) w /= total;
    return weights;
}

Vector softmax_stable(const Vector& scores) {
    const float inf = std::numeric_limits<float>::infinity();
    Vector weights(scores.size(), 0.0f);
    float max_score = -inf;
    for (float s : scores)
        if (s > max_score) max_score = s;
    if (max_score == -inf) return weights;  // fully masked (or empty): attends to nothing
    if (max_score == inf) {                 // limit of growing scores: +inf entries share equally
        float count = 0.0f;
        for (float s : scores) count += (s == inf) ? 1.0f : 0.0f;
        for (size_t i = 0; i < scores.size(); ++i) weights[i] = (scores[i] == inf) ? 1.0f / count : 0.0f;
        return weights;
    }
    float total = 0.0f;
    for (size_t i = 0; i < scores.size(); ++i) {
        weights[i] = std::exp(scores[i] - max_score);  // exponent <= 0: no overflow; -inf -> 0
        total += weights[i];
    }
    for (float& w : weights) w /= total;  // total >= 1 (the max term is exp(0))
    return weights;
}

Vector normalize(const Vector& scores, Norm norm) {
    switch (norm) {
        case Norm::Sum: return normalize_sum(scores);
        case Norm::SoftmaxNaive: return softmax_naive(scores);
        case Norm::Softmax: return softmax_stable(scores);
    }
    return softmax_stable(scores);
}

Matrix normalize_rows(const Matrix& scores, Norm norm) {
    Matrix weights(scores.rows, scores.cols);
    for (int r = 0; r < scores.rows; ++r) {
        const Vector w = normalize(scores.row_vector(r), norm);
        for (int c = 0; c < scores.cols; ++c) weights.at(r, c) = w[size_t(c)];
    }
    return weights;
}

}  // namespace attn
