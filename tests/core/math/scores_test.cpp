// Score vectors from the lesson's loop and the score matrix inputs @ inputs.T.
#include "core/math/scores.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/document/examples.h"
#include "core/math/torch_rng.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::check_close;

TEST_CASE("scores: three tokens with query inputs[1] = [2,2] give [2, 8, 2]") {
    State s;
    REQUIRE(load_example("three-tokens", &s));
    const Vector scores = score_vector_loop(s.inputs, 1);
    CHECK(scores == Vector{2, 8, 2});
}

TEST_CASE("scores: the common mistake query = inputs[0] gives [1, 2, 0] instead") {
    State s;
    REQUIRE(load_example("three-tokens", &s));
    CHECK(score_vector_loop(s.inputs, 0) == Vector{1, 2, 0});
}

TEST_CASE("scores: practice, query inputs[2] = [0,1] gives [0, 2, 1]") {
    // [1,0]·[0,1] = 0, [2,2]·[0,1] = 2, [0,1]·[0,1] = 1
    State s;
    REQUIRE(load_example("three-tokens", &s));
    CHECK(score_vector_loop(s.inputs, 2) == Vector{0, 2, 1});
}

TEST_CASE("scores: one score per input token, the query itself included") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    CHECK(score_vector_loop(s.inputs, 1).size() == 6);
}

TEST_CASE("scores: your-journey query journey matches the published scores") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    check_close(score_vector_loop(s.inputs, 1), {0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f});
}

TEST_CASE("scores: cat-sat-mat query sat scores 1 with cat, 5 with itself, 2 with mat") {
    State s;
    REQUIRE(load_example("cat-sat-mat", &s));
    CHECK(score_vector_loop(s.inputs, 1) == Vector{1, 5, 2});
}

TEST_CASE("scores: the matrix inputs @ inputs.T matches the published 6x6 scores") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    check_close(score_matrix(s.inputs), {{0.9995f, 0.9544f, 0.9422f, 0.4753f, 0.4576f, 0.6310f},
                                         {0.9544f, 1.4950f, 1.4754f, 0.8434f, 0.7070f, 1.0865f},
                                         {0.9422f, 1.4754f, 1.4570f, 0.8296f, 0.7154f, 1.0605f},
                                         {0.4753f, 0.8434f, 0.8296f, 0.4937f, 0.3474f, 0.6565f},
                                         {0.4576f, 0.7070f, 0.7154f, 0.3474f, 0.6654f, 0.2935f},
                                         {0.6310f, 1.0865f, 1.0605f, 0.6565f, 0.2935f, 0.9450f}});
}

TEST_CASE("scores: row i of the score matrix equals the loop's vector for query i") {
    TorchGenerator gen(42);
    const Matrix inputs = gen.rand(9, 5);
    const Matrix all = score_matrix(inputs);
    for (int i = 0; i < inputs.rows; ++i) {
        CAPTURE(i);
        CHECK(all.row_vector(i) == score_vector_loop(inputs, i));
    }
}

TEST_CASE("scores: the causal mask sets every key after the query to -inf") {
    Matrix m(3, 3, 1.0f);
    apply_causal_mask(m);
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) CHECK((j > i ? std::isinf(m.at(i, j)) && m.at(i, j) < 0 : m.at(i, j) == 1.0f));
    Vector v{1, 2, 3, 4};
    apply_causal_mask(v, 1);
    CHECK(v[0] == 1);
    CHECK(v[1] == 2);
    CHECK(std::isinf(v[2]));
    CHECK(std::isinf(v[3]));
}
