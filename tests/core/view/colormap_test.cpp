// The heatmap colour maps: the stops at the ends and the centre, the value ranges, the GLSL table
// the shader compiles, and which ink a number on a cell gets.
#include "core/view/colormap.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>

using namespace attn;

namespace {
bool same_colour(Rgba a, int r, int g, int b) {
    return std::fabs(a.r - float(r) / 255.0f) < 1e-6f && std::fabs(a.g - float(g) / 255.0f) < 1e-6f &&
           std::fabs(a.b - float(b) / 255.0f) < 1e-6f && a.a == 1.0f;
}
}  // namespace

TEST_CASE("colormap: the diverging map runs dark blue - white - dark brown, the sequential pale to dark") {
    CHECK(same_colour(colormap_color(ColorMap::Diverging, 0.0f), 0x05, 0x30, 0x61));
    CHECK(same_colour(colormap_color(ColorMap::Diverging, 0.5f), 0xf7, 0xf7, 0xf7));  // a score of 0
    CHECK(same_colour(colormap_color(ColorMap::Diverging, 1.0f), 0x7f, 0x3b, 0x08));
    CHECK(same_colour(colormap_color(ColorMap::Sequential, 0.0f), 0xff, 0xff, 0xd9));
    CHECK(same_colour(colormap_color(ColorMap::Sequential, 1.0f), 0x08, 0x1d, 0x58));
    // Outside [0, 1] clamps; halfway between two stops mixes them equally (stops 0 and 1 of 9).
    CHECK(same_colour(colormap_color(ColorMap::Sequential, -3.0f), 0xff, 0xff, 0xd9));
    CHECK(same_colour(colormap_color(ColorMap::Sequential, 7.0f), 0x08, 0x1d, 0x58));
    const Rgba mid = colormap_color(ColorMap::Sequential, 0.5f / 8.0f);
    CHECK(mid.r == doctest::Approx((0xff + 0xed) / 2.0 / 255.0));
    CHECK(mid.g == doctest::Approx((0xff + 0xf8) / 2.0 / 255.0));
    CHECK(mid.b == doctest::Approx((0xd9 + 0xb1) / 2.0 / 255.0));
}

TEST_CASE("colormap: scores span [-max|s|, max|s|] so 0 is white; weights start at 0; nan and inf skipped") {
    const float inf = std::numeric_limits<float>::infinity(), nan = std::nanf("");
    const float scores[] = {-0.5f, 2.0f, nan, inf, 1.0f};
    float low = 0, high = 0;
    colormap_range(ColorMap::Diverging, scores, 5, &low, &high);
    CHECK(low == -2.0f);
    CHECK(high == 2.0f);
    CHECK(colormap_position(0.0f, low, high) == 0.5f);
    const float weights[] = {0.2f, 0.7f, 0.1f};
    colormap_range(ColorMap::Sequential, weights, 3, &low, &high);
    CHECK(low == 0.0f);
    CHECK(high == 0.7f);
    const float zeros[] = {0.0f, 0.0f};
    colormap_range(ColorMap::Diverging, zeros, 2, &low, &high);
    CHECK((low == -1.0f && high == 1.0f));
    colormap_range(ColorMap::Sequential, zeros, 2, &low, &high);
    CHECK((low == 0.0f && high == 1.0f));  // an empty range gets one unit: no division by zero
    CHECK(same_colour(colormap_value_color(ColorMap::Sequential, nan, 0, 1), 0x80, 0x80, 0x80));
    CHECK(same_colour(colormap_value_color(ColorMap::Sequential, -inf, 0, 1), 0x80, 0x80, 0x80));
}

TEST_CASE("colormap: the GLSL table has every stop, so the shader draws what colormap_color says") {
    const std::string glsl = colormap_glsl(ColorMap::Diverging);
    CHECK(glsl.find("const int kStopCount = 11;") != std::string::npos);
    CHECK(glsl.find("vec3(0.96862745, 0.96862745, 0.96862745)") != std::string::npos);  // 0xf7 white
    CHECK(glsl.find("kUndefinedColor = vec3(0.50196081, 0.50196081, 0.50196081)") != std::string::npos);
    CHECK(colormap_glsl(ColorMap::Sequential).find("const int kStopCount = 9;") != std::string::npos);
}

TEST_CASE("colormap: luminance and ink follow WCAG: white text only where it has more contrast") {
    CHECK(relative_luminance({0, 0, 0, 1}) == 0.0f);
    CHECK(relative_luminance({1, 1, 1, 1}) == doctest::Approx(1.0f));
    CHECK(relative_luminance({0.5f, 0.5f, 0.5f, 1}) == doctest::Approx(0.2140f).epsilon(0.001));
    CHECK(wants_light_text({0, 0, 0, 1}));
    CHECK_FALSE(wants_light_text({1, 1, 1, 1}));
    CHECK_FALSE(wants_light_text({0.5f, 0.5f, 0.5f, 1}));  // mid grey: black text has more contrast
    CHECK(wants_light_text({0.45f, 0.45f, 0.45f, 1}));     // luminance 0.171
    // On the maps: the dark ends take white text, the light middle (diverging) and start (sequential)
    // take dark text.
    CHECK(wants_light_text(colormap_color(ColorMap::Diverging, 0.05f)));
    CHECK_FALSE(wants_light_text(colormap_color(ColorMap::Diverging, 0.3f)));
    CHECK_FALSE(wants_light_text(colormap_color(ColorMap::Diverging, 0.7f)));
    CHECK(wants_light_text(colormap_color(ColorMap::Diverging, 0.97f)));
    CHECK_FALSE(wants_light_text(colormap_color(ColorMap::Sequential, 0.4f)));
    CHECK(wants_light_text(colormap_color(ColorMap::Sequential, 0.8f)));
}

TEST_CASE("colormap: a number on any cell of either map has at least 4.5:1 (WCAG AA)") {
    CHECK(contrast_ratio({0, 0, 0, 1}, {1, 1, 1, 1}) == doctest::Approx(21.0f));
    CHECK(contrast_ratio({0.5f, 0.5f, 0.5f, 1}, {0.5f, 0.5f, 0.5f, 1}) == doctest::Approx(1.0f));
    float worst = 21;
    for (ColorMap map : {ColorMap::Diverging, ColorMap::Sequential})
        for (int k = 0; k <= 1000; ++k) {
            const Rgba cell = colormap_color(map, float(k) / 1000);
            worst = std::min(worst, contrast_ratio(cell_ink(cell), cell));
        }
    worst = std::min(worst, contrast_ratio(cell_ink(colormap_undefined_color()), colormap_undefined_color()));
    CHECK(worst >= 4.5f);
}
