// The panels' numbers as tables (the page's text version of them): the book's numbers, row and
// column headers, the covers the lesson puts on, and the limits of a readable table.
#include "core/lesson/numbers_reader.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/lesson/lesson_session.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

using namespace attn;
using attn_test::contains;
using attn_test::Session;

namespace {

std::string numbers_of(const Session& s) {
    return numbers_reader_json(s.state, s.result, s.lesson.concealed,
                               s.state.module.enabled ? &s.module.result : nullptr);
}

JsonValue view_of(const Session& s) {
    const JsonParseResult parsed = parse_json(numbers_of(s));
    REQUIRE(parsed.ok);
    return parsed.value;
}

// The first table with this key.
const JsonValue& table(const JsonValue& v, const std::string& key) {
    for (const JsonValue& t : v.find("tables")->items)
        if (t.find("key")->text == key) return t;
    FAIL("no table " << key);
    return v;
}

std::vector<std::string> row(const JsonValue& t, size_t r) {
    std::vector<std::string> out;
    for (const JsonValue& cell : t.find("rows")->items.at(r).items) out.push_back(cell.text);
    return out;
}

}  // namespace

TEST_CASE("numbers reader: the book's inputs, scores, weights and context vector, with headers") {
    Session s;
    State next = s.state;
    next.query = 1;  // "journey", as in section 3.3.1
    s.commit(next);
    const JsonValue v = view_of(s);
    const JsonValue& inputs = table(v, "inputs");
    CHECK(inputs.find("columns")->items.size() == 4);  // token, dim 0..2
    CHECK(row(inputs, 1) == std::vector<std::string>{"1: journey", "0.55", "0.87", "0.66"});
    CHECK(row(inputs, 4) == std::vector<std::string>{"4: one", "0.77", "0.25", "0.10"});  // as the book writes it
    const JsonValue& query = table(v, "query");
    CHECK(contains(query.find("caption")->text, "\"journey\""));
    CHECK(query.find("columns")->items[4].text == "softmax (used)");
    // The book: attn_scores_2 = [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865], and softmax
    // [0.1385, 0.2379, 0.2333, 0.1240, 0.1082, 0.1581].
    CHECK(row(query, 0) == std::vector<std::string>{"0: Your", "0.9544", "0.1455", "0.1385", "0.1385"});
    CHECK(row(query, 5)[1] == "1.0865");
    CHECK(row(query, 5)[4] == "0.1581");
    CHECK(row(table(v, "context"), 0) == std::vector<std::string>{"context", "0.4419", "0.6515", "0.5683"});
    const JsonValue& scores = table(v, "score_matrix");
    CHECK(scores.find("columns")->items.size() == 7);
    CHECK(scores.find("columns")->items[2].text == "1: journey");
    CHECK(row(scores, 1)[2] == "1.4950");  // row = query journey, column = key journey
    const JsonValue& weights = table(v, "weight_matrix");
    for (size_t r = 0; r < 6; ++r) {
        double sum = 0;
        for (size_t c = 1; c <= 6; ++c) sum += std::stod(row(weights, r)[c]);
        CHECK(sum == doctest::Approx(1.0).epsilon(1e-3));
    }
    CHECK(table(v, "query").find("note")->text.empty());
    CHECK(v.find("controls")->find("norm")->text == "softmax");
}

TEST_CASE("numbers reader: the plot's arrows as numbers, each token's length and angle to the query") {
    Session s;
    State next = s.state;
    next.query = 1;  // "journey" = [0.55, 0.87, 0.66]
    s.commit(next);
    const JsonValue v = view_of(s);
    const JsonValue& arrows = table(v, "arrows");
    CHECK(row(arrows, 1) == std::vector<std::string>{"1: journey", "1.2227", "0.0\u00b0"});  // the query itself
    // "Your" = [0.43, 0.15, 0.89]: cos = 0.9544 / (0.9997 x 1.2227), about 38.7 degrees apart.
    CHECK(row(arrows, 0) == std::vector<std::string>{"0: Your", "0.9997", "38.7\u00b0"});
    // The alignment example: "z" = -"u" points the opposite way, "w" at right angles.
    load_example("alignment", &next);
    next.query = 0;
    s.commit(next);
    const JsonValue aligned = view_of(s);
    const JsonValue& opposite = table(aligned, "arrows");
    CHECK(row(opposite, 2)[2] == "90.0\u00b0");
    CHECK(row(opposite, 3)[2] == "180.0\u00b0");
    // Step 1 asks which token inputs[1] is: the query's 0° would say it.
    s.act(LessonAction::GoToStep, 1);
    REQUIRE(s.lesson.concealed.query_token);
    const JsonValue covered = view_of(s);
    CHECK(table(covered, "arrows").find("rows")->items.empty());
    // Step 4 asks what "z"'s -2 says; its 180° would answer.
    s.act(LessonAction::GoToStep, 4);
    REQUIRE(s.lesson.concealed.angles);
    const JsonValue step4 = view_of(s);
    CHECK(table(step4, "arrows").find("rows")->items.empty());
}

