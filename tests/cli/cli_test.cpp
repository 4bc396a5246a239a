// attention-cli through run_cli(): the lesson's numbers in the human report, the --json contract,
// and every kind of bad invocation giving exit code 2, one "error: ..." line and an empty stdout.
#include "cli/cli.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string>
#include <vector>

#include "core/document/json.h"
#include "core/document/state.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

struct Run {
    int code = -1;
    std::string out, err;
};

Run run(const std::vector<std::string>& args, const std::string& stdin_text = "") {
    Run r;
    r.code = run_cli(args, stdin_text, &r.out, &r.err);
    return r;
}

// A successful run: exit 0, nothing on err.
Run run_ok(const std::vector<std::string>& args, const std::string& stdin_text = "") {
    Run r = run(args, stdin_text);
    INFO("err: " << r.err);
    REQUIRE(r.code == 0);
    CHECK(r.err.empty());
    return r;
}

JsonValue run_json(const std::vector<std::string>& args, const std::string& stdin_text = "") {
    const Run r = run_ok(args, stdin_text);
    REQUIRE(!r.out.empty());
    CHECK(r.out.back() == '\n');
    const JsonParseResult parsed = parse_json(r.out);
    INFO("parse error: " << parsed.error);
    REQUIRE(parsed.ok);
    return parsed.value;
}

std::vector<float> floats(const JsonValue& array) {
    std::vector<float> v;
    for (const JsonValue& x : array.items) v.push_back(x.as_float());
    return v;
}

// Published numbers are rounded to 4 decimals: the same tolerance as the core tests.
void check_close(const JsonValue& array, std::initializer_list<float> want) {
    REQUIRE(array.is_array());
    attn_test::check_close(floats(array), want);
}

std::vector<std::string> keys(const JsonValue& object) {
    std::vector<std::string> k;
    for (const auto& m : object.members) k.push_back(m.first);
    return k;
}

}  // namespace

TEST_CASE("cli: your-journey prints the book's scores, softmax weights and context vector") {
    const Run r = run_ok({"--example", "your-journey"});
    CHECK(contains(r.out, "example: your-journey (6 tokens, 3 dimensions)\n"));
    CHECK(contains(r.out, "query = inputs[1]  # \"journey\", the 2nd token\ntensor([0.5500, 0.8700, 0.6600])\n"));
    CHECK(contains(r.out, "tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])"));
    CHECK(contains(r.out, "weights, softmax:       tensor([0.1385, 0.2379, 0.2333, 0.1240, 0.1082, 0.1581])"));
    CHECK(contains(r.out, "context vector (softmax): tensor([0.4419, 0.6515, 0.5683])"));
}

TEST_CASE("cli: three-tokens prints [2, 8, 2], and --query 0 prints the wrong-query trace [1, 2, 0]") {
    CHECK(contains(run_ok({"--example", "three-tokens"}).out, "\ntensor([2., 8., 2.])\n"));
    // query [1,0]: [1,0]·[1,0] = 1, [2,2]·[1,0] = 2, [0,1]·[1,0] = 0
    const Run r = run_ok({"--example", "three-tokens", "--query", "0"});
    CHECK(contains(r.out, "query = inputs[0]  # \"token 0\", the 1st token\n"));
    CHECK(contains(r.out, "\ntensor([1., 2., 0.])\n"));
}

TEST_CASE("cli: cat-sat-mat shows divide-by-sum and softmax disagreeing on scores 1, 5, 2") {
    const Run r = run_ok({"--example", "cat-sat-mat"});
    CHECK(contains(r.out, "\ntensor([1., 5., 2.])\n"));
    // 1/8, 5/8, 2/8
    CHECK(contains(r.out, "weights, divide-by-sum: tensor([0.1250, 0.6250, 0.2500])  sum = 1.0000"));
    // e^1, e^5, e^2 = 2.7183, 148.4132, 7.3891; total 158.5206 -> 0.01715, 0.93624, 0.04661
    CHECK(contains(r.out, "weights, softmax:       tensor([0.0171, 0.9362, 0.0466])  sum = 1.0000"));
}

TEST_CASE("cli: alignment prints same, orthogonal and opposite scores 2, 2, 0, -2") {
    CHECK(contains(run_ok({"--example", "alignment"}).out, "\ntensor([ 2.,  2.,  0., -2.])\n"));
}

TEST_CASE("cli: --project prints the weights, projections and the sqrt(d_k) scaling") {
    const Run r = run_ok({"--example", "your-journey", "--project"});
    CHECK(contains(r.out, "torch.manual_seed(123)"));
    CHECK(contains(r.out, "W_query =\ntensor([[0.2961, 0.5166],"));
    CHECK(contains(r.out,
                   "attention scores = keys @ queries[1]: tensor([1.2705, 1.8524, 1.8111, 1.0795, 0.5577, 1.5440])"));
    CHECK(contains(r.out, "scores / sqrt(d_k)) with sqrt(d_k) = sqrt(2) = 1.4142"));
    CHECK(contains(r.out, "context vector = weights @ values: tensor([0.3061, 0.8210])"));
    CHECK_FALSE(contains(run_ok({"--example", "your-journey"}).out, "W_query"));
}

