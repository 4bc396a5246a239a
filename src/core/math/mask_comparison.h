// A class's run, its head 0 masked the four ways libraries write it (core/math/mask_routes.h), side
// by side with the book's: how far each route's weights are from the book's, what a row that sees
// no key gives, a padded batch of two (settings.pads > 0) and the polarity bug. Worked out once
// per run, for the masks' view (the book's classes panel) and the CLI's JSON.
#pragma once
#include <cstdint>
#include <vector>

#include "core/math/attention_modules.h"
#include "core/math/mask_routes.h"
#include "core/math/matrix.h"

namespace attn {

struct MaskComparison {
    // Each route's largest |weight - the book's weight| over the rows that see some key, for
    // sdpa-bool, additive and (without a window: it builds the plain triangle) is-causal.
    std::vector<MaskStyle> routes;
    std::vector<float> differences;
    float largest = 0;
    // The padded batch (pads > 0): sentence 2 is `pads` tokens shorter, left-padded.
    int pads = 0;
    std::vector<uint8_t> key_padding_mask;  // (2, n) row-major, 1 = a pad (True = ignored)
    Matrix padded_weights;                  // (n, n): sentence 2's weights by the book's route
    float alone_difference = 0;             // its tokens' weights against those they get alone
    bool book_nan = false;                  // a pad's own row by the book's softmax: NaN (0 / 0)
    bool sdpa_zero = false;                 // by scaled_dot_product_attention: zeros
    // The book's mask handed to SDPA as attn_mask (True read as kept).
    Matrix polarity_bug;     // (n, n)
    float polarity_own = 0;  // the weight the tokens give themselves (the diagonal's sum)
};

// For a class with the masks' view (has_mask_routes) whose run succeeded.
MaskComparison compare_mask_routes(const ModuleResult& run);

}  // namespace attn
