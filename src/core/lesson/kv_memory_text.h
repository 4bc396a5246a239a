// The KV-memory calculator in words: the models a learner picks from, what a model's cache keeps
// (core/math/kv_memory.h) as sentences in the page's language, and why a typed kv-heads count or
// context length is refused. The classes panel draws these sentences; the numbers' text version
// reads them as JSON through attention.kvMemory(), so both say the same thing in the same words.
#pragma once
#include <string>

#include "core/math/kv_memory.h"

namespace attn {

struct KvMemoryPreset {
    const char* name;  // English, short enough for a phone's menu; said through words()/tr()
    KvMemoryModel model;
};
// The repository's example (memory_estimator_gqa.py), the same with a sliding window
// (memory_estimator_swa.py), and the book's GPT-2 small.
extern const KvMemoryPreset kKvMemoryPresets[];
extern const int kKvMemoryPresetCount;

constexpr long long kKvMemoryMaxContext = 1LL << 24;  // tokens: beyond any model's context

// What the model keeps, in the words of the WordsScope in force:
//   sizes       "4096 wide, 32 heads, 32 layers." (and the window's share of the layers)
//   arithmetic  "head_dim = 128; one token adds 4096 bytes to a layer's cache (...)"
//   estimator   how the repository's --n_kv_groups relates to kv heads
//   total       "With 8 kv heads: 4.29 GB; multi-head (32 kv heads) would keep ..."
//   cache       "4.29 GB": the cache's size alone, as the estimators print it
struct KvMemorySentences {
    std::string sizes, arithmetic, estimator, total, cache;
};
KvMemorySentences kv_memory_sentences(const KvMemoryModel& model);

// Why kv heads `kv` (typed, so possibly not whole) cannot be used with the model's heads, or ""
// when it divides them; the same for a context length.
std::string kv_heads_refusal(double kv, long long heads);
std::string context_refusal(double context);

// The calculator as the text version reads it (attention.kvMemory):
// {"presets": [names], "preset", "heads", "kv_heads", "context", "error": why the kv heads or
//  context given were refused ("" when taken; then the preset's own values are used), "sizes",
//  "arithmetic", "estimator", "total", "cache"}. preset out of range: the first.
std::string kv_memory_json(int preset, double kv_heads, double context);

}  // namespace attn
