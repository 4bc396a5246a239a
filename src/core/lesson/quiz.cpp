// One function per question (steps 1-4 here, 5-10 in quiz_weights.cpp). Each computes its answer
// from the state's results, then lists the choices a learner is likely to pick, each with the
// mistake that leads there.
#include "core/lesson/quiz.h"

#include <cmath>

#include "core/lesson/chapter_steps.h"
#include "core/lesson/quiz_detail.h"

namespace attn {

using namespace quiz_detail;

namespace {

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
    out.reason = "Positions count from zero: inputs[0] is the first token, so inputs[" + std::to_string(q) +
                 "] is the " + ordinal_word(q + 1) + ".";
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
    Question out = make(
        "dot-value", "What does torch.dot(inputs[0], query) = torch.dot(" + row(s, 0) + ", " + row(s, q) + ") give?");
    Choices c{&out};
    c.add(vec(products), false, "Those are the element-wise products. A dot product adds them into one number.");
    c.add(num(sum_x + sum_y), false,
          "That adds every element. A dot product multiplies matching elements first, then adds "
          "the products: " +
              dot_terms(x, y, d) + ".");
    c.add(num(value), true, "");
    c.add(
        num(sum_x * sum_y), false,
        "That multiplies the two sums. A dot product multiplies pair by pair, then adds: " + dot_terms(x, y, d) + ".");
    out.answer = num(value) + ".";
    out.reason = dot_terms(x, y, d) + " = " + num(value) + ": multiply matching elements, then add the products.";
    return out;
}

Question count_scores(const State& s) {
    const int n = s.inputs.rows, q = s.query;
    Question out = make("count-scores", "The loop runs over " + std::to_string(n) + " tokens with inputs[" +
                                            std::to_string(q) + "] as the query. How many scores will it produce?");
    Choices c{&out};
    c.add(std::to_string(n - 1), false,
          "That skips the query. The query is one of the inputs and is compared with itself "
          "too: one score per token.");
    c.add(std::to_string(n), true, "");
    c.add(std::to_string(n * n), false,
          "That is every pair of tokens: the score matrix of all queries at once (step 8). "
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
        std::string mistake = label(s, i) + " scores " + dot_terms(s.inputs.row(i), s.inputs.row(q), d) + " = " +
                              num(si) + ", less than " + num(top) + ".";
        if (best == q && i != q)
            mistake = "The query is compared with itself too, and here its own score is the largest. " + mistake;
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
        out.reason = label(s, best) +
                     " lines up best with the query: " + dot_terms(s.inputs.row(best), s.inputs.row(q), d) + " = " +
                     num(top) + ", more than the query's own " + num(r.scores[size_t(q)]) + ".";
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
    c.add(label(s, t) + " points away from " + label(s, q), sign < 0,
          "The sign says otherwise: " + num(score) + " is " + sign_meaning + ".");
    c.add(label(s, t) + " is at right angles to " + label(s, q) + ": the products cancel", sign == 0,
          "The sign says otherwise: " + num(score) + " is " + sign_meaning + ".");
    c.add(label(s, t) + " still points partly the same way, less than the others", sign > 0,
          "The sign says otherwise: " + num(score) + " is " + sign_meaning + ".");
    c.add("Nothing: " + num(score) + " is just a number, lower than the others", false,
          "A score is not just a number: its sign and size say how the two vectors line up. Compare it with the "
          "other scores of the same query.");
    out.answer = sign < 0    ? label(s, t) + " points away from the query."
                 : sign == 0 ? label(s, t) + " is at right angles to the query."
                             : label(s, t) + " still shares some direction with the query.";
    out.reason = "Its products with the query, " + dot_terms(s.inputs.row(q), s.inputs.row(t), d) + ", sum to " +
                 num(score) + ", " + sign_meaning + ".";
    return out;
}

}  // namespace

std::vector<Question> step_questions(const State& s, const AttentionResult& r, const ModuleRun* module) {
    std::vector<Question> out;
    switch (s.step) {
        case 1:
            out.push_back(which_token(s));
            break;
        case 2:
            out.push_back(dot_value(s));
            break;
        case 3:
            out.push_back(count_scores(s)), out.push_back(highest_score(s, r));
            break;
        case 4:
            out.push_back(lowest_meaning(s, r));
            break;
        case 5:
            out.push_back(sharper(r));
            break;
        case 6:
            out.push_back(naive_overflow(s, r));
            break;
        case 7:
            out.push_back(context_size(s, r));
            break;
        case 8:
            out.push_back(matrix_shape(s)), out.push_back(softmax_dim(s, r));
            break;
        case 9: {
            Question q;
            if (scaling_sharpness(s, &q)) out.push_back(q);
            break;
        }
        case 10:
            out.push_back(causal_count(s));
            break;
        default:
            chapter_step_questions(s, module, &out);
            break;
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
