// Where a line of running text may break, for any language the lesson is written in: after a run
// of spaces (English), and between two Chinese characters (Chinese puts no spaces between words),
// but never inside a number, a tensor or code ("0.4419", "inputs[1]", "[0.43, 0.15]" keep their
// spaces' rule: they break only at a space, and a short bracketed or quoted group not even there:
// "[0.43, 0.15]", "tril(ones, -1)", "\"token 1\""; a line breaks before "=", not after it), never
// before closing punctuation ("，" "。" "）") and never after opening punctuation ("（" "“"), as
// Chinese typesetting's basic rule asks; and a code comment's "#" never ends a line without its
// first word.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

// Chinese, Japanese and Korean characters and their full-width punctuation: a line may break on
// either side of one (subject to the punctuation rules above).
bool is_cjk_code_point(uint32_t cp);

// line cut into pieces that a renderer may place on a new line each; a break is allowed only
// between pieces. Each piece keeps the spaces after it, so the pieces joined give line back.
// "x = 0.43 then" -> "x ", "= ", "0.43 ", "then"; "权重为 0.4419。" -> "权", "重", "为 ", "0.4419。".
// KeepShort: a short group is one piece (above); Split: it breaks at its spaces, for a renderer
// whose line is narrower than the group (a phone's table header, a long Chinese token).
enum class LineGroups { KeepShort, Split };
std::vector<std::string> line_break_pieces(std::string_view line, LineGroups groups = LineGroups::KeepShort);

// A piece of code wider than `columns` (a long call chain on a phone) cut into fragments that
// each fit, where Python is broken by hand: after "(" "[" "," (with the spaces after them); a
// fragment still too wide, before an operator between spaces ("= 0.8400" starts a line); then
// before a "." that is no decimal point; one still too wide, between characters, so that nothing
// runs past the edge unseen. A piece that fits comes back whole; trailing spaces do not count (they
// may hang past the edge). Code is drawn in a monospace font: a character is a column.
std::vector<std::string> code_break_pieces(const std::string& piece, int columns);

}  // namespace attn
