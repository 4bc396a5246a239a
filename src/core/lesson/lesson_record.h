// The learner's record of a lesson, as one value: every question's first and last revealed choice
// (the first is the prediction that counts), the practice and debug results, the step they were on
// and the time they spent. The page, the CLI, SCORM's cmi.suspend_data and the page's own storage
// all carry this one value, as the compact versioned text encode_record() writes.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/lesson_state.h"

namespace attn {

// SCORM 1.2 keeps at most 4,096 characters of cmi.suspend_data: the largest record a lesson can
// produce (kMaxRecordedQuestions answered, every practice entry at its longest, every bug traced
// to its end) is encoded within kMaxRecordChars (a test builds it).
constexpr size_t kMaxRecordChars = 4096;
constexpr int kMaxRecordedQuestions = 80;  // a lesson file may ask at most this many questions
constexpr size_t kMaxPracticeText = 150;   // bytes of a practice entry (the panel's box holds as many)
// Records written while the box held 255 bytes are still read; a longer entry there is cut to
// kMaxPracticeText at a character's boundary (five exercises at 255 would not fit SCORM 1.2).
constexpr size_t kMaxPracticeTextEarlier = 255;
constexpr int kMaxRecordSeconds = 360000;  // 100 hours
constexpr int kMaxRecordCount = 99;        // reveals of a question, checks of an exercise: more count as 99

struct QuestionRecord {
    int step = 0;      // 1..kMaxLessonStep
    int question = 0;  // 0..kMaxQuestionIndex within the step
    int first_choice = -1;
    bool first_correct = false;  // the prediction the grade counts: made before any answer showed
    int last_choice = -1;
    bool last_correct = false;
    int attempts = 0;  // reveals, from 1 (at most kMaxRecordCount)

    bool operator==(const QuestionRecord& o) const {
        return step == o.step && question == o.question && first_choice == o.first_choice &&
               first_correct == o.first_correct && last_choice == o.last_choice && last_correct == o.last_correct &&
               attempts == o.attempts;
    }
};

struct PracticeRecord {
    int checks = 0;            // Check presses, over all tries (at most kMaxRecordCount)
    bool ever_solved = false;  // some check came out right (for the course record)
    bool checked = false;      // `typed` is a checked entry of this try (the panel shows its verdict)
    bool shown = false;        // the learner asked to see the answer in this try
    int prediction = -1;       // exercise 1: the token predicted to score highest, -1 none yet
    std::string typed;         // the entry last checked, at most kMaxPracticeText bytes of UTF-8

    bool operator==(const PracticeRecord& o) const {
        return checks == o.checks && ever_solved == o.ever_solved && checked == o.checked && shown == o.shown &&
               prediction == o.prediction && typed == o.typed;
    }
};

struct TraceRecord {
    Bug bug = Bug::None;
    std::string said;      // one judgment per trace step walked: '1' as it should be, '0' off
    bool found = false;    // the walk reached the first divergence (ever)
    int second_looks = 0;  // times the first wrong value was judged "as it should be" and looked at again

    bool operator==(const TraceRecord& o) const {
        return bug == o.bug && said == o.said && found == o.found && second_looks == o.second_looks;
    }
};

struct LessonRecord {
    std::string lesson = "chapter-3";  // the lesson's id (a-z, 0-9, '-', at most 40): restores only into its lesson
    int step = 0;                      // the track's step last shown (0: not started)
    int seconds = 0;                   // time spent in the lesson (each idle gap counts at most 5 min)
    bool completed = false;            // every question of the range answered: lesson-completed was sent
    std::vector<QuestionRecord> questions;  // sorted by (step, question), one per question answered
    PracticeRecord practice[kExerciseCount];
    std::vector<TraceRecord> traces;  // one per bug walked, in the order first walked
    // A version-1 record ("a1"): its choice letters count the choices in the order each question's
    // kind added them, before choices were shown in an order of their own; the engine puts them in
    // the shown order once it has the lesson (lesson_engine.cpp), and writes version 2.
    bool choices_as_added = false;

    const QuestionRecord* find(int step_number, int question_index) const;
    QuestionRecord* find(int step_number, int question_index);
    const TraceRecord* trace(Bug bug) const;
    bool empty() const;
    bool operator==(const LessonRecord& o) const;
    bool operator!=(const LessonRecord& o) const { return !(*this == o); }
};

// A lesson's id: 1 to 40 of a-z, 0-9 and '-' ("chapter-3", "my-sentence").
bool valid_lesson_id(const std::string& id);

// "a1;l=chapter-3;s=5;t=312;c=0;q=1.0:a+a+1,3.0:a-b+2;p=...;d=..." (docs/grading.md describes it).
std::string encode_record(const LessonRecord& record);

struct RecordParse {
    bool ok = false;
    LessonRecord record;  // valid only when ok
    std::string error;    // names the field and the fix
};
// Reads what encode_record wrote. Anything else (another version, a field out of range, a cut
// text) is refused with a message; nothing of a bad record is used.
RecordParse decode_record(std::string_view text);

}  // namespace attn
