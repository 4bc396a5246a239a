// Each example reproduces a case from the lesson; the comments give the numbers it should show.
#include "core/document/examples.h"

#include "core/document/random_inputs.h"
#include "core/text/utf8.h"

namespace attn {

const std::vector<Example>& examples() {
    static const std::vector<Example> list = {
        {"your-journey"},  // "Your journey starts with one step": six 3-D embeddings, query journey
        {"three-tokens"},  // [1,0], [2,2], [0,1]: query inputs[1] scores [2, 8, 2]
        {"cat-sat-mat"},   // cat, sat, mat: query sat scores 1, 5, 2
        {"alignment"},     // u=[1,1] against same, orthogonal and opposite vectors: 2, 2, 0, -2
    };
    return list;
}

bool load_example(const std::string& name, State* out) {
    State s;
    s.example = name;
    if (name == "your-journey") {
        // Scores for query journey: [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865].
        s.tokens = {"Your", "journey", "starts", "with", "one", "step"};
        s.inputs = Matrix::from_rows({{0.43f, 0.15f, 0.89f},
                                      {0.55f, 0.87f, 0.66f},
                                      {0.57f, 0.85f, 0.64f},
                                      {0.22f, 0.58f, 0.33f},
                                      {0.77f, 0.25f, 0.10f},
                                      {0.05f, 0.80f, 0.55f}});
        s.query = 1;
    } else if (name == "three-tokens") {
        // query [2,2]: [1,0]·[2,2] = 2, [2,2]·[2,2] = 8, [0,1]·[2,2] = 2.
        s.tokens = {"token 0", "token 1", "token 2"};
        s.inputs = Matrix::from_rows({{1, 0}, {2, 2}, {0, 1}});
        s.query = 1;
    } else if (name == "cat-sat-mat") {
        // sat = [2,1]: cat [0,1] -> 1, sat -> 4 + 1 = 5, mat [1,0] -> 2.
        s.tokens = {"cat", "sat", "mat"};
        s.inputs = Matrix::from_rows({{0, 1}, {2, 1}, {1, 0}});
        s.query = 1;
    } else if (name == "alignment") {
        // u·u = 2 (the query itself), u·v = 2 (same direction), u·w = 0 (orthogonal), u·z = -2.
        s.tokens = {"u", "v", "w", "z"};
        s.inputs = Matrix::from_rows({{1, 1}, {1, 1}, {1, -1}, {-1, -1}});
        s.query = 0;
    } else {
        int n = 0, d = 0;
        uint64_t seed = 0;
        if (!parse_random_example_name(name, &n, &d, &seed)) return false;
        s.query = 0;
        if (!apply_random_inputs(&s, n, d, seed).empty()) return false;
    }
    *out = s;
    return true;
}

bool same_data(const State& a, const State& b) {
    return a.tokens == b.tokens && a.inputs.rows == b.inputs.rows && a.inputs.cols == b.inputs.cols &&
           a.inputs.data == b.inputs.data;
}

bool is_example_name(const std::string& name) {
    for (const Example& e : examples())
        if (name == e.name) return true;
    int n = 0, d = 0;
    uint64_t seed = 0;
    return parse_random_example_name(name, &n, &d, &seed);
}

std::string example_names_hint() {
    std::string names;
    for (size_t i = 0; i < examples().size(); ++i) names += (i ? ", " : "") + std::string(examples()[i].name);
    return names + ", or random-<n>x<d>-seed<s> (torch.rand embeddings, n 1.." + std::to_string(kMaxTokens) +
           ", d 1.." + std::to_string(kMaxDims) + ")";
}

Sentence unknown_example_refusal(const std::string& name) {
    // The name comes from a link or a command line: its control characters are shown escaped,
    // never sent to a terminal or a page as they are, and a long one is cut.
    std::string names;
    for (size_t i = 0; i < examples().size(); ++i) names += (i ? ", " : "") + std::string(examples()[i].name);
    return sentence(
        "unknown example '%s': choose one of %s, or random-<n>x<d>-seed<s> (torch.rand embeddings, n 1..%s, d 1..%s)",
        {escape_controls(truncate_utf8(name, 64)) + (name.size() > 64 ? "..." : ""), names, std::to_string(kMaxTokens),
         std::to_string(kMaxDims)});
}

std::string unknown_example_message(const std::string& name) {
    return english(unknown_example_refusal(name));
}

}  // namespace attn
