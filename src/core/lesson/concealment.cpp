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

}  // namespace

Concealment covered_by(std::string_view kind) {
    Concealment c;
    conceal_for(kind, &c);
    return c;
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

std::string Concealment::masks_reason() const {
    return masks_for_later ? words("hidden until a later step asks about it") : reason;
}
std::string Concealment::groups_reason() const {
    return groups_for_later ? words("hidden until a later step asks about it") : reason;
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