TEST_CASE("cli: --json prints exactly the contract's keys, in order, with the lesson's numbers") {
    const JsonValue doc = run_json({"--example", "your-journey", "--json"});
    REQUIRE(doc.is_object());
    CHECK(keys(doc) == std::vector<std::string>{"tokens", "inputs", "query_index", "query", "scores", "weights",
                                                "context", "score_matrix", "weight_matrix", "context_matrix",
                                                "projection", "module"});
    CHECK(keys(*doc.find("weights")) == std::vector<std::string>{"sum", "softmax_naive", "softmax"});
    CHECK(doc.find("tokens")->items.at(1).text == "journey");
    CHECK(doc.find("inputs")->items.size() == 6);
    CHECK(floats(doc.find("inputs")->items.at(1)) == std::vector<float>{0.55f, 0.87f, 0.66f});
    int64_t q = -1;
    CHECK(doc.find("query_index")->as_int64(&q));
    CHECK(q == 1);
    CHECK(floats(*doc.find("query")) == std::vector<float>{0.55f, 0.87f, 0.66f});
    check_close(*doc.find("scores"), {0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f});
    check_close(*doc.find("weights")->find("softmax"), {0.1385f, 0.2379f, 0.2333f, 0.1240f, 0.1082f, 0.1581f});
    check_close(*doc.find("context"), {0.4419f, 0.6515f, 0.5683f});
    CHECK(doc.find("score_matrix")->items.size() == 6);
    check_close(doc.find("score_matrix")->items.at(1), {0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f});
    CHECK(doc.find("projection")->is_null());
}

TEST_CASE("cli: --json context follows --norm") {
    const JsonValue doc = run_json({"--example", "cat-sat-mat", "--norm", "sum", "--json"});
    // (1/8)[0,1] + (5/8)[2,1] + (2/8)[1,0] = [12/8, 6/8]
    check_close(*doc.find("context"), {1.5f, 0.75f});
}

TEST_CASE("cli: --project --json reproduces the book's projected scores and context (seed 123, d_out 2)") {
    const JsonValue doc =
        run_json({"--example", "your-journey", "--project", "--seed", "123", "--d-out", "2", "--json"});
    const JsonValue* p = doc.find("projection");
    REQUIRE(p);
    REQUIRE(p->is_object());
    CHECK(keys(*p) == std::vector<std::string>{"seed", "d_out", "W_query", "W_key", "W_value", "queries", "keys",
                                               "values", "scores", "weights", "context", "score_matrix",
                                               "weight_matrix", "context_matrix"});
    int64_t seed = 0, d_out = 0;
    CHECK(p->find("seed")->as_int64(&seed));
    CHECK(seed == 123);
    CHECK(p->find("d_out")->as_int64(&d_out));
    CHECK(d_out == 2);
    check_close(*p->find("scores"), {1.2705f, 1.8524f, 1.8111f, 1.0795f, 0.5577f, 1.5440f});
    check_close(*p->find("context"), {0.3061f, 0.8210f});
    CHECK(p->find("W_query")->items.size() == 3);
    CHECK(p->find("W_query")->items.at(0).items.size() == 2);
}

TEST_CASE("cli: naive softmax overflow appears as \"nan\" and \"inf\" strings, not a crash") {
    SUBCASE("scores of 100: exp(100) is inf in float32 and inf / inf is nan") {
        const std::string doc = R"({"tokens": ["a", "b"], "inputs": [[10, 0], [10, 0]]})";
        const JsonValue r = run_json({"--state", "-", "--json"}, doc);
        check_close(*r.find("scores"), {100.0f, 100.0f});
        const JsonValue& naive = *r.find("weights")->find("softmax_naive");
        REQUIRE(naive.items.size() == 2);
        CHECK(naive.items[0].is_string());
        CHECK(naive.items[0].text == "nan");
        check_close(*r.find("weights")->find("softmax"), {0.5f, 0.5f});
        const Run human = run_ok({"--state", "-"}, doc);
        CHECK(contains(human.out, "tensor([nan, nan])  sum = nan  # overflow"));
    }
    SUBCASE("scores beyond float32 (1e20 * 1e20) are the string \"inf\"") {
        const JsonValue r =
            run_json({"--state", "-", "--json"}, R"({"tokens": ["a", "b"], "inputs": [[1e20], [1e20]]})");
        CHECK(r.find("scores")->items.at(0).text == "inf");
        CHECK(r.find("scores")->items.at(0).is_string());
    }
    SUBCASE("causal masking writes \"-inf\" above the diagonal") {
        const JsonValue r = run_json({"--example", "three-tokens", "--causal", "--query", "0", "--json"});
        CHECK(r.find("scores")->items.at(1).text == "-inf");
        CHECK(r.find("score_matrix")->items.at(0).items.at(2).text == "-inf");
    }
}

TEST_CASE("cli: --state - reads the document from stdin and flags override its fields") {
    const std::string doc = R"({"tokens": ["cat", "sat", "mat"], "inputs": [[0, 1], [2, 1], [1, 0]], "query": 1})";
    CHECK(contains(run_ok({"--state", "-"}, doc).out, "\ntensor([1., 5., 2.])\n"));
    // query mat = [1,0]: cat 0, sat 2, mat 1
    const Run r = run_ok({"--state", "-", "--query", "2", "--norm", "sum"}, doc);
    CHECK(contains(r.out, "\ntensor([0., 2., 1.])\n"));
    CHECK(contains(r.out, "context vector (divide-by-sum):"));
    CHECK(contains(r.out, "state: custom inputs (3 tokens, 2 dimensions)"));
}