TEST_CASE("numbers reader: the trainable version's W matrices and q·k / √d_k; the book's class output") {
    Session s;
    State next = s.state;
    next.query = 1;
    next.projection.enabled = true;
    next.module.enabled = true;
    next.module.settings = book_module_settings(AttentionModule::SelfAttentionV2);
    s.commit(next);
    const JsonValue v = view_of(s);
    CHECK(table(v, "query").find("columns")->items[1].text == "q·k / √2");
    CHECK(table(v, "W_query").find("caption")->text == "W_query (3 x 2)");
    // Section 3.4.1 after torch.manual_seed(123): context_vec_2 = tensor([0.3061, 0.8210]).
    CHECK(row(table(v, "context"), 0) == std::vector<std::string>{"context", "0.3061", "0.8210"});
    // Section 3.4.2: SelfAttention_v2 after torch.manual_seed(789) prints [[-0.0739, 0.0713], ...].
    const JsonValue& module = table(v, "module");
    CHECK(contains(module.find("caption")->text, "SelfAttention_v2 output (6 x 2)"));
    CHECK(row(module, 0) == std::vector<std::string>{"0: Your", "-0.0739", "0.0713"});
}

TEST_CASE("numbers reader: while a question is open, no table shows its answer or what it covers") {
    Session s;
    s.act(LessonAction::StartTrack);
    int open = 0;
    for (int step = 1; step <= kLessonSteps; ++step) {
        REQUIRE(s.state.step == step);
        for (size_t k = 0; k < s.lesson.questions.size(); ++k) {
            if (k > 0) s.act(LessonAction::NextQuestion);
            const Question q = s.lesson.questions[k];
            const Concealment& hidden = s.lesson.concealed;
            const JsonValue v = view_of(s);
            CHECK_MESSAGE(!attn_test::json_says(v, q.answer), "step " << step << " shows \"" << q.answer << "\"");
            if (hidden.query_token) CHECK_FALSE(contains(table(v, "query").find("caption")->text, "\""));
            // Step 3's "how many scores?": a row per key, the query's among them, would count them.
            if (hidden.score_count) CHECK(table(v, "query").find("rows")->items.empty());
            if (hidden.covers_scores())
                for (size_t r = 0; r < table(v, "query").find("rows")->items.size(); ++r)
                    CHECK(row(table(v, "query"), r)[1] == "?");
            if (hidden.covers_context()) CHECK(table(v, "context").find("rows")->items.empty());
            if (hidden.covers_score_matrix()) {
                CHECK(table(v, "score_matrix").find("rows")->items.empty());
                CHECK(table(v, "score_matrix").find("columns")->items.empty());
            }
            if (hidden.covers_weight_matrix()) CHECK(table(v, "weight_matrix").find("rows")->items.empty());
            // Where a table covers something, it says why.
            if (hidden.query_token || hidden.covers_scores() || hidden.covers_context() || hidden.matrices) {
                CHECK(attn_test::json_says(v, hidden.reason));
                ++open;
            }
            s.act(LessonAction::Choose, s.right_choice());
            s.act(LessonAction::Reveal);
        }
        if (step < kLessonSteps) s.act(LessonAction::GoToStep, step + 1);
    }
    CHECK(open >= 8);  // the questions whose values sit in a table
}

