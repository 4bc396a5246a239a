// Numbers read from text, one way for every parser: float32 values through strtof (one rounding,
// never through a double) and whole numbers through std::from_chars. Both read the whole text or
// nothing, so "1x", "0.5 " and "" are refused, not read as far as they go.
#pragma once
#include <cstdint>
#include <string_view>

namespace attn {

enum class NumberKind { Ok, NotNumber, NonFinite, Overflow };
// The whole text as one decimal number: [+-] digits [. digits] [e [+-] digits] ("2." and ".5"
// fine), with ',' as the point when decimal_comma. The words inf, infinity and nan (any case) are
// NonFinite; a value beyond float32 is Overflow. *out is set only when Ok.
NumberKind read_float32(std::string_view text, bool decimal_comma, float* out);

enum class WholeKind { Ok, NotWhole, OutOfRange };
// The whole text as a decimal integer: an optional '-' then digits (no '+', spaces or point);
// beyond int64 it is OutOfRange, never wrapped. *out is set only when Ok.
WholeKind read_whole(std::string_view text, int64_t* out);

}  // namespace attn
