// How the lesson's sentences name a token of the state: its label in quotes ("journey") and its
// embedding as a short vector ("[0.55, 0.87, 0.66]").
#pragma once
#include <string>

#include "core/document/state.h"
#include "core/text/prose_format.h"

namespace attn {

inline std::string label(const State& s, int i) {
    return quoted(s.tokens[size_t(i)]);
}

inline std::string row(const State& s, int i) {
    return typed_row(s.inputs, i);
}

}  // namespace attn
