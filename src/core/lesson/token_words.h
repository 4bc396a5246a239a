// How the lesson's sentences name a token of the state: its label in the language's quotation
// marks ("journey", “journey”) and its embedding as a short vector ("[0.55, 0.87, 0.66]").
#pragma once
#include <string>

#include "core/document/state.h"
#include "core/lesson/lesson_text.h"
#include "core/text/prose_format.h"

namespace attn {

inline std::string label(const TextCatalog& language, const State& s, int i) {
    return language.quoted(s.tokens[size_t(i)]);
}

// In code (a comment after "#"): Python's own quotes, in every language.
inline std::string code_label(const State& s, int i) {
    return quoted(s.tokens[size_t(i)]);
}

inline std::string row(const State& s, int i) {
    return typed_row(s.inputs, i);
}

}  // namespace attn
