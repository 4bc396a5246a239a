// Lays the panels out for the window's width: three columns on a laptop, two on a tablet, one
// scrolling column on a phone. When state.panels lists only some panels, the layout is planned
// for those (subset_layout). Everything else happens in the panel files.
#include "ui/ui.h"

#include <imgui_internal.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "ui/heatmap_view.h"
#include "ui/lesson_panels.h"
#include "ui/panel_moves.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// The page's "Copy link" bar sits over the canvas's bottom-right corner (web/style.css): CSS pixels.
// Embedded pages have no such bar (their reader link sits under the canvas).
constexpr float kShareBarHeight = 36.0f;
float share_bar_height(const FrameInput& in) {
    return in.page && in.page->embed ? 0.0f : kShareBarHeight;
}

enum class PanelId { Inputs, Plot, Loop, Weights, Heatmaps, Projection, Module };

struct Slot {
    PanelId id;
    float weight;         // share of the column's flexible height
    float fixed;          // > 0: this height exactly (not flexible)
    bool folded = false;  // only its title, with a button to unfold it (see UiState::unfolded)
};

const char* key_of(PanelId id) {
    switch (id) {
        case PanelId::Inputs:
            return "inputs";
        case PanelId::Plot:
            return "plot";
        case PanelId::Loop:
            return "loop";
        case PanelId::Weights:
            return "weights";
        case PanelId::Heatmaps:
            return "heatmaps";
        case PanelId::Projection:
            return "projection";
        case PanelId::Module:
            return "module";
    }
    return "";
}

// With the projection on, the panels that follow queries @ keys.T say so in their titles.
const char* title_of(PanelId id, bool projected) {
    switch (id) {
        case PanelId::Inputs:
            return tr("1  Inputs: pick the query");
        case PanelId::Plot:
            return tr("Embeddings: every token is a vector");
        case PanelId::Loop:
            return projected ? tr("2  The score loop, trainable: queries[q] \u00b7 keys[i]")
                             : tr("2  The score loop: one dot product per token");
        case PanelId::Weights:
            return projected ? tr("3  Scores to weights, trainable: q\u00b7k / \u221ad_k, context from values")
                             : tr("3  Scores to weights, and the context vector");
        case PanelId::Heatmaps:
            return tr("All queries at once");
        case PanelId::Projection:
            return tr("Trainable attention: W_query, W_key, W_value");
        case PanelId::Module:
            return tr("The book's classes (3.4.2 to 3.6, ch04)");
    }
    return "";
}

bool shown(const State& s, PanelId id) {
    return s.panels.empty() || std::find(s.panels.begin(), s.panels.end(), key_of(id)) != s.panels.end();
}

struct Frame {
    const FrameInput& in;
    State* draft;
    UiState* ui;
    FrameOutput* out;
};

// A panel folded for the lesson step: its title and a button that unfolds it for the step.
void draw_folded(Frame& f, PanelId id, ImVec2 size) {
    ImGui::PushID(key_of(id));
    const bool open = ImGui::BeginChild("panel", size, true, ImGuiWindowFlags_NoScrollbar);
    panel_for_keyboard(trf("%s (folded)", title_of(id, f.in.result.has_projection)));
    if (open) {
        const std::string title = title_of(id, f.in.result.has_projection);
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(muted_text(), "%s", title.c_str());
        record_value(f.ui, std::string("title:") + key_of(id), title);
        same_line_if_fits(button_width(tr("Show")));
        if (small_button(tr("Show"))) f.ui->unfolded |= 1u << unsigned(id), f.out->relayout = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("Folded while this step is about the other panels"));
        record_layout(f.ui, std::string("unfold:") + key_of(id));
    }
    ImGui::EndChild();
    ImGui::PopID();
}