TEST_CASE("numbers reader: a long sequence is read in its first rows, and says how many it left out") {
    Session s;
    State next = s.state;
    REQUIRE(load_example("random-40x50-seed1", &next));
    s.commit(next);
    const JsonValue v = view_of(s);
    const JsonValue& inputs = table(v, "inputs");
    CHECK(inputs.find("rows")->items.size() == size_t(kReaderMaxTokens));
    CHECK(inputs.find("columns")->items.size() == size_t(kReaderMaxWidth) + 1);
    CHECK(contains(inputs.find("note")->text, "The first 32 of 40 rows"));
    CHECK(contains(inputs.find("note")->text, "The first 32 of 50 numbers per row"));
    const JsonValue& matrix = table(v, "score_matrix");
    CHECK(matrix.find("columns")->items.size() == size_t(kReaderMaxTokens) + 1);
    CHECK(contains(matrix.find("note")->text, "The first 32 of 40 rows"));
    // A query further down is listed after them: its row, its key, its own score.
    State further = s.state;
    further.query = 35;
    s.commit(further);
    const JsonValue w = view_of(s);
    const JsonValue& scores = table(w, "score_matrix");
    REQUIRE(scores.find("rows")->items.size() == size_t(kReaderMaxTokens) + 1);
    CHECK(row(scores, kReaderMaxTokens)[0] == "35: t35");
    CHECK(scores.find("columns")->items.back().text == "35: t35");
    CHECK(row(scores, kReaderMaxTokens).back() == num_cell(s.result.score_matrix.at(35, 35)));
    CHECK(contains(scores.find("note")->text, "and the query's"));
    CHECK(row(table(w, "query"), kReaderMaxTokens)[0] == "35: t35");
    CHECK(row(table(w, "inputs"), kReaderMaxTokens)[0] == "35: t35");
}

TEST_CASE("numbers reader: a multi-head class's weights, head by head, as the panel's grids show them") {
    Session s;
    State next = s.state;
    next.module.enabled = true;
    next.module.settings = book_module_settings(AttentionModule::MultiHeadAttention);  // 2 heads, batch 2
    s.commit(next);
    REQUIRE(s.module.result.error.empty());
    const JsonValue v = view_of(s);
    std::vector<const JsonValue*> heads;
    for (const JsonValue& t : v.find("tables")->items)
        if (t.find("key")->text == "head_weights") heads.push_back(&t);
    REQUIRE(heads.size() == 2);
    for (size_t h = 0; h < heads.size(); ++h) {
        const JsonValue& t = *heads[h];
        INFO("head " << h);
        CHECK(t.find("caption")->text ==
              "Head " + std::to_string(h) + "'s weights, a row per query, a column per key, batch element 0");
        REQUIRE(t.find("rows")->items.size() == 6);
        CHECK(t.find("columns")->items[1].text == "0: Your");
        // Causal: the first token weighs only itself; every row is the panel's, and sums to 1.
        CHECK(row(t, 0) ==
              std::vector<std::string>{"0: Your", "1.0000", "0.0000", "0.0000", "0.0000", "0.0000", "0.0000"});
        const Matrix& w = s.module.result.batches[0][h].weights_dropped;
        for (int i = 0; i < 6; ++i) {
            double sum = 0;
            for (int c = 0; c < 6; ++c) {
                CHECK(row(t, size_t(i))[size_t(c) + 1] == num_cell(w.at(i, c)));
                sum += std::stod(row(t, size_t(i))[size_t(c) + 1]);
            }
            CHECK(sum == doctest::Approx(1.0).epsilon(1e-3));
        }
    }
    // While the lesson asks which keys a sliding window lets a token see, the heads' weights are
    // covered as the panel covers them: caption and why, no numbers.
    Concealment window;
    window.module_window = true;
    window.reason = "hidden until you answer";
    const JsonParseResult covered = parse_json(numbers_reader_json(s.state, s.result, window, &s.module.result));
    REQUIRE(covered.ok);
    for (const JsonValue& t : covered.value.find("tables")->items) {
        if (t.find("key")->text != "head_weights") continue;
        CHECK(t.find("rows")->items.empty());
        CHECK(contains(t.find("note")->text, "hidden until you answer"));
    }
    for (bool Concealment::*flag : {&Concealment::module_cache, &Concealment::module_dropout}) {
        // Which keys a decoding call scores, or what dropout makes of a kept weight: covered too.
        Concealment other;
        other.*flag = true;
        other.reason = "hidden until you answer";
        const JsonParseResult read = parse_json(numbers_reader_json(s.state, s.result, other, &s.module.result));
        REQUIRE(read.ok);
        CHECK(table(read.value, "head_weights").find("rows")->items.empty());
        // What dropout made of the output's rows too (twice the rows without it, at p = 0.5).
        if (flag == &Concealment::module_dropout) CHECK(table(read.value, "module").find("rows")->items.empty());
    }

    // One sequence says no batch element; twelve heads list their first eight, and say so.
    next = s.state;
    next.module.settings.batch = 1;
    next.module.settings.d_out = 12;
    next.module.settings.heads = 12;
    s.commit(next);
    REQUIRE(s.module.result.error.empty());
    const JsonValue many = view_of(s);
    int listed = 0;
    for (const JsonValue& t : many.find("tables")->items) {
        if (t.find("key")->text != "head_weights") continue;
        ++listed;
        CHECK(t.find("caption")->text == "Head " + std::to_string(listed - 1) +
                                             "'s weights, a row per query, a column per key (the first 8 of 12 heads)");
    }
    CHECK(listed == 8);
}

