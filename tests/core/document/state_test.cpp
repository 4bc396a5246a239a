// The state document: defaults, canonical round-trips, and one message per validation rule that
// names the field, the value and the fix.
#include "core/document/state.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "core/document/json.h"
#include "core/document/random_inputs.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

// Three tokens of two dimensions, plus whatever members a test adds.
std::string doc(const std::string& extra = "") {
    return R"({"tokens":["a","b","c"],"inputs":[[1,2],[3,4],[5,6]])" + extra + "}";
}

// n tokens with one-value rows: {"tokens":["t0",...],"inputs":[[0],...]}
std::string doc_with_tokens(int n_tokens, int n_rows) {
    std::string tokens, rows;
    for (int i = 0; i < n_tokens; ++i) tokens += (i ? ",\"t" : "\"t") + std::to_string(i) + "\"";
    for (int i = 0; i < n_rows; ++i) rows += i ? ",[0]" : "[0]";
    return "{\"tokens\":[" + tokens + "],\"inputs\":[" + rows + "]}";
}

State valid_state() {
    State s;
    s.example = "your-journey";
    s.tokens = {"Your", "journey", "starts"};
    s.inputs = Matrix::from_rows({{0.43f, 0.15f, 0.89f}, {0.55f, 0.87f, 0.66f}, {0.57f, 0.85f, 0.64f}});
    s.query = 1;
    return s;
}

std::string parse_error(const std::string& json) {
    const ParseResult r = parse_state(json);
    INFO("document: " << json.substr(0, 300));
    CHECK_FALSE(r.ok);
    CHECK(r.state == State());  // nothing of a bad document is kept
    return r.error;
}

}  // namespace

// ---- reading

TEST_CASE("state: a document with only tokens and inputs takes every default") {
    const ParseResult r = parse_state(doc());
    REQUIRE_MESSAGE(r.ok, r.error);
    const State& s = r.state;
    CHECK(s.example.empty());
    CHECK(s.tokens == std::vector<std::string>{"a", "b", "c"});
    CHECK(s.inputs.rows == 3);
    CHECK(s.inputs.cols == 2);
    CHECK(s.inputs.data == std::vector<float>{1, 2, 3, 4, 5, 6});
    CHECK(s.query == 0);
    CHECK(s.norm == Norm::Softmax);
    CHECK(s.projection == ProjectionSettings{false, 123, 2});
    CHECK(s.scale);
    CHECK_FALSE(s.causal);
    CHECK(s.lab_scale == 1.0f);
    CHECK(s.step == 0);
    CHECK(s.panels.empty());
}

TEST_CASE("state: every field is read from a full document") {
    const ParseResult r = parse_state(R"({
        "version": 1, "example": "your-journey",
        "tokens": ["Your", "journey", "starts"],
        "inputs": [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64]],
        "query": 1, "norm": "softmax-naive",
        "projection": {"enabled": true, "seed": 9007199254740992, "d_out": 3},
        "scale": false, "causal": true, "lab_scale": 1000, "step": 99,
        "panels": ["plot", "heatmaps"]
    })");
    REQUIRE_MESSAGE(r.ok, r.error);
    const State& s = r.state;
    CHECK(s.example == "your-journey");
    CHECK(s.inputs.at(2, 1) == 0.85f);
    CHECK(s.query == 1);
    CHECK(s.norm == Norm::SoftmaxNaive);
    CHECK(s.projection == ProjectionSettings{true, kMaxSeed, 3});
    CHECK_FALSE(s.scale);
    CHECK(s.causal);
    CHECK(s.lab_scale == 1000.0f);
    CHECK(s.step == 99);
    CHECK(s.panels == std::vector<std::string>{"plot", "heatmaps"});
}

TEST_CASE("state: whole numbers may be written as 1.0 or 1e0, and labels may be empty or non-ASCII") {
    const ParseResult r = parse_state(R"({"tokens":["", "\u00e9t\u00e9"],"inputs":[[1],[2]],"query":1.0,"step":2e0})");
    REQUIRE_MESSAGE(r.ok, r.error);
    CHECK(r.state.query == 1);
    CHECK(r.state.step == 2);
    CHECK(r.state.tokens[1] == "\xC3\xA9t\xC3\xA9");
}

TEST_CASE("state: right-to-left and other non-Latin labels are drawn as text, so they are accepted") {
    State s = valid_state();
    s.tokens = {"\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7",
                "\xE2\x80\x8F\xE4\xBD\xA0\xE5\xA5\xBD"};  // Hebrew, Arabic, RLM + Chinese
    CHECK(validate_state(s) == "");
    const ParseResult r = parse_state(serialize_state(s));
    REQUIRE_MESSAGE(r.ok, r.error);
    CHECK(r.state.tokens == s.tokens);
}

TEST_CASE("state: a control character escaped in JSON is refused with its code point, the state unchanged") {
    const std::string e = parse_error(R"({"tokens":["a\u0000b"],"inputs":[[1]]})");
    CHECK(contains(e, "tokens[0] contains the control character U+0000 at byte 1"));
    CHECK(contains(parse_error(R"({"tokens":["x","\t"],"inputs":[[1],[2]]})"),
                   "tokens[1] contains the control character U+0009"));
}

