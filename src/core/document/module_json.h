// One chapter-3 module's run (core/math/attention_modules.h) as JSON: the "module" object of the
// CLI's --json output. Keys and their order are part of the contract:
//   {"name","seed","d_in","d_out","heads","head_dim","qkv_bias","dropout","dropout_seed","training",
//    "batch","parameters":{PyTorch's names: their values},"batches":[{"heads":[{"queries","keys",
//    "values","scores","masked_scores","weights_unmasked","masked_simple","masked_simple_norm",
//    "weights","dropout_mask","weights_dropped","context"}]}],"output","output_shape","decode"}
// with "kv_groups" (GQA's num_kv_groups, else the number of heads), "window" (SWA's
// sliding_window_size, else null) and "mask_style" ("book", "sdpa-bool", "additive", "is-causal")
// after "batch". dropout_seed is null unless the run re-seeds
// before dropout; dropout_mask is null without dropout. "decode" is null unless the run decodes:
//   {"prefill","chunk","calls":[{"first","count","key_first","key_count","cache_rows",
//    "scores_computed","scores":[head],"weights":[head],"output"}],"output","scores_computed",
//    "scores_full_pass","cache_numbers_peak","equals_full_pass_bits","max_abs_difference"}
// (a call's "scores" and "weights" only with the traces). "masks" follows "decode": null unless a
// class with the masks four ways (MultiHeadAttention, GQA, SWA) runs with the traces, else head 0
// masked the ways libraries write it (core/math/mask_comparison.h):
//   {"routes":[{"style","largest_difference"}],"largest_difference","pads","padding",
//    "polarity_bug","polarity_bug_own"}
// where "padding" is null without pads, else {"key_padding_mask":[[bool]] (True = ignored),
// "weights" (sentence 2's), "alone_difference","pad_row_book_nan","pad_row_sdpa_zeros"}.
// Non-finite numbers (-inf in masked scores) are the strings "inf", "-inf", "nan".
#pragma once
#include <string>

#include "core/document/json_writer.h"
#include "core/math/attention_modules.h"

namespace attn {

// traces false: "batches" is null (the page's results({matrices: false}); at 1024 tokens the
// per-head (n, n) traces are millions of numbers).
void write_module_json(const ModuleResult& r, JsonWriter* w, bool traces = true);
// The "decode" object alone (the settings decode).
void write_decode_json(const ModuleResult& r, JsonWriter* w, bool traces = true);

// The module's constructor call as the book writes it, e.g. "CausalAttention(d_in=3, d_out=2,
// context_length=6, dropout=0.0)".
std::string module_constructor(const ModuleResult& r);

}  // namespace attn
