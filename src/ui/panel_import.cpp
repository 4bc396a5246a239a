// The Import / Export popup: a box to paste embeddings into, read as the learner types (the error
// beside the box, the text kept), Apply through the draft; and the three export forms, read-only,
// each with a Copy button.
#include <algorithm>
#include <cstring>

#include "core/math/deferred_entry.h"
#include "core/text/printf_text.h"
#include "ui/import_panel.h"
#include "ui/theme.h"
#include "ui/widgets.h"
#include "ui/words.h"

namespace attn::ui {
namespace {

constexpr const char* kPopup = "###import-export";  // the popup's id; its title is in the learner's words
// Export boxes show at most this much (a 1024 x 1024 export is ~10 MB; Copy still copies it all).
constexpr size_t kPreviewBytes = 256 * 1024;

void tooltip_marker(const char* text) {
    ImGui::TextDisabled("(?)");
    if (ImGui::IsItemHovered()) {
        ImGui::BeginTooltip();
        ImGui::PushTextWrapPos(ImGui::GetFontSize() * 32.0f);
        ImGui::TextUnformatted(text);
        ImGui::PopTextWrapPos();
        ImGui::EndTooltip();
    }
}

// InputTextMultiline on a std::string that grows as the learner pastes (as imgui_stdlib does).
int grow_string(ImGuiInputTextCallbackData* data) {
    if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
        auto* s = static_cast<std::string*>(data->UserData);
        s->resize(size_t(data->BufTextLen));
        data->Buf = s->data();
    }
    return 0;
}

// AllowTabInput keeps the tabs of a pasted spreadsheet row ("journey\t0,55\t0,87"): without it
// ImGui drops them and the cells run together into other numbers.
bool edit_text(const char* id, std::string* s, ImVec2 size) {
    return ImGui::InputTextMultiline(id, s->data(), s->capacity() + 1, size,
                                     ImGuiInputTextFlags_CallbackResize | ImGuiInputTextFlags_AllowTabInput,
                                     grow_string, s);
}

void push_mono() {
    if (ImFont* mono = mono_font())
        ImGui::PushFont(mono);
    else
        ImGui::PushFont(ImGui::GetFont());
}

std::string summary(const ImportResult& r) {
    std::string s = printf_text(tr("Reads as %s: %d token%s \u00d7 %d dimension%s."), import_format_name(r.format),
                                r.inputs.rows, plural_s(r.inputs.rows), r.inputs.cols, plural_s(r.inputs.cols));
    if (r.tokens.empty())
        return s + tr(" No labels: the current ones stay if the count matches, else token 0, token 1 ...");
    s += tr(" Labels: ");
    for (size_t i = 0; i < r.tokens.size() && i < 6; ++i) s += (i ? ", " : "") + r.tokens[i];
    return s + (r.tokens.size() > 6 ? ", ..." : "");
}

// Reads the panel's text, and what it reads as in the interface's words.
void read_pasted(const std::string& lang, ImportUi* panel) {
    panel->parsed = import_embeddings(panel->text, current_words());
    panel->parsed_summary = panel->parsed.ok ? summary(panel->parsed) : std::string();
    panel->parsed_lang = lang;
    panel->parsed_valid = true;
}

// The box, what its text reads as, Apply and Clear. Not part of the first view
// (core/view/deferred_code.h): this is called once the page has the deferred code, which opening
// Import (or a paste that opens it) asks for.
ATTN_DEFERRED_ENTRY bool import_tab_here(const FrameInput& in, State* draft, UiState* ui, ImportUi* panel) {
    bool edited = false;
    const float font = ImGui::GetFontSize();
    ImGui::TextWrapped("%s", tr("Paste embeddings: a JSON list, rows of numbers (CSV, TSV, spaces) or a PyTorch tensor "
                                "copied from a notebook."));
    ImGui::SameLine();
    tooltip_marker(
        "[[0.43, 0.15, 0.89], [0.55, 0.87, 0.66]]  or  {\"tokens\": [...], \"inputs\": [[...]]}\n"
        "0.43,0.15,0.89 (one row per line; tabs or ; separators read 0,43 as 0.43)\n"
        "inputs = torch.tensor([[0.43, 0.15, 0.89], # Your\n  [0.55, 0.87, 0.66]]) # journey\n\n"
        "Labels: a first column of words (\"two words\" in quotes), a # comment after each row, "
        "or a line tokens: Your, journey. Without labels the current ones stay when the count matches.\n"
        "Limits: 1024 tokens, 1024 dimensions, finite float32 values.");

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const bool beside = avail.x > font * 34;  // the message to the right of the box, else below it
    const float footer = ImGui::GetFrameHeightWithSpacing() * (beside ? 2.6f : 5.5f);  // message, buttons, Close
    const ImVec2 box(beside ? avail.x * 0.6f : avail.x, std::max(avail.y - footer, font * 6));
    push_mono();
    if (edit_text("##paste", &panel->text, box)) {
        panel->parsed_valid = false;
        panel->applied_note.clear();
    }
    ImGui::PopFont();
    record_layout(ui, "import:text");
    const bool empty = panel->text.find_first_not_of(" \t\r\n") == std::string::npos;
    static const std::string english = "en";
    const std::string& lang = in.words ? in.words->lang : english;                       // no copy per frame
    if (panel->parsed_valid && panel->parsed_lang != lang) panel->parsed_valid = false;  // words of another language
    if (!panel->parsed_valid) read_pasted(lang, panel);
    const ImportResult& r = panel->parsed;

    if (beside) ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(0.0f);
    if (!panel->applied_note.empty()) {
        ImGui::TextColored(context_color(), "%s", panel->applied_note.c_str());
    } else if (empty) {
        // Where the reading will appear: beside the box, or (a phone) under it, where this line is.
        const char* hint = beside ? tr("Paste or type here; what the text reads as appears beside it.")
                                  : tr("Paste or type in the box above; what the text reads as appears here.");
        ImGui::TextDisabled("%s", hint);
        record_value(ui, "import:hint", hint);
    } else if (r.ok) {
        ImGui::TextColored(context_color(), "%s", panel->parsed_summary.c_str());
    } else {
        ImGui::TextColored(error_color(), tr("Cannot apply: %s"), r.error.c_str());
    }
    if (!r.ok && !empty) record_value(ui, "import:error", r.error);
    ImGui::PopTextWrapPos();
    ImGui::EndGroup();

    ImGui::BeginDisabled(!r.ok || empty);
    if (ImGui::Button(tr("Apply"))) {
        *draft = apply_import(*draft, r);
        edited = true;
        panel->applied_note =
            trf("Applied: %d x %d. The text stays here; edit it and apply again.", r.inputs.rows, r.inputs.cols);
    }
    ImGui::EndDisabled();
    record_layout(ui, "import:apply");
    ImGui::SameLine();
    if (ImGui::Button(tr("Clear"))) {
        panel->text.clear();
        panel->parsed_valid = false;
        panel->applied_note.clear();
    }
    record_layout(ui, "import:clear");
    return edited;
}

void refresh_exports(const State& s, ImportUi* panel) {
    const Matrix& x = s.inputs;
    const bool same = panel->export_tokens == s.tokens && panel->export_inputs.rows == x.rows &&
                      panel->export_inputs.cols == x.cols && panel->export_inputs.data.size() == x.data.size() &&
                      std::memcmp(panel->export_inputs.data.data(), x.data.data(), x.data.size() * sizeof(float)) == 0;
    if (same && !panel->exported[0].empty()) return;
    panel->export_tokens = s.tokens;
    panel->export_inputs = x;
    for (int f = 0; f < 3; ++f) panel->exported[f] = export_embeddings(s, ExportFormat(f));
}

// The three forms and their Copy buttons. Export's writer is not part of the first view
// (core/view/deferred_code.h): this is called once the page has the deferred code, which opening
// Export asks for.
ATTN_DEFERRED_ENTRY void export_tab_here(const FrameInput& in, UiState* ui, ImportUi* panel) {
    refresh_exports(in.state, panel);
    const char* names[] = {"JSON", "CSV", "PyTorch"};
    const char* layout[] = {"export:copy:json", "export:copy:csv", "export:copy:torch"};
    ImGui::TextWrapped("%s",
                       tr("The current tokens and inputs; each form pastes back in exactly (every float bit-exact)."));
    const float h = std::max(ImGui::GetFontSize() * 4,
                             (ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeightWithSpacing() * 4.5f) / 3);
    for (int f = 0; f < 3; ++f) {
        ImGui::PushID(f);
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(names[f]);
        ImGui::SameLine();
        if (small_button(tr("Copy"))) {
            ImGui::SetClipboardText(panel->exported[f].c_str());
            panel->copied = f;
        }
        record_layout(ui, layout[f]);
        if (panel->copied == f) {  // said where it was pressed, as the code view's Copy says it
            ImGui::SameLine();
            ImGui::TextColored(context_color(), "%s", tr("copied"));
            record_layout(ui, "export:copied");
        }
        const std::string& full = panel->exported[f];
        std::string shown;
        if (full.size() > kPreviewBytes) {
            shown = full.substr(0, full.rfind('\n', kPreviewBytes) + 1) +
                    trf("... (shortened here; Copy copies all %zu bytes)", full.size());
        }
        const std::string& text = shown.empty() ? full : shown;
        push_mono();
        ImGui::InputTextMultiline("##export", const_cast<char*>(text.c_str()), text.size() + 1, ImVec2(-1, h),
                                  ImGuiInputTextFlags_ReadOnly);
        ImGui::PopFont();
        ImGui::PopID();
    }
}

bool import_tab(const FrameInput& in, State* draft, UiState* ui, ImportUi* panel) {
    return code_here_or_ask(in, ui, tr("The import is on its way..."), "import:retry") &&
           import_tab_here(in, draft, ui, panel);
}

void export_tab(const FrameInput& in, UiState* ui, ImportUi* panel) {
    if (code_here_or_ask(in, ui, tr("The export is on its way..."), "export:retry")) export_tab_here(in, ui, panel);
}

}  // namespace