TEST_CASE("cli: --state FILE reads a document from a file") {
    const char* path = "cli_test_state.json";
    std::FILE* f = std::fopen(path, "wb");
    REQUIRE(f);
    std::fputs(
        R"({"example": "three-tokens", "tokens": ["a", "b", "c"], "inputs": [[1, 0], [2, 2], [0, 1]], "query": 1})", f);
    std::fclose(f);
    const Run r = run({"--state", path});
    std::remove(path);
    CHECK(r.code == 0);
    CHECK(contains(r.out, "\ntensor([2., 8., 2.])\n"));
}

TEST_CASE("cli: --help prints the usage on out and exits 0") {
    const Run r = run({"--help"});
    CHECK(r.code == 0);
    CHECK(r.err.empty());
    CHECK(r.out.rfind("usage: attention-cli --example NAME", 0) == 0);
    CHECK(r.out == cli_usage());
}

TEST_CASE("cli: only --state - asks main() to read stdin") {
    CHECK(cli_reads_stdin({"--state", "-"}));
    CHECK(cli_reads_stdin({"--json", "--state", "-", "--query", "1"}));
    CHECK_FALSE(cli_reads_stdin({"--state", "doc.json"}));
    CHECK_FALSE(cli_reads_stdin({"--example", "your-journey"}));
    CHECK_FALSE(cli_reads_stdin({"--state"}));
}