// measure: the panel is at its natural height (not stretched), so what its content took is its
// need at this width (a stretched table would only echo the room it was given).
void draw_panel(Frame& f, PanelId id, ImVec2 size, bool measure) {
    ImGui::PushID(key_of(id));
    // In a lesson step the panels it is about get an outline and a marked title, so the learner
    // knows where to look while reading the step.
    const bool highlighted = lesson_highlights(f.in, key_of(id));
    if (f.ui->lesson.scroll_to == key_of(id)) {  // the lesson's "watch" link was tapped: bring it to the top
        // Aimed at the panel's own top (SetScrollHereY aims at the line before the cursor: the panel
        // above), and applied for a few passes: the band and the panels above may still change
        // their heights after the first, which would leave this one off the screen. The book's
        // classes: at the step's own section (masking, dropout, heads), two lines of what is above it
        // in view.
        const float section = id == PanelId::Module && f.ui->module.section_y >= 0
                                  ? f.ui->module.section_y - 2 * ImGui::GetTextLineHeightWithSpacing()
                                  : 0.0f;
        ImGui::SetScrollFromPosY(ImGui::GetCursorPosY() - ImGui::GetScrollY() + std::max(0.0f, section), 0.0f);
        // A column with nothing to scroll (a frame sized to the content) asks the page around it,
        // once, on the last pass, where the layout has settled.
        if (ImGui::GetScrollMaxY() < 1 && f.ui->lesson.scroll_passes <= 1)
            f.out->page_scroll_to = ImGui::GetCursorScreenPos().y + std::max(0.0f, section);
        if (--f.ui->lesson.scroll_passes <= 0) f.ui->lesson.scroll_to.clear();
    }
    const bool open = ImGui::BeginChild("panel", size, true);
    panel_for_keyboard(title_of(id, f.in.result.has_projection));
    if (open) {
        if (highlighted) {
            ImGui::TextColored(query_color(), "\u25B6");
            ImGui::SameLine();
        }
        const char* title = title_of(id, f.in.result.has_projection);
        ImGui::TextColored(highlighted ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : muted_text(), "%s", title);
        record_value(f.ui, std::string("title:") + key_of(id), title);
        ImGui::Separator();
        bool edited = false;
        switch (id) {
            case PanelId::Inputs:
                edited = panel_inputs(f.in, f.draft, f.ui);
                break;
            case PanelId::Plot:
                edited = panel_plot(f.in, f.draft, f.ui, &f.out->plot);
                break;
            case PanelId::Loop:
                panel_loop(f.in, f.ui);
                break;
            case PanelId::Weights:
                edited = panel_weights(f.in, f.draft, f.ui);
                break;
            case PanelId::Heatmaps:
                edited = panel_heatmaps(f.in, f.draft, f.ui);
                break;
            case PanelId::Projection:
                edited = panel_projection(f.in, f.draft, f.ui);
                break;
            case PanelId::Module:
                edited = panel_module(f.in, f.draft, f.ui);
                break;
        }
        f.out->edited |= edited;
        // What the content needed (scrolled or not): panels whose height follows their text.
        // The plot and the heatmaps fill what they are given, so theirs would only echo it.
        if (measure && id != PanelId::Plot && id != PanelId::Heatmaps) {
            const float measured = ImGui::GetCursorPosY() + ImGui::GetStyle().WindowPadding.y;
            if (std::fabs(measured - f.ui->measured_h[int(id)]) > 0.5f ||
                std::fabs(size.x - f.ui->measured_w[int(id)]) >= 1.0f)
                f.out->relayout = true;
            f.ui->measured_h[int(id)] = measured;
            f.ui->measured_w[int(id)] = size.x;
        }
    }
    ImGui::EndChild();
    record_layout(f.ui, std::string("panel-box:") + key_of(id));  // the panel's whole frame
    if (highlighted) {
        const float t = 2.0f;  // inside the child's own 1 px border, so a neighbour never covers it
        ImGui::GetWindowDrawList()->AddRect(ImVec2(ImGui::GetItemRectMin().x + 0.5f, ImGui::GetItemRectMin().y + 0.5f),
                                            ImVec2(ImGui::GetItemRectMax().x - 0.5f, ImGui::GetItemRectMax().y - 0.5f),
                                            ImGui::GetColorU32(query_color()), ImGui::GetStyle().ChildRounding,
                                            ImDrawFlags_None, t);
        record_layout(f.ui, std::string("highlight:") + key_of(id));
    }
    ImGui::PopID();
}