// The button and the popup, keeping what they need in *panel.
bool import_popup(const FrameInput& in, State* draft, UiState* ui, ImportUi* panel) {
    bool edited = false;
    if (ImGui::Button(tr("Import / Export...")) || panel->open_requested) {
        if (panel->open_requested) panel->exporting = false;  // a paste arrived: show it on Import
        panel->open_requested = false;
        panel->copied = -1;
        ImGui::OpenPopup(kPopup);
    }
    record_layout(ui, "import:open");
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float font = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x * 0.96f, font * 52), std::min(display.y * 0.9f, font * 34)),
                             ImGuiCond_Appearing);
    bool open = true;
    const std::string title = std::string(tr("Import / Export")) + kPopup;
    if (ImGui::BeginPopupModal(title.c_str(), &open)) {
        // Import or Export as two radio buttons: the same choice as a tab bar, without ImGui's tab
        // code in the page (about 3 KB gzip of the size budget).
        if (radio_button(tr("Import"), !panel->exporting)) panel->exporting = false;
        record_layout(ui, "import:tab:import");
        ImGui::SameLine();
        if (radio_button(tr("Export"), panel->exporting)) panel->exporting = true;
        record_layout(ui, "import:tab:export");
        ImGui::Separator();
        if (panel->exporting)
            export_tab(in, ui, panel);
        else
            edited = import_tab(in, draft, ui, panel);
        if (edited) ImGui::CloseCurrentPopup();  // show the applied data; the text waits for next time
        ImGui::SetCursorPosX(std::max(ImGui::GetCursorPosX(), ImGui::GetWindowContentRegionMax().x -
                                                                  ImGui::CalcTextSize(tr("Close")).x -
                                                                  ImGui::GetStyle().FramePadding.x * 2));
        if (ImGui::Button(tr("Close")) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
            ImGui::CloseCurrentPopup();
        record_layout(ui, "import:close");
        ImGui::EndPopup();
    }
    return edited;
}

bool panel_import(const FrameInput& in, State* draft, UiState* ui) {
    return import_popup(in, draft, ui, &ui->import);
}

void import_panel_paste(UiState* ui, std::string text) {
    // With the keyboard's focus on a text field it is typed there (field_typing.h makes the field
    // take it), a spreadsheet's tabs and line breaks as spaces, as an active one-line field has them.
    if (typing_goes_to_field(ui->typing)) {
        for (char& c : text)
            if (c == '\t' || c == '\n' || c == '\r') c = ' ';
        ImGui::GetIO().AddInputCharactersUTF8(text.c_str());
        return;
    }
    ui->import.text = sanitize_utf8(text);
    ui->import.parsed_valid = false;
    ui->import.applied_note.clear();
    ui->import.open_requested = true;
}

}  // namespace attn::ui
