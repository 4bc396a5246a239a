// One mask four ways (core/math/mask_routes.h): the book's masked_fill (True = hidden), SDPA's
// boolean attn_mask (True = kept), an additive float mask and is_causal give the same weights to
// 1e-6; a fully hidden row is NaN in the book's route and zeros in SDPA's; the book's mask passed
// to SDPA keeps exactly the keys it should hide.
#include "core/math/mask_routes.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/document/examples.h"
#include "core/document/state.h"
#include "core/math/attention_modules.h"

using namespace attn;

namespace {

// MultiHeadAttention's head 0 on twelve random tokens: scores (12, 12) and the head's width.
HeadTrace head0(int* d_k) {
    State s;
    REQUIRE(load_example("random-12x8-seed7", &s));
    ModuleSettings m = book_module_settings(AttentionModule::MultiHeadAttention);
    m.d_out = 6;
    m.heads = 2;
    const ModuleResult r = run_module(s.inputs, m);
    REQUIRE(r.error.empty());
    *d_k = r.head_dim;
    return r.batches[0][0];
}

double largest_gap(const Matrix& a, const Matrix& b) {
    double d = 0;
    for (size_t k = 0; k < a.data.size(); ++k) d = std::fmax(d, std::fabs(double(a.data[k]) - double(b.data[k])));
    return d;
}

}  // namespace

TEST_CASE("mask routes: the four ways agree with the module's causal weights to 1e-6") {
    int d_k = 0;
    const HeadTrace h = head0(&d_k);
    const HiddenKeys causal = causal_keys(12);
    for (MaskStyle style : {MaskStyle::Book, MaskStyle::SdpaBool, MaskStyle::Additive, MaskStyle::IsCausal}) {
        CAPTURE(mask_style_name(style));
        const Matrix w = weights_by_route(h.scores, causal, style, d_k);
        CHECK(largest_gap(w, h.weights) <= 1e-6);
    }
    // The book's route is the module's own computation: the same bits.
    CHECK(weights_by_route(h.scores, causal, MaskStyle::Book, d_k).data == h.weights.data);
}

TEST_CASE("mask routes: a sliding window and a padding mask agree across the explicit masks") {
    int d_k = 0;
    const HeadTrace h = head0(&d_k);
    const HiddenKeys band = causal_keys(12, 4, 0);
    const Matrix book = weights_by_route(h.scores, band, MaskStyle::Book, d_k);
    for (int r = 0; r < 12; ++r)
        for (int c = 0; c < 12; ++c) CHECK((book.at(r, c) == 0.0f) == (c > r || r - c >= 4));
    for (MaskStyle style : {MaskStyle::SdpaBool, MaskStyle::Additive})
        CHECK(largest_gap(weights_by_route(h.scores, band, style, d_k), book) <= 1e-6);
}

TEST_CASE("mask routes: a fully hidden row is NaN in the book's route and zeros in SDPA's") {
    int d_k = 0;
    const HeadTrace h = head0(&d_k);
    const HiddenKeys padded = causal_keys(12, 0, 2);  // two pad tokens on the left
    const Matrix book = weights_by_route(h.scores, padded, MaskStyle::Book, d_k);
    const Matrix sdpa = weights_by_route(h.scores, padded, MaskStyle::SdpaBool, d_k);
    for (int r = 0; r < 2; ++r)  // the pads' own queries see nothing
        for (int c = 0; c < 12; ++c) {
            CHECK(std::isnan(book.at(r, c)));
            CHECK(sdpa.at(r, c) == 0.0f);
            CHECK(weights_by_route(h.scores, padded, MaskStyle::Additive, d_k).at(r, c) == 0.0f);
        }
    // The other rows agree, and give the pads no weight.
    for (int r = 2; r < 12; ++r)
        for (int c = 0; c < 12; ++c) {
            CHECK(std::fabs(book.at(r, c) - sdpa.at(r, c)) <= 1e-6f);
            if (c < 2) CHECK(book.at(r, c) == 0.0f);
        }
}

TEST_CASE(
    "mask routes: a batch of two lengths, the shorter padded on the left, gives its tokens exactly their weights "
    "alone") {
    int d_k = 0;
    const HeadTrace h = head0(&d_k);
    for (int window : {0, 4}) {
        CAPTURE(window);
        const PaddedBatch b = padded_batch(h.queries, h.keys, 3, window);  // sentence 2: 3 pads, then 9 tokens
        for (int c = 0; c < 12; ++c) {
            CHECK(b.key_padding_mask[size_t(c)] == 0);                     // sentence 1: nothing ignored
            CHECK(b.key_padding_mask[size_t(12 + c)] == (c < 3 ? 1 : 0));  // sentence 2: its pads
        }
        const Matrix whole = weights_by_route(b.scores[0], b.hidden[0], MaskStyle::Book, d_k);
        CHECK(largest_gap(whole, weights_by_route(h.scores, causal_keys(12, window), MaskStyle::Book, d_k)) == 0);
        for (MaskStyle style : {MaskStyle::Book, MaskStyle::SdpaBool, MaskStyle::Additive}) {
            const Matrix padded = weights_by_route(b.scores[1], b.hidden[1], style, d_k);
            const Matrix alone = weights_by_route(b.scores[0], b.hidden[0], style, d_k);
            for (int r = 0; r < 12; ++r)
                for (int c = 0; c < 12; ++c) {
                    if (r < 3)  // a pad's own query sees nothing
                        CHECK((style == MaskStyle::Book ? std::isnan(padded.at(r, c)) : padded.at(r, c) == 0.0f));
                    else if (c < 3)  // no token gives a pad any weight
                        CHECK(padded.at(r, c) == 0.0f);
                    else  // the first nine tokens, as they are alone: bit for bit
                        CHECK(padded.at(r, c) == alone.at(r - 3, c - 3));
                }
        }
    }
}

TEST_CASE("mask routes: the book's mask given to SDPA keeps exactly what it should hide") {
    int d_k = 0;
    const HeadTrace h = head0(&d_k);
    const HiddenKeys causal = causal_keys(12);
    const Matrix w = weights_sdpa_given_book_mask(h.scores, causal, d_k);
    for (int r = 0; r < 12; ++r) {
        float sum = 0;
        for (int c = 0; c < 12; ++c) {
            if (c <= r) CHECK(w.at(r, c) == 0.0f);  // itself and the past: gone
            sum += w.at(r, c);
        }
        CHECK(sum == doctest::Approx(r == 11 ? 0.0 : 1.0).epsilon(1e-5));  // the last token sees nothing
    }
}

TEST_CASE("mask routes: names as the CLI and links write them") {
    MaskStyle m = MaskStyle::Book;
    for (const char* name : {"book", "sdpa-bool", "additive", "is-causal"}) {
        REQUIRE(parse_mask_style(name, &m));
        CHECK(std::string(mask_style_name(m)) == name);
    }
    CHECK_FALSE(parse_mask_style("sdpa", &m));
}
