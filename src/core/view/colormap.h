// Colour maps for heatmaps: the colour stops live here once, in the core, because three layers use
// them: the renderer (colormap_glsl() hands the table to the heatmap shader), the UI (which ink a
// number printed on a cell needs) and the tests. colormap_color() is the shader's formula in C++.
#pragma once
#include <cstddef>
#include <string>

#include "core/view/plot_scene.h"

namespace attn {

enum class ColorMap {
    Diverging,   // scores: blue (negative) - white (0) - orange (positive), centred on 0
    Sequential,  // weights: light to dark, 0 .. max
};

// The value range a map spans for these values; non-finite values are skipped.
//   Diverging: [-m, m] with m = max |value| (m = 1 if every value is 0 or non-finite), so 0 is white.
//   Sequential: [min(0, min value), max value] (high = low + 1 when the range is empty).
void colormap_range(ColorMap map, const float* values, size_t count, float* low, float* high);

// Position along the map: (value - low) / (high - low), the shader computes the same.
float colormap_position(float value, float low, float high);

// Colour at position t in [0, 1] (clamped), linearly interpolated between evenly spaced stops in
// sRGB. The heatmap shader (shaders/heatmap.frag) runs this exact formula: keep the two in step.
Rgba colormap_color(ColorMap map, float t);

// The flat grey of cells whose value is nan or +-inf.
Rgba colormap_undefined_color();

// colormap_color(map, colormap_position(value, low, high)), or the undefined grey if not finite:
// what one heatmap cell shows.
Rgba colormap_value_color(ColorMap map, float value, float low, float high);

// WCAG relative luminance of an sRGB colour: 0 for black, 1 for white.
float relative_luminance(Rgba c);

// WCAG contrast ratio of two colours, 1 (the same) to 21 (black on white).
float contrast_ratio(Rgba a, Rgba b);

// Whether text on this colour reads better in white than in black: its relative luminance is
// below 0.179, where the contrast ratios with white and with black are equal (4.58:1), so the
// better of the two always has at least that.
bool wants_light_text(Rgba background);
// The ink for a number on a cell of this colour: white or black, by wants_light_text.
Rgba cell_ink(Rgba background);

// GLSL declarations of the map's stops (kStopCount, kStops[], kUndefinedColor), put in front of
// heatmap.frag when it is compiled so the table has one source of truth.
std::string colormap_glsl(ColorMap map);

}  // namespace attn
