// The words and questions of steps 11 to 14. Every number comes from the module the state runs
// (run_module on the inputs on screen), so they stay true when the learner changes the class's
// settings or the data; with the module off, the step says how to turn it back on.
#include "core/lesson/chapter_steps.h"

#include <cmath>
#include <string>

#include "core/document/module_json.h"
#include "core/lesson/quiz_detail.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

namespace attn {
namespace {

using quiz_detail::Choices;
using quiz_detail::make;

constexpr int kMaxChapterTokens = 64;  // the steps run the module per frame: a few tokens, as the book

// Fixed decimals, so the choices "0.00" and "0.83" read alike and never merge by accident.
std::string fixed(float x, int decimals = 4) {
    return format_fixed(x, decimals);
}

std::string pair(int a, int b) {
    return "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
}

// Row 0's weight on the tokens after it when the mask fills with 0 instead of -inf.
float zero_mask_leak(const HeadTrace& t) {
    float leak = 0;
    for (int c = 1; c < t.weights_zero_masked.cols; ++c) leak += t.weights_zero_masked.at(0, c);
    return leak;
}

// The first weight dropout keeps (row-major), or -1 when none survives.
int first_kept(const HeadTrace& t) {
    for (size_t k = 0; k < t.dropout_mask.data.size(); ++k)
        if (t.dropout_mask.data[k] != 0 && t.weights.data[k] > 0) return int(k);
    return -1;
}

// The module run the step's words and question read: the page's own when it is of this state
// (kept beside it, redone only on a change), else one run here, only for a module of the book's
// size (the words are built every frame). Null when the module is off or cannot run.
const ModuleResult* module_for_step(const State& s, const ModuleRun* page_run, ModuleResult* local) {
    const ModuleSettings& m = s.module.settings;
    if (!s.module.enabled) return nullptr;
    if (page_run && module_run_matches(*page_run, s.inputs, m))
        return page_run->result.error.empty() ? &page_run->result : nullptr;
    if (s.inputs.rows > kMaxChapterTokens || s.inputs.cols > kMaxChapterTokens || m.d_out * m.heads > kMaxChapterTokens)
        return nullptr;
    *local = run_module(s.inputs, m);
    return local->error.empty() ? local : nullptr;
}

}  // namespace

void chapter_step_lines(const State& s, const ModuleRun* page_run, std::vector<LessonLine>* out) {
    if (s.step < 11 || s.step > 14) return;
    ModuleResult local;
    const ModuleResult* run = module_for_step(s, page_run, &local);
    const ModuleSettings& m = s.module.settings;
    switch (s.step) {
        case 11:
            out->push_back({LineKind::Prose,
                            "Section 3.4.2: SelfAttention_v2 swaps v1's three nn.Parameter(torch.rand(d_in, d_out)) "
                            "matrices for nn.Linear(d_in, d_out, bias=False) layers. The arithmetic is the same "
                            "x @ W; nn.Linear draws better-scaled starting weights and stores them its own way."});
            break;
        case 12:
            out->push_back({LineKind::Prose,
                            "Section 3.5.1 masks two ways: softmax, then zero the weights above the diagonal with "
                            "tril and divide each row by its sum; or fill the scores above the diagonal with -inf "
                            "before softmax. Both give the same weights; the second takes one step fewer."});
            out->push_back({LineKind::Code, "mask = torch.triu(torch.ones(" + std::to_string(s.inputs.rows) + ", " +
                                                std::to_string(s.inputs.rows) + "), diagonal=1)"});
            out->push_back({LineKind::Code, "masked = attn_scores.masked_fill(mask.bool(), -torch.inf)"});
            break;
        case 13:
            out->push_back({LineKind::Prose,
                            "Section 3.5.2: while training, dropout zeroes each attention weight with probability p "
                            "and scales the weights it keeps, so a row's expected sum stays 1. model.eval() turns "
                            "it off. This is the book's run: SelfAttention_v2's masked weights (seed 789, which "
                            "CausalAttention draws alike), then torch.manual_seed(123) and nn.Dropout(0.5)."});
            out->push_back({LineKind::Note,
                            "Other PyTorch builds (other CPUs, MKL) draw other masks from the same seed; these are "
                            "the masks Debian's PyTorch draws, which match the book's printout."});
            break;
        default:
            out->push_back({LineKind::Prose,
                            "Section 3.6: the wrapper runs num_heads CausalAttention modules and concatenates their "
                            "outputs. MultiHeadAttention does it with one projection of width d_out, splits it into "
                            "heads with .view(b, n, h, hd).transpose(1, 2), and mixes the heads with out_proj."});
            break;
    }
    if (!s.module.enabled) {
        out->push_back({LineKind::Warn, "The book's classes are off: turn them on in their panel to run this step."});
        return;
    }
    if (!run) return;
    const ModuleResult& r = *run;
    out->push_back(
        {LineKind::Code, "torch.manual_seed(" + std::to_string(m.seed) + "); module = " + module_constructor(r)});
    const HeadTrace& t = r.batches[0][0];
    if (s.step == 12) {
        float d = 0;
        for (size_t k = 0; k < t.weights.data.size(); ++k)
            d = std::fmax(d, std::fabs(t.weights.data[k] - t.masked_simple_norm.data[k]));
        out->push_back({LineKind::Good, "The two routes differ by at most " + fixed(d, 6) + " here."});
    }
    if (s.step == 13 && t.has_dropout) {
        const int k = first_kept(t);
        if (k >= 0)
            out->push_back({LineKind::Code,
                            "weights[" + std::to_string(k / t.weights.cols) + "][" +
                                std::to_string(k % t.weights.cols) + "] = " + fixed(t.weights.data[size_t(k)]) +
                                " -> after dropout " + fixed(t.weights_dropped.data[size_t(k)]),
                            0});
    }
    out->push_back({LineKind::Code, "output[0][0] = " + vec(r.output[0].row_vector(0))});
    // The planted bugs of the section, in the order the book's code could go wrong: named once the
    // step's question is answered, so the learner predicts first and then breaks the code on purpose.
    const bool batch_weights =
        m.module == AttentionModule::CausalAttention || m.module == AttentionModule::MultiHeadWrapper;
    std::string debug;
    if (s.step == 12 && (m.causal || has_dropout_layer(m.module)))
        debug = "mask polarity (tril(ones, -1) where triu(ones, 1) belongs), then the fill with 0 instead of -inf" +
                std::string(batch_weights ? ", then softmax over dim=1 of the batch" : "");
    else if (s.step == 13 && t.has_dropout)
        debug = "dropout without \u00f7 (1 - p), and read the row sums";
    else if (s.step == 14)
        debug = m.module == AttentionModule::MultiHeadAttention
                    ? ".view(b, h, n, hd) without .transpose(1, 2), then \u00f7 \u221ad_out instead of \u221ahead_dim"
                    : "MultiHeadAttention's .view without .transpose and its \u221ad_out (pick that class first)";
    if (debug.empty()) return;
    // After the step's question when it asks one (some data asks none: one token, a draw that
    // keeps no weight), else at once.
    std::vector<Question> asked;
    chapter_step_questions(s, page_run, &asked);
    out->push_back({LineKind::Note,
                    "Then break it on purpose: in the book's classes panel, plant " + debug +
                        ". Say what each will change before you tick it.",
                    asked.empty() ? -1 : 0});
}

void chapter_step_questions(const State& s, const ModuleRun* page_run, std::vector<Question>* out) {
    if (s.step < 11 || s.step > 14) return;
    ModuleResult local;
    const ModuleResult* run = module_for_step(s, page_run, &local);
    if (!run) return;
    const ModuleResult& r = *run;
    const ModuleSettings& m = s.module.settings;
    const HeadTrace& t = r.batches[0][0];
    if (s.step == 11 && m.module != AttentionModule::SelfAttentionV1) {
        Question q =
            make("linear-weight-shape", "nn.Linear(" + std::to_string(r.d_in) + ", " + std::to_string(m.d_out) +
                                            ") stores W_query.weight with which shape?");
        Choices c{&q};
        c.add(pair(m.d_out, r.d_in), true, "");
        c.add(pair(r.d_in, m.d_out), false,
              "That is v1's layout, torch.rand(d_in, d_out). nn.Linear stores (out_features, in_features) and "
              "computes x @ weight.T, which is why Exercise 3.1 copies weight.T into v1.");
        c.add(pair(r.d_in, r.d_in), false,
              "d_out is " + std::to_string(m.d_out) + ": the layer maps " + std::to_string(r.d_in) + " numbers to " +
                  std::to_string(m.d_out) + ".");
        q.answer = pair(m.d_out, r.d_in) + ": (d_out, d_in).";
        q.reason = "nn.Linear keeps one row per output; x @ weight.T gives the same x @ W as v1.";
        out->push_back(q);
    }
    if (s.step == 12 && t.weights_zero_masked.rows > 1) {
        const float leak = zero_mask_leak(t);
        Question q = make("zero-mask-leak",
                          "Plant the bug: masked_fill(mask, 0) instead of -inf, then softmax. How "
                          "much weight does row 0 (" +
                              label(s, 0) + ") then give the tokens after it?");
        Choices c{&q};
        c.add(fixed(leak, 2), true, "");
        c.add("0.00", false,
              "exp(0) = 1, not 0: a score of 0 still counts in softmax. Only exp(-inf) = 0 gives a weight of 0.");
        c.add("1.00", false, "Row 0 keeps weight on itself too: exp of its own score is in the sum.");
        q.answer = fixed(leak, 4) + " of row 0's weight goes to later tokens.";
        q.reason = "The filled scores are 0, and softmax gives each exp(0) = 1 a share: the future leaks in.";
        out->push_back(q);
    }
    if (s.step == 13 && t.has_dropout) {
        const int k = first_kept(t);
        if (k < 0) return;
        const float w = t.weights.data[size_t(k)], kept = t.weights_dropped.data[size_t(k)];
        const float p = float(m.dropout);
        Question q = make("dropout-kept", "Dropout with p = " + fixed(p, 2) + " keeps a weight of " + fixed(w) +
                                              ". What does it become?");
        Choices c{&q};
        c.add(fixed(kept), true, "");
        c.add(fixed(w), false,
              "Dropout also rescales what it keeps, by 1 / (1 - p), so a row's expected sum stays the same.");
        c.add(fixed(w * p), false,
              "That multiplies by p. The kept weights are divided by 1 - p = " + fixed(1 - p, 2) + ".");
        c.add("0.0000", false, "That is a dropped weight. This one was kept.");
        q.answer = fixed(kept) + " = " + fixed(w) + " / (1 - " + fixed(p, 2) + ").";
        q.reason = "Rows no longer sum to 1 after dropout; only their expected sum does.";
        out->push_back(q);
    }
    if (s.step == 14 && m.module == AttentionModule::MultiHeadWrapper) {
        Question q =
            make("wrapper-width", "The wrapper with d_out = " + std::to_string(m.d_out) + " per head and " +
                                      std::to_string(m.heads) + " heads: how many columns does its output have?");
        Choices c{&q};
        c.add(std::to_string(r.out_width), true, "");
        c.add(std::to_string(m.d_out), false,
              "That is one head's output; torch.cat puts the heads' outputs side by side.");
        c.add("1", false, "The wrapper's d_out is per head, not split across the heads as in MultiHeadAttention.");
        q.answer = std::to_string(r.out_width) + " = d_out x num_heads.";
        q.reason = "torch.cat([head(x) for head in self.heads], dim=-1) joins the heads along the last dim.";
        out->push_back(q);
    }
    if (s.step == 14 && m.module == AttentionModule::MultiHeadAttention) {
        Question q = make("head-dim", "d_out = " + std::to_string(m.d_out) + " split over num_heads = " +
                                          std::to_string(m.heads) + ": how wide is each head (head_dim)?");
        Choices c{&q};
        c.add(std::to_string(r.head_dim), true, "");
        c.add(std::to_string(m.d_out), false,
              "That is the wrapper's convention, where d_out is per head. MultiHeadAttention's d_out is the total.");
        c.add(std::to_string(m.d_out * m.heads), false,
              "d_out x num_heads is the wrapper's output width, not a head's.");
        q.answer = std::to_string(r.head_dim) + " = d_out // num_heads.";
        q.reason = "Scores are then divided by sqrt(head_dim), not sqrt(d_out).";
        out->push_back(q);
    }
}

}  // namespace attn
