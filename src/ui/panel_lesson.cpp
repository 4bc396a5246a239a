// The lesson band above the panels: a tab row (lesson, practice, debug this, code) and, when open,
// the lesson's content beside the PyTorch code. Collapsed to one row in free exploration, so the
// panels keep their room until the learner starts.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/lesson/track.h"
#include "core/text/printf_text.h"
#include "ui/lesson_panels.h"
#include "ui/panels.h"
#include "ui/theme.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

// SameLine() when a button with this label still fits on the line, else a new line: the header
// wraps on narrow screens instead of running off the edge.
void next_to(const char* label) {
    same_line_if_fits(button_width(label), lesson_gap());
}

// A tab-like button: filled when selected. Returns true when clicked.
bool tab(const char* label, bool selected, UiState* ui, const char* layout_name) {
    if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    const bool clicked = ImGui::Button(label);
    if (selected) ImGui::PopStyleColor(), mark_selected();
    name_for_keyboard(label, selected ? tr(", selected") : "");
    record_layout(ui, layout_name);
    return clicked;
}

// The intents after which the lesson is somewhere else (another step, question or mode).
bool moves_the_place(LessonAction a) {
    return a == LessonAction::StartTrack || a == LessonAction::GoToStep || a == LessonAction::RevisitStep ||
           a == LessonAction::NextQuestion || a == LessonAction::RestartTrack || a == LessonAction::Leave;
}

// Next/back by keyboard: n / b, when no text is being typed and no widget is busy (the caller checks
// that the focus is not on a text field, which takes them: field_typing.h). Not the arrow keys:
// they move between the controls (the answer choices of a question among them).
int key_step() {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantTextInput || ImGui::IsAnyItemActive()) return 0;
    int delta = 0;
    for (ImWchar c : io.InputQueueCharacters) {
        if (c == 'n' || c == 'N') delta = 1;
        if (c == 'b' || c == 'B') delta = -1;
    }
    return delta;
}

