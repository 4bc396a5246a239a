// Moving through the lesson: entering a step (its setup from the lesson file), leaving, the entry
// points for practice and "debug this", and the question's own moves. Pure functions of the state,
// so the engine, deep links and tests all move through the lesson the same way.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/url_state.h"
#include "core/lesson/lesson_file.h"

namespace attn {

// The state for entering `step` of the lesson from `current`: the example, query, normalisation,
// projection, causal mask, lab scale and book's class its setup names (lesson_file.h); the
// question restarts. Step 0 is leave_lesson(); steps past the lesson are clamped to its last.
State enter_step(const Lesson& lesson, int step, const State& current);
// Free exploration again with the learner's data: step 0, and the causal mask and the lab's
// multiplier the steps turned on turned off. (The UI restores the exact state the learner had
// before the lesson when it saw them start it.)
State leave_lesson(const State& current);
// Whether a link names only a lesson step ("#step=9", perhaps with panels=): such a link opens the
// step as the lesson sets it up (step 1 with its three tokens, step 9 with the trainable projection
// on); a link with data or settings keys is the state it spells out.
bool link_sets_up_step(const UrlParseResult& link);
// The state a link opens: the step as the lesson sets it up for a step-only link (with its panels),
// else the state the link spells out.
State step_link_state(const Lesson& lesson, const UrlParseResult& link);
// Practice exercise `index` (0..kExerciseCount-1, clamped), set up with the data it asks about.
State enter_exercise(int index, const State& current);
// The lesson's own first exercise: the lesson after the chapter's is about its material (a KV
// cache's work, exercise 4); any other lesson's is the first.
int lesson_first_exercise(const Lesson& lesson);
// "Debug this" with `bug` planted; the trace starts unwalked. Bug::None just opens the picker.
State enter_bug(Bug bug, const State& current);

// The question the learner is on moves on, keeping the step: answer and reveal restart.
State next_question(const State& current);
// Records the learner's choice (a new choice hides an earlier reveal).
State choose_answer(const State& current, int choice);
State reveal(const State& current);

}  // namespace attn
