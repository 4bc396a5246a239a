// The question kinds of steps 5-10: which normalisation is sharper, what the naive
// softmax gives past the overflow, the context vector's size, the score matrix's shape and softmax
// dim, the sqrt(d_k) scaling and the causal mask. Every answer is computed from the state.
#include <cmath>

#include "core/lesson/lab.h"
#include "core/lesson/lesson_entry.h"
#include "core/lesson/quiz_detail.h"
#include "core/lesson/scaling.h"
#include "core/lesson/sharpness.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"

namespace attn::quiz_detail {
namespace {

std::string shape(int a, int b) {
    return "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
}

bool all_one(const Vector& v) {
    for (float x : v)
        if (!(std::fabs(x - 1.0f) <= 1e-4f)) return false;
    return true;
}

// softmax(scores, dim=0): each column normalised.
Matrix softmax_columns(const Matrix& scores) {
    Matrix t(scores.cols, scores.rows);
    for (int i = 0; i < scores.rows; ++i)
        for (int j = 0; j < scores.cols; ++j) t.at(j, i) = scores.at(i, j);
    const Matrix w = normalize_rows(t, Norm::Softmax);
    Matrix out(scores.rows, scores.cols);
    for (int i = 0; i < scores.rows; ++i)
        for (int j = 0; j < scores.cols; ++j) out.at(i, j) = w.at(j, i);
    return out;
}

}  // namespace

ATTN_LESSON_ENTRY bool sharper(const QuizContext& c, Question* out) {
    const AttentionResult& r = c.r;
    const Sharpness k = compare_sharpness(r);
    const float soft = k.softmax_top, sum_top = k.sum_top, total = k.total;
    const bool sum_ok = k.sharper != Sharper::SumBreaks, same = k.sharper == Sharper::Same;
    const bool soft_sharper = k.sharper == Sharper::Softmax || k.sharper == Sharper::SumBreaks;
    Ask a(c, "sharper");
    a.q.prompt = a.say("prompt", {{"scores", vec(r.lab_scores)}});
    // On a tie neither is sharper or flatter: a wrong pick of either hears that both give the same.
    const std::string tie = a.say("answer-same", {{"top", num(soft)}});
    a.add(a.say("softmax"), soft_sharper,
          same ? tie : a.say("softmax.why", {{"softmax_top", num(soft)}, {"sum_top", num(sum_top)}}),
          "softmax-always-sharper");
    a.add(a.say("divide"), sum_ok && !same && !soft_sharper,
          same     ? tie
          : sum_ok ? a.say("divide.why", {{"sum_top", num(sum_top)}, {"softmax_top", num(soft)}})
                   : a.say("divide-breaks.why", {{"sum", num(total)}, {"weights", vec(r.weights_sum)}}),
          "division-is-sharper");
    a.add(a.say("same"), same, a.say("same.why", {{"by_sum", vec(r.weights_sum)}, {"softmax", vec(r.weights_softmax)}}),
          "normalisations-are-equal");
    const std::string sum_text = num(total), by_sum = vec(r.weights_sum), softmax = vec(r.weights_softmax);
    const std::string top = num(soft);
    const TemplateArgs values = {{"sum", sum_text}, {"by_sum", by_sum}, {"softmax", softmax}, {"top", top}};
    if (!sum_ok) {
        a.q.answer = a.say("answer-sum-breaks");
        a.q.reason = a.say("reason-sum-breaks", values);
    } else if (same) {
        a.q.answer = a.say("answer-same", values);
        a.q.reason = a.say("reason-same", values);
    } else {
        a.q.answer =
            a.say(soft_sharper ? "answer-softmax" : "answer-divide",
                  {{"top", num(soft_sharper ? soft : sum_top)}, {"other", num(soft_sharper ? sum_top : soft)}});
        a.q.reason = a.say("reason", values);
    }
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool naive_overflow(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const AttentionResult& r = c.r;
    const float scale = breaking_scale(r.scores);
    const SoftmaxLab lab = softmax_lab(c.t, r.scores, scale, s.tokens);
    const int top = argmax(r.scores);
    const float v = lab.naive[size_t(top)], exact = lab.stable[size_t(top)];
    const std::string kind = std::isnan(v) ? "nan" : std::isinf(v) ? "inf" : v == 0 ? "0" : "finite";
    Ask a(c, "naive-overflow");
    a.q.prompt =
        a.say("prompt", {{"scale", num(scale)}, {"scores", vec(lab.scores, 2)}, {"label", label(c.t, s, top)}});
    const std::string max_text = num(lab.max_score, 2);
    // exp(max) may fit while the sum of the exps does not (scores just under the limit, tied):
    // then saying "exp(max) is inf" is false, and the sum is what overflowed. Or nothing overflows
    // (scores too small to break within the slider's range): "inf" is then wrong for that reason.
    // (The exact answer is then right, and its text is never shown.)
    const bool sum_only = std::isfinite(lab.exps[size_t(top)]) && std::isinf(lab.exp_sum);
    const bool fits = std::isfinite(lab.exp_sum);
    a.add(num(exact), kind == "finite" && std::fabs(v - exact) <= 1e-4f,
          a.say((std::string(sum_only ? "sum-" : "") + "exact.why").c_str(), {{"max", max_text}}), "float32-is-exact");
    a.add("nan", kind == "nan", a.say("nan.why", {{"weight", num(v)}}), "float32-is-exact");
    a.add("inf", kind == "inf",
          a.say((std::string(sum_only ? "sum-"
                             : fits   ? "fits-"
                                      : "") +
                 "inf.why")
                    .c_str(),
                {{"max", max_text}, {"weight", num(v)}}),
          "float32-is-exact");
    a.add("0", kind == "0", a.say("zero.why"), "float32-is-exact");
    if (kind == "finite" && std::fabs(v - exact) > 1e-4f) a.add(num(v), true, "", "");
    a.q.answer = a.say(kind == "nan" ? "answer-nan" : "answer", {{"weight", num(v)}});
    // The rule, not the case: the lab's own lines (the widget shows them at the reveal) say where
    // it broke, and a reason made of them said it twice (a learner's walk).
    // Scores too small to break it within the slider's range: the lab's own "both agree" line.
    const bool broke = !(kind == "finite" && std::fabs(v - exact) <= 1e-4f);
    const std::string limit = num(exp_overflow_threshold(), 2);
    a.q.reason = broke ? a.say("reason", {{"threshold", limit}}) : c.t.say("lab.agree", {{"threshold", limit}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool context_size(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const int n = s.inputs.rows, d = s.inputs.cols;
    Ask a(c, "context-size");
    a.q.prompt = a.say("prompt");
    a.add(std::to_string(d), true, "", "");
    a.add(std::to_string(n), false, a.say("weights.why", {{"n", n}, {"d", d}}), "context-is-the-weights");
    a.add("1", false, a.say("one.why"), "context-is-a-score");
    a.add(std::to_string(n * d), false, a.say("all.why"), "context-keeps-every-input");
    a.q.answer = a.say("answer", {{"d", d}, {"z", vec(c.r.context)}});
    a.q.reason = a.say("reason", {{"n", n}, {"d", d}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool matrix_shape(const QuizContext& c, Question* out) {
    const int n = c.s.inputs.rows, d = c.s.inputs.cols;
    Ask a(c, "matrix-shape");
    a.q.prompt = a.say("prompt", {{"shape", shape(n, d)}});
    a.add(shape(n, n), true, "", "");
    a.add(shape(n, d), false, a.say("inputs.why", {{"shape", shape(n, d)}, {"transposed", shape(d, n)}}),
          "matmul-keeps-shape");
    a.add(shape(d, d), false, a.say("gram.why"), "xtx-compares-tokens");
    a.add("(" + std::to_string(n) + ",)", false, a.say("row.why"), "one-query-is-the-matrix");
    a.q.answer = a.say("answer", {{"shape", shape(n, n)}});
    a.q.reason =
        a.say("reason", {{"inputs", shape(n, d)}, {"transposed", shape(d, n)}, {"result", shape(n, n)}, {"d", d}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool softmax_dim(const QuizContext& c, Question* out) {
    Matrix scores = c.r.score_matrix;
    for (float& x : scores.data) x *= c.s.lab_scale;
    const Vector by_row = row_sums(normalize_rows(scores, Norm::Softmax));
    const Vector by_col = row_sums(softmax_columns(scores));
    const bool row_ok = all_one(by_row), col_ok = all_one(by_col);
    Ask a(c, "softmax-dim");
    a.q.prompt = a.say("prompt");
    a.add("torch.softmax(attn_scores, dim=-1)", row_ok, a.say("last.why", {{"sums", vec(by_row)}}), "wrong-dimension");
    a.add("torch.softmax(attn_scores, dim=0)", col_ok && !row_ok, a.say("first.why", {{"sums", vec(by_col)}}),
          "wrong-dimension");
    a.add(a.say("either"), row_ok && col_ok, a.say("either.why", {{"sums", vec(by_col)}}), "dim-does-not-matter");
    a.q.answer = a.say("answer", {{"sums", vec(by_row)}});
    a.q.reason = a.say("reason");
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool scaling_sharpness(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const ScalingTable t = scaling_table(c.t, s);
    if (!t.error.empty() || t.rows.size() < 2) return false;
    const ScalingRow& lo = t.rows.front();
    const ScalingRow& hi = t.rows.back();
    const float delta = hi.max_unscaled - lo.max_unscaled;
    const int trend = delta > 0.02f ? 1 : delta < -0.02f ? -1 : 0;
    const int visible = s.causal ? s.query + 1 : s.inputs.rows;
    Ask a(c, "scaling-sharpness");
    a.q.prompt = a.say("prompt", {{"d_small", lo.d_out}, {"d_large", hi.d_out}});
    const std::string spread =
        a.say("spread", {{"small", num(lo.score_spread, 2)}, {"large", num(hi.score_spread, 2)}});
    a.add(a.say("sharper"), trend > 0,
          a.say("sharper.why", {{"spread", spread}, {"small", num(lo.max_unscaled)}, {"large", num(hi.max_unscaled)}}),
          "scores-do-not-grow-with-d");
    a.add(a.say("same"), trend == 0, a.say("same.why", {{"spread", spread}}), "scores-do-not-grow-with-d");
    a.add(a.say("flatter", {{"visible", visible}}), trend < 0, a.say("flatter.why", {{"spread", spread}}),
          "scores-do-not-grow-with-d");
    a.q.answer = a.say("answer", {{"small", num(lo.max_unscaled)}, {"large", num(hi.max_unscaled)}});
    a.q.reason = a.say(
        "reason", {{"spread", spread}, {"scaled_small", num(lo.max_scaled)}, {"scaled_large", num(hi.max_scaled)}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool causal_count(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const int n = s.inputs.rows, q = s.query;
    Vector masked = score_vector_loop(s.inputs, q);
    apply_causal_mask(masked, q);
    int visible = 0;
    std::string names;
    for (int j = 0; j < n; ++j)
        if (std::isfinite(masked[size_t(j)])) {
            ++visible;
            if (visible <= 8) names += (names.empty() ? "" : ", ") + label(c.t, s, j);
        }
    if (visible > 8) names += ", …";
    Ask a(c, "causal-count");
    a.q.prompt = a.say("prompt", {{"q", q}, {"label", label(c.t, s, q)}});
    a.add(std::to_string(visible), true, "", "");
    a.add(std::to_string(q), false, a.say("without-itself.why"), "mask-hides-the-diagonal");
    // (One later token is "the token", not "the 1 tokens": a teacher read it so.)
    const int later = n - q - 1, hidden = n - visible;
    a.add(std::to_string(n), false,
          a.say(later == 1 ? "unmasked.why.one" : "unmasked.why", {{"n", n}, {"later", later}, {"q", q}}),
          "mask-changes-nothing");
    a.add("1", false, a.say("only-itself.why", {{"q", q}}), "mask-hides-the-past");
    a.q.answer = a.say("answer", {{"visible", visible}, {"names", names}});
    a.q.reason = a.say(hidden == 1 ? "reason.one" : "reason", {{"q", q}, {"hidden", hidden}});
    *out = a.q;
    return true;
}

}  // namespace attn::quiz_detail