TEST_CASE("state: the limits themselves are accepted") {
    CHECK(parse_state(doc_with_tokens(kMaxTokens, kMaxTokens)).ok);
    std::string row = "[0";
    for (int i = 1; i < kMaxDims; ++i) row += ",0";
    CHECK(parse_state(R"({"tokens":["a"],"inputs":[)" + row + "]]}").ok);
    CHECK(parse_state(R"({"tokens":[")" + std::string(kMaxLabelBytes, 'x') + R"("],"inputs":[[1]]})").ok);
    CHECK(parse_state(doc(R"(,"projection":{"seed":0,"d_out":1024},"lab_scale":1e-30)")).ok);
    CHECK(parse_state(R"({"tokens":["a"],"inputs":[[3.4028235e38]]})").ok);  // FLT_MAX itself
}

// ---- writing

TEST_CASE("state: serialize_state writes canonical compact JSON with every key in schema order") {
    State s = valid_state();
    s.inputs = Matrix::from_rows({{0.43f, 0.15f}, {1.0f, -2.5f}, {1e-7f, 0.1f}});
    s.panels = {"plot"};
    CHECK(
        serialize_state(s) ==
        R"({"version":1,"example":"your-journey","tokens":["Your","journey","starts"],)"
        R"("inputs":[[0.43,0.15],[1,-2.5],[1e-7,0.1]],"query":1,"norm":"softmax",)"
        R"("projection":{"enabled":false,"seed":123,"d_out":2},"scale":true,"causal":false,)"
        R"("lab_scale":1,"step":0,"panels":["plot"],)"
        R"("lesson":{"mode":"track","question":0,"answer":-1,"revealed":false,"exercise":0,"bug":"none","trace":0}})");
}

TEST_CASE("state: parse(serialize(s)) == s and serialising again gives the same text") {
    State s = valid_state();
    s.norm = Norm::Sum;
    s.projection = {true, 987654321, 5};
    s.scale = false;
    s.causal = true;
    s.lab_scale = 12.5f;
    s.step = 4;
    s.panels = {"inputs", "code"};
    s.lesson = {LessonMode::Debug, 2, 1, true, 2, Bug::ScaleByValues, 3};
    const std::string text = serialize_state(s);
    const ParseResult r = parse_state(text);
    REQUIRE_MESSAGE(r.ok, r.error);
    CHECK(r.state == s);
    CHECK(serialize_state(r.state) == text);
}

TEST_CASE("state: random states round-trip with every float bit-exact") {
    std::mt19937 rng(42u);
    const char* labels[] = {"Your",
                            "\"quoted\"",
                            "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
                            "\xC3\xA9",
                            "\xF0\x9F\x98\x80",
                            "back\\slash",
                            "",
                            "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7 (RTL)"};
    const char* panels[] = {"inputs", "plot", "loop", "heatmaps", "weights", "projection", "lesson", "code"};
    for (int trial = 0; trial < 200; ++trial) {
        State s;
        const int n = 1 + int(rng() % 8), d = 1 + int(rng() % 8);
        const char* example_names[] = {"", "your-journey", "three-tokens", "random-1024x64-seed123"};
        s.example = example_names[rng() % 4];
        for (int i = 0; i < n; ++i) s.tokens.push_back(labels[rng() % 8]);
        s.inputs = Matrix(n, d);
        for (float& x : s.inputs.data) {
            do {
                const uint32_t bits = rng();
                std::memcpy(&x, &bits, sizeof x);
            } while (!std::isfinite(x));
        }
        s.query = int(rng() % uint32_t(n));
        s.norm = Norm(rng() % 3);
        s.projection = {rng() % 2 == 0, (uint64_t(rng()) << 21) % (kMaxSeed + 1), 1 + int(rng() % kMaxDOut)};
        s.scale = rng() % 2 == 0;
        s.causal = rng() % 2 == 0;
        s.lab_scale = std::ldexp(float(1 + rng() % 1000), -int(rng() % 20));
        s.step = int(rng() % (kMaxLessonStep + 1));
        for (int i = 0; i < 8; ++i)
            if (rng() % 2) s.panels.push_back(panels[i]);
        s.lesson = {LessonMode(rng() % 3),
                    int(rng() % (kMaxQuestionIndex + 1)),
                    int(rng() % (kMaxChoiceIndex + 2)) - 1,
                    rng() % 2 == 0,
                    int(rng() % kExerciseCount),
                    Bug(rng() % 6),
                    int(rng() % (kMaxTraceSteps + 1))};
        REQUIRE(validate_state(s) == "");

        const std::string text = serialize_state(s);
        const ParseResult r = parse_state(text);
        REQUIRE_MESSAGE(r.ok, r.error);
        CHECK(r.state == s);
        CHECK(std::memcmp(r.state.inputs.data.data(), s.inputs.data.data(), s.inputs.data.size() * sizeof(float)) == 0);
        CHECK(serialize_state(r.state) == text);
    }
}

TEST_CASE("state: negative zero keeps its sign through a round-trip") {
    State s = valid_state();
    s.inputs.at(0, 0) = -0.0f;
    const ParseResult r = parse_state(serialize_state(s));
    REQUIRE(r.ok);
    CHECK(std::signbit(r.state.inputs.at(0, 0)));
}

