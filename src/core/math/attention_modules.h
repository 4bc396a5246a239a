// Chapter 3's attention classes, as the book writes them, on the core's float32 matrices:
//   SelfAttention_v1           W_query = nn.Parameter(torch.rand(d_in, d_out)), x @ W       (3.4.1)
//   SelfAttention_v2           nn.Linear(d_in, d_out, bias=qkv_bias) for query, key, value  (3.4.2)
//   CausalAttention            v2 + causal mask + dropout on the weights, on a batch       (3.5.3)
//   MultiHeadAttentionWrapper  num_heads CausalAttention heads, outputs concatenated        (3.6.1)
//   MultiHeadAttention         one projection split into heads, then out_proj              (3.6.2)
// and what the book's repository builds on them for generating text (ch04 bonus material):
//   GroupedQueryAttention      heads share num_kv_groups keys and values (ch04/04_gqa)
//   MultiHeadAttentionWithSWA  MultiHeadAttention with a sliding-window band mask (ch04/06_swa)
// Decode mode runs CausalAttention and the three multi-head classes with a KV cache
// (ch04/03_kv-cache): see core/math/kv_cache.h.
// Every parameter is drawn as PyTorch draws it after torch.manual_seed(seed), in creation order,
// and dropout continues the same generator in forward order (or re-seeds once before it), so the
// numbers match PyTorch's to float32 rounding. Shapes: b batch, n tokens, h heads, hd head width.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/math/kv_cache.h"
#include "core/math/mask_routes.h"
#include "core/math/matrix.h"
#include "core/math/sentence.h"
#include "core/math/torch_layers.h"

