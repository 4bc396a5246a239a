// The 2-D view of many-dimensional embeddings: principal axes found by power iteration, and a
// projection that keeps the origin (so arrows stay arrows) and that dragging can invert.
#include "core/math/pca.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/math/torch_rng.h"

using namespace attn;

namespace {

float dot_axis(const Vector& a, const Vector& b) {
    float s = 0;
    for (size_t k = 0; k < a.size(); ++k) s += a[k] * b[k];
    return s;
}

}  // namespace

TEST_CASE("pca: points spread along x then y in 4-D give axes e0 then e1") {
    // Variance along x: (4 + 4) / 4 = 2; along y: (1 + 1) / 4 = 0.5; z and w are constant.
    const Matrix X = Matrix::from_rows({{2, 0, 1, 5}, {-2, 0, 1, 5}, {0, 1, 1, 5}, {0, -1, 1, 5}});
    const PcaBasis b = pca_2d(X);
    REQUIRE(b.dims == 4);
    CHECK(b.axis[0][0] == doctest::Approx(1.0f).epsilon(1e-4));
    CHECK(b.axis[1][1] == doctest::Approx(1.0f).epsilon(1e-4));
    CHECK(b.variance[0] == doctest::Approx(2.0f).epsilon(1e-4));
    CHECK(b.variance[1] == doctest::Approx(0.5f).epsilon(1e-4));
    CHECK(b.total_variance == doctest::Approx(2.5f).epsilon(1e-4));
}

TEST_CASE("pca: a diagonal line is found with a positive sign") {
    // Rows t * (1, 1, 1, 1) / 2: the only direction of variance is (1,1,1,1)/2.
    const Matrix X = Matrix::from_rows({{-1, -1, -1, -1}, {0, 0, 0, 0}, {2, 2, 2, 2}});
    const PcaBasis b = pca_2d(X);
    for (int k = 0; k < 4; ++k) CHECK(b.axis[0][size_t(k)] == doctest::Approx(0.5f).epsilon(1e-4));
}

TEST_CASE("pca: axes are orthonormal for random data, rank-1 data and a single row") {
    TorchGenerator gen(42);
    SUBCASE("random 12 x 7") {
        const PcaBasis b = pca_2d(gen.rand(12, 7));
        CHECK(dot_axis(b.axis[0], b.axis[0]) == doctest::Approx(1.0f).epsilon(1e-4));
        CHECK(dot_axis(b.axis[1], b.axis[1]) == doctest::Approx(1.0f).epsilon(1e-4));
        CHECK(std::fabs(dot_axis(b.axis[0], b.axis[1])) < 1e-4f);
        CHECK(b.variance[0] >= b.variance[1]);
    }
    SUBCASE("one row: no variance, coordinate axes") {
        const PcaBasis b = pca_2d(Matrix::from_rows({{1, 2, 3, 4, 5}}));
        CHECK(dot_axis(b.axis[0], b.axis[0]) == doctest::Approx(1.0f));
        CHECK(dot_axis(b.axis[1], b.axis[1]) == doctest::Approx(1.0f));
        CHECK(std::fabs(dot_axis(b.axis[0], b.axis[1])) < 1e-6f);
        CHECK(b.variance[0] == 0.0f);
    }
    SUBCASE("identical rows") {
        const PcaBasis b = pca_2d(Matrix::from_rows({{1, 1, 1, 1}, {1, 1, 1, 1}}));
        CHECK(std::fabs(dot_axis(b.axis[0], b.axis[1])) < 1e-6f);
    }
}

TEST_CASE("pca: the projection keeps the origin and is linear") {
    TorchGenerator gen(7);
    const Matrix X = gen.rand(6, 5);
    const PcaBasis b = pca_2d(X);
    const float zero[5] = {0, 0, 0, 0, 0};
    float p0 = 1, p1 = 1;
    pca_project(b, zero, &p0, &p1);
    CHECK(p0 == 0.0f);
    CHECK(p1 == 0.0f);
    float a0, a1, c0, c1;
    float twice[5];
    for (int k = 0; k < 5; ++k) twice[k] = 2 * X.at(0, k);
    pca_project(b, X.row(0), &a0, &a1);
    pca_project(b, twice, &c0, &c1);
    CHECK(c0 == doctest::Approx(2 * a0));
    CHECK(c1 == doctest::Approx(2 * a1));
}

TEST_CASE("pca: moving a point in the plane moves its projection by exactly that much") {
    TorchGenerator gen(3);
    const Matrix X = gen.rand(8, 6);
    const PcaBasis b = pca_2d(X);
    Vector x = X.row_vector(2);
    float before0, before1, after0, after1;
    pca_project(b, x.data(), &before0, &before1);
    pca_move(b, 0.25f, -0.5f, x.data());
    pca_project(b, x.data(), &after0, &after1);
    CHECK(after0 - before0 == doctest::Approx(0.25f).epsilon(1e-4));
    CHECK(after1 - before1 == doctest::Approx(-0.5f).epsilon(1e-4));
}

TEST_CASE("pca: one dimension gives one axis and an empty second") {
    const PcaBasis b = pca_2d(Matrix::from_rows({{1}, {3}}));
    REQUIRE(b.axis[0].size() == 1);
    CHECK(b.axis[0][0] == 1.0f);
    CHECK(b.axis[1].empty());
}
