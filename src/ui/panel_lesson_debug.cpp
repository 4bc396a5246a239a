// "Debug this" on screen: pick a planted bug, compare the printed output with the expected one,
// then walk the trace in the lesson's order, judging each printed value before its check shows,
// until the first step whose value differs.
#include <algorithm>
#include <string>
#include <vector>

#include "core/lesson/bug_trace.h"
#include "core/lesson/track.h"
#include "core/text/prose_format.h"
#include "ui/lesson_panels.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace attn::ui {
namespace {

// Named by symptom, not by cause: finding the cause is the exercise (catalog "bug.<name>.label").
std::string bug_label(const TextCatalog& texts, Bug b) {
    return texts.say("bug." + std::string(bug_name(b)) + ".label");
}

// Mono text (code, printed tensors) in lines that fit the region, broken only at spaces: ImGui's
// own wrapping may also break after a '.', which splits a number (0.|5161) on a phone. A broken
// line goes on under its own indentation plus two spaces.
void mono_text(const std::string& text, const ImVec4& color) {
    const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 8);
    const auto fits = [&](const std::string& line, size_t end) {
        return ImGui::CalcTextSize(line.c_str(), line.c_str() + end).x <= width;
    };
    size_t start = 0;
    while (start <= text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string line = text.substr(start, end - start);
        const std::string indent = line.substr(0, line.find_first_not_of(' ')) + "  ";
        bool continued = false;
        while (!fits(line, line.size())) {
            // A space past the indentation (a cut inside it would leave an empty line).
            const size_t lead = line.find_first_not_of(' ');
            if (lead == std::string::npos) break;
            size_t cut = std::string::npos;
            for (size_t k = line.find(' ', lead + 1); k != std::string::npos && fits(line, k);
                 k = line.find(' ', k + 1))
                cut = k;
            if (cut == std::string::npos) break;  // one word wider than the region: ImGui clips it
            ImGui::TextColored(color, "%s", line.substr(0, cut).c_str());
            const size_t next = line.find_first_not_of(' ', cut);
            line = next == std::string::npos ? std::string() : indent + line.substr(next);
            continued = true;
        }
        if (!line.empty() || !continued) ImGui::TextColored(color, "%s", line.c_str());
        start = end + 1;
    }
}

void picker(const TextCatalog& texts, const State& s, UiState* ui) {
    prose(texts.say("debug.intro"), muted_text());
    for (size_t i = 0; i < std::size(kDebugBugs); ++i) {
        const Bug b = kDebugBugs[i];
        if (i)
            same_line_if_fits(ImGui::CalcTextSize(bug_label(texts, b).c_str()).x + ImGui::GetStyle().FramePadding.x * 2,
                              lesson_gap());
        const bool current = s.lesson.bug == b;
        if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        // The current one too: a click starts its trace over, on its own inputs again.
        if (small_button(bug_label(texts, b).c_str())) send(ui, LessonAction::OpenDebug, int(b));
        if (current) ImGui::PopStyleColor(), mark_selected();
        record_lesson_item(ui, std::string("lesson:bug:") + bug_name(b));
    }
}

// The planted program; the buggy line is marked only once the trace has found it.
void program(const TextCatalog& texts, const BugTrace& t, const TraceWalk& walk) {
    const int checked = walk.checked;
    const bool found = walk.found;
    ImGui::PushFont(mono_font());
    for (size_t i = 0; i < t.program.size(); ++i) {
        const bool buggy = found && int(i) == t.buggy_line;
        const bool running = checked > 0 && t.steps[size_t(checked - 1)].line == int(i);
        const ImVec4 color = buggy ? error_color() : running ? query_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        mono_text(std::string(buggy ? "\u2717 " : running ? "\u2192 " : "  ") + t.program[i], color);
        if (buggy) mono_text("  " + texts.say("debug.fix", {{"line", t.fixed[i]}}), context_color());
    }
    mono_text(texts.say("debug.expected", {{"output", t.expected_output}}), muted_text());
    mono_text(texts.say("debug.printed", {{"output", t.actual_output}}), error_color());
    ImGui::PopFont();
}

// The value the planted program computed at one trace step.
void traced_value(const TextCatalog& texts, const TraceStep& step) {
    ImGui::PushFont(mono_font());
    mono_text("   " + texts.say("debug.value-printed",
                                {{"what", step.what},
                                 {"values", trace_values_text(texts, step.actual, step.rows, step.cols)}}),
              ImGui::GetStyleColorVec4(ImGuiCol_Text));
    ImGui::PopFont();
}

