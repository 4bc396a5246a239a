// The built-in examples. Their names are part of the CLI and URL contract.
#pragma once
#include <string>
#include <vector>

#include "core/document/state.h"

namespace attn {

struct Example {
    const char* name;  // "three-tokens", "your-journey", "cat-sat-mat", "alignment"
};

const std::vector<Example>& examples();
// The example's full default state (tokens, embeddings, query). Besides the four above, a name
// "random-<n>x<d>-seed<s>" (see random_inputs.h) gives torch.rand embeddings, query 0. False if
// the name is unknown.
bool load_example(const std::string& name, State* out);
// The same tokens and the same inputs, number for number (as floats compare: -0 equals 0): what
// makes data an example's own, after an import or in a short link.
bool same_data(const State& a, const State& b);
// True for the four names and for random-<n>x<d>-seed<s> within the generator's limits: what the
// state document's example field may hold besides "". Cheap: nothing is generated.
bool is_example_name(const std::string& name);
// "your-journey, three-tokens, cat-sat-mat, alignment, or random-<n>x<d>-seed<s> (...)"
std::string example_names_hint();
// "unknown example 'x': choose one of three-tokens, your-journey, cat-sat-mat, alignment, or
// random-<n>x<d>-seed<s> (...)", as a sentence a learner reads in their language, and in English.
Sentence unknown_example_refusal(const std::string& name);
std::string unknown_example_message(const std::string& name);

}  // namespace attn
