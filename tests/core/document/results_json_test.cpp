// The results JSON contract shared by the CLI and the page: keys, their order, exact numbers and the
// strings that stand for non-finite values.
#include "core/document/results_json.h"

#include <doctest/doctest.h>

#include <limits>
#include <string>
#include <vector>

#include "core/document/examples.h"
#include "core/document/json.h"

using namespace attn;

namespace {

JsonValue parsed(const std::string& text) {
    const JsonParseResult r = parse_json(text);
    INFO("parse error: " << r.error);
    REQUIRE(r.ok);
    return r.value;
}

std::vector<std::string> keys(const JsonValue& object) {
    std::vector<std::string> k;
    for (const auto& m : object.members) k.push_back(m.first);
    return k;
}

State example(const char* name) {
    State s;
    REQUIRE(load_example(name, &s));
    return s;
}

}  // namespace

TEST_CASE("results json: top-level keys come in the contract's order, projection null when off") {
    const State s = example("three-tokens");
    const std::string text = results_json(s, compute_attention(s));
    CHECK(text.find('\n') == std::string::npos);  // compact: one line
    const JsonValue doc = parsed(text);
    CHECK(keys(doc) == std::vector<std::string>{"tokens", "inputs", "query_index", "query", "scores", "weights",
                                                "context", "score_matrix", "weight_matrix", "context_matrix",
                                                "projection", "module"});
    CHECK(keys(*doc.find("weights")) == std::vector<std::string>{"sum", "softmax_naive", "softmax"});
    CHECK(doc.find("projection")->is_null());
    // [1,0]·[2,2] = 2, [2,2]·[2,2] = 8, [0,1]·[2,2] = 2: whole numbers print as JSON integers.
    CHECK(text.find("\"scores\":[2,8,2]") != std::string::npos);
    CHECK(text.find("\"score_matrix\":[[1,2,0],[2,8,2],[0,2,1]]") != std::string::npos);
    CHECK(text.find("\"query_index\":1,\"query\":[2,2]") != std::string::npos);
}

TEST_CASE("results json: projection keys come in the contract's order") {
    State s = example("your-journey");
    s.projection.enabled = true;
    const JsonValue doc = parsed(results_json(s, compute_attention(s)));
    const JsonValue* p = doc.find("projection");
    REQUIRE(p);
    REQUIRE(p->is_object());
    CHECK(keys(*p) == std::vector<std::string>{"seed", "d_out", "W_query", "W_key", "W_value", "queries", "keys",
                                               "values", "scores", "weights", "context", "score_matrix",
                                               "weight_matrix", "context_matrix"});
    CHECK(p->find("seed")->text == "123");
    CHECK(p->find("d_out")->text == "2");
    CHECK(p->find("queries")->items.size() == 6);
    CHECK(p->find("queries")->items[0].items.size() == 2);
}

TEST_CASE("results json: every float reads back bit for bit") {
    State s = example("your-journey");
    s.projection.enabled = true;
    const AttentionResult r = compute_attention(s);
    const JsonValue doc = parsed(results_json(s, r));
    const JsonValue& scores = *doc.find("scores");
    REQUIRE(scores.items.size() == r.scores.size());
    for (size_t i = 0; i < r.scores.size(); ++i) CHECK(scores.items[i].as_float() == r.scores[i]);
    const JsonValue& softmax = *doc.find("weights")->find("softmax");
    for (size_t i = 0; i < r.weights_softmax.size(); ++i) CHECK(softmax.items[i].as_float() == r.weights_softmax[i]);
    const JsonValue& ctx = *doc.find("projection")->find("context_matrix");
    REQUIRE(ctx.items.size() == 6);
    for (int row = 0; row < 6; ++row)
        for (int col = 0; col < 2; ++col)
            CHECK(ctx.items[size_t(row)].items[size_t(col)].as_float() == r.projection.context_matrix.at(row, col));
}

TEST_CASE("results json: inf, -inf and nan are the strings \"inf\", \"-inf\" and \"nan\"") {
    const float inf = std::numeric_limits<float>::infinity();
    State s = example("three-tokens");
    AttentionResult r = compute_attention(s);
    r.scores = {inf, -inf, std::numeric_limits<float>::quiet_NaN()};
    const std::string text = results_json(s, r);
    CHECK(text.find("\"scores\":[\"inf\",\"-inf\",\"nan\"]") != std::string::npos);
    const JsonValue doc = parsed(text);
    CHECK(doc.find("scores")->items[0].is_string());
}

TEST_CASE("results json: naive softmax overflow on scores of 100 is written as \"nan\"") {
    // exp(100) is inf in float32, and inf / (inf + inf) = nan for both tokens.
    State s;
    s.tokens = {"a", "b"};
    s.inputs = Matrix::from_rows({{10, 0}, {10, 0}});
    REQUIRE(validate_state(s).empty());
    const std::string text = results_json(s, compute_attention(s));
    CHECK(text.find("\"softmax_naive\":[\"nan\",\"nan\"],\"softmax\":[0.5,0.5]") != std::string::npos);
}

TEST_CASE("results json: token labels are escaped JSON strings") {
    State s = example("three-tokens");
    s.tokens = {"a \"quoted\" one", "back\\slash", "tab\there"};
    const JsonValue doc = parsed(results_json(s, compute_attention(s)));
    CHECK(doc.find("tokens")->items[0].text == "a \"quoted\" one");
    CHECK(doc.find("tokens")->items[2].text == "tab\there");
}