// The learner judges each printed value first ("as it should be" or "off"); only then the
// expected value and the check show, with whether the learner's judgment held.
void trace_walk(const TextCatalog& texts, const BugTrace& t, const TraceWalk& walk, UiState* ui) {
    const int checked = walk.checked;
    const bool found = walk.found;
    ImGui::TextColored(query_color(), "%s", texts.say("debug.trace").c_str());
    ImGui::SameLine();
    ImGui::TextColored(muted_text(), "%s", texts.say("debug.judge-each").c_str());
    float judged_top = ImGui::GetCursorScreenPos().y;  // where the verdict on the step just judged starts
    for (int k = 0; k < checked; ++k) {
        const TraceStep& step = t.steps[size_t(k)];
        ImGui::TextColored(step.diverges ? error_color() : context_color(), tr("%s %d. %s: %s"),
                           step.diverges ? "\u2717" : "\u2713", k + 1, step.name.c_str(), step.question.c_str());
        traced_value(texts, step);
        ImGui::PushFont(mono_font());
        mono_text("   " + texts.say("debug.value-expected",
                                    {{"what", step.what},
                                     {"values", trace_values_text(texts, step.expected, step.rows, step.cols)}}),
                  ImGui::GetStyleColorVec4(ImGuiCol_Text));
        ImGui::PopFont();
        bool held = false;
        if (k == checked - 1) judged_top = ImGui::GetCursorScreenPos().y;
        if (const char* id = walk.verdict_id(t, k, &held)) {
            prose(texts.say(id), held ? context_color() : error_color());
        }
        if (k == t.first_divergence) {
            prose(texts.say("debug.first-divergence", {{"k", k + 1}, {"name", step.name}}), error_color());
            prose(t.explanation);
            record_lesson_item(ui, "lesson:trace-found");
        }
    }
    if (checked < int(t.steps.size()) && !found) {
        const TraceStep& step = t.steps[size_t(checked)];
        ImGui::TextColored(query_color(), tr("? %d. %s: %s"), checked + 1, step.name.c_str(), step.question.c_str());
        traced_value(texts, step);
        if (walk.look_again) {
            prose(texts.say("debug.look-again"), error_color());
            record_lesson_item(ui, "lesson:trace-look-again");
        }
        const auto judge = [&](const char* label, const char* item, int value) {
            if (ImGui::Button(label)) send(ui, LessonAction::JudgeTrace, value);
            record_lesson_item(ui, item);
        };
        judge(texts.say("debug.as-it-should-be").c_str(), "lesson:trace-judge:right", 1);
        ImGui::SameLine();
        judge(texts.say("debug.it-is-off").c_str(), "lesson:trace-judge:off", 0);
    } else if (!found) {
        prose(t.hidden, muted_text());
    }
    if (checked > 0) {
        if (checked < int(t.steps.size()) && !found) ImGui::SameLine();
        if (small_button(texts.say("debug.trace-again").c_str())) send(ui, LessonAction::ResetTrace);
        record_lesson_item(ui, "lesson:trace-reset");
    }
    // A judged step adds its values and verdict at the end: bring the verdict into view with the
    // next step's question and buttons and Trace again (a matrix's values above it may not fit),
    // for a few passes (the region learns its new height only after the first). A bug picked (or
    // picked again) starts its trace: its first question comes into view too.
    const int shown = int(t.bug) * 1000 + checked * 2 + (walk.look_again ? 1 : 0);  // a second look adds lines
    if (ui->lesson.trace_scrolled != shown) {
        ui->lesson.trace_scroll_passes = ui->lesson.trace_scrolled < 0 ? 0 : 3;  // not on entering Debug this mode
        ui->lesson.trace_scrolled = shown;
    }
    if (ui->lesson.trace_scroll_passes > 0) {
        scroll_into_view(judged_top, ImGui::GetCursorScreenPos().y);
        --ui->lesson.trace_scroll_passes;
    }
}

}  // namespace

ATTN_LESSON_ENTRY bool lesson_debug(const FrameInput& in, State* /*draft*/, UiState* ui, int part) {
    const State& s = in.state;
    if (part == 0) picker(in.lesson->lesson->texts, s, ui);
    if (s.lesson.bug == Bug::None) {
        ui->lesson.trace_scrolled = -1;
        if (part == 0) prose(in.lesson->lesson->texts.say("debug.pick-a-bug"));
        return false;
    }
    const LessonEngine& lesson = *in.lesson;
    if (!lesson.trace_valid) return false;
    const BugTrace& t = lesson.trace;
    if (!t.error.empty()) {
        if (part == 0) ImGui::TextColored(error_color(), "%s", t.error.c_str());
        return false;
    }
    const TraceRecord* walked = lesson.record.trace(t.bug);
    const TraceWalk walk = trace_walk_of(t, s.lesson.trace, walked ? walked->said : "", second_look_of(lesson, s));
    if (part == 0 && !t.note.empty()) prose(t.note, muted_text());
    if (part == 0)
        program(lesson.lesson->texts, t, walk);
    else
        trace_walk(lesson.lesson->texts, t, walk, ui);
    return false;
}

}  // namespace attn::ui
