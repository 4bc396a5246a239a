// One row per question of the track (core/lesson/quiz.cpp asks them) and per practice exercise:
// what the learner predicts or computes there is what stays covered.
#include "core/lesson/concealment.h"

#include "core/lesson/step_text.h"

namespace attn {

Concealment concealment(const State& s, int question_count, bool practice_solved) {
    Concealment c;
    if (s.lesson.mode == LessonMode::Practice) {
        // Exercise 1 predicts and computes the scores, exercise 2 the softmax weights; exercise 3
        // is about reading the right panel (the projected weights), so nothing is covered there.
        if (practice_solved || s.lesson.exercise > 1) return c;
        if (s.lesson.exercise == 0)
            c.scores = true;
        else
            c.weights = true;
        c.reason = "hidden until you solve the exercise";
        return c;
    }
    if (s.lesson.mode != LessonMode::Track || s.step < 1) return c;
    const int k = s.lesson.question;
    if (k >= question_count || question_done(s.lesson, k)) return c;
    switch (s.step * 10 + k) {
        case 10:  // which token does inputs[q] pick?
            c.query_token = true;
            break;
        case 20:  // what does torch.dot(inputs[0], query) give?
            c.scores = true;
            break;
        case 30:  // how many scores?
            c.score_count = c.scores = true;
            break;
        case 31:  // which token scores highest?
            c.scores = true;
            break;
        case 50:  // which normalisation is sharper?
            c.weights = true;
            break;
        case 60:  // what does the hand-written softmax give past the overflow?
            c.naive_weights = true;
            break;
        case 70:  // how many numbers in the context vector?
            c.context = true;
            break;
        case 80:  // the shape of inputs @ inputs.T
            c.matrices = true;
            break;
        case 81:  // which dim makes the rows sum to 1?
            c.softmax_dim = true;
            break;
        case 90:  // what the sqrt(d_k) division does
            c.scaling = true;
            break;
        case 100:  // how many tokens can the query attend to under the mask?
            c.masking = true;
            break;
        case 110:  // the shape nn.Linear stores its weight in
            c.module_layout = true;
            break;
        case 120:  // what masking with 0 leaks
            c.module_leak = true;
            break;
        case 130:  // what a kept weight becomes
            c.module_dropout = true;
            break;
        case 140:  // head_dim
            c.module_heads = true;
            break;
        default:
            break;
    }
    if (c.any()) c.reason = "hidden until you answer the question";
    return c;
}

}  // namespace attn
