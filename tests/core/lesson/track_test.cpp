// The lesson track: ten steps in the seeds' order, the state each step sets up, and step text
// whose numbers come from the core (they change when the data changes).
#include "core/lesson/track.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/step_text.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

// All lines of the step, hidden ones included, joined.
std::string all_text(const State& s) {
    std::string out;
    for (const LessonLine& line : step_lines(attn_test::chapter(), s, compute_attention(s))) out += line.text + "\n";
    return out;
}

// Only the lines a learner sees now.
std::string visible_text(const State& s) {
    std::string out;
    for (const LessonLine& line : step_lines(attn_test::chapter(), s, compute_attention(s)))
        if (line.after_question < 0 || question_done(s.lesson, line.after_question)) out += line.text + "\n";
    return out;
}

State fresh() {
    State s;
    load_example("your-journey", &s);
    return s;
}

}  // namespace

TEST_CASE("lesson: fourteen steps in the book's order, numbered 1..14, each naming the panels that matter") {
    const Lesson& lesson = attn_test::chapter();
    REQUIRE(lesson.step_count() == kLessonSteps);
    CHECK(lesson.id == "chapter-3");
    const char* words[] = {"query",      "dot product",      "score loop",        "alignment", "softmax",
                           "robustness", "context vector",   "inputs @ inputs.T", "sqrt(d_k)", "causal",
                           "nn.Linear",  "Masking two ways", "Dropout",           "Multi-head"};
    for (int k = 1; k <= kLessonSteps; ++k) {
        const StepSpec* step = lesson.step(k);
        REQUIRE(step != nullptr);
        INFO(step->title);
        CHECK(contains(step->title, words[k - 1]));
        CHECK_FALSE(step->watch.empty());
        CHECK_FALSE(step->questions.empty());
    }
    CHECK(lesson.step(0) == nullptr);
    CHECK(lesson.step(kLessonSteps + 1) == nullptr);
    CHECK(lesson.step_indicator(0) == "Free exploration");
    CHECK(lesson.step_indicator(3) == "Step 3 of 14");
    CHECK(lesson.step_indicator(42) == "Step 14 of 14");
}

TEST_CASE("lesson: enter_step sets up the example, query and settings each step needs") {
    State start = fresh();
    start.norm = Norm::Sum;
    start.lab_scale = 50;
    start.causal = true;
    start.lesson.answer = 2;
    start.lesson.revealed = true;
    struct Want {
        int step;
        const char* example;
        int query;
        Norm norm;
        bool projection, causal;
    };
    const Want wants[] = {
        {1, "three-tokens", 1, Norm::Softmax, false, false}, {2, "three-tokens", 1, Norm::Softmax, false, false},
        {3, "three-tokens", 1, Norm::Softmax, false, false}, {4, "alignment", 0, Norm::Softmax, false, false},
        {5, "cat-sat-mat", 1, Norm::Softmax, false, false},  {6, "cat-sat-mat", 1, Norm::SoftmaxNaive, false, false},
        {7, "your-journey", 1, Norm::Softmax, false, false}, {8, "your-journey", 1, Norm::Softmax, false, false},
        {9, "your-journey", 1, Norm::Softmax, true, false},  {10, "your-journey", 1, Norm::Softmax, false, true},
    };
    for (const Want& w : wants) {
        INFO("step " << w.step);
        const State s = enter_step(attn_test::chapter(), w.step, start);
        CHECK(validate_state(s) == "");
        CHECK(s.step == w.step);
        CHECK(s.example == w.example);
        State example;
        load_example(w.example, &example);
        CHECK(s.tokens == example.tokens);
        CHECK(s.inputs.data == example.inputs.data);
        CHECK(s.query == w.query);
        CHECK(s.norm == w.norm);
        CHECK(s.projection.enabled == w.projection);
        CHECK(s.causal == w.causal);
        CHECK(s.lab_scale == 1.0f);  // the lab starts unscaled; the slider is the learner's
        CHECK(s.lesson == LessonState());
    }
    CHECK(enter_step(attn_test::chapter(), 9, start).projection == ProjectionSettings{true, 123, 2});
}

TEST_CASE("lesson: step 0 leaves the lesson but keeps the learner's data; steps past the track clamp") {
    State s = enter_step(attn_test::chapter(), 4, fresh());
    s.inputs.at(1, 0) = 0.5f;
    s.example.clear();
    const State out = enter_step(attn_test::chapter(), 0, s);
    CHECK(out.step == 0);
    CHECK(out.inputs.data == s.inputs.data);
    CHECK(out.lesson == LessonState());
    CHECK(enter_step(attn_test::chapter(), 99, fresh()).step == kLessonSteps);
}

