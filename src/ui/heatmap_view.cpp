// Drawing one heatmap over the renderer's texture: labels, colour bar, cell values, highlights,
// hover and click. The texture is one quad; nothing here is per cell except the few numbers that fit.
#include "ui/heatmap_view.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"
#include "core/view/colormap.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/widgets.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

float font() {
    return ImGui::GetFontSize();
}
float label_width() {
    return font() * 4.2f;
}
float bar_width() {
    return font() * 0.8f;
}
float bar_labels_width() {
    return font() * 3.2f;
}

// How to label n columns of `cell` pixels: full names, a short prefix, or thinned indices.
struct ColumnLabels {
    int every = 1;         // label every k-th column
    bool indices = false;  // numbers instead of names
    size_t chars = 0;      // names cut to this many bytes (0: whole)
};

std::string cut(const std::string& s, size_t chars) {
    if (chars == 0 || s.size() <= chars) return s;
    size_t end = chars - 1;
    while (end > 0 && (static_cast<unsigned char>(s[end]) & 0xC0) == 0x80) --end;  // whole UTF-8 characters
    return s.substr(0, end) + ".";
}

// True when cutting the names to `chars` leaves two different tokens with one label ("token_1" and
// "token_2" both "tok."): the header would name the wrong column.
bool cut_names_collide(const std::vector<std::string>& tokens, size_t chars) {
    std::map<std::string, const std::string*> named;
    for (const std::string& t : tokens) {
        const auto [at, added] = named.emplace(cut(t, chars), &t);
        if (!added && *at->second != t) return true;
    }
    return false;
}

ColumnLabels plan_columns(const std::vector<std::string>& tokens, float cell) {
    ColumnLabels plan;
    float widest = 0;
    for (const std::string& t : tokens) widest = std::max(widest, ImGui::CalcTextSize(t.c_str()).x);
    if (widest + 4 <= cell) return plan;
    const float char_w = ImGui::CalcTextSize("abcdefghijklmnopqrstuvwxyz").x / 26;
    const size_t fit = size_t(std::max(0.0f, (cell - 4) / char_w));
    if (fit >= 4 && !cut_names_collide(tokens, fit)) {  // three letters and a dot still name a token; fewer do not
        plan.chars = fit;
        return plan;
    }
    plan.indices = true;
    const float index_w = ImGui::CalcTextSize(std::to_string(tokens.size() - 1).c_str()).x + 6;
    for (int k : {1, 2, 5, 10, 20, 50, 100, 200, 500})
        if (float(k) * cell >= index_w) return plan.every = k, plan;
    plan.every = 1000;
    return plan;
}

void colour_bar(ImDrawList* dl, const HeatmapSpec& spec, ImVec2 a, float height) {
    const ImVec2 b(a.x + bar_width(), a.y + height);
    if (spec.colour_bar) {
        // The ramp is 256 x 1, u = 0 low; drawn upright with high at the top.
        dl->AddImageQuad(spec.colour_bar, a, ImVec2(b.x, a.y), b, ImVec2(a.x, b.y), ImVec2(1, 0), ImVec2(1, 1),
                         ImVec2(0, 1), ImVec2(0, 0));
    }
    dl->AddRect(a, b, u32(muted_text(), 0.6f));
    const float lo = spec.image->low, hi = spec.image->high;
    auto label = [&](float value, float y) {
        const std::string t = scale_label(value, lo, hi);
        dl->AddText(ImVec2(b.x + 4, std::clamp(y - font() / 2, a.y - font() / 2, b.y - font() / 2)), u32(muted_text()),
                    t.c_str());
    };
    label(hi, a.y);
    label(lo, b.y);
    if (lo < 0 && hi > 0) label(0.0f, a.y + height * hi / (hi - lo));
}

