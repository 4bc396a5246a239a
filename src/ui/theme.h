// Colours and fonts shared by the panels, so the query, the context vector and the tokens have
// one colour each everywhere (arrows, table rows, bars, heatmap highlights).
#pragma once
#include <imgui.h>

namespace attn::ui {

ImFont* mono_font();  // DejaVu Sans Mono: tensors and code

// Query: a strong orange; context vector: teal-green; other tokens: a muted blue. Chosen from the
// Okabe-Ito palette so they stay distinct for colour-blind viewers.
inline ImVec4 query_color() { return ImVec4(0.835f, 0.369f, 0.0f, 1.0f); }    // #D55E00
inline ImVec4 context_color() { return ImVec4(0.0f, 0.620f, 0.451f, 1.0f); }  // #009E73
inline ImVec4 token_color() { return ImVec4(0.0f, 0.447f, 0.698f, 1.0f); }    // #0072B2
inline ImVec4 muted_text() { return ImVec4(0.42f, 0.45f, 0.50f, 1.0f); }
inline ImVec4 error_color() { return ImVec4(0.75f, 0.10f, 0.10f, 1.0f); }

}  // namespace attn::ui
