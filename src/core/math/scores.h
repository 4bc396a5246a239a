// Attention scores: how strongly each input token relates to a query, as dot products.
#pragma once
#include "core/math/matrix.h"

namespace attn {

// The lesson's loop: query = inputs[query_index]; one preallocated slot per input token (the query
// included); slot i = dot(inputs[i], query). inputs is (n, d); result is (n).
// query_index must be in [0, n): callers validate (validate_state checks the document's query).
Vector score_vector_loop(const Matrix& inputs, int query_index);
// Scores of an arbitrary query vector (d) against every row of keys (n, d) -> (n).
Vector score_vector(const Matrix& keys, const Vector& query);
// All queries at once: inputs @ inputs.T, (n, d) -> (n, n). Row i equals score_vector_loop(inputs, i).
Matrix score_matrix(const Matrix& inputs);

// Causal mask: entries above the diagonal (key j later than query i) become -inf, so softmax gives
// them weight 0 and a token attends only to itself and earlier tokens.
void apply_causal_mask(Matrix& scores);
// The same rule for one query row: entries after query_index become -inf.
void apply_causal_mask(Vector& scores, int query_index);

}  // namespace attn
