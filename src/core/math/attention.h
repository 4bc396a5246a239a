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

struct ProjectionResult {
    uint64_t seed = 0;
    int d_out = 0;
    Matrix W_query, W_key, W_value;  // (d, p) each: torch.manual_seed(seed); torch.rand(d, p) x3
    Matrix queries, keys, values;    // (n, p): inputs @ W_*
    float scale_divisor = 1.0f;      // sqrt(d_k) when scaling is on, else 1
    Vector scores;                   // (n): keys @ queries[query], masked if causal
    Vector lab_scores;               // (n): scores / scale_divisor * lab_scale, what the normalisations see
    Vector weights_sum;              // (n): lab_scores / sum(lab_scores)
    Vector weights_softmax_naive;    // (n): exp / sum exp, may overflow on purpose
    Vector weights_softmax;          // (n): stable softmax
    Vector weights;                  // (n): the one settings.norm selects
    Vector context;                  // (p): weights @ values
    Matrix score_matrix;             // (n, n): queries @ keys.T, masked if causal
    Matrix weight_matrix;            // (n, n): row-wise normalise(score_matrix / scale_divisor)
    Matrix context_matrix;           // (n, p): weight_matrix @ values
};

struct AttentionResult {
    Vector query;                  // (d): inputs[query]
    Vector scores;                 // (n): dot(inputs[i], query), masked if causal
    Vector lab_scores;             // (n): scores * lab_scale, what the normalisations below see
    Vector weights_sum;            // (n): lab_scores / sum(lab_scores)
    Vector weights_softmax_naive;  // (n): exp / sum exp, may overflow to inf/nan on purpose
    Vector weights_softmax;        // (n): stable softmax
    Vector weights;                // (n): the one settings.norm selects
    Vector context;                // (d): weights @ inputs
    Matrix score_matrix;           // (n, n): inputs @ inputs.T, masked if causal
    Matrix weight_matrix;          // (n, n): row-wise normalise(score_matrix * lab_scale)
    Matrix context_matrix;         // (n, d): weight_matrix @ inputs
    bool has_projection = false;
    ProjectionResult projection;
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
