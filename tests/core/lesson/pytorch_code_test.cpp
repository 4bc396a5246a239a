// The generated PyTorch code: the book's lines, exact float literals, every print followed by the
// core's output, and text that follows the state. (tests/python/check_generated_code.py runs it.)
#include "core/lesson/pytorch_code.h"

#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/document/examples.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

State example(const char* name) {
    State s;
    load_example(name, &s);
    return s;
}

PyTorchCode code_for(const State& s) {
    return pytorch_code(s, compute_attention(s));
}

size_t count(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

}  // namespace

TEST_CASE("code: float literals are Python floats that read back as the same float32") {
    CHECK(python_float(1.0f) == "1.0");
    CHECK(python_float(0.0f) == "0.0");
    CHECK(python_float(-0.0f) == "-0.0");
    CHECK(python_float(0.43f) == "0.43");
    CHECK(python_float(-2.5f) == "-2.5");
    CHECK(python_float(16777216.0f) == "16777216.0");
    std::mt19937 rng(7);
    for (int i = 0; i < 20000; ++i) {
        const uint32_t bits = rng();
        float x;
        std::memcpy(&x, &bits, sizeof x);
        if (!std::isfinite(x)) continue;
        const std::string text = python_float(x);
        INFO(text);
        CHECK(float(std::strtod(text.c_str(), nullptr)) == x);  // Python parses a double, torch rounds to float32
        CHECK(text.find_first_of(".e") != std::string::npos);
    }
}

TEST_CASE("code: three-tokens gives the seeds' loop and its output tensor([2., 8., 2.])") {
    const PyTorchCode c = code_for(example("three-tokens"));
    CHECK(contains(c.code, "import torch\n"));
    CHECK(contains(c.code,
                   "inputs = torch.tensor(\n  [[1.0, 0.0],  # token 0 (x^1)\n   [2.0, 2.0],  # token 1 (x^2)\n"
                   "   [0.0, 1.0]]  # token 2 (x^3)\n)"));
    CHECK(contains(c.code, "query = inputs[1]"));
    CHECK(contains(c.code,
                   "attn_scores_2 = torch.empty(inputs.shape[0])\nfor i, x_i in enumerate(inputs):\n"
                   "    attn_scores_2[i] = torch.dot(x_i, query)\nprint(attn_scores_2)\n# tensor([2., 8., 2.])\n"));
    CHECK(contains(c.code, "print(torch.dot(inputs[0], query))\n# tensor(2.)\n"));
    CHECK(contains(c.code, "attn_weights_2 = torch.softmax(attn_scores_2, dim=0)"));
    CHECK(contains(c.code, "attn_scores = inputs @ inputs.T"));
    CHECK(contains(c.code, "attn_weights = torch.softmax(attn_scores, dim=-1)"));
    CHECK_FALSE(contains(c.code, "manual_seed"));
}

TEST_CASE("code: every print is listed with the core's values, for every example") {
    for (const Example& e : examples()) {
        INFO(e.name);
        const State s = example(e.name);
        const AttentionResult r = compute_attention(s);
        const PyTorchCode c = pytorch_code(s, r);
        CHECK(count(c.code, "\nprint(") == c.outputs.size());
        REQUIRE(c.outputs.size() == 10);
        CHECK(c.outputs[2].values == r.scores);
        CHECK(c.outputs[6].values == r.context);
        CHECK(c.outputs[7].shape == std::vector<int>{s.inputs.rows, s.inputs.rows});
        for (const CodeOutput& o : c.outputs) {
            CHECK(o.full);
            CHECK(contains(c.code, "print(" + o.expression + ")\n# " + o.text.substr(0, o.text.find('\n'))));
        }
    }
    const PyTorchCode journey = code_for(example("your-journey"));
    CHECK(contains(journey.code, "# tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865])"));
    CHECK(contains(journey.code, "# tensor([0.4419, 0.6515, 0.5683])"));
    CHECK(contains(journey.code, "[0.43, 0.15, 0.89],  # Your    (x^1)"));
    // Every number of the literal with the same decimals, as the book's listing writes them.
    CHECK(contains(journey.code, "[0.77, 0.25, 0.10],  # one     (x^5)"));
    CHECK(contains(journey.code, "[0.05, 0.80, 0.55]]  # step    (x^6)"));
}

