// The query's row as every panel shows it, one truth per screen: the plain dot products of
// section 3.3 (scores = inputs @ query), or, with W_query, W_key, W_value on, the trainable
// version of section 3.4 (scores = keys @ queries[q], divided by sqrt(d_k), context from values).
// The inputs' score column, the score loop, "Scores to weights", the embedding view's context and
// the screen-reader summary all read it, so they never disagree; their titles say which it is.
#pragma once
#include <string>

#include "ui/ui_state.h"

namespace attn::ui {

struct QueryRow {
    bool projected = false;
    const Matrix* keys = nullptr;         // (n, d) inputs or (n, p) keys: what the loop dots the query with
    Vector query;                         // inputs[q] or queries[q]
    const Matrix* values = nullptr;       // inputs or values: what the context mixes
    const AttentionPass* pass = nullptr;  // the result's shown(): scores, the normalisations, the context
    float divisor = 1.0f;                 // sqrt(d_k) when the projection divides, else 1
    const char* key_name;                 // "inputs" or "keys": the loop runs `for i, x_i in enumerate(...)`
    const char* key_symbol;               // "x" or "k"
    std::string query_code;               // "query = inputs[1]" or "query = queries[1]"
};

QueryRow query_row(const FrameInput& in);

}  // namespace attn::ui
