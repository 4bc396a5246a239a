// The lesson's loop made visible: each step pairs token i with the query, shows the element-wise
// products and the running sum, and fills slot i of the score vector; beside it the one-call form
// and the check that both spellings agree.
#include <algorithm>
#include <string>

#include "core/math/dot.h"
#include "core/text/tensor_format.h"
#include "ui/panels.h"
#include "ui/query_row.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

constexpr double kStepMs = 900.0;  // Play advances one token this often

// The four lines of the lesson's code, with the line that runs now marked. With the projection on
// the same loop runs over the keys with queries[q]: one truth on every panel.
void code_block(const State& s, const QueryRow& row, const Concealment& hidden, int step) {
    ImGui::PushFont(mono_font());
    const int n = s.inputs.rows;
    const ImVec4 text = ImGui::GetStyleColorVec4(ImGuiCol_Text);
    ImGui::TextColored(query_color(), "%s", row.query_code.c_str());
    if (hidden.score_count)  // the lesson asks how many slots
        ImGui::TextColored(text, tr("attn_scores = torch.empty(%s)"), kHidden);
    else
        ImGui::TextColored(text, tr("attn_scores = torch.empty(%d)"), n);
    ImGui::TextColored(text, tr("for i, %s_i in enumerate(%s):"), row.key_symbol, row.key_name);
    if (step >= 0) {
        ImGui::SameLine();
        ImGui::TextColored(loop_color(), "  # i = %d", step);
    }
    const ImVec2 a = ImGui::GetCursorScreenPos();
    if (step >= 0) {
        const ImVec2 b(a.x + ImGui::GetContentRegionAvail().x, a.y + ImGui::GetTextLineHeight());
        ImGui::GetWindowDrawList()->AddRectFilled(a, b, u32(loop_color(), 0.12f), 3.0f);
    }
    ImGui::TextColored(text, tr("    attn_scores[i] = torch.dot(%s_i, query)"), row.key_symbol);
    ImGui::PopFont();
}

void buttons(const FrameInput& in, UiState* ui) {
    const int n = in.state.inputs.rows;
    const ImVec2 size(ImGui::GetFontSize() * 4.6f, 0);
    // Running the loop shows every score: it waits while a question asks for them.
    const bool wait = in.concealed().scores || in.concealed().score_count;
    // How many slots, as the screen says it: "?" while step 3 asks how many scores there are.
    // (Built only for the control the keyboard is on, as the spoken names are.)
    const auto slots = [&] { return in.concealed().score_count ? std::string(kHidden) : std::to_string(n); };
    ImGui::BeginDisabled(wait);
    if (ui->reduced_motion) {
        // Nothing moves on its own (prefers-reduced-motion): every slot fills at once, and Step
        // still goes one at a time.
        if (ImGui::Button(tr("Run all"), size) && !wait) ui->loop.step = n - 1;
        if (keyboard_on_last_item())
            name_for_keyboard(trf("%s: %d of %s", tr("Run all"), ui->loop.step + 1, slots().c_str()));
    } else if (ImGui::Button((std::string(ui->loop.playing ? tr("Pause") : tr("Play")) + "###loop-play").c_str(),
                             size) &&
               !wait) {
        // (One id for Play and Pause: a new label is a new id to ImGui, and the keyboard's focus
        // on Play was lost the moment it turned into Pause, so Pause could not be pressed.)
        ui->loop.playing = !ui->loop.playing;
        if (ui->loop.playing) {
            if (ui->loop.step >= n - 1) ui->loop.step = -1;  // finished: play again from the start
            ui->loop.next_ms = in.now_ms;                    // the first step comes at once
        }
    }
    // Under the keyboard, the slots filled so far: said as Play fills them, and where it ends.
    if (!ui->reduced_motion && keyboard_on_last_item())
        name_for_keyboard(
            trf("%s: %d of %s", ui->loop.playing ? tr("Pause") : tr("Play"), ui->loop.step + 1, slots().c_str()));
    record_layout(ui, "loop:play");
    ImGui::SameLine();
    ImGui::BeginDisabled(ui->loop.step >= n - 1);
    // Each press is refused while it cannot be used too: ImGui 1.86 presses a disabled button that
    // has the keyboard's focus (Space), which ran the loop past its end, or counted step 3's scores.
    if (ImGui::Button(tr("Step"), size) && !wait && ui->loop.step < n - 1) {
        ++ui->loop.step;
        ui->loop.playing = false;
    }
    // Under the keyboard, what a step did: the slot it filled ("Step: 2 of 6, torch.dot(inputs[1],
    // query) = 1.4950"), said again after each press.
    if (keyboard_on_last_item()) {
        const int i = ui->loop.step;
        if (i >= 0 && i < n && !wait) {
            const QueryRow row = query_row(in);
            const std::string dot =
                trf("torch.dot(%s[%d], query) = %s", row.key_name, i,
                    format_scalar(dot_library(row.keys->row(i), row.query.data(), row.keys->cols)).c_str());
            name_for_keyboard(trf("%s: %d of %d, %s", tr("Step"), i + 1, n, dot.c_str()));
        } else {
            name_for_keyboard(trf("%s: %d of %s", tr("Step"), i + 1, slots().c_str()));
        }
    }
    ImGui::EndDisabled();
    record_layout(ui, "loop:step");
    ImGui::SameLine();
    if (ImGui::Button(tr("Reset"), size) && !wait) {
        ui->loop.step = -1;
        ui->loop.playing = false;
    }
    if (keyboard_on_last_item())
        name_for_keyboard(trf("%s: %d of %s", tr("Reset"), ui->loop.step + 1, slots().c_str()));
    record_layout(ui, "loop:reset");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    if (in.concealed().score_count)
        ImGui::TextColored(muted_text(), "%d / %s", ui->loop.step + 1, kHidden);
    else
        ImGui::TextColored(muted_text(), "%d / %d", ui->loop.step + 1, n);
}

