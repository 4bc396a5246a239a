// Predict, then reveal: each lesson step asks questions before it shows the result. Questions,
// choices and correct answers are generated from the state (the argmax of the scores, the number
// of tokens, the shape of the matrix ...), so they stay right when the learner edits the data.
// Each wrong choice carries the common mistake that leads to it.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"

namespace attn {

struct Question {
    std::string id;  // stable name: "highest-score", "count-scores" ...
    std::string prompt;
    std::vector<std::string> choices;   // 2..kMaxChoiceIndex + 1
    std::vector<bool> correct;          // one flag per choice; at least one is true
    std::string answer;                 // the computed answer: "Token 1, with a score of 8."
    std::string reason;                 // one line on why, with the numbers
    std::vector<std::string> mistakes;  // per choice: the mistake behind it ("" for correct ones)
};

// The questions of state.step, in order (empty for step 0 and steps past the track). module: as
// for step_lines().
std::vector<Question> step_questions(const State& state, const AttentionResult& result,
                                     const ModuleRun* module = nullptr);

struct RevealResult {
    bool answered = false;  // a valid choice was given
    bool correct = false;
    std::string verdict;  // "Right." / "Not quite." / "Pick an answer first."
    std::string answer;   // the question's answer line
    std::string reason;   // the question's reason line
    std::string mistake;  // for a wrong choice: what went wrong
};

// What the reveal shows for `choice` (-1 = none yet).
RevealResult reveal_answer(const Question& question, int choice);

}  // namespace attn
