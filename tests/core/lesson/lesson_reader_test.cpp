// The lesson as text (the page's HTML copy of the band): what it says before and after each
// reveal, walked through the whole track by the action names the page sends.
#include "core/lesson/lesson_reader.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/json.h"
#include "core/lesson/lesson_session.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;
using attn_test::Session;

namespace {

JsonValue view_of(const Session& s) {
    const JsonParseResult parsed = parse_json(lesson_reader_json(s.lesson, s.state, s.result));
    REQUIRE(parsed.ok);
    return parsed.value;
}

// A member the view always has.
const JsonValue& at(const JsonValue& v, const char* key) {
    const JsonValue* found = v.find(key);
    REQUIRE_MESSAGE(found, "the view has " << key);
    return *found;
}

// The page's intent by name, as attn_lesson_intent parses it.
void act_by_name(Session* s, const char* name, int value = 0) {
    LessonAction action;
    REQUIRE(parse_lesson_action(name, &action));
    s->act(action, value);
}

}  // namespace

TEST_CASE("lesson reader: every step's text and question, the answer only after Reveal, to 16 of 16") {
    Session s;
    CHECK_FALSE(at(view_of(s), "in_lesson").boolean);
    act_by_name(&s, "start");
    int questions = 0;
    for (int step = 1; step <= kLessonSteps; ++step) {
        REQUIRE(s.state.step == step);
        JsonValue v = view_of(s);
        CHECK(at(v, "title").text == s.lesson.lesson->step(step)->title);
        CHECK(at(v, "indicator").text == s.lesson.lesson->step_indicator(step));
        // Lines that give an answer away wait for its reveal, and the text says more will come.
        const size_t lines_before = at(v, "lines").items.size();
        CHECK(at(v, "more").text.empty() == !s.lesson.lines_pending);
        for (size_t k = 0; k < s.lesson.questions.size(); ++k) {
            if (k > 0) act_by_name(&s, "next-question");
            const Question q = s.lesson.questions[k];
            const JsonValue open = view_of(s);
            // While the question is open nothing in the text states its answer or its reason.
            CHECK_MESSAGE(!attn_test::json_says(open, q.answer),
                          "step " << step << " shows \"" << q.answer << "\" before Reveal");
            CHECK_MESSAGE(!attn_test::json_says(open, q.reason), "step " << step << " shows its reason before Reveal");
            v = view_of(s);
            const JsonValue& asked = at(v, "question");
            REQUIRE(asked.is_object());
            CHECK(at(asked, "prompt").text == q.prompt);
            CHECK(at(asked, "choices").items.size() == q.choices.size());
            CHECK(asked.find("verdict") == nullptr);
            CHECK(asked.find("right_choices") == nullptr);  // which choices are right: only once revealed
            CHECK(at(asked, "answer").as_double() == -1);
            act_by_name(&s, "choose", s.right_choice());
            CHECK(at(at(view_of(s), "question"), "answer").as_double() == s.right_choice());
            act_by_name(&s, "reveal");
            v = view_of(s);
            const JsonValue& revealed = at(v, "question");
            CHECK(at(revealed, "revealed").boolean);
            CHECK(at(revealed, "correct").boolean);
            CHECK(at(revealed, "verdict").text == "Right.");
            CHECK(contains(at(revealed, "answer_line").text, q.answer));
            CHECK(at(revealed, "reason").text == q.reason);
            CHECK(at(revealed, "mistake").text.empty());
            bool lists_choice = false;  // the right choices, the learner's among them
            for (const JsonValue& i : at(revealed, "right_choices").items) {
                CHECK(q.correct.at(size_t(i.as_double())));
                lists_choice = lists_choice || int(i.as_double()) == s.right_choice();
            }
            CHECK(lists_choice);
            CHECK(at(revealed, "next").text.empty() == (k + 1 == s.lesson.questions.size()));
            ++questions;
        }
        const JsonValue done = view_of(s);
        CHECK(at(done, "more").text.empty());
        CHECK(at(done, "lines").items.size() >= lines_before);
        if (step == 3) CHECK(at(done, "lines").items.size() > lines_before);  // the loop's slots, once answered
        const bool last = step == kLessonSteps;
        CHECK(at(view_of(s), "wrap_up").is_object() == last);
        if (!last) act_by_name(&s, "go", step + 1);
    }
    CHECK(questions == 16);
    const JsonValue v = view_of(s);
    CHECK(contains(at(at(v, "wrap_up"), "summary").text, "16"));
    CHECK(at(at(v, "wrap_up"), "steps").items.size() == size_t(kLessonSteps));
    // The chapter leads on to the lesson after it, by the name lesson= takes.
    CHECK(at(at(at(v, "wrap_up"), "next_lesson"), "name").text == "generation");
    CHECK(at(at(at(v, "wrap_up"), "next_lesson"), "go").text == "Next lesson \u2192");
    CHECK(contains(at(at(at(v, "wrap_up"), "next_lesson"), "about").text, "the KV cache, grouped-query"));
    // A step of one question says its verdict; one of two numbers them (they ran together as
    // "not right right").
    CHECK(at(at(at(v, "wrap_up"), "steps").items[0], "marks").text == "right");
    CHECK(at(at(at(v, "wrap_up"), "steps").items[2], "marks").text == "question 1: right; question 2: right");
    // Step 14 asks its second question only with the multi-head wrapper: one answered, not numbered.
    CHECK(at(at(at(v, "wrap_up"), "steps").items[13], "marks").text == "right");
    // Step 3 asks two: with only its first answered, numbered, so that the second is seen to wait.
    Session once;
    act_by_name(&once, "start");
    act_by_name(&once, "go", 3);
    act_by_name(&once, "choose", once.right_choice());
    act_by_name(&once, "reveal");
    act_by_name(&once, "go", kLessonSteps);  // the wrap-up comes with the last step's answer
    act_by_name(&once, "choose", once.right_choice());
    act_by_name(&once, "reveal");
    CHECK(at(at(at(view_of(once), "wrap_up"), "steps").items[2], "marks").text == "question 1: right");
    CHECK(at(v, "resume").as_double() == 0);  // in the lesson: nothing to go back to
    act_by_name(&s, "leave");
    CHECK_FALSE(at(view_of(s), "in_lesson").boolean);
    CHECK(at(view_of(s), "resume").as_double() == kLessonSteps);  // "start" goes back to the step left
}