// ---- equality and validate_state

TEST_CASE("state: operator== compares every field") {
    const State a = valid_state();
    CHECK(a == valid_state());
    State b = a;
    SUBCASE("example") {
        b.example = "other";
    }
    SUBCASE("tokens") {
        b.tokens[0] = "My";
    }
    SUBCASE("inputs value") {
        b.inputs.at(2, 2) = 0.65f;
    }
    SUBCASE("inputs shape with the same data") {
        b.inputs.rows = 1, b.inputs.cols = 9;
    }
    SUBCASE("query") {
        b.query = 2;
    }
    SUBCASE("norm") {
        b.norm = Norm::Sum;
    }
    SUBCASE("projection") {
        b.projection.seed = 124;
    }
    SUBCASE("scale") {
        b.scale = false;
    }
    SUBCASE("causal") {
        b.causal = true;
    }
    SUBCASE("lab_scale") {
        b.lab_scale = 2.0f;
    }
    SUBCASE("step") {
        b.step = 1;
    }
    SUBCASE("panels") {
        b.panels = {"plot"};
    }
    SUBCASE("lesson mode") {
        b.lesson.mode = LessonMode::Practice;
    }
    SUBCASE("lesson question") {
        b.lesson.question = 1;
    }
    SUBCASE("lesson answer") {
        b.lesson.answer = 0;
    }
    SUBCASE("lesson revealed") {
        b.lesson.revealed = true;
    }
    SUBCASE("lesson exercise") {
        b.lesson.exercise = 1;
    }
    SUBCASE("lesson bug") {
        b.lesson.bug = Bug::WrongPair;
    }
    SUBCASE("lesson trace") {
        b.lesson.trace = 2;
    }
    CHECK(a != b);
}

