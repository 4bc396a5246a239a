// What ImGui draws over the embedding view's GPU image: token labels that do not pile up, the grid
// with its tick labels and axis names, and the tooltip of a hovered arrow head.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "core/text/tensor_format.h"
#include "ui/plot_view.h"
#include "ui/theme.h"
#include "ui/widgets.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// Grid lines counted, not stepped by adding floats: far from the origin and zoomed in, x + step
// can equal x in float32, and a float-stepped loop would never end.
constexpr int kMaxGridLines = 200;

bool overlaps(const ImVec4& a, const ImVec4& b) {
    return a.x < b.z && b.x < a.z && a.y < b.w && b.y < a.w;
}

// A "nice" grid step (1, 2 or 5 times a power of ten) giving about `lines` lines over the extent.
float grid_step(float extent, float lines) {
    const float raw = std::max(extent, 1e-6f) / lines;
    const float base = std::pow(10.0f, std::floor(std::log10(raw)));
    for (float m : {1.0f, 2.0f, 5.0f, 10.0f})
        if (base * m >= raw) return base * m;
    return base * 10.0f;
}

std::string tick_text(float value, float step) {
    // As many decimals as the step needs: 0.5 -> 1, 0.25 -> 2, 2 -> 0.
    int decimals = 0;
    while (decimals < 4 && std::fabs(step * std::pow(10.0f, float(decimals)) -
                                     std::round(step * std::pow(10.0f, float(decimals)))) > 1e-3f)
        ++decimals;
    if (std::fabs(value) < step * 1e-3f) value = 0;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, double(value));
    return buf;
}

Rgba rgba_of(ImVec4 c) {
    return Rgba{c.x, c.y, c.z, c.w};
}

void tick_label(std::vector<TickText>* dl, ImVec2 at, const std::string& text, bool centre) {
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    dl->push_back({ImVec2(centre ? at.x - size.x / 2 : at.x, at.y), text});
}

void grid_2d(const PlotView& v, const OrbitCamera& cam, PlotScene* scene, std::vector<TickText>* dl) {
    const Rgba kGrid = rgba_of(plot_grid()), kAxis = rgba_of(plot_axis());
    const float px = ImGui::GetIO().DisplayFramebufferScale.x;
    const float hh = cam.half_extent, hw = hh * v.size.x / v.size.y;
    const float x0 = cam.target.x - hw, x1 = cam.target.x + hw, y0 = cam.target.y - hh, y1 = cam.target.y + hh;
    const float step = grid_step(2 * hh, v.size.y > 300 ? 6.0f : 4.0f);
    const bool one_d = v.dims == 1;
    const float first_x = std::ceil(x0 / step) * step, first_y = std::ceil(y0 / step) * step;
    const float font = ImGui::GetFontSize();
    const ImVec2 end(v.origin.x + v.size.x, v.origin.y + v.size.y);
    float last_label_x = -1e9f;
    for (int k = 0; k < kMaxGridLines && first_x + float(k) * step <= x1; ++k) {
        const float gx = first_x + float(k) * step;
        const bool axis = std::fabs(gx) < step * 1e-3f;
        scene->lines.push_back({Vec3{gx, y0, 0}, Vec3{gx, y1, 0}, axis ? kAxis : kGrid, (axis ? 1.5f : 1.0f) * px});
        ImVec2 p;
        if (!v.to_screen(Vec3{gx, 0, 0}, &p)) continue;
        const std::string text = tick_text(gx, step);
        const float w = ImGui::CalcTextSize(text.c_str()).x;
        // The axis's own label sits right of it: centred, the axis line ran through its "0.0".
        const float left = axis ? p.x + 3 : p.x - w / 2;
        if (left < last_label_x + font * 0.6f || left < v.origin.x || left + w > end.x) continue;
        tick_label(dl, ImVec2(left, end.y - font - 3), text, false);
        last_label_x = left + w;
    }
    for (int k = 0; k < kMaxGridLines && first_y + float(k) * step <= y1 && !one_d; ++k) {
        const float gy = first_y + float(k) * step;
        const bool axis = std::fabs(gy) < step * 1e-3f;
        scene->lines.push_back({Vec3{x0, gy, 0}, Vec3{x1, gy, 0}, axis ? kAxis : kGrid, (axis ? 1.5f : 1.0f) * px});
        ImVec2 p;
        if (!v.to_screen(Vec3{0, gy, 0}, &p) || p.y < v.origin.y + font || p.y > end.y - font * 2.2f) continue;
        // The axis's own label sits above it: centred, the axis line read as a minus ("-0.0").
        tick_label(dl, ImVec2(v.origin.x + 4, axis ? p.y - font - 1 : p.y - font / 2), tick_text(gy, step), false);
    }
    if (one_d) scene->lines.push_back({Vec3{x0, 0, 0}, Vec3{x1, 0, 0}, kAxis, 1.5f * px});
    // Axis names at the far ends of the axes, inside the image.
    ImVec2 p;
    if (v.to_screen(Vec3{0, 0, 0}, &p)) {
        const std::string& xn = v.axis_names[0];
        const float w = ImGui::CalcTextSize(xn.c_str()).x;
        const float y = std::clamp(p.y - font - 2, v.origin.y + 2, end.y - font * 2.4f);
        dl->push_back({ImVec2(end.x - w - 4, y), xn, true});
        if (!one_d) {
            const float x = std::clamp(p.x + 5, v.origin.x + font * 2.5f, end.x - font * 3);
            dl->push_back({ImVec2(x, v.origin.y + 2), v.axis_names[1], true});
        }
    }
}