// The row every mode shares: the mode tabs, the step indicator and next/back for the track. The
// steps offered are the engine's range (a course's steps=11-14 keeps the learner inside it).
void header_row(const FrameInput& in, UiState* ui, bool open) {
    const State& s = in.state;
    const StepRange range = range_of(*in.lesson);
    const Lesson* lesson = in.lesson->lesson;
    const LessonMode mode = s.lesson.mode;
    ImGui::TextColored(query_color(), "%s", tr("Guided lesson"));
    next_to(tr("Lesson"));
    const bool at_a_step = mode == LessonMode::Track && s.step > 0;
    if (tab(tr("Lesson"), at_a_step, ui, "lesson:mode:track") && !at_a_step)
        send(ui, LessonAction::StartTrack);  // back to the step the learner left
    // A graded lesson's step with a question never answered keeps the learner in the track until it
    // is revealed: the other modes and Leave would show the panels uncovered
    // (lesson_held_by_question). Why is said in the band (header_note): no tooltip for a finger.
    const bool held = lesson_held_by_question(*in.lesson, s);
    ImGui::BeginDisabled(held);
    next_to(tr("Practice"));
    if (tab(tr("Practice"), mode == LessonMode::Practice, ui, "lesson:mode:practice") && mode != LessonMode::Practice)
        send(ui, LessonAction::OpenPractice, -1);  // where the learner was, or the lesson's own
    next_to(tr("Debug this"));
    if (tab(tr("Debug this"), mode == LessonMode::Debug, ui, "lesson:mode:debug") && mode != LessonMode::Debug)
        send(ui, LessonAction::OpenDebug, int(Bug::None));
    ImGui::EndDisabled();
    if (panel_listed(s, "code")) {
        next_to(tr("PyTorch code"));
        if (tab(tr("PyTorch code"), ui->code.open, ui, "lesson:code-toggle")) ui->code.open = !ui->code.open;
    }
    if (mode != LessonMode::Track || s.step > 0) {
        next_to(tr("Leave"));
        ImGui::BeginDisabled(held);
        if (ImGui::Button(tr("Leave"))) send(ui, LessonAction::Leave);
        ImGui::EndDisabled();
        record_layout(ui, "lesson:leave");
        if (!held && control_tooltip())
            ImGui::SetTooltip("%s",
                              in.lesson->has_before
                                  ? tr("Back to the data and settings you had before the lesson")
                                  : tr("Back to free exploration: the causal mask and the lab's multiplier go off"));
    }

    if (at_a_step && lesson) {
        // Step indicator: "Step 3 of 14", one small button per step, back and next.
        // On a phone the numbered buttons would be too small for a finger: back and next only.
        const std::string indicator = lesson->step_indicator(s.step);
        same_line_if_fits(ImGui::CalcTextSize(indicator.c_str()).x + ImGui::GetFontSize(), lesson_gap());
        ImGui::TextUnformatted(indicator.c_str());
        ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(4, 2));
        for (int k = range.first; k <= range.last && !compact_layout(); ++k) {
            same_line_if_fits(std::max(kMinTarget, button_width(std::to_string(k).c_str())), 3);
            ImGui::PushID(k);
            const bool current = k == std::min(s.step, lesson->step_count());
            // The current step: filled with the query colour whether hovered, pressed or focused,
            // so its number keeps its contrast.
            if (current) {
                for (ImGuiCol col : {ImGuiCol_Button, ImGuiCol_ButtonHovered, ImGuiCol_ButtonActive})
                    ImGui::PushStyleColor(col, query_color());
                ImGui::PushStyleColor(ImGuiCol_Text, on_query_color());
            }
            const std::string label = std::to_string(k);
            const ImVec2 target(std::max(kMinTarget, button_width(label.c_str())), kMinTarget);
            if (ImGui::Button(label.c_str(), target) && !current) send(ui, LessonAction::GoToStep, k);
            name_for_keyboard(trf("Step %d: %s", k, lesson->step(k)->title.c_str()) +
                              (current ? tr(", the current step") : ""));
            if (current) ImGui::PopStyleColor(4);
            // Not on the current step, nor under a pointer that has not moved since it clicked:
            // the title would sit over the step's own question.
            if (control_tooltip() && !current) ImGui::SetTooltip("%s", lesson->step(k)->title.c_str());
            record_layout(ui, "lesson:step:" + std::to_string(k));
            ImGui::PopID();
        }
        ImGui::PopStyleVar();
        // The keyboard's focus, when it moved here and no question waits for an answer: Next, or
        // Back on the range's last step.
        const bool waits = !in.lesson->questions.empty() && !s.lesson.revealed && in.lesson->unaskable.empty();
        next_to(tr("\u2190 Back"));
        const int step = std::min(s.step, lesson->step_count());
        ImGui::BeginDisabled(step <= range.first);
        if (ImGui::Button(tr("\u2190 Back"))) send(ui, LessonAction::GoToStep, step - 1);
        if (!waits && step >= range.last && step > range.first && takes_focus_here(s, ui)) take_keyboard_focus();
        ImGui::EndDisabled();
        record_layout(ui, "lesson:back");
        next_to(tr("Next \u2192"));
        ImGui::BeginDisabled(step >= range.last);
        if (ImGui::Button(tr("Next \u2192"))) send(ui, LessonAction::GoToStep, step + 1);
        // (And after the step's last Reveal by the keyboard: the way on.)
        const bool after_reveal =
            s.lesson.revealed && ui->lesson.reveal_by_keys && s.lesson.question + 1 >= int(in.lesson->questions.size());
        if (!waits && step < range.last && (takes_focus_here(s, ui) || after_reveal))
            take_keyboard_focus(), ui->lesson.reveal_by_keys = false;
        ImGui::EndDisabled();
        record_layout(ui, "lesson:next");
        ui->lesson.next_bottom = ImGui::GetItemRectMax().y;
        const int delta = open && ui->intents.empty() && !typing_goes_to_field(ui->typing) ? key_step() : 0;
        if (delta != 0 && step + delta >= range.first && step + delta <= range.last) {
            send(ui, LessonAction::GoToStep, step + delta);
            ask_focus_after_move(s, ui);  // n and b are the keyboard's too
        }
    } else if (mode == LessonMode::Track && s.step == 0) {  // (a step without its lesson: the body says why)
        next_to(tr("Start the lesson \u2192"));
        if (ImGui::Button(tr("Start the lesson \u2192"))) send(ui, LessonAction::StartTrack);
        if (takes_focus_here(s, ui)) take_keyboard_focus();  // after Leave
        record_layout(ui, "lesson:start");
        // Started before the lesson's files are here: say that it is coming, or why it is not.
        if (!lesson && !in.lesson->load_error.empty()) {
            ImGui::PushTextWrapPos(0);
            ImGui::TextColored(error_color(), tr("The lesson could not be loaded: %s"), in.lesson->load_error.c_str());
            ImGui::PopTextWrapPos();
            record_layout(ui, "lesson:loading");
            return;
        }
        if (!lesson && !in.lesson->pending.empty()) {
            same_line_if_fits(ImGui::CalcTextSize(tr("Loading the lesson\u2026")).x, lesson_gap());
            ImGui::TextColored(muted_text(), "%s", tr("Loading the lesson\u2026"));
            record_layout(ui, "lesson:loading");
            return;
        }
        // Which lesson Start opens, when the page opens another than the chapter: its title once
        // its file is here, the file's name before.
        const bool named = !in.lesson->file_name.empty();
        const int steps = range.last - range.first + 1;
        const std::string blurb =
            lesson && named ? printf_text(tr("\u201c%s\u201d, %d steps: predict, then see the computed answer"),
                                          lesson->title.c_str(), steps)
            : lesson        ? printf_text(tr("%d steps: predict, then see the computed answer"), steps)
            : named         ? printf_text(tr("%s: predict, then see the computed answer"), in.lesson->file_name.c_str())
                            : std::string(tr("predict, then see the computed answer"));
        same_line_if_fits(std::min(ImGui::CalcTextSize(blurb.c_str()).x, ImGui::GetFontSize() * 16), lesson_gap());
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(muted_text(), "%s", blurb.c_str());
        ImGui::PopTextWrapPos();
        record_value(ui, "lesson:about", blurb);
        // The chapter's own page also offers the lesson after it, where the page can open it (a
        // walk found it only at the chapter's end, five scrolls down its wrap-up). Not an embed:
        // a course page shows what its author chose; the wrap-up still leads on.
        if (!named && (!lesson || lesson->id == "chapter-3") && in.page && in.page->opens_lessons && !in.page->embed) {
            const char* after = tr("After chapter 3: the KV cache \u2192");
            same_line_if_fits(button_width(after), lesson_gap());
            if (small_button(after)) ui->open_lesson = "generation";
            record_layout(ui, "lesson:after-chapter");
        }
    }
}

