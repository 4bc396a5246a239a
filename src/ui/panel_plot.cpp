// The embedding view: every token as an arrow from the origin, the query thicker in its own colour,
// the context vector as a third kind of arrow. 2-D embeddings get a flat plot, 3-D an orbit view;
// labels are drawn by ImGui on top of the GPU image using the same camera.
#include <algorithm>
#include <cmath>
#include <string>

#include "core/tensor_format.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

Rgba rgba(ImVec4 c, float alpha = 1.0f) { return Rgba{c.x, c.y, c.z, c.w * alpha}; }

Vec3 embedding_point(const Matrix& inputs, int row) {
    Vec3 p;
    p.x = inputs.cols > 0 ? inputs.at(row, 0) : 0.0f;
    p.y = inputs.cols > 1 ? inputs.at(row, 1) : 0.0f;
    p.z = inputs.cols > 2 ? inputs.at(row, 2) : 0.0f;
    return p;
}

Vec3 vector_point(const Vector& v) {
    return Vec3{v.size() > 0 ? v[0] : 0.0f, v.size() > 1 ? v[1] : 0.0f, v.size() > 2 ? v[2] : 0.0f};
}

// A "nice" grid step (1, 2 or 5 times a power of ten) giving about 4-8 lines over the extent.
float grid_step(float extent) {
    const float raw = extent / 4.0f;
    const float base = std::pow(10.0f, std::floor(std::log10(std::max(raw, 1e-6f))));
    for (float m : {1.0f, 2.0f, 5.0f, 10.0f})
        if (base * m >= raw) return base * m;
    return base * 10.0f;
}

void add_grid(PlotScene* scene, bool is_3d, float extent) {
    const float step = grid_step(extent);
    const int count = int(std::ceil(extent / step));
    const Rgba grid{0.88f, 0.90f, 0.93f, 1.0f}, axis{0.45f, 0.48f, 0.53f, 1.0f};
    const float lim = float(count) * step;
    for (int k = -count; k <= count; ++k) {
        const float t = float(k) * step;
        if (is_3d) {  // grid on the x-z floor
            scene->lines.push_back({Vec3{t, 0, -lim}, Vec3{t, 0, lim}, grid, 1.0f});
            scene->lines.push_back({Vec3{-lim, 0, t}, Vec3{lim, 0, t}, grid, 1.0f});
        } else {
            scene->lines.push_back({Vec3{t, -lim, 0}, Vec3{t, lim, 0}, grid, 1.0f});
            scene->lines.push_back({Vec3{-lim, t, 0}, Vec3{lim, t, 0}, grid, 1.0f});
        }
    }
    scene->lines.push_back({Vec3{-lim, 0, 0}, Vec3{lim, 0, 0}, axis, 1.5f});
    scene->lines.push_back({Vec3{0, -lim, 0}, Vec3{0, lim, 0}, axis, 1.5f});
    if (is_3d) scene->lines.push_back({Vec3{0, 0, -lim}, Vec3{0, 0, lim}, axis, 1.5f});
}

}  // namespace

