// Small building blocks the panels share: named rectangles for tests, text that wraps only where
// a reader would break it (after a comma or a plus), ordinals, help markers and compact matrices.
#pragma once
#include <string>
#include <vector>

#include "core/math/matrix.h"
#include "core/text/prose_format.h"
#include "ui/ui_state.h"
#include "ui/words.h"

namespace attn::ui {

// Records a named rectangle (the last item's, or the given one) for attention.layout() and tests.
void record_layout(UiState* ui, const char* name);
inline void record_layout(UiState* ui, const std::string& name) {
    record_layout(ui, name.c_str());
}
void record_layout(UiState* ui, const std::string& name, ImVec2 min, ImVec2 max);
// Records a value as the screen shows it ("0.2379", or kHidden while a question covers it) under
// "value:<name>", with the last item's rectangle or the given one: what tests read to check that
// an answer is not on screen before the learner predicts it.
void record_value(UiState* ui, const std::string& name, const std::string& text);
void record_value(UiState* ui, const std::string& name, const std::string& text, ImVec2 min, ImVec2 max);
// ImGui::PushTextWrapPos for a screen x (ImGui 1.86 takes the wrap position in the window's own
// coordinates: a screen x wraps too late in any panel not at the canvas's left edge).
void push_wrap_at_screen_x(float x);
// What a covered value shows.
constexpr const char* kHidden = "?";

// Whether a tooltip may open now: not while a popup is open. ImGui 1.86 crashes when a tooltip
// begins outside a modal popup in the frame that modal opens (FindBlockingModal finds none), so
// every tooltip outside a popup asks first.
bool tooltips_allowed();
// IsItemHovered() and tooltips_allowed(): the guard for SetTooltip on the last item.
bool item_tooltip();
// item_tooltip() for a control that acts when clicked (a button, a check box, a field): not while
// the pointer rests where it last pressed, since the click changed the screen and the tooltip
// would cover what came (Start, then Leave's tooltip over the bar); it shows again once the
// pointer moves, and for keyboard focus. Text keeps item_tooltip(): tapping it is how a phone asks.
bool control_tooltip();
// Whether the keyboard moves the focus among the drawing's controls now (its highlight shows).
bool keyboard_navigating();
// Gives the keyboard's focus to the last item, highlighted as the arrow keys leave it, and scrolls
// it into view (its window and those around it): for the control that takes over from one the
// keyboard pressed away (Start, or a step's Reveal, gone with its step), whose focus would be lost.
void take_keyboard_focus();
// A small "(?)" marker with its help, as in imgui_demo.cpp: a tooltip under a mouse, a popup
// under a finger's tap. key names the marker ("help:lab-scale"): its popup stays open when its
// text changes under it (a Reveal, a new number), and with ui it is recorded in the layout.
void help_marker(const char* key, const std::string& text, UiState* ui = nullptr);

// A run of text drawn piece by piece, wrapping to the next line only between pieces, so numbers
// are never cut ("0.\n7070"). Continuation lines start `indent` pixels in.
struct Piece {
    std::string text;
    ImU32 color = 0;     // 0: the theme's text colour
    bool glued = false;  // starts no line: it goes where the piece before it goes ("0.0085·" "[-1, -1]")
};
void flow_text(const std::vector<Piece>& pieces, float indent = 0.0f, float width = 0.0f);  // 0: to the region's edge
// text's words as flow_text's pieces (core/text/line_breaks.h), a short group ("[0.43, 0.15]") as
// one unless it is wider than the line (width 0: the region's), where it breaks at its spaces.
void add_words(std::vector<Piece>* out, std::string_view text, ImU32 ink = 0, float width = 0.0f);
// Running text that wraps only at spaces (and between Chinese characters: core/text/line_breaks.h),
// so "70.7" or "[0.43, 0.15]" never breaks at the dot or comma the way TextWrapped does. Lines
// separated by '\n' start new lines. color 0: the theme's.
void prose(const std::string& text, ImVec4 color = ImVec4(0, 0, 0, 0), float width = 0.0f);
// One line of Python in the code font, wrapped as prose is; a wrapped part starts four columns
// deeper than the line's own indentation, so the nesting Python reads stays visible on a phone.
void code_line(const std::string& line, ImVec4 color = ImVec4(0, 0, 0, 0));
// prose() of a printf format: what the panels use where ImGui::TextWrapped would break "0.43".
void prose_f(const char* format, ...) IM_FMTARGS(1);

// A tensor printed PyTorch-style, cut into pieces after each comma: "tensor([", "0.9544, ", ...
// With more than max_elements, the middle is elided ("..."); slot `highlight` gets `color`; slots
// after `filled` print as a dot (not computed yet), keeping the full tensor's number style.
std::vector<Piece> tensor_pieces(const std::string& prefix, const Vector& v, int max_elements = 12, int highlight = -1,
                                 ImU32 color = 0, int filled = 1 << 30);

// A matrix as a small grid of numbers in the mono font, elided past max_rows x max_cols.
void matrix_grid(const char* id, const Matrix& m, int max_rows, int max_cols, const std::vector<std::string>* row_names,
                 int highlight_row, UiState* ui);

// A radio button whose label wraps (at spaces, as prose does) when it is wider than the room left:
// a long answer choice on a phone reads whole instead of being cut. A click on the circle or the
// text picks it; the last item is the whole choice (for record_layout). take_focus: the circle
// takes the keyboard's focus (take_keyboard_focus). index, count: its place among the choices,
// said with it ("5, not checked, 1 of 4"); the arrow keys go through the choices in the order
// they are drawn (ordered_choice_for_keyboard).
bool choice_radio(const std::string& label, bool active, bool take_focus, int index, int count);

// Marks the last item (a tab, the current exercise or bug) as the selected one by a bar along its
// foot in the text colour, so that it is told by shape and not by its fill alone (WCAG 1.4.1).
void mark_selected();

// SameLine(0, spacing) if an item `width` wide still fits on the current line after `spacing`
// (default: the style's item spacing), else the next item starts a new line: rows of buttons
// wrap on narrow screens instead of running off the edge.
void same_line_if_fits(float width, float spacing = -1.0f);
// The width ImGui::Button(label) takes: the label (up to a "##") and the frame's padding.
float button_width(const char* label);
// The smallest target a pointer or a finger is given: 24 x 24 CSS px (WCAG 2.5.8).
constexpr float kMinTarget = 24.0f;
// A compact button (tight side padding) that is still at least kMinTarget wide and tall: what the
// UI uses where ImGui::SmallButton would draw a 15 px target.
bool small_button(const char* label);
// Whether the code the first view does not run is here (FrameInput::code). If not, asks the app for
// it and draws, where the caller would have drawn with it, `waiting` while it comes, or why it
// could not be fetched with a "Try again" button (no fetch is repeated without the learner).
bool code_here_or_ask(const FrameInput& in, UiState* ui, const char* waiting, const char* layout_name);
// Brings the lines from screen y `top` to `bottom` (this frame's positions) into view: in the
// current window and in every window around it that scrolls (on a phone the lesson band sits at
// its full height in the page's column, so only the column can move), as little as needed, and
// from `top` when they do not fit. Call it for a few frames after the lines appear: a window
// scrolls only as far as its last frame's content reached.
void scroll_into_view(float top, float bottom);
// The same within the current window alone, with its view starting where a line starts: one of
// `row_tops` (screen y, this frame), or `top`; from the window's top while all of its content fits.
// ImGui's rule would put `bottom` at the lower edge and cut whatever line is at the top in half (a
// question's prompt above its verdict). A line's start may be past where the content lets the
// view scroll: *room_below becomes the blank the caller keeps after `bottom` (a Dummy) while
// these lines show, so the window can scroll that far. Call it for a few frames, as the window
// settles; each call works it out afresh.
void scroll_into_view_whole_lines(float top, float bottom, const std::vector<float>& row_tops, float* room_below);
// In a scrolling list of rows row_h apart from its top (the current window), a new `row` (not
// *in_view) is brought to the middle when it is out of sight; *in_view becomes row. The learner's
// own scrolling stays until the row changes (with six tokens in four rows, query 4 was out of sight).
void keep_row_in_view(int row, float row_h, int* in_view);
// True on a phone-width layout: one column.
bool compact_layout();
// The verb hints use: "tap" where fingers are the pointer, else "click".
inline const char* click_verb(const UiState& ui) {
    return ui.touch_targets ? tr("tap") : tr("click");
}

}  // namespace attn::ui
