// What a lesson file's questions need beyond its format (lesson_file.h reads the format), checked
// when it loads, by the page and by attention-cli:
//   - a step that asks can ask on its own setup: a kind asks nothing where what it asks about is
//     missing (cache-scores without decode, dropout-kept without dropout), and the learner would
//     meet an empty question. A step may list a kind its setup does not ask as an alternative (the
//     chapter's step 14 asks wrapper-width once the learner picks the wrapper).
//   - no line shown before a question is answered names a value that question covers ({weights}
//     in a line before "sharper": the panels would cover the weights while the text gives them).
#pragma once
#include <string>

#include "core/lesson/lesson_entry.h"
#include "core/lesson/lesson_file.h"

namespace attn {

// "" when the lesson's questions can be asked as written, else each step's first problem (up to
// eight), one per line, each naming the step (steps[k], as the file counts, and the step as the
// learner counts it), the line and the fix.
ATTN_LESSON_ENTRY std::string lesson_questions_problem(const Lesson& lesson);

}  // namespace attn
