// Each chapter bug runs the module for real on the state's inputs (run_module), then the program
// with the bug planted, step by step from the same queries, keys and values. Batch 0, head 0: the
// batch only repeats the inputs, and every head goes wrong the same way.
#include "core/lesson/chapter_bugs.h"

#include <cmath>
#include <limits>
#include <string>

#include "core/math/attention_modules.h"
#include "core/math/torch_layers.h"
#include "core/text/prose_format.h"

namespace attn {
namespace {

constexpr float kInf = std::numeric_limits<float>::infinity();

bool suits(Bug bug, const ModuleSettings& m) {
    switch (bug) {
        case Bug::BatchSoftmaxDim:
        case Bug::MaskPolarity:
        case Bug::ZeroMask:
            return m.module == AttentionModule::CausalAttention;
        case Bug::DropoutNoRescale:
            return m.module == AttentionModule::CausalAttention;
        case Bug::ViewNoTranspose:
        case Bug::ScaleByDOut:
            return m.module == AttentionModule::MultiHeadAttention;
        default:
            return false;
    }
}

// (n, n) of 0 and 1: 1 where `masked` says the key is hidden from the query.
template <typename Masked>
Matrix mask_matrix(int n, Masked masked) {
    Matrix m(n, n);
    for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) m.at(r, c) = masked(r, c) ? 1.0f : 0.0f;
    return m;
}

// scores with `fill` wherever mask is 1 (masked_fill_).
Matrix filled(const Matrix& scores, const Matrix& mask, float fill) {
    Matrix out = scores;
    for (size_t k = 0; k < out.data.size(); ++k)
        if (mask.data[k] != 0) out.data[k] = fill;
    return out;
}

// Element-wise product (weights times a dropout mask).
Matrix times(const Matrix& a, const Matrix& b) {
    Matrix out = a;
    for (size_t k = 0; k < out.data.size(); ++k) out.data[k] *= b.data[k];
    return out;
}

// What row 0 gives the tokens after it.
float future_share(const Matrix& w) {
    float share = 0;
    for (int c = 1; c < w.cols; ++c) share += w.at(0, c);
    return share;
}

// CausalAttention.forward as the book writes it, for batch 0: dim=1, the mask's polarity, the 0
// fill and dropout without rescaling.
void trace_causal(const TextCatalog& tx, Bug bug, const ModuleResult& r, BugTrace* t) {
    const HeadTrace& h = r.batches[0][0];
    const int n = r.n;
    const double p = r.settings.dropout;
    const std::string ns = std::to_string(n), ps = num(float(p), 2);
    const bool manual_dropout = bug == Bug::DropoutNoRescale;
    t->fixed = {"mask = torch.triu(torch.ones(" + ns + ", " + ns + "), diagonal=1)   # self.mask",
                "queries, keys, values = self.W_query(x), self.W_key(x), self.W_value(x)",
                "attn_scores = queries @ keys.transpose(1, 2)   # (b, n, n)",
                "attn_scores.masked_fill_(mask.bool(), -torch.inf)",
                "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)"};
    if (manual_dropout) {
        t->fixed.push_back("keep = self.dropout(torch.ones_like(attn_weights)) != 0   # " +
                           tx.say("bug.note.dropout-draw"));
        t->fixed.push_back("attn_weights = attn_weights * keep / (1 - " + ps + ")");
    } else {
        t->fixed.push_back("attn_weights = self.dropout(attn_weights)");
    }
    t->fixed.push_back("context_vec = attn_weights @ values");
    t->fixed.push_back("print(context_vec[0])");
    t->program = t->fixed;
    const int softmax_line = 4, dropout_line = manual_dropout ? 6 : 5, context_line = dropout_line + 1;

    const Matrix triu = mask_matrix(n, [](int row, int col) { return col > row; });
    const Matrix tril = mask_matrix(n, [](int row, int col) { return col < row; });
    // Dropout as the module ran it (a mask of 1 without dropout).
    const Matrix drop = h.has_dropout ? h.dropout_mask : mask_matrix(n, [](int, int) { return true; });
    const Matrix masked = filled(h.scores, triu, -kInf);
    const Matrix context_right = h.context;
    const auto context_of = [&](const Matrix& weights) { return matmul(times(weights, drop), h.values); };
    const std::string weights_what = "attn_weights[0], (n, n)";
    const std::string context_what = "context_vec[0], (n, d_out)";
    // The walk of the three masking bugs: the mask, the scores, the masked scores and the softmax as
    // the planted program computed them, and the row sums when the rows are the symptom; then the
    // context vectors.
    const auto mask_walk = [&](const Matrix& mask, const Matrix& masked_scores, const Matrix& weights,
                               bool with_row_sums) {
        t->steps.push_back(
            matrix_trace_step(tx.say("bug.step.mask"), tx.say("bug.ask.mask-hides-future"), "mask", 0, triu, mask));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.scores"), tx.say("bug.ask.queries-keys"),
                                             "attn_scores[0], (n, n)", 2, h.scores, h.scores));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.masked-scores"), tx.say("bug.ask.future-is-inf"),
                                             "attn_scores[0], (n, n)", 3, masked, masked_scores));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.rows-no-future"), weights_what,
                                             softmax_line, h.weights, weights));
        if (with_row_sums)
            t->steps.push_back(trace_step(tx.say("bug.step.row-sums"), tx.say("bug.ask.rows-sum-to-1"),
                                          "attn_weights[0].sum(dim=-1)", softmax_line, row_sums(h.weights),
                                          row_sums(weights)));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.context-vectors"), tx.say("bug.ask.contexts-match"),
                                             context_what, context_line, context_right, context_of(weights)));
    };

    switch (bug) {
        case Bug::BatchSoftmaxDim: {
            t->program[size_t(softmax_line)] = "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=1)";
            t->buggy_line = softmax_line;
            t->title = tx.say("bug.batch-softmax-dim.title");
            mask_walk(triu, masked, h.weights_wrong_dim, true);
            t->explanation = tx.say("bug.batch-softmax-dim.why", {{"sums", vec(row_sums(h.weights_wrong_dim))}});
            t->hidden = tx.say("bug.batch-softmax-dim.hidden");
            break;
        }
        case Bug::MaskPolarity: {
            t->program[0] = "mask = torch.tril(torch.ones(" + ns + ", " + ns + "), diagonal=-1)   # self.mask";
            t->buggy_line = 0;
            t->title = tx.say("bug.mask-polarity.title");
            mask_walk(tril, filled(h.scores, tril, -kInf), h.weights_flipped_mask, false);
            t->explanation = tx.say("bug.mask-polarity.why", {{"share", num(future_share(h.weights_flipped_mask))}});
            t->hidden = tx.say("bug.mask-polarity.hidden");
            break;
        }
        case Bug::ZeroMask: {
            t->program[3] = "attn_scores.masked_fill_(mask.bool(), 0)";
            t->buggy_line = 3;
            t->title = tx.say("bug.zero-mask.title");
            mask_walk(triu, filled(h.scores, triu, 0.0f), h.weights_zero_masked, false);
            t->explanation = tx.say("bug.zero-mask.why", {{"share", num(future_share(h.weights_zero_masked))}});
            t->hidden = tx.say("bug.zero-mask.hidden");
            break;
        }
        default: {  // Bug::DropoutNoRescale
            t->program[size_t(dropout_line)] = "attn_weights = attn_weights * keep";
            t->buggy_line = dropout_line;
            t->title = tx.say("bug.dropout-no-rescale.title");
            const Matrix keep = mask_matrix(n, [&](int row, int col) { return drop.at(row, col) != 0; });
            // In eval, or with p = 0, nothing is dropped: both programs keep every weight as it is.
            const Matrix& unscaled = h.has_dropout ? h.weights_dropped_unscaled : h.weights;
            t->steps.push_back(matrix_trace_step(tx.say("bug.step.scores"), tx.say("bug.ask.queries-keys"),
                                                 "attn_scores[0], (n, n)", 2, h.scores, h.scores));
            t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.no-future-weight"),
                                                 weights_what, softmax_line, h.weights, h.weights));
            t->steps.push_back(matrix_trace_step(tx.say("bug.step.kept"), tx.say("bug.ask.kept-at-random"),
                                                 "keep[0], (n, n)", 5, keep, keep));
            t->steps.push_back(matrix_trace_step(tx.say("bug.step.after-dropout"), tx.say("bug.ask.kept-rescaled"),
                                                 weights_what, dropout_line, h.weights_dropped, unscaled));
            t->steps.push_back(trace_step(tx.say("bug.step.row-sums"), tx.say("bug.ask.rows-about-1"),
                                          "attn_weights[0].sum(dim=-1)", dropout_line, row_sums(h.weights_dropped),
                                          row_sums(unscaled)));
            t->steps.push_back(matrix_trace_step(tx.say("bug.step.context-vectors"), tx.say("bug.ask.contexts-match"),
                                                 context_what, context_line, context_right,
                                                 matmul(unscaled, h.values)));
            t->explanation = tx.say("bug.dropout-no-rescale.why",
                                    {{"scale", num(float(1.0 / (1.0 - p)), 2)}, {"keep", num(float(1.0 - p), 2)}});
            t->hidden = tx.say(h.has_dropout ? "bug.dropout-no-rescale.hidden-all-dropped"
                                             : "bug.dropout-no-rescale.hidden-off");
            break;
        }
    }
}