TEST_CASE("state: validate_state accepts a valid state and names the field of an invalid one") {
    CHECK(validate_state(valid_state()) == "");
    CHECK(contains(validate_state(State()), "tokens is empty"));
    struct Case {
        const char* name;
        void (*edit)(State*);
        std::vector<const char*> expect;
        bool reparse_ok = false;  // the writer repairs it: U+FFFD for bad UTF-8, "softmax" for a bad Norm
    };
    const Case cases[] = {
        {"example not UTF-8", [](State* s) { s->example = "ab\xFF"; }, {"example is not valid UTF-8", "offset 2"}},
        {"example not a built-in example's name",
         [](State* s) { s->example = "my-data"; },
         {"example is \"my-data\"", "your-journey", "random-<n>x<d>-seed<s>"}},
        // The adversarial run's text: ESC clears a terminal, OSC retitles it, U+202E reorders code.
        {"example with terminal escapes and a bidi override",
         [](State* s) { s->example = "\x1b[2J\x1b]0;pwned\x07\xE2\x80\xAE"; },
         {"example is \"\\u001B[2J\\u001B]0;pwned\\u0007\\u202E\"", "must be \"\""}},
        {"example a random name past the limits",
         [](State* s) { s->example = "random-2000x64-seed1"; },
         {"example is \"random-2000x64-seed1\""}},
        {"label not UTF-8",
         [](State* s) { s->tokens[1] = "\xC3"; },
         {"tokens[1] is not valid UTF-8", "offset 0"},
         true},
        {"label too long",
         [](State* s) { s->tokens[2] = std::string(65, 'x'); },
         {"tokens[2] is 65 bytes", "limit is 64 bytes: shorten"}},
        {"label with a tab",
         [](State* s) { s->tokens[0] = "a\tb"; },
         {"tokens[0] contains the control character U+0009 at byte 1", "shown as text", "use a space"}},
        {"label with a line break", [](State* s) { s->tokens[1] = "two\nlines"; }, {"tokens[1]", "U+000A at byte 3"}},
        {"label with a NUL byte", [](State* s) { s->tokens[2] = std::string("a\0b", 3); }, {"tokens[2]", "U+0000"}},
        {"label with DEL", [](State* s) { s->tokens[0] = "\x7F"; }, {"tokens[0]", "U+007F at byte 0"}},
        {"label with a C1 control", [](State* s) { s->tokens[0] = "x\xC2\x85"; }, {"tokens[0]", "U+0085 at byte 1"}},
        {"label with a bidi override",
         [](State* s) { s->tokens[0] = "\xE2\x80\xAEtxt"; },
         {"tokens[0]", "U+202E at byte 0"}},
        {"label with a bidi isolate",
         [](State* s) { s->tokens[0] = "ab\xE2\x81\xA6"; },
         {"tokens[0]", "U+2066 at byte 2"}},
        {"too many tokens",
         [](State* s) { s->tokens.resize(kMaxTokens + 1); },
         {"tokens has 1025 labels", "limit is 1024"}},
        {"data does not match the shape",
         [](State* s) { s->inputs.data.pop_back(); },
         {"inputs holds 8 numbers", "3 x 3", "Matrix(rows, cols)"}},
        {"shape that would wrap a 32-bit size",
         [](State* s) { s->inputs.rows = s->inputs.cols = 65536; },
         {"inputs holds 9 numbers but its shape is 65536 x 65536"}},
        {"no rows", [](State* s) { s->inputs = Matrix(); }, {"inputs has no rows"}},
        {"too many rows",
         [](State* s) { s->inputs = Matrix(kMaxTokens + 1, 3); },
         {"inputs has 1025 rows", "limit is 1024"}},
        {"empty rows", [](State* s) { s->inputs = Matrix(3, 0); }, {"inputs[0] is empty"}},
        {"too long rows",
         [](State* s) { s->inputs = Matrix(3, kMaxDims + 1); },
         {"inputs[0] has 1025 values", "limit is 1024"}},
        {"row count", [](State* s) { s->inputs = Matrix(2, 3); }, {"tokens has 3 labels but inputs has 2 rows"}},
        {"infinite value",
         [](State* s) { s->inputs.at(1, 2) = std::numeric_limits<float>::infinity(); },
         {"inputs[1][2] is inf", "finite"}},
        {"nan value",
         [](State* s) { s->inputs.at(2, 0) = std::numeric_limits<float>::quiet_NaN(); },
         {"inputs[2][0] is nan", "finite"}},
        {"query negative", [](State* s) { s->query = -1; }, {"query is -1 but there are 3 tokens: use 0..2"}},
        {"query past the end", [](State* s) { s->query = 3; }, {"query is 3 but there are 3 tokens"}},
        {"norm out of the enum", [](State* s) { s->norm = Norm(7); }, {"norm is 7", "softmax-naive"}, true},
        {"seed too big",
         [](State* s) { s->projection.seed = kMaxSeed + 1; },
         {"projection.seed is 9007199254740993", "0..9007199254740992"}},
        {"d_out zero", [](State* s) { s->projection.d_out = 0; }, {"projection.d_out is 0", "1..1024"}},
        {"d_out too big", [](State* s) { s->projection.d_out = kMaxDOut + 1; }, {"projection.d_out is 1025"}},
        {"lab_scale zero", [](State* s) { s->lab_scale = 0.0f; }, {"lab_scale is 0", "greater than 0"}},
        {"lab_scale nan",
         [](State* s) { s->lab_scale = std::numeric_limits<float>::quiet_NaN(); },
         {"lab_scale is nan"}},
        {"lab_scale too big", [](State* s) { s->lab_scale = 1000.5f; }, {"lab_scale is 1000.5", "at most 1000"}},
        {"step negative", [](State* s) { s->step = -1; }, {"step is -1", "0..99"}},
        {"step too big", [](State* s) { s->step = 100; }, {"step is 100", "0..99"}},
        {"unknown panel",
         [](State* s) {
             s->panels = {"plot", "graph"};
         },
         {"panels[1] is \"graph\"", "heatmaps"}},
        {"repeated panel",
         [](State* s) {
             s->panels = {"plot", "code", "plot"};
         },
         {"panels[2] repeats \"plot\"", "already panels[0]"}},
        {"lesson mode out of the enum",
         [](State* s) { s->lesson.mode = LessonMode(5); },
         {"lesson.mode is 5", "debug"},
         true},
        {"question negative", [](State* s) { s->lesson.question = -1; }, {"lesson.question is -1", "0..9"}},
        {"question too big", [](State* s) { s->lesson.question = 10; }, {"lesson.question is 10", "0..9"}},
        {"answer below -1", [](State* s) { s->lesson.answer = -2; }, {"lesson.answer is -2", "-1..9", "not answered"}},
        {"answer too big", [](State* s) { s->lesson.answer = 10; }, {"lesson.answer is 10"}},
        {"exercise past the last",
         [](State* s) { s->lesson.exercise = kExerciseCount; },
         {"lesson.exercise is 5", "0..4"}},
        {"bug out of the enum", [](State* s) { s->lesson.bug = Bug(99); }, {"lesson.bug is 99", "wrong-query"}, true},
        {"trace too big", [](State* s) { s->lesson.trace = kMaxTraceSteps + 1; }, {"lesson.trace is 17", "0..16"}},
    };
    for (const Case& c : cases) {
        State s = valid_state();
        c.edit(&s);
        const std::string e = validate_state(s);
        INFO(std::string(c.name) << ": " << e);
        for (const char* part : c.expect) CHECK(contains(e, part));
        // serialize_state never crashes on a bad state, and what it writes is still refused.
        CHECK(parse_state(serialize_state(s)).ok == c.reparse_ok);
    }
}

// ---- bad documents: one row per rule, each message checked for the field and the key words

