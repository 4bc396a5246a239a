// "Debug this": a planted bug, the faulty output beside the expected one, and a trace of named
// steps in the seeds' order (query assignment, loop index, dot product, then the output) with the
// expected and actual values of each, so the learner can find the first step that diverges.
#pragma once
#include <iterator>
#include <string>
#include <vector>

#include "core/document/state.h"
#include "core/lesson/lesson_text.h"
#include "core/math/attention_modules.h"

namespace attn {

struct TraceStep {
    std::string name;      // "query assignment"
    std::string question;  // what the learner checks: "Was the query set to inputs[1]?"
    std::string what;      // what the values are: "the query vector"
    int line = -1;         // the program line this step runs (index into BugTrace::program)
    Vector expected, actual;
    int rows = 0, cols = 0;  // 0 rows: a vector; else a (rows, cols) matrix, row-major
    bool diverges = false;
};

struct BugTrace {
    Bug bug = Bug::None;
    std::string title;                 // "query = inputs[0] instead of inputs[1]"
    std::vector<std::string> program;  // the program with the bug planted, line by line
    std::vector<std::string> fixed;    // the same program without it
    int buggy_line = -1;               // index into program
    std::vector<TraceStep> steps;
    int first_divergence = -1;                   // index into steps, -1 when nothing differs on this data
    std::string expected_output, actual_output;  // what print() shows, PyTorch style
    std::string explanation;                     // why the first diverging step is wrong, and the fix
    std::string hidden;                          // when nothing diverges: why this data hides the bug
    std::string note;                            // what the trace runs on, when not what the panel shows
    std::string error;                           // the state is too large for a live trace
};

// Building blocks of a trace (bug_trace.cpp, chapter_bugs.cpp): a step over a vector, over an
// (r, c) matrix (row-major). (Each row's sum: row_sums, core/math/matrix.h.)
TraceStep trace_step(std::string name, std::string question, std::string what, int line, Vector expected,
                     Vector actual);
TraceStep matrix_trace_step(std::string name, std::string question, std::string what, int line, const Matrix& expected,
                            const Matrix& actual);
// Runs the class a trace of the book's classes (or its repository's) is planted into, or sets
// t->error: a state too large for a live trace (a trace is rebuilt whenever the state changes; the
// chapter's sizes, up to 64 tokens, dimensions and projection width), or settings the class refuses.
bool run_traced_module(const TextCatalog& texts, const Matrix& inputs, const ModuleSettings& settings, int width,
                       ModuleResult* result, BugTrace* t);
// What print() shows when the program prints its last step's value (a matrix): t's expected and
// actual outputs, as PyTorch prints them. t has at least one step.
void print_last_step(BugTrace* t);

// The bugs "Debug this" offers, in its order: the lesson's, then the book's classes' in the order
// the chapter meets them, then the repository's classes after chapter 3 in the order of its
// ch04 folders (the KV cache, GQA, the masks' routes, the sliding window).
constexpr Bug kDebugBugs[] = {Bug::WrongQuery,          Bug::WrongSlot,        Bug::WrongPair,
                              Bug::SoftmaxDim,          Bug::ScaleByValues,    Bug::BatchSoftmaxDim,
                              Bug::MaskPolarity,        Bug::ZeroMask,         Bug::ViewNoTranspose,
                              Bug::ScaleByDOut,         Bug::DropoutNoRescale, Bug::CacheMaskNoOffset,
                              Bug::RepeatNotInterleave, Bug::SdpaBookMask,     Bug::WindowDropsChunkKeys};

// The largest Bug value Debug this offers: intents naming a bug are checked against it.
constexpr Bug kLastDebugBug = kDebugBugs[std::size(kDebugBugs) - 1];

// How far the learner has walked a trace, as the panel and the text version show it: the steps
// judged (the state's count, at most the trace's length), whether they reached the first
// divergence (only then the buggy line and its fix show), and each judgment ('1' as it should be,
// '0' it is off).
struct TraceWalk {
    int checked = 0;
    bool found = false;
    bool look_again = false;  // the next step is the first wrong value, judged "as it should be" once
    std::string said;
    // Step k's verdict as a catalog id ("debug.right-off" ...), or null when k was not judged;
    // *held: the judgment was right.
    const char* verdict_id(const BugTrace& trace, int k, bool* held) const;
};
// second_look: the step the learner is asked to look at again (second_look_of), or -1.
TraceWalk trace_walk_of(const BugTrace& trace, int judged_count, const std::string& said, int second_look = -1);

// A trace step's values as the trace prints them: a vector on one line, a matrix as its first
// three rows, each under the one before (indented past "   name, printed  "), then "… k more rows"
// in the words of the catalog.
std::string trace_values_text(const TextCatalog& texts, const Vector& values, int rows, int cols);

// The bug planted into the state's own data (inputs, query; seed and d_out for the projection), in
// the words of the catalog (ids "bug.*").
BugTrace trace_bug(const TextCatalog& texts, Bug bug, const State& state);
// The first step whose actual value differs from the expected one, or -1.
int first_divergence(const std::vector<TraceStep>& steps);
// Element-wise "differ": NaN matches only NaN, infinities match themselves, finite values differ
// beyond float rounding (1e-6 relative).
bool values_differ(const Vector& expected, const Vector& actual);

}  // namespace attn
