// One function per question. Each computes its answer from the state's results, then lists the
// choices a learner is likely to pick, each with the mistake that leads there.
#include "core/quiz.h"

#include <algorithm>
#include <cmath>

#include "core/lesson_format.h"
#include "core/lesson_lab.h"
#include "core/lesson_scaling.h"
#include "core/normalize.h"
#include "core/scores.h"

namespace attn {
namespace {

// Builds the choice list, merging choices whose text coincides for this data (a merged choice is
// correct if any of its parts is).
struct Choices {
    Question* q;
    void add(const std::string& text, bool correct, const std::string& mistake) {
        for (size_t i = 0; i < q->choices.size(); ++i)
            if (q->choices[i] == text) {
                if (correct) q->correct[i] = true, q->mistakes[i].clear();
                return;
            }
        if (q->choices.size() > size_t(kMaxChoiceIndex)) return;
        q->choices.push_back(text);
        q->correct.push_back(correct);
        q->mistakes.push_back(correct ? "" : mistake);
    }
};

Question make(const char* id, std::string prompt) {
    Question q;
    q.id = id;
    q.prompt = std::move(prompt);
    return q;
}

std::string label(const State& s, int i) { return quoted(s.tokens[size_t(i)]); }
std::string row(const State& s, int i) { return vec(s.inputs.row(i), s.inputs.cols); }

// "Token 1" for the built-in "token 1" labels, else "\"journey\" (position 1)".
std::string token_name(const State& s, int i) {
    const std::string& t = s.tokens[size_t(i)];
    if (t == "token " + std::to_string(i)) return "Token " + std::to_string(i);
    return quoted(t) + " (position " + std::to_string(i) + ")";
}

// At most kMaxChoiceIndex + 1 tokens, a window that contains `center`.
std::pair<int, int> token_window(int n, int center) {
    const int size = std::min(n, kMaxChoiceIndex + 1);
    const int lo = std::clamp(center - size / 2, 0, n - size);
    return {lo, lo + size};
}

float dot_of(const State& s, int i, int j) {
    float total = 0;
    for (int k = 0; k < s.inputs.cols; ++k) total += s.inputs.at(i, k) * s.inputs.at(j, k);
    return total;
}

int argmax(const Vector& v) {
    int best = 0;
    for (size_t i = 1; i < v.size(); ++i)
        if (v[i] > v[size_t(best)]) best = int(i);
    return best;
}

Question which_token(const State& s) {
    const int q = s.query, n = s.inputs.rows;
    Question out = make("which-token", "query = inputs[" + std::to_string(q) + "] picks which token?");
    Choices c{&out};
    const auto [lo, hi] = token_window(n, q);
    for (int i = lo; i < hi; ++i) {
        std::string mistake = "inputs[" + std::to_string(q) + "] is the token at position " + std::to_string(q) + "; " +
                              label(s, i) + " is at position " + std::to_string(i) + ".";
        if (i == q - 1)
            mistake = "That is counting from one. Positions start at 0, so inputs[" + std::to_string(q) + "] is the " +
                      ordinal_word(q + 1) + " token, not the " + ordinal_word(q) + ".";
        c.add("the " + ordinal_word(i + 1) + " token, " + label(s, i) + " = " + row(s, i), i == q, mistake);
    }
    out.answer = "The " + ordinal_word(q + 1) + " token, " + label(s, q) + " = " + row(s, q) + ".";
    out.reason = "Positions count from zero: inputs[0] is the first token, so inputs[" + std::to_string(q) + "] is the " +
                 ordinal_word(q + 1) + ".";
    return out;
}

Question dot_value(const State& s) {
    const int q = s.query, d = s.inputs.cols;
    const float* x = s.inputs.row(0);
    const float* y = s.inputs.row(q);
    const float value = dot_of(s, 0, q);
    Vector products(static_cast<size_t>(d));
    float sum_x = 0, sum_y = 0;
    for (int k = 0; k < d; ++k) products[size_t(k)] = x[k] * y[k], sum_x += x[k], sum_y += y[k];
    Question out = make("dot-value", "What does torch.dot(inputs[0], query) = torch.dot(" + row(s, 0) + ", " + row(s, q) + ") give?");
    Choices c{&out};
    c.add(vec(products), false, "Those are the element-wise products. A dot product adds them into one number.");
    c.add(num(sum_x + sum_y), false, "That adds every element. A dot product multiplies matching elements first, then adds "
                                     "the products: " + dot_terms(x, y, d) + ".");
    c.add(num(value), true, "");
    c.add(num(sum_x * sum_y), false, "That multiplies the two sums. A dot product multiplies pair by pair, then adds: " +
                                         dot_terms(x, y, d) + ".");
    out.answer = num(value) + ".";
    out.reason = dot_terms(x, y, d) + " = " + num(value) + ": multiply matching elements, then add the products.";
    return out;
}

Question count_scores(const State& s) {
    const int n = s.inputs.rows, q = s.query;
    Question out = make("count-scores", "The loop runs over " + std::to_string(n) + " tokens with inputs[" + std::to_string(q) +
                                     "] as the query. How many scores will it produce?");
    Choices c{&out};
    c.add(std::to_string(n - 1), false, "That skips the query. The query is one of the inputs and is compared with itself "
                                        "too: one score per token.");
    c.add(std::to_string(n), true, "");
    c.add(std::to_string(n * n), false, "That is every pair of tokens: the score matrix of all queries at once (step 8). "
                                        "One query gives one row of it.");
    out.answer = std::to_string(n) + ": one per input token, the query included.";
    out.reason = "torch.empty(inputs.shape[0]) reserves " + std::to_string(n) +
                 " slots, and the loop fills each with one dot product.";
    return out;
}

Question highest_score(const State& s, const AttentionResult& r) {
    const int q = s.query, n = s.inputs.rows, d = s.inputs.cols;
    const int best = argmax(r.scores);
    const float top = r.scores[size_t(best)];
    Question out = make("highest-score", "Using " + label(s, q) + " = " + row(s, q) +
                                      " as the query, which token will get the highest score?");
    Choices c{&out};
    const auto [lo, hi] = token_window(n, best);
    for (int i = lo; i < hi; ++i) {
        const float si = r.scores[size_t(i)];
        std::string mistake = label(s, i) + " scores " + dot_terms(s.inputs.row(i), s.inputs.row(q), d) + " = " + num(si) +
                              ", less than " + num(top) + ".";
        if (best == q && i != q) mistake = "The query is compared with itself too, and here its own score is the largest. " + mistake;
        c.add(label(s, i) + " " + row(s, i), si == top, mistake);
    }
    out.answer = token_name(s, best) + ", with a score of " + num(top) + ".";
    if (best == q) {
        Vector others;
        for (int i = 0; i < n; ++i)
            if (i != q) others.push_back(r.scores[size_t(i)]);
        out.reason = label(s, q) + " is the query itself: " + dot_terms(s.inputs.row(q), s.inputs.row(q), d) + " = " +
                     num(top) + (others.empty() ? "." : ". The others score " + vec(others) + ".");
    } else {
        out.reason = label(s, best) + " lines up best with the query: " +
                     dot_terms(s.inputs.row(best), s.inputs.row(q), d) + " = " + num(top) + ", more than the query's own " +
                     num(r.scores[size_t(q)]) + ".";
    }
    return out;
}

Question lowest_meaning(const State& s, const AttentionResult& r) {
    const int q = s.query, d = s.inputs.cols;
    int t = 0;
    for (size_t i = 1; i < r.scores.size(); ++i)
        if (r.scores[i] < r.scores[size_t(t)]) t = int(i);
    const float score = r.scores[size_t(t)];
    const int sign = std::fabs(score) <= 1e-6f ? 0 : (score > 0 ? 1 : -1);
    const std::string sign_meaning = sign > 0   ? "a positive score: the vectors share some direction"
                                     : sign < 0 ? "a negative score: the vectors point apart"
                                                : "zero: the products cancel, the vectors are at right angles";
    Question out = make("lowest-meaning", label(s, t) + " scores " + num(score) + " against the query " + label(s, q) +
                                       ". What does that say?");
    Choices c{&out};
    c.add(label(s, t) + " points away from " + label(s, q), sign < 0, "The sign says otherwise: " + num(score) + " is " + sign_meaning + ".");
    c.add(label(s, t) + " is at right angles to " + label(s, q) + ": the products cancel", sign == 0,
          "The sign says otherwise: " + num(score) + " is " + sign_meaning + ".");
    c.add(label(s, t) + " still points partly the same way, less than the others", sign > 0,
          "The sign says otherwise: " + num(score) + " is " + sign_meaning + ".");
    c.add("Nothing: " + num(score) + " is just a number, lower than the others", false,
          "A score is not just a number: its sign and size say how the two vectors line up. Compare it with the "
          "other scores of the same query.");
    out.answer = sign < 0 ? label(s, t) + " points away from the query." : sign == 0 ? label(s, t) + " is at right angles to the query."
                                                                                      : label(s, t) + " still shares some direction with the query.";
    out.reason = "Its products with the query, " + dot_terms(s.inputs.row(q), s.inputs.row(t), d) + ", sum to " +
                 num(score) + ", " + sign_meaning + ".";
    return out;
}

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
    Question out = make("sharper", "Scores " + vec(r.lab_scores) + ": which normalisation gives the sharper distribution, "
                                                            "with more weight on the top score?");
    Choices c{&out};
    c.add("softmax", soft_sharper, "Here softmax is the flatter one: its top weight is " + num(soft) + " against " +
                                       num(sum_top) + ".");
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
        out.reason = "Divide-by-sum keeps the proportions " + vec(r.weights_sum) + "; softmax exponentiates first: " +
                     vec(r.weights_softmax) + ".";
    }
    return out;
}