bool panel_plot(const FrameInput& in, State* draft, UiState* ui, PlotScene* scene) {
    bool edited = false;
    const State& s = in.state;
    const int n = s.inputs.rows, d = s.inputs.cols;
    const bool is_3d = d >= 3;
    if (d > 3) ImGui::TextDisabled("%d dimensions: showing the first three", d);
    else ImGui::TextDisabled(is_3d ? "3-D: drag to orbit, wheel to zoom" : "2-D: click a token to make it the query");

    // Extent of the data, so every arrow fits.
    float extent = 0.5f;
    for (int i = 0; i < n; ++i) {
        const Vec3 p = embedding_point(s.inputs, i);
        extent = std::max({extent, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
    }
    if (!ui->camera_initialised || ui->last_example != s.example || ui->camera.is_3d != is_3d) {
        ui->camera = OrbitCamera{};
        ui->camera.is_3d = is_3d;
        ui->camera.half_extent = extent * 1.25f;
        ui->camera.distance = extent * 3.2f;
        ui->camera.target = is_3d ? Vec3{extent * 0.4f, extent * 0.4f, extent * 0.4f} : Vec3{0, 0, 0};
        ui->camera_initialised = true;
        ui->last_example = s.example;
    }

    const ImVec2 size(ImGui::GetContentRegionAvail().x, std::max(120.0f, ImGui::GetContentRegionAvail().y));
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float pixel_scale = ImGui::GetIO().DisplayFramebufferScale.x;
    scene->width_px = int(size.x * pixel_scale);
    scene->height_px = int(size.y * pixel_scale);
    camera_view_projection(ui->camera, size.x / size.y, scene->view_projection);
    add_grid(scene, is_3d, extent * 1.2f);
    const Vec3 zero{};
    for (int i = 0; i < n; ++i) {
        if (i == s.query) continue;
        scene->arrows.push_back({zero, embedding_point(s.inputs, i), rgba(token_color(), 0.85f), 2.0f * pixel_scale});
    }
    scene->arrows.push_back({zero, vector_point(in.result.context), rgba(context_color()), 2.5f * pixel_scale});
    scene->arrows.push_back({zero, embedding_point(s.inputs, s.query), rgba(query_color()), 3.5f * pixel_scale});

    if (in.textures.plot) ImGui::Image(in.textures.plot, size);
    else ImGui::Dummy(size);
    record_layout(ui, "panel:plot");
    const bool hovered = ImGui::IsItemHovered();
    ImDrawList* dl = ImGui::GetWindowDrawList();

    // Labels at the arrow heads, and picking: the nearest head within reach of the mouse.
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    int nearest = -1;
    float nearest_d2 = 18.0f * 18.0f;
    for (int i = 0; i < n; ++i) {
        float x = 0, y = 0;
        if (!project_to_pixels(scene->view_projection, embedding_point(s.inputs, i), size.x, size.y, &x, &y)) continue;
        const ImVec2 p(origin.x + x, origin.y + y);
        record_layout(ui, "arrow:" + std::to_string(i), ImVec2(p.x - 6, p.y - 6), ImVec2(p.x + 6, p.y + 6));
        const ImVec4 color = i == s.query ? query_color() : token_color();
        dl->AddText(ImVec2(p.x + 6, p.y - ImGui::GetFontSize() - 2), ImGui::GetColorU32(color), s.tokens[size_t(i)].c_str());
        const float d2 = (mouse.x - p.x) * (mouse.x - p.x) + (mouse.y - p.y) * (mouse.y - p.y);
        if (hovered && d2 < nearest_d2) {
            nearest_d2 = d2;
            nearest = i;
        }
    }
    float cx = 0, cy = 0;
    if (project_to_pixels(scene->view_projection, vector_point(in.result.context), size.x, size.y, &cx, &cy))
        dl->AddText(ImVec2(origin.x + cx + 6, origin.y + cy + 2), ImGui::GetColorU32(context_color()), "context z");

    ui->hovered_token = nearest;
    if (nearest >= 0) {
        ImGui::BeginTooltip();
        ImGui::Text("%s = inputs[%d] = %s", s.tokens[size_t(nearest)].c_str(), nearest,
                    format_tensor(s.inputs.row_vector(nearest)).c_str());
        ImGui::Text("score with the query: %s", format_scalar(in.result.scores[size_t(nearest)]).c_str());
        ImGui::TextDisabled(is_3d ? "click: make it the query" : "click: make it the query; drag: move it");
        ImGui::EndTooltip();
        if (ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
            ui->dragged_token = is_3d ? -1 : nearest;
            if (draft->query != nearest) {
                draft->query = nearest;
                edited = true;
            }
        }
    }
    // Dragging an arrow head (2-D) moves the embedding; every number follows.
    if (ui->dragged_token >= 0 && ImGui::IsMouseDown(ImGuiMouseButton_Left) && ui->dragged_token < n) {
        const Vec3 p = unproject_to_plane(ui->camera, size.x / size.y, mouse.x - origin.x, mouse.y - origin.y, size.x,
                                          size.y, embedding_point(s.inputs, ui->dragged_token));
        draft->inputs.at(ui->dragged_token, 0) = std::round(p.x * 100.0f) / 100.0f;
        draft->inputs.at(ui->dragged_token, 1) = std::round(p.y * 100.0f) / 100.0f;
        draft->example.clear();
        edited = true;
    } else if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        ui->dragged_token = -1;
    }
    // Orbit (3-D) with a drag on empty space, zoom with the wheel.
    if (hovered && is_3d && nearest < 0 && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
        const ImVec2 delta = ImGui::GetIO().MouseDelta;
        ui->camera.yaw -= delta.x * 0.01f;
        ui->camera.pitch = std::clamp(ui->camera.pitch + delta.y * 0.01f, -1.4f, 1.4f);
    }
    if (hovered && ImGui::GetIO().MouseWheel != 0.0f) {
        const float factor = std::pow(0.9f, ImGui::GetIO().MouseWheel);
        ui->camera.distance *= factor;
        ui->camera.half_extent *= factor;
    }
    return edited;
}

}  // namespace attn::ui
