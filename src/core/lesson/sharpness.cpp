#include "core/lesson/sharpness.h"

#include <cmath>

namespace attn {

Sharpness compare_sharpness(const AttentionResult& r) {
    Sharpness out;
    for (float w : r.weights_softmax) out.softmax_top = std::fmax(out.softmax_top, w);
    out.sum_top = r.weights_sum.empty() ? 0 : r.weights_sum[0];
    bool sum_ok = true;
    for (size_t i = 0; i < r.weights_sum.size(); ++i) {
        sum_ok = sum_ok && std::isfinite(r.weights_sum[i]) && r.weights_sum[i] >= 0;
        out.sum_top = std::fmax(out.sum_top, r.weights_sum[i]);
        if (i < r.lab_scores.size()) out.total += r.lab_scores[i];
    }
    sum_ok = sum_ok && std::isfinite(out.total) && out.total > 0;
    if (!sum_ok)
        out.sharper = Sharper::SumBreaks;
    else if (std::fabs(out.softmax_top - out.sum_top) <= 1e-4f)
        out.sharper = Sharper::Same;
    else
        out.sharper = out.softmax_top > out.sum_top ? Sharper::Softmax : Sharper::DivideBySum;
    return out;
}

}  // namespace attn
