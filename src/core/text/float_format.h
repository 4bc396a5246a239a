// Numbers as the shortest text that reads back as the same value: what the state document,
// results() and every message write.
#pragma once
#include <string>

namespace attn {

// The shortest decimal that reads back (strtof/strtod) as the same value: 0.1f -> "0.1",
// 1e6f -> "1e6", 16777216.0f -> "16777216". Non-finite values give "inf", "-inf" or "nan".
std::string format_float(float f);
std::string format_double(double d);

}  // namespace attn