namespace {

// The view with the book's class `m` running, its settings changed by `edit`.
template <typename Edit>
JsonValue with_class(Session* s, AttentionModule m, Edit edit) {
    State next = s->state;
    next.module.enabled = true;
    next.module.settings = book_module_settings(m);
    edit(&next.module.settings);
    s->commit(next);
    REQUIRE(s->module.result.error.empty());
    return view_of(*s);
}

bool has_table(const JsonValue& v, const std::string& key) {
    for (const JsonValue& t : v.find("tables")->items)
        if (t.find("key")->text == key) return true;
    return false;
}

}  // namespace

TEST_CASE("numbers reader: a single-head class's weights, masking two ways and the dropout mask, as the panel") {
    Session s;
    JsonValue v = with_class(&s, AttentionModule::CausalAttention, [](ModuleSettings*) {});
    const HeadTrace& t = s.module.result.batches[0][0];
    const JsonValue& weights = table(v, "module_weights");
    CHECK(weights.find("caption")->text == "Attention weights, a row per query, a column per key, batch element 0");
    CHECK(row(weights, 0) ==
          std::vector<std::string>{"0: Your", "1.0000", "0.0000", "0.0000", "0.0000", "0.0000", "0.0000"});
    CHECK(row(weights, 5)[3] == num_cell(t.weights.at(5, 2)));
    // The book's two masking routes give the same weights.
    const JsonValue& routes = table(v, "mask_routes");
    REQUIRE(routes.find("rows")->items.size() == 1);
    CHECK(row(routes, 0)[0] == "softmax, then \u00d7 tril(ones), then \u00f7 row sums");
    CHECK(std::stod(row(routes, 0)[1]) <= 1e-6);
    CHECK_FALSE(has_table(v, "dropout_mask"));  // p = 0: nothing dropped

    // p = 0.5 in training: the mask's cells are 0 or 2, and the note gives the rows' sums.
    v = with_class(&s, AttentionModule::CausalAttention, [](ModuleSettings* m) { m->dropout = 0.5; });
    const HeadTrace& d = s.module.result.batches[0][0];
    REQUIRE(d.has_dropout);
    const JsonValue& mask = table(v, "dropout_mask");
    CHECK(mask.find("caption")->text == "Dropout (3.5.2), p = 0.50: head 0's mask, 0 or 1 / (1 - p) = 2.00");
    int kept = 0;
    for (size_t r = 0; r < 6; ++r)
        for (size_t c = 1; c <= 6; ++c) {
            const std::string cell = row(mask, r)[c];
            CHECK((cell == "0.0000" || cell == "2.0000"));
            kept += cell == "2.0000";
        }
    CHECK(kept > 0);
    float sum0 = 0;
    for (int c = 0; c < 6; ++c) sum0 += d.weights_dropped.at(0, c);
    CHECK(contains(mask.find("note")->text, "row sums after it: " + format_fixed(sum0, 2) + ", "));
    CHECK(table(v, "module_weights").find("caption")->text ==
          "Attention weights after dropout, a row per query, a column per key, batch element 0");
    // While the lesson asks what a kept weight becomes, the mask and the weights are covered.
    Concealment asked;
    asked.module_dropout = true;
    asked.reason = "hidden until you answer";
    const JsonParseResult covered = parse_json(numbers_reader_json(s.state, s.result, asked, &s.module.result));
    REQUIRE(covered.ok);
    for (const char* key : {"dropout_mask", "module_weights"}) {
        CAPTURE(key);
        CHECK(table(covered.value, key).find("rows")->items.empty());
        CHECK(contains(table(covered.value, key).find("note")->text, "hidden until you answer"));
    }
    // Not even a caption says what a kept weight becomes, and the bug that drops the rescaling is
    // not listed (the panel draws neither while asked).
    CHECK(table(covered.value, "dropout_mask").find("caption")->text == "Dropout (3.5.2), p = 0.50");
    CHECK_FALSE(has_table(covered.value, "planted:unscaled-dropout"));
    CHECK_FALSE(contains(numbers_reader_json(s.state, s.result, asked, &s.module.result), "(1 - p)"));
}

