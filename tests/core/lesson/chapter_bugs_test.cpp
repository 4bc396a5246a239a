// "Debug this" for the book's classes: each of the chapter's six bugs, planted into the class it
// lives in on the book's inputs, diverges first at the step that runs the buggy line; the expected
// side is the module's own run (the book's numbers), and data that cannot show a bug says why.
#include "core/lesson/chapter_bugs.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "core/document/examples.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

State with_bug(Bug bug) {
    State s;
    REQUIRE(load_example("your-journey", &s));
    return enter_bug(bug, s);
}

BugTrace planted(Bug bug) {
    const BugTrace t = trace_bug(attn_test::texts(), bug, with_bug(bug));
    REQUIRE(t.error.empty());
    REQUIRE(!t.steps.empty());
    return t;
}

// The first divergence is the step that runs the buggy line, and nothing before it differs.
void diverges_at(const BugTrace& t, const std::string& step_name) {
    REQUIRE(t.first_divergence >= 0);
    CHECK(t.steps[size_t(t.first_divergence)].name == step_name);
    CHECK(t.steps[size_t(t.first_divergence)].line == t.buggy_line);
    CHECK(t.program[size_t(t.buggy_line)] != t.fixed[size_t(t.buggy_line)]);
    for (int k = 0; k < t.first_divergence; ++k) CHECK_FALSE(t.steps[size_t(k)].diverges);
}

Matrix matrix_of(const TraceStep& s, bool actual) {
    Matrix m(s.rows, s.cols);
    m.data = actual ? s.actual : s.expected;
    return m;
}

}  // namespace

TEST_CASE("chapter bugs: entering one loads the book's inputs and the class it lives in") {
    for (Bug bug : {Bug::BatchSoftmaxDim, Bug::MaskPolarity, Bug::ZeroMask, Bug::ViewNoTranspose, Bug::ScaleByDOut,
                    Bug::DropoutNoRescale}) {
        CAPTURE(bug_name(bug));
        CHECK(is_chapter_bug(bug));
        const State s = with_bug(bug);
        CHECK(s.module.enabled);
        CHECK(s.module.settings == chapter_bug_settings(bug));
        CHECK(s.lesson.bug == bug);
    }
    CHECK_FALSE(is_chapter_bug(Bug::SoftmaxDim));
    CHECK(chapter_bug_settings(Bug::DropoutNoRescale).dropout == 0.5);
    CHECK(chapter_bug_settings(Bug::ViewNoTranspose).module == AttentionModule::MultiHeadAttention);
}

TEST_CASE("chapter bugs: the expected side prints CausalAttention's output from the book") {
    const BugTrace t = planted(Bug::ZeroMask);
    CHECK(contains(t.expected_output, "-0.4519"));
    CHECK(contains(t.expected_output, "0.2216"));
    CHECK(t.actual_output != t.expected_output);
}

TEST_CASE("chapter bugs: softmax(dim=1) of the batch diverges at the softmax; columns sum to 1") {
    const BugTrace t = planted(Bug::BatchSoftmaxDim);
    diverges_at(t, "softmax");
    const Matrix w = matrix_of(t.steps[size_t(t.first_divergence)], true);
    for (int c = 0; c < w.cols; ++c) {
        float column = 0;
        for (int r = 0; r < w.rows; ++r) column += w.at(r, c);
        CHECK(std::fabs(column - 1.0f) <= 1e-5f);
    }
}

TEST_CASE("chapter bugs: tril(ones, -1) diverges at the mask; the last token sees only itself") {
    const BugTrace t = planted(Bug::MaskPolarity);
    diverges_at(t, "mask");
    CHECK(t.first_divergence == 0);
    const TraceStep& softmax = t.steps[3];
    REQUIRE(softmax.name == "softmax");
    const Matrix w = matrix_of(softmax, true);
    CHECK(w.at(5, 5) == 1.0f);
    CHECK(w.at(5, 0) == 0.0f);
    CHECK(w.at(0, 5) > 0.0f);  // row 0 sees the future
    CHECK(contains(t.explanation, "row 0 gives"));
}

TEST_CASE("chapter bugs: masked_fill with 0 diverges at the masked scores, which hold 0 instead of -inf") {
    const BugTrace t = planted(Bug::ZeroMask);
    diverges_at(t, "masked scores");
    const TraceStep& masked = t.steps[size_t(t.first_divergence)];
    const Matrix expected = matrix_of(masked, false), actual = matrix_of(masked, true);
    CHECK(std::isinf(expected.at(0, 1)));
    CHECK(actual.at(0, 1) == 0.0f);
    CHECK(actual.at(1, 0) == expected.at(1, 0));  // the past is untouched
}

TEST_CASE("chapter bugs: dropout without rescaling diverges after the draw; kept weights stay w") {
    const BugTrace t = planted(Bug::DropoutNoRescale);
    diverges_at(t, "after dropout");
    const TraceStep& kept = t.steps[2];
    REQUIRE(kept.name == "kept");
    const Matrix keep = matrix_of(kept, false), weights = matrix_of(t.steps[1], false);
    const Matrix right = matrix_of(t.steps[3], false), wrong = matrix_of(t.steps[3], true);
    for (size_t k = 0; k < keep.data.size(); ++k) {
        CHECK(wrong.data[k] == keep.data[k] * weights.data[k]);
        CHECK(right.data[k] == doctest::Approx(2.0f * wrong.data[k]).epsilon(1e-6));
    }
}

