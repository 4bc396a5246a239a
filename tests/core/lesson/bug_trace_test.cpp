// "Debug this": each planted bug gives the faulty output beside the expected one, and the trace,
// walked in the seeds' order, diverges first at the step that holds the bug.
#include "core/lesson/bug_trace.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

#include "core/document/examples.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

BugTrace planted(Bug bug) {
    State s;
    load_example("your-journey", &s);
    const State b = enter_bug(bug, s);
    return trace_bug(attn_test::texts(), bug, b);
}

}  // namespace

TEST_CASE("bug: query = inputs[0] prints [1, 2, 0] instead of [2, 8, 2]; the query assignment diverges first") {
    const BugTrace t = planted(Bug::WrongQuery);
    CHECK(t.expected_output == "tensor([2., 8., 2.])");
    CHECK(t.actual_output == "tensor([1., 2., 0.])");
    REQUIRE(t.steps.size() == 4);
    CHECK(t.steps[0].name == "query assignment");
    CHECK(t.steps[1].name == "loop index");
    CHECK(t.steps[2].name == "dot product");
    CHECK(t.first_divergence == 0);
    CHECK(t.steps[0].expected == Vector{2, 2});
    CHECK(t.steps[0].actual == Vector{1, 0});
    CHECK_FALSE(t.steps[1].diverges);  // the loop is fine
    CHECK(t.program[size_t(t.buggy_line)] == "query = inputs[0]");
    CHECK(t.fixed[size_t(t.buggy_line)] == "query = inputs[1]");
    CHECK(contains(t.explanation, "Fix: query = inputs[1]"));
}

TEST_CASE("bug: attn_scores[i - 1] shifts every score one slot; the loop index diverges first") {
    const BugTrace t = planted(Bug::WrongSlot);
    CHECK(t.actual_output == "tensor([8., 2., 2.])");
    CHECK(t.first_divergence == 1);
    CHECK(t.steps[1].expected == Vector{0, 1, 2});
    CHECK(t.steps[1].actual == Vector{2, 0, 1});  // -1 is the last slot in Python
    CHECK_FALSE(t.steps[2].diverges);             // each dot product itself is right
    CHECK(contains(t.program[size_t(t.buggy_line)], "attn_scores[i - 1]"));
}

TEST_CASE("bug: torch.dot(x_i, x_i) prints 1 for position 2 instead of 2; the dot product diverges first") {
    const BugTrace t = planted(Bug::WrongPair);
    CHECK(t.actual_output == "tensor([1., 8., 1.])");  // the seeds' "score for position 2 printed as 1 instead of 2"
    CHECK(t.first_divergence == 2);
    CHECK_FALSE(t.steps[0].diverges);
    CHECK_FALSE(t.steps[1].diverges);
    CHECK(t.steps[2].actual[2] == 1.0f);
    CHECK(t.steps[2].expected[2] == 2.0f);
}

TEST_CASE("bug: softmax over dim=0 on the matrix; the softmax step diverges and the rows stop summing to 1") {
    const BugTrace t = planted(Bug::SoftmaxDim);
    CHECK(t.first_divergence == 1);
    CHECK(t.steps[1].rows == 6);
    CHECK(t.steps[1].cols == 6);
    for (float sum : t.steps[2].expected) CHECK(sum == doctest::Approx(1.0f).epsilon(1e-5));
    CHECK(t.steps[2].actual[1] == doctest::Approx(1.297f).epsilon(1e-3));
    CHECK(contains(t.program[size_t(t.buggy_line)], "dim=0"));
    // The expected output is the book's context matrix; row 1 is [0.4419, 0.6515, 0.5683].
    CHECK(contains(t.expected_output, "[0.4419, 0.6515, 0.5683]"));
}

TEST_CASE("bug: dividing by sqrt(values.shape[-1]) with d_v = 4 != d_k = 2; the scale step diverges") {
    const BugTrace t = planted(Bug::ScaleByValues);
    CHECK(t.first_divergence == 1);
    CHECK(t.steps[1].expected == Vector{std::sqrt(2.0f)});
    CHECK(t.steps[1].actual == Vector{2.0f});
    CHECK(t.steps[3].expected.size() == 4);  // the context vector has d_v = 4 numbers
    CHECK(contains(t.explanation, "d_v = d_k = d_out, which would hide this bug"));
}

TEST_CASE("bug: when the data hides a bug, nothing diverges and the trace says why") {
    State s;
    s.tokens = {"only"};
    s.inputs = Matrix::from_rows({{1, 2}});
    const BugTrace one = trace_bug(attn_test::texts(), Bug::WrongQuery, s);
    CHECK(one.first_divergence == -1);
    CHECK(contains(one.hidden, "add a token"));
    s.tokens = {"a", "b"};
    s.inputs = Matrix::from_rows({{1, 1}, {1, 1}});
    const BugTrace pair = trace_bug(attn_test::texts(), Bug::WrongPair, s);  // x·x == x·query for equal tokens
    CHECK(pair.first_divergence == -1);
    CHECK_FALSE(pair.hidden.empty());
}

TEST_CASE("bug: first_divergence and values_differ") {
    TraceStep a, b, c;
    a.expected = a.actual = {1, 2};
    b.expected = {1, std::numeric_limits<float>::quiet_NaN()};
    b.actual = {1, std::numeric_limits<float>::quiet_NaN()};
    c.expected = {1, 2};
    c.actual = {1, 2.001f};
    for (TraceStep* t : {&a, &b, &c}) t->diverges = values_differ(t->expected, t->actual);
    CHECK(first_divergence({a, b, c}) == 2);
    CHECK(first_divergence({a, b}) == -1);
    CHECK(values_differ({1}, {1, 2}));
    CHECK(values_differ({INFINITY}, {-INFINITY}));
    CHECK_FALSE(values_differ({INFINITY}, {INFINITY}));
    CHECK(values_differ({0}, {std::numeric_limits<float>::quiet_NaN()}));
}

TEST_CASE("bug: no bug, and a state too large for a live trace") {
    State s;
    load_example("three-tokens", &s);
    CHECK(trace_bug(attn_test::texts(), Bug::None, s).steps.empty());
    s.tokens.assign(1024, "t");
    s.inputs = Matrix(1024, 64, 0.5f);
    const BugTrace t = trace_bug(attn_test::texts(), Bug::SoftmaxDim, s);
    CHECK(t.steps.empty());
    CHECK(contains(t.error, "too large for a live trace"));
}
