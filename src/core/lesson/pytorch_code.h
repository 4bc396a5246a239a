// Python/PyTorch code that reproduces the state on screen exactly: the inputs as a torch.tensor
// literal whose floats read back bit for bit, the query by position, the loop and torch.dot, the
// three normalisations, the context vector, the matrix form, the seeded projections of the book
// and the causal mask, each print() followed by what it prints (the core's own numbers, in
// PyTorch's format).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/interface_text.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/concealment.h"
#include "core/math/deferred_entry.h"

namespace attn {

// PyTorch prints every element up to this many; past it, only the corners.
constexpr size_t kTorchPrintThreshold = 1000;

struct CodeOutput {
    std::string expression;  // what is printed: "attn_scores_2"
    std::vector<int> shape;  // {} a scalar, {n} a vector, {rows, cols} a matrix
    Vector values;           // row-major
    std::string text;        // what print() shows, or a one-line summary when !full
    bool full = true;        // false past kTorchPrintThreshold elements (PyTorch summarises)
};

struct PyTorchCode {
    std::string code;                 // runnable Python; each print is followed by "# ..." output lines
    std::vector<CodeOutput> outputs;  // in print order
    std::vector<int> output_lines;    // the lines (from 0) that are printed output, as the writer wrote them
};

// Reads generated code line by line and says which lines are printed output: a "# " line right
// after a print( or after another output line. The one rule the panel's tint and the lesson's
// cover read; the generator keeps an explaining comment apart from an output before it (a blank
// line between), and a test holds the rule to the writer's own output_lines.
class OutputLineReader {
public:
    bool is_output(std::string_view line) {
        const bool output = line.substr(0, 2) == "# " && (after_print_ || in_output_);
        in_output_ = output;
        after_print_ = line.substr(0, 6) == "print(";
        return output;
    }

private:
    bool after_print_ = false, in_output_ = false;
};

// result must be compute_attention(state). words: the language of the comments that explain the
// code (null: English); the code, the names and what it prints are the same in every language.
// hidden: what a lesson's open question covers (null: nothing). While it asks which token the
// query is, nothing says it: the query line's comment gives the reason instead, no name numbers
// the query (the book's attn_scores_2 for inputs[1] is attn_scores_q, and the inputs' rows lose
// their "(x^2)"), and the zero-based rule waits for the reveal. The outputs: code_as_covered.
PyTorchCode pytorch_code(const State& state, const AttentionResult& result, const InterfaceText* words = nullptr,
                         const Concealment* hidden = nullptr);
// The code text alone, for callers without a result at hand (the web glue's "copy" path).
std::string pytorch_code_for_state(const State& state);
// The code as the panel shows it while a lesson question is open (hidden.any()): each print's
// output (the comment lines after it) replaced by one line saying why it is covered, and while
// step 8 asks which dim softmax takes, dim=-1 written dim=? (the heatmap's heading does the same).
// Nothing covered: the code as it is.
std::string code_as_covered(const std::string& code, const Concealment& hidden);
// The code as the panel shows it and the numbers' text version reads it: in words' language,
// covered while hidden (null: no lesson) covers something. On the page it is deferred code (the
// first view shows no code): the panel and attention.pytorchCode() fetch it first.
ATTN_DEFERRED_ENTRY std::string pytorch_code_shown(const State& state, const AttentionResult& result,
                                                   const InterfaceText* words, const Concealment* hidden);
// A float32 as a Python float literal that torch.tensor turns back into the same float32:
// the shortest round-trip text, always with a point or exponent ("1.0", "0.43", "1e-07").
std::string python_float(float x);

}  // namespace attn
