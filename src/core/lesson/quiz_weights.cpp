// Predict-then-reveal questions for steps 5-10: which normalisation is sharper, what the naive
// softmax gives past the overflow, the context vector's size, the score matrix's shape and softmax
// dim, the sqrt(d_k) scaling and the causal mask. Every answer is computed from the state.
#include <cmath>

#include "core/lesson/lab.h"
#include "core/lesson/quiz_detail.h"
#include "core/lesson/scaling.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"

namespace attn::quiz_detail {
namespace {

std::string shape(int a, int b) {
    return "(" + std::to_string(a) + ", " + std::to_string(b) + ")";
}

Vector row_sums(const Matrix& m) {
    Vector sums(size_t(m.rows), 0.0f);
    for (int i = 0; i < m.rows; ++i)
        for (int j = 0; j < m.cols; ++j) sums[size_t(i)] += m.at(i, j);
    return sums;
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

Question sharper(const AttentionResult& r) {
    const float soft = r.weights_softmax[size_t(argmax(r.weights_softmax))];
    float sum_top = r.weights_sum.empty() ? 0 : r.weights_sum[0], total = 0;
    bool sum_ok = true;
    for (size_t i = 0; i < r.weights_sum.size(); ++i) {
        sum_ok = sum_ok && std::isfinite(r.weights_sum[i]) && r.weights_sum[i] >= 0;
        sum_top = std::fmax(sum_top, r.weights_sum[i]);
        total += r.lab_scores[i];
    }
    sum_ok = sum_ok && std::isfinite(total) && total > 0;
    const bool same = sum_ok && std::fabs(soft - sum_top) <= 1e-4f;
    const bool soft_sharper = !sum_ok || (!same && soft > sum_top);
    Question out = make("sharper", "Scores " + vec(r.lab_scores) +
                                       ": which normalisation gives the sharper distribution, "
                                       "with more weight on the top score?");
    Choices c{&out};
    c.add("softmax", soft_sharper,
          "Here softmax is the flatter one: its top weight is " + num(soft) + " against " + num(sum_top) + ".");
    c.add("divide by the sum", sum_ok && !same && !soft_sharper,
          sum_ok ? "Divide-by-sum keeps the scores' proportions (top weight " + num(sum_top) +
                       "); softmax exponentiates first, which widens the gaps (" + num(soft) + ")."
                 : "Divide-by-sum breaks here: the scores sum to " + num(total) + ", so its weights are " +
                       vec(r.weights_sum) + ".");
    c.add("neither: they give the same weights", same,
          "Both sum to 1, but they are different distributions: " + vec(r.weights_sum) + " against " +
              vec(r.weights_softmax) + ".");
    if (!sum_ok) {
        out.answer = "Softmax: divide-by-sum is not a distribution here.";
        out.reason = "The scores sum to " + num(total) + ", so dividing by the sum gives " + vec(r.weights_sum) +
                     "; softmax gives " + vec(r.weights_softmax) + ".";
    } else if (same) {
        out.answer = "Neither: both give a top weight of " + num(soft) + ".";
        out.reason = "Divide-by-sum " + vec(r.weights_sum) + ", softmax " + vec(r.weights_softmax) + ".";
    } else {
        out.answer = std::string(soft_sharper ? "Softmax" : "Divide by the sum") + ": its top weight is " +
                     num(soft_sharper ? soft : sum_top) + ", against " + num(soft_sharper ? sum_top : soft) + ".";
        out.reason = "Divide-by-sum keeps the proportions " + vec(r.weights_sum) +
                     "; softmax exponentiates first: " + vec(r.weights_softmax) + ".";
    }
    return out;
}

Question naive_overflow(const State& s, const AttentionResult& r) {
    const float scale = breaking_scale(r.scores);
    const SoftmaxLab lab = softmax_lab(r.scores, scale, s.tokens);
    const int top = argmax(r.scores);
    const float v = lab.naive[size_t(top)], exact = lab.stable[size_t(top)];
    const std::string kind = std::isnan(v) ? "nan" : std::isinf(v) ? "inf" : v == 0 ? "0" : "finite";
    Question out =
        make("naive-overflow", "Slide the scale to ×" + num(scale) + ": the scores become " + vec(lab.scores, 2) +
                                   ". What will the hand-written softmax give " + label(s, top) + "?");
    Choices c{&out};
    const std::string max_text = num(lab.max_score, 2);
    c.add(num(exact), kind == "finite" && std::fabs(v - exact) <= 1e-4f,
          "That is the exact answer, and torch.softmax gives it. But float32 cannot hold exp(" + max_text +
              "): it overflows to inf before the division.");
    c.add("nan", kind == "nan", "nan needs inf / inf or 0 / 0; here the naive weight is " + num(v) + ".");
    c.add("inf", kind == "inf",
          "exp(" + max_text +
              ") is inf, but the weight divides it by the sum of the exps, which is "
              "inf too: inf / inf = nan.");
    c.add("0", kind == "0", "0 is what a token with a finite exp gets when the sum is inf: finite / inf = 0.");
    if (kind == "finite" && std::fabs(v - exact) > 1e-4f) c.add(num(v), true, "");
    out.answer = num(v) + (kind == "nan" ? ": not a number." : ".");
    for (size_t i = 0; i < lab.explanation.size() && i < 2; ++i) out.reason += (i ? " " : "") + lab.explanation[i];
    return out;
}

Question context_size(const State& s, const AttentionResult& r) {
    const int n = s.inputs.rows, d = s.inputs.cols;
    Question out = make("context-size", "How many numbers will the context vector z = Σ weights[i] · inputs[i] hold?");
    Choices c{&out};
    c.add(std::to_string(d), true, "");
    c.add(std::to_string(n), false,
          std::to_string(n) + " is the number of weights, one per token. z adds up " + std::to_string(n) +
              " scaled input vectors of " + std::to_string(d) + " numbers each.");
    c.add("1", false, "A dot product gives one number, but z is a weighted sum of vectors, so it is a vector.");
    c.add(std::to_string(n * d), false, "That keeps every scaled input apart; the sum adds them into one vector.");
    out.answer = std::to_string(d) + ": z = " + vec(r.context) + ".";
    out.reason = "z adds " + std::to_string(n) + " vectors of " + std::to_string(d) + " numbers into one vector of " +
                 std::to_string(d) + ", the size of an input embedding.";
    return out;
}

Question matrix_shape(const State& s) {
    const int n = s.inputs.rows, d = s.inputs.cols;
    Question out = make("matrix-shape", "inputs is " + shape(n, d) + ". What shape does inputs @ inputs.T have?");
    Choices c{&out};
    c.add(shape(n, n), true, "");
    c.add(shape(n, d), false,
          "That is the shape of inputs itself; @ inputs.T multiplies " + shape(n, d) + " by " + shape(d, n) + ".");
    c.add(shape(d, d), false, "That is inputs.T @ inputs, which compares dimensions, not tokens.");
    c.add("(" + std::to_string(n) + ",)", false,
          "That is one query's scores; the matrix holds one such row per query.");
    out.answer = shape(n, n) + ": one row per query, one column per token.";
    out.reason = shape(n, d) + " @ " + shape(d, n) + " -> " + shape(n, n) + ": the inner size " + std::to_string(d) +
                 " is summed over and disappears.";
    return out;
}

Question softmax_dim(const State& s, const AttentionResult& r) {
    Matrix scores = r.score_matrix;
    for (float& x : scores.data) x *= s.lab_scale;
    const Vector by_row = row_sums(normalize_rows(scores, Norm::Softmax));
    const Vector by_col = row_sums(softmax_columns(scores));
    const bool row_ok = all_one(by_row), col_ok = all_one(by_col);
    Question out = make("softmax-dim", "Which call makes each row of the weights (one row per query) sum to 1?");
    Choices c{&out};
    c.add("torch.softmax(attn_scores, dim=-1)", row_ok,
          "Here dim=-1 does not give rows summing to 1: " + vec(by_row) + ".");
    c.add("torch.softmax(attn_scores, dim=0)", col_ok && !row_ok,
          "dim=0 runs down each column: the columns sum to 1, and the rows sum to " + vec(by_col) + ".");
    c.add("either: softmax is the same along any dim", row_ok && col_ok,
          "The result depends on dim: with dim=0 the row sums are " + vec(by_col) + ".");
    out.answer = "dim=-1: the row sums are " + vec(by_row) + ".";
    out.reason = "dim names the dimension softmax normalises along; -1 is the last one, across the columns of one row.";
    return out;
}

bool scaling_sharpness(const State& s, Question* q_out) {
    const ScalingTable t = scaling_table(s);
    if (!t.error.empty() || t.rows.size() < 2) return false;
    const ScalingRow& a = t.rows.front();
    const ScalingRow& b = t.rows.back();
    const float delta = b.max_unscaled - a.max_unscaled;
    const int trend = delta > 0.02f ? 1 : delta < -0.02f ? -1 : 0;
    const int visible = s.causal ? s.query + 1 : s.inputs.rows;
    Question out = make("scaling-sharpness",
                        "Without the division by sqrt(d_k), what happens to the largest weight as d_out "
                        "grows from " +
                            std::to_string(a.d_out) + " to " + std::to_string(b.d_out) + "?");
    Choices c{&out};
    const std::string spread =
        "the spread of the scores goes from " + num(a.score_spread, 2) + " to " + num(b.score_spread, 2);
    c.add("It grows toward 1: softmax gets sharper", trend > 0,
          "Here it does not: " + spread + ", and the top weight goes from " + num(a.max_unscaled) + " to " +
              num(b.max_unscaled) + ".");
    c.add("It stays about the same", trend == 0,
          "The weights would stay put only if the scores did, but " + spread + ".");
    c.add("It shrinks toward 1/" + std::to_string(visible) + ": softmax gets flatter", trend < 0,
          "More dimensions add more products to every score, so the gaps grow: " + spread + ".");
    out.answer = "It goes from " + num(a.max_unscaled) + " to " + num(b.max_unscaled) + ".";
    out.reason = "Larger gaps between scores make softmax sharper: " + spread +
                 ". Divided by sqrt(d_k), the top weight goes from " + num(a.max_scaled) + " to " + num(b.max_scaled) +
                 ".";
    *q_out = out;
    return true;
}

Question causal_count(const State& s) {
    const int n = s.inputs.rows, q = s.query;
    Vector masked = score_vector_loop(s.inputs, q);
    apply_causal_mask(masked, q);
    int visible = 0;
    std::string names;
    for (int j = 0; j < n; ++j)
        if (std::isfinite(masked[size_t(j)])) {
            ++visible;
            if (visible <= 8) names += (names.empty() ? "" : ", ") + label(s, j);
        }
    if (visible > 8) names += ", …";
    Question out = make("causal-count", "With the causal mask, how many tokens can inputs[" + std::to_string(q) +
                                            "] (" + label(s, q) + ") attend to?");
    Choices c{&out};
    c.add(std::to_string(visible), true, "");
    c.add(std::to_string(q), false,
          "That leaves out the token itself. The mask hides only later tokens; the diagonal stays.");
    c.add(std::to_string(n), false,
          "That is without the mask. The " + std::to_string(n - q - 1) + " tokens after position " + std::to_string(q) +
              " are hidden.");
    c.add("1", false,
          "Only the first token sees just itself; inputs[" + std::to_string(q) + "] also sees the tokens before it.");
    out.answer = std::to_string(visible) + ": " + names + ".";
    out.reason = "Positions 0.." + std::to_string(q) + " are the token itself and the earlier ones; the " +
                 std::to_string(n - visible) + " later scores become -inf, weight 0.";
    return out;
}

}  // namespace attn::quiz_detail
