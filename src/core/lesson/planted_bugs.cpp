#include "core/lesson/planted_bugs.h"

#include <algorithm>
#include <cmath>

#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

namespace attn {
namespace {

// The average row sum of (n, n) weights.
float mean_row_sum(const Matrix& w) {
    double sum = 0;
    for (float x : w.data) sum += double(x);
    return w.rows ? float(sum / double(w.rows)) : 0.0f;
}

// window > 0: the sliding-window class, whose mask is the band (diff < 0) | (diff >= W).
void zero_mask(const HeadTrace& t, int window, const std::vector<std::string>& tokens, PlantedBugView* v) {
    v->caption = window > 0 ? sentence("masked_fill((diff < 0) | (diff >= W), 0), then softmax")
                            : sentence("masked_fill(triu(ones, 1), 0), then softmax");
    v->weights = &t.weights_zero_masked;
    // The weight row 0 gives to tokens after it: with -inf it is exactly 0.
    float leak = 0;
    for (int c = 1; c < t.weights_zero_masked.cols; ++c) leak += t.weights_zero_masked.at(0, c);
    v->says = sentence(
        "exp(0) = 1, not 0: \"%s\" still gives %s of its weight to the tokens after it. Only -inf (exp(-inf) = 0) "
        "hides the future.",
        {tokens[0], format_fixed(leak, 4)});
    v->shows = true;
    v->value = num(leak);
}

void flipped_mask(const HeadTrace& t, const std::vector<std::string>& tokens, PlantedBugView* v) {
    v->caption = sentence("masked_fill(tril(ones, -1), -inf), then softmax");
    const Matrix& w = t.weights_flipped_mask;
    v->weights = &w;
    if (w.rows == 1) {
        v->says = sentence(
            "With one token there is no past and no future to mask: add a token to see the mask turned around.");
        return;
    }
    float future = 0;  // what row 0 gives the tokens after it
    for (int c = 1; c < w.cols; ++c) future += w.at(0, c);
    v->says = sentence(
        "The mask is upside down: \"%s\" gives %s of its weight to the tokens after it, and \"%s\" sees only itself "
        "(%s). Each token reads the future and none of the past; triu(ones, 1) masks the keys after the query.",
        {tokens[0], format_fixed(future, 4), tokens[size_t(w.rows - 1)],
         format_fixed(w.at(w.rows - 1, w.cols - 1), 2)});
    v->shows = true;
    v->value = num(future);
}

void wrong_dim(const HeadTrace& t, PlantedBugView* v) {
    v->caption = sentence("dim=1 of (b, n, n) runs down the queries");
    v->weights = &t.weights_wrong_dim;
    float row0 = 0, col0 = 0;
    for (int k = 0; k < t.weights_wrong_dim.cols; ++k) row0 += t.weights_wrong_dim.at(0, k);
    for (int k = 0; k < t.weights_wrong_dim.rows; ++k) col0 += t.weights_wrong_dim.at(k, 0);
    v->says = sentence(
        "Row 0 now sums to %s and column 0 to %s: each key's weights over the queries add up to 1, not each query's "
        "over the keys. Without a batch, dim=1 was the last dim; with one, only dim=-1 is.",
        {format_fixed(row0, 4), format_fixed(col0, 4)});
    v->shows = true;
    v->value = format_fixed(row0, 4);
}

void unscaled_dropout(const ModuleResult& r, const HeadTrace& t, PlantedBugView* v) {
    v->caption = sentence("weights \u00d7 (mask != 0), unscaled");
    v->weights = &t.weights_dropped_unscaled;
    const float unscaled = mean_row_sum(t.weights_dropped_unscaled), scaled = mean_row_sum(t.weights_dropped);
    const double p = r.settings.dropout;
    v->says = sentence(
        "Rows now sum to %s on average (%s with the rescaling, about 1 - p = %s expected). In eval there is no dropout "
        "and rows sum to 1, so the layers after it would see weights %s times larger than in training.",
        {format_fixed(unscaled, 2), format_fixed(scaled, 2), format_fixed(float(1.0 - p), 2),
         format_fixed(float(1.0 / (1.0 - p)), 2)});
    v->shows = true;
    v->value = format_fixed(unscaled, 4);
}

void no_transpose(const ModuleResult& r, bool transposed, PlantedBugView* v) {
    const int n = r.n, hd = r.head_dim, heads = r.settings.heads;
    int mixed = 0;
    for (int h = 0; h < heads && h < 8; ++h) {
        const std::vector<int> held = slice_tokens(n, heads, hd, h, transposed);
        std::vector<int> rows(static_cast<size_t>(n));
        for (int i = 0; i < n; ++i) {
            rows[size_t(i)] = held[size_t(i * hd)];
            mixed += rows[size_t(i)] != i;
        }
        v->rows_hold.push_back(std::move(rows));
    }
    v->says = transposed ? sentence("every row of every head is still its own token")
                         : sentence("%s rows now hold another token's numbers: the heads attend over scrambled tokens",
                                    {std::to_string(mixed)});
    v->shows = !transposed;
    v->value = std::to_string(mixed);
}

void wrong_scale(const ModuleResult& r, const HeadTrace& t, PlantedBugView* v) {
    v->caption = sentence("head 0, \u00f7 \u221ad_out");
    if (t.weights_wrong_scale.rows == 0) return;
    v->weights = &t.weights_wrong_scale;
    const float d = largest_difference(t.weights, t.weights_wrong_scale);
    const int d_out = r.settings.d_out, hd = r.head_dim;
    v->value = num(d);
    if (d_out == hd) {
        v->says = sentence("With one head, head_dim = d_out = %s: the bug hides until there are more heads.",
                           {std::to_string(d_out)});
    } else if (d < 1e-6f) {
        v->says = sentence(
            "\u221a%s is still the wrong divisor, but on this data (one token, or equal scores) the weights come out "
            "the "
            "same.",
            {std::to_string(d_out)});
    } else {
        v->says = sentence(
            "\u221a%s = %s instead of \u221a%s = %s: the scores shrink more, so the weights come out flatter than the "
            "head's width calls for (largest difference %s).",
            {std::to_string(d_out), format_fixed(float(std::sqrt(double(d_out))), 2), std::to_string(hd),
             format_fixed(float(std::sqrt(double(hd))), 2), format_fixed(d, 4)});
        v->shows = true;
    }
}

}  // namespace

std::vector<int> slice_tokens(int n, int heads, int head_dim, int head, bool transposed) {
    std::vector<int> out(size_t(n * head_dim));
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < head_dim; ++c) out[size_t(i * head_dim + c)] = transposed ? i : (head * n + i) / heads;
    return out;
}

