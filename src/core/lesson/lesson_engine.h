// The lesson engine: the one object that knows what the learner did and what the screen may show.
// App owns one; it is synced once per state version (lesson_sync) and changed only by the learner's
// intents (lesson_apply), which the panels send instead of editing the lesson themselves. Panels,
// the page's API, the screen-reader mirror, SCORM and xAPI all read it, so each of them sees the
// same record, the same concealment and the same verdicts. No ImGui here: the tests walk the whole
// track through it.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/concealment.h"
#include "core/lesson/lesson_events.h"
#include "core/lesson/lesson_record.h"
#include "core/lesson/practice.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"

namespace attn {

// The steps a course keeps the learner in (a link's steps=11-14): navigation stays inside, and the
// progress, completion and score count only these steps' questions.
struct StepRange {
    int first = 1, last = kLessonSteps;
    bool operator==(const StepRange& o) const { return first == o.first && last == o.last; }
    bool operator!=(const StepRange& o) const { return !(*this == o); }
};

// The course's view of the record.
struct LessonProgress {
    int questions = 0;  // the questions of the range
    int answered = 0;   // of them, revealed at least once
    int right = 0;      // of them, right at the first reveal (the prediction that counts)
    bool complete = false;
    // With a pass mark: right / questions >= pass_mark once complete. No pass mark: passed = complete.
    bool passed = false;
};

enum class LessonAction {
    StartTrack,          // the Lesson tab or "Start the lesson": the step the learner left, or the range's first
    GoToStep,            // value: the step (kept inside the range)
    Choose,              // value: a choice of the open question
    Reveal,              // the open question's answer
    NextQuestion,        // the step's next question
    RestartTrack,        // the wrap-up's "Start the track again" (the record is kept)
    OpenPractice,        // value: the exercise
    Predict,             // value: the token exercise 1's learner predicts to score highest
    CheckPractice,       // text: what the learner typed
    ShowPracticeAnswer,  // the learner gives up on the exercise: its values show
    ResetPractice,       // "Start over" on the exercise
    OpenDebug,           // value: the Bug to plant (Bug::None: the one last planted, or the first)
    JudgeTrace,          // value: 1 "as it should be", 0 "it is off", for the next trace step
    ResetTrace,          // "Trace again"
    Leave,               // back to free exploration (the view the learner had, when known)
};

struct LessonIntent {
    LessonAction action = LessonAction::StartTrack;
    int value = 0;
    std::string text;
};

struct LessonEngine {
    LessonRecord record;
    StepRange range;
    double pass_mark = -1;  // 0..1 of the range's questions right, or -1: none set

    // Derived from the state the engine was last synced to (lesson_sync), for the screen:
    uint64_t synced_version = 0;
    std::vector<Question> questions;  // the track step's questions (empty outside the track)
    std::vector<LessonLine> lines;    // the step's text, results hidden until their question is done
    bool lines_pending = false;       // some of the step's lines wait for a reveal
    Concealment concealed;            // what the open question or unsolved exercise covers
    ExerciseCheck practice_check;     // the current exercise's checked entry, checked on this state
    BugTrace trace;                   // the planted bug's trace (debug mode)
    State traced;                     // the state it was traced from
    bool trace_valid = false;

    // The session: when the learner last acted in the lesson (now_ms clock), and the view they had
    // in free exploration when they entered it (Leave brings it back).
    double last_active_ms = -1;
    double unrecorded_ms = 0;  // time spent that has not made a whole second of the record yet
    State before;
    bool has_before = false;
    // The range's question count, worked out once per range (entering each step as the track does).
    StepRange counted_range{0, 0};
    int range_questions = 0;
};

// Brings the derived fields up to date with the state (a no-op when version is the one synced).
// module: the page's run of the book's classes (steps 11 to 14 read it), or null.
void lesson_sync(LessonEngine* engine, const State& state, const AttentionResult& result, const ModuleRun* module,
                 uint64_t version);

// Applies one intent of the learner's to *draft (which starts as the synced state) and to the
// record, and appends the lesson events it causes. shown and result: the state the engine is synced
// to, which the panels drew. now_ms: a clock in milliseconds (the time spent is counted from it).
void lesson_apply(LessonEngine* engine, const LessonIntent& intent, const State& shown, const AttentionResult& result,
                  double now_ms, State* draft, std::vector<LessonEvent>* events);

// Progress over the engine's range (its question count is worked out on first use).
LessonProgress lesson_progress(LessonEngine* engine);

// Replaces the record with one saved earlier (SCORM's suspend_data, the page's storage): "" when
// applied, else why not, and the record is kept as it was. A record of another lesson is refused.
std::string lesson_restore(LessonEngine* engine, const std::string& encoded);

// Sets the range ("11-14", "3", "" for the whole track): "" when applied, else why not.
std::string lesson_set_range(LessonEngine* engine, const std::string& text);

// The range's first step when `step` lies outside it, else step.
int step_in_range(const StepRange& range, int step);

// The lesson-progress event (docs/lesson-events.md): the progress and the encoded record.
LessonEvent lesson_progress_event(LessonEngine* engine);

}  // namespace attn