TEST_CASE("numbers reader: after chapter 3, the heads' shapes, the groups, the window and the masks four ways") {
    Session s;
    JsonValue v = with_class(&s, AttentionModule::MultiHeadAttention, [](ModuleSettings* m) { m->batch = 1; });
    const JsonValue& shapes = table(v, "head_shapes");
    CHECK(row(shapes, 0) == std::vector<std::string>{"keys", "(1, 6, 2)"});
    CHECK(row(shapes, 1) == std::vector<std::string>{".view(b, n, num_heads, head_dim)", "(1, 6, 2, 1)"});
    CHECK(row(shapes, 2) == std::vector<std::string>{".transpose(1, 2)", "(1, 2, 6, 1)"});
    const JsonValue& routes = table(v, "mask_routes");
    REQUIRE(routes.find("rows")->items.size() == 4);  // two ways, then SDPA's bool and additive masks, is_causal
    CHECK(row(routes, 3)[0] == "F.scaled_dot_product_attention(q, k, v, is_causal=True)");
    for (size_t r = 0; r < 4; ++r) CHECK(std::stod(row(routes, r)[1]) <= 1e-6);
    CHECK(contains(routes.find("note")->text, "True where it is kept"));
    // The panel's planted polarity bug: the book's mask given to SDPA keeps what it should hide.
    const JsonValue& flipped = table(v, "planted:sdpa-polarity");
    CHECK(row(flipped, 0)[1] == "0.0000");  // no longer to itself
    CHECK(row(flipped, 5) == std::vector<std::string>{"5: step", "0.0000", "0.0000", "0.0000", "0.0000", "0.0000",
                                                      "0.0000"});  // the last sees nothing: SDPA's zeros
    CHECK(contains(flipped.find("note")->text, "pass ~mask"));
    Concealment heads;
    heads.module_heads = true;
    heads.reason = "hidden until you answer";
    const std::string heads_json = numbers_reader_json(s.state, s.result, heads, &s.module.result);
    JsonParseResult covered = parse_json(heads_json);
    REQUIRE(covered.ok);
    CHECK(table(covered.value, "head_shapes").find("rows")->items.empty());
    // How wide a head is: no caption or label names head_dim's rule while asked.
    CHECK(table(covered.value, "head_shapes").find("caption")->text == "head_dim and the shape tracer");
    CHECK_FALSE(has_table(covered.value, "planted:wrong-scale"));
    CHECK_FALSE(has_table(covered.value, "planted:no-transpose"));
    CHECK_FALSE(contains(heads_json, "d_out / num_heads"));
    CHECK_FALSE(contains(heads_json, "\u221ahead_dim"));

    // Grouped-query attention: 4 heads in 2 groups, heads 0..1 read group 0.
    v = with_class(&s, AttentionModule::GroupedQueryAttention, [](ModuleSettings*) {});
    const JsonValue& groups = table(v, "kv_groups");
    REQUIRE(groups.find("rows")->items.size() == 2);
    CHECK(row(groups, 0) == std::vector<std::string>{"0", "0..1"});
    CHECK(row(groups, 1) == std::vector<std::string>{"1", "2..3"});
    CHECK(row(table(v, "head_shapes"), 0)[0] == "queries");
    // Debug this's repeat for repeat_interleave asks the learner to judge which heads read which
    // group: not listed while that bug is open.
    State debug = enter_bug(Bug::RepeatNotInterleave, s.state);
    REQUIRE(groups_judged_in_trace(debug));
    covered = parse_json(numbers_reader_json(debug, s.result, Concealment(), &s.module.result));
    REQUIRE(covered.ok);
    CHECK(table(covered.value, "kv_groups").find("rows")->items.empty());
    CHECK(table(covered.value, "kv_groups").find("note")->text ==
          "Which heads read which key and value group: for you to judge in the trace.");

    // Sliding window W = 2: each token sees itself and the one before it.
    v = with_class(&s, AttentionModule::SlidingWindowAttention, [](ModuleSettings* m) { m->window = 2; });
    const JsonValue& window = table(v, "window_mask");
    CHECK(row(window, 3) ==
          std::vector<std::string>{"3: with", "hidden", "hidden", "seen", "seen", "hidden", "hidden"});
    CHECK(row(table(v, "mask_routes"), 0)[0] == "softmax, then \u00d7 the band's 0/1, then \u00f7 row sums");
    CHECK(table(v, "mask_routes").find("rows")->items.size() == 3);  // is_causal builds the plain triangle
    Concealment asked;
    asked.module_window = true;
    asked.reason = "hidden until you answer";
    const std::string window_json = numbers_reader_json(s.state, s.result, asked, &s.module.result);
    covered = parse_json(window_json);
    REQUIRE(covered.ok);
    for (const char* key : {"window_mask", "mask_routes"}) CHECK(table(covered.value, key).find("rows")->items.empty());
    CHECK(table(covered.value, "window_mask").find("caption")->text == "Sliding window W = 2");
    CHECK_FALSE(contains(window_json, "diff >="));  // the band's rule is what the lesson asks
}