TEST_CASE("code: the projection is seeded as in the book") {
    State s = example("your-journey");
    s.projection = {true, 789, 2};
    const PyTorchCode c = code_for(s);
    CHECK(contains(c.code,
                   "torch.manual_seed(789)\nd_in, d_out = 3, 2\n"
                   "W_query = torch.nn.Parameter(torch.rand(d_in, d_out), requires_grad=False)\n"
                   "W_key = torch.nn.Parameter(torch.rand(d_in, d_out), requires_grad=False)\n"
                   "W_value = torch.nn.Parameter(torch.rand(d_in, d_out), requires_grad=False)\n"));
    CHECK(contains(c.code, "query_2 = x_2 @ W_query"));
    CHECK(contains(c.code, "attn_weights_2 = torch.softmax(attn_scores_2 / d_k**0.5, dim=-1)"));
    CHECK(c.outputs.size() == 15);
    s.scale = false;
    CHECK(contains(code_for(s).code,
                   "attn_weights_2 = torch.softmax(attn_scores_2, dim=-1)  # not divided by sqrt(d_k)"));
}

TEST_CASE("code: the causal mask uses torch.triu and masked_fill, and masks the query's later slots") {
    State s = example("your-journey");
    s.causal = true;
    const PyTorchCode c = code_for(s);
    CHECK(contains(c.code, "attn_scores_2[2:] = -torch.inf"));
    CHECK(contains(c.code, "mask = torch.triu(torch.ones(6, 6), diagonal=1)"));
    CHECK(contains(c.code, "attn_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)"));
    CHECK(contains(c.code, "# tensor([0.9544, 1.4950,   -inf,   -inf,   -inf,   -inf])"));
    s.query = 5;  // the last token masks nothing of its own row
    CHECK_FALSE(contains(code_for(s).code, "attn_scores_6[6:]"));
}

TEST_CASE("code: the normalisation on screen decides the matrix form and the context's weights") {
    State s = example("cat-sat-mat");
    s.norm = Norm::Sum;
    PyTorchCode c = code_for(s);
    CHECK(contains(c.code, "attn_weights = attn_scores / attn_scores.sum(dim=-1, keepdim=True)"));
    CHECK(contains(c.code, "context_vec_2 += attn_weights_2_tmp[i] * x_i"));
    s.norm = Norm::SoftmaxNaive;
    s.lab_scale = 80;
    c = code_for(s);
    CHECK(contains(c.code, "attn_scores_2 = attn_scores_2 * 80.0  # the robustness lab's scale"));
    CHECK(contains(c.code, "attn_weights = torch.exp(attn_scores) / torch.exp(attn_scores).sum(dim=-1, keepdim=True)"));
    CHECK(contains(c.code, "# tensor([0., nan, nan])"));
}

TEST_CASE("code: it follows the state - another query, another literal, another output") {
    State s = example("three-tokens");
    s.query = 2;
    s.inputs.at(0, 0) = 0.1f;
    const PyTorchCode c = code_for(s);
    CHECK(contains(c.code, "query = inputs[2]  # the 3rd token, token 2"));
    CHECK(contains(c.code, "[[0.1, 0.0],"));
    CHECK(contains(c.code, "print(attn_scores_3)\n# tensor([0., 2., 1.])"));
}

TEST_CASE("code: tensors past PyTorch's print threshold are summarised, not printed whole") {
    State s;
    s.tokens.assign(40, "t");
    s.inputs = Matrix(40, 2, 0.5f);
    const PyTorchCode c = code_for(s);
    CHECK(contains(c.code, "# a (40, 40) tensor of 1600 values"));
    bool any_summary = false;
    for (const CodeOutput& o : c.outputs) any_summary |= !o.full;
    CHECK(any_summary);
}

TEST_CASE("code: pytorch_code_for_state gives the same text, and nothing for an invalid state") {
    const State s = example("alignment");
    CHECK(pytorch_code_for_state(s) == code_for(s).code);
    CHECK(pytorch_code_for_state(State()).empty());
}

