// The core kernels the benchmarks time, shared by the Google Benchmark driver (native) and the
// plain timing driver (native and wasm), so both time exactly the same work.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/math/attention_cache.h"
#include "core/math/attention_modules.h"

namespace attn::bench {

enum class Kernel {
    ScoreMatrixLoop,  // the lesson's loop, score_vector_loop for every query: the readable baseline
    ScoreMatrix,      // inputs @ inputs.T, the tiled fast path: (n, d) -> (n, n)
    SoftmaxRows,      // stable softmax of every row of an (n, n) score matrix
    Context,          // weights (n, n) @ inputs (n, d)
    Projections,      // inputs @ W_query, W_key, W_value with d_out = 64
    Full,             // compute_attention with projections (d_out = 64), into reused memory
    QueryChange,      // AttentionCache::update after a new query
    RowEdit,          // AttentionCache::update after one embedding moved (no mask)
    RowEditCausal,    // the same with the causal mask: only rows from the edited one on
    // The book's MultiHeadAttention (d_out = 64, 2 heads, eval) on the whole sequence, and what a
    // generator does instead for its newest token with a KV cache (ch04/03_kv-cache): project that
    // token and score its query against the n - 1 cached keys. Their ratio is the cache's point.
    ModuleFull,
    DecodeStep,
};

const char* kernel_name(Kernel kernel);  // "score_matrix", "row_edit" ...

struct Case {
    Kernel kernel;
    int n, d;
    std::string name() const;  // "score_matrix/n=1024/d=64"
};

// n in {6, 64, 256, 1024} x d in {3, 64, 768} x every kernel.
std::vector<Case> all_cases();

// One case, set up once (random embeddings, seed 1); run() does one unit of the timed work.
class Runner {
public:
    explicit Runner(const Case& c);
    void run();
    float checksum() const;  // read by the drivers so no work can be optimised away

private:
    Case case_;
    State state_;
    AttentionResult result_;
    AttentionCache cache_;
    Matrix scores_, weights_, context_, W_query_, W_key_, W_value_, queries_, keys_, values_;
    int flip_ = 0;
    ModuleSettings module_;
    ModuleWeights module_weights_;
    Matrix module_queries_, module_keys_, module_values_;  // the n - 1 cached tokens' projections
    Matrix module_output_;
};

}  // namespace attn::bench
