// Predict, then see: what each open question covers, and that an answer, a reveal or a solved
// exercise lifts it.
#include "core/lesson/concealment.h"

#include <doctest/doctest.h>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/pytorch_code.h"
#include "core/lesson/quiz.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"
#include "core/text/prose_format.h"

using namespace attn;

namespace {

// What the state's open question (or exercise) covers, as the lesson engine works it out.
Concealment covered(const State& s, bool solved) {
    return concealment(s, step_questions(attn_test::chapter(), s, compute_attention(s)), solved);
}

State at_step(int step, int question = 0) {
    State s;
    load_example("your-journey", &s);
    s = enter_step(attn_test::chapter(), step, s);
    s.lesson.question = question;
    return s;
}

}  // namespace

TEST_CASE("concealment: each step's open question covers the value it asks for") {
    const Concealment which = covered(at_step(1), false);
    CHECK(which.query_token);
    // The query's scores (2, 8, 2 for [2, 2]) peak at the token it is, and so do its weights and
    // the context vector beside it: they would answer "which token is inputs[1]?".
    CHECK(which.covers_scores());
    CHECK(which.covers_weights());
    CHECK(which.covers_context());
    CHECK(covered(at_step(2), false).scores);
    // Where the scores are asked, the weights go too: they rank the tokens as the scores do (step
    // 3's "which scores highest" read off the weight bars), "÷ sum" gives the scores' ratios, and
    // there is one weight per score.
    CHECK(covered(at_step(2), false).weights);
    const Concealment count = covered(at_step(3), false);
    CHECK(count.score_count);
    CHECK(count.scores);
    CHECK(count.weights);
    const Concealment highest = covered(at_step(3, 1), false);
    CHECK_FALSE(highest.score_count);  // question 1 of step 3: the count is known by now
    CHECK(highest.scores);
    CHECK(highest.weights);
    const Concealment four = covered(at_step(4), false);  // the prompt itself gives the score:
    CHECK_FALSE(four.covers_scores());                    // no number is covered,
    CHECK(four.angles);                                   // but the text version's "180°" would say what it means
    CHECK(covered(at_step(5), false).weights);
    CHECK(covered(at_step(6), false).naive_weights);
    // Step 6 asks what the hand-written softmax gives at x20; with it chosen, its nan would show in
    // the weight heatmap and the context, so they are covered too; with torch.softmax chosen they are not.
    State naive = at_step(6);
    naive.norm = Norm::SoftmaxNaive;
    naive.lab_scale = 20;
    CHECK(covered(naive, false).covers_weight_matrix());
    CHECK(covered(naive, false).covers_context());
    CHECK_FALSE(covered(naive, false).covers_score_matrix());
    naive.norm = Norm::Softmax;
    CHECK_FALSE(covered(naive, false).covers_weight_matrix());
    CHECK_FALSE(covered(naive, false).covers_context());
    CHECK(covered(at_step(7), false).context);
    CHECK(covered(at_step(8), false).matrices);
    CHECK(covered(at_step(8, 1), false).softmax_dim);
    CHECK(covered(at_step(9), false).scaling);
    CHECK(covered(at_step(10), false).masking);
    CHECK(covered(at_step(5), false).reason == "hidden until you answer the question");
}

TEST_CASE("concealment: a reveal, or moving past the question, shows the values") {
    State s = at_step(5);
    s.lesson.answer = 0;
    CHECK(covered(s, false).weights);  // choosing is not revealing
    s.lesson.revealed = true;
    CHECK_FALSE(covered(s, false).any());
    State later = at_step(3, 1);
    later.lesson.revealed = true;
    CHECK_FALSE(covered(later, false).any());
}

TEST_CASE("concealment: step 3's scores stay covered after its first question is revealed, until the second is") {
    // "How many scores?" revealed showed 2 / 8 / 2 with 8 marked, and the next question asked which
    // token scores highest (#28).
    State s = at_step(3);
    s.lesson.answer = 0;
    s.lesson.revealed = true;
    CHECK(covered(s, false).scores);
    CHECK(covered(s, false).weights);
    CHECK_FALSE(covered(s, false).score_count);  // what the first asked is shown
    CHECK(covered(s, false).reason == "hidden until you answer the next question");
    s = at_step(3, 1);
    CHECK(covered(s, false).scores);
    s.lesson.answer = 1;
    s.lesson.revealed = true;
    CHECK_FALSE(covered(s, false).any());
}

