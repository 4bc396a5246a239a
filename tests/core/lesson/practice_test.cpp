// Practice: typed numbers read leniently but never silently, and answers checked against the
// core's numbers with a tolerance, naming the wrong entry and the arithmetic behind it.
#include "core/lesson/practice.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/examples.h"
#include "core/document/state_attention.h"
#include "core/lesson/bug_trace.h"
#include "core/lesson/concealment.h"
#include "core/lesson/track.h"
#include "core/math/attention_modules.h"
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
    CHECK(c.first_entry == 0);  // the entries go by the tokens' positions
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
    State s = exercise(2);
    // Read off the plain weights, with the projection still off: "Your" favours itself there, the
    // projection favours "journey", and the check says which weights the answer came from.
    REQUIRE_FALSE(s.projection.enabled);
    const ExerciseCheck plain = check(2, s, "0");
    CHECK_FALSE(plain.correct);
    CHECK(contains(plain.message, "wins with the plain weights"));
    CHECK_FALSE(contains(plain.message, "0."));  // no projected number gives the answer away
    const ExerciseCheck other = check(2, s, "step");
    CHECK_FALSE(other.correct);
    CHECK(contains(other.message, "tick use W_query"));
    CHECK_FALSE(contains(other.message, "0."));
    CHECK(check(2, s, "journey").correct);  // graded against the projection the task names
    s.projection.enabled = true;
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
}

TEST_CASE("practice: exercise texts quote the data they ask about") {
    CHECK(contains(exercise_info(attn_test::texts(), 0, exercise(0)).task, "set the query to the third token, [0, 1]"));
    CHECK(contains(exercise_info(attn_test::texts(), 1, exercise(1)).task, "The query \"sat\" scores [1, 5, 2]"));
    CHECK(contains(exercise_info(attn_test::texts(), 2, exercise(2)).task, "torch.manual_seed(123)"));
}

TEST_CASE("practice 4: a KV cache's work, call by call: heads x new tokens x keys") {
    State s = exercise(3);
    REQUIRE(s.module.enabled);
    REQUIRE(s.module.settings.decode);
    const Exercise e = exercise_info(attn_test::texts(), 3, s);
    CHECK(contains(e.task, "MultiHeadAttention with num_heads = 2 decodes 6 tokens"));
    CHECK(contains(e.task, "4 calls"));
    // A prompt of 3 in one call (2 x 3 x 3), then tokens 3, 4, 5 against 4, 5, 6 keys.
    ExerciseCheck c = check(3, s, "18, 8, 10, 12");
    CHECK(c.correct);
    CHECK(contains(c.message, "Together 48 scores"));
    CHECK(contains(c.message, "would take 172"));  // 2 x (9 + 16 + 25 + 36)
    // One head counted: the second call's 4 is named.
    c = check(3, s, "18, 4, 10, 12");
    CHECK_FALSE(c.correct);
    CHECK(c.wrong_entry == 1);
    CHECK(c.entry_ok == std::vector<int>{1, 0, 1, 1});
    CHECK(c.first_entry == 1);  // the entries go by their calls, counted from the 1st, as the message says
    CHECK(contains(c.message, "The 2nd call (token 3): 4 counts one head"));
    CHECK(contains(c.message, "2 × 1 × 4 = 8"));
    // The whole sequence scored again: 2 x 4 x 4 = 32 for token 3.
    c = check(3, s, "18, 32, 50, 72");
    CHECK(c.wrong_entry == 1);
    CHECK(contains(c.message, "scoring the whole sequence so far again"));
    // Only the scores the causal mask keeps in the prefill: 2 x (1 + 2 + 3) = 12.
    c = check(3, s, "12, 8, 10, 12");
    CHECK(c.wrong_entry == 0);
    CHECK(contains(c.message, "counts only the scores the mask keeps"));
    c = check(3, s, "18, 8, 11, 12");
    CHECK(c.wrong_entry == 2);
    CHECK(contains(c.message, "2 × 1 × 5 = 10"));
    c = check(3, s, "18, 8, 10");
    CHECK(contains(c.message, "4 calls"));
    // A word among the counts is named by its call, as the marks number them: "x" is the 2nd.
    CHECK(contains(check(3, s, "18, x, 10, 12").message, "\"x\" (entry 2) is not a number"));
    // Chunks and a window change the count: a prefill of 6 in chunks of 3, W = 3, two heads:
    // 2 x 3 x 3, then the chunk of 3 against W - 1 + 3 = 5 keys.
    s.module.settings = book_module_settings(AttentionModule::SlidingWindowAttention);
    s.module.settings.decode = true;
    s.module.settings.prefill = 6;
    s.module.settings.chunk = 3;
    CHECK(check(3, s, "18 30").correct);
    const Exercise chunked = exercise_info(attn_test::texts(), 3, s);
    CHECK(contains(chunked.task, "a prefill of 6 in chunks of 3"));
    CHECK(contains(chunked.task, "sliding window is W = 3"));
    CHECK(contains(chunked.hint, "With a window"));
    // A decode too long to type in the answer box says so in the task.
    CHECK_FALSE(contains(exercise_info(attn_test::texts(), 3, s).task, "longer than the answer box"));
    State many = s;
    REQUIRE(load_example("random-40x4-seed3", &many));  // 40 counts to type
    many.module = s.module;
    many.module.settings.prefill = 1;
    many.module.settings.chunk = 0;
    CHECK(contains(exercise_info(attn_test::texts(), 3, many).task, "longer than the answer box holds (150"));
    // Without decode mode there is no cache to count.
    s.module.settings.decode = false;
    CHECK(contains(check(3, s, "18 30").message, "decode mode"));
}

