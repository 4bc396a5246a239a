// Predict, then see: what each open question covers, and that an answer, a reveal or a solved
// exercise lifts it.
#include "core/lesson/concealment.h"

#include <doctest/doctest.h>

#include "core/document/examples.h"
#include "core/lesson/track.h"

using namespace attn;

namespace {

State at_step(int step, int question = 0) {
    State s;
    load_example("your-journey", &s);
    s = enter_step(step, s);
    s.lesson.question = question;
    return s;
}

}  // namespace

TEST_CASE("concealment: each step's open question covers the value it asks for") {
    CHECK(concealment(at_step(1), 1, false).query_token);
    CHECK(concealment(at_step(2), 1, false).scores);
    const Concealment count = concealment(at_step(3), 2, false);
    CHECK(count.score_count);
    CHECK(count.scores);
    const Concealment highest = concealment(at_step(3, 1), 2, false);
    CHECK_FALSE(highest.score_count);  // question 1 of step 3: the count is known by now
    CHECK(highest.scores);
    CHECK_FALSE(concealment(at_step(4), 1, false).any());  // the prompt itself gives the score
    CHECK(concealment(at_step(5), 1, false).weights);
    CHECK(concealment(at_step(6), 1, false).naive_weights);
    CHECK(concealment(at_step(7), 1, false).context);
    CHECK(concealment(at_step(8), 2, false).matrices);
    CHECK(concealment(at_step(8, 1), 2, false).softmax_dim);
    CHECK(concealment(at_step(9), 1, false).scaling);
    CHECK(concealment(at_step(10), 1, false).masking);
    CHECK(concealment(at_step(5), 1, false).reason == "hidden until you answer the question");
}

TEST_CASE("concealment: a reveal, or moving past the question, shows the values") {
    State s = at_step(5);
    s.lesson.answer = 0;
    CHECK(concealment(s, 1, false).weights);  // choosing is not revealing
    s.lesson.revealed = true;
    CHECK_FALSE(concealment(s, 1, false).any());
    State later = at_step(3, 1);
    later.lesson.revealed = true;
    CHECK_FALSE(concealment(later, 2, false).any());
}

TEST_CASE("concealment: a step without a question covers nothing, nor does free exploration") {
    CHECK_FALSE(concealment(at_step(9), 0, false).any());
    State free;
    load_example("your-journey", &free);
    CHECK_FALSE(concealment(free, 0, false).any());
}

TEST_CASE("concealment: practice hides what the exercise asks for until it is solved") {
    State s;
    load_example("your-journey", &s);
    const Concealment scores = concealment(enter_exercise(0, s), 0, false);
    CHECK(scores.scores);
    CHECK(scores.reason == "hidden until you solve the exercise");
    CHECK(concealment(enter_exercise(1, s), 0, false).weights);
    CHECK_FALSE(concealment(enter_exercise(1, s), 0, true).any());
    CHECK_FALSE(concealment(enter_exercise(2, s), 0, false).any());  // reading the projected panel is the point
    CHECK_FALSE(concealment(enter_bug(Bug::WrongQuery, s), 0, false).any());
}
