// The embedding view: every token as an arrow from the origin, the query thicker in its own colour,
// the context vector as a third kind of arrow. 1-2 dimensions get a flat plot, 3 an orbit view,
// more a PCA projection. The GPU draws the PlotScene built here; labels, ticks, picking and
// dragging use the same camera on the ImGui side.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "ui/panels.h"
#include "ui/plot_view.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

Rgba rgba(ImVec4 c, float alpha = 1.0f) {
    return Rgba{c.x, c.y, c.z, c.w * alpha};
}

// Which vectors to show, reduced to view coordinates.
PlotView make_view(const FrameInput& in, UiState* ui) {
    const State& s = in.state;
    const AttentionResult& r = in.result;
    PlotView v;
    v.inputs_space = !(ui->plot.space == PlotSpace::QueriesKeys && r.has_projection);
    v.vectors = v.inputs_space ? &s.inputs : &r.projection.keys;
    v.query_vector = v.inputs_space ? s.inputs.row_vector(s.query) : r.projection.queries.row_vector(s.query);
    v.scores = v.inputs_space ? &r.scores : &r.projection.scores;
    v.dims = v.vectors->cols;
    v.mode = v.dims <= 2 ? PlotMode::Plane : v.dims == 3 ? PlotMode::Space : PlotMode::Pca;
    const char* prefix = v.inputs_space ? "x" : "k";
    for (int k = 0; k < 3; ++k) v.axis_names[k] = std::string(prefix) + "[" + std::to_string(k) + "]";
    if (v.mode != PlotMode::Pca && ui->plot.pca.dims != 0) {
        // Back to 2-D or 3-D: let go of the copy the basis was computed from (up to 1024 x 768
        // floats, 3 MB) instead of keeping it for the rest of the session.
        ui->plot.pca = PcaBasis();
        ui->plot.pca_source = Matrix();
    }
    if (v.mode == PlotMode::Pca) {
        v.axis_names[0] = "PC1";
        v.axis_names[1] = "PC2";
        // Power iteration costs O(n d) per step: recompute only when the data changed, and not
        // while a head is dragged (the view would turn under the mouse) unless the number of
        // dimensions changed under the drag: a basis of another length would read past the
        // vectors (found by the soak test under AddressSanitizer).
        const bool other_dims = ui->plot.pca.dims != v.dims;
        if (other_dims || (!ui->plot.pca_frozen && ui->plot.pca_source.data != v.vectors->data)) {
            ui->plot.pca = pca_2d(*v.vectors);
            ui->plot.pca_source = *v.vectors;
        }
    }
    for (int i = 0; i < v.vectors->rows; ++i) v.heads.push_back(view_point(v, ui->plot.pca, v.vectors->row(i)));
    v.query = view_point(v, ui->plot.pca, v.query_vector.data());
    const Concealment& hidden = in.concealed();
    v.mark_query = !hidden.query_token;
    v.show_scores = !hidden.covers_scores();
    const bool context_hidden = hidden.covers_context();
    if (v.inputs_space && int(r.context.size()) == v.dims && !context_hidden) {
        v.context = view_point(v, ui->plot.pca, r.context.data());
        v.has_context = true;
    }
    return v;
}

struct Bounds {
    Vec3 lo, hi;  // always contains the origin
};

Bounds bounds_of(const PlotView& v) {
    Bounds b;
    auto grow = [&](Vec3 p) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return;
        b.lo = Vec3{std::min(b.lo.x, p.x), std::min(b.lo.y, p.y), std::min(b.lo.z, p.z)};
        b.hi = Vec3{std::max(b.hi.x, p.x), std::max(b.hi.y, p.y), std::max(b.hi.z, p.z)};
    };
    for (const Vec3& p : v.heads) grow(p);
    grow(v.query);
    if (v.has_context) grow(v.context);
    return b;
}