TEST_CASE("cli: every bad invocation exits 2 with one error line naming the problem and no output") {
    const std::string doc = R"({"tokens": ["a", "b"], "inputs": [[1, 0], [0, 1]]})";
    struct Case {
        std::vector<std::string> args;
        std::string stdin_text;
        std::string message;  // a part the error line must contain
    };
    const std::vector<Case> cases = {
        {{}, "", "no input: give --example NAME or --state FILE"},
        {{"--json"}, "", "no input: give --example NAME or --state FILE"},
        {{"--example", "nope"}, "", "unknown example 'nope': choose one of your-journey"},
        // A terminal escape in a name is shown escaped: ESC[2J would clear the terminal.
        {{"--example", "\x1b[2Jx\xE2\x80\xAE"}, "", "unknown example '\\u001B[2Jx\\u202E'"},
        {{"--example", "your-journey", "--bogus"}, "", "unknown flag \"--bogus\""},
        {{"-x"}, "", "unknown flag \"-x\""},
        {{"your-journey"}, "", "unexpected argument \"your-journey\""},
        {{"--query=1", "--example", "your-journey"}, "", "write the value after a space, as in --query 1"},
        {{"--example"}, "", "--example needs a value"},
        {{"--example", "--json"}, "", "--example needs a value"},
        {{"--example", "your-journey", "--query"}, "", "--query needs a value"},
        {{"--example", "your-journey", "--example", "alignment"}, "", "--example is given twice"},
        {{"--example", "your-journey", "--state", "-"}, doc, "--example and --state are both given"},
        {{"--example", "your-journey", "--query", "7"},
         "",
         "query 7 is out of range: your-journey has 6 tokens, use 0..5 (positions count from zero)"},
        {{"--example", "your-journey", "--query", "-1"}, "", "query -1 is out of range: your-journey has 6 tokens"},
        {{"--example", "your-journey", "--query", "1x"}, "", "query \"1x\" is not a whole number"},
        {{"--example", "your-journey", "--query", ""}, "", "query \"\" is not a whole number"},
        {{"--example", "your-journey", "--query", " 1"}, "", "query \" 1\" is not a whole number"},
        {{"--example", "your-journey", "--query", "+1"}, "", "query \"+1\" is not a whole number"},
        {{"--example", "your-journey", "--query", "1.0"}, "", "query \"1.0\" is not a whole number"},
        {{"--example", "your-journey", "--query", "99999999999999999999"},
         "",
         "query 99999999999999999999 is out of range"},
        {{"--example", "your-journey", "--norm", "max"},
         "",
         "norm \"max\" is unknown: use sum, softmax-naive or softmax"},
        {{"--example", "your-journey", "--seed", "-1"},
         "",
         "seed \"-1\" is not a whole number from 0 to 9007199254740992"},
        {{"--example", "your-journey", "--seed", "9007199254740993"}, "", "seed \"9007199254740993\""},
        {{"--example", "your-journey", "--seed", "12a"}, "", "seed \"12a\""},
        {{"--example", "your-journey", "--seed", "18446744073709551616"}, "", "seed \"18446744073709551616\""},
        {{"--example", "your-journey", "--d-out", "0"}, "", "d-out \"0\" is not a whole number from 1 to 1024"},
        {{"--example", "your-journey", "--d-out", "1025"}, "", "d-out \"1025\""},
        {{"--example", "your-journey", "--d-out", "two"}, "", "d-out \"two\""},
        {{"--state", "/nonexistent/dir/doc.json"}, "", "cannot open the state file \"/nonexistent/dir/doc.json\""},
        {{"--state", "."}, "", "cannot read the state file \".\""},
        {{"--state", "-"}, "{", "the state on stdin: the document is not valid JSON"},
        {{"--state", "-"}, "", "the state on stdin:"},
        {{"--state", "-"}, R"({"tokens": ["a"], "inputs": [[1]], "query": 3})", "the state on stdin: query is 3"},
        {{"--state", "-"}, R"({"tokens": ["a"], "inputs": [[1]], "colour": 1})", "unknown key \"colour\""},
        {{"--state", "-", "--query", "2"}, doc, "query 2 is out of range: the state has 2 tokens, use 0..1"},
        {{"--state", "-"}, std::string(kMaxDocumentBytes + 1, ' '), "is larger than 16777216 bytes"},
        // Chapter 3's modules: bad combinations PyTorch would refuse, or that mean nothing.
        {{"--example", "your-journey", "--module", "gpt"},
         "",
         "module \"gpt\" is unknown: use one of self-attention-v1"},
        {{"--example", "your-journey", "--heads", "2"}, "", "--heads is an option of a module: add --module NAME"},
        {{"--example", "your-journey", "--module", "self-attention-v2", "--heads", "2"},
         "",
         "SelfAttention_v2 has one head: --heads is for the multi-head modules"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--d-out", "3"},
         "",
         "d_out must be divisible by num_heads: d_out = 3 does not split into 2 heads"},
        {{"--example", "your-journey", "--module", "causal-attention", "--dropout", "1"},
         "",
         "dropout \"1\" is not a probability: give p with 0 <= p < 1"},
        {{"--example", "your-journey", "--module", "causal-attention", "--dropout", "-0.1"}, "", "dropout \"-0.1\""},
        {{"--example", "your-journey", "--module", "causal-attention", "--dropout", "nan"}, "", "dropout \"nan\""},
        {{"--example", "your-journey", "--module", "self-attention-v1", "--dropout", "0.5"},
         "",
         "SelfAttention_v1 has no dropout layer"},
        {{"--example", "your-journey", "--module", "causal-attention", "--batch", "0"},
         "",
         "batch \"0\" is not a whole number from 1 to 8"},
        {{"--example", "your-journey", "--module", "causal-attention", "--batch", "9"}, "", "batch \"9\""},
        {{"--example", "your-journey", "--module", "multi-head-wrapper", "--heads", "0"}, "", "heads \"0\""},
        {{"--example", "your-journey", "--module", "self-attention-v2", "--batch", "2"},
         "",
         "SelfAttention_v2 takes one sequence"},
        // After chapter 3 (the repository's ch04 classes and decode mode).
        {{"--example", "your-journey", "--module", "grouped-query-attention", "--heads", "4", "--d-out", "4",
          "--kv-groups", "3"},
         "",
         "num_heads must be divisible by num_kv_groups: 4 heads do not share 3 key and value groups evenly"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--kv-groups", "2"},
         "",
         "--kv-groups is for --module grouped-query-attention"},
        {{"--example", "your-journey", "--module", "sliding-window-attention", "--window", "0"},
         "",
         "window \"0\" is not a whole number from 1 to 4096"},
        {{"--example", "your-journey", "--module", "causal-attention", "--window", "2"},
         "",
         "--window is for --module sliding-window-attention"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--prefill", "2"},
         "",
         "--prefill is a setting of decode mode: add --decode"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--decode", "--prefill", "9"},
         "",
         "the prefill is 9 tokens but must be from 1 to the 6 tokens of the sequence"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--decode", "--prefill", "2", "--chunk",
          "3"},
         "",
         "the prefill's chunk is 3 tokens but must be from 1 to the prefill's 2"},
        {{"--example", "your-journey", "--module", "multi-head-wrapper", "--decode"}, "", "has no KV cache"},
        {{"--example", "your-journey", "--module", "causal-attention", "--decode", "--dropout", "0.5"},
         "",
         "decode mode generates as a trained model does, with dropout off"},
        {{"--example", "your-journey", "--decode"}, "", "--decode is an option of a module: add --module NAME"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--mask-style", "sdpa"},
         "",
         "mask style \"sdpa\" is unknown: use book, sdpa-bool, additive or is-causal"},
        {{"--example", "your-journey", "--module", "self-attention-v2", "--mask-style", "additive"},
         "",
         "SelfAttention_v2 masks nothing here"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--decode", "--mask-style", "sdpa-bool"},
         "",
         "use the book's mask style while decoding"},
        {{"--example", "your-journey", "--module", "sliding-window-attention", "--mask-style", "is-causal"},
         "",
         "is_causal=True builds the plain causal mask, not a sliding window"},
        {{"--example", "your-journey", "--module", "causal-attention", "--pads", "1"},
         "",
         "CausalAttention has no padding view"},
        {{"--example", "your-journey", "--module", "multi-head-attention", "--pads", "6"},
         "",
         "pads is 6 but must be from 0 to 5"},
        {{"--example", "your-journey", "--pads", "1"}, "", "--pads is an option of a module: add --module NAME"},
    };
    for (const Case& c : cases) {
        std::string joined;
        for (const std::string& a : c.args) joined += "[" + a + "] ";
        CAPTURE(joined);
        const Run r = run(c.args, c.stdin_text);
        CAPTURE(r.err);
        CHECK(r.code == 2);
        CHECK(r.out.empty());
        CHECK(r.err.rfind("error: ", 0) == 0);
        CHECK(r.err.find('\n') == r.err.size() - 1);  // exactly one line
        CHECK(contains(r.err, c.message));
    }
}

