// A list of numbers as a learner types it: separated by spaces, commas, semicolons or brackets,
// maybe pasted as "tensor([...])", with '−' for minus. Read leniently but never silently: a
// decimal comma is read only when the count says so, and the note says it was.
#pragma once
#include <string>

#include "core/math/matrix.h"

namespace attn {

// What was read, and what went wrong or was assumed, as facts: the lesson says them in the
// learner's words (core/lesson/practice.cpp, catalog ids "numbers.*").
struct ParsedNumbers {
    bool ok = false;
    Vector values;  // also when the count is wrong: what was read
    enum class Problem {
        None,
        Empty,       // nothing typed
        NotANumber,  // `bad`, entry `bad_entry`, is not a number
        WrongCount,  // values.size() numbers where expected_count are needed
    };
    Problem problem = Problem::None;
    std::string bad;
    int bad_entry = -1;
    bool comma_hint = false;  // WrongCount with commas that may have been meant as decimal commas
    // What was assumed about a chunk like "0,5" (comma_example, as typed): one number with a
    // decimal comma, or two numbers.
    enum class Comma { None, ReadAsDecimal, ReadAsTwo };
    Comma comma = Comma::None;
    std::string comma_example;
};

// Reads the numbers in text; expected_count (> 0) decides between "0,5" as one number with a
// decimal comma and as two numbers. Accepts a leading '+', the minus sign '−' and "2." (PyTorch's
// whole-number style).
ParsedNumbers parse_numbers(const std::string& text, int expected_count);

// The divisors of n, for a hint or a refusal about a count that must divide another (num_kv_groups
// of num_heads): "1, 2, 4, 8" for 8.
std::string divisor_list(long long n);

}  // namespace attn