// One column of panels: fixed ones get their height, flexible ones share the rest by weight.
void draw_column(Frame& f, std::vector<Slot> slots, float width, float height) {
    slots.erase(std::remove_if(slots.begin(), slots.end(), [&](const Slot& s) { return !shown(f.in.state, s.id); }),
                slots.end());
    if (slots.empty()) return;
    const float gap = ImGui::GetStyle().ItemSpacing.y;
    float fixed = gap * float(slots.size() - 1), weights = 0;
    for (const Slot& s : slots) s.fixed > 0 ? fixed += s.fixed : weights += s.weight;
    const float flexible = std::max(0.0f, height - fixed);
    ImGui::BeginGroup();
    for (const Slot& s : slots) {
        float h = s.fixed > 0 ? s.fixed : flexible * s.weight / std::max(weights, 1e-6f);
        if (weights == 0 && &s == &slots.back() && !s.folded) h += flexible;  // no flexible panel: the last one grows
        if (s.folded)
            draw_folded(f, s.id, ImVec2(width, std::floor(h)));
        else
            draw_panel(f, s.id, ImVec2(width, std::floor(h)), s.fixed > 0 && s.weight == 0);
    }
    ImGui::EndGroup();
}

float estimated_height(const Frame& f, PanelId id, float width);

// Height each panel needs when it does not have to share (the scrolling layouts): the estimate,
// or what its content took when last drawn at this width if that was more. The estimate is a
// floor because a panel's scrolling table or bars fill what they are given, so its measure
// follows its height down. Not for the book's classes: they draw at their natural height (prose,
// grids, no region that fills), so their measure is exact, and their rough estimate left a blank
// foot of up to 550 px in the panel on a phone.
float natural_height(const Frame& f, PanelId id, float width) {
    const float estimate = estimated_height(f, id, width);
    const int k = int(id);
    const bool same_width = std::fabs(f.ui->measured_w[k] - width) < 1.0f;
    if (id == PanelId::Module && same_width && f.ui->measured_h[k] > 0) return f.ui->measured_h[k];
    return same_width ? std::max(estimate, f.ui->measured_h[k]) : estimate;
}

float estimated_height(const Frame& f, PanelId id, float width) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float font = ImGui::GetFontSize(), line = ImGui::GetTextLineHeightWithSpacing();
    const float frame = ImGui::GetFrameHeightWithSpacing();
    const float chrome = style.WindowPadding.y * 2 + line + style.ItemSpacing.y + 2;  // padding, title, rule
    const int n = f.in.state.inputs.rows;
    const float row = ImGui::GetFrameHeight() + style.CellPadding.y * 2;
    switch (id) {
        case PanelId::Inputs: {
            const float table = row * float(std::min(n, 10) + 1) + 4;
            const float buttons = frame * float(inputs_button_rows(width - style.WindowPadding.x * 2));
            // The Import button wraps under the example picker (12.5 em) when the two do not fit.
            const float picker_row = font * 12.5f + style.ItemSpacing.x +
                                     ImGui::CalcTextSize(tr("Import / Export...")).x + style.FramePadding.x * 2;
            const float picker = frame * (picker_row > width - style.WindowPadding.x * 2 ? 3.0f : 2.0f);
            return chrome + picker + buttons + line + table + style.ItemSpacing.y +
                   (f.in.state.inputs.cols > 12 ? frame : 0);
        }
        case PanelId::Plot:  // (a touch screen's hint line above the view too: panel_plot.cpp)
            return chrome + std::min(width * 0.9f, font * 30) + frame * 2 +
                   (f.in.page && f.in.page->touch ? ImGui::GetTextLineHeightWithSpacing() : 0.0f);
        case PanelId::Loop:
            return chrome + line * 12 + frame;
        case PanelId::Weights: {
            // The lines under the bars (the context formula wraps on a phone) as last drawn.
            const float tail = f.ui->weights.tail_h > 0 ? f.ui->weights.tail_h : line * 8;
            return chrome + line * 3 + tail + frame * 2 + (ImGui::GetTextLineHeight() + 6) * float(std::min(n, 12));
        }
        case PanelId::Heatmaps: {
            const ImVec2 extra = heatmap_overhead();
            const float side = std::min(width - extra.x - font * 1.5f, font * 26);
            // The causal switch and the projection's radios: one line, or two where they do not fit
            // beside each other (a phone; panel_heatmaps wraps the switch).
            const float radios = 2 * (ImGui::GetFrameHeight() + style.ItemInnerSpacing.x) + style.ItemSpacing.x * 2 +
                                 ImGui::CalcTextSize("inputs @ inputs.T").x +
                                 ImGui::CalcTextSize(tr("queries @ keys.T")).x;
            const float check =
                ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(tr("causal mask")).x;
            const bool two_lines = f.in.result.has_projection && radios + check > width - style.WindowPadding.x * 2;
            return chrome + 2 * (side + extra.y) + line + frame + (two_lines ? frame : 0.0f);
        }
        case PanelId::Projection:
            return f.in.state.projection.enabled ? chrome + line * 36 : chrome + frame + line;
        case PanelId::Module:
            return f.in.state.module.enabled ? chrome + module_panel_height(f.in.state, *f.ui, f.in.concealed(),
                                                                            width - style.WindowPadding.x * 2)
                                             : chrome + frame + line * 2;
    }
    return font * 10;
}

