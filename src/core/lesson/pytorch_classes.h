// The Python source of chapter 3's classes as the book writes them (sections 3.4.1 to 3.6.2), and
// of its repository's GQA and SWA classes (ch04), for the PyTorch code the explainer generates. Text only: the numbers
// come from core/math.
#pragma once
#include <string>

#include "core/math/attention_modules.h"

namespace attn {

// The class definition (and, for the wrapper, CausalAttention's, which it builds on), starting
// with "class ", ending with a blank line. causal: SelfAttention_v1 and _v2 with the causal mask of
// 3.5 added to their forward pass (the book's classes of 3.5 and 3.6 always mask). cached: the
// version with a KV cache (forward(x, use_cache=True)); GQA's and SWA's always have one.
std::string book_class_code(AttentionModule module, bool causal, bool cached = false);
// The variable the book names an instance of the class: "sa_v1", "sa_v2", "ca", "mha" ("gqa", "swa").
const char* book_instance_name(AttentionModule module);

}  // namespace attn
