// Reading typed answers and checking them against the core's numbers, with messages that name the
// entry that is wrong and the arithmetic that gives the right value.
#include "core/lesson/practice.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/lesson/token_words.h"
#include "core/math/extremes.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"
#include "core/text/number_parse.h"
#include "core/text/prose_format.h"

namespace attn {
namespace {

float tolerance(float expected, float abs_tol) {
    return std::fmax(abs_tol, 0.005f * std::fabs(expected));
}

bool close_all(const Vector& typed, const Vector& want, float abs_tol) {
    if (typed.size() != want.size()) return false;
    for (size_t i = 0; i < typed.size(); ++i)
        if (!(std::fabs(typed[i] - want[i]) <= tolerance(want[i], abs_tol))) return false;
    return true;
}

std::string lowercase(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string strip(const std::string& s) {
    size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
    return s.substr(a, b - a);
}

// Entry-by-entry comparison; fills entry_ok and wrong_entry. True when all are within tolerance.
bool compare_entries(const Vector& typed, const Vector& want, float abs_tol, ExerciseCheck* out) {
    out->entry_ok.assign(typed.size(), 1);
    for (size_t i = 0; i < typed.size(); ++i)
        if (!(std::fabs(typed[i] - want[i]) <= tolerance(want[i], abs_tol))) {
            out->entry_ok[i] = 0;
            if (out->wrong_entry < 0) out->wrong_entry = int(i);
        }
    return out->wrong_entry < 0;
}

ExerciseCheck check_scores(const State& s, const ParsedNumbers& p) {
    ExerciseCheck out;
    out.note = p.note;
    const int n = s.inputs.rows, target = 2;
    if (n < 3) {
        out.message = "This exercise needs three tokens; there are " + std::to_string(n) +
                      ". Start it again to reload three-tokens.";
        return out;
    }
    if (s.query != target) {
        out.message = "First make the third token the query. The query is inputs[" + std::to_string(s.query) +
                      "], the " + ordinal_word(s.query + 1) +
                      " token; the third token is inputs[2], because positions count from zero. "
                      "Pick its row in Inputs.";
        return out;
    }
    const Vector want = score_vector_loop(s.inputs, target);
    if (!p.ok) {
        out.message = p.error;
        if (int(p.values.size()) == n - 1)
            out.message += " Did you skip the query? It is compared with itself too: one score per token.";
        return out;
    }
    const Vector old_query = score_vector_loop(s.inputs, 1);
    if (!close_all(want, old_query, kScoreTolerance) && close_all(p.values, old_query, kScoreTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = "Those are the scores for query inputs[1], the second token. With the query at inputs[2] = " +
                      typed_vec(s.inputs.row(target), s.inputs.cols) + ", compute each dot product again.";
        return out;
    }
    if (compare_entries(p.values, want, kScoreTolerance, &out)) {
        out.correct = true;
        const int best = argmax(want);
        out.message = "All " + std::to_string(n) + " scores are right: " + vec(want) + ". The largest is " +
                      label(s, best) + " with " + num(want[size_t(best)]) + ". Did you predict it?";
        return out;
    }
    const int i = out.wrong_entry;
    out.message = "Entry " + std::to_string(i) + " (" + label(s, i) + ") is " + typed(p.values[size_t(i)]) +
                  ", but torch.dot(inputs[" + std::to_string(i) +
                  "], query) = " + dot_terms(s.inputs.row(i), s.inputs.row(target), s.inputs.cols) + " = " +
                  num(want[size_t(i)]) + ".";
    return out;
}

ExerciseCheck check_weights(const State& s, const ParsedNumbers& p) {
    ExerciseCheck out;
    out.note = p.note;
    if (!p.ok) {
        out.message = p.error;
        return out;
    }
    // The scores the task quotes: the plain loop for the query (no lab scale, no mask).
    const Vector scores = score_vector_loop(s.inputs, s.query);
    const Vector want = softmax_stable(scores), by_sum = normalize_sum(scores);
    if (int(p.values.size()) != s.inputs.rows) {
        out.message = "Type " + std::to_string(s.inputs.rows) + " weights, one per token.";
        return out;
    }
    if (!close_all(want, by_sum, kTwoDecimalTolerance) && close_all(p.values, by_sum, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = "Those are the divide-by-sum weights. Softmax exponentiates first: exp(s_i) / Σ exp(s_j).";
        return out;
    }
    if (!close_all(want, scores, kTwoDecimalTolerance) && close_all(p.values, scores, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = "Those are the scores themselves. Softmax turns them into weights that sum to 1.";
        return out;
    }
    float typed_sum = 0;
    for (float x : p.values) typed_sum += x;
    if (compare_entries(p.values, want, kTwoDecimalTolerance, &out)) {
        out.correct = true;
        out.message = "Right: softmax gives " + vec(want) + ", which rounds to " + vec(want, 2) + ".";
        return out;
    }
    const int i = out.wrong_entry;
    float exp_sum = 0;
    for (float x : scores) exp_sum += std::exp(x);
    out.message = "Entry " + std::to_string(i) + " (" + label(s, i) + ") is " + typed(p.values[size_t(i)]) +
                  ", but exp(" + num(scores[size_t(i)]) + ") / " + num(exp_sum, 2) + " = " + num(want[size_t(i)]) +
                  ", which is " + num(want[size_t(i)], 2) + " to 2 decimals.";
    if (std::fabs(typed_sum - 1.0f) > 0.02f)
        out.message += " Also, your weights sum to " + typed(typed_sum) + ", not 1.";
    return out;
}

ExerciseCheck check_top_token(const State& s, const AttentionResult& r, const std::string& typed) {
    ExerciseCheck out;
    if (!r.has_projection) {
        out.message =
            "Turn on the projection first (Use W_query, W_key, W_value in Trainable attention), or start the "
            "exercise again.";
        return out;
    }
    const int n = s.inputs.rows;
    std::string text = strip(typed);
    if (text.rfind("inputs[", 0) == 0 && text.size() > 8 && text.back() == ']') text = text.substr(7, text.size() - 8);
    int chosen = -1;
    float number = 0;
    if (read_float32(text, false, &number) == NumberKind::Ok && number == std::floor(number)) {
        chosen = int(number);
        if (chosen < 0 || chosen >= n) {
            out.message = "There is no token at position " + text + ": use 0.." + std::to_string(n - 1) + ".";
            return out;
        }
    } else {
        std::string name = text;
        if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
        for (int i = 0; i < n && chosen < 0; ++i)
            if (lowercase(s.tokens[size_t(i)]) == lowercase(name)) chosen = i;
        if (chosen < 0) {
            out.message = text.empty() ? "Type the token's position, such as 0, or its label."
                                       : quoted(text) + " is neither a position (0.." + std::to_string(n - 1) +
                                             ") nor one of the labels: type a position such as 0, or a label.";
            return out;
        }
    }
    const Vector& w = r.projection.weights;
    const int best = argmax(w);
    out.entry_ok = {w[size_t(chosen)] == w[size_t(best)] ? 1 : 0};
    if (out.entry_ok[0]) {
        out.correct = true;
        out.message = "Right: " + label(s, chosen) + " (position " + std::to_string(chosen) + ") gets " +
                      num(w[size_t(chosen)]) + " of the weight. The projected scores are " + vec(r.projection.scores) +
                      ".";
        return out;
    }
    out.wrong_entry = 0;
    const int plain_best = argmax(r.weights);
    if (chosen == plain_best && plain_best != best)
        out.message = label(s, chosen) +
                      " wins without the projection (scores from inputs @ inputs.T). With W_query and "
                      "W_key the scores are " +
                      vec(r.projection.scores) + ", and the weights " + vec(w) + ".";
    else if (chosen == best + 1)
        out.message = "Close: positions count from zero. " + label(s, chosen) + " is at position " +
                      std::to_string(chosen) + "; the weights are " + vec(w) + ".";
    else
        out.message = label(s, chosen) + " gets " + num(w[size_t(chosen)]) + ", but another token gets " +
                      num(w[size_t(best)]) + ". The weights are " + vec(w) + ".";
    return out;
}

}  // namespace

Exercise exercise_info(int index, const State& s) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    Exercise e;
    const int n = s.inputs.rows;
    if (index == 0) {
        e.title = "Predict and verify a score list";
        std::string rows;
        for (int i = 0; i < n && i < 6; ++i) rows += (i ? ", " : "") + typed_vec(s.inputs.row(i), s.inputs.cols);
        e.task = "Using the inputs " + rows + (n > 6 ? ", …" : "") + ", set the query to the third token" +
                 (n >= 3 ? ", " + typed_vec(s.inputs.row(2), s.inputs.cols) : std::string()) +
                 ". Predict which score will be largest, then compute each dot product and type the " +
                 std::to_string(n) + " scores in order.";
        e.hint =
            "The third token is at index 2, so the query line is query = inputs[2]. Pair the elements, multiply, add.";
        e.input_label = "scores";
    } else if (index == 1) {
        e.title = "Softmax by hand";
        e.task = "The query " + label(s, s.query) + " scores " +
                 vec(s.inputs.rows ? score_vector_loop(s.inputs, s.query) : Vector()) +
                 ". Type the softmax weights to 2 decimals.";
        e.hint = "exp(s_i) / (exp(s_0) + exp(s_1) + …). The weights sum to 1.";
        e.input_label = "weights";
    } else {
        e.title = "The most attended token after projection";
        e.task = "With W_query and W_key from torch.manual_seed(" + std::to_string(s.projection.seed) +
                 ") and d_out = " + std::to_string(s.projection.d_out) + ", which token does the query inputs[" +
                 std::to_string(s.query) + "] (" + label(s, s.query) +
                 ") attend to most? Type its position or its label.";
        e.hint = "Look at the projected weights in Trainable attention, not the plain ones.";
        e.input_label = "token";
    }
    return e;
}

ExerciseCheck check_exercise(int index, const State& s, const AttentionResult& r, const std::string& typed) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    if (index == 2) return check_top_token(s, r, typed);
    const ParsedNumbers p = parse_numbers(typed, s.inputs.rows);
    return index == 0 ? check_scores(s, p) : check_weights(s, p);
}

}  // namespace attn