TEST_CASE("lesson reader: a wrong answer shows its common mistake; unknown action names are refused") {
    Session s;
    act_by_name(&s, "go", 3);
    REQUIRE(s.state.step == 3);
    act_by_name(&s, "choose", s.wrong_choice());
    act_by_name(&s, "reveal");
    const JsonValue v = view_of(s);
    CHECK_FALSE(at(at(v, "question"), "correct").boolean);
    CHECK(at(at(v, "question"), "verdict").text == "Not quite.");
    CHECK_FALSE(at(at(v, "question"), "mistake").text.empty());
    LessonAction action;
    CHECK_FALSE(parse_lesson_action("explode", &action));
    CHECK_FALSE(parse_lesson_action("", &action));
    CHECK_FALSE(parse_lesson_action("Reveal", &action));
}

TEST_CASE("lesson reader: the wrap-up names the ideas a wrong first answer reveals, each with its step asked afresh") {
    Session s;
    act_by_name(&s, "go", 2);
    const int wrong = s.wrong_choice();
    act_by_name(&s, "choose", wrong);
    act_by_name(&s, "reveal");
    const std::string idea = s.lesson.questions[0].misconceptions[size_t(wrong)];
    REQUIRE_FALSE(idea.empty());
    act_by_name(&s, "go", kLessonSteps);
    s.answer_step(true);  // the wrap-up follows the last step's answer
    JsonValue v = view_of(s);
    const JsonValue& wrap = at(v, "wrap_up");
    CHECK(at(wrap, "revisit").text == "Ideas to revisit, from your first answers:");
    CHECK(at(wrap, "revisit_note").text ==
          "A step revisited asks its questions afresh; your first answers still count.");
    CHECK(contains(at(wrap, "next").text, "Next in the book: chapter 4"));  // the chapter's own way on
    REQUIRE(at(wrap, "revisits").items.size() == 1);
    const JsonValue& r = at(wrap, "revisits").items[0];
    CHECK(at(r, "step").as_double() == 2);
    CHECK(at(r, "go").text == s.lesson.lesson->texts.say("lesson.revisit-step", {{"step", 2}}));
    CHECK(at(r, "idea").text == s.lesson.lesson->texts.say("idea." + idea));
    // "go" brings step 2 back as it was left; "revisit" asks it afresh.
    act_by_name(&s, "go", 2);
    CHECK(at(at(view_of(s), "question"), "revealed").boolean);
    act_by_name(&s, "revisit", 2);
    v = view_of(s);
    CHECK_FALSE(at(at(v, "question"), "revealed").boolean);
    CHECK(at(at(v, "question"), "answer").as_double() == -1);
}

