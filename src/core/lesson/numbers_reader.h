// The panels' numbers as tables, for the page's text version of them
// (web/attention-numbers-reader.js): what a screen reader, a keyboard user and an accessibility
// review read instead of the drawing. Each table is covered exactly where its panel is covered
// (Concealment's covers_*), and a table too large to read cell by cell says so instead.
#pragma once
#include <string>

#include "core/document/interface_text.h"
#include "core/document/state.h"
#include "core/lesson/concealment.h"
#include "core/math/attention_modules.h"

namespace attn {

// Tables list at most this many tokens (rows, and columns of the (n, n) matrices) and this many
// numbers per token: 32 x 32 cells are already a long read. The query's own row (and column) is
// listed after them when it is further down.
constexpr int kReaderMaxTokens = 32;
constexpr int kReaderMaxWidth = 32;
// A multi-head class's weights are listed for at most this many heads: 64 heads' tables are
// not a read.
constexpr int kReaderMaxHeads = 8;

// {"refusal": why the last change was refused, in the language, or "",
//  "controls": {"query", "n", "d", "norm", "projection", "d_out", "seed", "scale", "causal", "lab_scale",
//               "module": "" (off) or its name ("self-attention-v2"), "module_seed", "module_d_out",
//               "heads", "qkv_bias", "module_causal", "batch", "dropout", "training", "reseed_dropout",
//               "dropout_seed", "kv_groups", "window", "decode", "prefill", "chunk", "pads", "module_error"},
//  "tables": [{"key", "caption", "columns": [column headers, the first over the row headers],
//              "rows": [[row header, cells...]], "note": why cells are covered or left out, or ""}]}
// Table keys: "inputs", "query" (the query's scores and its three normalisations), "context",
// "score_matrix", "weight_matrix", with the projection "W_query", "W_key", "W_value", and with the
// book's classes "module" (one per batch element), for a multi-head class "head_weights" (one per
// head, up to kReaderMaxHeads), else "module_weights"; then head 0's sections as the panel draws
// them: "head_shapes" (the shape tracer), "kv_groups" (GQA), "window_mask" (SWA), "mask_routes"
// (each masking route's largest difference from the book's), with pads "key_padding_mask" and
// "padded_weights" (sentence 2's), and "planted:sdpa-polarity" (the book's mask as SDPA's
// attn_mask), "dropout_mask" (training with p > 0)
// then "planted:zero-mask", "planted:flipped-mask", "planted:wrong-dim", "planted:unscaled-dropout",
// "planted:no-transpose" and "planted:wrong-scale", the bugs the panel plants, where the class has
// them (core/lesson/planted_bugs.h); and, decoding, "decode" (one row per cache call). A covered table has no rows, and
// a covered (n, n) matrix no columns either: its shape can be what the lesson asks. module: the book's class run on
// these inputs, or null when it is off. language: the interface's words the captions, headings and notes are written in
// (lessons/<lang>/interface.json); null: English. refusal: why the last change was refused ("refusal", in that
// language), or null.
std::string numbers_reader_json(const State& state, const AttentionResult& result, const Concealment& hidden,
                                const ModuleResult* module, const InterfaceText* language = nullptr,
                                const Sentence* refusal = nullptr);

}  // namespace attn