TEST_CASE("cli: --module adds the module object with the contract's keys and the book's numbers") {
    const JsonValue plain = run_json({"--example", "your-journey", "--json"});
    CHECK(plain.find("module")->is_null());

    const JsonValue doc =
        run_json({"--example", "your-journey", "--module", "multi-head-attention", "--batch", "2", "--json"});
    const JsonValue& m = *doc.find("module");
    REQUIRE(m.is_object());
    CHECK(keys(m) == std::vector<std::string>{"name",     "seed",      "d_in",         "d_out",        "heads",
                                              "head_dim", "qkv_bias",  "dropout",      "dropout_seed", "training",
                                              "batch",    "kv_groups", "window",       "mask_style",   "parameters",
                                              "batches",  "output",    "output_shape", "decode",       "masks"});
    CHECK(m.find("decode")->is_null());
    CHECK(m.find("masks")->is_object());
    CHECK(m.find("window")->is_null());
    CHECK(m.find("name")->text == "multi-head-attention");
    CHECK(m.find("dropout_seed")->is_null());
    CHECK(keys(*m.find("parameters")) == std::vector<std::string>{"W_query.weight", "W_key.weight", "W_value.weight",
                                                                  "out_proj.weight", "out_proj.bias"});
    const JsonValue& head = m.find("batches")->items.at(0).find("heads")->items.at(1);
    CHECK(keys(head) == std::vector<std::string>{"queries", "keys", "values", "scores", "masked_scores",
                                                 "weights_unmasked", "masked_simple", "masked_simple_norm", "weights",
                                                 "dropout_mask", "weights_dropped", "context"});
    CHECK(head.find("dropout_mask")->is_null());
    CHECK(head.find("masked_scores")->items.at(0).items.at(1).text == "-inf");
    CHECK(floats(*m.find("output_shape")) == std::vector<float>{2, 6, 2});
    // The book's MultiHeadAttention, torch.manual_seed(123), d_out 2, two heads: first row.
    check_close(m.find("output")->items.at(0).items.at(0), {0.3190f, 0.4858f});

    // The book's dropout listing: weights of sa_v2 (seed 789), re-seeded with 123 before dropout.
    const JsonValue d = run_json({"--example", "your-journey", "--module", "causal-attention", "--seed", "789",
                                  "--dropout", "0.5", "--dropout-seed", "123", "--json"});
    const JsonValue& dm = *d.find("module");
    int64_t seed = 0;
    CHECK(dm.find("dropout_seed")->as_int64(&seed));
    CHECK(seed == 123);
    CHECK(d.find("projection")->is_null());  // with --module, --seed is the module's
    const JsonValue& h0 = dm.find("batches")->items.at(0).find("heads")->items.at(0);
    check_close(h0.find("dropout_mask")->items.at(0), {2, 2, 0, 2, 2, 0});
    check_close(h0.find("weights_dropped")->items.at(2), {0.7599f, 0.6194f, 0.6206f, 0, 0, 0});
}

TEST_CASE("cli: --module prints the book's constructor, the parameters and the output") {
    const Run r = run_ok({"--example", "your-journey", "--module", "self-attention-v2", "--seed", "789"});
    CHECK(contains(r.out, "module = SelfAttention_v2(d_in=3, d_out=2)"));
    CHECK(contains(r.out, "W_query.weight ="));
    CHECK(contains(r.out, "tensor([[-0.0739,  0.0713],"));
    const Run c = run_ok({"--example", "your-journey", "--module", "causal-attention", "--dropout", "0.5"});
    CHECK(contains(c.out, "CausalAttention(d_in=3, d_out=2, context_length=6, dropout=0.5)"));
    CHECK(contains(c.out, "other builds (MKL, GPU) draw others"));
}

TEST_CASE("cli: --decode prints each cache call and proves the decoded rows equal the full pass") {
    const Run r = run_ok({"--example", "your-journey", "--module", "grouped-query-attention", "--d-out", "4", "--heads",
                          "4", "--kv-groups", "2", "--decode", "--prefill", "3", "--chunk", "2"});
    CHECK(contains(r.out, "GroupedQueryAttention(d_in=3, d_out=4, dropout=0.0, num_heads=4, num_kv_groups=2)"));
    CHECK(contains(r.out, "decode: module.reset_cache(); the first 3 tokens in chunks of 2"));
    CHECK(contains(r.out, "call 1: tokens 0..1 scored against keys 0..1 (16 scores); the cache keeps 2 rows"));
    CHECK(contains(r.out, "call 5: token 5 scored against keys 0..5 (24 scores); the cache keeps 6 rows"));
    CHECK(contains(r.out, "scores computed: 88 with the cache, 144 in the full pass"));
    CHECK(contains(r.out, "decoded output == full pass output[0]: equal bit for bit"));

    const JsonValue doc = run_json({"--example", "your-journey", "--module", "sliding-window-attention", "--window",
                                    "2", "--decode", "--prefill", "4", "--json"});
    const JsonValue& d = *doc.find("module")->find("decode");
    CHECK(keys(d) == std::vector<std::string>{"prefill", "chunk", "calls", "output", "scores_computed",
                                              "scores_full_pass", "cache_numbers_peak", "equals_full_pass_bits",
                                              "max_abs_difference"});
    CHECK(d.find("equals_full_pass_bits")->boolean);
    const JsonValue& first = d.find("calls")->items.at(0);
    CHECK(keys(first) == std::vector<std::string>{"first", "count", "key_first", "key_count", "cache_rows",
                                                  "scores_computed", "scores", "weights", "output"});
    CHECK(first.find("cache_rows")->text == "2");  // the window keeps 2 of the prefill's 4
    CHECK(first.find("scores")->items.at(0).items.at(0).items.at(1).text == "-inf");
}

