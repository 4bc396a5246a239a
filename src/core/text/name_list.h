// Fixed lists of names (a document's keys, a link's keys, the panels): membership, and the list
// as a message names it ("inputs, plot, loop").
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace attn {

template <size_t N>
bool is_one_of(std::string_view s, const char* const (&names)[N]) {
    for (const char* name : names)
        if (s == name) return true;
    return false;
}

template <size_t N>
std::string join_names(const char* const (&names)[N]) {
    std::string out;
    for (const char* name : names) out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

}  // namespace attn
