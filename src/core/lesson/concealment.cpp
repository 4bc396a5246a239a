// One rule per question kind (core/lesson/quiz.cpp asks them) and per practice exercise: what the
// learner predicts or computes there is what stays covered.
#include "core/lesson/concealment.h"

#include <algorithm>

#include "core/document/words_scope.h"
#include "core/lesson/step_text.h"

namespace attn {

namespace {

// What each question kind asks the learner to predict.
void conceal_for(std::string_view kind, Concealment* c) {
    // Which token does inputs[q] pick? Its highlight, and what is computed against it: the query's
    // scores and weights peak at the token it is, and the context vector lands beside it.
    if (kind == "which-token") c->query_token = c->scores = c->weights = true;
    if (kind == "lowest-meaning") c->angles = true;  // what a negative score says: "180°" would
    // A score, which is highest, or how many there are. The weights go too: they rank the tokens
    // as the scores do, their "÷ sum" column gives the scores' ratios, and there is one per score.
    if (kind == "dot-value" || kind == "highest-score") c->scores = c->weights = true;
    if (kind == "count-scores") c->score_count = c->scores = c->weights = true;
    if (kind == "sharper") c->weights = true;                    // which normalisation is sharper?
    if (kind == "naive-overflow") c->naive_weights = true;       // the hand-written softmax past the overflow
    if (kind == "context-size") c->context = true;               // how many numbers in the context vector?
    if (kind == "matrix-shape") c->matrices = true;              // the shape of inputs @ inputs.T
    if (kind == "softmax-dim") c->softmax_dim = true;            // which dim makes the rows sum to 1?
    if (kind == "scaling-sharpness") c->scaling = true;          // what the sqrt(d_k) division does
    if (kind == "causal-count") c->masking = true;               // how many tokens the query sees under the mask
    if (kind == "linear-weight-shape") c->module_layout = true;  // the shape nn.Linear stores its weight in
    if (kind == "zero-mask-leak") c->module_leak = true;         // what masking with 0 leaks
    if (kind == "dropout-kept") c->module_dropout = true;        // what a kept weight becomes
    if (kind == "wrapper-width" || kind == "head-dim") c->module_heads = true;  // a head's or the wrapper's width
    if (kind == "cache-scores") c->module_cache = true;                         // how many keys a cached call scores
    if (kind == "gqa-heads") c->module_groups = true;                           // which heads share group 0
    if (kind == "window-keys") c->module_window = true;                         // which keys a window lets a token see
    if (kind == "mask-polarity") c->module_masks = true;                        // which attn_mask hides the future
}

// Whether a placeholder of a lesson line (lesson_values.h) shows a value the concealment covers.
bool shows_covered(const std::string& name, const Concealment& c) {
    if (name == "query" || name == "query_row" || name == "q_ordinal") return c.query_token;
    if (name == "scores" || name == "best" || name == "best_score" || name == "worst" || name == "worst_score")
        return c.covers_scores();
    if (name == "weights" || name == "top" || name == "top_weight") return c.covers_weights();
    if (name == "context") return c.covers_context();
    if (name == "module_output") return c.module_heads;  // the heads' outputs and widths
    return false;
}

}  // namespace

ATTN_LESSON_ENTRY std::string lesson_questions_problem(const Lesson& lesson) {
    const std::string unaskable = unaskable_step(lesson);
    if (!unaskable.empty()) return unaskable;
    for (int number = 1; number <= lesson.step_count(); ++number) {
        const StepSpec& step = *lesson.step(number);
        for (size_t i = 0; i < step.lines.size(); ++i) {
            const LessonLineSpec& line = step.lines[i];
            // A line shows from its question's reveal on (from the start without "after"): each
            // later question is still open then.
            for (int k = std::max(line.after + 1, 0); k < int(step.questions.size()); ++k) {
                Concealment covered;
                conceal_for(step.questions[size_t(k)], &covered);
                for (const std::string& name : line.text.names)
                    if (shows_covered(name, covered))
                        return "steps[" + std::to_string(number - 1) + "].lines[" + std::to_string(i) + "] shows {" +
                               name + "} before the step's question \"" + step.questions[size_t(k)] +
                               "\" is answered, which gives its answer away: add \"after\": " + std::to_string(k) +
                               " to the line (it then shows once that question is answered)";
            }
        }
    }
    return "";
}

Concealment concealment(const State& s, const std::vector<Question>& questions, bool practice_solved) {
    Concealment c;
    if (s.lesson.mode == LessonMode::Practice) {
        // Exercise 1 predicts and computes the scores (the weights would give their ratios away),
        // exercise 2 the softmax weights; exercise 3 is about reading the right panel (the
        // projected weights: the learner turns the projection on, and the plain ones give another
        // token), so nothing is covered there. Exercise 4 counts the cache's work
        // (the classes panel's table of calls), exercise 5 names a window's keys (its mask).
        if (practice_solved || s.lesson.exercise == 2) return c;
        switch (s.lesson.exercise) {
            case 3:
                c.module_cache = true;
                break;
            case 4:
                c.module_window = true;
                break;
            default:
                c.weights = true;
                c.scores = s.lesson.exercise == 0;
                break;
        }
        c.reason = words("hidden until you solve the exercise");
        return c;
    }
    if (s.lesson.mode != LessonMode::Track || s.step < 1) return c;
    const int k = s.lesson.question;
    const bool open = k >= 0 && k < int(questions.size()) && !question_done(s.lesson, k);
    if (open) conceal_for(questions[size_t(k)].id, &c);
    // The step's later questions cover theirs from its first question on: revealing the first
    // must not show what the next asks (step 3's scores, after "how many?", answered "which is
    // highest?"; step 8's heading dim=-1 the softmax's dim).
    for (int j = std::max(k + 1, 0); j < int(questions.size()); ++j) conceal_for(questions[size_t(j)].id, &c);
    // The weight heatmap and the context are made of the weights in use: with the hand-written
    // softmax chosen, its nan would show there what the question asks.
    c.naive_in_use = c.naive_weights && s.norm == Norm::SoftmaxNaive;
    if (c.any())
        c.reason =
            open ? words("hidden until you answer the question") : words("hidden until you answer the next question");
    return c;
}

bool groups_judged_in_trace(const State& s) {
    return s.lesson.mode == LessonMode::Debug && s.lesson.bug == Bug::RepeatNotInterleave;
}

Concealment conceal_everything(const std::string& reason) {
    Concealment c;
    c.query_token = c.score_count = c.scores = c.weights = c.naive_weights = c.naive_in_use = c.context = c.matrices =
        true;
    c.softmax_dim = c.scaling = c.masking = c.module_layout = c.module_leak = c.module_dropout = c.module_heads = true;
    c.module_cache = c.module_groups = c.module_window = c.module_masks = c.angles = true;
    c.reason = reason;
    return c;
}

}  // namespace attn
