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

ExerciseCheck check_scores(const TextCatalog& t, const State& s, const ParsedNumbers& p) {
    ExerciseCheck out;
    out.note = p.note;
    const int n = s.inputs.rows, target = 2;
    if (n < 3) {
        out.message = t.say("practice.scores.too-few", {{"n", n}});
        return out;
    }
    if (s.query != target) {
        out.message = t.say("practice.scores.query-first", {{"q", s.query}, {"q_ordinal", t.ordinal(s.query + 1)}});
        return out;
    }
    const Vector want = score_vector_loop(s.inputs, target);
    if (!p.ok) {
        out.message = p.error;
        if (int(p.values.size()) == n - 1) out.message += " " + t.say("practice.scores.skipped-query");
        return out;
    }
    const Vector old_query = score_vector_loop(s.inputs, 1);
    if (!close_all(want, old_query, kScoreTolerance) && close_all(p.values, old_query, kScoreTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = t.say("practice.scores.old-query", {{"row", typed_row(s.inputs, target)}});
        return out;
    }
    if (compare_entries(p.values, want, kScoreTolerance, &out)) {
        out.correct = true;
        const int best = argmax(want);
        out.message =
            t.say("practice.scores.right",
                  {{"n", n}, {"scores", vec(want)}, {"best", label(s, best)}, {"best_score", num(want[size_t(best)])}});
        return out;
    }
    const int i = out.wrong_entry;
    out.message = t.say("practice.scores.wrong-entry",
                        {{"i", i},
                         {"label", label(s, i)},
                         {"typed", typed(p.values[size_t(i)])},
                         {"terms", dot_terms(s.inputs.row(i), s.inputs.row(target), s.inputs.cols)},
                         {"score", num(want[size_t(i)])}});
    return out;
}

ExerciseCheck check_weights(const TextCatalog& t, const State& s, const ParsedNumbers& p) {
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
        out.message = t.say("practice.weights.count", {{"n", s.inputs.rows}});
        return out;
    }
    if (!close_all(want, by_sum, kTwoDecimalTolerance) && close_all(p.values, by_sum, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = t.say("practice.weights.by-sum");
        return out;
    }
    if (!close_all(want, scores, kTwoDecimalTolerance) && close_all(p.values, scores, kTwoDecimalTolerance)) {
        out.entry_ok.assign(p.values.size(), 0);
        out.wrong_entry = 0;
        out.message = t.say("practice.weights.scores");
        return out;
    }
    float typed_sum = 0;
    for (float x : p.values) typed_sum += x;
    if (compare_entries(p.values, want, kTwoDecimalTolerance, &out)) {
        out.correct = true;
        out.message = t.say("practice.weights.right", {{"weights", vec(want)}, {"rounded", vec(want, 2)}});
        return out;
    }
    const int i = out.wrong_entry;
    float exp_sum = 0;
    for (float x : scores) exp_sum += std::exp(x);
    out.message = t.say("practice.weights.wrong-entry", {{"i", i},
                                                         {"label", label(s, i)},
                                                         {"typed", typed(p.values[size_t(i)])},
                                                         {"score", num(scores[size_t(i)])},
                                                         {"exp_sum", num(exp_sum, 2)},
                                                         {"weight", num(want[size_t(i)])},
                                                         {"rounded", num(want[size_t(i)], 2)}});
    if (std::fabs(typed_sum - 1.0f) > 0.02f)
        out.message += " " + t.say("practice.weights.sum-off", {{"sum", typed(typed_sum)}});
    return out;
}

ExerciseCheck check_top_token(const TextCatalog& t, const State& s, const AttentionResult& r,
                              const std::string& typed) {
    ExerciseCheck out;
    if (!r.has_projection) {
        out.message = t.say("practice.top.projection-off");
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
            out.message = t.say("practice.top.no-position", {{"text", text}, {"last", n - 1}});
            return out;
        }
    } else {
        std::string name = text;
        if (name.size() >= 2 && name.front() == '"' && name.back() == '"') name = name.substr(1, name.size() - 2);
        for (int i = 0; i < n && chosen < 0; ++i)
            if (lowercase(s.tokens[size_t(i)]) == lowercase(name)) chosen = i;
        if (chosen < 0) {
            out.message = text.empty() ? t.say("practice.top.empty")
                                       : t.say("practice.top.unknown", {{"text", quoted(text)}, {"last", n - 1}});
            return out;
        }
    }
    const Vector& w = r.projection.weights;
    const int best = argmax(w);
    out.entry_ok = {w[size_t(chosen)] == w[size_t(best)] ? 1 : 0};
    if (out.entry_ok[0]) {
        out.correct = true;
        out.message = t.say("practice.top.right", {{"label", label(s, chosen)},
                                                   {"i", chosen},
                                                   {"weight", num(w[size_t(chosen)])},
                                                   {"scores", vec(r.projection.scores)}});
        return out;
    }
    out.wrong_entry = 0;
    const int plain_best = argmax(r.weights);
    if (chosen == plain_best && plain_best != best)
        out.message = t.say("practice.top.unprojected",
                            {{"label", label(s, chosen)}, {"scores", vec(r.projection.scores)}, {"weights", vec(w)}});
    else if (chosen == best + 1)
        out.message =
            t.say("practice.top.off-by-one", {{"label", label(s, chosen)}, {"i", chosen}, {"weights", vec(w)}});
    else
        out.message = t.say("practice.top.wrong", {{"label", label(s, chosen)},
                                                   {"weight", num(w[size_t(chosen)])},
                                                   {"best_weight", num(w[size_t(best)])},
                                                   {"weights", vec(w)}});
    return out;
}

}  // namespace

