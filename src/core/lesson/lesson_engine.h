// The lesson engine: the one object that knows what the learner did and what the screen may show.
// App owns one; it is synced once per state version (lesson_sync) and changed only by the learner's
// intents (lesson_apply), which the panels send instead of editing the lesson themselves. Panels,
// the page's API, the screen-reader mirror, SCORM and xAPI all read it, so each of them sees the
// same record, the same concealment and the same verdicts. No ImGui here: the tests walk the whole
// track through it.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/concealment.h"
#include "core/lesson/lesson_entry.h"
#include "core/lesson/lesson_events.h"
#include "core/lesson/lesson_file.h"
#include "core/lesson/lesson_record.h"
#include "core/lesson/practice.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"

namespace attn {

// The steps a course keeps the learner in (a link's steps=11-14): navigation stays inside, and the
// progress, completion and score count only these steps' questions. last 0: the lesson's last step.
struct StepRange {
    int first = 1, last = 0;
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

// An idea the learner's first answers show to revisit: a misconception (docs/misconceptions.md)
// and the step whose question revealed it.
struct Revisit {
    std::string misconception;
    int step = 0;
};

enum class LessonAction {
    StartTrack,          // the Lesson tab or "Start the lesson": the step the learner left, or the range's first
    GoToStep,            // value: the step (kept inside the range), as the learner left it
    RevisitStep,         // value: the step, asked afresh (the wrap-up's "revisit")
    RestoreStepClass,    // the book's class the step set up, with its settings, back in the classes panel
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
    // The lesson the learner walks (its file, parsed), or null while it is on its way: a page
    // fetches the file when the learner first enters the lesson. Until then everything a question
    // could ask stays covered and the learner's intents wait in `pending`.
    const Lesson* lesson = nullptr;
    std::unique_ptr<const Lesson> owned;  // the lesson, when the engine holds it (a file the page fetched)
    std::vector<LessonIntent> pending;
    std::string load_error;  // why the last lesson file offered was refused ("" when none)
    // A lesson other than the chapter that the page opens (lesson=), by its file's name, for the
    // band before Start; "" for the chapter.
    std::string file_name;
    std::string range_error;   // why the last steps= was refused ("" when none)
    std::string pass_error;    // why the last pass= was refused ("" when none)
    std::string record_error;  // why a saved record was not used ("" when none)
    LessonRecord record;
    StepRange range;          // as asked for; range_of() gives the steps it covers in the lesson
    std::string range_asked;  // the steps= text the range came from (checked again when a lesson arrives)
    double pass_mark = -1;    // 0..1 of the range's questions right, or -1: none set
    // A course grades this lesson (SCORM, xAPI, pass=, steps=: the page says so): a question open
    // on the step keeps the learner in the track (lesson_held_by_question).
    bool graded = false;

    // Derived from the state the engine was last synced to (lesson_sync), for the screen:
    uint64_t synced_version = 0;
    std::vector<Question> questions;  // the track step's questions (empty outside the track)
    // The step asks questions but can ask none on the state now (the learner picked a class without
    // dropout in the dropout step): what the band says in the question's place, else "".
    std::string unaskable;
    std::vector<LessonLine> lines;  // the step's text, results hidden until their question is done
    bool lines_pending = false;     // some of the step's lines wait for a reveal (that can be asked)
    // The step set up one of the book's classes and the classes panel now runs another (or none):
    // what the band says, else "", and RestoreStepClass's button.
    std::string class_changed, restore_class;
    Concealment concealed;  // what the open question or unsolved exercise covers
    // The data shown is the lesson's own, as its step set it up (a teacher's sentence): neither an
    // example's nor the learner's.
    bool lesson_data = false;
    ExerciseCheck practice_check;  // the current exercise's checked entry, checked on this state
    // The state (its data and settings) each exercise's last Check was pressed on, when known this
    // session; a restored record's check is graded on the state as it is.
    State checked_on[kExerciseCount];
    bool checked_known[kExerciseCount] = {};
    BugTrace trace;  // the planted bug's trace (debug mode)
    State traced;    // the state it was traced from
    bool trace_valid = false;
    // The learner said "as it should be" to the trace's first wrong value and is asked to look
    // again, once, before its expected value and the buggy line show: that bug's step, else -1.
    Bug second_look_bug = Bug::None;
    int second_look_step = -1;

