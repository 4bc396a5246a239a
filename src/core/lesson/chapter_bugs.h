// "Debug this" for the book's classes (sections 3.5 and 3.6): the six ways the chapter's code goes
// wrong, each planted into CausalAttention or MultiHeadAttention and traced step by step on the
// module run of the state's own inputs.
#pragma once
#include "core/document/state.h"
#include "core/lesson/bug_trace.h"

namespace attn {

// True for the bugs of the book's classes (Bug::BatchSoftmaxDim and after).
bool is_chapter_bug(Bug bug);
// The class and settings the bug is planted into when the learner's own module does not suit it:
// the book's CausalAttention (with p = 0.5 for the dropout bug), or MultiHeadAttention with two
// heads of width 2 (d_out = 4), so a head is narrower than d_out.
ModuleSettings chapter_bug_settings(Bug bug);
// The settings a trace runs: the state's module when it is on and suits the bug, else the above.
ModuleSettings chapter_bug_module(Bug bug, const State& state);
// Fills t (program, fixed lines, steps, outputs, explanation) for a chapter bug, or t->error, in the
// words of the catalog.
void trace_chapter_bug(const TextCatalog& texts, Bug bug, const State& state, BugTrace* t);

}  // namespace attn