TEST_CASE("state: every bad document is rejected with a message naming the field, the value and the fix") {
    struct Bad {
        std::string json;
        std::vector<std::string> expect;
    };
    std::string long_row = "[0";
    for (int i = 0; i < kMaxDims; ++i) long_row += ",0";
    long_row += "]";
    const std::vector<Bad> cases = {
        // the document as a whole
        {"", {"not valid JSON", "line 1, column 1", "unexpected end of input"}},
        {"{\"tokens\": [\"a\",]\n}", {"not valid JSON", "line 1, column 17", "expected a value"}},
        {doc() + " x", {"not valid JSON", "after the JSON value"}},
        {R"({"tokens":["a"],"inputs":[[1]],"query":0,"query":0})", {"not valid JSON", "duplicate key \"query\""}},
        {"{\"tokens\":[\"\xFF\"],\"inputs\":[[1]]}", {"not valid JSON", "UTF-8"}},
        {"[1, 2]", {"the document is an array", "must be a JSON object"}},
        {"\"tokens\"", {"the document is the string \"tokens\"", "JSON object"}},
        {doc(R"(,"qurey":1)"),
         {"unknown key \"qurey\"",
          "allowed keys are version, example, tokens, inputs, query, norm, projection, scale, causal, lab_scale, step, "
          "panels"}},
        {R"({"inputs":[[1]]})", {"tokens is missing", "one label per embedding"}},
        {R"({"tokens":["a"]})", {"inputs is missing", "one embedding per token"}},
        // version, example
        {doc(R"(,"version":2)"), {"version is 2", "reads version 1"}},
        {doc(R"(,"version":"1")"), {"version is the string \"1\"", "reads version 1"}},
        {doc(R"(,"version":1.5)"), {"version is 1.5"}},
        {doc(R"(,"example":5)"), {"example is not a string", "the number 5"}},
        // tokens
        {R"({"tokens":"a b","inputs":[[1]]})", {"tokens is not an array", "the string \"a b\""}},
        {R"({"tokens":[],"inputs":[]})", {"tokens is empty", "1..1024"}},
        {R"({"tokens":["a",5,"c"],"inputs":[[1],[2],[3]]})",
         {"tokens[1] is not a string", "the number 5", "double quotes"}},
        {R"({"tokens":[null],"inputs":[[1]]})", {"tokens[0] is not a string", "null"}},
        {R"({"tokens":[")" + std::string(65, 'x') + R"("],"inputs":[[1]]})",
         {"tokens[0] is 65 bytes long", "limit is 64 bytes"}},
        {doc_with_tokens(kMaxTokens + 1, kMaxTokens + 1), {"tokens has 1025 labels", "limit is 1024"}},
        {R"({"tokens":["a","b","c","d","e"],"inputs":[[1],[2],[3],[4],[5],[6]]})",
         {"tokens has 5 labels but inputs has 6 rows: give one label per embedding"}},
        // inputs
        {R"({"tokens":["a"],"inputs":{"a":[1]}})", {"inputs is not an array", "an object"}},
        {R"({"tokens":["a"],"inputs":[1]})", {"inputs[0] is not an array", "the number 1"}},
        {R"({"tokens":["a","b"],"inputs":[[1],"x"]})", {"inputs[1] is not an array"}},
        {R"({"tokens":["a","b","c","d"],"inputs":[[1,2,3],[1,2,3],[1,2,3],[1,2,3,4]]})",
         {"inputs[3] has 4 values but inputs[0] has 3: every embedding needs the same length"}},
        {R"({"tokens":["a","b"],"inputs":[[1,2,3],[]]})", {"inputs[1] has 0 values but inputs[0] has 3"}},
        {R"({"tokens":["a","b","c"],"inputs":[[1,2],[3,"4"],[5,6]]})",
         {"inputs[1][1] is not a number", "the string \"4\""}},
        {R"({"tokens":["a","b","c"],"inputs":[[1,2],[3,4],[5,true]]})", {"inputs[2][1] is not a number", "true"}},
        {R"({"tokens":["a"],"inputs":[[1e999]]})", {"inputs[0][0] = 1e999 is too large for float32 (max 3.4e38)"}},
        {R"({"tokens":["a"],"inputs":[[0, -3.5e38]]})", {"inputs[0][1] = -3.5e38 is too large for float32"}},
        {R"({"tokens":["a"],"inputs":[]})", {"inputs has no rows"}},
        {R"({"tokens":["a"],"inputs":[[]]})", {"inputs[0] is empty", "1..1024 numbers"}},
        {R"({"tokens":["a"],"inputs":[)" + long_row + "]}",
         {"inputs[0] has 1025 values", "limit is 1024", "shorter embeddings"}},
        // query
        {doc(R"(,"query":7)"), {"query is 7 but there are 3 tokens: use 0..2 (positions count from zero)"}},
        {doc(R"(,"query":-1)"), {"query is -1 but there are 3 tokens"}},
        {doc(R"(,"query":3.5)"), {"query is 3.5, not a whole number", "positions count from zero"}},
        {doc(R"(,"query":"1")"), {"query is not a number", "the string \"1\""}},
        {doc(R"(,"query":1e30)"), {"query is 1e30 but there are 3 tokens"}},
        {doc(R"(,"query":4294967296)"), {"query is 4294967296 but there are 3 tokens"}},
        // norm
        {doc(R"(,"norm":"softmx")"), {"norm is \"softmx\"", "\"sum\", \"softmax-naive\" or \"softmax\""}},
        {doc(R"(,"norm":2)"), {"norm is not a string", "the number 2"}},
        // projection
        {doc(R"(,"projection":true)"), {"projection is not an object", "\"d_out\""}},
        {doc(R"(,"projection":{"sed":1})"), {"unknown key \"sed\" in projection", "enabled, seed, d_out"}},
        {doc(R"(,"projection":{"enabled":"yes"})"), {"projection.enabled is not true or false", "the string \"yes\""}},
        {doc(R"(,"projection":{"seed":-1})"), {"projection.seed is -1 but must be 0..9007199254740992"}},
        {doc(R"(,"projection":{"seed":9007199254740993})"), {"projection.seed is 9007199254740993", "2^53"}},
        {doc(R"(,"projection":{"seed":1e20})"), {"projection.seed is 1e20"}},
        {doc(R"(,"projection":{"seed":1.5})"), {"projection.seed is 1.5, not a whole number"}},
        {doc(R"(,"projection":{"d_out":0})"), {"projection.d_out is 0 but must be 1..1024", "W_query"}},
        {doc(R"(,"projection":{"d_out":1025})"), {"projection.d_out is 1025"}},
        {doc(R"(,"projection":{"d_out":[2]})"), {"projection.d_out is not a number", "an array"}},
        // scale, causal
        {doc(R"(,"scale":1)"), {"scale is not true or false", "the number 1"}},
        {doc(R"(,"causal":"false")"), {"causal is not true or false", "without quotes"}},
        // lab_scale
        {doc(R"(,"lab_scale":0)"), {"lab_scale is 0 but must be greater than 0 and at most 1000"}},
        {doc(R"(,"lab_scale":-2)"), {"lab_scale is -2"}},
        {doc(R"(,"lab_scale":1000.5)"), {"lab_scale is 1000.5", "at most 1000"}},
        {doc(R"(,"lab_scale":1e999)"), {"lab_scale is 1e999"}},
        {doc(R"(,"lab_scale":1e-50)"), {"lab_scale is 1e-50", "as a float32"}},
        {doc(R"(,"lab_scale":"1")"), {"lab_scale is not a number"}},
        // step
        {doc(R"(,"step":100)"), {"step is 100 but must be 0..99", "free exploration"}},
        {doc(R"(,"step":-1)"), {"step is -1"}},
        {doc(R"(,"step":0.5)"), {"step is 0.5, not a whole number"}},
        {doc(R"(,"step":null)"), {"step is not a number", "null"}},
        // panels
        {doc(R"(,"panels":"plot")"), {"panels is not an array"}},
        {doc(R"(,"panels":["plot",3])"), {"panels[1] is not a string"}},
        {doc(R"(,"panels":["plots"])"),
         {"panels[0] is \"plots\" but must be one of inputs, plot, loop, heatmaps, weights, projection, lesson, code"}},
        {doc(R"(,"panels":["plot","code","plot"])"), {"panels[2] repeats \"plot\""}},
        // lesson
        {doc(R"(,"lesson":[])"), {"lesson is not an object", "an array", "\"mode\": \"track\""}},
        {doc(R"(,"lesson":{"answr":1})"),
         {"unknown key \"answr\" in lesson", "mode, question, answer, revealed, exercise, bug, trace"}},
        {doc(R"(,"lesson":{"mode":"quiz"})"), {"lesson.mode is \"quiz\"", "\"track\", \"practice\" or \"debug\""}},
        {doc(R"(,"lesson":{"mode":1})"), {"lesson.mode is not a string", "the number 1"}},
        {doc(R"(,"lesson":{"question":10})"), {"lesson.question is 10 but must be 0..9"}},
        {doc(R"(,"lesson":{"question":1.5})"), {"lesson.question is 1.5, not a whole number"}},
        {doc(R"(,"lesson":{"answer":-2})"), {"lesson.answer is -2 but must be -1..9", "-1 is not answered yet"}},
        {doc(R"(,"lesson":{"answer":1e30})"), {"lesson.answer is 1e30 but must be -1..9"}},
        {doc(R"(,"lesson":{"revealed":1})"), {"lesson.revealed is not true or false"}},
        {doc(R"(,"lesson":{"exercise":5})"), {"lesson.exercise is 5 but must be 0..4"}},
        {doc(R"(,"lesson":{"bug":"off-by-one"})"),
         {"lesson.bug is \"off-by-one\"",
          "\"none\", \"wrong-query\", \"wrong-slot\", \"wrong-pair\", \"softmax-dim\", \"scale-by-values\", "
          "\"batch-softmax-dim\", \"mask-polarity\", \"zero-mask\", \"view-no-transpose\", \"scale-by-d-out\", "
          "\"dropout-no-rescale\""}},
        {doc(R"(,"lesson":{"bug":null})"), {"lesson.bug is not a string", "null"}},
        {doc(R"(,"lesson":{"trace":-1})"), {"lesson.trace is -1 but must be 0..16"}},
    };
    CHECK(cases.size() >= 25);
    for (const Bad& c : cases) {
        const std::string e = parse_error(c.json);
        INFO("document: " << c.json.substr(0, 200) << "\nerror: " << e);
        for (const std::string& part : c.expect) CHECK(contains(e, part));
    }
}