// The SVG figure's text elements, in document order ("<text ...>CONTENT</text>").
std::vector<std::string> svg_texts(const std::string& svg) {
    std::vector<std::string> texts;
    for (size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at + 1)) {
        const size_t open = svg.find('>', at), close = svg.find("</text>", at);
        REQUIRE(open != std::string::npos);
        REQUIRE(close != std::string::npos);
        texts.push_back(svg.substr(open + 1, close - open - 1));
    }
    return texts;
}

bool has_text(const std::vector<std::string>& texts, const std::string& t) {
    return std::find(texts.begin(), texts.end(), t) != texts.end();
}

TEST_CASE("cli: --svg draws the book's numbers: inputs, scores, softmax weights and the context vector") {
    const Run r = run_ok({"--example", "your-journey", "--svg"});
    CHECK(r.out.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(r.out.size() > 7);
    CHECK(r.out.substr(r.out.size() - 7) == "</svg>\n");
    const std::vector<std::string> t = svg_texts(r.out);
    // The book's section 3.3.1: query "journey", scores and weights, context [0.4419, 0.6515, 0.5683].
    CHECK(has_text(t, "1 journey (query)"));
    for (const char* v : {"0.5500", "0.8700", "0.6600", "0.9544", "1.4950", "1.4754", "0.8434", "0.7070", "1.0865",
                          "0.1385", "0.2379", "0.2333", "0.1240", "0.1082", "0.1581"})
        CHECK_MESSAGE(has_text(t, v), v);
    CHECK(has_text(t, "context = [0.4419, 0.6515, 0.5683]"));
}

TEST_CASE("cli: --svg follows the state: causal -inf, the trainable context, escaped labels, long inputs cut") {
    // Causal, query 1: the scores after it are -inf and their weights 0.
    std::vector<std::string> t = svg_texts(run_ok({"--example", "your-journey", "--causal", "--svg"}).out);
    CHECK(has_text(t, "-inf"));
    CHECK(has_text(t, "0.0000"));
    // W_query, W_key, W_value on: the figure shows q·k and the context from the values (the book's
    // seed 123 gives context [0.3061, 0.8210] for the query "journey", section 3.4.1).
    t = svg_texts(run_ok({"--example", "your-journey", "--project", "--svg"}).out);
    CHECK(has_text(t, "q\u00B7k"));
    CHECK(has_text(t, "context = [0.3061, 0.8210]"));
    // Labels are text, not markup.
    const std::string doc = R"({"tokens": ["a<b", "\"q\"&"], "inputs": [[1, 0], [0, 1]], "query": 1})";
    const Run escaped = run_ok({"--state", "-", "--svg"}, doc);
    CHECK(contains(escaped.out, "a&lt;b"));
    CHECK(contains(escaped.out, "&quot;q&quot;&amp; (query)"));
    CHECK_FALSE(contains(escaped.out, "a<b"));
    // 40 tokens of 10 dimensions: the first 32 rows and 8 columns, and a line that says so.
    std::string big = R"({"tokens": [)";
    for (int i = 0; i < 40; ++i) big += (i ? ",\"token " : "\"token ") + std::to_string(i) + "\"";
    big += R"(], "inputs": [)";
    for (int i = 0; i < 40; ++i) {
        big += i ? ",[" : "[";
        for (int c = 0; c < 10; ++c) big += (c ? "," : "") + std::to_string((i + c) % 7);
        big += "]";
    }
    big += R"(], "query": 0})";
    t = svg_texts(run_ok({"--state", "-", "--svg"}, big).out);
    CHECK(has_text(t, "(40 tokens of 10 dimensions; the first 32 and 8 shown)"));
    CHECK(has_text(t, "31 token 31"));
    CHECK_FALSE(has_text(t, "32 token 32"));
    // One output at a time.
    const Run both = run({"--example", "your-journey", "--svg", "--json"});
    CHECK(both.code == 2);
    CHECK(contains(both.err, "pick one"));
}

