// What the learner does in the lesson, as events for the host page (docs/lesson-events.md):
// each is a kind and a `detail` JSON object with "schema": 1 first. The UI queues them when the
// learner acts; the app hands them to the page, which forwards them to subscribed hosts.
#pragma once
#include <string>
#include <vector>

#include "core/lesson/quiz.h"

namespace attn {

struct LessonEvent {
    std::string kind;    // "quiz-answered", "quiz-revealed", "exercise-checked", "bug-traced", "lesson-completed"
    std::string detail;  // a JSON object
};

constexpr int kLessonEventSchema = 1;

// Reveal of a predict-then-reveal question: what the learner chose and whether it was right.
// attempt counts this question's reveals in this visit, from 1. The question's prompt, choices and
// the right ones go along, so a gradebook (xAPI, SCORM) can record the interaction in full, and a
// wrong choice's misconception (docs/misconceptions.md).
LessonEvent quiz_answered(int step, int question, const Question& q, int choice, bool correct, int attempt);
// The computed answer the reveal uncovered.
LessonEvent quiz_revealed(int step, int question, const std::string& question_id, const std::string& answer);
// A practice check: the exercise (0-based), what was typed, right or not, the first wrong entry (-1: none).
LessonEvent exercise_checked(int exercise, const std::string& entry, bool correct, int wrong_entry);
// One judged step of "Debug this": the bug, steps checked so far, whether the first divergence is
// found, and whether the learner's judgment of this step ("as it should be" / "off") held.
LessonEvent bug_traced(const std::string& bug, int steps_checked, bool found, bool judged_off, bool judgment_right);

struct AnswerRecord {
    int step = 0, question = 0;
    bool correct = false;  // at the first reveal: the prediction the grade counts
    int attempts = 1;      // reveals of the question
};
// Every question of the lesson's range has been revealed: right (at the first reveal) of answered,
// of how many questions, the seconds spent in the lesson, every answer in step order, the pass
// mark (-1: none) and whether it was reached, and the range of steps counted.
LessonEvent lesson_completed(int right, int answered, int questions, double seconds,
                             const std::vector<AnswerRecord>& answers, double pass_mark, bool passed, int first_step,
                             int last_step);
// After every change to the learner's record (a reveal, a check, a judged trace step, a step
// moved): the progress over the range and the record itself, encoded (core/lesson/lesson_record.h),
// for a course platform to store (SCORM's cmi.suspend_data) and give back on the next visit;
// record_error: why a record given back was not used (another lesson's), "" if none.
LessonEvent lesson_progress_detail(int right, int answered, int questions, bool complete, bool passed, double pass_mark,
                                   int first_step, int last_step, int step, int seconds, const std::string& record,
                                   const std::string& record_error);

}  // namespace attn