// A course setting (steps=, pass=) or a saved record the page could not use, said under the
// header where the teacher trying the link looks; the lesson runs on without it.
void course_problems(const FrameInput& in, UiState* ui) {
    for (const std::string* problem : {&in.lesson->range_error, &in.lesson->pass_error, &in.lesson->record_error}) {
        if (problem->empty()) continue;
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(error_color(), "%s", problem->c_str());
        ImGui::PopTextWrapPos();
        record_layout(ui, problem == &in.lesson->record_error ? "lesson:record-error" : "lesson:course-error");
    }
    // Why a graded lesson's Practice, Debug this and Leave are unavailable (header_row).
    if (lesson_held_by_question(*in.lesson, in.state)) {
        prose(tr("Practice, Debug this and Leave wait until you have revealed this step's answers: in a graded "
                 "lesson the panels outside it would show them."),
              muted_text());
        record_layout(ui, "lesson:held");
    }
}

// The band folded on a phone: one line with where the learner is and the way back.
bool folded_band(const FrameInput& in, UiState* ui) {
    const State& s = in.state;
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float height = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().WindowPadding.y * 2;
    ImGui::BeginChild("lesson_band", ImVec2(avail.x, height), true, ImGuiWindowFlags_NoScrollbar);
    panel_for_keyboard(tr("Guided lesson"));
    const ImVec2 pos = ImGui::GetWindowPos();
    record_layout(ui, "panel:lesson", pos, ImVec2(pos.x + avail.x, pos.y + height));
    ImGui::AlignTextToFramePadding();
    if (s.lesson.mode == LessonMode::Track)
        ImGui::TextColored(query_color(), tr("Lesson: %s"),
                           in.lesson->lesson ? in.lesson->lesson->step_indicator(s.step).c_str() : tr("loading"));
    else
        ImGui::TextColored(query_color(), "%s",
                           s.lesson.mode == LessonMode::Practice ? tr("Practice") : tr("Debug this"));
    next_to(tr("Show the lesson"));
    if (ImGui::Button(tr("Show the lesson"))) ui->lesson.collapsed = false;
    record_layout(ui, "lesson:expand");
    ImGui::EndChild();
    return false;
}

}  // namespace

void record_lesson_item(UiState* ui, const std::string& name) {
    if (!ImGui::IsItemVisible()) return;
    const ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 clip_min = dl->GetClipRectMin(), clip_max = dl->GetClipRectMax();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    const ImVec2 min(std::max(a.x, clip_min.x), std::max(a.y, clip_min.y));
    const ImVec2 max(std::min(b.x, clip_max.x), std::min(b.y, clip_max.y));
    if (max.y - min.y < (b.y - a.y) * 0.6f || max.x <= min.x) return;  // mostly scrolled out
    record_layout(ui, name, min, max);
}

LessonPlace lesson_place(const State& s) {
    return LessonPlace{s.lesson.mode, s.step, s.lesson.question};
}