// Spaces in front of a label so it ends where `width` does (the mono font: all glyphs one width).
std::string padded_to(const std::string& label, float width) {
    const float space = ImGui::CalcTextSize(" ").x;
    const int count = int((width - ImGui::CalcTextSize(label.c_str()).x) / space + 0.5f);
    return std::string(size_t(std::max(0, count)), ' ') + label;
}

// x_i · query written out: the pairs, their products, the running sum that ends in slot i.
void step_detail(const State& s, const QueryRow& row, int i) {
    const int d = row.keys->cols;
    const float* x = row.keys->row(i);
    const float* q = row.query.data();
    const std::vector<DotStep> steps = dot_steps(x, q, d);
    const ImU32 loop = u32(loop_color()), query = u32(query_color());
    prose_f(tr("i = %d: \"%s\" against the query \"%s\""), i, s.tokens[size_t(i)].c_str(),
            s.tokens[size_t(s.query)].c_str());
    ImGui::PushFont(mono_font());
    const std::string lhs = std::string(row.key_symbol) + "_" + std::to_string(i) + "\u00b7query = ";
    const float indent = ImGui::CalcTextSize(lhs.c_str()).x;
    constexpr int kTerms = 8;
    const int shown = std::min(d, kTerms);
    std::vector<Piece> pairs{{lhs, 0}}, products{{padded_to("= ", indent), 0}},
        running{{padded_to(tr("running sum "), indent), 0}};
    for (int k = 0; k < shown; ++k) {
        const bool more = k + 1 < d;
        pairs.push_back({factor(x[k], k == 0), loop});
        pairs.push_back({"\u00b7" + factor(q[k], false) + (more ? " + " : ""), query});
        const std::string product = format_fixed(steps[size_t(k)].product, 4);
        products.push_back({(k > 0 && product[0] == '-' ? "(" + product + ")" : product) + (more ? " + " : ""), 0});
        running.push_back({format_fixed(steps[size_t(k)].running_sum, 4) + (more ? " \u2192 " : ""), more ? 0 : loop});
    }
    if (d > kTerms) {
        const std::string rest = "... " + std::to_string(d - kTerms) + " more";
        pairs.push_back({rest, 0});
        products.push_back({rest, 0});
        running.push_back({"... \u2192 ", 0});
        running.push_back({format_fixed(steps.back().running_sum, 4), loop});
    }
    flow_text(pairs, indent);
    flow_text(products, indent);
    flow_text(running, indent);
    ImGui::PopFont();
}