TEST_CASE("practice 5: the tokens a window lets a token see, and the three ways to miss them") {
    State s = exercise(4);
    REQUIRE(s.module.settings.module == AttentionModule::SlidingWindowAttention);
    // Not the lesson's own question (token 4, W = 3): the last token with a window of 4.
    CHECK(s.query == 5);
    CHECK(s.module.settings.window == 4);
    CHECK(contains(exercise_info(attn_test::texts(), 4, s).task, "sliding_window_size = 4"));
    CHECK(check(4, s, "2 3 4 5").correct);
    CHECK(contains(check(4, s, "3 4 5").message, "Some positions it sees are missing"));
    // The ways to miss, on token 4 with W = 3 (another query, another window, as a learner sets them).
    s.query = 4;
    s.module.settings.window = 3;
    CHECK(contains(exercise_info(attn_test::texts(), 4, s).task, "sliding_window_size = 3"));
    ExerciseCheck c = check(4, s, "2, 3, 4");
    CHECK(c.correct);
    CHECK(c.entry_ok.empty());  // no marks numbered from 0 beside positions, right or wrong
    CHECK(contains(c.message, "itself and the 2 before it"));
    CHECK(check(4, s, "4 2 3").correct);  // any order
    // The lessons' own notation for a run of positions, as typed by a learner who read them.
    CHECK(check(4, s, "2..4").correct);
    CHECK(check(4, s, "2 .. 4").correct);
    CHECK(contains(check(4, s, "1..4").message, "One too many"));
    CHECK(contains(check(4, s, "4..2").message, "not a position"));  // backwards: left for the reader to name
    CHECK(contains(check(4, s, "2...4").message, "not a position"));
    // A dash as a learner writes a range, right after the first number (en dash too).
    CHECK(check(4, s, "2-4").correct);
    CHECK(check(4, s, "2\u20134").correct);
    CHECK(contains(check(4, s, "1-4").message, "One too many"));
    CHECK_FALSE(check(4, s, "2 -4").correct);  // a minus, not a range
    c = check(4, s, "1, 2, 3, 4");
    CHECK_FALSE(c.correct);
    CHECK(contains(c.message, "One too many"));
    CHECK(c.wrong_entry == 0);  // position 1, the first typed
    CHECK(c.entry_ok.empty());  // no marks numbered from 0 beside positions: the message names it
    CHECK(contains(check(4, s, "0 1 2 3 4").message, "causal mask alone"));
    CHECK(contains(check(4, s, "3 4 5").message, "Position 5 comes after token 4"));
    CHECK(contains(check(4, s, "2 2 3 4").message, "appears twice"));
    CHECK(contains(check(4, s, "2.5").message, "not a position"));
    CHECK(contains(check(4, s, "abc").message, "not a position"));
    // An entry that cannot be read is an input error (the field is marked invalid); a wrong set of
    // positions is a wrong answer, not an error.
    CHECK(check(4, s, "abc").unreadable);
    CHECK(check(4, s, "9").unreadable);
    CHECK_FALSE(check(4, s, "3 4 5").unreadable);
    CHECK_FALSE(check(4, s, "2 3 4").unreadable);
    CHECK(contains(check(4, s, "").message, "Type the positions token 4 attends to"));  // not how many
    CHECK(exercise_info(attn_test::texts(), 4, s).answer == "2, 3, 4");
    CHECK(exercise_info(attn_test::texts(), 3, exercise(3)).answer == "18, 8, 10, 12");
    // The panels print these too, but Show the answer says them (the text version reads them out):
    // the scores of inputs[2] and softmax of the query's scores, on each exercise's own data.
    CHECK(exercise_info(attn_test::texts(), 0, exercise(0)).answer == "[0, 2, 1]");
    CHECK(exercise_info(attn_test::texts(), 1, exercise(1)).answer == "[0.0171, 0.9362, 0.0466]");
    c = check(4, s, "3 4");
    CHECK(contains(c.message, "Some positions it sees are missing"));
    CHECK(c.wrong_entry == -1);  // no one entry is wrong: the list is
    CHECK(check(4, s, "2 2 3 4").wrong_entry == -1);
    // Near the start the window holds fewer: token 1 sees 0 and 1.
    s.query = 1;
    CHECK(check(4, s, "0, 1").correct);
    s.module.settings = book_module_settings(AttentionModule::MultiHeadAttention);
    CHECK(contains(check(4, s, "0, 1").message, "MultiHeadAttentionWithSWA"));
}

