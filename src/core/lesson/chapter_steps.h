// Steps 11 to 14 of the track: the rest of chapter 3 on the book's own classes (sections 3.4.2 to
// 3.6.2), with words and predict-then-reveal questions built from the module the state runs.
#pragma once
#include <vector>

#include "core/document/state.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"

namespace attn {

// The step's lines (steps 11..14; nothing for the others). page_run: the module run the page keeps
// beside the state (used when it is of s; else the module runs here, for a module of the book's size).
void chapter_step_lines(const State& s, const ModuleRun* page_run, std::vector<LessonLine>* out);
// The step's question (steps 11..14): the stored weight's shape, the leak of masking with 0, what a
// kept weight becomes under dropout, the width of a head.
void chapter_step_questions(const State& s, const ModuleRun* page_run, std::vector<Question>* out);

}  // namespace attn
