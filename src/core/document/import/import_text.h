// Embeddings pasted as text (JSON, CSV/TSV rows or a PyTorch literal from a notebook) read into
// tokens and inputs, and written back out in the same three forms. Every refusal names the row,
// the value and the fix; nothing here throws. The accepted text, precisely:
//
// Format, decided by the first thing in the text (after blank lines and # comment lines):
// - `{`: a JSON object with "inputs" (an array of arrays of numbers) and optionally "tokens" (an
//   array of strings). Other keys are ignored, so a whole state document may be pasted.
// - `[`: a nested list, JSON or Python style (`[[0.43, 0.15], [0.55, 0.87]]`; `2.`, `.5`, `+1` and a
//   trailing comma are fine).
// - text containing `tensor(` or `array(`: a PyTorch (or NumPy) literal. Everything before the first
//   `[` after it is ignored (`inputs = torch.`), and so is everything after its closing bracket
//   (`dtype=torch.float32`, `requires_grad=True`, `grad_fn=<...>`, `)`).
// - anything else: rows of values, one row per line. The separator is a tab if the text has one,
//   else `;` if it has one, else `,` if it has one, else spaces. With tabs, `;` or spaces a decimal
//   comma is read as a point (`0,43` is 0.43); with `,` separators decimal commas are ambiguous and
//   refused with a message. Lines starting with `#` are comments; blank lines are skipped.
// Labels (optional; without them the caller keeps its labels when the count matches, else
// "token 0", "token 1" ...):
// - A line `tokens: Your, journey, starts` (or `# tokens: ...`, or `tokens: ["Your", "journey"]`)
//   anywhere: one label per row, separated by commas (else by spaces). It overrides the others.
// - Rows: a first value that is not a number is that row's label (every row has one, or none).
//   A header line with no number in it at all, before the first row, is skipped.
// - Lists and literals: a `# comment` on the same line as a row's closing `]` labels that row, as in
//   the book (`[0.43, 0.15, 0.89], # Your     (x^1)`): a trailing "(...)" is dropped.
// - A label in double quotes is read as a JSON string ("two words", "2024", "say \"hi\"").
// Values: decimal numbers (1, -0.5, 2., .5, 1e-3) that fit float32. inf, nan, 1e999 are refused
// with their position; a printed tensor shortened with `...` is refused with how to print it all.
// Limits: kMaxDocumentBytes of text, kMaxTokens rows, kMaxDims values per row, kMaxLabelBytes.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/document/interface_text.h"
#include "core/document/state.h"
#include "core/math/matrix.h"
#include "core/text/utf8.h"

namespace attn {

enum class ImportFormat { Json, List, Torch, Rows };
const char* import_format_name(ImportFormat format);  // "JSON", "list", "PyTorch literal", "rows (CSV)"

struct ImportResult {
    bool ok = false;
    ImportFormat format = ImportFormat::Rows;  // what the text was read as (also when !ok)
    std::vector<std::string> tokens;           // one per row, or empty when the text gave none
    Matrix inputs;                             // (n, d), finite float32
    std::string error;                         // "row 3 has 2 values but row 1 has 3: ..." when !ok
};

// language: the interface's words the error is written in (lessons/<lang>/interface.json); null:
// English (the CLI, the page's API).
ImportResult import_embeddings(std::string_view text, const InterfaceText* language = nullptr);

// The current state with the imported tokens and inputs: labels from the import, else the
// current ones when the row count matches, else "token i"; query kept when still in range, else 0;
// example: the built-in example whose tokens and inputs these are (same_data), else cleared.
// imported must be ok.
State apply_import(const State& current, const ImportResult& imported);

enum class ExportFormat { Json, Csv, Torch };
// Text import_embeddings reads back to the same tokens and bit-identical inputs (state valid):
// Json  {"tokens": [...],\n "inputs": [[...],\n            [...]]}
// Csv   Your,0.43,0.15,0.89  (a label is quoted when it would read as something else)
// Torch inputs = torch.tensor(\n  [[0.43, 0.15, 0.89],  # Your\n   ...]\n)
std::string export_embeddings(const State& state, ExportFormat format);

// One number as a person types it into a cell: surrounding spaces ignored, a decimal comma read
// as a point ("0,43" -> 0.43). Returns "" and sets *out, or a message ("\"abc\" is not a number:
// ..." / "1e999 is too large for float32 ..." / "nan is not a finite number ..."), in language
// (null: English).
std::string parse_number_text(std::string_view text, float* out, const InterfaceText* language = nullptr);

}  // namespace attn
