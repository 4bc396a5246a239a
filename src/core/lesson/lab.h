// The softmax robustness lab (step 6): the scores are multiplied by a growing factor until the
// naive float32 softmax overflows, while the stable one (subtract the max first) stays exact.
// Every intermediate value is kept so the screen can show where and why it breaks.
#pragma once
#include <string>
#include <vector>

#include "core/lesson/lesson_text.h"
#include "core/math/matrix.h"

namespace attn {

// ln(FLT_MAX) in float32, about 88.72: exp(s) is inf in float32 once s is larger.
float exp_overflow_threshold();

struct SoftmaxLab {
    float scale = 1.0f;
    Vector scores;  // (n): raw scores * scale, what both softmaxes see
    // naive: exp(s) / sum exp(s), literally, in float32
    Vector exps;  // (n): exp(s), inf past the threshold
    float exp_sum = 0.0f;
    Vector naive;                // (n): exps / exp_sum; inf / inf = nan
    int first_overflow = -1;     // first token whose exp(s) is inf, -1 if none
    bool sum_overflow = false;   // every exp(s) finite but their sum is inf
    bool all_underflow = false;  // every exp(s) is 0 (very negative scores): 0 / 0 = nan
    // stable: exp(s - max) / sum exp(s - max)
    float max_score = 0.0f;
    Vector shifted;       // (n): s - max, all <= 0
    Vector shifted_exps;  // (n): exp(s - max), in (0, 1], the max's is exactly 1
    float shifted_sum = 0.0f;
    Vector stable;              // (n): shifted_exps / shifted_sum
    bool naive_broken = false;  // some naive weight is not finite, or differs from stable by > 1e-4
    // The scale from which exp(max raw score * scale) overflows (threshold / max raw score), or 0
    // when no scale up to kMaxLabScale gets there (the largest raw score is too small or <= 0).
    float overflow_scale = 0.0f;
    std::vector<std::string> explanation;  // where and why, one sentence a line, numbers computed
};

// raw_scores are the unscaled scores (masked entries -inf allowed); scale > 0. texts: the catalog
// the explanation is written in (ids "lab.*").
SoftmaxLab softmax_lab(const TextCatalog& texts, const Vector& raw_scores, float scale,
                       const std::vector<std::string>& tokens);

// A round lab scale where the naive softmax of these scores breaks (2, 5, 10, 20, 50, ... up to
// kMaxLabScale), or kMaxLabScale if none does: what the step's question asks about.
float breaking_scale(const Vector& raw_scores);

}  // namespace attn