void tooltip(const HeatmapSpec& spec, const State& s, int r, int c, const char* verb) {
    const float v = spec.values->at(r, c);
    ImGui::BeginTooltip();
    ImGui::Text(tr("row %d \"%s\" (query), column %d \"%s\" (key)"), r, s.tokens[size_t(r)].c_str(), c,
                s.tokens[size_t(c)].c_str());
    ImGui::PushFont(mono_font());
    const Matrix& L = *spec.left;
    const Matrix& R = *spec.right;
    const std::string dot = std::string(spec.left_name) + "[" + std::to_string(r) + "]\u00b7" + spec.right_name + "[" +
                            std::to_string(c) + "]";
    if (!spec.scores) {
        if (std::isinf(v) && v < 0) {
            ImGui::Text("%s[%d][%d] = -inf", spec.name, r, c);
            ImGui::PopFont();
            ImGui::TextColored(muted_text(), tr("masked: key %d comes after query %d"), c, r);
        } else {
            ImGui::Text("%s[%d][%d] = %s", spec.name, r, c, dot.c_str());
            ImGui::Text("  = %s", dot_terms(L.row(r), R.row(c), L.cols, 6).c_str());
            ImGui::Text("  = %s", format_scalar(v).c_str());
            ImGui::PopFont();
        }
    } else {
        const float score = spec.scores->at(r, c);
        std::string how = "scores[" + std::to_string(r) + "]";
        if (spec.divisor != 1.0f) how += " / " + format_fixed(spec.divisor, 4);
        if (spec.multiplier != 1.0f) how += " * " + format_fixed(spec.multiplier, 2);
        ImGui::Text("%s[%d][%d] = %s", spec.name, r, c, format_scalar(v).c_str());
        if (spec.norm == Norm::Sum) {
            float total = 0;
            for (int j = 0; j < spec.scores->cols; ++j) total += spec.scores->at(r, j) / spec.divisor * spec.multiplier;
            ImGui::Text(tr("  = (%s)[%d] / sum(%s) = %s / %s"), how.c_str(), c, how.c_str(),
                        format_fixed(score / spec.divisor * spec.multiplier, 4).c_str(),
                        format_fixed(total, 4).c_str());
        } else {
            ImGui::Text("  = %s(%s)[%d]", spec.norm == Norm::Softmax ? "softmax" : tr("naive softmax"), how.c_str(), c);
        }
        ImGui::Text(tr("  scores[%d][%d] = %s = %s"), r, c, dot.c_str(), format_scalar(score).c_str());
        ImGui::PopFont();
        if (!std::isfinite(v))
            ImGui::TextColored(error_color(), "%s", tr("not a number: see the reason under the bars"));
    }
    ImGui::TextDisabled(tr("%s: make row %d the query"), verb, r);
    ImGui::EndTooltip();
}

}  // namespace

ImVec2 heatmap_overhead() {
    // Title line, column labels (line + 4), the 4 px under the image and the spacing after it.
    const float h =
        ImGui::GetTextLineHeightWithSpacing() + ImGui::GetTextLineHeight() + 8 + ImGui::GetStyle().ItemSpacing.y;
    return ImVec2(label_width() + bar_width() + bar_labels_width() + font() * 0.8f, h);
}

ImU32 heatmap_ink(bool diverging, float t) {
    // The cell's colour from the same stops the shader uses: white ink where it reads better.
    const Rgba cell = colormap_color(diverging ? ColorMap::Diverging : ColorMap::Sequential, t);
    return u32(cell_ink(cell));
}