TEST_CASE("lesson reader: only the chapter says where the book goes next; another lesson leads on to practice") {
    Lesson other = *attn_test::Session().lesson.lesson;
    other.id = "my-sentence";
    CHECK(contains(wrap_up_next(other), "the chapter's own exercises"));
    CHECK_FALSE(contains(wrap_up_next(other), "chapter 4"));
    LessonEngine engine;
    engine.lesson = &other;
    CHECK(wrap_up_next_lesson(engine).empty());  // and leads to no other lesson
    other.id = "generation";
    CHECK(wrap_up_next_lesson(engine).empty());
    other.id = "chapter-3";
    CHECK(wrap_up_next_lesson(engine) == "generation");
    engine.pass_mark = 0.8;  // graded by a course: it does not lead away
    CHECK(wrap_up_next_lesson(engine).empty());
    engine.pass_mark = -1;
    engine.range_asked = "11-14";
    CHECK(wrap_up_next_lesson(engine).empty());
}

TEST_CASE("lesson reader: practice, as the band shows it: the field after a prediction, the core's verdict") {
    Session s;
    act_by_name(&s, "practice", 0);
    JsonValue v = view_of(s);
    REQUIRE(at(v, "practice").is_object());
    const JsonValue& p = at(v, "practice");
    CHECK(at(p, "exercises").items.size() == size_t(kExerciseCount));
    CHECK(at(at(p, "predict"), "answer").as_double() == -1);
    CHECK_FALSE(at(p, "checked").boolean);
    CHECK(at(p, "label").text == "your scores");
    // The exercise's data: query inputs[2] = [0, 1] against [1, 0], [2, 2], [0, 1].
    State next = s.state;
    next.query = 2;
    s.commit(next);
    act_by_name(&s, "predict", 1);
    s.act(LessonAction::CheckPractice, 0, "0 3 1");
    v = view_of(s);
    CHECK(at(at(v, "practice"), "checked").boolean);
    CHECK_FALSE(at(at(v, "practice"), "correct").boolean);
    REQUIRE(at(at(v, "practice"), "entries").items.size() == 3);
    CHECK(at(at(v, "practice"), "entries").items[1].as_double() == 0);
    CHECK(at(at(v, "practice"), "prediction").text.empty());
    s.act(LessonAction::CheckPractice, 0, "0, 2, 1");
    v = view_of(s);
    CHECK(at(at(v, "practice"), "correct").boolean);
    CHECK(contains(at(at(v, "practice"), "message").text, "All 3 scores are right"));
    CHECK(contains(at(at(v, "practice"), "prediction").text, "You predicted \"token 1\""));
    LessonAction action;
    REQUIRE(parse_lesson_action("check", &action));
    CHECK(action == LessonAction::CheckPractice);
    act_by_name(&s, "start-over");
    CHECK_FALSE(at(at(view_of(s), "practice"), "checked").boolean);
}

TEST_CASE("lesson reader: step 4's alignment table, its reading column covered until the answer") {
    Session s;
    act_by_name(&s, "go", 4);
    REQUIRE(s.state.step == 4);
    JsonValue v = view_of(s);
    REQUIRE(at(v, "table").is_object());
    const std::vector<JsonValue> rows = at(at(v, "table"), "rows").items;
    REQUIRE(rows.size() == size_t(s.state.inputs.rows));
    for (const JsonValue& row : rows) CHECK(contains(row.items[3].text, "answer the question first"));
    act_by_name(&s, "choose", s.right_choice());
    act_by_name(&s, "reveal");
    v = view_of(s);
    for (const JsonValue& row : at(at(v, "table"), "rows").items) {
        CHECK_FALSE(row.items[3].text.empty());
        CHECK_FALSE(contains(row.items[3].text, "answer the question first"));
    }
    act_by_name(&s, "go", 5);
    CHECK(at(view_of(s), "table").is_null());
}