void grid_3d(const PlotView& v, PlotScene* scene, std::vector<TickText>* dl) {
    const Rgba kGrid = rgba_of(plot_grid()), kAxis = rgba_of(plot_axis());
    const float px = ImGui::GetIO().DisplayFramebufferScale.x;
    Vec3 lo{}, hi{};
    auto grow = [&](Vec3 p) {
        lo = Vec3{std::min(lo.x, p.x), std::min(lo.y, p.y), std::min(lo.z, p.z)};
        hi = Vec3{std::max(hi.x, p.x), std::max(hi.y, p.y), std::max(hi.z, p.z)};
    };
    for (const Vec3& p : v.heads) grow(p);
    grow(v.query);
    const float extent = std::max({hi.x - lo.x, hi.y - lo.y, hi.z - lo.z, 0.2f});
    const float step = grid_step(extent, 4.0f);
    const float gx0 = std::floor(lo.x / step) * step, gx1 = std::ceil(hi.x / step) * step;
    const float gz0 = std::floor(lo.z / step) * step, gz1 = std::ceil(hi.z / step) * step;
    const float gy1 = std::ceil(hi.y / step) * step, gy0 = std::floor(lo.y / step) * step;
    // The floor grid on the x-z plane, through the origin.
    for (int k = 0; k < kMaxGridLines && gx0 + float(k) * step <= gx1 + step * 0.01f; ++k) {
        const float x = gx0 + float(k) * step;
        scene->lines.push_back({Vec3{x, 0, gz0}, Vec3{x, 0, gz1}, kGrid, 1.0f * px});
    }
    for (int k = 0; k < kMaxGridLines && gz0 + float(k) * step <= gz1 + step * 0.01f; ++k) {
        const float z = gz0 + float(k) * step;
        scene->lines.push_back({Vec3{gx0, 0, z}, Vec3{gx1, 0, z}, kGrid, 1.0f * px});
    }
    const Vec3 ends[3] = {Vec3{gx1 + step * 0.5f, 0, 0}, Vec3{0, gy1 + step * 0.5f, 0}, Vec3{0, 0, gz1 + step * 0.5f}};
    const Vec3 starts[3] = {Vec3{std::min(gx0, 0.0f), 0, 0}, Vec3{0, std::min(gy0, 0.0f), 0},
                            Vec3{0, 0, std::min(gz0, 0.0f)}};
    const float font = ImGui::GetFontSize();
    for (int a = 0; a < 3; ++a) {
        scene->lines.push_back({starts[a], ends[a], kAxis, 1.5f * px});
        ImVec2 p;
        if (v.to_screen(ends[a], &p)) {
            // Kept inside the image: an axis may run out of view, its name should not.
            const float w = ImGui::CalcTextSize(v.axis_names[a].c_str()).x;
            const float x = std::clamp(p.x + 3, v.origin.x + 2, v.origin.x + v.size.x - w - 2);
            const float y = std::clamp(p.y - font / 2, v.origin.y + 2, v.origin.y + v.size.y - font - 2);
            dl->push_back({ImVec2(x, y), v.axis_names[a], true});
        }
        // Tick labels along the axis, skipping 0 (the origin) and crowded ones.
        const float from = a == 0 ? gx0 : a == 1 ? gy0 : gz0, to = a == 0 ? gx1 : a == 1 ? gy1 : gz1;
        ImVec2 last(-1e9f, -1e9f);
        for (int k = 0; k < kMaxGridLines && from + float(k) * step <= to + step * 0.01f; ++k) {
            const float t = from + float(k) * step;
            if (std::fabs(t) < step * 1e-3f) continue;
            const Vec3 q = a == 0 ? Vec3{t, 0, 0} : a == 1 ? Vec3{0, t, 0} : Vec3{0, 0, t};
            if (!v.to_screen(q, &p)) continue;
            if (std::fabs(p.x - last.x) < font * 2.2f && std::fabs(p.y - last.y) < font) continue;
            tick_label(dl, ImVec2(p.x + 3, p.y + 1), tick_text(t, step), false);
            last = p;
        }
    }
}

}  // namespace

void add_plot_grid(const PlotView& view, const OrbitCamera& camera, PlotScene* scene, std::vector<TickText>* ticks) {
    if (view.mode == PlotMode::Space)
        grid_3d(view, scene, ticks);
    else
        grid_2d(view, camera, scene, ticks);
}

