// Numbers the learner types or slides, read by the core's own number reader (core/text/
// number_parse.h): no locale, a decimal comma read as a point, nothing that wraps around. They
// replace ImGui's InputInt, DragFloat and sliders, whose text goes through sscanf: one reader for
// every number on screen, click-then-type that always works, and a phone's number keyboard.
#pragma once
#include <cstdint>
#include <limits>
#include <string>

#include "core/text/number_list.h"  // divisor_list: the numbers a divisors_of field steps to
#include "ui/ui_state.h"

namespace attn::ui {

// A whole number as text with − and + buttons beside it (as InputInt looks), `width` wide in all;
// while it is typed into, Up adds up_step and Down takes it away (-1 where the numbers count down a
// list). Returns true when typing or a button changed *value. Text that is not a whole number
// leaves *value alone; ranges are the caller's to check (the app's validator names them).
// Layout: name (the text) and base + ":minus", base + ":plus", base being name without a
// trailing ":input" ("query:input", "query:minus"). divisors_of > 0: the buttons and the arrow keys
// step only to divisors of it (a typed number is taken as typed, for the caller to refuse).
// spoken: what a screen reader hears the field called as the keyboard reaches it (its label on
// screen, translated), said with its value; its buttons are "spoken −" and "spoken +".
// lo..hi: where the arrow keys and the buttons stop (a query position 0..n-1: a walk heard Down
// step to a position past the last token); a typed number is still the caller's to check.
// refusal: why the caller refused the last number typed ("query position is 9 but must be 0..4"),
// said with the field's value as its state, or empty; while it stands, every number typed is
// returned, the value itself included, so that the caller can take the refusal back.
bool whole_field(UiState* ui, const std::string& name, const std::string& spoken, int64_t* value, float width,
                 int up_step = 1, int64_t divisors_of = 0, int64_t lo = std::numeric_limits<int64_t>::min(),
                 int64_t hi = std::numeric_limits<int64_t>::max(), const std::string& refusal = {});

// A decimal number as text, shown with up to `decimals` decimals while not being typed into.
// Returns true when the typed text read as another number. Layout: name; spoken as whole_field's.
bool decimal_field(UiState* ui, const std::string& name, const std::string& spoken, float* value, int decimals,
                   float width);

// A slider over [lo, hi] on a log scale (a score multiplier from × 1 to × 1000), in ImGui's
// frame and grab colours, showing `text` on it: drag or click to set it; from the keyboard, Space
// or Enter takes it and Left and Right step it. Returns true when *value changed. It is the last
// item, for the caller to record.
bool log_slider(const std::string& name, float* value, float lo, float hi, const std::string& text, float width);

}  // namespace attn::ui
