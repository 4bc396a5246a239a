// The results as a figure for print, course PDFs and <noscript>: one SVG document with the
// tokens and their embeddings, each token's score and weight (a bar and the number, the query's
// row marked), and the context vector. With W_query, W_key, W_value on, the scores, weights and
// context are the trainable ones (queries @ keys.T, softmax over sqrt(d_k), weights @ values), as
// on the page. Numbers are printed with 4 decimals, as `attention-cli` prints them.
#pragma once
#include <string>

#include "core/document/state.h"
#include "core/math/attention.h"
#include "core/math/deferred_entry.h"

namespace attn {

// Long inputs are cut for print: the first kSvgMaxRows tokens and kSvgMaxColumns dimensions, and
// a line saying how many more there are.
inline constexpr int kSvgMaxRows = 32;
inline constexpr int kSvgMaxColumns = 8;

// On the page it is deferred code (the first view does not draw it): attention.svg() fetches the
// code before it calls this.
ATTN_DEFERRED_ENTRY std::string results_svg(const State& state, const AttentionResult& result);

}  // namespace attn
