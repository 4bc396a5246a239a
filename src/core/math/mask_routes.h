// One mask, the four ways libraries write it, and what each gives for the same scores:
//   book       scores.masked_fill(mask, -inf), then softmax(scores / sqrt(d)): mask True = hidden
//              (the chapter's triu(ones, diagonal=1).bool())
//   sdpa-bool  F.scaled_dot_product_attention(q, k, v, attn_mask=keep): keep True = the key is
//              kept, the opposite polarity of the book's mask
//   additive   a float attn_mask added to the scaled scores: 0 where kept, -inf where hidden
//   is-causal  F.scaled_dot_product_attention(q, k, v, is_causal=True): the causal mask built in
// scaled_dot_product_attention multiplies the scores by 1 / sqrt(d) where the book divides by
// sqrt(d): the weights agree to float32 rounding (1e-6), not bit for bit.
//
// A row whose keys are all hidden has no weights to give: torch.softmax of -inf everywhere is NaN
// (the book's route), while scaled_dot_product_attention, whatever its mask, returns zeros from
// PyTorch 2.5 on (its math path's _safe_softmax, and the fused kernels alike: pytorch/pytorch
// pull request 133882, August 2024; earlier versions gave NaN too, issue 141128). Debian 12's
// PyTorch 1.13 has no scaled_dot_product_attention: the SDPA routes here follow its documented
// reference implementation.
//
// A padding mask marks keys to ignore per sequence of a batch (nn.MultiheadAttention's
// key_padding_mask: True = ignored): a batch of sentences of different lengths, padded to one
// length. With the pads on the left (as a batch for generation is padded), the pads' own queries
// see no key at all: the fully hidden rows above.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/math/matrix.h"

namespace attn {

enum class MaskStyle { Book, SdpaBool, Additive, IsCausal };

const char* mask_style_name(MaskStyle m);  // "book", "sdpa-bool", "additive", "is-causal"
bool parse_mask_style(const std::string& text, MaskStyle* out);

// Which keys each query may not see, (n_q, n_k) row-major, 1 = hidden: the book's polarity.
struct HiddenKeys {
    int rows = 0, cols = 0;
    std::vector<uint8_t> hidden;
    bool at(int r, int c) const { return hidden[size_t(r) * size_t(cols) + size_t(c)] != 0; }
};

// The causal mask (with window > 0 the sliding-window band too), and with padded_keys > 0 the
// first padded_keys keys hidden as well: left padding, as a batch for generation is padded.
HiddenKeys causal_keys(int n, int window = 0, int padded_keys = 0);

// A batch of two sequences of different lengths: sequence 0 holds the n tokens, sequence 1 the
// first n - pads of them, after pads pad tokens on the left. key_padding_mask (2, n), True = a pad;
// each sequence's mask is the causal one (window > 0: the band) with its pad keys hidden too. Its
// scores are q @ k.T of the tokens it holds (queries, keys (n, d_k): the n tokens' rows; a pad's
// are zeros, and no pad key is ever seen). Sequence 1's real tokens then get exactly the weights
// the first n - pads tokens get alone, which are sequence 0's first rows under a causal mask.
struct PaddedBatch {
    int n = 0, pads = 0;
    std::vector<uint8_t> key_padding_mask;  // (2, n) row-major
    Matrix scores[2];                       // (n, n) each
    HiddenKeys hidden[2];
};
PaddedBatch padded_batch(const Matrix& queries, const Matrix& keys, int pads, int window = 0);

// The weights from unscaled scores (q @ k.T, (n_q, n_k)) with keys of width d_k, as the route
// computes them. is-causal ignores `hidden` (it builds its own causal mask). A fully hidden row
// gives NaN (book) or zeros (the three scaled_dot_product_attention routes, PyTorch 2.5 on).
Matrix weights_by_route(const Matrix& scores, const HiddenKeys& hidden, MaskStyle style, int d_k);

// The planted bug of the polarity: the book's mask (True = hidden) passed as SDPA's boolean
// attn_mask (True = kept): every query attends to exactly the keys it should not see.
Matrix weights_sdpa_given_book_mask(const Matrix& scores, const HiddenKeys& hidden, int d_k);

}  // namespace attn