// Touch scrolling for the current (column) window: a drag that started on no widget moves it,
// since a finger has no wheel.
void drag_to_scroll(UiState* ui) {
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        ui->touch_scroll = ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows) && !ImGui::IsAnyItemHovered();
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) ui->touch_scroll = false;
    if (ui->touch_scroll && ImGui::IsMouseDragging(ImGuiMouseButton_Left, 2.0f))
        ImGui::SetScrollY(ImGui::GetScrollY() - ImGui::GetIO().MouseDelta.y);
}

// Phones and tablets: panels at their natural height in one or two columns that scroll; dragging
// empty space scrolls too, since a finger has no wheel.
// Phones, once the lesson band's Back and Next have scrolled away above (to a watched panel, or
// down a long step's revealed words): a bar pinned to the bottom with the step, Back and Next, so
// the way on (and back to the step's words) is always a tap away. Next and Back also bring the new step's words into
// view.
void step_bar(Frame& f) {
    const State& s = f.in.state;
    const Lesson* lesson = f.in.lesson ? f.in.lesson->lesson : nullptr;
    if (!lesson || s.lesson.mode != LessonMode::Track || s.step < 1) return;
    const StepRange range = range_of(*f.in.lesson);
    const int step = std::min(s.step, lesson->step_count());
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float h = ImGui::GetFrameHeight() + style.WindowPadding.y * 2;
    ImGui::SetNextWindowPos(ImVec2(0, display.y - share_bar_height(f.in) - h));
    ImGui::SetNextWindowSize(ImVec2(display.x, h));
    ImGui::Begin("##step-bar", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoFocusOnAppearing);
    const auto to_the_words = [&] { f.ui->lesson.scroll_to = "lesson", f.ui->lesson.scroll_passes = 2; };
    const std::string indicator = "\u2191 " + lesson->step_indicator(step);
    if (ImGui::Button(indicator.c_str())) to_the_words();
    record_layout(f.ui, "lesson:bar:top");
    ImGui::SameLine();
    ImGui::BeginDisabled(step <= range.first);
    if (ImGui::Button(tr("\u2190 Back"))) {
        send(f.ui, LessonAction::GoToStep, step - 1);
        to_the_words();
    }
    ImGui::EndDisabled();
    record_layout(f.ui, "lesson:bar:back");
    ImGui::SameLine();
    ImGui::BeginDisabled(step >= range.last);
    if (ImGui::Button(tr("Next \u2192"))) {
        send(f.ui, LessonAction::GoToStep, step + 1);
        to_the_words();
    }
    ImGui::EndDisabled();
    record_layout(f.ui, "lesson:bar:next");
    ImGui::End();
}