TEST_CASE("state: a document over kMaxDocumentBytes is refused before parsing, quoting the limit") {
    std::string big = doc();
    big.append(kMaxDocumentBytes + 1 - big.size(), ' ');
    const std::string e = parse_error(big);
    CHECK(contains(e, "the document is 16777217 bytes but the limit is 16777216 bytes"));
    CHECK(contains(e, "16 MiB"));
    big.pop_back();  // exactly at the limit: trailing whitespace is fine
    CHECK(parse_state(big).ok);
}

TEST_CASE("state: long offending strings are shortened in messages") {
    const std::string e = parse_error(doc(R"(,"norm":")" + std::string(1000, 'x') + "\""));
    CHECK(e.size() < 200);
    CHECK(contains(e, "...\""));
}

// ---- the lesson's part of the document

TEST_CASE("state: the lesson object may be partial; missing members keep their defaults") {
    const ParseResult r = parse_state(doc(R"(,"step":6,"lab_scale":80,"lesson":{"answer":2,"revealed":true})"));
    REQUIRE_MESSAGE(r.ok, r.error);
    CHECK(r.state.step == 6);
    CHECK(r.state.lab_scale == 80.0f);
    CHECK(r.state.lesson.mode == LessonMode::Track);
    CHECK(r.state.lesson.question == 0);
    CHECK(r.state.lesson.answer == 2);
    CHECK(r.state.lesson.revealed);
    CHECK(r.state.lesson.bug == Bug::None);
    CHECK(parse_state(doc()).state.lesson == LessonState());
}

