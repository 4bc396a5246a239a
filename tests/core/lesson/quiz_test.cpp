// Predict-then-reveal questions: generated from the state, right for the seeds' data, still right
// after edits, and every wrong choice explained.
#include "core/lesson/quiz.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "core/document/examples.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"
#include "lesson_session.h"

using namespace attn;
using attn_test::contains;

namespace {

State at_step(int step) {
    State s;
    load_example("your-journey", &s);
    return enter_step(attn_test::chapter(), step, s);
}

std::vector<Question> questions(const State& s) {
    return step_questions(attn_test::chapter(), s, compute_attention(s));
}

int choice_of(const Question& q, const std::string& text) {
    for (size_t i = 0; i < q.choices.size(); ++i)
        if (q.choices[i] == text) return int(i);
    FAIL("no choice " << text);
    return -1;
}

std::vector<std::string> correct_choices(const Question& q) {
    std::vector<std::string> out;
    for (size_t i = 0; i < q.choices.size(); ++i)
        if (q.correct[i]) out.push_back(q.choices[i]);
    return out;
}

}  // namespace

TEST_CASE("quiz: the seeds' question - token 1 of [1,0], [2,2], [0,1] scores highest, with 8") {
    const auto qs = questions(at_step(3));
    REQUIRE(qs.size() == 2);
    const Question& q = qs[1];
    CHECK(q.id == "highest-score");
    REQUIRE(q.choices.size() == 3);
    CHECK(correct_choices(q) == std::vector<std::string>{"\"token 1\" [2, 2]"});
    CHECK(q.answer == "Token 1, with a score of 8.");
    CHECK(contains(q.reason, "is the query itself: 2·2 + 2·2 = 8"));
    CHECK(contains(q.reason, "The others score at most 2."));
    const RevealResult wrong = reveal_answer(attn_test::texts(), q, 0);
    CHECK(wrong.answered);
    CHECK_FALSE(wrong.correct);
    CHECK(contains(wrong.mistake, "compared with itself too"));
    CHECK(contains(wrong.mistake, "1·2 + 0·2 = 2, less than 8"));
}

TEST_CASE("quiz: how many scores for three tokens - 3; expecting 2 means the query was skipped") {
    const Question q = questions(at_step(3))[0];
    CHECK(q.id == "count-scores");
    std::vector<std::string> sorted = q.choices;  // shown in the question's own fixed order
    std::sort(sorted.begin(), sorted.end());
    CHECK(sorted == std::vector<std::string>{"2", "3", "9"});
    CHECK(correct_choices(q) == std::vector<std::string>{"3"});
    CHECK(contains(reveal_answer(attn_test::texts(), q, choice_of(q, "2")).mistake, "skips the query"));
    CHECK(contains(reveal_answer(attn_test::texts(), q, choice_of(q, "9")).mistake, "every pair of tokens"));
    CHECK(reveal_answer(attn_test::texts(), q, choice_of(q, "3")).verdict == "Right.");
}

TEST_CASE("quiz: query = inputs[1] is the second token; picking the first is counting from one") {
    const Question q = questions(at_step(1))[0];
    CHECK(q.id == "which-token");
    CHECK(correct_choices(q) == std::vector<std::string>{"the 2nd token, \"token 1\" = [2, 2]"});
    CHECK(contains(q.mistakes[0], "counting from one"));
}

TEST_CASE("quiz: the dot product is one number; the products list and the sums are the mistakes") {
    const Question q = questions(at_step(2))[0];
    CHECK(correct_choices(q) == std::vector<std::string>{"2"});  // 1·2 + 0·2
    CHECK(contains(reveal_answer(attn_test::texts(), q, choice_of(q, "[2, 0]")).mistake, "element-wise products"));
    CHECK(contains(reveal_answer(attn_test::texts(), q, choice_of(q, "5")).mistake, "adds every element"));  // 1+0+2+2
    CHECK(contains(reveal_answer(attn_test::texts(), q, choice_of(q, "4")).mistake,
                   "multiplies the two sums"));  // (1+0)·(2+2)
}

TEST_CASE("quiz: reading -2 as alignment, not as just a number") {
    const Question q = questions(at_step(4))[0];
    CHECK(q.id == "lowest-meaning");
    CHECK(contains(q.prompt, "\"z\" scores -2 against the query \"u\""));
    CHECK(correct_choices(q) == std::vector<std::string>{"\"z\" points away from \"u\""});
    const RevealResult just_a_number =
        reveal_answer(attn_test::texts(), q, choice_of(q, "Nothing: -2 is just a number, lower than the others"));
    CHECK(contains(just_a_number.mistake, "not just a number"));
}

