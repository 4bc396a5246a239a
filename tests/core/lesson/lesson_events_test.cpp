// The lesson events' details: valid JSON objects with "schema": 1 first and the documented keys
// (docs/lesson-events.md), the learner's text escaped, never pasted raw.
#include "core/lesson/lesson_events.h"

#include <doctest/doctest.h>

#include "core/document/json.h"

using namespace attn;

namespace {

JsonValue parsed(const LessonEvent& e) {
    const JsonParseResult r = parse_json(e.detail);
    INFO(e.detail);
    REQUIRE(r.ok);
    REQUIRE(r.value.is_object());
    return r.value;
}

std::vector<std::string> keys(const JsonValue& v) {
    std::vector<std::string> out;
    for (const auto& member : v.members) out.push_back(member.first);
    return out;
}

}  // namespace

TEST_CASE("lesson events: each kind has the documented keys, schema first") {
    Question q;
    q.id = "count-scores";
    q.prompt = "How many scores?";
    q.choices = {"2", "3", "6"};
    q.correct = {false, true, false};
    const JsonValue a = parsed(quiz_answered(3, 0, q, 1, true, 2));
    CHECK(keys(a) == std::vector<std::string>{"schema", "step", "question", "question_id", "choice", "choice_text",
                                              "correct", "attempt", "prompt", "choices", "correct_choices",
                                              "misconception"});
    CHECK(a.find("choice_text")->text == "3");
    CHECK(a.find("prompt")->text == "How many scores?");
    REQUIRE(a.find("choices")->items.size() == 3);
    CHECK(a.find("choices")->items[2].text == "6");
    REQUIRE(a.find("correct_choices")->items.size() == 1);
    int64_t right = -1;
    CHECK(a.find("correct_choices")->items[0].as_int64(&right));
    CHECK(right == 1);
    int64_t v = 0;
    CHECK(a.find("schema")->as_int64(&v));
    CHECK(v == kLessonEventSchema);
    CHECK(a.find("attempt")->as_int64(&v));
    CHECK(v == 2);
    CHECK(keys(parsed(quiz_revealed(3, 0, "count-scores", "3 scores"))) ==
          std::vector<std::string>{"schema", "step", "question", "question_id", "answer"});
    const JsonValue x = parsed(exercise_checked(0, "0, 2, 9", false, 2));
    CHECK(keys(x) == std::vector<std::string>{"schema", "exercise", "entry", "correct", "wrong_entry"});
    CHECK(parsed(exercise_checked(0, "0, 2, 1", true, -1)).find("wrong_entry")->is_null());
    CHECK(keys(parsed(bug_traced("wrong-query", 1, true, false, false))) ==
          std::vector<std::string>{"schema", "bug", "steps_checked", "found", "judged", "judgment_right"});
    const JsonValue done = parsed(
        lesson_completed(2, 3, 12, 81.5, {{1, 0, true, 1}, {3, 0, false, 2}, {3, 1, true, 1}}, 0.8, false, 1, 14));
    CHECK(keys(done) == std::vector<std::string>{"schema", "score", "answered", "questions", "seconds", "answers",
                                                 "pass_mark", "passed", "first_step", "last_step"});
    REQUIRE(done.find("answers")->items.size() == 3);
    CHECK(done.find("answers")->items[1].find("correct")->is_bool());
    CHECK(done.find("answers")->items[1].find("attempts")->as_double() == 2);
    CHECK(done.find("pass_mark")->as_double() == doctest::Approx(0.8));
    CHECK(parsed(lesson_completed(0, 0, 1, 0, {}, -1, false, 1, 1)).find("pass_mark")->is_null());
    const JsonValue progress = parsed(lesson_progress_detail(1, 2, 16, false, false, -1, 1, 14, 3, 40, "a1;l=x", ""));
    CHECK(keys(progress) == std::vector<std::string>{"schema", "score", "answered", "questions", "complete", "passed",
                                                     "pass_mark", "first_step", "last_step", "step", "seconds",
                                                     "record", "record_error"});
    CHECK(progress.find("record")->text == "a1;l=x");
    CHECK(progress.find("record_error")->text.empty());
}

TEST_CASE("lesson events: what the learner typed is escaped JSON text") {
    const LessonEvent e = exercise_checked(1, "\"}\x1b[2J\n", false, 0);
    const JsonValue v = parsed(e);
    CHECK(v.find("entry")->text == "\"}\x1b[2J\n");
    CHECK(e.detail.find('\x1b') == std::string::npos);
}