TEST_CASE("practice 4 and 5: the panel's cache table and window are covered until solved or shown") {
    const std::vector<Question> none;
    Concealment c = concealment(exercise(3), none, false);
    CHECK(c.module_cache);
    CHECK_FALSE(c.module_window);
    CHECK_FALSE(concealment(exercise(3), none, true).any());
    c = concealment(exercise(4), none, false);
    CHECK(c.module_window);
    CHECK_FALSE(c.weights);
}

TEST_CASE("practice: what the number reader found wrong or assumed is said in the learner's language") {
    const State s = exercise(1);  // softmax by hand: 4 weights (cat-sat-mat)
    const int n = s.inputs.rows;
    const auto in = [&](const std::string& lang, const std::string& typed) {
        return check_exercise(attn_test::texts_in(lang), 1, s, compute_attention(s), typed);
    };
    CHECK(contains(in("en", "0.1 two").message, "\"two\" (entry 1) is not a number"));
    CHECK(contains(in("zh-CN", "0.1 two").message, "（项 1）不是一个数"));
    CHECK(contains(in("en", "0.1 0.2").message, "Numbers found: 2; needed: " + std::to_string(n)));
    CHECK(contains(in("zh-CN", "0.1 0.2").message, "读到 2 个数，但需要 " + std::to_string(n) + " 个"));
    CHECK(contains(in("en", "").message, "Type " + std::to_string(n) + " numbers"));
    CHECK(contains(in("zh-CN", "").message, "请输入 " + std::to_string(n) + " 个数"));
    std::string commas;
    for (int i = 0; i < n; ++i) commas += (i ? " 0,2" : "0,2");
    CHECK(contains(in("en", commas).note, "Read 0,2 as 0.2 (a decimal comma)"));
    CHECK(contains(in("zh-CN", commas).note, "把 0,2 读作 0.2（小数逗号）"));
}

TEST_CASE("practice: every exercise opens from any Debug this bug, its class's prompt fitted to the new data") {
    for (Bug bug : kDebugBugs)
        for (int ex = 0; ex < kExerciseCount; ++ex) {
            CAPTURE(bug_name(bug));
            CAPTURE(ex);
            State s;
            REQUIRE(load_example("your-journey", &s));
            State debug = enter_bug(bug, s);
            debug.module.settings.prefill = debug.inputs.rows;  // the longest prompt the learner can set
            const State practice = enter_exercise(ex, debug);
            CHECK(validate_state(practice) == "");
        }
}