TEST_CASE("numbers reader: the bugs the classes panel plants, each with what it does, covered while asked") {
    Session s;
    JsonValue v = with_class(&s, AttentionModule::CausalAttention, [](ModuleSettings*) {});
    const JsonValue& zero = table(v, "planted:zero-mask");
    CHECK(zero.find("caption")->text == "plant the bug: fill with 0, not -inf");
    CHECK(contains(zero.find("note")->text, "masked_fill(triu(ones, 1), 0), then softmax. exp(0) = 1, not 0"));
    CHECK(row(zero, 0)[2] != "0.0000");  // the first token now weighs the second
    CHECK(has_table(v, "planted:flipped-mask"));
    CHECK(has_table(v, "planted:wrong-dim"));
    CHECK_FALSE(has_table(v, "planted:unscaled-dropout"));  // p = 0
    Concealment leak;
    leak.module_leak = true;
    leak.reason = "hidden until you answer";
    const JsonParseResult covered = parse_json(numbers_reader_json(s.state, s.result, leak, &s.module.result));
    REQUIRE(covered.ok);
    CHECK(table(covered.value, "planted:zero-mask").find("rows")->items.empty());
    CHECK_FALSE(table(covered.value, "planted:flipped-mask").find("rows")->items.empty());

    // The shape tracer's bug: which token each of a head's rows holds.
    v = with_class(&s, AttentionModule::MultiHeadAttention, [](ModuleSettings* m) { m->batch = 1; });
    const JsonValue& scrambled = table(v, "planted:no-transpose");
    CHECK(scrambled.find("columns")->items.size() == 7);
    CHECK(row(scrambled, 0) ==
          std::vector<std::string>{"0", "0: Your", "0: Your", "1: journey", "1: journey", "2: starts", "2: starts"});
    CHECK(contains(scrambled.find("note")->text, "10 rows now hold another token's numbers"));
    CHECK(has_table(v, "planted:wrong-scale"));
    CHECK_FALSE(has_table(v, "planted:wrong-dim"));  // (b, h, n, n): dim=1 is the heads
}