void fit_camera(const PlotView& v, float aspect, OrbitCamera* cam) {
    const Bounds b = bounds_of(v);
    const Vec3 centre{(b.lo.x + b.hi.x) / 2, (b.lo.y + b.hi.y) / 2, (b.lo.z + b.hi.z) / 2};
    const OrbitCamera fresh;
    cam->is_3d = v.mode == PlotMode::Space;
    cam->yaw = fresh.yaw;
    cam->pitch = fresh.pitch;
    if (cam->is_3d) {
        const float dx = b.hi.x - b.lo.x, dy = b.hi.y - b.lo.y, dz = b.hi.z - b.lo.z;
        const float radius = std::max(0.3f, 0.5f * std::sqrt(dx * dx + dy * dy + dz * dz));
        cam->target = centre;
        // 2.6 radii fit a sphere in a 45 degree field of view; a little more leaves room for the axes. ends
        // and the labels.
        cam->distance = radius * 2.75f;
        cam->half_extent = radius;
    } else {
        // Room around the data for labels: 18% of the span, at least a little.
        const float w = std::max(b.hi.x - b.lo.x, 0.2f), h = std::max(b.hi.y - b.lo.y, 0.2f);
        cam->target = Vec3{centre.x, centre.y, 0};
        cam->half_extent = std::max(h / 2, w / 2 / std::max(aspect, 0.1f)) * 1.22f;
    }
}

// True when some head left the 2-D view (after an edit): time to refit.
bool outside_view(const PlotView& v) {
    auto out = [&](Vec3 p) {
        ImVec2 s;
        return !v.to_screen(p, &s) || s.x < v.origin.x || s.y < v.origin.y || s.x > v.origin.x + v.size.x ||
               s.y > v.origin.y + v.size.y;
    };
    for (const Vec3& p : v.heads)
        if (out(p)) return true;
    return out(v.query) || (v.has_context && out(v.context));
}

void zoom(UiState* ui, float factor) {
    ui->plot.camera.distance *= factor;
    ui->plot.camera.half_extent *= factor;
    ui->plot.camera_zoomed = true;
}

// The how-to line of the 3-D and 2-D views (the PCA view has its own).
std::string usage_line(const PlotView& v, const UiState& ui) {
    if (v.mode == PlotMode::Space)
        return ui.touch_targets ? tr("drag: orbit \u00b7 pinch: zoom \u00b7 drag a head: move it")
                                : tr("drag: orbit \u00b7 drag a head: move it");
    return trf("%s a head: query \u00b7 drag it: move it", click_verb(ui));
}

// What the picture is and how to use it, in one short line.
void view_note(const PlotView& v, UiState* ui) {
    if (v.mode == PlotMode::Pca) {
        ImGui::TextColored(loop_color(), tr("PCA projection of %d dimensions to 2"), v.dims);
        record_layout(ui, "note:pca");
        const float kept =
            ui->plot.pca.total_variance > 0
                ? 100.0f * (ui->plot.pca.variance[0] + ui->plot.pca.variance[1]) / ui->plot.pca.total_variance
                : 100.0f;
        help_marker("help:pca",
                    trf("With more than three dimensions the view shows each vector's components along the two "
                        "directions in which the tokens differ most (principal components); these keep %.0f%% of "
                        "the spread. Lengths and angles are approximate here, but every score is still computed "
                        "in all %d dimensions. Dragging a head moves it within this plane.",
                        double(kept), v.dims));
    } else {
        ImGui::TextColored(muted_text(), "%s", usage_line(v, *ui).c_str());
    }
}