void scrolling_layout(Frame& f, int columns) {
    // The column ends above the page's share bar (Link, Embed, the language), which sits over the
    // canvas's foot: no content ever scrolls under it (WCAG reflow at 320 px, and a phone).
    ImGui::BeginChild("column", ImVec2(0, -share_bar_height(f.in)), false);
    region_for_keyboard(tr("panels"));  // the arrows' first stop: Space goes into it
    record_layout(
        f.ui, "view:column", ImGui::GetWindowPos(),
        ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowWidth(), ImGui::GetWindowPos().y + ImGui::GetWindowHeight()));
    if (f.ui->lesson.scroll_to == "lesson") {  // the step bar asked for the step's words
        ImGui::SetScrollY(0.0f);
        if (ImGui::GetScrollMaxY() < 1 && f.ui->lesson.scroll_passes <= 1)
            f.out->page_scroll_to = ImGui::GetWindowPos().y;
        if (--f.ui->lesson.scroll_passes <= 0) f.ui->lesson.scroll_to.clear();
    }
    const float column_top = ImGui::GetWindowPos().y;
    f.ui->lesson.next_bottom = FLT_MAX;  // panel_lesson sets it if it draws Next
    // The lesson band scrolls with the panels, at its full height: a phone has no room for a
    // second scrolling region, and the question must not hide below the fold of a small one.
    f.out->edited |= panel_lesson(f.in, f.draft, f.ui, 0, &f.out->relayout);
    // The bar below shows once the band's own Back / Next has scrolled away above: the whole band,
    // or only its top, past a long step's revealed words (a walk swiped 250 px back up for Next).
    const bool band_gone = ImGui::GetCursorScreenPos().y < column_top || f.ui->lesson.next_bottom < column_top;
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    const float w = (ImGui::GetContentRegionAvail().x - gap * float(columns - 1)) / float(columns);
    std::vector<std::vector<PanelId>> order;
    if (columns == 1)
        order = {{PanelId::Inputs, PanelId::Plot, PanelId::Loop, PanelId::Weights, PanelId::Heatmaps,
                  PanelId::Projection, PanelId::Module}};
    else
        order = {{PanelId::Inputs, PanelId::Loop, PanelId::Weights, PanelId::Module},
                 {PanelId::Plot, PanelId::Heatmaps, PanelId::Projection}};
    for (size_t c = 0; c < order.size(); ++c) {
        if (c) ImGui::SameLine();
        std::vector<Slot> slots;
        float total = 0;
        for (PanelId id : order[c]) {
            const float h = natural_height(f, id, w);
            slots.push_back({id, 0, h});
            if (shown(f.in.state, id)) total += h + ImGui::GetStyle().ItemSpacing.y;
        }
        draw_column(f, slots, w, total);
    }
    // In a lesson step the last panel can scroll clear of the step bar pinned over the column's foot.
    const bool in_step = f.in.state.lesson.mode == LessonMode::Track && f.in.state.step >= 1;
    if (in_step) ImGui::Dummy(ImVec2(1, ImGui::GetFrameHeight() + ImGui::GetStyle().WindowPadding.y * 2));
    // Content bottom in screen space, as if not scrolled: the natural height of the whole view.
    f.out->content_height = ImGui::GetCursorScreenPos().y + ImGui::GetScrollY() + ImGui::GetStyle().WindowPadding.y +
                            share_bar_height(f.in);
    drag_to_scroll(f.ui);
    ImGui::EndChild();
    if (band_gone) step_bar(f);
}

// The main panels the state lists, in reading order; all seven when it lists none (or all).
std::vector<PanelId> shown_panels(const State& s) {
    std::vector<PanelId> ids;
    for (PanelId id : {PanelId::Inputs, PanelId::Plot, PanelId::Loop, PanelId::Weights, PanelId::Heatmaps,
                       PanelId::Projection, PanelId::Module})
        if (shown(s, id)) ids.push_back(id);
    return ids;
}