Question naive_overflow(const State& s, const AttentionResult& r) {
    const float scale = breaking_scale(r.scores);
    const SoftmaxLab lab = softmax_lab(r.scores, scale, s.tokens);
    const int top = argmax(r.scores);
    const float v = lab.naive[size_t(top)], exact = lab.stable[size_t(top)];
    const std::string kind = std::isnan(v) ? "nan" : std::isinf(v) ? "inf" : v == 0 ? "0" : "finite";
    Question out = make("naive-overflow", "Slide the scale to ×" + num(scale) + ": the scores become " + vec(lab.scores, 2) +
                                       ". What will the hand-written softmax give " + label(s, top) + "?");
    Choices c{&out};
    const std::string max_text = num(lab.max_score, 2);
    c.add(num(exact), kind == "finite" && std::fabs(v - exact) <= 1e-4f,
          "That is the exact answer, and torch.softmax gives it. But float32 cannot hold exp(" + max_text +
              "): it overflows to inf before the division.");
    c.add("nan", kind == "nan", "nan needs inf / inf or 0 / 0; here the naive weight is " + num(v) + ".");
    c.add("inf", kind == "inf", "exp(" + max_text + ") is inf, but the weight divides it by the sum of the exps, which is "
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
    c.add(std::to_string(n), false, std::to_string(n) + " is the number of weights, one per token. z adds up " +
                                        std::to_string(n) + " scaled input vectors of " + std::to_string(d) + " numbers each.");
    c.add("1", false, "A dot product gives one number, but z is a weighted sum of vectors, so it is a vector.");
    c.add(std::to_string(n * d), false, "That keeps every scaled input apart; the sum adds them into one vector.");
    out.answer = std::to_string(d) + ": z = " + vec(r.context) + ".";
    out.reason = "z adds " + std::to_string(n) + " vectors of " + std::to_string(d) + " numbers into one vector of " +
                 std::to_string(d) + ", the size of an input embedding.";
    return out;
}

std::string shape(int a, int b) { return "(" + std::to_string(a) + ", " + std::to_string(b) + ")"; }

Question matrix_shape(const State& s) {
    const int n = s.inputs.rows, d = s.inputs.cols;
    Question out = make("matrix-shape", "inputs is " + shape(n, d) + ". What shape does inputs @ inputs.T have?");
    Choices c{&out};
    c.add(shape(n, n), true, "");
    c.add(shape(n, d), false, "That is the shape of inputs itself; @ inputs.T multiplies " + shape(n, d) + " by " +
                                  shape(d, n) + ".");
    c.add(shape(d, d), false, "That is inputs.T @ inputs, which compares dimensions, not tokens.");
    c.add("(" + std::to_string(n) + ",)", false, "That is one query's scores; the matrix holds one such row per query.");
    out.answer = shape(n, n) + ": one row per query, one column per token.";
    out.reason = shape(n, d) + " @ " + shape(d, n) + " -> " + shape(n, n) + ": the inner size " + std::to_string(d) +
                 " is summed over and disappears.";
    return out;
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

Question softmax_dim(const State& s, const AttentionResult& r) {
    Matrix scores = r.score_matrix;
    for (float& x : scores.data) x *= s.lab_scale;
    const Vector by_row = row_sums(normalize_rows(scores, Norm::Softmax));
    const Vector by_col = row_sums(softmax_columns(scores));
    const bool row_ok = all_one(by_row), col_ok = all_one(by_col);
    Question out = make("softmax-dim", "Which call makes each row of the weights (one row per query) sum to 1?");
    Choices c{&out};
    c.add("torch.softmax(attn_scores, dim=-1)", row_ok, "Here dim=-1 does not give rows summing to 1: " + vec(by_row) + ".");
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
    Question out = make("scaling-sharpness", "Without the division by sqrt(d_k), what happens to the largest weight as d_out "
                                      "grows from " + std::to_string(a.d_out) + " to " + std::to_string(b.d_out) + "?");
    Choices c{&out};
    const std::string spread = "the spread of the scores goes from " + num(a.score_spread, 2) + " to " + num(b.score_spread, 2);
    c.add("It grows toward 1: softmax gets sharper", trend > 0,
          "Here it does not: " + spread + ", and the top weight goes from " + num(a.max_unscaled) + " to " + num(b.max_unscaled) + ".");
    c.add("It stays about the same", trend == 0,
          "The weights would stay put only if the scores did, but " + spread + ".");
    c.add("It shrinks toward 1/" + std::to_string(visible) + ": softmax gets flatter", trend < 0,
          "More dimensions add more products to every score, so the gaps grow: " + spread + ".");
    out.answer = "It goes from " + num(a.max_unscaled) + " to " + num(b.max_unscaled) + ".";
    out.reason = "Larger gaps between scores make softmax sharper: " + spread + ". Divided by sqrt(d_k), the top weight goes from " +
                 num(a.max_scaled) + " to " + num(b.max_scaled) + ".";
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
    Question out = make("causal-count", "With the causal mask, how many tokens can inputs[" + std::to_string(q) + "] (" +
                                     label(s, q) + ") attend to?");
    Choices c{&out};
    c.add(std::to_string(visible), true, "");
    c.add(std::to_string(q), false, "That leaves out the token itself. The mask hides only later tokens; the diagonal stays.");
    c.add(std::to_string(n), false, "That is without the mask. The " + std::to_string(n - q - 1) +
                                        " tokens after position " + std::to_string(q) + " are hidden.");
    c.add("1", false, "Only the first token sees just itself; inputs[" + std::to_string(q) + "] also sees the tokens before it.");
    out.answer = std::to_string(visible) + ": " + names + ".";
    out.reason = "Positions 0.." + std::to_string(q) + " are the token itself and the earlier ones; the " +
                 std::to_string(n - visible) + " later scores become -inf, weight 0.";
    return out;
}

}  // namespace

std::vector<Question> step_questions(const State& s, const AttentionResult& r) {
    std::vector<Question> out;
    switch (s.step) {
        case 1: out.push_back(which_token(s)); break;
        case 2: out.push_back(dot_value(s)); break;
        case 3: out.push_back(count_scores(s)), out.push_back(highest_score(s, r)); break;
        case 4: out.push_back(lowest_meaning(s, r)); break;
        case 5: out.push_back(sharper(r)); break;
        case 6: out.push_back(naive_overflow(s, r)); break;
        case 7: out.push_back(context_size(s, r)); break;
        case 8: out.push_back(matrix_shape(s)), out.push_back(softmax_dim(s, r)); break;
        case 9: {
            Question q;
            if (scaling_sharpness(s, &q)) out.push_back(q);
            break;
        }
        case 10: out.push_back(causal_count(s)); break;
        default: break;
    }
    return out;
}

RevealResult reveal_answer(const Question& question, int choice) {
    RevealResult out;
    out.answer = question.answer;
    out.reason = question.reason;
    if (choice < 0 || size_t(choice) >= question.choices.size()) {
        out.verdict = "Pick an answer first.";
        return out;
    }
    out.answered = true;
    out.correct = question.correct[size_t(choice)];
    out.verdict = out.correct ? "Right." : "Not quite.";
    if (!out.correct) out.mistake = question.mistakes[size_t(choice)];
    return out;
}

}  // namespace attn