// The slots as a column, like the book's figure of w21 ... w2T: filled ones show their dot
// product, the current one is marked, the rest wait. Drawn only where there is room for it.
void slot_list(const FrameInput& in, const QueryRow& row, UiState* ui_out) {
    const UiState& ui = *ui_out;
    const State& s = in.state;
    const int n = s.inputs.rows;
    if (in.concealed().score_count) return;  // the slots would answer "how many scores?"
    const float row_h = ImGui::GetTextLineHeight() + 4;
    const float room = ImGui::GetContentRegionAvail().y - ImGui::GetStyle().ItemSpacing.y;
    if (room < row_h * 4) return;
    ImGui::Separator();
    ImGui::BeginChild("slots", ImVec2(0, std::min(room - 4, row_h * float(n + 1) + 4)), false);
    region_for_keyboard(tr("the loop's slots"));
    ImGui::PushFont(mono_font());
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 4));
    ImGuiListClipper clipper;
    clipper.Begin(n, row_h);
    const float value_x = ImGui::GetFontSize() * 14;
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const bool filled = i <= ui.loop.step, current = i == ui.loop.step;
            if (current) {
                const ImVec2 a = ImGui::GetCursorScreenPos();
                ImGui::GetWindowDrawList()->AddRectFilled(
                    a, ImVec2(a.x + ImGui::GetContentRegionAvail().x, a.y + ImGui::GetTextLineHeight()),
                    u32(loop_color(), 0.12f), 3.0f);
            }
            const ImVec4 ink = current ? loop_color() : filled ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : muted_text();
            ImGui::TextColored(ink, tr("attn_scores[%d]"), i);
            ImGui::SameLine(ImGui::GetFontSize() * 8);
            ImGui::TextColored(muted_text(), "%.12s", s.tokens[size_t(i)].c_str());
            ImGui::SameLine(value_x);
            if (filled) {
                const std::string value =
                    in.concealed().covers_scores() ? kHidden : format_fixed(row.pass->scores[size_t(i)], 4);
                ImGui::TextColored(ink, "= %s", value.c_str());
                record_value(ui_out, "slot:" + std::to_string(i), value);
            } else {
                ImGui::TextColored(muted_text(), "%s", tr("  \u00b7 (empty)"));
            }
        }
    }
    ImGui::PopStyleVar();
    ImGui::PopFont();
    ImGui::EndChild();
}

}  // namespace

void update_loop(const FrameInput& in, UiState* ui, double* wake_at_ms) {
    const int n = in.state.inputs.rows;
    // The loop runs for one query over one list of tokens: a change starts it again.
    if (ui->loop.query != in.state.query || ui->loop.tokens != n) {
        ui->loop.query = in.state.query;
        ui->loop.tokens = n;
        ui->loop.step = -1;
        ui->loop.playing = false;
    }
    ui->loop.step = std::min(ui->loop.step, n - 1);
    if (ui->loop.playing) {
        if (in.now_ms >= ui->loop.next_ms && ui->loop.step < n - 1) {
            ++ui->loop.step;
            ui->loop.next_ms = in.now_ms + kStepMs;
        }
        if (ui->loop.step >= n - 1) ui->loop.playing = false;
        if (ui->loop.playing) *wake_at_ms = ui->loop.next_ms;
    }
}

float loop_highlight(const FrameInput&, const UiState& ui) {
    return ui.loop.step < 0 ? 0.0f : 1.0f;
}

void panel_loop(const FrameInput& in, UiState* ui) {
    const State& s = in.state;
    const QueryRow row = query_row(in);
    const int d = row.keys->cols;
    const Concealment& hidden = in.concealed();
    code_block(s, row, hidden, ui->loop.step);
    buttons(in, ui);
    const int i = ui->loop.step;
    if (hidden.scores || hidden.score_count) {
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text());
        prose_f(tr("The loop runs once you have answered: its scores are %s."), hidden.reason.c_str());
        ImGui::PopStyleColor();
    } else if (i >= 0) {
        step_detail(s, row, i);
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text());
        prose_f(tr("Press Step (or %s) to run the loop one token at a time: each step takes one dot "
                   "product and fills one slot."),
                ui->reduced_motion ? tr("Run all, for every slot at once") : tr("Play"));
        ImGui::PopStyleColor();
    }

    // The score vector filling slot by slot; unfilled slots are still torch.empty's garbage: a dot.
    ImGui::PushFont(mono_font());
    if (!hidden.score_count && !hidden.scores) {
        const std::vector<Piece> slots = tensor_pieces("attn_scores = ", row.pass->scores, 10, i, u32(loop_color()), i);
        flow_text(slots, ImGui::CalcTextSize(tr("attn_scores = tensor([")).x);
    }

    // The one-call form for the current token, and the check that both spellings agree.
    const int t = std::max(i, 0);
    const float manual = dot_loop(row.keys->row(t), row.query.data(), d);
    const float library = dot_library(row.keys->row(t), row.query.data(), d);
    const std::string shown = hidden.scores ? kHidden : format_scalar(library);
    ImGui::Text(tr("torch.dot(%s[%d], query) = %s"), row.key_name, t, shown.c_str());
    record_value(ui, "loop:dot", shown);
    ImGui::PopFont();
    // The check shows the value too, so it waits for the answer as well.
    if (!hidden.scores) {
        if (manual == library)
            ImGui::TextColored(ok_color(), tr("\u2713 manual loop %s == torch.dot %s"), format_scalar(manual).c_str(),
                               format_scalar(library).c_str());
        else
            ImGui::TextColored(error_color(), tr("\u2717 manual loop %s != torch.dot %s"),
                               format_scalar(manual).c_str(), format_scalar(library).c_str());
    }
    slot_list(in, row, ui);
}

}  // namespace attn::ui
