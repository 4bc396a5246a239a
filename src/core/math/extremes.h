// Where a vector peaks: the position of its largest entry, and of its smallest finite one.
#pragma once
#include <cmath>

#include "core/math/matrix.h"

namespace attn {

// The first position of the largest entry (0 for an empty vector); nan never wins.
inline int argmax(const Vector& v) {
    int best = 0;
    for (size_t i = 1; i < v.size(); ++i)
        if (v[i] > v[size_t(best)]) best = int(i);
    return best;
}

// The first position of the smallest finite entry (0 when there is none: a masked row).
inline int argmin_finite(const Vector& v) {
    int best = -1;
    for (size_t i = 0; i < v.size(); ++i)
        if (std::isfinite(v[i]) && (best < 0 || v[i] < v[size_t(best)])) best = int(i);
    return best < 0 ? 0 : best;
}

}  // namespace attn