TEST_CASE("state: every lesson field is read and written back the same") {
    const ParseResult r = parse_state(doc(
        R"(,"lesson":{"mode":"debug","question":3,"answer":-1,"revealed":false,"exercise":2,"bug":"softmax-dim","trace":4})"));
    REQUIRE_MESSAGE(r.ok, r.error);
    const LessonState want{LessonMode::Debug, 3, -1, false, 2, Bug::SoftmaxDim, 4};
    CHECK(r.state.lesson == want);
    const std::string text = serialize_state(r.state);
    CHECK(contains(text, R"("lesson":{"mode":"debug","question":3,"answer":-1,"revealed":false,"exercise":2,)"
                         R"("bug":"softmax-dim","trace":4}})"));
    CHECK(parse_state(text).state == r.state);
}

TEST_CASE("state: mode and bug names parse back to themselves") {
    for (LessonMode m : {LessonMode::Track, LessonMode::Practice, LessonMode::Debug}) {
        LessonMode back = LessonMode::Track;
        CHECK(parse_lesson_mode(lesson_mode_name(m), &back));
        CHECK(back == m);
    }
    for (Bug b : {Bug::None, Bug::WrongQuery, Bug::WrongSlot, Bug::WrongPair, Bug::SoftmaxDim, Bug::ScaleByValues}) {
        Bug back = Bug::None;
        CHECK(parse_bug(bug_name(b), &back));
        CHECK(back == b);
    }
    Bug unchanged = Bug::WrongSlot;
    CHECK_FALSE(parse_bug("Wrong-Query", &unchanged));
    CHECK(unchanged == Bug::WrongSlot);
}

TEST_CASE("state: module is off unless given; a name alone takes the book's settings for the class") {
    const ParseResult plain = parse_state(doc());
    REQUIRE(plain.ok);
    CHECK_FALSE(plain.state.module.enabled);
    CHECK(serialize_state(plain.state).find("\"module\"") == std::string::npos);  // old documents read as before
    CHECK_FALSE(parse_state(doc(R"(,"module":null)")).state.module.enabled);

    const ParseResult v2 = parse_state(doc(R"(,"module":{"name":"self-attention-v2"})"));
    REQUIRE_MESSAGE(v2.ok, v2.error);
    CHECK(v2.state.module.enabled);
    CHECK(v2.state.module.settings.seed == 789);  // the book's seed for SelfAttention_v2
    CHECK(v2.state.module.settings.heads == 1);

    const ParseResult mha = parse_state(doc(R"(,"module":{"name":"multi-head-attention","d_out":4,"dropout":0.5,)"
                                            R"("dropout_seed":7,"training":false})"));
    REQUIRE_MESSAGE(mha.ok, mha.error);
    const ModuleSettings& m = mha.state.module.settings;
    CHECK(m.module == AttentionModule::MultiHeadAttention);
    CHECK(m.heads == 2);
    CHECK(m.batch == 2);
    CHECK(m.d_out == 4);
    CHECK(m.dropout == 0.5);
    CHECK(m.reseed_dropout);
    CHECK(m.dropout_seed == 7);
    CHECK_FALSE(m.training);
    // Canonical and stable: every key written, read back the same.
    const std::string text = serialize_state(mha.state);
    CHECK(contains(text, R"("module":{"name":"multi-head-attention","seed":123,"d_out":4,"heads":2,"qkv_bias":false,)"
                         R"("causal":false,"dropout":0.5,"training":false,"dropout_seed":7,"batch":2})"));
    const ParseResult again = parse_state(text);
    REQUIRE(again.ok);
    CHECK(again.state == mha.state);
    CHECK(serialize_state(again.state) == text);
}