// The line above the image: the space switch (projection on) or the note, and the view buttons.
void toolbar(const FrameInput& in, const PlotView& v, UiState* ui) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float buttons_w = ImGui::GetFrameHeight() * 2 + ImGui::CalcTextSize(tr("Reset")).x +
                            style.FramePadding.x * 2 + style.ItemSpacing.x * 2;
    // The switch, or the note when it fits beside the buttons (phones: the note goes below them).
    const bool spaces = in.result.has_projection;
    // As wide as the line view_note draws (a phone's says "pinch: zoom" too).
    const float note_w = ImGui::CalcTextSize(v.mode == PlotMode::Pca
                                                 ? (trf("PCA projection of %d dimensions to 2", 1000) + " (?)").c_str()
                                                 : usage_line(v, *ui).c_str())
                             .x;
    const bool note_below = spaces || note_w + buttons_w + style.ItemSpacing.x > ImGui::GetContentRegionAvail().x;
    if (spaces) {
        if (radio_button(tr("inputs"), ui->plot.space == PlotSpace::Inputs)) ui->plot.space = PlotSpace::Inputs;
        record_layout(ui, "plot:inputs");
        ImGui::SameLine();
        if (radio_button(tr("queries & keys"), ui->plot.space == PlotSpace::QueriesKeys))
            ui->plot.space = PlotSpace::QueriesKeys;
        record_layout(ui, "plot:keys");
    } else if (!note_below) {
        view_note(v, ui);
    }
    if (spaces || !note_below) {
        const float after_previous = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + style.ItemSpacing.x;
        ImGui::SameLine(std::max(after_previous, ImGui::GetWindowContentRegionMax().x - buttons_w));
    } else {
        ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x - buttons_w));
    }
    // A press changes no words on the buttons: the view's size, said as their state, does.
    const float extent = ui->plot.camera.half_extent;
    const std::string size =
        extent > 0 && ui->plot.fitted_half_extent > 0
            ? trf(", view at %d%%", int(std::lround(100.0f * ui->plot.fitted_half_extent / extent)))
            : std::string();
    if (ImGui::Button("\u2212", ImVec2(ImGui::GetFrameHeight(), 0))) zoom(ui, 1.0f / 0.8f);
    name_for_keyboard(tr("zoom out"), size);
    record_layout(ui, "plot:zoom-out");
    ImGui::SameLine();
    if (ImGui::Button("+", ImVec2(ImGui::GetFrameHeight(), 0))) zoom(ui, 0.8f);
    name_for_keyboard(tr("zoom in"), size);
    record_layout(ui, "plot:zoom-in");
    ImGui::SameLine();
    if (ImGui::Button(tr("Reset"))) {
        ui->plot.camera_fit_pending = true;
        ui->plot.camera_zoomed = false;
    }
    name_for_keyboard(tr("reset the view"), size);  // (said apart from the score loop's Reset; its press, by the size)
    record_layout(ui, "plot:reset");
    if (note_below) view_note(v, ui);
}

void build_scene(const FrameInput& in, const PlotView& v, const UiState& ui, float pixel_scale, PlotScene* scene) {
    const State& s = in.state;
    const Vec3 zero{};
    const float highlight = loop_highlight(in, ui);
    if (v.mode == PlotMode::Space && v.heads.size() <= 64) {
        // Drop lines from each head to the floor and along it to the axes' plane: the depth cue a
        // 3-D arrow lacks on a flat screen (how high it stands, where it stands).
        const ImVec4 g = plot_axis();
        const Rgba drop{g.x, g.y, g.z, 0.45f};
        for (const Vec3& h : v.heads) {
            const Vec3 foot{h.x, 0, h.z};
            scene->lines.push_back({h, foot, drop, 1.0f * pixel_scale});
            scene->lines.push_back({foot, Vec3{h.x, 0, 0}, drop, 1.0f * pixel_scale});
            scene->lines.push_back({foot, Vec3{0, 0, h.z}, drop, 1.0f * pixel_scale});
        }
    }
    for (int i = 0; i < int(v.heads.size()); ++i) {
        if (i == s.query && v.inputs_space && v.mark_query) continue;  // drawn last as the query arrow
        const bool current = i == ui.loop.step && highlight > 0;
        const bool hovered = i == ui.plot.hovered_token || i == ui.plot.dragged_token;
        const float width = current ? 3.5f : hovered ? 3.0f : 2.0f;
        scene->arrows.push_back({zero, v.heads[size_t(i)],
                                 current ? rgba(loop_color(), 0.4f + 0.6f * highlight) : rgba(token_color(), 0.85f),
                                 width * pixel_scale});
    }
    // The context arrow goes on top of the (thicker) query arrow: when attention is sharp the two
    // nearly coincide, and the thinner green line stays visible inside the orange one.
    if (v.mark_query) scene->arrows.push_back({zero, v.query, rgba(query_color()), 4.0f * pixel_scale});
    if (v.has_context) scene->arrows.push_back({zero, v.context, rgba(context_color()), 2.0f * pixel_scale});
}

