// Practice: exercises whose answers the learner types, checked by the core against the numbers
// it computes for the current state. Typed numbers are read leniently (core/text/number_list.h)
// but never silently.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/lesson_text.h"
#include "core/text/number_list.h"

namespace attn {

struct Exercise {
    std::string title;        // "Predict and verify a score list"
    std::string task;         // the instructions, with the data's numbers
    std::string hint;         // one line that helps without giving the answer
    std::string input_label;  // "scores", "weights", "token"
    // What Show the answer states, as it would be typed (the scores, the weights, the cache's
    // counts, the window's positions): the panels show the values too, but a screen reader is
    // told them here. Empty where the data gives none (fewer than 3 tokens for the scores).
    std::string answer;
};

// The exercise as it reads for this state (index clamped to 0..kExerciseCount-1), in the words of
// the catalog (ids "practice.*").
// result: the state's, when at hand: Practice 3's answer is named once the projection it asks
// about is on (Show the answer turns it on).
Exercise exercise_info(const TextCatalog& texts, int index, const State& state,
                       const AttentionResult* result = nullptr);

struct ExerciseCheck {
    bool correct = false;
    int wrong_entry = -1;       // first wrong entry (0-based), -1 if none or not applicable
    std::vector<int> entry_ok;  // per typed entry: 1 right, 0 wrong (empty when unreadable)
    int first_entry = 0;        // what the first entry is numbered as the task counts: 0 (a token's
                                // position) or 1 (a cache's first call)
    std::string message;        // what is right or which entry is wrong and why
    std::string note;           // the parser's note, if any
    bool unreadable = false;    // not read as the task's entries (no number, no position, nothing, the wrong
                                // count): an input error, not a wrong answer
    // The learner changed the data or a setting since they pressed Check: the verdict above is
    // of this state, not of what they checked, so it is not shown (message says to check again).
    bool stale = false;
};

// Checks what the learner typed for exercise `index` against the core's numbers for `state`.
// result must be compute_attention(state).
ExerciseCheck check_exercise(const TextCatalog& texts, int index, const State& state, const AttentionResult& result,
                             const std::string& typed);

// Tolerances: hand-computed scores to 2 decimals, and weights "to 2 decimals" (half a unit in the
// second decimal, plus float slack).
constexpr float kScoreTolerance = 0.01f;
constexpr float kTwoDecimalTolerance = 0.0051f;

}  // namespace attn