TEST_CASE("quiz: the sharper distribution for [1, 5, 2] is softmax (0.9362 against 0.625)") {
    const Question q = questions(at_step(5))[0];
    CHECK(correct_choices(q) == std::vector<std::string>{"softmax"});
    CHECK(q.answer == "Softmax: its top weight is 0.9362, against 0.6250.");
}

TEST_CASE("quiz: at ×20 the hand-written softmax gives nan for sat; the exact 1 is the tempting answer") {
    const Question q = questions(at_step(6))[0];
    CHECK(contains(q.prompt, "×20"));
    CHECK(contains(q.prompt, "[20, 100, 40]"));
    CHECK(correct_choices(q) == std::vector<std::string>{"nan"});
    // The reason is the rule; the lab's lines beside it (shown at the same reveal) say where it
    // broke, and the reason no longer repeats them word for word.
    CHECK(contains(q.reason, "past 88.72, or a sum of exps past that"));
    CHECK(contains(q.reason, "subtracts the largest score first"));
    CHECK(!contains(q.reason, "exp(100) = inf"));
    CHECK(contains(reveal_answer(attn_test::texts(), q, choice_of(q, "1")).mistake, "float32 cannot hold exp(100)"));
}

TEST_CASE("quiz: where nothing breaks or nothing differs, the reveal does not say it does") {
    // Identical embeddings: both normalisations give a third each. A pick of either is told they
    // tie, not that one is flatter ("flatter: 0.3333 against 0.3333").
    State s = at_step(5);
    s.inputs = Matrix::from_rows({{0.5f, 0.5f}, {0.5f, 0.5f}, {0.5f, 0.5f}});
    s.tokens = {"a", "b", "c"};
    s.query = 0;
    const Question tie = questions(s)[0];
    REQUIRE(correct_choices(tie) == std::vector<std::string>{"neither: they give the same weights"});
    for (const char* pick : {"softmax", "divide by the sum"})
        CHECK(reveal_answer(attn_test::texts(), tie, choice_of(tie, pick)).mistake ==
              "Neither: both give a top weight of 0.3333.");
    // Scores so small that no ×-setting breaks the hand-written softmax: the reason says both
    // agree, not that the division breaks.
    State small = at_step(6);
    small.inputs = Matrix::from_rows({{0.01f, 0.0f}, {0.0f, 0.01f}, {0.01f, 0.01f}});
    small.tokens = {"a", "b", "c"};
    small.query = 2;
    const Question q = questions(small)[0];
    CHECK(contains(q.reason, "Both agree"));
    CHECK(!contains(q.reason, "breaks"));
    // Nor does a pick of inf hear that something overflowed (a reviewer's probe).
    const std::string inf = reveal_answer(attn_test::texts(), q, choice_of(q, "inf")).mistake;
    CHECK(contains(inf, "Nothing overflows here"));
    CHECK(!contains(inf, "overflows to inf"));
    CHECK(!contains(inf, "is inf"));
}

TEST_CASE("quiz: where only the sum of the exps overflows, the mistakes do not say exp(max) is inf") {
    // Two tied tokens score 1.3285² = 1.7649; at ×50 each exp(88.25) fits float32 (2.1e38), their
    // sum (4.2e38) does not: the naive weight is finite / inf = 0.
    State s = at_step(6);
    s.inputs = Matrix::from_rows({{1.3285f, 0.0f}, {1.3285f, 0.0f}, {0.0f, 0.0f}});
    s.tokens = {"a", "b", "c"};
    s.query = 0;
    const Question q = questions(s)[0];
    REQUIRE(contains(q.prompt, "×50"));
    CHECK(correct_choices(q) == std::vector<std::string>{"0"});
    const std::string exact = reveal_answer(attn_test::texts(), q, choice_of(q, "0.5000")).mistake;
    const std::string inf = reveal_answer(attn_test::texts(), q, choice_of(q, "inf")).mistake;
    CHECK(contains(exact, "the sum of the exps overflows to inf (exp(88.25) alone still fits)"));
    CHECK(contains(inf, "exp(88.25) still fits in float32"));
    for (const std::string& m : {exact, inf}) {
        CHECK(!contains(m, "cannot hold exp("));
        CHECK(!contains(m, "is inf, but"));
    }
}

