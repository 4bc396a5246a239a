// The results of one computation as one compact JSON object: the contract shared by the CLI's
// --json output and the page's attention.results(). Keys and their order are part of the contract.
#pragma once
#include <string>

#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/math/attention_modules.h"

namespace attn {

// {"tokens","inputs","query_index","query","scores","weights":{"sum","softmax_naive","softmax"},
//  "context","score_matrix","weight_matrix","context_matrix","projection","module"} in that order.
// projection is null when off, else {"seed","d_out","W_query","W_key","W_value","queries","keys",
// "values","scores","weights","context","score_matrix","weight_matrix","context_matrix"}.
// Numbers are the shortest text that reads back as the same float32; inf, -inf and nan (the naive
// softmax overflows on purpose) are the strings "inf", "-inf", "nan" because JSON has no such numbers.
// Vectors are arrays, matrices arrays of row arrays. r must come from compute_attention(state).
// With matrices false, the (n, n) and (n, d) matrices are null: at n = 1024 they are three million
// numbers (about 40 MB of JSON), which a host page seldom needs.
// module is null unless a chapter-3 module was run (attention-cli --module): core/document/module_json.h.
std::string results_json(const State& state, const AttentionResult& r, bool matrices = true,
                         const ModuleResult* module = nullptr);

}  // namespace attn
