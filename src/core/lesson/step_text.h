// What each lesson step says: the lesson file's own lines with their live values, and the
// built-in sections, lines the core computes from the state (the dot product's running sum, the
// score loop's slots, the lab's overflow) in the words of the lesson's catalog. Every number comes
// from the core's results for the state on screen, so the text stays true when the learner edits
// the data.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/lesson_file.h"

namespace attn {

bool is_step_section(std::string_view name);
std::string step_section_names();  // "dot-product, score-loop, ..." for messages

// The lines of state.step of the lesson (empty for step 0 and steps past it). module: the run of
// the book's classes the page keeps beside the state, if any (sections on the book's classes read
// it; without it, or when it is of another state, they run the module themselves).
std::vector<LessonLine> step_lines(const Lesson& lesson, const State& state, const AttentionResult& result,
                                   const ModuleRun* module = nullptr);
// Whether question k of the step has been answered and revealed, or moved past.
bool question_done(const LessonState& lesson, int k);

// The alignment widget's table: the query against every token, as element-wise products, the dot
// product and what its sign and size say (in the catalog's words).
struct AlignmentRow {
    int token = 0;
    std::string label;     // the token with its embedding, "z = [-1.00, 0.50]
    std::string products;  // the element-wise products, "1, -1"
    float dot = 0;
    float cosine = 0;     // dot / (|query| |token|); 0 if either is the zero vector
    std::string reading;  // "same direction", "at right angles: the products cancel", ...
};
// The table's column headings ("token (query: u)", "products", "dot product", "meaning"), its caption
// and what the reading column shows while the question is open, from the catalog.
struct AlignmentWords {
    std::vector<std::string> headers;
    std::string caption, covered;
};
AlignmentWords alignment_words(const TextCatalog& texts, const State& state);
std::vector<AlignmentRow> alignment_rows(const TextCatalog& texts, const State& state, const AttentionResult& result,
                                         int max_rows = 12);

// The sections on the book's classes (chapter_steps.cpp): whether name is one, and its lines.
bool is_chapter_section(std::string_view name);
void chapter_section_lines(std::string_view name, const Lesson& lesson, const State& s, const AttentionResult& result,
                           const ModuleRun* page_run, std::vector<LessonLine>* out);

}  // namespace attn