void ask_focus_after_move(const State& s, UiState* ui) {
    ui->lesson.focus_from = lesson_place(s);
    ui->lesson.focus_frames = 4;
}

bool takes_focus_here(const State& s, UiState* ui) {
    if (!ui->lesson.focus_from || *ui->lesson.focus_from == lesson_place(s)) return false;
    ui->lesson.focus_from.reset();
    return true;
}

bool lesson_highlights(const FrameInput& in, const char* panel) {
    const State& state = in.state;
    const Lesson* lesson = in.lesson->lesson;
    const StepSpec* step = lesson && state.lesson.mode == LessonMode::Track ? lesson->step(state.step) : nullptr;
    if (!step) return false;
    return std::find(step->watch.begin(), step->watch.end(), panel) != step->watch.end();
}

namespace {

// The band over the panels: what it holds and how it is placed (window units).
struct BandShape {
    float width = 0, height = 0;
    bool show_lesson = false;  // the header rows (the lesson's tabs and place)
    bool in_lesson = false;    // a step, Practice or Debug this: the text beside its question
    bool code_inline = false;  // the code alone fills the band
    bool foldable = false;     // a phone: "Hide the lesson" folds it to one line
    bool narrow = false;       // the text and the question one above the other
};

// The band: the header, then the step's text beside its question, Practice or Debug this; or the
// code alone. Its height is what its content took last frame: a change asks for one more frame.
bool lesson_band(const FrameInput& in, State* draft, UiState* ui, const BandShape& shape, bool* relayout) {
    const State& s = in.state;
    const ImGuiStyle& style = ImGui::GetStyle();
    bool edited = false;
    float measured_body = 0;
    ImGui::BeginChild("lesson_band", ImVec2(shape.width, shape.height), true, ImGuiWindowFlags_NoScrollbar);
    panel_for_keyboard(tr("Guided lesson"));
    const ImVec2 band_pos = ImGui::GetWindowPos();
    record_layout(ui, "panel:lesson", band_pos, ImVec2(band_pos.x + shape.width, band_pos.y + shape.height));
    const float header_top = ImGui::GetCursorPosY();
    if (shape.show_lesson) header_row(in, ui, shape.in_lesson);
    if (shape.show_lesson) course_problems(in, ui);
    if (shape.foldable) {
        next_to(tr("Hide the lesson"));
        if (ImGui::Button(tr("Hide the lesson"))) ui->lesson.collapsed = true;
        record_layout(ui, "lesson:collapse");
    }
    ui->lesson.header_h = ImGui::GetCursorPosY() - header_top;
    if (shape.in_lesson) {
        const ImVec2 body = ImGui::GetContentRegionAvail();
        const float gap = ImGui::GetStyle().ItemSpacing.x;
        const bool two = s.lesson.mode != LessonMode::Practice && !shape.narrow;
        const bool debug = s.lesson.mode == LessonMode::Debug;
        const float left_w = two ? std::floor(body.x * 0.56f) : body.x;
        ui->lesson.split = two;
        if (!debug) ui->lesson.trace_scrolled = -1;  // entering Debug this again scrolls nowhere
        ImGui::BeginChild("lesson_body", ImVec2(left_w, body.y), false);
        // Stops the arrow keys reach inside the band, named for a screen reader.
        region_for_keyboard(s.lesson.mode == LessonMode::Practice ? tr("the exercise")
                            : debug                               ? tr("the planted bug")
                                                                  : tr("the step's text"));
        ImGui::PushTextWrapPos(0);
        if (!in.lesson->lesson) {
            // The page fetches the lesson's file when the learner first enters it.
            if (in.lesson->load_error.empty())
                ImGui::TextColored(muted_text(), "%s", tr("Loading the lesson\u2026"));
            else
                ImGui::TextColored(error_color(), tr("The lesson could not be loaded: %s"),
                                   in.lesson->load_error.c_str());
            record_lesson_item(ui, "lesson:loading");
        } else
            switch (s.lesson.mode) {
                case LessonMode::Track:
                    edited |= lesson_track(in, draft, ui, 0);
                    if (!two) {
                        ImGui::Separator();
                        edited |= lesson_track(in, draft, ui, 1);
                    }
                    break;
                case LessonMode::Practice:
                    edited |= lesson_practice(in, draft, ui);
                    break;
                case LessonMode::Debug:
                    edited |= lesson_debug(in, draft, ui, 0);
                    if (!two) edited |= lesson_debug(in, draft, ui, 1);
                    break;
            }
        ImGui::PopTextWrapPos();
        measured_body = ImGui::GetCursorPosY();
        ImGui::EndChild();
        if (two && in.lesson->lesson) {
            ImGui::SameLine(0, gap);
            ImGui::BeginChild("lesson_question", ImVec2(body.x - left_w - gap, body.y), true);
            region_for_keyboard(debug ? tr("the trace") : tr("the question"));
            ImGui::PushTextWrapPos(0);
            ui->lesson.room_drawn = 0;
            edited |= debug ? lesson_debug(in, draft, ui, 1) : lesson_track(in, draft, ui, 1);
            ImGui::PopTextWrapPos();
            measured_body =
                std::max(measured_body, ImGui::GetCursorPosY() - ui->lesson.room_drawn + style.WindowPadding.y);
            ImGui::EndChild();
        }
        // The content changed height (an answer revealed, a step changed): one more frame to fit it.
        if (std::fabs(measured_body - ui->lesson.body_h) > 0.5f) {
            ui->lesson.body_h = measured_body;
            *relayout = true;
        }
    } else if (shape.code_inline) {
        if (!shape.show_lesson) ImGui::TextColored(muted_text(), "%s", tr("PyTorch code for this screen"));
        code_view(in, ui);
    }
    // A keyboard press that moves the lesson: the control it pressed may go with the place (Start,
    // Leave, the step's Reveal), and the focus with it; the new place's first control takes it.
    for (const LessonIntent& intent : ui->intents)
        if (moves_the_place(intent.action) && keyboard_navigating()) ask_focus_after_move(s, ui);
    ImGui::EndChild();
    return edited;
}

}  // namespace

