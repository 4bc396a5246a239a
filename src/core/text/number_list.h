// A list of numbers as a learner types it: separated by spaces, commas, semicolons or brackets,
// maybe pasted as "tensor([...])", with '−' for minus. Read leniently but never silently: a
// decimal comma is read only when the count says so, and the note says it was.
#pragma once
#include <string>

#include "core/math/matrix.h"

namespace attn {

struct ParsedNumbers {
    bool ok = false;
    Vector values;
    std::string note;   // "" or what was assumed: "read 0,5 as 0.5 (a decimal comma) ..."
    std::string error;  // when !ok: what is wrong and how to write it
};

// Reads the numbers in text; expected_count (> 0) decides between "0,5" as one number with a
// decimal comma and as two numbers. Accepts a leading '+', the minus sign '−' and "2." (PyTorch's
// whole-number style).
ParsedNumbers parse_numbers(const std::string& text, int expected_count);

}  // namespace attn