TEST_CASE("cli: a document's own module (the page's \"module\" key) runs as --module would run it") {
    const std::string doc = R"({"tokens": ["Your", "journey", "starts", "with", "one", "step"],
        "inputs": [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64], [0.22, 0.58, 0.33],
                   [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]], "module": {"name": "self-attention-v2"}})";
    const Run human = run_ok({"--state", "-"}, doc);
    CHECK(contains(human.out, "torch.manual_seed(789); module = SelfAttention_v2(d_in=3, d_out=2)"));
    CHECK(contains(human.out, "-0.0739"));
    const Run json = run_ok({"--state", "-", "--json"}, doc);
    CHECK(contains(json.out, R"("module":{"name":"self-attention-v2","seed":789)"));
    // A --module flag still wins over the document's.
    const Run flag = run_ok({"--state", "-", "--module", "self-attention-v1"}, doc);
    CHECK(contains(flag.out, "SelfAttention_v1(d_in=3, d_out=2)"));
}

namespace {

std::string repo(const char* path) {
    return std::string(ATTN_SOURCE_DIR) + "/" + path;
}

// A file in the temporary directory holding text; removed by the caller.
std::string temp_file(const std::string& text) {
    char name[] = "/tmp/attention-lesson-XXXXXX";
    const int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    std::FILE* f = fdopen(fd, "wb");
    std::fwrite(text.data(), 1, text.size(), f);
    std::fclose(f);
    return name;
}

}  // namespace

TEST_CASE("cli: --bug prints a Debug this trace whole, as the page plants it; a wrong name lists the bugs") {
    const Run cache = run_ok({"--bug", "cache-mask-no-offset"});
    CHECK(contains(cache.out, "\u2717 mask_bool = self.mask.bool()[:num_tokens_Q, :num_tokens_K]"));
    CHECK(contains(cache.out, "fix: mask_bool = self.mask.bool()[self.ptr_current_pos:"));
    CHECK(contains(cache.out, "printed:  tensor([[0.3190, 0.4858]])"));  // the book's MultiHeadAttention row, token 3
    CHECK(contains(cache.out, "First divergence: step 2, the mask."));
    CHECK(contains(run_ok({"--bug", "wrong-query"}).out, "query = inputs[0]"));
    const Run unknown = run({"--bug", "no-such-bug"});
    CHECK(unknown.code == attn::kCliUsageError);
    CHECK(contains(unknown.err, "is not a planted bug: use one of"));
    CHECK(contains(unknown.err, "window-drops-chunk-keys"));
    CHECK(run({"--bug", "zero-mask", "--step", "2"}).code == attn::kCliUsageError);
    CHECK(run({"--bug"}).code == attn::kCliUsageError);
}

TEST_CASE("cli: --check-lesson reads a lesson file as the page does; a broken one names its line and column") {
    const Run good = run_ok({"--check-lesson", repo("lessons/examples/my-sentence.json")});
    CHECK(contains(good.out, "3 steps"));
    CHECK(contains(good.out, "it reads as the page reads it"));
    const std::string path = temp_file(
        "{\"format\": 1, \"id\": \"x\", \"lang\": \"en\", \"title\": \"t\",\n \"steps\": [{\"title\": \"a\", "
        "\"lines\": "
        "[{\"prose\": \"{nope}\"}]}]}");
    const Run bad = run({"--check-lesson", path});
    std::remove(path.c_str());
    CHECK(bad.code == kCliUsageError);
    CHECK(bad.out.empty());
    CHECK(contains(bad.err, "line 2, column"));
    CHECK(contains(bad.err, "{nope} is not a value"));
    CHECK(contains(run({"--check-lesson", "/nonexistent.json"}).err, "cannot open the lesson file"));

    // Several mistakes: one "error: FILE: line L, column C: ..." line each, as a compiler lists them.
    const std::string two = temp_file(
        "{\"format\": 1, \"id\": \"x\", \"lang\": \"en\", \"title\": \"t\",\n \"steps\": [{\"title\": \"a\", "
        "\"lines\": [{\"prose\": \"{nope}\"}]},\n {\"lines\": [{\"prose\": \"b\"}]}]}");
    const Run both = run({"--check-lesson", two});
    std::remove(two.c_str());
    CHECK(both.code == kCliUsageError);
    CHECK(both.out.empty());
    const size_t end_of_first = both.err.find('\n');
    REQUIRE(end_of_first != std::string::npos);
    const std::string first = both.err.substr(0, end_of_first), second = both.err.substr(end_of_first + 1);
    CHECK(first.rfind("error: " + two + ": line 2, column ", 0) == 0);
    CHECK(contains(first, "steps[0].lines[0].prose (step 1): {nope} is not a value"));
    CHECK(second.rfind("error: " + two + ": line 3, column 2: steps[1] (step 2): has no title", 0) == 0);
    CHECK(second.find('\n') == second.size() - 1);  // two lines, each ended
}

TEST_CASE("cli: a lesson whose step cannot ask its question is refused by --check-lesson, shown by --lesson") {
    const std::string path = temp_file(
        "{\"format\": 1, \"id\": \"x\", \"lang\": \"en\", \"title\": \"t\",\n \"steps\": [{\"title\": \"Cache\", "
        "\"setup\": {\"module\": {\"name\": \"causal-attention\"}}, \"lines\": [{\"prose\": \"The cache.\"}], "
        "\"questions\": [{\"ask\": \"cache-scores\"}]}]}");
    const Run check = run({"--check-lesson", path});
    CHECK(check.code == kCliUsageError);
    CHECK(contains(check.err, "steps[0] asks \"cache-scores\" but cannot ask it on step 1's setup"));
    // The command the message recommends shows the step, under the problem.
    const Run shown = run_ok({"--lesson", path, "--step", "1"});
    std::remove(path.c_str());
    CHECK(contains(shown.out, "The page refuses this file: steps[0] asks"));
    CHECK(contains(shown.out, "Step 1 of 1: Cache"));
}