TEST_CASE("numbers reader: the masks' padded batch, its key_padding_mask and sentence 2's weights, as the panel") {
    Session s;
    JsonValue v = with_class(&s, AttentionModule::MultiHeadAttention, [](ModuleSettings* m) {
        m->batch = 1;
        m->pads = 2;
    });
    CHECK(v.find("controls")->find("pads")->as_double() == 2);
    const JsonValue& mask = table(v, "key_padding_mask");
    CHECK(row(mask, 0) == std::vector<std::string>{"sentence 1", "False", "False", "False", "False", "False", "False"});
    CHECK(row(mask, 1) == std::vector<std::string>{"sentence 2", "True", "True", "False", "False", "False", "False"});
    const JsonValue& padded = table(v, "padded_weights");
    REQUIRE(padded.find("rows")->items.size() == 6);
    CHECK(padded.find("columns")->items[1].text == "0: [pad]");
    CHECK(padded.find("columns")->items[3].text == "2: Your");  // sentence 2's first token, after its pads
    CHECK(row(padded, 0)[1] == "nan");                          // a pad's own query sees no key
    CHECK(row(padded, 2)[3] == "1.0000");                       // "Your" sees only itself, as alone
    CHECK(row(padded, 3)[1] == "0.0000");                       // the pads take no weight
    CHECK(contains(padded.find("note")->text, "largest difference 0."));
    CHECK(contains(padded.find("note")->text, "gives NaN (0 / 0), while scaled_dot_product_attention returns zeros"));
    // A long sentence (sentence 2 keeps its length: 2 pads, then its first 38 tokens): the first 32
    // keys both ways, and the tables say so.
    State long_one = s.state;
    REQUIRE(load_example("random-40x50-seed1", &long_one));
    s.commit(long_one);
    v = with_class(&s, AttentionModule::MultiHeadAttention, [](ModuleSettings* m) {
        m->batch = 1;
        m->pads = 2;
    });
    CHECK(table(v, "key_padding_mask").find("columns")->items.size() == size_t(kReaderMaxTokens) + 1);
    CHECK(contains(table(v, "key_padding_mask").find("note")->text, "The first 32 of 40 keys. Sentence 2:"));
    CHECK(table(v, "padded_weights").find("columns")->items.size() == size_t(kReaderMaxTokens) + 1);
    CHECK(contains(table(v, "padded_weights").find("note")->text, "The first 32 of 40 rows"));
    CHECK(contains(table(v, "padded_weights").find("note")->text, "The first 32 of 40 keys."));
    // No pads: no padded batch.
    v = with_class(&s, AttentionModule::MultiHeadAttention, [](ModuleSettings* m) { m->batch = 1; });
    CHECK_FALSE(has_table(v, "padded_weights"));
    CHECK_FALSE(has_table(v, "key_padding_mask"));
}

TEST_CASE("numbers reader: decoding with the cache, head 0's weights call by call, each row the full pass's") {
    Session s;
    JsonValue v = with_class(&s, AttentionModule::MultiHeadAttention, [](ModuleSettings* m) {
        m->batch = 1;
        m->decode = true;
        m->prefill = 3;
    });
    const JsonValue& calls = table(v, "decode_weights");
    CHECK(calls.find("caption")->text == "Head 0's weights, call by call: a row per new query, a column per key");
    REQUIRE(calls.find("rows")->items.size() == 6);  // the prompt's 3 queries in call 1, then one per call
    CHECK(row(calls, 0)[0] == "call 1: 0: Your");
    CHECK(row(calls, 3)[0] == "call 2: 3: with");
    const JsonValue& full = table(v, "head_weights");
    for (size_t r = 0; r < 6; ++r) {
        const std::vector<std::string> decoded = row(calls, r), whole = row(full, r);
        REQUIRE(decoded.size() == whole.size());
        for (size_t k = 1; k < decoded.size(); ++k) {
            // A key the call does not score is blank: in the prompt, the keys after it; then the
            // tokens not yet appended. The causal mask's zeros inside a call stay numbers.
            const size_t cached = r < 3 ? 3 : r + 1;
            if (k - 1 >= cached)
                CHECK_MESSAGE(decoded[k].empty(), "row " << r << " key " << k - 1);
            else
                CHECK_MESSAGE(decoded[k] == whole[k], "row " << r << " key " << k - 1);
        }
    }
    CHECK(contains(calls.find("note")->text, "bit for bit"));
    // While a question asks what the heads' weights hold, the calls' are covered as theirs are;
    // while it asks which keys a call scores, the whole decoding is.
    Concealment dropout;
    dropout.module_dropout = true;
    dropout.reason = "hidden until you answer";
    JsonParseResult read = parse_json(numbers_reader_json(s.state, s.result, dropout, &s.module.result));
    REQUIRE(read.ok);
    CHECK(table(read.value, "decode_weights").find("rows")->items.empty());
    CHECK(contains(table(read.value, "decode_weights").find("note")->text, "hidden until you answer"));
    Concealment cache;
    cache.module_cache = true;
    cache.reason = "hidden until you answer";
    read = parse_json(numbers_reader_json(s.state, s.result, cache, &s.module.result));
    REQUIRE(read.ok);
    CHECK_FALSE(has_table(read.value, "decode_weights"));
}
