// Context vectors as attention-weighted sums.
#include "core/math/context.h"

#include <doctest/doctest.h>

#include "core/document/examples.h"
#include "core/math/normalize.h"
#include "core/math/scores.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::check_close;

TEST_CASE("context: weights [0.5, 0.5] average two vectors") {
    const Matrix values = Matrix::from_rows({{2, 0}, {0, 4}});
    CHECK(context_vector({0.5f, 0.5f}, values) == Vector{1, 2});  // 0.5*[2,0] + 0.5*[0,4]
}

TEST_CASE("context: your-journey query journey gives the published [0.4419, 0.6515, 0.5683]") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    const Vector w = softmax_stable(score_vector_loop(s.inputs, 1));
    check_close(context_vector(w, s.inputs), {0.4419f, 0.6515f, 0.5683f});
}

TEST_CASE("context: all six context vectors match the published matrix") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    const Matrix w = normalize_rows(score_matrix(s.inputs), Norm::Softmax);
    check_close(context_matrix(w, s.inputs), {{0.4421f, 0.5931f, 0.5790f},
                                              {0.4419f, 0.6515f, 0.5683f},
                                              {0.4431f, 0.6496f, 0.5671f},
                                              {0.4304f, 0.6298f, 0.5510f},
                                              {0.4671f, 0.5910f, 0.5266f},
                                              {0.4177f, 0.6503f, 0.5645f}});
}

TEST_CASE("context: row i of the context matrix equals the vector form for query i") {
    State s;
    REQUIRE(load_example("your-journey", &s));
    const Matrix w = normalize_rows(score_matrix(s.inputs), Norm::Softmax);
    const Matrix all = context_matrix(w, s.inputs);
    for (int i = 0; i < s.inputs.rows; ++i) {
        const Vector one = context_vector(w.row_vector(i), s.inputs);
        for (int c = 0; c < s.inputs.cols; ++c) CHECK(all.at(i, c) == doctest::Approx(one[size_t(c)]));
    }
}