TEST_CASE(
    "lesson reader: Debug this, as the band shows it: the program, the trace judged step by step, the bug found") {
    Session s;
    act_by_name(&s, "debug", int(Bug::WrongQuery));
    JsonValue v = view_of(s);
    REQUIRE(at(v, "debug").is_object());
    const JsonValue* d = &at(v, "debug");
    CHECK(at(*d, "bugs").items.size() == std::size(kDebugBugs));
    CHECK(at(at(*d, "bugs").items[0], "current").boolean);
    CHECK(at(at(*d, "bugs").items[0], "label").text == "A wrong score list");
    REQUIRE(!at(*d, "program").items.empty());
    for (const JsonValue& line : at(*d, "program").items)
        CHECK_FALSE(at(line, "buggy").boolean);  // not before it is found
    CHECK(at(*d, "steps").items.empty());
    REQUIRE(at(*d, "next").is_object());
    CHECK(contains(at(at(*d, "next"), "printed").text, "printed"));
    // "As it should be" at every step: at the first divergence a second look is asked for once,
    // then the walk stops there and says so.
    int judged = 0;
    std::string look_again;
    while (at(at(view_of(s), "debug"), "next").is_object() && judged < 20) {
        act_by_name(&s, "judge", 1), ++judged;
        const JsonValue next = at(at(view_of(s), "debug"), "next");
        if (next.is_object() && !at(next, "look_again").text.empty()) look_again = at(next, "look_again").text;
    }
    CHECK(contains(look_again, "Before you judge again"));
    v = view_of(s);
    d = &at(v, "debug");
    const auto& steps = at(*d, "steps").items;
    REQUIRE(!steps.empty());
    CHECK(int(steps.size()) == judged - 1);  // the second look judged the same step
    const JsonValue& last = steps.back();
    CHECK(at(last, "diverges").boolean);
    CHECK(contains(at(last, "judged").text, "Not quite"));  // said fine, and it differs
    CHECK(contains(at(last, "found").text, "First divergence"));
    CHECK(contains(at(last, "expected").text, "expected"));
    int buggy = 0;
    for (const JsonValue& line : at(*d, "program").items) buggy += at(line, "buggy").boolean ? 1 : 0;
    CHECK(buggy == 1);
    CHECK(at(*d, "next").is_null());
    act_by_name(&s, "trace-again");
    CHECK(at(at(view_of(s), "debug"), "steps").items.empty());
}

TEST_CASE("lesson reader: an intent's value out of its range is named, not applied") {
    Session s;
    CHECK(contains(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::OpenDebug, 99, ""}), "bug 99"));
    CHECK(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::OpenDebug, 0, ""}).empty());
    CHECK(
        contains(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::JudgeTrace, 2, ""}), "judgment"));
    CHECK(contains(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::OpenPractice, -2, ""}),
                   "exercise -2"));
    // -1: the Practice tab's "where the learner was, or the lesson's own first".
    CHECK(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::OpenPractice, -1, ""}).empty());
    CHECK(contains(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::Choose, 0, ""}),
                   "no question is open"));
    act_by_name(&s, "start");
    CHECK(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::Choose, 0, ""}).empty());
    CHECK(contains(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::Choose, 7, ""}), "choice 7"));
    CHECK(contains(lesson_intent_problem(s.lesson, s.state, LessonIntent{LessonAction::GoToStep, 15, ""}), "step 15"));
    // The engine itself ignores a bug that does not exist.
    const State before = s.state;
    s.act(LessonAction::OpenDebug, 99);
    CHECK(s.state.lesson.mode == before.lesson.mode);
}

TEST_CASE("lesson reader: step 6's two softmaxes and step 9's d_out table, covered as the band covers them") {
    Session s;
    act_by_name(&s, "go", 6);
    REQUIRE(s.state.step == 6);
    JsonValue v = view_of(s);
    const JsonValue* t = &at(v, "table");
    REQUIRE(t->is_object());
    CHECK(contains(at(*t, "caption").text, "softmaxes"));
    REQUIRE(!at(*t, "rows").items.empty());
    // While the question asks what the hand-written softmax gives, its columns are covered.
    CHECK(at(*t, "rows").items[0].items[2].text == "?");
    CHECK(at(*t, "rows").items[0].items[3].text == "?");
    CHECK(at(*t, "rows").items[0].items[6].text != "?");  // the library's softmax is not asked
    REQUIRE(at(*t, "presets").items.size() == 3);
    CHECK(at(at(*t, "presets").items[2], "label").text == "×80");
    s.answer_step(true);
    v = view_of(s);
    t = &at(v, "table");
    CHECK(at(*t, "rows").items[0].items[2].text != "?");
    CHECK(contains(at(*t, "note").text, "overflows"));

    act_by_name(&s, "go", 9);
    v = view_of(s);
    t = &at(v, "table");
    REQUIRE(t->is_object());
    CHECK(at(*t, "rows").items.empty());  // the table would answer the question
    CHECK_FALSE(at(*t, "note").text.empty());
    s.answer_step(true);
    v = view_of(s);
    t = &at(v, "table");
    REQUIRE(at(*t, "rows").items.size() == 4);  // d_out = 2, 8, 32, 128
    CHECK(at(*t, "rows").items[3].items[0].text == "128");
}
