// What each lesson step says, written from the state: every number in these lines comes from the
// core's results for the state on screen, so the text stays true when the learner edits the data.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"

namespace attn {

enum class LineKind {
    Prose,  // a sentence
    Code,   // a line of code or arithmetic, shown in the mono font
    Note,   // a quieter aside
    Good,   // a check that passed ("the manual loop and torch.dot agree")
    Warn,   // something broke on purpose (overflow) or needs attention
};

struct LessonLine {
    LineKind kind = LineKind::Prose;
    std::string text;
    // -1: always shown. k >= 0: a result the step's question k asks the learner to predict, so it
    // stays hidden until that question is revealed (or passed).
    int after_question = -1;
};

// The step's lines for state.step (empty for step 0 and steps past the track). module: the run of
// the book's classes the page keeps beside the state, if any (steps 11..14 read it; without it, or
// when it is of another state, they run the module themselves).
std::vector<LessonLine> step_lines(const State& state, const AttentionResult& result,
                                   const ModuleRun* module = nullptr);
// Whether question k of the step has been answered and revealed, or moved past.
bool question_done(const LessonState& lesson, int k);

// Step 4's table: the query against every token, as element-wise products, the dot product and
// what its sign and size say.
struct AlignmentRow {
    int token = 0;
    std::string products;  // the element-wise products, "1, -1"
    float dot = 0;
    float cosine = 0;     // dot / (|query| |token|); 0 if either is the zero vector
    std::string reading;  // "same direction", "at right angles: the products cancel", ...
};
std::vector<AlignmentRow> alignment_rows(const State& state, const AttentionResult& result, int max_rows = 12);

}  // namespace attn