TEST_CASE("code: generated inputs are written as torch.manual_seed + torch.rand, only when the data matches") {
    State s;
    REQUIRE(load_example("random-300x16-seed42", &s));
    std::string text = code_for(s).code;
    CHECK(text.find("torch.manual_seed(42)\ninputs = torch.rand(300, 16) * 2 - 1") != std::string::npos);
    CHECK(text.find("inputs = torch.tensor(") == std::string::npos);  // no 300-row literal
    // A document that keeps the name but carries other numbers gets its numbers written out.
    s.inputs.at(0, 0) = 0.25f;
    text = code_for(s).code;
    CHECK(text.find("torch.rand") == std::string::npos);
    CHECK(text.find("inputs = torch.tensor(") != std::string::npos);
}

TEST_CASE("pytorch code: while a question is open its outputs are covered, and step 8's dim=-1 reads dim=?") {
    const std::string code = "w = torch.softmax(s, dim=-1)\nprint(w)\n# tensor([0.5, 0.5])\n# (2,)\nx = 1\n";
    CHECK(code_as_covered(code, Concealment()) == code);  // nothing covered: as it is
    Concealment scores;
    scores.scores = true;
    scores.reason = "hidden until you answer";
    CHECK(code_as_covered(code, scores) ==
          "w = torch.softmax(s, dim=-1)\nprint(w)\n# (hidden until you answer)\nx = 1\n");
    scores.softmax_dim = true;
    CHECK(code_as_covered(code, scores) ==
          "w = torch.softmax(s, dim=?)\nprint(w)\n# (hidden until you answer)\nx = 1\n");
}

TEST_CASE("pytorch code: as shown, it is the code with nothing covered, or covered as the lesson covers it") {
    // The panel and the numbers' text version read the code from this one place.
    const State s = example("your-journey");
    const AttentionResult r = compute_attention(s);
    CHECK(pytorch_code_shown(s, r, nullptr, nullptr) == pytorch_code(s, r).code);
    Concealment weights;
    weights.weights = true;
    weights.reason = "hidden until you answer";
    const std::string shown = pytorch_code_shown(s, r, nullptr, &weights);
    CHECK(shown == code_as_covered(pytorch_code(s, r, nullptr, &weights).code, weights));
    CHECK(shown.find("# (hidden until you answer)") != std::string::npos);
    CHECK(shown.find("0.2379") == std::string::npos);  // the book's attn_weights_2[1], printed uncovered
    CHECK(pytorch_code(s, r).code.find("0.2379") != std::string::npos);
}

TEST_CASE("code: the lines read as printed output are exactly the ones the writer printed, in every kind of state") {
    // The panel tints them and a lesson's cover hides them by OutputLineReader's rule: an
    // explaining comment right after an output would be hidden with it.
    std::vector<State> states;
    for (const char* name : {"your-journey", "three-tokens", "random-40x4-seed7"}) states.push_back(example(name));
    State every = example("your-journey");
    every.causal = true;
    every.projection.enabled = true;
    every.scale = false;
    every.lab_scale = 3.0f;
    states.push_back(every);
    for (AttentionModule m : kAllModules) {
        State s = example("your-journey");
        s.module.enabled = true;
        s.module.settings = book_module_settings(m);
        s.module.settings.training = false;
        s.module.settings.reseed_dropout = true;
        if (m == AttentionModule::MultiHeadAttention || m == AttentionModule::GroupedQueryAttention) {
            s.module.settings.decode = true;
            s.module.settings.prefill = 3;
            s.module.settings.chunk = 2;
        }
        states.push_back(s);
    }
    for (const State& s : states) {
        REQUIRE(validate_state(s).empty());
        const PyTorchCode c = code_for(s);
        REQUIRE_FALSE(c.output_lines.empty());
        std::vector<int> read;
        OutputLineReader reader;
        int number = 0;
        for (size_t start = 0; start < c.code.size(); ++number) {
            const size_t end = c.code.find('\n', start);
            if (reader.is_output(std::string_view(c.code).substr(start, end - start))) read.push_back(number);
            start = end + 1;
        }
        INFO(s.example << " module " << std::string(s.module.enabled ? module_name(s.module.settings.module) : "off"));
        CHECK(read == c.output_lines);
    }
}
