// "Import / Export": paste embeddings as JSON, CSV/TSV rows or a PyTorch literal and apply them
// to the draft; copy the current tokens and inputs out in the same three forms. The pasted text
// is kept (a refused paste loses nothing) and its error is shown beside the box.
#pragma once
#include <string>

#include "ui/ui_state.h"

namespace attn::ui {

// A button "Import / Export..." that opens the popup, and the popup itself. Apply writes the
// import into *draft (returns true: the app validates and commits it like any edit). Layout
// names: "import:open", "import:text", "import:apply", "import:clear", "import:close", "import:tab:import",
// "import:tab:export", "export:copy:json|csv|torch".
// What the popup keeps between frames is ui->import.
bool panel_import(const FrameInput& in, State* draft, UiState* ui);
// Puts text into the import box (through sanitize_utf8) and opens the popup on the next frame:
// for a page whose canvas receives a paste event (SDL has no browser clipboard, so Ctrl+V alone
// pastes nothing). With the keyboard's focus on a text field, the field takes it instead.
void import_panel_paste(UiState* ui, std::string text);

}  // namespace attn::ui
