// The guided lesson's track: fourteen steps in the book's order, each of which sets up the state it
// needs when entered, and the entry points for practice and "debug this". Pure functions of the
// state, so the UI, deep links and tests all move through the lesson the same way.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/url_state.h"

namespace attn {

struct LessonStep {
    int number;                       // 1..kLessonSteps
    const char* title;                // "Pick the query by position"
    std::vector<std::string> panels;  // panels that matter in this step, most important first
};

// Steps 1..kLessonSteps in order; lesson_steps()[k - 1].number == k.
const std::vector<LessonStep>& lesson_steps();
// The step, or nullptr for 0 (free exploration) and for numbers past the track.
const LessonStep* lesson_step(int step);
// "Step 3 of 14", or "Free exploration".
std::string step_indicator(int step);

// The book's class a step runs (steps 11 to 14, as its listing runs it), or off for the others.
ModuleDocument step_module(int step);
// The state for entering `step` from `current`: the example, query, normalisation, projection,
// causal mask and lab scale the step needs; the question restarts. Step 0 is leave_lesson().
// Steps past kLessonSteps are clamped to the last step.
State enter_step(int step, const State& current);
// Free exploration again with the learner's data: step 0, and the causal mask and the lab's
// multiplier the steps turned on turned off. (The UI restores the exact state the learner had
// before the lesson when it saw them start it.)
State leave_lesson(const State& current);
// The state a link opens. A hand-written link that names only a lesson step ("#step=9", perhaps
// with panels=) opens the step as the lesson sets it up (step 1 with its three tokens, step 9 with
// the trainable projection on); a link with data or settings keys is the state it spells out.
State step_link_state(const UrlParseResult& link);
// Practice exercise `index` (0..kExerciseCount-1, clamped), set up with the data it asks about.
State enter_exercise(int index, const State& current);
// "Debug this" with `bug` planted; the trace starts unwalked. Bug::None just opens the picker.
State enter_bug(Bug bug, const State& current);

// The question the learner is on moves on, keeping the step: answer and reveal restart.
State next_question(const State& current);
// Records the learner's choice (a new choice hides an earlier reveal).
State choose_answer(const State& current, int choice);
State reveal(const State& current);

}  // namespace attn