// A head's (n, hd) slice of an (n, d_out) projection as .view(b, h, n, hd) reads it without the
// transpose: memory order, so row i of head j starts at element (j * n + i) * hd.
Matrix viewed_without_transpose(const Matrix& full, int head, int head_dim) {
    const int n = full.rows;
    Matrix out(n, head_dim);
    for (int i = 0; i < n; ++i)
        for (int c = 0; c < head_dim; ++c) out.at(i, c) = full.data[size_t((head * n + i) * head_dim + c)];
    return out;
}

// The (n, d_out) projection back from the heads' slices (head h holds columns h * hd ...).
Matrix joined(const std::vector<HeadTrace>& heads, Matrix HeadTrace::*part) {
    const int n = (heads[0].*part).rows, hd = (heads[0].*part).cols;
    Matrix out(n, hd * int(heads.size()));
    for (size_t h = 0; h < heads.size(); ++h)
        for (int i = 0; i < n; ++i)
            for (int c = 0; c < hd; ++c) out.at(i, int(h) * hd + c) = (heads[h].*part).at(i, c);
    return out;
}

// MultiHeadAttention.forward as the book writes it, for batch 0 and head 0: the view without the
// transpose, and the scaling by sqrt(d_out).
void trace_heads(const TextCatalog& tx, Bug bug, const ModuleResult& r, BugTrace* t) {
    const std::vector<HeadTrace>& heads = r.batches[0];
    const HeadTrace& h = heads[0];
    const int n = r.n, hd = r.head_dim, count = int(heads.size()), d_out = r.settings.d_out;
    const std::string H = std::to_string(count), HD = std::to_string(hd);
    t->fixed = {"queries, keys, values = self.W_query(x), self.W_key(x), self.W_value(x)   # (b, n, d_out)",
                "keys = keys.view(b, n, " + H + ", " + HD + ").transpose(1, 2)   # (b, h, n, hd); " +
                    tx.say("bug.note.queries-values-alike"),
                "attn_scores = queries @ keys.transpose(2, 3)   # (b, h, n, n)",
                "attn_scores.masked_fill_(mask_bool, -torch.inf)   # mask_bool = self.mask.bool()[:n, :n]",
                "attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)",
                "print(attn_weights[0, 0])"};
    t->program = t->fixed;
    const Matrix keys = joined(heads, &HeadTrace::keys);
    const float right = float(std::sqrt(double(hd)));
    const std::string weights_what = "attn_weights[0, 0], (n, n)";
    if (bug == Bug::ViewNoTranspose) {
        t->program[1] = "keys = keys.view(b, " + H + ", n, " + HD + ")   # (b, h, n, hd); " +
                        tx.say("bug.note.queries-values-alike");
        t->buggy_line = 1;
        t->title = tx.say("bug.view-no-transpose.title");
        const Matrix queries = joined(heads, &HeadTrace::queries);
        const Matrix q0 = viewed_without_transpose(queries, 0, hd), k0 = viewed_without_transpose(keys, 0, hd);
        const Matrix scores = matmul(q0, transposed(k0));
        const Matrix weights = softmax_rows_scaled(mask_scores_causal(scores), right);
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.keys"), tx.say("bug.ask.keys-per-token"),
                                             "keys[0], (n, d_out)", 0, keys, keys));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.head-keys"), tx.say("bug.ask.head-rows"),
                                             "keys[0, 0], (n, hd)", 1, h.keys, k0));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.scores"), tx.say("bug.ask.head-scores"),
                                             "attn_scores[0, 0], (n, n)", 2, h.scores, scores));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.head-weights"), weights_what,
                                             4, h.weights, weights));
        std::string rows;
        for (int i = 0; i < n && i < 8; ++i) rows += (i ? ", " : "") + std::to_string((i * hd) / d_out);
        t->explanation = tx.say("bug.view-no-transpose.why", {{"rows", rows + (n > 8 ? ", ..." : "")}});
        t->hidden = tx.say("bug.view-no-transpose.hidden");
    } else {
        t->program[4] = "attn_weights = torch.softmax(attn_scores / self.d_out**0.5, dim=-1)";
        t->buggy_line = 4;
        t->title = tx.say("bug.scale-by-d-out.title");
        const float wrong = float(std::sqrt(double(d_out)));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.scores"), tx.say("bug.ask.head-scores"),
                                             "attn_scores[0, 0], (n, n)", 2, h.scores, h.scores));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.masked-scores"), tx.say("bug.ask.future-is-inf"),
                                             "attn_scores[0, 0], (n, n)", 3, h.masked_scores, h.masked_scores));
        t->steps.push_back(trace_step(tx.say("bug.step.scale"), tx.say("bug.ask.divisor-head-dim"),
                                      tx.say("bug.what.divisor"), 4, Vector{right}, Vector{wrong}));
        t->steps.push_back(matrix_trace_step(tx.say("bug.step.softmax"), tx.say("bug.ask.head-weights"), weights_what,
                                             4, h.weights, h.weights_wrong_scale));
        t->explanation =
            tx.say(values_differ(h.weights.data, h.weights_wrong_scale.data) ? "bug.scale-by-d-out.why"
                                                                             : "bug.scale-by-d-out.why-same",
                   {{"head_dim", HD}, {"right", num(right, 2)}, {"d_out", d_out}, {"wrong", num(wrong, 2)}});
        t->hidden = tx.say("bug.scale-by-d-out.hidden");
    }
}

}  // namespace

