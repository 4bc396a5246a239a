// The colour stops of both heatmap maps and the one interpolation formula over them.
// Both are ColorBrewer schemes (Brewer, colorbrewer2.org), chosen as colour-blind safe.
#include "core/view/colormap.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace attn {
namespace {

struct Stop {
    uint8_t r, g, b;  // sRGB
};

// Diverging: RdBu's blue half, white, PuOr's orange half (11 stops, negative to positive). Blue
// against orange is the pair that red-green colour blindness still tells apart, and ColorBrewer
// matched the lightness steps of both halves, so equal |score| reads as equally dark either side.
constexpr Stop kDivergingStops[] = {
    {0x05, 0x30, 0x61}, {0x21, 0x66, 0xac}, {0x43, 0x93, 0xc3}, {0x92, 0xc5, 0xde},
    {0xd1, 0xe5, 0xf0}, {0xf7, 0xf7, 0xf7}, {0xfe, 0xe0, 0xb6}, {0xfd, 0xb8, 0x63},
    {0xe0, 0x82, 0x14}, {0xb3, 0x58, 0x06}, {0x7f, 0x3b, 0x08},
};

// Sequential: YlGnBu (9 stops, 0 to max). Lightness falls monotonically, so weights read as
// "more ink = more attention"; near-zero weights fade into the light end and the few large ones
// stand out; its yellow-green-blue path never passes the diverging map's orange, so a weights
// cell is not mistaken for a score.
constexpr Stop kSequentialStops[] = {
    {0xff, 0xff, 0xd9}, {0xed, 0xf8, 0xb1}, {0xc7, 0xe9, 0xb4}, {0x7f, 0xcd, 0xbb}, {0x41, 0xb6, 0xc4},
    {0x1d, 0x91, 0xc0}, {0x22, 0x5e, 0xa8}, {0x25, 0x34, 0x94}, {0x08, 0x1d, 0x58},
};

// Mid grey: not on either map, so "undefined" never looks like a value.
constexpr Stop kUndefined = {0x80, 0x80, 0x80};

struct StopTable {
    const Stop* stops;
    int count;
};

StopTable stops_of(ColorMap map) {
    if (map == ColorMap::Diverging) return {kDivergingStops, int(std::size(kDivergingStops))};
    return {kSequentialStops, int(std::size(kSequentialStops))};
}

float channel(uint8_t v) {
    return float(v) / 255.0f;
}

}  // namespace

void colormap_range(ColorMap map, const float* values, size_t count, float* low, float* high) {
    float min_v = 0, max_v = 0, max_abs = 0;
    bool any = false;
    for (size_t i = 0; i < count; ++i) {
        const float v = values[i];
        if (!std::isfinite(v)) continue;
        min_v = any ? std::min(min_v, v) : v;
        max_v = any ? std::max(max_v, v) : v;
        max_abs = std::max(max_abs, std::fabs(v));
        any = true;
    }
    if (map == ColorMap::Diverging) {
        const float m = max_abs > 0 ? max_abs : 1.0f;
        *low = -m;
        *high = m;
        return;
    }
    *low = std::min(0.0f, min_v);
    *high = max_v;
    // An empty range (all zeros) would divide by zero in the shader; give it one unit instead.
    if (!(*high - *low > 1e-6f)) *high = *low + 1.0f;
}

float colormap_position(float value, float low, float high) {
    return (value - low) / (high - low);
}

Rgba colormap_color(ColorMap map, float t) {
    // Same steps as colormap() in shaders/heatmap.frag: clamp, scale to the stop index, mix.
    const StopTable table = stops_of(map);
    const float x = std::min(std::max(t, 0.0f), 1.0f) * float(table.count - 1);
    const int i = std::min(int(std::floor(x)), table.count - 2);
    const float f = x - float(i);
    const Stop& a = table.stops[i];
    const Stop& b = table.stops[i + 1];
    // GLSL's mix(a, b, f) is a * (1 - f) + b * f.
    return Rgba{channel(a.r) * (1 - f) + channel(b.r) * f, channel(a.g) * (1 - f) + channel(b.g) * f,
                channel(a.b) * (1 - f) + channel(b.b) * f, 1.0f};
}

Rgba colormap_undefined_color() {
    return Rgba{channel(kUndefined.r), channel(kUndefined.g), channel(kUndefined.b), 1};
}

Rgba colormap_value_color(ColorMap map, float value, float low, float high) {
    if (!std::isfinite(value)) return colormap_undefined_color();
    return colormap_color(map, colormap_position(value, low, high));
}

float relative_luminance(Rgba c) {
    auto linear = [](float v) { return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f); };
    return 0.2126f * linear(c.r) + 0.7152f * linear(c.g) + 0.0722f * linear(c.b);
}

float contrast_ratio(Rgba a, Rgba b) {
    const float la = relative_luminance(a), lb = relative_luminance(b);
    return (std::max(la, lb) + 0.05f) / (std::min(la, lb) + 0.05f);
}

Rgba cell_ink(Rgba background) {
    return wants_light_text(background) ? Rgba{1, 1, 1, 1} : Rgba{0, 0, 0, 1};
}

bool wants_light_text(Rgba background) {
    // Contrast with white (1.05) / (L + 0.05) equals contrast with black (L + 0.05) / 0.05 at
    // L = sqrt(1.05 * 0.05) - 0.05 = 0.179.
    return relative_luminance(background) < 0.179f;
}

std::string colormap_glsl(ColorMap map) {
    const StopTable table = stops_of(map);
    // Every number gets a decimal point: GLSL ES has no implicit int -> float outside constructors.
    char buf[96];
    auto vec3_text = [&buf](const Stop& s) {
        std::snprintf(buf, sizeof buf, "vec3(%.8f, %.8f, %.8f)", double(channel(s.r)), double(channel(s.g)),
                      double(channel(s.b)));
        return std::string(buf);
    };
    std::string out = "// Colour stops from src/core/colormap.cpp (the one table C++ and GLSL share).\n";
    // The fragment shader has no default float precision until its own precision line; the
    // constants come first, so declare it here too (a repeated precision statement is allowed).
    out += "precision highp float;\n";
    out += "const int kStopCount = " + std::to_string(table.count) + ";\n";
    out += "const vec3 kStops[" + std::to_string(table.count) + "] = vec3[" + std::to_string(table.count) + "](\n";
    for (int i = 0; i < table.count; ++i)
        out += "    " + vec3_text(table.stops[i]) + (i + 1 < table.count ? ",\n" : ");\n");
    out += "const vec3 kUndefinedColor = " + vec3_text(kUndefined) + ";\n";
    return out;
}

}  // namespace attn
