// The planted bugs of the book's classes panel ("plant the bug: fill with 0, not -inf"): what each
// one does to head 0's weights, and the sentence that says what went wrong. The panel draws one
// when the learner ticks it; the text version of the numbers lists them all under "Break it on
// purpose", so a keyboard or screen-reader user can do what the lesson's steps 12 to 14 ask.
#pragma once
#include <string>
#include <vector>

#include "core/math/attention_modules.h"
#include "core/math/sentence.h"

namespace attn {

enum class PlantedBug {
    ZeroMask,         // 3.5.1: masked_fill(mask, 0), not -inf
    FlippedMask,      // mask polarity: tril(ones, -1), not triu(ones, 1)
    WrongDim,         // softmax(dim=1) of a batch's (b, n, n) scores
    UnscaledDropout,  // dropout's survivors kept at w, not w / (1 - p)
    NoTranspose,      // the shape tracer's .view(b, h, n, hd) without .transpose(1, 2)
    WrongScale,       // MultiHeadAttention's scores divided by sqrt(d_out), not sqrt(head_dim)
};
constexpr int kPlantedBugCount = 6;

struct PlantedBugView {
    bool offered = false;             // the class shows this bug (its checkbox)
    Sentence label;                   // the checkbox: "plant the bug: fill with 0, not -inf"
    Sentence caption;                 // the weights' title: "masked_fill(triu(ones, 1), 0), then softmax"
    const Matrix* weights = nullptr;  // head 0's weights with the bug (null: none, as for NoTranspose)
    // NoTranspose: for each of the first heads (at most 8), which token each of head h's n rows
    // holds, (n) per head.
    std::vector<std::vector<int>> rows_hold;
    Sentence says;       // what went wrong, or why it does not show on these numbers
    bool shows = false;  // says is a difference the bug makes (not a caveat)
    std::string value;   // the number that says it ("0.2351"), for tests and the page's layout
};

// The checkbox's words, and whether the run's class has the bug: what the panel asks every frame
// (cheap); planted_bug works the rest out, for a bug that is ticked or listed.
Sentence planted_bug_label(PlantedBug bug);
bool offers_planted_bug(PlantedBug bug, const ModuleResult& run);

// The class's planted bug `bug` on batch element `batch` (head 0). tokens: the inputs' labels.
// transposed (NoTranspose only): false plants the bug; true shows the right shapes, rows_hold and
// its sentence.
PlantedBugView planted_bug(PlantedBug bug, const ModuleResult& run, size_t batch,
                           const std::vector<std::string>& tokens, bool transposed = false);

// Which token each cell of head `head`'s (n, hd) slice came from: .view(b, n, h, hd).transpose(1, 2)
// keeps row i on token i; .view(b, h, n, hd) reads the (n, d_out) memory in head-major order, so
// its row i of head j starts at element (j * n + i) * hd, inside token (j * n + i) / h.
std::vector<int> slice_tokens(int n, int heads, int head_dim, int head, bool transposed);

}  // namespace attn