Sentence planted_bug_label(PlantedBug bug) {
    switch (bug) {
        case PlantedBug::ZeroMask:
            return sentence("plant the bug: fill with 0, not -inf");
        case PlantedBug::FlippedMask:
            return sentence("plant the bug: tril(ones, -1), not triu(ones, 1)");
        case PlantedBug::WrongDim:
            return sentence("plant the bug: softmax(dim=1) on a batch");
        case PlantedBug::UnscaledDropout:
            return sentence("plant the bug: drop without \u00f7 (1 - p)");
        case PlantedBug::NoTranspose:
            return sentence("plant the bug: no .transpose(1, 2)");
        case PlantedBug::WrongScale:
            return sentence("plant the bug: \u00f7 \u221ad_out, not \u221ahead_dim");
    }
    return Sentence{};
}

bool offers_planted_bug(PlantedBug bug, const ModuleResult& r) {
    if (!r.error.empty() || r.batches.empty() || r.batches[0].empty()) return false;
    const HeadTrace& t = r.batches[0][0];
    const AttentionModule m = r.settings.module;
    // MultiHeadAttention and the classes after it split one projection into heads.
    const bool splits = is_multi_head(m) && m != AttentionModule::MultiHeadWrapper;
    switch (bug) {
        case PlantedBug::ZeroMask:
            return t.weights_zero_masked.rows > 0;
        case PlantedBug::FlippedMask:
            return t.weights_flipped_mask.rows > 0;
        case PlantedBug::WrongDim:  // (b, n, n) weights: MultiHeadAttention's are (b, h, n, n), dim=1 the heads
            return (m == AttentionModule::CausalAttention || m == AttentionModule::MultiHeadWrapper) &&
                   t.weights_wrong_dim.rows > 0;
        case PlantedBug::UnscaledDropout:
            return t.has_dropout;
        case PlantedBug::NoTranspose:
        case PlantedBug::WrongScale:
            return splits;
    }
    return false;
}

PlantedBugView planted_bug(PlantedBug bug, const ModuleResult& r, size_t batch, const std::vector<std::string>& tokens,
                           bool transposed) {
    PlantedBugView v;
    v.label = planted_bug_label(bug);
    v.offered = offers_planted_bug(bug, r);
    if (!v.offered) return v;
    const HeadTrace& t = r.batches[std::min(batch, r.batches.size() - 1)][0];
    switch (bug) {
        case PlantedBug::ZeroMask:
            zero_mask(t, r.settings.module == AttentionModule::SlidingWindowAttention ? r.settings.window : 0, tokens,
                      &v);
            break;
        case PlantedBug::FlippedMask:
            flipped_mask(t, tokens, &v);
            break;
        case PlantedBug::WrongDim:
            wrong_dim(t, &v);
            break;
        case PlantedBug::UnscaledDropout:
            unscaled_dropout(r, t, &v);
            break;
        case PlantedBug::NoTranspose:
            no_transpose(r, transposed, &v);
            break;
        case PlantedBug::WrongScale:
            wrong_scale(r, t, &v);
            break;
    }
    return v;
}

}  // namespace attn
