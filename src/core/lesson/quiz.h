// Predict, then reveal: each lesson step asks questions before it shows the result. A lesson file
// names each question by its kind ("highest-score"); the kind's C++ computes the answer and the
// choices from the state (the argmax of the scores, the number of tokens, the shape of the matrix
// ...), so they stay right when the learner edits the data, and the catalog gives the words
// (ids "q.<kind>.*"). Each wrong choice carries the common mistake that leads to it and the
// misconception it reveals (docs/misconceptions.md).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/lesson_entry.h"
#include "core/lesson/lesson_file.h"

namespace attn {

struct Question {
    std::string id;  // its kind: "highest-score", "count-scores" ...
    std::string prompt;
    std::vector<std::string> choices;         // 2..kMaxChoiceIndex + 1
    std::vector<bool> correct;                // one flag per choice; at least one is true
    std::string answer;                       // the computed answer: "Token 1, with a score of 8."
    std::string reason;                       // one line on why, with the numbers
    std::vector<std::string> mistakes;        // per choice: the mistake behind it ("" for correct ones)
    std::vector<std::string> misconceptions;  // per choice: its misconception's id ("" for correct ones)
    std::vector<int> slots;                   // per choice: the kind's add() call it came from (from 0)
};

bool is_question_kind(std::string_view kind);
std::string question_kind_names();  // "which-token, dot-value, ..." for messages
// The questions of state.step of the lesson, in the file's order (empty for step 0 and steps past
// the lesson; a kind may ask nothing on some data, such as a dropout draw that keeps no weight).
// Each question's choices are in an order fixed per kind and slot (not the order the kind adds
// them in): token lists by position, the others shuffled once by the kind's name.
// module: as for step_lines().
std::vector<Question> step_questions(const Lesson& lesson, const State& state, const AttentionResult& result,
                                     const ModuleRun* module = nullptr);

// Step `step`'s questions as it asks them on its own setup, entered from the book's your-journey
// data as the track enters it (not on data the learner may have edited since): the count a course
// grades, and what a lesson file is checked against when it loads (lesson_check.h).
ATTN_LESSON_ENTRY std::vector<Question> questions_as_set_up(const Lesson& lesson, int step);

struct RevealResult {
    bool answered = false;  // a valid choice was given
    bool correct = false;
    std::string verdict;        // the catalog's "Right." / "Not quite." / "Pick an answer first."
    std::string answer;         // the question's answer line
    std::string reason;         // the question's reason line
    std::string mistake;        // for a wrong choice: what went wrong
    std::string misconception;  // for a wrong choice: the misconception's id
    // The numbers changed after the reveal and the choice is no longer as right as it was: the
    // verdict stays the one given, this says so, and the answer line is for the numbers now.
    std::string since;
    // A later attempt whose verdict is not the one the score counts (the first reveal's): says
    // which answer counted and how ("" otherwise).
    std::string counted;
};

// What the reveal shows for `choice` (-1 = none yet), in the catalog's words.
RevealResult reveal_answer(const TextCatalog& texts, const Question& question, int choice);

}  // namespace attn