TEST_CASE("lesson: leaving after step 10 turns the causal mask and the lab's multiplier off") {
    State s = enter_step(attn_test::chapter(), 10, fresh());
    REQUIRE(s.causal);
    s.lab_scale = 8.0f;
    const State out = leave_lesson(s);
    CHECK(out.step == 0);
    CHECK_FALSE(out.causal);
    CHECK(out.lab_scale == 1.0f);
    CHECK(out.inputs.data == s.inputs.data);  // the data stays
}

TEST_CASE("lesson: answering, revealing and moving to the next question") {
    State s = enter_step(attn_test::chapter(), 3, fresh());
    s = choose_answer(s, 1);
    CHECK(s.lesson.answer == 1);
    CHECK_FALSE(s.lesson.revealed);
    s = reveal(s);
    CHECK(s.lesson.revealed);
    CHECK(question_done(s.lesson, 0));
    CHECK_FALSE(question_done(s.lesson, 1));
    s = choose_answer(s, 2);  // a new choice hides the earlier reveal
    CHECK_FALSE(s.lesson.revealed);
    s = next_question(reveal(s));
    CHECK(s.lesson.question == 1);
    CHECK(s.lesson.answer == -1);
    CHECK_FALSE(s.lesson.revealed);
    CHECK(question_done(s.lesson, 0));
    CHECK(validate_state(s) == "");
}

TEST_CASE("lesson: enter_exercise and enter_bug set the mode and the data they ask about") {
    for (int i = 0; i < kExerciseCount; ++i) {
        const State s = enter_exercise(i, fresh());
        CHECK(validate_state(s) == "");
        CHECK(s.lesson.mode == LessonMode::Practice);
        CHECK(s.lesson.exercise == i);
    }
    CHECK(enter_exercise(0, fresh()).example == "three-tokens");
    CHECK(enter_exercise(1, fresh()).example == "cat-sat-mat");
    // Practice 3 starts with the projection off: turning it on is the learner's part.
    CHECK_FALSE(enter_exercise(2, fresh()).projection.enabled);
    CHECK(enter_exercise(2, fresh()).query == 0);
    CHECK(enter_exercise(7, fresh()).lesson.exercise == kExerciseCount - 1);
    const State b = enter_bug(Bug::WrongQuery, fresh());
    CHECK(b.lesson.mode == LessonMode::Debug);
    CHECK(b.lesson.bug == Bug::WrongQuery);
    CHECK(b.lesson.trace == 0);
    CHECK(b.example == "three-tokens");
    CHECK(enter_bug(Bug::ScaleByValues, fresh()).projection.enabled);
}

TEST_CASE("lesson text: the book's numbers appear, computed, in the steps that teach them") {
    const State start = fresh();
    // Step 5, cat-sat-mat: scores [1, 5, 2]; divide-by-sum 1/8, 5/8, 2/8; softmax e^s / (e + e^5 + e^2).
    const std::string five = all_text(enter_step(attn_test::chapter(), 5, start));
    CHECK(contains(five, "[1, 5, 2]"));
    CHECK(contains(five, "[0.1250, 0.6250, 0.2500]"));  // computed: four decimals, as the panels print
    CHECK(contains(five, "[0.0171, 0.9362, 0.0466]"));
    // Step 7, your-journey: the book's context vector.
    CHECK(contains(all_text(enter_step(attn_test::chapter(), 7, start)), "z = [0.4419, 0.6515, 0.5683]"));
    // Step 3, three-tokens: 2·2 + 2·2 = 8.
    CHECK(contains(all_text(enter_step(attn_test::chapter(), 3, start)),
                   "attn_scores[1] = torch.dot(inputs[1], query) = 2·2 + 2·2 = 8"));
    // Step 2: the manual loop and torch.dot agree on [1, 0]·[2, 2] = 2.
    CHECK(
        contains(all_text(enter_step(attn_test::chapter(), 2, start)), "manual loop = 2, torch.dot = 2: they agree."));
    // Step 6: the float32 overflow threshold, and where it is reached for max score 5.
    CHECK(contains(all_text(enter_step(attn_test::chapter(), 6, start)), "88.72 at about ×17.74"));
    // Step 10: journey at position 1 sees Your and itself.
    CHECK(contains(all_text(enter_step(attn_test::chapter(), 10, start)),
                   "\"journey\" at position 1 attends to 2 tokens: \"Your\", \"journey\"."));
}