bool is_chapter_bug(Bug bug) {
    switch (bug) {
        case Bug::BatchSoftmaxDim:
        case Bug::MaskPolarity:
        case Bug::ZeroMask:
        case Bug::ViewNoTranspose:
        case Bug::ScaleByDOut:
        case Bug::DropoutNoRescale:
            return true;
        default:
            return false;
    }
}

ModuleSettings chapter_bug_settings(Bug bug) {
    if (bug == Bug::ViewNoTranspose || bug == Bug::ScaleByDOut) {
        ModuleSettings s = book_module_settings(AttentionModule::MultiHeadAttention);
        s.d_out = 4;  // two heads of width 2: a head narrower than d_out, rows that can move
        return s;
    }
    ModuleSettings s = book_module_settings(AttentionModule::CausalAttention);
    if (bug == Bug::DropoutNoRescale) s.dropout = 0.5;  // the book's p
    return s;
}

ModuleSettings chapter_bug_module(Bug bug, const State& state) {
    return state.module.enabled && suits(bug, state.module.settings) ? state.module.settings
                                                                     : chapter_bug_settings(bug);
}

void trace_chapter_bug(const TextCatalog& tx, Bug bug, const State& state, BugTrace* t) {
    const ModuleSettings m = chapter_bug_module(bug, state);
    const int width = m.module == AttentionModule::MultiHeadAttention ? m.d_out : m.d_out * m.heads;
    ModuleResult r;
    if (!run_traced_module(tx, state.inputs, m, width, &r, t)) return;
    if (!state.module.enabled || m != state.module.settings)
        t->note = tx.say(m.module == AttentionModule::MultiHeadAttention ? "bug.traced-on-heads" : "bug.traced-on",
                         {{"class", module_class(m.module)},
                          {"seed", std::to_string(m.seed)},
                          {"d_out", m.d_out},
                          {"heads", m.heads}});
    if (bug == Bug::ViewNoTranspose || bug == Bug::ScaleByDOut)
        trace_heads(tx, bug, r, t);
    else
        trace_causal(tx, bug, r, t);
    print_last_step(t);
}

}  // namespace attn