void draw_ticks(ImDrawList* dl, const std::vector<TickText>& ticks, std::vector<ImVec4> taken) {
    // The axis names first, then the tick labels: none drawn over a token's label, an axis name or
    // another tick (a 3-D axis's "1.0" ran into the name "x[0]" of the axis beside it).
    for (const bool names : {true, false})
        for (const TickText& t : ticks) {
            if (t.axis_name != names) continue;
            const ImVec2 size = ImGui::CalcTextSize(t.text.c_str());
            const ImVec4 r(t.pos.x, t.pos.y, t.pos.x + size.x, t.pos.y + size.y);
            bool covered = false;
            for (const ImVec4& o : taken) covered |= overlaps(r, o);
            if (covered) continue;
            dl->AddText(t.pos, u32(muted_text()), t.text.c_str());
            taken.push_back(r);
        }
}

std::vector<ImVec4> draw_plot_labels(ImDrawList* dl, std::vector<PlotLabel> labels, ImVec2 clip_min, ImVec2 clip_max) {
    std::stable_sort(labels.begin(), labels.end(),
                     [](const PlotLabel& a, const PlotLabel& b) { return a.priority < b.priority; });
    std::vector<ImVec4> placed;  // x0, y0, x1, y1
    const float pad = 2.0f, gap = 7.0f;
    for (const PlotLabel& l : labels) {
        const ImVec2 size = ImGui::CalcTextSize(l.text.c_str());
        const float len = std::sqrt(l.away.x * l.away.x + l.away.y * l.away.y);
        const ImVec2 dir = len > 1 ? ImVec2(l.away.x / len, l.away.y / len) : ImVec2(0.7f, -0.7f);
        // Beyond the tip: to the right of heads that point right, to the left of those pointing left.
        float x = dir.x >= -0.25f ? l.anchor.x + gap : l.anchor.x - gap - size.x;
        const float y = l.anchor.y - size.y / 2 + dir.y * size.y * 0.55f;
        x = std::clamp(x, clip_min.x + pad, std::max(clip_min.x + pad, clip_max.x - size.x - pad));
        const float line = size.y + 2 * pad;
        ImVec4 chosen(0, 0, 0, 0);
        bool found = false;
        int nudge = 0;
        for (int k : {0, -1, 1, -2, 2, -3, 3}) {
            const float top = y + float(k) * line;
            const ImVec4 r(x - pad, top - pad, x + size.x + pad, top + size.y + pad);
            if (r.y < clip_min.y || r.w > clip_max.y) continue;
            bool free = true;
            for (const ImVec4& o : placed)
                if (overlaps(r, o)) {
                    free = false;
                    break;
                }
            if (free) {
                chosen = r;
                found = true;
                nudge = k;
                break;
            }
        }
        if (!found) {
            if (l.priority > 1) continue;  // thinned: the tooltip still names it
            chosen = ImVec4(x - pad, y - pad, x + size.x + pad, y + size.y + pad);
        }
        placed.push_back(chosen);
        if (nudge != 0) {
            // A leader line from the head to the nudged label, so it is clear which arrow it names.
            const float ly = std::clamp(l.anchor.y, chosen.y, chosen.w);
            const float lx = l.anchor.x < chosen.x ? chosen.x : chosen.z;
            dl->AddLine(l.anchor, ImVec2(lx, ly), (l.color & 0x00FFFFFF) | 0x90000000, 1.0f);
        }
        dl->AddRectFilled(ImVec2(chosen.x, chosen.y), ImVec2(chosen.z, chosen.w), label_backing(), 3.0f);
        dl->AddText(ImVec2(chosen.x + pad, chosen.y + pad), l.color, l.text.c_str());
    }
    return placed;
}

void plot_tooltip(const PlotView& v, const State& s, int i, bool can_drag, const char* verb) {
    const Matrix& m = *v.vectors;
    const char* name = v.inputs_space ? "inputs" : "keys";
    ImGui::BeginTooltip();
    ImGui::Text("\"%s\" = %s[%d] = %s", s.tokens[size_t(i)].c_str(), name, i, vec(m.row(i), m.cols, 4, 8).c_str());
    if (v.show_scores) {
        const std::string terms = dot_terms(m.row(i), v.query_vector.data(), m.cols, 6);
        const float score = (*v.scores)[size_t(i)];
        ImGui::PushFont(mono_font());
        ImGui::TextColored(query_color(), "%s", tr("score with the query:"));
        ImGui::Text("%s[%d]\u00b7%s[%d] = %s = %s", name, i, v.inputs_space ? "inputs" : "queries", s.query,
                    terms.c_str(), format_scalar(score).c_str());
        ImGui::PopFont();
    }
    ImGui::TextDisabled(can_drag ? tr("%s: make it the query \u00b7 drag: move it")
                                 : tr("%s: make it the query (switch to inputs to drag)"),
                        verb);
    ImGui::EndTooltip();
}

}  // namespace attn::ui