TEST_CASE("cli: --lesson --step prints a step as the learner reads it; --reveal adds the answers") {
    const Run step = run_ok({"--lesson", repo("lessons/en/chapter-3.json"), "--step", "3"});
    CHECK(contains(step.out, "Step 3 of 14: The score loop: every token in turn"));
    CHECK(contains(step.out, "How many scores will it produce?"));
    CHECK_FALSE(contains(step.out, "attn_scores[0] ="));  // the scores wait for the question
    CHECK(contains(step.out, "add --reveal"));
    const Run revealed = run_ok({"--lesson", repo("lessons/en/chapter-3.json"), "--step", "3", "--reveal"});
    CHECK(contains(revealed.out, "attn_scores[0] = torch.dot(inputs[0], query)"));
    CHECK(contains(revealed.out, "Answer: 3: one per input token, the query included."));
    CHECK(contains(revealed.out, "[query-not-compared]"));
    const Run mine = run_ok({"--lesson", repo("lessons/examples/my-sentence.json"), "--step", "1"});
    CHECK(contains(mine.out, "Our sentence has 6 words"));
    CHECK(contains(run({"--lesson", repo("lessons/en/chapter-3.json"), "--step", "15"}).err, "1..14"));
    CHECK(contains(run({"--lesson", repo("lessons/en/chapter-3.json"), "--query", "1"}).err, "unexpected argument"));
    CHECK(contains(run({"--lesson"}).err, "needs a value"));
}

TEST_CASE("cli: --pads prints head 0 for a padded batch of two: its tokens keep their weights, a pad's row is NaN") {
    const Run r = run_ok({"--example", "your-journey", "--module", "multi-head-attention", "--pads", "2"});
    CHECK(contains(r.out, "padding: a batch of two, the second sentence 2 tokens shorter, padded on the left"));
    CHECK(contains(r.out,
                   "key_padding_mask = tensor([[False, False, False, False, False, False], "
                   "[True, True, False, False, False, False]])"));
    CHECK(contains(r.out, "its tokens against their weights alone: largest difference 0\n"));
    CHECK(contains(r.out, "a pad's own row: nan by the book's softmax, zeros by scaled_dot_product_attention"));
    CHECK(contains(r.out, "[0.0000, 0.0000, 1.0000, 0.0000, 0.0000, 0.0000]"));  // token 2 first: itself alone
}

TEST_CASE("cli: --json carries the masks four ways: each route's difference, the padded batch, the polarity bug") {
    const JsonValue doc = run_json(
        {"--example", "your-journey", "--module", "multi-head-attention", "--batch", "1", "--pads", "2", "--json"});
    const JsonValue& masks = *doc.find("module")->find("masks");
    REQUIRE(masks.is_object());
    CHECK(keys(masks) == std::vector<std::string>{"routes", "largest_difference", "pads", "padding", "polarity_bug",
                                                  "polarity_bug_own"});
    std::vector<std::string> styles;
    for (const JsonValue& route : masks.find("routes")->items) {
        styles.push_back(route.find("style")->text);
        CHECK(route.find("largest_difference")->as_double() <= 1e-6);
    }
    CHECK(styles == std::vector<std::string>{"sdpa-bool", "additive", "is-causal"});
    CHECK(masks.find("pads")->as_double() == 2);
    const JsonValue& padding = *masks.find("padding");
    REQUIRE(padding.is_object());
    const JsonValue& second = padding.find("key_padding_mask")->items.at(1);
    CHECK(second.items.at(0).boolean);
    CHECK(second.items.at(1).boolean);
    CHECK_FALSE(second.items.at(2).boolean);
    // A pad's own row by the book's softmax: 0 / 0. The first real token weighs only itself.
    CHECK(padding.find("weights")->items.at(0).items.at(0).text == "nan");
    CHECK(padding.find("weights")->items.at(2).items.at(2).as_double() == 1);
    CHECK(padding.find("pad_row_book_nan")->boolean);
    CHECK(padding.find("pad_row_sdpa_zeros")->boolean);
    CHECK(padding.find("alone_difference")->as_double() == 0);
    // The book's mask handed to SDPA keeps only what it should hide: no token weighs itself.
    CHECK(masks.find("polarity_bug")->items.size() == 6);
    CHECK(masks.find("polarity_bug_own")->as_double() == 0);

    // Chapter 3's classes before MultiHeadAttention have no masks' view; without pads, no padding.
    CHECK(run_json({"--example", "your-journey", "--module", "causal-attention", "--json"})
              .find("module")
              ->find("masks")
              ->is_null());
    CHECK(run_json({"--example", "your-journey", "--module", "multi-head-attention", "--json"})
              .find("module")
              ->find("masks")
              ->find("padding")
              ->is_null());
}
