// The question kinds of steps 1-4 (5-10 in quiz_weights.cpp, the book's classes in
// chapter_steps.cpp), the registry of kinds, and step_questions(). Each kind computes its answer
// from the state's results, then lists the choices a learner is likely to pick, each with the
// mistake that leads there and the misconception it reveals.
#include "core/lesson/quiz.h"

#include <algorithm>
#include <cmath>

#include "core/document/examples.h"
#include "core/lesson/lesson_entry.h"
#include "core/lesson/quiz_detail.h"
#include "core/lesson/track.h"

namespace attn {

using namespace quiz_detail;

namespace {

ATTN_LESSON_ENTRY bool which_token(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const int q = s.query, n = s.inputs.rows;
    Ask a(c, "which-token");
    a.q.prompt = a.say("prompt", {{"q", q}});
    const auto [lo, hi] = token_window(n, q);
    for (int i = lo; i < hi; ++i) {
        const bool from_one = i == q - 1;
        const std::string mistake =
            from_one ? a.say("count-from-one.why",
                             {{"q", q}, {"q_ordinal", c.t.ordinal(q + 1)}, {"ordinal", c.t.ordinal(q)}})
                     : a.say("other.why", {{"q", q}, {"label", label(c.t, s, i)}, {"i", i}});
        a.add(a.say("choice", {{"ordinal", c.t.ordinal(i + 1)}, {"label", label(c.t, s, i)}, {"row", row(s, i)}}),
              i == q, mistake, from_one ? "count-from-one" : "position-is-index");
    }
    a.q.answer = a.say("answer", {{"ordinal", c.t.ordinal(q + 1)}, {"label", label(c.t, s, q)}, {"row", row(s, q)}});
    a.q.reason = a.say("reason", {{"q", q}, {"ordinal", c.t.ordinal(q + 1)}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool dot_value(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const int q = s.query, d = s.inputs.cols;
    const float* x = s.inputs.row(0);
    const float* y = s.inputs.row(q);
    const float value = dot_of(s, 0, q);
    Vector products(static_cast<size_t>(d));
    float sum_x = 0, sum_y = 0;
    for (int k = 0; k < d; ++k) products[size_t(k)] = x[k] * y[k], sum_x += x[k], sum_y += y[k];
    Ask a(c, "dot-value");
    a.q.prompt = a.say("prompt", {{"x", row(s, 0)}, {"y", row(s, q)}});
    const std::string terms = dot_terms(x, y, d);
    a.add(vec(products), false, a.say("products.why"), "products-not-summed");
    a.add(num(sum_x + sum_y), false, a.say("sum-all.why", {{"terms", terms}}), "dot-adds-elements");
    a.add(num(value), true, "", "");
    a.add(num(sum_x * sum_y), false, a.say("product-of-sums.why", {{"terms", terms}}), "dot-adds-elements");
    a.q.answer = a.say("answer", {{"value", num(value)}});
    a.q.reason = a.say("reason", {{"terms", terms}, {"value", num(value)}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool count_scores(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const int n = s.inputs.rows, q = s.query;
    Ask a(c, "count-scores");
    a.q.prompt = a.say("prompt", {{"n", n}, {"q", q}});
    a.add(std::to_string(n - 1), false, a.say("skip-query.why"), "query-not-compared");
    a.add(std::to_string(n), true, "", "");
    a.add(std::to_string(n * n), false, a.say("all-pairs.why"), "one-query-is-the-matrix");
    a.q.answer = a.say("answer", {{"n", n}});
    a.q.reason = a.say("reason", {{"n", n}});
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool highest_score(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const AttentionResult& r = c.r;
    const int q = s.query, n = s.inputs.rows, d = s.inputs.cols;
    const int best = argmax(r.scores);
    const float top = r.scores[size_t(best)];
    Ask a(c, "highest-score");
    a.q.prompt = a.say("prompt", {{"query", label(c.t, s, q)}, {"row", row(s, q)}});
    const auto [lo, hi] = token_window(n, best);
    for (int i = lo; i < hi; ++i) {
        const float si = r.scores[size_t(i)];
        std::string mistake = a.say("lower.why", {{"label", label(c.t, s, i)},
                                                  {"terms", dot_terms(s.inputs.row(i), s.inputs.row(q), d)},
                                                  {"score", num(si)},
                                                  {"top", num(top)}});
        const bool query_wins = best == q && i != q;
        if (query_wins) mistake = a.say("query-wins.why", {{"rest", mistake}});
        a.add(a.say("choice", {{"label", label(c.t, s, i)}, {"row", row(s, i)}}), si == top, mistake,
              query_wins ? "query-not-compared" : "alignment-by-eye");
    }
    a.q.answer = a.say("answer", {{"token", token_name(c.t, s, best)}, {"score", num(top)}});
    if (best == q) {
        float next = -INFINITY;  // the best of the others: "at most 2", not a vector "[2, 2]"
        for (int i = 0; i < n; ++i)
            if (i != q) next = std::max(next, r.scores[size_t(i)]);
        a.q.reason = a.say(n == 1 ? "reason-itself-alone" : "reason-itself",
                           {{"query", label(c.t, s, q)},
                            {"terms", dot_terms(s.inputs.row(q), s.inputs.row(q), d)},
                            {"score", num(top)},
                            {"next", num(next)}});
    } else {
        a.q.reason = a.say("reason", {{"label", label(c.t, s, best)},
                                      {"terms", dot_terms(s.inputs.row(best), s.inputs.row(q), d)},
                                      {"score", num(top)},
                                      {"own", num(r.scores[size_t(q)])}});
    }
    *out = a.q;
    return true;
}

ATTN_LESSON_ENTRY bool lowest_meaning(const QuizContext& c, Question* out) {
    const State& s = c.s;
    const AttentionResult& r = c.r;
    const int q = s.query, d = s.inputs.cols;
    int t = 0;
    for (size_t i = 1; i < r.scores.size(); ++i)
        if (r.scores[i] < r.scores[size_t(t)]) t = int(i);
    const float score = r.scores[size_t(t)];
    const int sign = std::fabs(score) <= 1e-6f ? 0 : (score > 0 ? 1 : -1);
    Ask a(c, "lowest-meaning");
    const std::string meaning = a.say(sign > 0 ? "positive" : sign < 0 ? "negative" : "zero");
    const std::string lt = label(c.t, s, t), lq = label(c.t, s, q), sc = num(score);
    a.q.prompt = a.say("prompt", {{"label", lt}, {"score", sc}, {"query", lq}});
    const std::string otherwise = a.say("sign.why", {{"score", sc}, {"meaning", meaning}});
    a.add(a.say("apart", {{"label", lt}, {"query", lq}}), sign < 0, otherwise, "score-sign-ignored");
    a.add(a.say("right-angles", {{"label", lt}, {"query", lq}}), sign == 0, otherwise, "score-sign-ignored");
    a.add(a.say("partly", {{"label", lt}, {"query", lq}}), sign > 0, otherwise, "score-sign-ignored");
    a.add(a.say("nothing", {{"score", sc}}), false, a.say("nothing.why"), "score-is-just-a-number");
    a.q.answer = a.say(sign < 0    ? "answer-apart"
                       : sign == 0 ? "answer-right-angles"
                                   : "answer-partly",
                       {{"label", lt}});
    a.q.reason = a.say(
        "reason", {{"terms", dot_terms(s.inputs.row(q), s.inputs.row(t), d)}, {"score", sc}, {"meaning", meaning}});
    *out = a.q;
    return true;
}

struct KindEntry {
    const char* name;
    QuestionKind ask;
};

const KindEntry kKinds[] = {
    {"which-token", which_token},
    {"dot-value", dot_value},
    {"count-scores", count_scores},
    {"highest-score", highest_score},
    {"lowest-meaning", lowest_meaning},
    {"sharper", sharper},
    {"naive-overflow", naive_overflow},
    {"context-size", context_size},
    {"matrix-shape", matrix_shape},
    {"softmax-dim", softmax_dim},
    {"scaling-sharpness", scaling_sharpness},
    {"causal-count", causal_count},
    {"linear-weight-shape", linear_weight_shape},
    {"zero-mask-leak", zero_mask_leak},
    {"dropout-kept", dropout_kept},
    {"wrapper-width", wrapper_width},
    {"head-dim", head_dim},
    {"cache-scores", cache_scores},
    {"gqa-heads", gqa_heads},
    {"window-keys", window_keys},
    {"mask-polarity", mask_polarity},
};

}  // namespace

bool is_question_kind(std::string_view kind) {
    for (const KindEntry& k : kKinds)
        if (kind == k.name) return true;
    return false;
}

std::string question_kind_names() {
    std::string out;
    for (const KindEntry& k : kKinds) out += std::string(out.empty() ? "" : ", ") + k.name;
    return out;
}

namespace {

// The kinds whose choices are tokens listed by position: in that order, which is how the inputs
// table lists them.
bool lists_tokens(const std::string& kind) {
    return kind == "which-token" || kind == "highest-score";
}

// Every other kind's choices in an order fixed by its name alone, not the order the kind adds them
// in, which put the right one first in 11 of 16 questions (a learner learns "pick the top one"
// instead of predicting). The order is a rank per add() slot, so it is the same on any data, in
// any language and in every session even when a kind merges two choices or adds one only on some
// data; a record's choice letters depend on it (docs/grading.md, format a2): kShuffleSalt is
// frozen. It is the first salt for which, on the built-in lessons' own data, no two questions in a
// row have their right choice in the same place (the core test "choices" holds the lessons to it).
constexpr const char* kShuffleSalt = "choices136:";
constexpr int kSlots = 16;  // more than any kind's add() calls

void arrange_choices(Question* q);

// Asks one question of the kind on the context: false when the kind asks nothing there.
bool ask(const QuizContext& c, const std::string& kind, Question* q) {
    for (const KindEntry& k : kKinds)
        if (kind == k.name) {
            if (!k.ask(c, q)) return false;
            arrange_choices(q);
            return true;
        }
    return false;
}

void arrange_choices(Question* q) {
    if (lists_tokens(q->id)) return;
    uint32_t h = 2166136261u;  // FNV-1a of the salt and the kind's name
    for (const char* p = kShuffleSalt; *p; ++p) h = (h ^ uint8_t(*p)) * 16777619u;
    for (unsigned char ch : q->id) h = (h ^ ch) * 16777619u;
    int rank[kSlots];
    for (int i = 0; i < kSlots; ++i) rank[i] = i;
    for (int i = kSlots; i > 1; --i) {  // Fisher-Yates, driven by xorshift32 from the hash
        h ^= h << 13, h ^= h >> 17, h ^= h << 5;
        std::swap(rank[i - 1], rank[h % uint32_t(i)]);
    }
    std::vector<size_t> order(q->choices.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
        return rank[std::min(q->slots[a], kSlots - 1)] < rank[std::min(q->slots[b], kSlots - 1)];
    });
    Question out = *q;
    for (size_t i = 0; i < order.size(); ++i) {
        out.choices[i] = q->choices[order[i]];
        out.correct[i] = q->correct[order[i]];
        out.mistakes[i] = q->mistakes[order[i]];
        out.misconceptions[i] = q->misconceptions[order[i]];
        out.slots[i] = q->slots[order[i]];
    }
    *q = std::move(out);
}

}  // namespace

std::vector<Question> step_questions(const Lesson& lesson, const State& s, const AttentionResult& r,
                                     const ModuleRun* module) {
    std::vector<Question> out;
    const StepSpec* step = lesson.step(s.step);
    if (!step) return out;
    const QuizContext c{lesson.texts, s, r, module};
    for (const std::string& kind : step->questions) {
        Question q;
        if (ask(c, kind, &q)) out.push_back(std::move(q));
    }
    return out;
}

ATTN_LESSON_ENTRY std::vector<Question> questions_as_set_up(const Lesson& lesson, int step) {
    State base;
    load_example("your-journey", &base);
    const State s = enter_step(lesson, step, base);
    return step_questions(lesson, s, compute_attention(s));
}

RevealResult reveal_answer(const TextCatalog& t, const Question& question, int choice) {
    RevealResult out;
    out.answer = question.answer;
    out.reason = question.reason;
    if (choice < 0 || size_t(choice) >= question.choices.size()) {
        out.verdict = t.say("lesson.pick-first");
        return out;
    }
    out.answered = true;
    out.correct = question.correct[size_t(choice)];
    out.verdict = t.say(out.correct ? "lesson.right" : "lesson.not-quite");
    if (!out.correct) {
        out.mistake = question.mistakes[size_t(choice)];
        out.misconception = question.misconceptions[size_t(choice)];
    }
    return out;
}

}  // namespace attn
