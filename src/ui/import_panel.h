// "Import / Export": paste embeddings as JSON, CSV/TSV rows or a PyTorch literal and apply them
// to the draft; copy the current tokens and inputs out in the same three forms. The pasted text
// is kept (a refused paste loses nothing) and its error is shown beside the box.
#pragma once
#include <string>
#include <vector>

#include "core/document/import/import_text.h"
#include "ui/ui.h"

namespace attn::ui {

// What the popup keeps between frames (and between openings).
struct ImportPanel {
    std::string text;           // the learner's paste, never discarded by a refusal; valid UTF-8
    ImportResult parsed;        // import_embeddings(text), redone when the text changes
    bool parsed_valid = false;  // parsed belongs to text
    std::string applied_note;   // "Applied 6 tokens x 3 dims" after Apply
    // Export texts, rebuilt when the tokens or inputs change.
    std::vector<std::string> export_tokens;
    Matrix export_inputs;
    std::string exported[3];  // ExportFormat::Json, Csv, Torch
};

// A button "Import / Export..." that opens the popup, and the popup itself. Apply writes the
// import into *draft (returns true: the app validates and commits it like any edit). Layout
// names: "import:open", "import:text", "import:apply", "import:clear", "import:close", "import:tab:import",
// "import:tab:export", "export:copy:json|csv|torch".
bool panel_import(const FrameInput& in, State* draft, UiState* ui);
// The same with the caller's storage (panel_import uses one static ImportPanel).
bool import_popup(const FrameInput& in, State* draft, UiState* ui, ImportPanel* panel);
// Puts text into panel_import's box (through sanitize_utf8) and opens the popup on the next frame:
// for a page whose canvas receives a paste event (SDL has no browser clipboard, so Ctrl+V alone
// pastes nothing).
void import_panel_paste(std::string text);

}  // namespace attn::ui