TEST_CASE("state: the repository's classes keep their own settings; decode settings only while decoding") {
    const ParseResult gqa = parse_state(doc(R"(,"module":{"name":"grouped-query-attention","kv_groups":1,)"
                                            R"("decode":true,"prefill":1,"chunk":1})"));
    REQUIRE_MESSAGE(gqa.ok, gqa.error);
    const ModuleSettings& m = gqa.state.module.settings;
    CHECK(m.heads == 4);
    CHECK(m.kv_groups == 1);
    CHECK(m.decode);
    const std::string text = serialize_state(gqa.state);
    CHECK(contains(text, R"("batch":1,"kv_groups":1,"decode":true,"prefill":1,"chunk":1})"));
    CHECK(parse_state(text).state == gqa.state);

    const ParseResult swa = parse_state(doc(R"(,"module":{"name":"sliding-window-attention","window":2})"));
    REQUIRE_MESSAGE(swa.ok, swa.error);
    CHECK(contains(serialize_state(swa.state), R"("batch":1,"window":2})"));

    CHECK(contains(parse_state(doc(R"(,"module":{"name":"multi-head-attention","window":2})")).error,
                   "module.window is for sliding-window-attention, not multi-head-attention"));
    CHECK(contains(parse_state(doc(R"(,"module":{"name":"causal-attention","kv_groups":2})")).error,
                   "module.kv_groups is for grouped-query-attention"));
    CHECK(contains(parse_state(doc(R"(,"module":{"name":"causal-attention","decode":1})")).error, "module.decode"));
    // The mask's route: written only when not the book's.
    const ParseResult sdpa = parse_state(doc(R"(,"module":{"name":"multi-head-attention","mask_style":"sdpa-bool"})"));
    REQUIRE_MESSAGE(sdpa.ok, sdpa.error);
    CHECK(sdpa.state.module.settings.mask_style == MaskStyle::SdpaBool);
    CHECK(contains(serialize_state(sdpa.state), R"("batch":2,"mask_style":"sdpa-bool"})"));
    CHECK(parse_state(serialize_state(sdpa.state)).state == sdpa.state);
    CHECK(contains(parse_state(doc(R"(,"module":{"name":"multi-head-attention","mask_style":"sdpa"})")).error,
                   "module.mask_style is \"sdpa\" but must be \"book\", \"sdpa-bool\", \"additive\" or \"is-causal\""));
}

TEST_CASE("state: a shorter sequence pulls the decoding prompt in; a document asking too much is still refused") {
    ParseResult p = parse_state(R"({"tokens":["a","b","c","d"],"inputs":[[1],[2],[3],[4]],"query":0,)"
                                R"("module":{"name":"multi-head-attention","decode":true,"prefill":4,"chunk":3}})");
    REQUIRE_MESSAGE(p.ok, p.error);
    State shorter = p.state;
    shorter.tokens.resize(2);
    shorter.inputs.rows = 2;
    shorter.inputs.data.resize(2);
    CHECK_FALSE(validate_state(shorter).empty());  // as a document it asks for 4 of 2 tokens
    fit_module_to_inputs(&shorter);
    CHECK(shorter.module.settings.prefill == 2);
    CHECK(shorter.module.settings.chunk == 2);
    CHECK(validate_state(shorter).empty());
    // Random inputs and an import keep it within the sequence too.
    State random = p.state;
    REQUIRE(apply_random_inputs(&random, 3, 1, 7).empty());
    CHECK(random.module.settings.prefill == 3);
    CHECK(validate_state(random).empty());
}

TEST_CASE("state: a module PyTorch would refuse is named, with the value, and nothing applies") {
    const struct {
        const char* module;
        const char* message;
    } cases[] = {
        {R"("module":{"name":"self-attention-v3"})", "module.name is \"self-attention-v3\" but must be one of"},
        {R"("module":{"seed":1})", "module.name is missing"},
        {R"("module":{"name":"causal-attention","heads":2})", "CausalAttention has one head, not 2"},
        {R"("module":{"name":"multi-head-attention","d_out":3})", "d_out = 3 does not split into 2 heads"},
        {R"("module":{"name":"causal-attention","dropout":1})",
         "dropout p is 1 but must be at least 0 and less than 1"},
        {R"("module":{"name":"causal-attention","batch":9})", "batch is 9 but must be a whole number from 1 to 8"},
        {R"("module":{"name":"self-attention-v1","qkv_bias":true})", "SelfAttention_v1 has no bias"},
        {R"("module":{"name":"self-attention-v2","seed":-1})", "module.seed is -1 but must be 0.."},
        {R"("module":{"name":"self-attention-v2","colour":1})", "unknown key \"colour\" in module"},
        {R"("module":[1])", "module is not an object or null"},
    };
    for (const auto& c : cases) {
        const ParseResult r = parse_state(doc(std::string(",") + c.module));
        CHECK_FALSE(r.ok);
        CHECK_MESSAGE(contains(r.error, c.message), c.module, " gave: ", r.error);
    }
}

TEST_CASE("state: a dropout seed set and then unticked reads back as the same state") {
    ParseResult r = parse_state(doc(R"(,"module":{"name":"causal-attention","dropout_seed":7})"));
    REQUIRE(r.ok);
    State s = r.state;
    s.module.settings.reseed_dropout = false;  // the learner unticks "re-seed": 7 stays in memory
    const ParseResult back = parse_state(serialize_state(s));
    REQUIRE(back.ok);
    CHECK(back.state == s);
}
