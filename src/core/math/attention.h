// The whole computation for one set of inputs and settings: the simple (untrained) self-attention of section 3.3 and
// the trainable version with W_query, W_key, W_value of section 3.4. Shapes: n tokens, d = d_in, p = d_out.
#pragma once
#include <cstdint>

#include "core/math/matrix.h"
#include "core/math/normalize.h"

namespace attn {

// The trainable version's weights: torch.manual_seed(seed); torch.rand(d_in, d_out) three times.
struct ProjectionSettings {
    bool enabled = false;
    uint64_t seed = 123;  // torch.manual_seed(123), as in the book
    int d_out = 2;        // columns of W_query, W_key, W_value (d_k = d_out)
    bool operator==(const ProjectionSettings& o) const {
        return enabled == o.enabled && seed == o.seed && d_out == o.d_out;
    }
};

// Everything besides the embeddings that the numbers depend on. The state document holds these
// among labels, panels and lesson progress (core/document/state_attention.h picks them out).
struct AttentionSettings {
    int query = 0;  // zero-based: query = inputs[query]
    Norm norm = Norm::Softmax;
    ProjectionSettings projection;
    bool scale = true;       // trainable attention divides scores by sqrt(d_k) before softmax
    bool causal = false;     // mask keys after the query (scores above the diagonal = -inf)
    float lab_scale = 1.0f;  // robustness lab: scores multiplied by this before normalising
    bool operator==(const AttentionSettings& o) const {
        return query == o.query && norm == o.norm && projection == o.projection && scale == o.scale &&
               causal == o.causal && lab_scale == o.lab_scale;
    }
    bool operator!=(const AttentionSettings& o) const { return !(*this == o); }
};

// One pass from scores to context, as the panels show it: the query's row (its scores, the three
// normalisations side by side, the weights the settings choose, the context) and the whole (n, n)
// matrices. The plain version of section 3.3 is one pass over the inputs; the trainable version of
// 3.4 another, over queries, keys and values. p: the width of what the context mixes.
struct AttentionPass {
    Vector scores;                 // (n): row query of score_matrix, masked if causal
    Vector lab_scores;             // (n): scores (/ sqrt(d_k) when trainable) * lab_scale: what the normalisations see
    Vector weights_sum;            // (n): lab_scores / sum(lab_scores)
    Vector weights_softmax_naive;  // (n): exp / sum exp, may overflow to inf/nan on purpose
    Vector weights_softmax;        // (n): stable softmax
    Vector weights;                // (n): the one settings.norm selects
    Vector context;                // (p): weights @ what is mixed (inputs or values)
    Matrix score_matrix;           // (n, n): inputs @ inputs.T or queries @ keys.T, masked if causal
    Matrix weight_matrix;          // (n, n): the rows normalised as lab_scores are
    Matrix context_matrix;         // (n, p): weight_matrix @ inputs or values
};

// The trainable version (section 3.4): its weights, the projections, and its pass.
struct ProjectionResult : AttentionPass {
    uint64_t seed = 0;
    int d_out = 0;
    Matrix W_query, W_key, W_value;  // (d, p) each: torch.manual_seed(seed); torch.rand(d, p) x3
    Matrix queries, keys, values;    // (n, p): inputs @ W_*
    float scale_divisor = 1.0f;      // sqrt(d_k) when scaling is on, else 1
};

// The plain version's pass over the inputs (p = d), and the trainable version while it is on.
struct AttentionResult : AttentionPass {
    Vector query;  // (d): inputs[query]
    bool has_projection = false;
    ProjectionResult projection;
    // The pass the panels show: the trainable one while it is on, else the plain one.
    const AttentionPass& shown() const {
        return has_projection ? static_cast<const AttentionPass&>(projection) : *this;
    }
};

// inputs (n, d) finite and non-empty, settings.query in [0, n), d_out >= 1: the document's
// validator (validate_state) checks all of it once at the edges.
AttentionResult compute_attention(const Matrix& inputs, const AttentionSettings& settings);
// The same into *result, reusing its matrices' memory when shapes match: at n = 1024 every
// (n, n) matrix is 4 MB, and fresh memory costs page faults on each recompute.
void compute_attention_into(const Matrix& inputs, const AttentionSettings& settings, AttentionResult* result);

// The three random matrices of the trainable version, drawn exactly as PyTorch does:
// torch.manual_seed(seed); W_query = torch.rand(d_in, d_out); W_key = ...; W_value = ...
void make_projection_weights(uint64_t seed, int d_in, int d_out, Matrix* W_query, Matrix* W_key, Matrix* W_value);

}  // namespace attn
