#include "core/math/mask_routes.h"

#include <cmath>
#include <limits>

#include "core/math/normalize.h"
#include "core/math/torch_layers.h"

namespace attn {
namespace {

struct StyleName {
    MaskStyle style;
    const char* name;
};
constexpr StyleName kStyles[] = {
    {MaskStyle::Book, "book"},
    {MaskStyle::SdpaBool, "sdpa-bool"},
    {MaskStyle::Additive, "additive"},
    {MaskStyle::IsCausal, "is-causal"},
};

constexpr float kInf = std::numeric_limits<float>::infinity();

// scaled_dot_product_attention's math path: softmax(scores * (1 / sqrt(d_k)) + bias) row by row,
// bias -inf where hide(r, c); a row with every key hidden gives zeros (its _safe_softmax).
template <typename Hide>
Matrix sdpa_softmax(const Matrix& scores, int d_k, Hide hide) {
    const float scale = float(1.0 / std::sqrt(double(d_k)));
    Matrix out(scores.rows, scores.cols);
    Vector row(size_t(scores.cols));
    for (int r = 0; r < scores.rows; ++r) {
        for (int c = 0; c < scores.cols; ++c) row[size_t(c)] = hide(r, c) ? -kInf : scores.at(r, c) * scale;
        normalize_into(row.data(), scores.cols, Norm::Softmax, out.row(r));  // all -inf: zeros
    }
    return out;
}

}  // namespace

const char* mask_style_name(MaskStyle m) {
    for (const StyleName& s : kStyles)
        if (s.style == m) return s.name;
    return "book";
}

bool parse_mask_style(const std::string& text, MaskStyle* out) {
    for (const StyleName& s : kStyles)
        if (text == s.name) {
            *out = s.style;
            return true;
        }
    return false;
}

HiddenKeys causal_keys(int n, int window, int padded_keys) {
    HiddenKeys h;
    h.rows = h.cols = n;
    h.hidden.assign(size_t(n) * size_t(n), 0);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
            h.hidden[size_t(r) * size_t(n) + size_t(c)] = key_hidden(r, c, window) || c < padded_keys;
    return h;
}

PaddedBatch padded_batch(const Matrix& queries, const Matrix& keys, int pads, int window) {
    PaddedBatch b;
    const int n = queries.rows;
    b.n = n;
    b.pads = pads;
    b.key_padding_mask.assign(size_t(2) * size_t(n), 0);
    for (int c = 0; c < pads; ++c) b.key_padding_mask[size_t(n) + size_t(c)] = 1;
    // Sequence 1's queries and keys: zeros for the pads, then the first n - pads tokens' rows.
    Matrix q(n, queries.cols), k(n, keys.cols);
    for (int r = pads; r < n; ++r) {
        for (int c = 0; c < queries.cols; ++c) q.at(r, c) = queries.at(r - pads, c);
        for (int c = 0; c < keys.cols; ++c) k.at(r, c) = keys.at(r - pads, c);
    }
    b.scores[0] = matmul(queries, transposed(keys));  // as the head computes its scores
    b.scores[1] = matmul(q, transposed(k));
    b.hidden[0] = causal_keys(n, window);
    b.hidden[1] = causal_keys(n, window, pads);
    return b;
}

Matrix weights_by_route(const Matrix& scores, const HiddenKeys& hidden, MaskStyle style, int d_k) {
    switch (style) {
        case MaskStyle::Book: {
            // masked_fill(mask, -inf), then torch.softmax(scores / sqrt(d_k)): an all -inf row is 0 / 0.
            Matrix masked = scores;
            for (int r = 0; r < scores.rows; ++r)
                for (int c = 0; c < scores.cols; ++c)
                    if (hidden.at(r, c)) masked.at(r, c) = -kInf;
            Matrix w = softmax_rows_scaled(masked, float(std::sqrt(double(d_k))));
            for (int r = 0; r < scores.rows; ++r) {
                bool any = false;
                for (int c = 0; c < scores.cols; ++c) any = any || !hidden.at(r, c);
                if (!any)
                    for (int c = 0; c < scores.cols; ++c) w.at(r, c) = std::numeric_limits<float>::quiet_NaN();
            }
            return w;
        }
        case MaskStyle::SdpaBool:  // attn_mask = ~mask: True where kept; False becomes -inf
        case MaskStyle::Additive:  // attn_mask = zeros.masked_fill(mask, -inf), added to the scores
            return sdpa_softmax(scores, d_k, [&](int r, int c) { return hidden.at(r, c); });
        case MaskStyle::IsCausal:  // ones(L, S).tril(diagonal=0): the key after the query hidden
            return sdpa_softmax(scores, d_k, [](int r, int c) { return c > r; });
    }
    return Matrix();
}

Matrix weights_sdpa_given_book_mask(const Matrix& scores, const HiddenKeys& hidden, int d_k) {
    // attn_mask = mask itself (True where the book hides): SDPA keeps those and hides the rest.
    return sdpa_softmax(scores, d_k, [&](int r, int c) { return !hidden.at(r, c); });
}

}  // namespace attn
