// Recomputes only what a change of inputs or settings touches. A new query needs only the query's row; an
// edited embedding changes one row and one column of each score matrix, then the weight rows that
// see that column (every row, or with the causal mask only the rows from it on) and the context
// rows that use them; a new normalisation keeps every score. The result always equals
// compute_attention(inputs, settings) bit for bit: both run the steps of attention_steps.h.
#pragma once
#include <vector>

#include "core/math/attention.h"

namespace attn {

// What an update changed, so a view re-uploads only that (a query change re-uploads nothing).
struct AttentionChanges {
    bool any = false;                      // some number in the result changed
    bool full = false;                     // everything was computed from scratch
    bool score_matrix = false;             // result.score_matrix
    bool weight_matrix = false;            // result.weight_matrix
    bool projected_score_matrix = false;   // result.projection.score_matrix
    bool projected_weight_matrix = false;  // result.projection.weight_matrix
    int patched_rows = 0;                  // embeddings patched in place (0 for a full compute)

    void merge(const AttentionChanges& o);  // the union: what changed over several updates
};

class AttentionCache {
public:
    // Brings *result up to date with compute_attention(inputs, settings), which must be valid
    // inputs (see compute_attention). *result must be what the previous update left there; after
    // forget(), anything.
    AttentionChanges update(const Matrix& inputs, const AttentionSettings& settings, AttentionResult* result);
    // The next update computes everything: call when *result was written by someone else.
    void forget() { valid_ = false; }

private:
    bool valid_ = false;
    Matrix last_inputs_;  // what the last update computed from
    AttentionSettings last_;
    std::vector<int> changed_rows_;  // reused between updates
};

}  // namespace attn
