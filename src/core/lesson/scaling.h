// Step 9's table: why scores are divided by sqrt(d_k). For growing d_out the projected scores of
// one query grow too, and softmax of large scores is sharp; the table shows the largest weight
// and the entropy of the weights with and without the division, computed live.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/lesson/lesson_text.h"

namespace attn {

struct ScalingRow {
    int d_out = 0;
    float max_unscaled = 0, max_scaled = 0;           // largest weight of the query's row
    double entropy_unscaled = 0, entropy_scaled = 0;  // -sum w ln w, in nats
    float score_spread = 0;                           // max - min of the unmasked scores
};

struct ScalingTable {
    std::string caption;               // "The query's weights as d_out grows", from the catalog
    std::vector<std::string> headers;  // "d_out = d_k", "top weight, no scaling", ...
    std::vector<ScalingRow> rows;
    double uniform_entropy = 0;  // ln(number of visible tokens): the flattest possible row
    std::string error;           // "" unless the state is too large for a live table
};

// One row per d_out, with the state's inputs, query, seed and causal mask:
// torch.manual_seed(seed); W_query, W_key = torch.rand(d_in, d_out) (W_value is drawn but unused).
// texts: the catalog the refusal of a too large state is written in.
ScalingTable scaling_table(const TextCatalog& texts, const State& state,
                           const std::vector<int>& d_outs = {2, 8, 32, 128});

// -sum w ln w over w > 0, in nats.
double entropy(const Vector& weights);

}  // namespace attn