TEST_CASE("quiz: context size, matrix shape, softmax dim, scaling and causal count follow the data") {
    CHECK(correct_choices(questions(at_step(7))[0]) == std::vector<std::string>{"3"});
    const auto eight = questions(at_step(8));
    CHECK(correct_choices(eight[0]) == std::vector<std::string>{"(6, 6)"});
    CHECK(correct_choices(eight[1]) == std::vector<std::string>{"torch.softmax(attn_scores, dim=-1)"});
    CHECK(contains(eight[1].mistakes[size_t(choice_of(eight[1], "torch.softmax(attn_scores, dim=0)"))],
                   "columns sum to 1"));
    const Question scaling = questions(at_step(9))[0];
    CHECK(correct_choices(scaling) == std::vector<std::string>{"It grows toward 1: softmax gets sharper"});
    const Question causal = questions(at_step(10))[0];
    CHECK(correct_choices(causal) == std::vector<std::string>{"2"});
    CHECK(causal.answer == "2: \"Your\", \"journey\".");
    CHECK(contains(reveal_answer(attn_test::texts(), causal, choice_of(causal, "1")).mistake,
                   "leaves out the token itself"));
}

TEST_CASE("quiz: questions stay right when the learner edits the data") {
    State s = at_step(3);
    s.inputs.at(0, 0) = 5.0f;  // token 0 = [5, 0]: 5·2 + 0·2 = 10 beats the query's own 8
    s.example.clear();
    const Question q = questions(s)[1];
    CHECK(correct_choices(q) == std::vector<std::string>{"\"token 0\" [5, 0]"});
    CHECK(q.answer == "Token 0, with a score of 10.");
    s.query = 2;
    CHECK(questions(s)[1].prompt == "Using \"token 2\" = [0, 1] as the query, which token will get the highest score?");
}

TEST_CASE("quiz: a tie makes every top token correct") {
    State s = at_step(3);
    s.inputs = Matrix::from_rows({{2, 2}, {2, 2}, {0, 1}});
    const Question q = questions(s)[1];
    CHECK(correct_choices(q).size() == 2);
}

TEST_CASE("quiz: reveal before answering asks for an answer; out-of-range choices count as none") {
    const Question q = questions(at_step(3))[0];
    for (int choice : {-1, 3, 99}) {
        const RevealResult r = reveal_answer(attn_test::texts(), q, choice);
        CHECK_FALSE(r.answered);
        CHECK(r.verdict == "Pick an answer first.");
        CHECK(r.answer == q.answer);
    }
}

TEST_CASE("quiz: every question of every step is well formed for every example and query") {
    for (const Example& e : examples()) {
        for (int step = 1; step <= kLessonSteps; ++step) {
            State s;
            load_example(e.name, &s);
            s = enter_step(attn_test::chapter(), step, s);
            load_example(e.name, &s);
            s.step = step;
            s.projection.enabled = step == 9;
            s.causal = step == 10;
            for (int q = 0; q < s.inputs.rows; ++q) {
                s.query = q;
                for (const Question& question : questions(s)) {
                    INFO(e.name << " step " << step << " query " << q << " " << question.id);
                    CHECK(question.choices.size() >= 2);
                    CHECK(question.choices.size() <= size_t(kMaxChoiceIndex + 1));
                    CHECK(question.correct.size() == question.choices.size());
                    CHECK(question.mistakes.size() == question.choices.size());
                    CHECK_FALSE(correct_choices(question).empty());
                    CHECK_FALSE(question.answer.empty());
                    CHECK_FALSE(question.reason.empty());
                    for (size_t i = 0; i < question.choices.size(); ++i)
                        CHECK(question.correct[i] == question.mistakes[i].empty());
                }
            }
        }
    }
}

