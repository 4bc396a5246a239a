// "Debug this" after chapter 3: four ways the book repository's ch04 code goes wrong (the KV
// cache, grouped-query attention, the masks' routes and the sliding window), each planted into the
// class it lives in and traced on the state's own inputs, one forward call at a time where a cache
// is involved.
#pragma once
#include <string>

#include "core/document/state.h"
#include "core/lesson/bug_trace.h"

namespace attn {

// True for Bug::CacheMaskNoOffset and after.
bool is_generation_bug(Bug bug);
// The class and settings a bug is planted into when the learner's own module does not suit it:
//   cache-mask-no-offset     MultiHeadAttention decoding after a prefill of 3 (one token a call)
//   repeat-not-interleave    GroupedQueryAttention, 4 heads in 2 groups (the full pass)
//   sdpa-book-mask           CausalAttention (scaled_dot_product_attention in place of its softmax)
//   window-drops-chunk-keys  MultiHeadAttentionWithSWA, window 3, a prefill of 6 in chunks of 3
ModuleSettings generation_bug_settings(Bug bug);
// The settings a trace runs on n tokens: the state's module when it is on and suits the bug, else
// the above with the prefill and chunk pulled in to n.
ModuleSettings generation_bug_module(Bug bug, const State& state);
// A forward call's new tokens as the lesson names them: "token 3" or "tokens 3 to 5".
std::string call_tokens(const TextCatalog& texts, int first, int count);
// Fills t (program, fixed lines, steps, outputs, explanation) for a generation bug, or t->error.
void trace_generation_bug(const TextCatalog& texts, Bug bug, const State& state, BugTrace* t);

}  // namespace attn