TEST_CASE("chapter bugs: .view without .transpose diverges at head 0's keys, rows from the wrong tokens") {
    const BugTrace t = planted(Bug::ViewNoTranspose);
    diverges_at(t, "head 0's keys");
    const Matrix full = matrix_of(t.steps[0], false);  // (6, 4): d_out = 4, two heads of 2
    const Matrix wrong = matrix_of(t.steps[1], true), right = matrix_of(t.steps[1], false);
    REQUIRE(full.cols == 4);
    // Right: row 1 of head 0 is token 1's first two columns. Wrong: memory order, token 0's last two.
    CHECK(right.at(1, 0) == full.at(1, 0));
    CHECK(wrong.at(1, 0) == full.at(0, 2));
    CHECK(wrong.at(1, 1) == full.at(0, 3));
    CHECK(contains(t.explanation, "tokens 0, 0, 1, 1, 2, 2"));
}

TEST_CASE("chapter bugs: sqrt(d_out) diverges at the scale: 2 instead of sqrt(2)") {
    const BugTrace t = planted(Bug::ScaleByDOut);
    diverges_at(t, "scale");
    const TraceStep& scale = t.steps[size_t(t.first_divergence)];
    CHECK(scale.expected[0] == doctest::Approx(std::sqrt(2.0f)));
    CHECK(scale.actual[0] == 2.0f);
}

TEST_CASE("chapter bugs: the learner's own module is traced when it suits the bug; one token hides the bugs") {
    State s = with_bug(Bug::ZeroMask);
    s.module.settings.seed = 5;
    const BugTrace own = trace_bug(attn_test::texts(), Bug::ZeroMask, s);
    const BugTrace book = planted(Bug::ZeroMask);
    REQUIRE(own.error.empty());
    CHECK(own.expected_output != book.expected_output);
    CHECK(chapter_bug_module(Bug::ZeroMask, s).seed == 5);
    // A class the bug does not live in: the trace runs the book's class instead.
    s.module.settings = book_module_settings(AttentionModule::SelfAttentionV2);
    CHECK(chapter_bug_module(Bug::ZeroMask, s) == chapter_bug_settings(Bug::ZeroMask));

    State one = with_bug(Bug::MaskPolarity);
    one.inputs = Matrix(1, 3);
    one.inputs.data = {0.4f, 0.1f, 0.8f};
    one.tokens = {"Your"};
    one.query = 0;
    const BugTrace hidden = trace_bug(attn_test::texts(), Bug::MaskPolarity, one);
    REQUIRE(hidden.error.empty());
    CHECK(hidden.first_divergence == -1);
    CHECK(contains(hidden.hidden, "one token"));
}

TEST_CASE("chapter bugs: a state too large for a live trace says so") {
    State s = with_bug(Bug::ZeroMask);
    s.inputs = Matrix(65, 3);
    s.tokens.assign(65, "t");
    const BugTrace t = trace_bug(attn_test::texts(), Bug::ZeroMask, s);
    CHECK(contains(t.error, "too large"));
    CHECK(t.steps.empty());
}

TEST_CASE("chapter bugs: the panel's own class is traced even where it hides the bug, and says why") {
    State heads = with_bug(Bug::ScaleByDOut);
    heads.module.settings.heads = 1;
    heads.module.settings.d_out = 2;
    const BugTrace one_head = trace_bug(attn_test::texts(), Bug::ScaleByDOut, heads);
    REQUIRE(one_head.error.empty());
    CHECK(one_head.first_divergence == -1);
    CHECK(contains(one_head.hidden, "one head"));
    CHECK(one_head.note.empty());  // the panel's own module

    State eval = with_bug(Bug::DropoutNoRescale);
    eval.module.settings.training = false;
    const BugTrace off = trace_bug(attn_test::texts(), Bug::DropoutNoRescale, eval);
    REQUIRE(off.error.empty());
    CHECK(off.first_divergence == -1);
    CHECK(contains(off.hidden, "Dropout is off"));

    // Another class in the panel: the trace runs the bug's own and says so.
    State other = with_bug(Bug::ViewNoTranspose);
    other.module.settings = book_module_settings(AttentionModule::CausalAttention);
    const BugTrace t = trace_bug(attn_test::texts(), Bug::ViewNoTranspose, other);
    REQUIRE(t.error.empty());
    CHECK(contains(t.note, "MultiHeadAttention"));
    // MultiHeadAttention's d_out is the total width: 64 wide in 2 heads is within the trace's size.
    State wide = with_bug(Bug::ViewNoTranspose);
    wide.module.settings.d_out = 64;
    CHECK(trace_bug(attn_test::texts(), Bug::ViewNoTranspose, wide).error.empty());
}
