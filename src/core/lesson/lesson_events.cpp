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

LessonEvent lesson_completed(int right, int answered, int questions, double seconds,
                             const std::vector<AnswerRecord>& answers) {
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
                .end_object();
        w.end_array();
    });
}

}  // namespace attn