int draw_heatmap(const HeatmapSpec& spec, const FrameInput& in, UiState* ui, float side) {
    const State& s = in.state;
    const Matrix& m = *spec.values;
    const int n = m.rows;
    if (n <= 0 || m.cols != n || int(s.tokens.size()) != n) return -1;
    // Wrapped to the heatmap's own width: side by side, a long title would run into its neighbour.
    prose(spec.title, ImVec4(0, 0, 0, 0), label_width() + side + font() * 0.6f + bar_width() + bar_labels_width());
    record_value(ui, std::string("heatmap-title:") + spec.name, spec.title);
    if (!spec.covered.empty()) {
        // The block keeps its size, so the layout does not jump when the answer is revealed.
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const ImVec2 size(label_width() + side + font() * 0.6f + bar_width() + bar_labels_width(),
                          side + ImGui::GetTextLineHeight() + 8);
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + size.x, at.y + size.y), empty_heatmap(), 4.0f);
        ImGui::SetCursorScreenPos(ImVec2(at.x + 8, at.y + 8));
        // Wrapped inside the box and the panel's visible width, which two heatmaps side by side
        // may overrun: the reason is read whole ("hidden until you answe" was cut at the edge).
        const float visible_right = at.x + ImGui::GetContentRegionAvail().x;
        push_wrap_at_screen_x(std::max(std::min(at.x + size.x, visible_right) - 8, at.x + font() * 6));
        ImGui::TextColored(muted_text(), "%s", spec.covered.c_str());
        ImGui::PopTextWrapPos();
        record_value(ui, std::string("heatmap:") + spec.name, kHidden, at, ImVec2(at.x + size.x, at.y + size.y));
        ImGui::SetCursorScreenPos(at);
        ImGui::Dummy(size);
        return -1;
    }
    if (spec.scores == nullptr)
        help_marker("help:scores-matrix",
                    tr("Row r holds the scores of query r against every key (column). The query's row is "
                       "outlined; it is the score vector the loop fills. Hover a cell for the dot product it "
                       "came from; click or tap a row to make it the query."));
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const ImVec2 o(start.x + label_width(), start.y + ImGui::GetTextLineHeight() + 4);  // image top-left
    const ImVec2 end(o.x + side, o.y + side);
    const float cell = side / float(n);

    // The image (or why there is none).
    ImGui::SetCursorScreenPos(o);
    ImGui::InvisibleButton(spec.name, ImVec2(side, side));
    record_layout(ui, std::string("heatmap:") + spec.name);
    if (keyboard_on_last_item())
        name_for_keyboard(
            trf("%s: %d x %d; each cell is in the numbers' text version, after the drawing", spec.title.c_str(), n, n));
    record_value(ui, std::string("heatmap:") + spec.name, std::to_string(n) + "x" + std::to_string(n), o, end);
    if (spec.image->texture) {
        dl->AddImage(spec.image->texture, o, end);
    } else {
        dl->AddRectFilled(o, end, empty_heatmap());
        if (!in.textures.renderer_error.empty()) {
            ImGui::SetCursorScreenPos(ImVec2(o.x + 6, o.y + 6));
            push_wrap_at_screen_x(end.x - 6);
            ImGui::TextColored(error_color(), tr("Cannot draw: %s"), in.textures.renderer_error.c_str());
            ImGui::PopTextWrapPos();
        }
    }
    int clicked = -1;
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    // Clamped before the cast: with no mouse ImGui reports -FLT_MAX, which no int can hold.
    const int hr = int(std::clamp((mouse.y - o.y) / cell, 0.0f, float(n - 1)));
    const int hc = int(std::clamp((mouse.x - o.x) / cell, 0.0f, float(n - 1)));
    if (hovered && ImGui::IsItemClicked()) clicked = hr;

    // Column labels above, row labels to the left, thinned to what fits.
    const ColumnLabels plan = plan_columns(s.tokens, cell);
    const float line = ImGui::GetTextLineHeight();
    std::string headers;  // the first few, as drawn: "Your|jour.|star." (for tests)
    for (int c = 0; c < n; c += plan.every) {
        const std::string text = plan.indices ? std::to_string(c) : cut(s.tokens[size_t(c)], plan.chars);
        if (c < 8 * plan.every) headers += (c ? "|" : "") + text;
        const float w = ImGui::CalcTextSize(text.c_str()).x;
        const float x = plan.indices ? o.x + cell * float(c) : o.x + cell * (float(c) + 0.5f) - w / 2;
        dl->AddText(ImVec2(x, o.y - line - 2), u32(c == s.query && spec.mark_query ? query_color() : muted_text()),
                    text.c_str());
    }
    record_value(ui, std::string("heatmap-columns:") + spec.name, headers);
    int row_every = 1;
    for (int k : {1, 2, 5, 10, 20, 50, 100, 200, 500})
        if (float(k) * cell >= line) {
            row_every = k;
            break;
        }
    dl->PushClipRect(ImVec2(start.x, o.y - 2), ImVec2(o.x - 4, end.y + line), true);
    for (int r = 0; r < n; r += row_every) {
        const std::string text = row_every > 1 ? std::to_string(r) : s.tokens[size_t(r)];
        const float y = row_every > 1 ? o.y + cell * float(r) : o.y + cell * (float(r) + 0.5f) - line / 2;
        dl->AddText(ImVec2(start.x, y), u32(r == s.query && spec.mark_query ? query_color() : muted_text()),
                    text.c_str());
    }
    dl->PopClipRect();

    // Numbers in cells big enough for them, in an ink that reads on the cell's colour.
    const float lo = spec.image->low, hi = spec.image->high;
    // Two decimals if the widest number fits its cell, at the normal size or a little smaller; else
    // one; else none (the tooltip still has every value).
    int decimals = -1;
    float text_size = ImGui::GetFontSize();
    if (n <= 64) {
        for (int want : {2, 1}) {
            float widest = 0;
            for (float v : m.data) widest = std::max(widest, ImGui::CalcTextSize(format_fixed(v, want).c_str()).x);
            for (float scale : {1.0f, 0.82f})
                if (decimals < 0 && widest * scale + 4 <= cell && line * scale + 2 <= cell) {
                    decimals = want;
                    text_size = ImGui::GetFontSize() * scale;
                }
            if (decimals >= 0) break;
        }
    }
    if (decimals >= 0) {
        const float shrink = text_size / ImGui::GetFontSize();
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) {
                const float v = m.at(r, c);
                const std::string text = format_fixed(v, decimals);
                const ImVec2 size = ImGui::CalcTextSize(text.c_str());
                const float t = std::isfinite(v) ? (v - lo) / std::max(hi - lo, 1e-12f) : 0.5f;
                const ImVec2 at(o.x + cell * (float(c) + 0.5f) - size.x * shrink / 2,
                                o.y + cell * (float(r) + 0.5f) - size.y * shrink / 2);
                dl->AddText(ImGui::GetFont(), text_size, at, heatmap_ink(spec.diverging, t), text.c_str());
            }
    }

    // The query row outlined (at least 3 px tall, and marked at the edge, for 1024 rows) and the loop's
    // current cell (query, i).
    const float row_top = o.y + cell * float(s.query), row_h = std::max(cell, 3.0f);
    if (spec.mark_query) {
        dl->AddRect(ImVec2(o.x - 1, row_top - 1), ImVec2(end.x + 1, row_top + row_h + 1), u32(query_color()), 0, 0,
                    2.5f);
        dl->AddTriangleFilled(ImVec2(o.x - 8, row_top + row_h / 2 - 5), ImVec2(o.x - 8, row_top + row_h / 2 + 5),
                              ImVec2(o.x - 2, row_top + row_h / 2), u32(query_color()));
    }
    if (ui->loop.step >= 0 && ui->loop.step < n && loop_highlight(in, *ui) > 0) {
        const float x = o.x + cell * float(ui->loop.step);
        dl->AddRect(ImVec2(x - 1, row_top - 1), ImVec2(x + std::max(cell, 3.0f) + 1, row_top + row_h + 1),
                    u32(loop_color()), 0, 0, 2.5f);
    }
    if (hovered && tooltips_allowed()) {
        dl->AddRect(ImVec2(o.x + cell * float(hc), o.y + cell * float(hr)),
                    ImVec2(o.x + cell * float(hc + 1), o.y + cell * float(hr + 1)), IM_COL32(20, 24, 32, 200));
        tooltip(spec, s, hr, hc, click_verb(*ui));
    }
    colour_bar(dl, spec, ImVec2(end.x + font() * 0.6f, o.y), side);

    // Reserve the whole block so the next item goes below it.
    ImGui::SetCursorScreenPos(start);
    ImGui::Dummy(ImVec2(end.x - start.x + font() * 0.6f + bar_width() + bar_labels_width(), end.y - start.y + 4));
    return clicked;
}

}  // namespace attn::ui
