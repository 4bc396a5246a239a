// A lesson as data (docs/lessons.md, schema docs/lesson.schema.json): its steps, each with the
// state it sets up, the panels it watches, its lines of text and its predict-then-reveal
// questions. The chapter's track is lessons/<lang>/chapter-3.json; a teacher's lesson is a file of
// the same format. Lesson files are untrusted input: everything is checked when the file loads,
// and an error names its line and column; nothing of a bad file is used.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/json.h"
#include "core/document/state.h"
#include "core/lesson/lesson_text.h"
#include "core/text/text_template.h"

namespace attn {

constexpr size_t kMaxLessonFileBytes = 256 * 1024;
constexpr int kMaxLessonFileSteps = 30;
constexpr int kMaxStepLines = 40;
constexpr int kMaxStepQuestions = 4;
constexpr size_t kMaxLessonLineBytes = 2000;
constexpr size_t kMaxTitleBytes = 200;

enum class LineKind {
    Prose,  // a sentence
    Code,   // a line of code or arithmetic, shown in the mono font
    Note,   // a quieter aside
    Good,   // a check that passed ("the manual loop and torch.dot agree")
    Warn,   // something broke on purpose (overflow) or needs attention
};

// One line of a step as the learner reads it, numbers filled in.
struct LessonLine {
    LineKind kind = LineKind::Prose;
    std::string text;
    // -1: always shown. k >= 0: a result the step's question k asks the learner to predict, so it
    // stays hidden until that question is revealed (or passed).
    int after_question = -1;
};

// The widget a step shows under its text (its logic and words are the UI's).
enum class StepWidget { None, Alignment, Lab, Scaling, Causal };

// A line as the file writes it: free text with the lesson's values ({q}, {scores}: lesson_values.h),
// or a built-in section of lines computed by the core ("score-loop": step_text.h).
struct LessonLineSpec {
    LineKind kind = LineKind::Prose;
    TextTemplate text;
    std::string section;  // non-empty: a built-in section instead of text
    int after = -1;       // as LessonLine::after_question
    std::string place;    // "line 12, column 7": where the line's object starts in its file, for messages
};

struct StepSpec {
    std::string title;
    JsonValue setup;                 // an object of state document keys, and "example"
    std::vector<std::string> watch;  // the panels the step is about, most important first
    StepWidget widget = StepWidget::None;
    std::vector<LessonLineSpec> lines;
    std::vector<std::string> questions;  // built-in question kinds (quiz.h), in order
};

struct Lesson {
    std::string id;     // "chapter-3": a learner's record belongs to one lesson
    std::string lang;   // the language of its words, "en"
    std::string title;  // "How attention scores are computed"
    JsonValue setup;    // what every step sets up before its own setup (its keys win)
    std::vector<StepSpec> steps;
    TextCatalog texts;  // the built-in catalog of its language: the words of the sections and questions it uses

    int step_count() const { return int(steps.size()); }
    // Step 1..step_count(), or nullptr.
    const StepSpec* step(int number) const;
    // "Step 3 of 14", or "Free exploration" for 0, in the interface's words (words_scope.h): the
    // band's chrome, whatever the lesson's language.
    std::string step_indicator(int number) const;
    // How many questions the file asks in steps first..last.
    int declared_questions(int first, int last) const;
};

struct LessonParse {
    bool ok = false;
    Lesson lesson;  // valid only when ok
    // "line 12, column 20: steps[2].lines[1].prose: ...", one problem per line, in the file's order
    // (each step's first; at most 8, then "... and N more").
    std::string error;
};

// A file's problems are reported at most this many at a time, each on its own line, so that a
// teacher mends them in one pass; past it, "... and N more" (problem_report).
constexpr size_t kMaxReportedProblems = 8;
// The problems, one per line, then "... and N more" when `more` were left out.
std::string problem_report(const std::vector<std::string>& problems, size_t more);

// Each line of a parse's error under the file's name, as a compiler names its problems:
// "my.json: line 3, column 5: ...\nmy.json: line 9, column 1: ...".
std::string name_each_problem(std::string_view name, std::string_view problems);

// Parses and checks a lesson file against the built-in catalog of its language.
LessonParse parse_lesson(std::string_view json, const TextCatalog& catalog);

// The state for step `number` of the lesson from `current`: the lesson's question restarts, the
// settings the steps switch on for their own purpose go back to their defaults (softmax, no mask,
// no projection, the lab unscaled, the book's classes off), then the step's setup applies.
// The step must exist.
State apply_step_setup(const Lesson& lesson, int number, const State& current);

}  // namespace attn