// Picking, query selection, dragging heads, orbiting and zooming (wheel, or a two-finger pinch).
// Returns true if the draft changed.
bool interact(const FrameInput& in, const PlotView& v, State* draft, UiState* ui, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    // Two fingers down: the pointer ImGui sees follows the first one, so it neither drags a head
    // nor orbits, and lifting the fingers is no click.
    if (in.touch_points >= 2 && (ImGui::IsItemActive() || hovered)) {
        ui->plot.dragged_token = -1;
        ui->plot.orbiting = false;
        ui->plot.drag_moved = true;
        if (in.pinch > 0.0f && in.pinch != 1.0f) zoom(ui, 1.0f / std::clamp(in.pinch, 0.5f, 2.0f));
        ui->plot.hovered_token = -1;
        return false;
    }
    const int n = int(v.heads.size());
    // The nearest head within reach of the pointer (a finger needs more reach than a mouse).
    int nearest = -1;
    const float reach = ImGui::GetFontSize() * (ui->touch_targets ? 1.8f : 1.2f);
    float best = reach * reach;
    for (int i = 0; i < n && hovered && ui->plot.dragged_token < 0 && !ui->plot.orbiting; ++i) {
        ImVec2 p;
        if (!v.to_screen(v.heads[size_t(i)], &p)) continue;
        const float d2 = (io.MousePos.x - p.x) * (io.MousePos.x - p.x) + (io.MousePos.y - p.y) * (io.MousePos.y - p.y);
        if (d2 < best) best = d2, nearest = i;
    }
    ui->plot.hovered_token = ui->plot.dragged_token >= 0 ? ui->plot.dragged_token : nearest;

    bool edited = false;
    if (ImGui::IsItemActivated()) {
        ui->plot.dragged_token = nearest;
        ui->plot.drag_moved = false;
        ui->plot.orbiting = nearest < 0;
        ui->plot.pca_frozen = nearest >= 0;
    }
    const bool active = ImGui::IsItemActive();
    const bool dragging = active && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 3.0f);
    const int t = ui->plot.dragged_token;
    if (dragging && t >= 0 && t < n && v.inputs_space && t < draft->inputs.rows) {
        ui->plot.drag_moved = true;
        const float aspect = v.size.x / v.size.y;
        const float mx = io.MousePos.x - v.origin.x, my = io.MousePos.y - v.origin.y;
        float* x = draft->inputs.row(t);
        if (v.mode == PlotMode::Pca) {
            const Vec3 now = view_point(v, ui->plot.pca, x);
            const Vec3 p = unproject_to_plane(ui->plot.camera, aspect, mx, my, v.size.x, v.size.y, now);
            pca_move(ui->plot.pca, p.x - now.x, p.y - now.y, x);
        } else {
            const Vec3 now{x[0], v.dims > 1 ? x[1] : 0.0f, v.dims > 2 ? x[2] : 0.0f};
            const Vec3 p = unproject_to_plane(ui->plot.camera, aspect, mx, my, v.size.x, v.size.y, now);
            // Two decimals keep the numbers readable while the arrow moves.
            const float coords[3] = {p.x, p.y, p.z};
            for (int k = 0; k < std::min(v.dims, 3); ++k) x[k] = std::round(coords[k] * 100.0f) / 100.0f;
        }
        draft->example.clear();
        edited = true;
    } else if (dragging && ui->plot.orbiting && v.mode == PlotMode::Space) {
        ui->plot.camera.yaw -= io.MouseDelta.x * 0.01f;
        ui->plot.camera.pitch = std::clamp(ui->plot.camera.pitch + io.MouseDelta.y * 0.01f, -1.4f, 1.4f);
    }
    if (ImGui::IsItemDeactivated()) {
        // A press and release without a drag is a click: the head becomes the query.
        if (t >= 0 && t < n && !ui->plot.drag_moved && draft->query != t) {
            draft->query = t;
            edited = true;
        }
        ui->plot.dragged_token = -1;
        ui->plot.orbiting = false;
        ui->plot.pca_frozen = false;
    }
    if (hovered && io.MouseWheel != 0.0f) zoom(ui, std::pow(0.9f, io.MouseWheel));
    return edited;
}

}  // namespace

bool PlotView::to_screen(Vec3 p, ImVec2* out) const {
    float x = 0, y = 0;
    if (!project_to_pixels(view_projection, p, size.x, size.y, &x, &y)) return false;
    *out = ImVec2(origin.x + x, origin.y + y);
    return true;
}

