// The Python source of chapter 3's classes as the book writes them (sections 3.4.1 to 3.6.2), and
// of its repository's GQA and SWA classes (ch04), for the PyTorch code the explainer generates. Text only: the numbers
// come from core/math.
#pragma once
#include <string>
#include <vector>

#include "core/math/attention_modules.h"
#include "core/math/sentence.h"

namespace attn {

// The class definition (and, for the wrapper, CausalAttention's, which it builds on), starting
// with "class ", ending with a blank line. causal: SelfAttention_v1 and _v2 with the causal mask of
// 3.5 added to their forward pass (the book's classes of 3.5 and 3.6 always mask). cached: the
// version with a KV cache (forward(x, use_cache=True)); GQA's and SWA's always have one.
std::string book_class_code(AttentionModule module, bool causal, bool cached = false);
// The comments in those listings that are this project's, not the book's code (where a class comes
// from; a line that condenses the repository's longer comments), each the whole text after a
// line's "# ": the PyTorch code says them in the learner's language.
std::vector<Sentence> book_class_annotations();
// The variable the book names an instance of the class: "sa_v1", "sa_v2", "ca", "mha" ("gqa", "swa").
const char* book_instance_name(AttentionModule module);

// The calls that decode a sequence of n tokens through an instance's KV cache: the prompt's first
// `prefill` tokens (in calls of `chunk`, when 0 < chunk < prefill), then one token per call, the
// rows collected in `rows`. One layout for the lesson's step and the classes' PyTorch code; the
// comments are the caller's, in its language.
struct DecodeComments {
    std::string prefill;    // after the prefill's one call
    std::string chunks;     // after the loop over chunks
    std::string one_token;  // after the loop over the new tokens
};
std::vector<std::string> decode_call_lines(const std::string& var, int prefill, int chunk, int n,
                                           const DecodeComments& comments);

}  // namespace attn
