#include "core/math/mask_comparison.h"

#include <algorithm>
#include <cmath>

namespace attn {

MaskComparison compare_mask_routes(const ModuleResult& r) {
    MaskComparison v;
    const HeadTrace& h = r.batches[0][0];
    const int n = h.scores.rows;
    const int pads = r.settings.pads;
    const int window = r.settings.module == AttentionModule::SlidingWindowAttention ? r.settings.window : 0;
    const PaddedBatch batch = padded_batch(h.queries, h.keys, pads, window);
    const int sequences = pads > 0 ? 2 : 1;
    Matrix book[2];
    for (int b = 0; b < sequences; ++b)
        book[b] = weights_by_route(batch.scores[b], batch.hidden[b], MaskStyle::Book, r.head_dim);
    v.pads = pads;
    for (MaskStyle style : {MaskStyle::SdpaBool, MaskStyle::Additive, MaskStyle::IsCausal}) {
        if (style == MaskStyle::IsCausal && window > 0) continue;  // the plain triangle only
        float d = 0;
        for (int b = 0; b < sequences; ++b) {
            if (style == MaskStyle::IsCausal && b == 1) continue;  // it cannot hide the pads
            // Over the rows that see some key: what the pads' rows give is told apart below.
            const Matrix w = weights_by_route(batch.scores[b], batch.hidden[b], style, r.head_dim);
            for (int i = b == 1 ? pads : 0; i < n; ++i)
                for (int c = 0; c < n; ++c) d = std::max(d, std::fabs(w.at(i, c) - book[b].at(i, c)));
            if (style == MaskStyle::SdpaBool && b == 1) v.sdpa_zero = w.at(0, 0) == 0.0f;
        }
        v.routes.push_back(style);
        v.differences.push_back(d);
        v.largest = std::max(v.largest, d);
    }
    if (pads > 0) {
        v.book_nan = std::isnan(book[1].at(0, 0));
        v.key_padding_mask = batch.key_padding_mask;
        v.padded_weights = book[1];
        // Its tokens alone: the first n - pads tokens under a causal mask, sequence 0's first rows.
        for (int i = pads; i < n; ++i)
            for (int c = pads; c < n; ++c)
                v.alone_difference =
                    std::max(v.alone_difference, std::fabs(book[1].at(i, c) - book[0].at(i - pads, c - pads)));
    }
    v.polarity_bug = weights_sdpa_given_book_mask(batch.scores[0], batch.hidden[0], r.head_dim);
    for (int i = 0; i < n; ++i) v.polarity_own += v.polarity_bug.at(i, i);
    return v;
}

}  // namespace attn