// A few panels (a course page's embed, a link's panels=): as many columns as the width and the
// panel count allow, each panel in reading order placed in the column that is shortest so far.
// Columns whose panels fit the height stretch them to fill it, in proportion to what each needs;
// a column that does not fit keeps natural heights and the whole view scrolls, so no frame is
// left half empty and no number is squeezed out.
void subset_layout(Frame& f, const std::vector<PanelId>& ids, int max_columns) {
    // Above the share bar, as in scrolling_layout (an embed has none).
    ImGui::BeginChild("column", ImVec2(0, -share_bar_height(f.in)), false,
                      f.ui->subset_fits ? ImGuiWindowFlags_NoScrollbar : 0);
    region_for_keyboard(tr("panels"));  // the arrows' first stop: Space goes into it
    record_layout(
        f.ui, "view:column", ImGui::GetWindowPos(),
        ImVec2(ImGui::GetWindowPos().x + ImGui::GetWindowWidth(), ImGui::GetWindowPos().y + ImGui::GetWindowHeight()));
    f.out->edited |= panel_lesson(f.in, f.draft, f.ui, 0, &f.out->relayout);
    const int columns = std::max(1, std::min(max_columns, int(ids.size())));
    const ImGuiStyle& style = ImGui::GetStyle();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const auto column_width = [&](float width) {
        return std::floor((width - style.ItemSpacing.x * float(columns - 1)) / float(columns));
    };
    const float w = column_width(avail.x);
    const size_t count = size_t(columns);
    std::vector<std::vector<Slot>> cols(count);
    std::vector<float> used(count, 0.0f);
    for (PanelId id : ids) {
        const size_t k = size_t(std::min_element(used.begin(), used.end()) - used.begin());
        const float h = natural_height(f, id, w);
        cols[k].push_back({id, h, h});
        used[k] += h + style.ItemSpacing.y;
    }
    // Natural height of the whole view: what is above the columns, the tallest column, the padding.
    // Measured at the width without a scrollbar, whether one shows now or not: a frame sized to the
    // height with the scrollbar (narrower panels, taller) would lose it and ask for less, and a
    // host sizing its frame would go back and forth for ever.
    float tallest = 0;
    if (ImGui::GetCurrentWindow()->ScrollbarY) {
        std::vector<float> wide(count, 0.0f);
        for (PanelId id : ids) {
            const size_t k = size_t(std::min_element(wide.begin(), wide.end()) - wide.begin());
            wide[k] += natural_height(f, id, column_width(avail.x + style.ScrollbarSize)) + style.ItemSpacing.y;
        }
        tallest = *std::max_element(wide.begin(), wide.end());
    } else {
        tallest = *std::max_element(used.begin(), used.end());
    }
    f.out->content_height =
        ImGui::GetCursorScreenPos().y + tallest - style.ItemSpacing.y + style.WindowPadding.y + share_bar_height(f.in);
    // Once the host has sized the frame to that height, everything fits at the full width; a
    // scrollbar still shown from a shorter frame would narrow the panels and cut their ends off.
    f.ui->subset_fits = f.out->content_height <= ImGui::GetIO().DisplaySize.y + 0.5f;
    for (size_t c = 0; c < cols.size(); ++c) {
        if (c) ImGui::SameLine();
        const bool fits = used[c] - style.ItemSpacing.y <= avail.y;
        float total = 0;
        for (Slot& slot : cols[c]) {
            total += slot.weight;
            if (fits)
                slot.fixed = 0;  // flexible, weighted by its natural height
            else
                slot.weight = 0;  // at its natural height
        }
        total += style.ItemSpacing.y * float(cols[c].size() - 1);
        draw_column(f, cols[c], w, fits ? std::floor(avail.y) : total);
    }
    drag_to_scroll(f.ui);  // a frame the host did not size to the content scrolls under a finger too
    ImGui::EndChild();
}