// The right choice's place does not give it away: walking the built-in lessons on their own data,
// it is first in at most a quarter of the questions, and two questions in a row never have it in
// the same place (token lists, which keep the inputs' order, aside). The shuffle's salt is frozen
// (records' choice letters depend on it): a lesson edit that breaks this reorders its questions or
// its kinds' choices, not the salt.
TEST_CASE("quiz: choices - the right one's place differs from question to question, rarely first") {
    for (const Lesson* lesson : {&attn_test::chapter(), &attn_test::generation_lesson()}) {
        INFO("lesson " << lesson->id);
        attn_test::Session s;
        lesson_set(&s.lesson, lesson);
        std::vector<std::pair<std::string, int>> places;  // (kind, right choice's index)
        s.act(LessonAction::StartTrack);
        for (int step = 1; step <= lesson->step_count(); ++step) {
            if (step > 1) s.act(LessonAction::GoToStep, step);
            REQUIRE(s.state.step == step);
            for (size_t k = 0; k < s.lesson.questions.size(); ++k) {
                if (k > 0) s.act(LessonAction::NextQuestion);
                places.emplace_back(s.lesson.questions[k].id, s.right_choice());
                s.act(LessonAction::Choose, s.right_choice());
                s.act(LessonAction::Reveal);
            }
        }
        REQUIRE(places.size() >= 4);
        int first = 0, counted = 0, previous = -1;
        for (const auto& kind_place : places) {
            const std::string& kind = kind_place.first;
            const int place = kind_place.second;
            INFO(kind << " at " << place);
            CHECK(place >= 0);
            if (kind == "which-token" || kind == "highest-score") {
                previous = -1;
                continue;
            }
            CHECK(place != previous);
            previous = place;
            first += place == 0 ? 1 : 0;
            ++counted;
        }
        CHECK(first * 4 <= counted);
    }
}

// The order is fixed per kind and slot, not per data: a choice merged or added only on some data
// (causal-count merges two when the query is the first token) moves no other choice. Checked on
// each step's own data against the same step with the query at the first and the last token.
TEST_CASE("quiz: choices - each kind keeps its slots in one order on any data") {
    int merged = 0;  // comparisons where one side has fewer choices: what the order must survive
    for (const Lesson* lesson : {&attn_test::chapter(), &attn_test::generation_lesson()}) {
        attn_test::Session s;
        lesson_set(&s.lesson, lesson);
        s.act(LessonAction::StartTrack);
        int compared = 0;
        for (int step = 1; step <= lesson->step_count(); ++step) {
            if (step > 1) s.act(LessonAction::GoToStep, step);
            const std::vector<Question> own = s.lesson.questions;
            for (const int query : {0, s.state.inputs.rows - 1}) {
                State other = s.state;
                other.query = query;
                const std::vector<Question> moved = step_questions(*lesson, other, compute_attention(other),
                                                                   other.module.enabled ? &s.module : nullptr);
                for (const Question& a : own)
                    for (const Question& b : moved) {
                        if (a.id != b.id || a.id == "which-token" || a.id == "highest-score") continue;
                        INFO(a.id << " at step " << step << ", query " << query);
                        std::vector<int> common_a, common_b;
                        for (int slot : a.slots)
                            if (std::find(b.slots.begin(), b.slots.end(), slot) != b.slots.end())
                                common_a.push_back(slot);
                        for (int slot : b.slots)
                            if (std::find(a.slots.begin(), a.slots.end(), slot) != a.slots.end())
                                common_b.push_back(slot);
                        CHECK(common_a == common_b);
                        merged += a.slots.size() != b.slots.size() ? 1 : 0;
                        ++compared;
                    }
            }
        }
        CHECK(compared >= 8);
    }
    CHECK(merged >= 1);
}

TEST_CASE("quiz: the causal count says one later token in the singular") {
    // A teacher read "The 1 tokens after position 1 are hidden" and "the 1 later scores".
    State s = at_step(10);
    s.query = s.inputs.rows - 2;  // one token after the query
    const auto qs = questions(s);
    const auto q = std::find_if(qs.begin(), qs.end(), [](const Question& x) { return x.id == "causal-count"; });
    REQUIRE(q != qs.end());
    CHECK(contains(q->reason, "the one later score becomes -inf"));
    const RevealResult unmasked = reveal_answer(attn_test::texts(), *q, choice_of(*q, std::to_string(s.inputs.rows)));
    CHECK(contains(unmasked.mistake, "The token after position 4 is hidden."));
    s.query = 1;  // four after it: the plural
    const auto many = questions(s);
    const auto m = std::find_if(many.begin(), many.end(), [](const Question& x) { return x.id == "causal-count"; });
    REQUIRE(m != many.end());
    CHECK(contains(m->reason, "the 4 later scores become -inf"));
}
