// Practice: typed numbers read leniently but never silently, and answers checked against the
// core's numbers with a tolerance, naming the wrong entry and the arithmetic behind it.
#include "core/lesson/practice.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

State exercise(int i) {
    State s;
    load_example("your-journey", &s);
    return enter_exercise(i, s);
}

ExerciseCheck check(int index, const State& s, const std::string& typed) {
    return check_exercise(attn_test::texts(), index, s, compute_attention(s), typed);
}

}  // namespace

TEST_CASE("practice 1: the query must be the third token first; then [0, 2, 1] is right") {
    State s = exercise(0);
    REQUIRE(s.example == "three-tokens");
    ExerciseCheck c = check(0, s, "0 2 1");
    CHECK_FALSE(c.correct);
    CHECK(contains(c.message, "the third token is inputs[2]"));
    s.query = 2;
    c = check(0, s, "0 2 1");  // [1,0]·[0,1] = 0, [2,2]·[0,1] = 2, [0,1]·[0,1] = 1
    CHECK(c.correct);
    CHECK(c.entry_ok == std::vector<int>{1, 1, 1});
    CHECK(contains(c.message, "The largest is \"token 1\" with 2"));
    CHECK(check(0, s, "0.004 1.996 1").correct);  // within the tolerance
}

TEST_CASE("practice 1: a wrong entry is named with its arithmetic; common mistakes are recognised") {
    State s = exercise(0);
    s.query = 2;
    ExerciseCheck c = check(0, s, "0 4 1");
    CHECK_FALSE(c.correct);
    CHECK(c.wrong_entry == 1);
    CHECK(c.entry_ok == std::vector<int>{1, 0, 1});
    CHECK(contains(c.message, "Entry 1 (\"token 1\") is 4, but torch.dot(inputs[1], query) = 2·0 + 2·1 = 2."));
    c = check(0, s, "2 1");
    CHECK(contains(c.message, "Did you skip the query?"));
    c = check(0, s, "2 8 2");  // the scores of the old query inputs[1]
    CHECK(contains(c.message, "Those are the scores for query inputs[1]"));
}

TEST_CASE("practice 2: softmax weights to 2 decimals, with a decimal comma accepted and explained") {
    const State s = exercise(1);
    CHECK(check(1, s, "0.02 0.94 0.05").correct);  // [0.0171, 0.9362, 0.0466]
    const ExerciseCheck comma = check(1, s, "0,02 0,94 0,05");
    CHECK(comma.correct);
    CHECK(contains(comma.note, "decimal comma"));
    const ExerciseCheck by_sum = check(1, s, "0.13 0.63 0.25");
    CHECK_FALSE(by_sum.correct);
    CHECK(contains(by_sum.message, "divide-by-sum weights"));
    const ExerciseCheck wrong = check(1, s, "0.02 0.90 0.05");
    CHECK(wrong.wrong_entry == 1);
    CHECK(contains(wrong.message, "Entry 1 (\"sat\") is 0.9, but exp(5) / "));
    CHECK(contains(wrong.message, "which is 0.94 to 2 decimals"));
    CHECK(contains(check(1, s, "1 5 2").message, "the scores themselves"));
}

TEST_CASE("practice 3: the most attended token after projection, by position or label") {
    const State s = exercise(2);
    const AttentionResult r = compute_attention(s);
    REQUIRE(r.has_projection);
    int best = 0;
    for (size_t i = 1; i < r.projection.weights.size(); ++i)
        if (r.projection.weights[i] > r.projection.weights[size_t(best)]) best = int(i);
    CHECK(check(2, s, std::to_string(best)).correct);
    CHECK(check(2, s, "inputs[" + std::to_string(best) + "]").correct);
    CHECK(check(2, s, s.tokens[size_t(best)]).correct);
    const ExerciseCheck off_by_one = check(2, s, std::to_string(best + 1));
    CHECK_FALSE(off_by_one.correct);
    CHECK(contains(off_by_one.message, "positions count from zero"));
    CHECK(contains(check(2, s, "9").message, "There is no token at position 9"));
    CHECK(contains(check(2, s, "banana").message, "neither a position"));
    State off = s;
    off.projection.enabled = false;
    CHECK(contains(check(2, off, "1").message, "Turn on the projection first"));
}

TEST_CASE("practice: exercise texts quote the data they ask about") {
    CHECK(contains(exercise_info(attn_test::texts(), 0, exercise(0)).task, "set the query to the third token, [0, 1]"));
    CHECK(contains(exercise_info(attn_test::texts(), 1, exercise(1)).task, "The query \"sat\" scores [1, 5, 2]"));
    CHECK(contains(exercise_info(attn_test::texts(), 2, exercise(2)).task, "torch.manual_seed(123)"));
}