void wide_layout(Frame& f) {
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    // A lesson step about the right-hand column (the heatmaps, the trainable weights) gives it the
    // width: its matrices need it more than the inputs table and the bars do.
    const bool module_watched = lesson_highlights(f.in, "module");
    const bool right_watched =
        lesson_highlights(f.in, "heatmaps") || lesson_highlights(f.in, "projection") || module_watched;
    const bool left_watched = lesson_highlights(f.in, "inputs") || lesson_highlights(f.in, "loop");
    const float left_share = right_watched && !left_watched ? 0.25f : 0.29f;
    const float middle_share = right_watched ? 0.33f : 0.37f;
    const float left = std::floor(avail.x * left_share), middle = std::floor(avail.x * middle_share);
    const float right = avail.x - left - middle - 2 * gap;
    const float h = avail.y;
    const float inputs_h = std::clamp(estimated_height(f, PanelId::Inputs, left), h * 0.3f, h * 0.56f);
    const bool projection_on = f.in.state.projection.enabled, module_on = f.in.state.module.enabled;
    const float gap_y = ImGui::GetStyle().ItemSpacing.y;
    const float natural =
        std::max({estimated_height(f, PanelId::Inputs, left) + estimated_height(f, PanelId::Loop, left),
                  estimated_height(f, PanelId::Plot, middle) + estimated_height(f, PanelId::Weights, middle),
                  estimated_height(f, PanelId::Heatmaps, right) + estimated_height(f, PanelId::Projection, right) +
                      estimated_height(f, PanelId::Module, right) + gap_y + share_bar_height(f.in)});
    f.out->content_height = ImGui::GetCursorScreenPos().y + natural + gap_y + ImGui::GetStyle().WindowPadding.y;
    // In a column the lesson step watches, the panels it does not watch fold to their title.
    if (f.ui->unfolded_step != f.in.state.step) f.ui->unfolded = 0, f.ui->unfolded_step = f.in.state.step;
    const float folded_h = std::max(ImGui::GetFrameHeight(), kMinTarget + 1) + ImGui::GetStyle().WindowPadding.y * 2;
    const auto fold = [&](std::vector<Slot> column) {
        bool watched = false;
        for (const Slot& s : column) watched |= lesson_highlights(f.in, key_of(s.id));
        if (!watched) return column;
        for (Slot& s : column)
            if (!lesson_highlights(f.in, key_of(s.id)) && !(f.ui->unfolded & (1u << unsigned(s.id))))
                s = Slot{s.id, 0, folded_h, true};
        bool flexible = false;  // what the folded ones leave goes to the watched ones
        for (const Slot& s : column) flexible |= s.weight > 0;
        if (!flexible)
            for (Slot& s : column)
                if (!s.folded) s.weight = 1, s.fixed = 0;
        return column;
    };
    draw_column(f, fold({{PanelId::Inputs, 0, inputs_h}, {PanelId::Loop, 1, 0}}), left, h);
    ImGui::SameLine();
    draw_column(f, fold({{PanelId::Plot, 0.45f, 0}, {PanelId::Weights, 0.55f, 0}}), middle, h);
    ImGui::SameLine();
    // The right column: the heatmaps, then the trainable version and the book's classes, each a
    // line or two while off and a share of the height (scrolling inside) while on.
    const auto slot = [&](PanelId id, bool on, float weight) {
        return Slot{id, on ? weight : 0, on ? 0 : estimated_height(f, id, right)};
    };
    draw_column(f,
                fold({{PanelId::Heatmaps,
                       module_watched ? 0.25f
                       : module_on    ? 0.45f
                                      : 0.6f,
                       0},
                      slot(PanelId::Projection, projection_on, 0.4f),
                      slot(PanelId::Module, module_on, module_watched ? 0.75f : 0.55f)}),
                right, h - share_bar_height(f.in));
}

}  // namespace

