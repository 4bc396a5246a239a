#include "core/lesson/lesson_events.h"

#include "core/document/json_writer.h"

namespace attn {
namespace {

// {"schema": 1, ... the caller's fields ...}
template <class Fill>
LessonEvent event(const char* kind, Fill fill) {
    LessonEvent e;
    e.kind = kind;
    JsonWriter w(&e.detail);
    w.begin_object().key("schema").integer(kLessonEventSchema);
    fill(w);
    w.end_object();
    return e;
}

}  // namespace

LessonEvent quiz_answered(int step, int question, const Question& q, int choice, bool correct, int attempt) {
    return event("quiz-answered", [&](JsonWriter& w) {
        w.key("step").integer(step).key("question").integer(question).key("question_id").string(q.id);
        const bool valid = choice >= 0 && size_t(choice) < q.choices.size();
        w.key("choice").integer(choice).key("choice_text").string(valid ? q.choices[size_t(choice)] : "");
        w.key("correct").boolean(correct).key("attempt").integer(attempt);
        w.key("prompt").string(q.prompt).key("choices").begin_array();
        for (const std::string& c : q.choices) w.string(c);
        w.end_array().key("correct_choices").begin_array();
        for (size_t i = 0; i < q.correct.size(); ++i)
            if (q.correct[i]) w.integer(int64_t(i));
        w.end_array();
        w.key("misconception");
        if (valid && !correct && size_t(choice) < q.misconceptions.size() && !q.misconceptions[size_t(choice)].empty())
            w.string(q.misconceptions[size_t(choice)]);
        else
            w.null();
    });
}

LessonEvent quiz_revealed(int step, int question, const std::string& question_id, const std::string& answer) {
    return event("quiz-revealed", [&](JsonWriter& w) {
        w.key("step").integer(step).key("question").integer(question).key("question_id").string(question_id);
        w.key("answer").string(answer);
    });
}

LessonEvent exercise_checked(int exercise, const std::string& entry, bool correct, int wrong_entry) {
    return event("exercise-checked", [&](JsonWriter& w) {
        w.key("exercise").integer(exercise).key("entry").string(entry).key("correct").boolean(correct);
        w.key("wrong_entry");
        if (wrong_entry >= 0)
            w.integer(wrong_entry);
        else
            w.null();
    });
}

LessonEvent bug_traced(const std::string& bug, int steps_checked, bool found, bool judged_off, bool judgment_right) {
    return event("bug-traced", [&](JsonWriter& w) {
        w.key("bug").string(bug).key("steps_checked").integer(steps_checked).key("found").boolean(found);
        w.key("judged").string(judged_off ? "off" : "as-it-should-be").key("judgment_right").boolean(judgment_right);
    });
}

namespace {

void pass_mark_key(JsonWriter& w, double pass_mark) {
    w.key("pass_mark");
    if (pass_mark < 0)
        w.null();
    else
        w.number(pass_mark);
}

}  // namespace

LessonEvent lesson_completed(int right, int answered, int questions, double seconds,
                             const std::vector<AnswerRecord>& answers, double pass_mark, bool passed, int first_step,
                             int last_step) {
    return event("lesson-completed", [&](JsonWriter& w) {
        w.key("score").integer(right).key("answered").integer(answered).key("questions").integer(questions);
        w.key("seconds").number(seconds);
        w.key("answers").begin_array();
        for (const AnswerRecord& a : answers)
            w.begin_object()
                .key("step")
                .integer(a.step)
                .key("question")
                .integer(a.question)
                .key("correct")
                .boolean(a.correct)
                .key("attempts")
                .integer(a.attempts)
                .end_object();
        w.end_array();
        pass_mark_key(w, pass_mark);
        w.key("passed").boolean(passed);
        w.key("first_step").integer(first_step).key("last_step").integer(last_step);
    });
}

LessonEvent lesson_progress_detail(int right, int answered, int questions, bool complete, bool passed, double pass_mark,
                                   int first_step, int last_step, int step, int seconds, const std::string& record,
                                   const std::string& record_error) {
    return event("lesson-progress", [&](JsonWriter& w) {
        w.key("score").integer(right).key("answered").integer(answered).key("questions").integer(questions);
        w.key("complete").boolean(complete).key("passed").boolean(passed);
        pass_mark_key(w, pass_mark);
        w.key("first_step").integer(first_step).key("last_step").integer(last_step);
        w.key("step").integer(step).key("seconds").integer(seconds);
        w.key("record").string(record);
        w.key("record_error").string(record_error);
    });
}

}  // namespace attn