bool panel_lesson(const FrameInput& in, State* draft, UiState* ui, float max_height, bool* relayout) {
    const State& s = in.state;
    // The keyboard's focus request lives a few frames (the move is applied after the frame that
    // sent it, and drawn in the next), counted once the lesson's file is here (Start fetches it:
    // on a busy machine that takes longer than a few frames), and none once the pointer leads.
    if (ui->lesson.focus_frames > 0 && in.lesson->lesson) --ui->lesson.focus_frames;
    if (ui->lesson.focus_frames == 0 || ImGui::IsMouseClicked(ImGuiMouseButton_Left)) ui->lesson.focus_from.reset();
    const bool show_lesson = panel_listed(s, "lesson");
    const bool show_code = panel_listed(s, "code");
    if (!show_lesson && !show_code) return false;
    bool main_panels = s.panels.empty();
    for (const char* p : {"inputs", "plot", "loop", "weights", "heatmaps", "projection", "module"})
        main_panels |= panel_listed(s, p);
    const bool in_lesson = show_lesson && (s.step > 0 || s.lesson.mode != LessonMode::Track);
    // The code opens when the learner asks, or when a link lists it among the panels. With no other
    // panel to share the screen it fills the band; otherwise it floats over the panels.
    const bool code_listed = !s.panels.empty() && show_code;
    const bool code_inline = code_listed && !main_panels && !in_lesson;
    const bool code_window = show_code && !code_inline && (ui->code.open || code_listed);

    // On a phone the learner can fold the band to one line to see more of the panels.
    const bool foldable = compact_layout() && in_lesson;
    if (foldable && ui->lesson.collapsed) return folded_band(in, ui);

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const bool narrow = avail.x < 900.0f;
    const ImGuiStyle& style = ImGui::GetStyle();
    // As tall as its content was last frame: the header rows (they wrap on narrow screens) and, in
    // the lesson, the taller of the text and the question. Capped by max_height (the panels keep
    // the rest; the body scrolls); 0 means no cap, the band sits in a scrolling column.
    const float header = std::max(ui->lesson.header_h, ImGui::GetFrameHeightWithSpacing());
    float height = header + style.WindowPadding.y * 2;
    if (code_inline) {
        height = avail.y;
    } else if (in_lesson) {
        const float body = std::max(ui->lesson.body_h, ImGui::GetTextLineHeightWithSpacing() * 6);
        height += body + style.ItemSpacing.y;
        if (max_height > 0) height = std::min(height, max_height);
        height = std::floor(height);
    }
    // The band: the lesson, or the code alone when it fills it. The code beside other panels
    // floats in its own window: no empty band above them.
    const ImVec2 band_pos = ImGui::GetCursorScreenPos();
    const bool band = show_lesson || code_inline;
    bool edited = false;
    if (band)
        edited |= lesson_band(in, draft, ui, {avail.x, height, show_lesson, in_lesson, code_inline, foldable, narrow},
                              relayout);
    if (code_window)
        edited |= code_window_over_panels(in, draft, ui, band ? band_pos.y + height + 8 : band_pos.y, code_listed);
    return edited;
}

}  // namespace attn::ui