    // The session: when the learner last acted in the lesson (now_ms clock), and the view they had
    // in free exploration when they entered it (Leave brings it back).
    double last_active_ms = -1;
    double unrecorded_ms = 0;  // time spent that has not made a whole second of the record yet
    State before;
    bool has_before = false;
    // The range's question count, worked out once per range (entering each step as the track does).
    StepRange counted_range{0, 0};
    int range_questions = 0;
    // "Start the track again" begins a second walk this session: the steps it has not answered
    // again are asked afresh (walked: those it has), not brought back as first answered.
    bool fresh_walk = false;
    std::vector<int> walked;
    // What each question asked when it was last revealed this session, in the lesson's words:
    // shown_reveal keeps that verdict once the live numbers ask something else (num_kv_groups
    // changed after step 2 was answered). Not in the record: a restored or retranslated lesson
    // compares correctness only.
    // Prompts are compared without the tokens' names (prompt_key): a renamed token asks nothing else.
    struct AskedAs {
        int step = 0, question = 0;
        std::string prompt;  // its prompt_key
    };
    std::vector<AskedAs> asked_as;
    std::vector<std::string> prompt_keys;  // the questions' prompt_keys on the synced state
    // lesson_revisits()'s answer and the answers it was worked out from.
    std::vector<Revisit> revisits;
    std::vector<QuestionRecord> revisits_of;
    bool revisits_valid = false;
};

// Gives the engine its lesson: the derived fields are redone at the next sync, a record of another
// lesson is replaced by an empty one of this lesson. lesson_set borrows one that outlives the
// engine (the compiled-in chapter); lesson_take keeps a parsed file.
void lesson_set(LessonEngine* engine, const Lesson* lesson);
// The lesson's file was refused or could not be fetched: `why` is said in the band, and what was
// covered while it was on its way shows again at the next sync (nothing is coming).
void lesson_refused(LessonEngine* engine, std::string why);
void lesson_take(LessonEngine* engine, Lesson lesson);
// The state is in the lesson (a step, practice, a bug) or an intent waits, and no lesson is loaded:
// the page should fetch the lesson file.
bool lesson_wanted(const LessonEngine& engine, const State& state);
// The trace step of the state's bug at which the learner is asked to look again, or -1.
int second_look_of(const LessonEngine& engine, const State& state);
// The steps the range covers in the loaded lesson (first..last, both within it); before the
// lesson's file is here, the range as asked for (last 0: to the lesson's end).
StepRange range_of(const LessonEngine& engine);

// Brings the derived fields up to date with the state (a no-op when version is the one synced).
// module: the page's run of the book's classes (steps 11 to 14 read it), or null.
void lesson_sync(LessonEngine* engine, const State& state, const AttentionResult& result, const ModuleRun* module,
                 uint64_t version);

// Applies one intent of the learner's to *draft (which starts as the synced state) and to the
// record, and appends the lesson events it causes. shown and result: the state the engine is synced
// to, which the panels drew. now_ms: a clock in milliseconds (the time spent is counted from it).
void lesson_apply(LessonEngine* engine, const LessonIntent& intent, const State& shown, const AttentionResult& result,
                  double now_ms, State* draft, std::vector<LessonEvent>* events);

// A change to the state from outside the lesson's intents (a panel, the page's API), before it is
// committed: in Debug this, a change to what the trace runs on (the inputs, the query, the
// projection, the classes' settings) starts the walk of the trace over, so judgments made on other
// numbers are not graded against new ones.
void lesson_state_edited(LessonEngine* engine, const State& before, State* after);

// Whether the state is in the lesson: a step of the track, practice or debug (not free exploration).
bool in_lesson(const State& state);

// The range's questions in the record: revealed at least once, and right at the first reveal. Read
// from the record alone, so a const engine can tell (the wrap-up, the text version);
// lesson_progress adds the range's question count.
struct RangeAnswers {
    int answered = 0;
    int right = 0;
};
RangeAnswers range_answers(const LessonEngine& engine);

// Progress over the engine's range (its question count is worked out on first use).
LessonProgress lesson_progress(LessonEngine* engine);

// With a pass mark, the wrap-up's line on it: the score against it and passed or not, or the
// questions still to answer; "" without one (or before the range's questions are counted). A
// teacher's walk found "2 right of 4" and no word of the 75% the course asked for.
std::string pass_mark_line(const LessonEngine& engine);

// The misconceptions the learner's wrong first answers in the range reveal, each once, in step
// order, with the step that teaches it (the wrap-up lists them). Worked out again only when the
// answers change.
const std::vector<Revisit>& lesson_revisits(LessonEngine* engine);

// Replaces the record with one saved earlier (SCORM's suspend_data, the page's storage): "" when
// applied, else why not, and the record is kept as it was. A record of another lesson is refused.
std::string lesson_restore(LessonEngine* engine, const std::string& encoded);

// Sets the pass mark: "0.8" or "80%" (a share of the range's questions right at their first
// reveal), "" for none. "" when applied, else why not, and the mark is kept as it was.
std::string lesson_set_pass_mark(LessonEngine* engine, const std::string& text);

// Sets the range ("11-14", "3", "" for the whole lesson): "" when applied, else why not, and the
// range is kept as it was. Before the lesson is here, its steps are checked against the most a
// lesson file may have; when it arrives, against its own (refused then: the whole lesson counts).
std::string lesson_set_range(LessonEngine* engine, const std::string& text);

// In a graded lesson, a step with a question never answered keeps the learner in the track until
// its questions are revealed: Leave, Practice and Debug this would show the panels uncovered (a
// teacher left, read the scores, came back and answered: full credit). Elsewhere, and once every
// question of the step has counted (now or in an earlier session), they are free.
bool lesson_held_by_question(const LessonEngine& engine, const State& state);

// The range's first step when `step` lies outside it, else step.
int step_in_range(const StepRange& range, int step);

// Where "start" (the Lesson tab, "Start the lesson", the way back from practice) takes the learner:
// the step shown, else the one they left (the record's), else the range's first, kept in the range.
int lesson_start_step(const LessonEngine& engine, const State& shown);

// A step the learner answered before, entered by Back, Next, a step's number, "start" or a link (a
// course's resume): brought back as they left it, the furthest question answered in order revealed
// with their last choice (choosing again is a new attempt). A step not answered, one whose data
// now makes that choice right where it was wrong (or the reverse), and a step the second walk of
// "Start the track again" has not reached, stay asked afresh; so does the wrap-up's revisit.
// (A lesson entry: it asks the step's questions, which are the lesson's code, and the page's link
// handling calls it only once the lesson is here.)
ATTN_LESSON_ENTRY void show_answers_given(const LessonEngine& engine, State* state);

// The open question's reveal as the band and the text version show it (state.lesson.revealed): the
// verdict the learner was given at the reveal. When the numbers have changed since (a drag, another
// query) and the choice is no longer as right or wrong as it was, that verdict stays, `since` says
// the numbers changed, and the answer and reason are those of the numbers now (no mistake is
// named: the choice was not a mistake on the numbers it was made on). A later attempt whose verdict
// differs from the first reveal's, which the score counts, says so in `counted` (a teacher saw
// "Right." on a step whose first answer, the one graded, was wrong, and nothing said so).
ATTN_LESSON_ENTRY RevealResult shown_reveal(const LessonEngine& engine, const State& state);

// The lesson-progress event (docs/lesson-events.md): the progress and the encoded record.
LessonEvent lesson_progress_event(LessonEngine* engine);

}  // namespace attn
