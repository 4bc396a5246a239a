// What the embedding view shows this frame, in view coordinates: one head per token, the query and
// the context vector, already reduced to at most three dimensions (a PCA projection beyond three).
// Shared by the scene builder, the labels and the picking code of the plot panel.
#pragma once
#include <string>
#include <vector>

#include "ui/ui_state.h"

namespace attn::ui {

enum class PlotMode {
    Plane,  // 1 or 2 dimensions: a flat plot (1-D vectors lie on the x axis)
    Space,  // 3 dimensions: the orbit view
    Pca,    // more than 3: the two principal axes
};

struct PlotView {
    PlotMode mode = PlotMode::Plane;
    bool inputs_space = true;         // false: keys and the projected query
    int dims = 0;                     // of the vectors shown (d, or d_out for keys)
    const Matrix* vectors = nullptr;  // (n, dims): inputs or keys
    Vector query_vector;              // (dims): inputs[q] or queries[q]
    const Vector* scores = nullptr;   // (n): each head's score with the query
    std::vector<Vec3> heads;          // (n) in view coordinates
    Vec3 query;
    Vec3 context;
    bool has_context = false;
    bool mark_query = true;   // the query drawn and named as the query (not while a question asks which)
    bool show_scores = true;  // tooltips give each head's score (not while a question asks for them)
    std::string axis_names[3];

    // Where the image sits on screen and the camera that maps view coordinates into it.
    ImVec2 origin, size;
    float view_projection[16] = {};

    // View coordinates -> screen position; false when behind the 3-D camera.
    bool to_screen(Vec3 p, ImVec2* out) const;
};

// The view point of a vector of `dims` numbers (PCA-projected when mode is Pca).
Vec3 view_point(const PlotView& view, const PcaBasis& pca, const float* v);

// Plot decorations drawn by ImGui on top of the GPU image.
struct PlotLabel {
    ImVec2 anchor;  // the arrow head on screen
    ImVec2 away;    // screen direction from the origin to the head (labels go beyond the tip)
    std::string text;
    ImU32 color;
    int priority;  // 0 first; labels with priority <= 1 are always drawn, others may be thinned
};
// Places labels greedily in priority order, nudging each up or down until it does not cover an
// earlier one; labels that find no free place are dropped (priority > 1) or drawn with a leader.
// Returns the rectangles taken (x0, y0, x1, y1).
std::vector<ImVec4> draw_plot_labels(ImDrawList* dl, std::vector<PlotLabel> labels, ImVec2 clip_min, ImVec2 clip_max);
// Tick labels and axis names: drawn after the token labels, and left out where they would cover one.
struct TickText {
    ImVec2 pos;  // top-left
    std::string text;
    bool axis_name = false;  // "x[0]": drawn first; a tick label that would cover it gives way
};
// Grid lines and axes into the scene; their tick labels and axis names into *ticks.
void add_plot_grid(const PlotView& view, const OrbitCamera& camera, PlotScene* scene, std::vector<TickText>* ticks);
void draw_ticks(ImDrawList* dl, const std::vector<TickText>& ticks, std::vector<ImVec4> taken);
// The tooltip of a hovered arrow head: its vector, and its score with the query as a dot product.
void plot_tooltip(const PlotView& view, const State& s, int token, bool can_drag, const char* verb);

}  // namespace attn::ui