Exercise exercise_info(const TextCatalog& t, int index, const State& s) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    Exercise e;
    const int n = s.inputs.rows;
    if (index == 0) {
        // The rows as the book's literal writes them, with the decimals of the whole matrix.
        const int decimals = typed_decimals(s.inputs.data.data(), s.inputs.data.size());
        const auto literal = [&](int i) { return typed_vec(s.inputs.row(i), s.inputs.cols, decimals); };
        std::string rows;
        for (int i = 0; i < n && i < 6; ++i) rows += (i ? ", " : "") + literal(i);
        e.title = t.say("practice.scores.title");
        e.task =
            t.say(n >= 3 ? "practice.scores.task" : "practice.scores.task-short",
                  {{"rows", rows + (n > 6 ? ", …" : "")}, {"third", n >= 3 ? literal(2) : std::string()}, {"n", n}});
        e.hint = t.say("practice.scores.hint");
        e.input_label = t.say("practice.scores.input");
    } else if (index == 1) {
        e.title = t.say("practice.weights.title");
        e.task = t.say("practice.weights.task",
                       {{"query", label(s, s.query)},
                        {"scores", vec(s.inputs.rows ? score_vector_loop(s.inputs, s.query) : Vector())}});
        e.hint = t.say("practice.weights.hint");
        e.input_label = t.say("practice.weights.input");
    } else {
        e.title = t.say("practice.top.title");
        e.task = t.say("practice.top.task", {{"seed", std::to_string(s.projection.seed)},
                                             {"d_out", s.projection.d_out},
                                             {"q", s.query},
                                             {"query", label(s, s.query)}});
        e.hint = t.say("practice.top.hint");
        e.input_label = t.say("practice.top.input");
    }
    return e;
}

ExerciseCheck check_exercise(const TextCatalog& t, int index, const State& s, const AttentionResult& r,
                             const std::string& typed) {
    index = std::clamp(index, 0, kExerciseCount - 1);
    if (index == 2) return check_top_token(t, s, r, typed);
    const ParsedNumbers p = parse_numbers(typed, s.inputs.rows);
    return index == 0 ? check_scores(t, s, p) : check_weights(t, s, p);
}

}  // namespace attn
