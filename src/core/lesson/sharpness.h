// Which normalisation gives the top token more weight: step 5's words and its "which is sharper?"
// question both say it, so both read this one comparison.
#pragma once
#include "core/math/attention.h"

namespace attn {

enum class Sharper {
    Softmax,      // softmax's top weight is the larger
    DivideBySum,  // divide-by-sum's is
    Same,         // equal to 1e-4 (the panels print four decimals)
    SumBreaks,    // the scores do not sum to a positive number: divide-by-sum gives no weights
};

struct Sharpness {
    Sharper sharper = Sharper::Same;
    float softmax_top = 0;  // the largest softmax weight
    float sum_top = 0;      // the largest divide-by-sum weight
    float total = 0;        // the scores' sum divide-by-sum divides by
};

// On the query's scores as the lab scales them (result.lab_scores and the weights of both).
Sharpness compare_sharpness(const AttentionResult& result);

}  // namespace attn
