// Naive and stable softmax side by side with every intermediate value, and the sentences that
// say where the naive one breaks. Float32 throughout: that is where the overflow lives.
#include "core/lesson/lab.h"

#include <cfloat>
#include <cmath>

#include "core/document/state.h"
#include "core/math/normalize.h"
#include "core/text/prose_format.h"

namespace attn {

float exp_overflow_threshold() {
    return std::log(FLT_MAX);
}

SoftmaxLab softmax_lab(const TextCatalog& t, const Vector& raw_scores, float scale,
                       const std::vector<std::string>& tokens) {
    SoftmaxLab lab;
    lab.scale = scale;
    const size_t n = raw_scores.size();
    lab.scores.resize(n);
    for (size_t i = 0; i < n; ++i) lab.scores[i] = raw_scores[i] * scale;

    // Naive, as softmax_naive computes it, keeping the pieces.
    lab.exps.resize(n);
    lab.exp_sum = 0.0f;
    bool any_nonzero = false;
    for (size_t i = 0; i < n; ++i) {
        lab.exps[i] = std::exp(lab.scores[i]);
        if (std::isinf(lab.exps[i]) && lab.first_overflow < 0) lab.first_overflow = int(i);
        if (lab.exps[i] != 0.0f) any_nonzero = true;
        lab.exp_sum += lab.exps[i];
    }
    lab.naive = softmax_naive(lab.scores);
    lab.sum_overflow = lab.first_overflow < 0 && std::isinf(lab.exp_sum);
    lab.all_underflow = n > 0 && !any_nonzero;

    // Stable: subtract the max so every exponent is <= 0.
    lab.max_score = -INFINITY;
    for (float s : lab.scores) lab.max_score = std::fmax(lab.max_score, s);
    lab.shifted.resize(n);
    lab.shifted_exps.resize(n);
    lab.shifted_sum = 0.0f;
    for (size_t i = 0; i < n; ++i) {
        lab.shifted[i] = lab.scores[i] - lab.max_score;
        lab.shifted_exps[i] = std::exp(lab.shifted[i]);
        lab.shifted_sum += lab.shifted_exps[i];
    }
    lab.stable = softmax_stable(lab.scores);
    for (size_t i = 0; i < n; ++i)
        if (!std::isfinite(lab.naive[i]) || std::fabs(lab.naive[i] - lab.stable[i]) > 1e-4f) lab.naive_broken = true;

    float raw_max = -INFINITY;
    for (float s : raw_scores) raw_max = std::fmax(raw_max, s);
    const float threshold = exp_overflow_threshold();
    if (raw_max > 0.0f && threshold / raw_max <= kMaxLabScale) lab.overflow_scale = threshold / raw_max;

    // The sentences: what happened, where, and what the stable form changes.
    auto name = [&](int i) {
        return size_t(i) < tokens.size() ? t.quoted(tokens[size_t(i)]) : t.say("lab.token", {{"i", i}});
    };
    std::vector<std::string>& why = lab.explanation;
    if (lab.first_overflow >= 0) {
        const int i = lab.first_overflow;
        why.push_back(t.say("lab.first-overflow", {{"token", name(i)},
                                                   {"i", i},
                                                   {"score", num(lab.scores[size_t(i)], 2)},
                                                   {"threshold", num(threshold, 2)}}));
        why.push_back(t.say("lab.nan", {{"weights", vec(lab.naive, 4)}}));
    } else if (lab.sum_overflow) {
        why.push_back(t.say("lab.sum-overflow", {{"exps", vec(lab.exps, 4)}}));
    } else if (lab.all_underflow) {
        why.push_back(t.say("lab.underflow"));
    } else if (lab.naive_broken) {
        why.push_back(t.say("lab.precision", {{"weights", vec(lab.naive, 4)}}));
    } else if (lab.overflow_scale > 0.0f) {
        why.push_back(
            t.say("lab.agree-for-now", {{"threshold", num(threshold, 2)}, {"scale", num(lab.overflow_scale, 2)}}));
    } else {
        why.push_back(t.say("lab.agree", {{"threshold", num(threshold, 2)}}));
    }
    why.push_back(t.say("lab.stable", {{"max", num(lab.max_score, 2)},
                                       {"shifted", vec(lab.shifted, 2)},
                                       {"exps", vec(lab.shifted_exps, 4)},
                                       {"weights", vec(lab.stable, 4)}}));
    return lab;
}

float breaking_scale(const Vector& raw_scores) {
    const float candidates[] = {2, 5, 10, 20, 50, 100, 200, 500, kMaxLabScale};
    for (float scale : candidates) {
        if (scale > kMaxLabScale) break;
        Vector scaled(raw_scores.size());
        for (size_t i = 0; i < raw_scores.size(); ++i) scaled[i] = raw_scores[i] * scale;
        const Vector naive = softmax_naive(scaled), stable = softmax_stable(scaled);
        for (size_t i = 0; i < naive.size(); ++i)
            if (!std::isfinite(naive[i]) || std::fabs(naive[i] - stable[i]) > 1e-4f) return scale;
    }
    return kMaxLabScale;
}

}  // namespace attn