Vec3 view_point(const PlotView& view, const PcaBasis& pca, const float* v) {
    if (view.mode == PlotMode::Pca) {
        Vec3 p;
        pca_project(pca, v, &p.x, &p.y);
        return p;
    }
    return Vec3{v[0], view.dims > 1 ? v[1] : 0.0f, view.dims > 2 ? v[2] : 0.0f};
}

bool panel_plot(const FrameInput& in, State* draft, UiState* ui, PlotScene* scene) {
    const State& s = in.state;
    if (!in.result.has_projection) ui->plot.space = PlotSpace::Inputs;
    PlotView v = make_view(in, ui);
    toolbar(in, v, ui);
    v = make_view(in, ui);  // the toolbar may have switched the space

    // On a touch screen a swipe over the view scrolls the page, the course page around an embedded
    // demo or the demo's own column (ui/touch_routing.h): a tap engages the view (a finger then
    // turns it, pinches it and moves its heads), a tap elsewhere lets go. A line above the view
    // says which: over it, the hint covered the top axis's label (a phone walk).
    const bool gated = in.page && in.page->touch;
    const ImVec2 hint_at = ImGui::GetCursorScreenPos();
    const float hint_h = gated ? ImGui::GetTextLineHeightWithSpacing() : 0.0f;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    v.size = ImVec2(std::max(avail.x, 60.0f), std::max(avail.y - hint_h, ImGui::GetFontSize() * 8));
    v.origin = ImVec2(hint_at.x, hint_at.y + hint_h);
    ImGui::SetCursorScreenPos(v.origin);
    const float aspect = v.size.x / v.size.y;

    // Refit when the dimensions or the space change, on Reset, and (2-D) when an edit pushed a head
    // out of view; never while a head is being dragged. A new example asks for a refit in draw_ui;
    // the example's name is not part of the key, because the first edit of a drag clears it
    // ("edited") and a refit then would snap the camera back under the learner's finger.
    const std::string key = std::to_string(v.dims) + "|" + (v.inputs_space ? "x" : "k");
    if (key != ui->plot.camera_key) {
        ui->plot.camera_key = key;
        ui->plot.camera_fit_pending = true;
        ui->plot.camera_zoomed = false;
    }
    if (ui->plot.camera_fit_pending) fit_camera(v, aspect, &ui->plot.camera);
    camera_view_projection(ui->plot.camera, aspect, v.view_projection);
    if (!ui->plot.camera_fit_pending && v.mode != PlotMode::Space && ui->plot.dragged_token < 0 &&
        !ui->plot.camera_zoomed && outside_view(v)) {
        fit_camera(v, aspect, &ui->plot.camera);
        camera_view_projection(ui->plot.camera, aspect, v.view_projection);
    }
    if (!ui->plot.camera_zoomed) ui->plot.fitted_half_extent = ui->plot.camera.half_extent;  // as fitted
    ui->plot.camera_fit_pending = false;

    const float pixel_scale = ImGui::GetIO().DisplayFramebufferScale.x;
    scene->width_px = int(v.size.x * pixel_scale);
    scene->height_px = int(v.size.y * pixel_scale);
    std::copy(v.view_projection, v.view_projection + 16, scene->view_projection);

    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 end(v.origin.x + v.size.x, v.origin.y + v.size.y);
    if (in.textures.plot) {
        dl->AddImage(in.textures.plot, v.origin, end);
    } else {
        dl->AddRectFilled(v.origin, end, u32(plot_background()));
    }
    const bool tapped = ImGui::InvisibleButton("##plot_area", v.size);
    name_for_keyboard(tr("the embedding view: the arrows of the tokens, which the token table sets by keys"));
    record_layout(ui, "panel:plot");
    const bool hovered = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem) &&
                         (ImGui::IsItemActive() || !ImGui::IsAnyItemActive());
    const bool on_view = ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem);
    const bool edited = interact(in, v, draft, ui, hovered);
    if (!gated || (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && !on_view)) ui->plot.engaged = false;
    if (gated && tapped) ui->plot.engaged = true;
    if (!in.textures.renderer_error.empty() && !in.textures.plot) {
        ImGui::SetCursorScreenPos(ImVec2(v.origin.x + 8, v.origin.y + 8));
        push_wrap_at_screen_x(end.x - 8);
        ImGui::TextColored(error_color(), tr("The embedding view cannot be drawn: %s"),
                           in.textures.renderer_error.c_str());
        ImGui::PopTextWrapPos();
        return edited;
    }

    dl->PushClipRect(v.origin, end, true);
    std::vector<TickText> ticks;
    add_plot_grid(v, ui->plot.camera, scene, &ticks);
    build_scene(in, v, *ui, pixel_scale, scene);

    std::vector<PlotLabel> labels;
    const float highlight = loop_highlight(in, *ui);
    ImVec2 zero_px;
    v.to_screen(Vec3{}, &zero_px);
    // Many tokens: name only the query, the hovered and current ones and the few the query scores
    // highest (the ones it will attend to); the others are left to the tooltip.
    constexpr int kNamedTokens = 24, kTopScores = 8;
    std::vector<bool> named(v.heads.size(), v.heads.size() <= size_t(kNamedTokens));
    if (v.heads.size() > size_t(kNamedTokens)) {
        std::vector<int> order(v.heads.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = int(i);
        const Vector& sc = *v.scores;
        std::partial_sort(order.begin(), order.begin() + kTopScores, order.end(),
                          [&](int a, int b) { return sc[size_t(a)] > sc[size_t(b)]; });
        for (int k = 0; k < kTopScores; ++k) named[size_t(order[size_t(k)])] = true;
    }
    for (int i = 0; i < int(v.heads.size()); ++i) {
        ImVec2 p;
        if (!v.to_screen(v.heads[size_t(i)], &p)) continue;
        const float r = ImGui::GetFontSize() * 0.5f;
        record_layout(ui, "arrow:" + std::to_string(i), ImVec2(p.x - r, p.y - r), ImVec2(p.x + r, p.y + r));
        const bool is_query = i == s.query && v.inputs_space && v.mark_query;
        const bool current = i == ui->loop.step && highlight > 0;
        const int priority = is_query ? 0 : (i == ui->plot.hovered_token || current) ? 1 : 3;
        if (priority == 3 && !named[size_t(i)]) continue;
        const ImVec4 color = is_query ? query_color() : current ? loop_color() : token_color();
        std::string text = s.tokens[size_t(i)];
        if (is_query) text += tr(" (query)");
        labels.push_back({p, ImVec2(p.x - zero_px.x, p.y - zero_px.y), text, u32(color), priority});
    }
    ImVec2 p;
    if (!v.inputs_space && v.mark_query && v.to_screen(v.query, &p))
        labels.push_back(
            {p, ImVec2(p.x - zero_px.x, p.y - zero_px.y), "query " + s.tokens[size_t(s.query)], u32(query_color()), 0});
    // "context", not "z": the alignment example has a token called z.
    if (v.has_context && v.to_screen(v.context, &p))
        labels.push_back({p, ImVec2(p.x - zero_px.x, p.y - zero_px.y), tr("context"), u32(context_color()), 1});
    record_value(ui, "plot:query-arrow", v.mark_query ? s.tokens[size_t(s.query)] : kHidden);
    record_value(ui, "plot:context-arrow", v.has_context ? "shown" : kHidden);
    draw_ticks(dl, ticks, draw_plot_labels(dl, labels, v.origin, end));
    if (gated && ui->plot.engaged) dl->AddRect(v.origin, end, u32(query_color()), 0.0f, 0, 2.0f);
    dl->PopClipRect();
    if (gated) {
        // Which way a finger goes here, right above the view: a swipe scrolls past it until it is tapped.
        const char* hint = ui->plot.engaged            ? tr("tap outside to scroll the page")
                           : v.mode == PlotMode::Space ? tr("tap to turn, zoom or move a head")
                                                       : tr("tap to zoom or move a head");  // a flat plot does not turn
        const ImVec2 size = ImGui::CalcTextSize(hint);
        dl->AddText(hint_at, u32(ui->plot.engaged ? query_color() : muted_text()), hint);
        record_layout(ui, ui->plot.engaged ? "plot:engaged" : "plot:tap-to-engage", hint_at,
                      ImVec2(hint_at.x + size.x, hint_at.y + size.y));
    }

    if (ui->plot.hovered_token >= 0 && ui->plot.hovered_token < int(v.heads.size()) && tooltips_allowed())
        plot_tooltip(v, s, ui->plot.hovered_token, v.inputs_space, click_verb(*ui));
    return edited;
}

}  // namespace attn::ui
