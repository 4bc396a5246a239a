// The PyTorch layers of chapter 3's modules, reproduced draw for draw on TorchGenerator:
// nn.Linear's default initialisation, nn.Dropout in training mode, and the causal mask both ways
// the book builds it (section 3.5.1). float32 throughout, like PyTorch's defaults.
#pragma once
#include <cstdint>

#include "core/math/matrix.h"
#include "core/math/torch_rng.h"

namespace attn {

// nn.Linear(d_in, d_out, bias): weight (d_out, d_in), stored as PyTorch stores it, so that
// y = x @ weight.T + bias. Not W_query (d_in, d_out) of SelfAttention_v1: that is weight.T.
struct Linear {
    Matrix weight;  // (d_out, d_in)
    Vector bias;    // (d_out), empty without a bias
    bool has_bias = false;
};

// nn.Linear's reset_parameters(): kaiming_uniform_(weight, a=sqrt(5)), which is
// weight.uniform_(-1/sqrt(d_in), 1/sqrt(d_in)) drawn row-major, then (with a bias)
// bias.uniform_(-1/sqrt(d_in), 1/sqrt(d_in)) right after. One 32-bit draw per element.
Linear make_linear(TorchGenerator* gen, int d_in, int d_out, bool bias);

// x (n, d_in) -> (n, d_out): x @ weight.T + bias
Matrix linear_forward(const Linear& layer, const Matrix& x);

// torch.rand-style uniform_(lo, hi) of one float32 element: (next32 & 0xFFFFFF) * 2^-24 * (hi - lo) + lo.
float uniform_between(TorchGenerator* gen, float lo, float hi);

// nn.Dropout(p) in training mode on `count` elements: PyTorch's CPU kernel draws
// bernoulli_(1 - p) element by element, one 64-bit draw each ((first32 << 32) | second32), keeping
// the element when (r & (2^53 - 1)) * 2^-53 < 1 - p, then scales survivors by 1 / (1 - p).
// mask gets 0 or 1 / (1 - p) per element; p == 0 draws nothing (PyTorch returns the input).
void dropout_mask(TorchGenerator* gen, double p, int count, float* mask);

// The causal mask (section 3.5.1), on an (n, n) score or weight matrix:
// masked_fill(triu(ones(n, n), diagonal=1).bool(), -inf): keys after the query become -inf.
// window > 0 also hides the keys window or more positions back: the sliding-window band of the
// book repository's MultiHeadAttentionWithSWA, masked_fill((diff < 0) | (diff >= window), -inf)
// with diff = query position - key position.
Matrix mask_scores_causal(const Matrix& scores, int window = 0);
// The book's first route: weights * tril(ones(n, n)) (the band, with a window), then each row
// divided by its sum.
Matrix mask_weights_tril(const Matrix& weights, int window = 0);
// True when the key at position k is hidden from the query at position q.
inline bool key_hidden(int q, int k, int window) {
    return k > q || (window > 0 && q - k >= window);
}
Matrix normalize_row_sums(const Matrix& weights);
// torch.softmax(scores / divisor, dim=-1) for every row, -inf giving weight 0.
Matrix softmax_rows_scaled(const Matrix& scores, float divisor);

}  // namespace attn