FrameOutput draw_ui(const FrameInput& in, State* draft, UiState* ui) {
    FrameOutput out;
    set_words(in.words);
    begin_keyboard_speech(&ui->speech);
    hand_typing_to_field(&ui->typing);
    ui->layout.clear();
    ui->plot.hovered_token = -1;  // the plot sets it again if it is drawn and hovered
    const PageOptions page = in.page ? *in.page : PageOptions{};
    if (in.page) ui->reduced_motion = page.reduced_motion;
    if (ui->reduced_motion) ui->loop.playing = false;  // nothing moves on its own (panel_loop.cpp)
    apply_theme(page.theme == Theme::Dark);
    // Popups (a combo's list, a tooltip) keep clear of the page's share bar over the canvas's foot:
    // Dear ImGui places them inside the display less this padding (it applies top and bottom alike).
    ImGui::GetStyle().DisplaySafeAreaPadding.y = std::max(3.0f, share_bar_height(in));
    const ImVec4 bg = plot_background();
    out.plot.background = Rgba{bg.x, bg.y, bg.z, 1};
    if (in.state.inputs.rows <= 0 || in.state.inputs.cols <= 0) return out;  // nothing valid to show yet

    // Switching example starts the view and the stepper afresh.
    if (!in.state.example.empty() && in.state.example != ui->last_example) {
        ui->plot.camera_fit_pending = true;
        ui->plot.camera_zoomed = false;
        ui->loop.step = -1;
        ui->loop.playing = false;
        ui->plot.space = PlotSpace::Inputs;
        ui->inputs.first_dim = 0;
        ui->plot.dragged_token = -1;
    }
    ui->last_example = in.state.example;
    update_loop(in, ui, &out.wake_at_ms);

    const ImGuiIO& io = ImGui::GetIO();
    const bool phone = compact_layout();
    const float font = ImGui::GetFontSize();
    ui->touch_targets = phone || page.touch;
    if (ui->touch_targets) {
        // Fingers need bigger targets than a mouse.
        ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(font * 0.6f, font * 0.45f));
        ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(font * 0.6f, font * 0.5f));
        ImGui::PushStyleVar(ImGuiStyleVar_ScrollbarSize, font * 1.1f);
    }
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(io.DisplaySize);
    ImGui::Begin("##root", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
    if (!page.embed) {  // embedded in course material: the page around it has the title
        ImGui::TextUnformatted(tr("Attention scores, step by step"));
        if (!phone) {
            ImGui::SameLine();
            ImGui::TextColored(muted_text(), "%s",
                               tr("\u2014 pick a query, take its dot product with every token, normalise"));
        }
    }
    const std::vector<PanelId> ids = shown_panels(in.state);
    // A module setting's refusal is said under the settings when that panel is shown; once is enough.
    const bool said_in_panel =
        in.input_error.where == "module" && std::find(ids.begin(), ids.end(), PanelId::Module) != ids.end();
    if (!in.input_error.empty() && !said_in_panel) {
        ImGui::PushTextWrapPos(0);
        const std::string refusal = trf("Not changed: %s", tr(in.input_error).c_str());
        ImGui::TextColored(error_color(), "%s", refusal.c_str());
        ImGui::PopTextWrapPos();
        record_value(ui, "input-error", refusal);
    }

    Frame f{in, draft, ui, &out};
    const int max_columns = io.DisplaySize.x >= 1100.0f ? 3 : io.DisplaySize.x >= 760.0f ? 2 : 1;
    if (ids.size() < 7 && !ids.empty()) {
        subset_layout(f, ids, max_columns);
    } else if (io.DisplaySize.x >= 1100.0f) {
        // The lesson band on top, at most 45% of the height; the panels get the room below.
        out.edited |= panel_lesson(in, draft, ui, std::floor(ImGui::GetContentRegionAvail().y * 0.45f), &out.relayout);
        wide_layout(f);
    } else {
        scrolling_layout(f, max_columns == 1 ? 1 : 2);
    }
    ImGui::End();
    if (ui->touch_targets) ImGui::PopStyleVar(3);
    // Where the keyboard's focus is highlighted, as the layout names it ("focus"): the rectangle
    // ImGui draws its highlight around, from its window's last record of the focused item.
    const ImGuiContext& g = *ImGui::GetCurrentContext();
    if (g.NavWindow && g.NavId && !g.NavDisableHighlight) {
        const ImRect at = ImGui::WindowRectRelToAbs(g.NavWindow, g.NavWindow->NavRectRel[g.NavLayer]);
        record_layout(ui, "focus", at.Min, at.Max);
    }
    steer_panel_moves(ui->speech);
    take_typing_for_field(&ui->typing, ui->speech);
    keep_keyboard_focus_in_view();
    out.keyboard_said = keyboard_speech(&ui->speech, in.code, &ui->wants_code, &ui->retry_code);
    out.intents = std::move(ui->intents);
    ui->intents.clear();
    out.open_lesson = std::move(ui->open_lesson);
    ui->open_lesson.clear();
    out.wants_code = ui->wants_code;
    out.retry_code = ui->retry_code;
    ui->wants_code = ui->retry_code = false;
    return out;
}

}  // namespace attn::ui