namespace attn {

enum class AttentionModule {
    SelfAttentionV1,
    SelfAttentionV2,
    CausalAttention,
    MultiHeadWrapper,
    MultiHeadAttention,
    GroupedQueryAttention,
    SlidingWindowAttention,
};

// Every class, in the order the book and its repository introduce them.
constexpr AttentionModule kAllModules[] = {
    AttentionModule::SelfAttentionV1,        AttentionModule::SelfAttentionV2,
    AttentionModule::CausalAttention,        AttentionModule::MultiHeadWrapper,
    AttentionModule::MultiHeadAttention,     AttentionModule::GroupedQueryAttention,
    AttentionModule::SlidingWindowAttention,
};

const char* module_name(AttentionModule m);   // "self-attention-v1", ... "sliding-window-attention"
const char* module_class(AttentionModule m);  // "SelfAttention_v1", ... "MultiHeadAttentionWithSWA"
bool parse_module(const std::string& text, AttentionModule* out);

struct ModuleSettings {
    AttentionModule module = AttentionModule::SelfAttentionV1;
    uint64_t seed = 123;    // torch.manual_seed(seed) before the module is created
    int d_out = 2;          // the wrapper's d_out is per head; MultiHeadAttention's is the total
    int heads = 2;          // the multi-head modules only
    bool qkv_bias = false;  // nn.Linear(..., bias=qkv_bias); v1 has no bias
    bool causal = false;    // v1 and v2 only: mask them too (the 3.5 and 3.6 classes always mask)
    double dropout = 0.0;   // p in [0, 1): CausalAttention and the multi-head modules
    bool training = true;   // false: module.eval(), dropout off
    bool reseed_dropout = false;
    uint64_t dropout_seed = 123;  // torch.manual_seed(dropout_seed) right before the forward pass
    int batch = 1;                // the inputs stacked batch times: torch.stack((inputs,) * batch)
    int kv_groups = 1;            // GroupedQueryAttention's num_kv_groups: 1 (multi-query) .. heads
    int window = 3;               // MultiHeadAttentionWithSWA's sliding_window_size, at least 1
    // Decode mode (the KV cache classes only): forward(x, use_cache=True) on the first `prefill`
    // tokens in chunks of `chunk` (0: all at once), then on one token at a time.
    bool decode = false;
    int prefill = 1;
    int chunk = 0;
    // How the causal mask is applied (core/math/mask_routes.h): the book's masked_fill, or one of
    // scaled_dot_product_attention's ways. The weights agree to 1e-6; the book's are the default.
    MaskStyle mask_style = MaskStyle::Book;
    // The masks four ways (has_mask_routes classes): with pads > 0, head 0's weights for a batch of
    // two sentences padded to one length, the second `pads` tokens shorter and left-padded
    // (key_padding_mask). 0..n-1; it changes no output of the class.
    int pads = 0;
    bool operator==(const ModuleSettings& o) const {
        return module == o.module && seed == o.seed && d_out == o.d_out && heads == o.heads && qkv_bias == o.qkv_bias &&
               causal == o.causal && dropout == o.dropout && training == o.training &&
               reseed_dropout == o.reseed_dropout && (!reseed_dropout || dropout_seed == o.dropout_seed) &&
               batch == o.batch && kv_groups == o.kv_groups && window == o.window && decode == o.decode &&
               prefill == o.prefill && chunk == o.chunk && mask_style == o.mask_style && pads == o.pads;
    }
    bool operator!=(const ModuleSettings& o) const { return !(*this == o); }
};

// The settings the book's own listing of the class uses (d_out 2; v1 after torch.manual_seed(123),
// v2 after 789, CausalAttention and both multi-head classes on the batch of two, seed 123, two heads,
// dropout 0.0). The first screen of each class shows the numbers the book prints.
ModuleSettings book_module_settings(AttentionModule m);
bool is_multi_head(AttentionModule m);        // the wrapper, MultiHeadAttention, GQA and SWA
bool has_dropout_layer(AttentionModule m);    // CausalAttention and the multi-head classes
bool has_kv_cache(AttentionModule m);         // CausalAttention, MultiHeadAttention, GQA and SWA
bool has_mask_routes(AttentionModule m);      // MultiHeadAttention, GQA and SWA: the masks four ways, padding
bool is_repository_class(AttentionModule m);  // GQA and SWA: the book repository's ch04, not chapter 3
// What comes after chapter 3: a repository class, or any class decoding through its KV cache.
bool after_chapter_3(const ModuleSettings& s);
// num_kv_groups for GQA, else one key and value head per head (a head's own, or CausalAttention's).
int kv_heads(const ModuleSettings& s);

// Empty when the settings make a module PyTorch would build, else what is wrong, for the learner
// (in words the interface translates: core/math/sentence.h). sizes false: without the page's size
// limits (a document stays valid when its text grows; the panel reports a run too large).
Sentence check_module_settings(const ModuleSettings& s, int d_in, int n, bool sizes = true);

// One head on one batch element: what each step of its forward pass holds.
struct HeadTrace {
    Matrix queries, keys, values;  // (n, hd)
    Matrix scores;                 // (n, n): queries @ keys.T
    Matrix masked_scores;          // (n, n): -inf above the diagonal when causal, else scores
    Matrix weights_unmasked;       // (n, n): softmax(scores / sqrt(hd))
    Matrix masked_simple;          // (n, n): weights_unmasked * tril(ones) (or unchanged, no mask)
    Matrix masked_simple_norm;     // (n, n): masked_simple / row sums
    Matrix weights;                // (n, n): softmax(masked_scores / sqrt(hd))
    // The planted bug of 3.5.1, when causal: masked_fill(mask, 0) before softmax. exp(0) = 1 is no
    // zero weight, so every row still attends to the tokens after it (the leak the -inf avoids).
    Matrix weights_zero_masked;
    // The planted bug of a batch: torch.softmax(scores / sqrt(hd), dim=1) on (b, n, n) normalises
    // over the queries, so each column sums to 1 and the rows do not.
    Matrix weights_wrong_dim;
    // The planted bugs below are computed for head 0 only (each batch element), which the page shows.
    // The planted bug of mask polarity, when causal: masked_fill(tril(ones, -1), -inf), the mirror
    // of triu(ones, 1). Each query keeps itself and the tokens after it: row 0 sees everything,
    // the last row only itself.
    Matrix weights_flipped_mask;
    // The multi-head classes' planted bug: softmax(masked_scores / sqrt(d_out)), not sqrt(head_dim)
    // (empty for the other classes, where a head's width is d_out).
    Matrix weights_wrong_scale;
    bool has_dropout = false;  // training with p > 0
    Matrix dropout_mask;       // (n, n): 0 or 1 / (1 - p), when has_dropout
    Matrix weights_dropped;    // (n, n): weights * mask (weights itself without dropout)
    // The planted bug of dropout without rescaling, when has_dropout: the survivors stay w, so
    // rows sum to about 1 - p in training but to 1 in eval.
    Matrix weights_dropped_unscaled;
    Matrix context;  // (n, hd): weights_dropped @ values
};

// A parameter under PyTorch's own name and layout: "W_query" (d_in, d_out) for v1,
// "W_query.weight" (d_out, d_in) and "W_query.bias" (d_out) for nn.Linear,
// "heads.0.W_query.weight" for the wrapper, "out_proj.weight", "out_proj.bias".
struct NamedParameter {
    std::string name;
    Matrix value;  // a bias is (1, d_out); is_vector says so
    bool is_vector = false;
};

struct ModuleResult {
    Sentence error;  // non-empty: nothing below is set
    ModuleSettings settings;
    int d_in = 0, n = 0;
    int head_dim = 0;   // hd: d_out for v1, v2, CausalAttention and each wrapper head; d_out / h else
    int out_width = 0;  // the output's last dimension: d_out, or d_out * h for the wrapper
    std::vector<NamedParameter> parameters;
    // [batch][head]. With GQA a head's keys and values are its group's: head h reads group
    // h / (heads / kv_groups), as repeat_interleave lays them out.
    std::vector<std::vector<HeadTrace>> batches;
    std::vector<Matrix> output;  // [batch]: (n, out_width)
    // Decode mode: batch element 0 run through the KV cache (every element holds the same inputs),
    // and how its output compares with the full pass's output[0].
    DecodeTrace decode;
    OutputComparison decode_vs_full;
};

// How many numbers a module's parameters hold (sum(p.numel() for p in module.parameters())), from
// its settings alone: v1 3 d_in d_out; v2 and CausalAttention 3 (d_in + bias) d_out; the wrapper
// that per head; MultiHeadAttention 3 (d_in + bias) d_out + (d_out + 1) d_out for out_proj. No
// module is created, so it answers for any size (Exercise 3.3: GPT-2's 768 wide, 12 heads).
long long module_parameter_count(const ModuleSettings& s, int d_in);

// A module's parameters as PyTorch creates them. v1 fills W_query, W_key, W_value (d_in, d_out);
// the others fill one Linear per head (v2, CausalAttention: one; the wrapper: one per head;
// MultiHeadAttention and SWA: one of width d_out, split later; GQA: query d_out wide, key and value
// kv_groups * hd wide) and the multi-head classes but the wrapper their out_proj (GQA's without bias).
struct ModuleWeights {
    Matrix W_query, W_key, W_value;
    std::vector<Linear> query, key, value;
    Linear out_proj;
};

// torch.manual_seed(settings.seed), then every parameter in the order the class creates it.
// Settings must pass check_module_settings.
ModuleWeights create_module(const ModuleSettings& settings, int d_in, TorchGenerator* gen);

// The forward pass on inputs (n, d_in) stacked settings.batch times, with the given weights;
// dropout draws from gen (or from a fresh generator at settings.dropout_seed when re-seeding).
ModuleResult forward_module(const Matrix& inputs, const ModuleSettings& settings, const ModuleWeights& weights,
                            TorchGenerator* gen);

// inputs (n, d_in), finite. Runs the module as PyTorch would: create, then forward.
ModuleResult run_module(const Matrix& inputs, const ModuleSettings& settings);

// Batch element 0 of the inputs through the cache of a module created as run_module creates it
// (settings.prefill in chunks of settings.chunk, then one token at a time), with `fault` planted in
// the cache's code: what "Debug this" traces. CacheFault::None gives run_module's decode. The
// classes that split one projection into heads only (MultiHeadAttention, GQA, SWA); settings that
// check_module_settings refuses, or another class, give an empty trace.
DecodeTrace decode_with_fault(const Matrix& inputs, const ModuleSettings& settings, CacheFault fault);

// Exercise 3.1: SelfAttention_v2 created with v2_settings (no bias), then a SelfAttention_v1 whose
// W_query, W_key, W_value are v2's W_query.weight.T, W_key.weight.T, W_value.weight.T, run on the
// inputs. Its output equals v2's: nn.Linear computes x @ weight.T.
ModuleResult run_v1_loaded_from_v2(const Matrix& inputs, const ModuleSettings& v2_settings);

// What the page shows of a module, kept beside the state and recomputed only when the inputs or the
// module's settings change (a new query or normalisation leaves it as it is).
struct ModuleRun {
    bool valid = false;
    Matrix inputs;  // what it ran on
    ModuleSettings settings;
    ModuleResult result;
    // SelfAttention_v1 and _v2 only: the other of the two at the same seed and d_out (other numbers:
    // another init and layout), and Exercise 3.1's v1 loaded with v2's weight.T (the same numbers).
    ModuleResult other;
    ModuleResult v1_loaded;
    uint64_t serial = 0;  // counts the runs: what is derived from one (a panel's view) can tell it is stale
};
// True when run holds the module run on exactly these inputs and settings.
bool module_run_matches(const ModuleRun& run, const Matrix& inputs, const ModuleSettings& settings);
// True when it ran again (the inputs or the settings differ from the last run).
bool update_module_run(const Matrix& inputs, const ModuleSettings& settings, ModuleRun* run);

}  // namespace attn