TEST_CASE("concealment: step 8's dim=-1 stays covered through its first question, until its own is answered") {
    // The weights' heading writes dim=-1, the answer to the step's second question: a learner read
    // it while the first (the matrix's shape) was open, and after revealing that one.
    State s = at_step(8);
    CHECK(covered(s, false).matrices);
    CHECK(covered(s, false).softmax_dim);
    s.lesson.answer = 0;
    s.lesson.revealed = true;
    CHECK_FALSE(covered(s, false).matrices);
    CHECK(covered(s, false).softmax_dim);
    s = at_step(8, 1);
    CHECK(covered(s, false).softmax_dim);
    s.lesson.answer = 0;
    s.lesson.revealed = true;
    CHECK_FALSE(covered(s, false).any());
}

TEST_CASE("concealment: a step without a question covers nothing, nor does free exploration") {
    CHECK_FALSE(concealment(at_step(9), {}, false).any());
    State free;
    load_example("your-journey", &free);
    CHECK_FALSE(concealment(free, {}, false).any());
}

TEST_CASE("concealment: practice hides what the exercise asks for until it is solved") {
    State s;
    load_example("your-journey", &s);
    const Concealment scores = covered(enter_exercise(0, s), false);
    CHECK(scores.scores);
    CHECK(scores.reason == "hidden until you solve the exercise");
    CHECK(scores.weights);  // the weights' ratios are the scores'
    CHECK(covered(enter_exercise(1, s), false).weights);
    CHECK_FALSE(covered(enter_exercise(1, s), true).any());
    CHECK_FALSE(covered(enter_exercise(2, s), false).any());  // reading the projected panel is the point
    CHECK_FALSE(covered(enter_bug(Bug::WrongQuery, s), false).any());
}

TEST_CASE("practice: an exercise that runs none of the book's classes turns them off") {
    // From step 14 the classes stayed on, their heads' weights beside exercises that cover the rest.
    State s = at_step(14);
    REQUIRE(s.module.enabled);
    for (int ex : {0, 1, 2}) CHECK_FALSE(enter_exercise(ex, s).module.enabled);
    CHECK(enter_exercise(3, s).module.enabled);  // the cache's calls
    CHECK(enter_exercise(4, s).module.enabled);  // the window's keys
}

TEST_CASE("concealment: while step 1 asks which token inputs[q] is, the PyTorch code does not name it") {
    const State s = at_step(1);
    const Concealment which = covered(s, false);
    REQUIRE(which.query_token);
    const std::string q = std::to_string(s.query), token = s.tokens[size_t(s.query)];
    const std::string named = "query = inputs[" + q + "]  # the " + ordinal_word(s.query + 1) + " token, " + token;
    const std::string code = pytorch_code(s, compute_attention(s)).code;
    REQUIRE(attn_test::contains(code, named));
    const std::string shown = code_as_covered(pytorch_code(s, compute_attention(s), nullptr, &which).code, which);
    CHECK(attn_test::contains(shown, "query = inputs[" + q + "]  # (" + which.reason + ")\n"));
    CHECK_FALSE(attn_test::contains(shown, ordinal_word(s.query + 1) + " token"));
    // The inputs' rows keep their tokens (reading position q off them is the question), but no
    // name or comment numbers them from one: attn_scores_2 beside "# journey (x^2)" would answer.
    CHECK(attn_test::contains(shown, "# " + token));
    CHECK_FALSE(attn_test::contains(shown, "(x^"));
    CHECK_FALSE(attn_test::contains(shown, "_" + std::to_string(s.query + 1)));
    CHECK(attn_test::contains(shown, "attn_scores_q = torch.empty(inputs.shape[0])"));
    CHECK_FALSE(attn_test::contains(shown, "count from zero"));  // the rule the question asks about
    // Other covers (the scores of a later question) leave it named.
    Concealment others = which;
    others.query_token = false;
    CHECK(attn_test::contains(code_as_covered(pytorch_code(s, compute_attention(s), nullptr, &others).code, others),
                              named));
}
