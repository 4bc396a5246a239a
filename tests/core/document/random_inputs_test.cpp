// The random embeddings generator: PyTorch's numbers, the right shape, clear refusals.
#include "core/document/random_inputs.h"

#include <doctest/doctest.h>

#include "core/document/examples.h"
#include "core/math/torch_rng.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::check_close;

TEST_CASE("random inputs: values are torch.rand(n, d) * 2 - 1 after torch.manual_seed(seed)") {
    TorchGenerator gen(123);
    const Matrix u = gen.rand(5, 4);  // torch_rng_test checks these against PyTorch itself
    const Matrix x = random_embeddings(5, 4, 123);
    for (size_t i = 0; i < u.data.size(); ++i) CHECK(x.data[i] == u.data[i] * 2.0f - 1.0f);
}

TEST_CASE("random inputs: seed 123 gives 2 u - 1 of PyTorch's torch.rand(6) = [0.2961, 0.5166, ...]") {
    // 2 * 0.2961 - 1 = -0.4078, 2 * 0.5166 - 1 = 0.0332, ... (PyTorch: torch.manual_seed(123); torch.rand(6))
    check_close(random_embeddings(1, 6, 123).row_vector(0), {-0.4078f, 0.0332f, -0.4966f, 0.3772f, -0.8520f, 0.7330f},
                2.1e-4);
}

TEST_CASE("random inputs: every value lies in [-1, 1) and the same seed gives the same values") {
    const Matrix a = random_embeddings(64, 32, 9), b = random_embeddings(64, 32, 9);
    CHECK(a.data == b.data);
    for (float v : a.data) CHECK((v >= -1.0f && v < 1.0f));
    CHECK(random_embeddings(64, 32, 10).data != a.data);
}

TEST_CASE("random inputs: the state gets n labelled tokens and keeps its other settings") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    s.query = 4;
    s.causal = true;
    REQUIRE(apply_random_inputs(&s, 1024, 64, 1) == "");
    CHECK(s.inputs.rows == 1024);
    CHECK(s.inputs.cols == 64);
    CHECK(s.tokens.size() == 1024);
    CHECK(s.tokens[1023] == "t1023");
    CHECK(s.query == 4);
    CHECK(s.causal);
    CHECK(s.example == "random-1024x64-seed1");  // the name a short link reloads it by
    CHECK(validate_state(s) == "");
    REQUIRE(apply_random_inputs(&s, 3, 2, 1) == "");
    CHECK(s.query == 2);  // the old query no longer exists: the last token
}

TEST_CASE("random inputs: out-of-range sizes are refused with the limit, and nothing changes") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    const State before = s;
    CHECK(apply_random_inputs(&s, 0, 3, 1).find("n is 0 but must be 1..1024") != std::string::npos);
    CHECK(apply_random_inputs(&s, 1025, 3, 1).find("must be 1..1024") != std::string::npos);
    CHECK(apply_random_inputs(&s, 4, 0, 1).find("d is 0 but must be 1..1024") != std::string::npos);
    CHECK(apply_random_inputs(&s, 4, 3, kMaxSeed + 1).find("seed is") != std::string::npos);
    CHECK(s == before);
}

TEST_CASE("random inputs: the PyTorch lines name the seed and the shape") {
    CHECK(random_inputs_pytorch(1024, 64, 7) ==
          "torch.manual_seed(7)\ninputs = torch.rand(1024, 64) * 2 - 1  # uniform in [-1, 1)");
}

TEST_CASE("random inputs: the example name round-trips, and anything but its exact form is unknown") {
    CHECK(random_example_name(1024, 64, 123) == "random-1024x64-seed123");
    int n = -1, d = -1;
    uint64_t seed = 99;
    REQUIRE(parse_random_example_name("random-1024x64-seed123", &n, &d, &seed));
    CHECK((n == 1024 && d == 64 && seed == 123));
    REQUIRE(parse_random_example_name("random-1x1-seed0", &n, &d, &seed));
    CHECK((n == 1 && d == 1 && seed == 0));
    REQUIRE(parse_random_example_name("random-3x2-seed9007199254740992", &n, &d, &seed));  // 2^53
    CHECK(seed == kMaxSeed);
    for (const char* bad :
         {"random-0x3-seed1", "random-1025x3-seed1", "random-4x0-seed1", "random-4x1025-seed1",
          "random-4x3-seed9007199254740993", "random-04x3-seed1", "random-4x3-seed01", "random-4x3-seed",
          "random-4x3-seed-1", "random--4x3-seed1", "random-4x3", "random-4x3-seed1 ", "Random-4x3-seed1",
          "random-4X3-seed1", "random-4x3-seed1x", "random-99999999999999999999x3-seed1", "random-", ""}) {
        n = d = -1;
        CHECK_MESSAGE(!parse_random_example_name(bad, &n, &d, &seed), bad);
        CHECK((n == -1 && d == -1));
        State s;
        CHECK_MESSAGE(!load_example(bad, &s), bad);
    }
}

TEST_CASE("random inputs: load_example by the name gives what the generator gave; edits clear the name") {
    State generated;
    REQUIRE(load_example("cat-sat-mat", &generated));
    REQUIRE(apply_random_inputs(&generated, 40, 7, 5) == "");
    State loaded;
    REQUIRE(load_example("random-40x7-seed5", &loaded));
    CHECK(loaded.example == generated.example);
    CHECK(loaded.tokens == generated.tokens);
    CHECK(loaded.inputs.data == generated.inputs.data);
    CHECK(loaded.query == 0);
    CHECK(validate_state(loaded) == "");
    CHECK(unknown_example_message("nope").find("random-<n>x<d>-seed<s>") != std::string::npos);
}