TEST_CASE("lesson text: step 5 says softmax widens the gaps only where the numbers show it") {
    // cat-sat-mat's scores [1, 5, 2]: softmax gives the top 0.9362, divide-by-sum 0.6250.
    State s = enter_step(attn_test::chapter(), 5, fresh());
    CHECK(contains(all_text(s), "softmax exaggerates the gaps"));
    // Close scores (a teacher's sentence): softmax is the flatter one, and the step says so.
    s.inputs = Matrix(3, 2);
    s.inputs.data = {0.5f, 0.5f, 0.6f, 0.5f, 0.5f, 0.6f};
    s.tokens = {"a", "b", "c"};
    s.example.clear();
    const std::string close = all_text(s);
    CHECK(contains(close, "here softmax is the flatter one"));
    CHECK_FALSE(contains(close, "exaggerates"));
    // Equal scores: the step's question answers "the same", and so do its words.
    s.inputs.data = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
    const std::string equal = all_text(s);
    CHECK(contains(equal, "the two give the top score the same weight"));
    CHECK_FALSE(contains(equal, "flatter"));
}

TEST_CASE("lesson text: results the questions ask about stay hidden until revealed") {
    State s = enter_step(attn_test::chapter(), 5, fresh());
    CHECK_FALSE(contains(visible_text(s), "0.9362"));
    s = reveal(choose_answer(s, 0));
    CHECK(contains(visible_text(s), "0.9362"));
}

TEST_CASE("lesson text: the numbers follow the learner's edits") {
    State s = enter_step(attn_test::chapter(), 3, fresh());
    s.inputs.at(1, 0) = 3.0f;  // query [3, 2]: token 0 scores 3, itself 13, token 2 scores 2
    s.example.clear();
    const std::string text = all_text(s);
    CHECK(contains(text, "3·3 + 2·2 = 13"));
    CHECK_FALSE(contains(text, "= 8\n"));
    s.query = 2;
    CHECK(contains(all_text(s), "attn_scores[1] = torch.dot(inputs[1], query) = 3·0 + 2·1 = 2"));
}

TEST_CASE("lesson text: step 4's table reads sign and size (same 2, orthogonal 0, opposite -2)") {
    State s = enter_step(attn_test::chapter(), 4, fresh());
    const std::vector<AlignmentRow> rows = alignment_rows(attn_test::texts(), s, compute_attention(s));
    REQUIRE(rows.size() == 4);
    CHECK(rows[1].dot == 2.0f);
    CHECK(rows[1].products == "1, 1");
    CHECK(contains(rows[1].reading, "same direction"));
    CHECK(rows[2].dot == 0.0f);
    CHECK(rows[2].products == "1, -1");
    CHECK(contains(rows[2].reading, "right angles"));
    CHECK(rows[3].dot == -2.0f);
    CHECK(contains(rows[3].reading, "opposite"));
    CHECK(rows[3].cosine == doctest::Approx(-1.0));
    // Dragging w to [1, 0.5] makes it partly aligned.
    s.inputs.at(2, 1) = 0.5f;
    CHECK(contains(alignment_rows(attn_test::texts(), s, compute_attention(s))[2].reading, "partly aligned"));
}

TEST_CASE("lesson text: every step has text for every example and query, and none for step 0") {
    for (const Example& e : examples()) {
        State base;
        load_example(e.name, &base);
        for (int step = 1; step <= kLessonSteps; ++step) {
            State s = enter_step(attn_test::chapter(), step, base);
            load_example(e.name, &s);  // the same step over every example's data
            s.step = step;
            for (int q = 0; q < s.inputs.rows; ++q) {
                s.query = q;
                INFO(e.name << " step " << step << " query " << q);
                const auto lines = step_lines(attn_test::chapter(), s, compute_attention(s));
                CHECK(lines.size() >= 2);
                for (const LessonLine& line : lines) CHECK_FALSE(line.text.empty());
            }
        }
    }
    State zero = fresh();
    CHECK(step_lines(attn_test::chapter(), zero, compute_attention(zero)).empty());
}

TEST_CASE("lesson: a link naming only a step opens the step as the lesson sets it up") {
    const State fallback = fresh();
    const State nine =
        step_link_state(attn_test::chapter(), parse_url_fragment("#step=9&panels=lesson,projection", fallback));
    CHECK(nine.step == 9);
    CHECK(nine.projection.enabled);  // what step 9 is about
    CHECK(nine.panels == std::vector<std::string>{"lesson", "projection"});
    const State one = step_link_state(attn_test::chapter(), parse_url_fragment("#step=1", fallback));
    CHECK(one.inputs.rows == 3);  // step 1 works on three tokens
    // Any data or settings key: the link is the state it spells out.
    const State spelled = step_link_state(attn_test::chapter(), parse_url_fragment("#step=9&project=0", fallback));
    CHECK_FALSE(spelled.projection.enabled);
    CHECK(step_link_state(attn_test::chapter(), parse_url_fragment("#query=2", fallback)).step == 0);
}
