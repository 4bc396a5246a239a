// The code generator: one section per idea on screen, in the lesson's order. Every printed value
// is recorded with the number the core computed, so tests can run the code and compare.
#include "core/lesson/pytorch_code.h"

#include <cmath>
#include <cstdlib>

#include "core/document/json.h"
#include "core/document/module_json.h"
#include "core/document/random_inputs.h"
#include "core/lesson/pytorch_classes.h"
#include "core/math/dot.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"
#include "core/text/utf8.h"

namespace attn {
namespace {

class Writer {
public:
    explicit Writer(const InterfaceText* words) : words_(words) {}
    void line(const std::string& text = "") {
        code_ += text + "\n";
        ++lines_;
    }
    // A comment's words in the learner's language (the code beside it stays as it is).
    std::string say(const Sentence& s) const { return words_ ? said_in(s, *words_) : said(s, s.format); }
    // "# " and the words, on a line of their own.
    void comment(const Sentence& s) { line("# " + say(s)); }
    std::string ordinal(int position_one_based) const { return interface_ordinal(words_, position_one_based); }

    void print(const std::string& expression, const Vector& values, std::vector<int> shape) {
        CodeOutput out;
        out.expression = expression;
        out.values = values;
        out.shape = std::move(shape);
        out.full = values.size() <= kTorchPrintThreshold;
        if (!out.full) {
            std::string dims;
            for (size_t i = 0; i < out.shape.size(); ++i) dims += (i ? ", " : "") + std::to_string(out.shape[i]);
            out.text =
                say(sentence("a (%s) tensor of %s values: PyTorch prints only its first and last rows and columns",
                             {dims, std::to_string(values.size())}));
        } else if (out.shape.empty()) {
            out.text = "tensor(" + format_scalar(values.at(0)) + ")";
        } else if (out.shape.size() == 1) {
            out.text = format_tensor(values);
        } else {
            Matrix m(out.shape[0], out.shape[1]);
            m.data = values;
            out.text = format_tensor(m);
        }
        line("print(" + expression + ")");
        size_t start = 0;
        while (start <= out.text.size()) {
            const size_t end = out.text.find('\n', start);
            output_lines_.push_back(lines_);
            line("# " + out.text.substr(start, end == std::string::npos ? std::string::npos : end - start));
            if (end == std::string::npos) break;
            start = end + 1;
        }
        outputs_.push_back(std::move(out));
    }
    void print(const std::string& expression, const Matrix& m) { print(expression, m.data, {m.rows, m.cols}); }
    void print(const std::string& expression, const Vector& v) { print(expression, v, {int(v.size())}); }
    void print_scalar(const std::string& expression, float x) { print(expression, Vector{x}, {}); }

    PyTorchCode finish() { return {std::move(code_), std::move(outputs_), std::move(output_lines_)}; }

private:
    const InterfaceText* words_;
    std::string code_;
    int lines_ = 0;
    std::vector<CodeOutput> outputs_;
    std::vector<int> output_lines_;
};

// A label for a code comment: labels cannot hold control characters (validate_label), but a
// generated file must stay valid whatever it is given.
// A label in a code comment: its control characters (line breaks, bidi overrides: see
// is_control_code_point) written as \uXXXX, so the comment shows what the label holds.
std::string comment_text(const std::string& label) {
    return escape_controls(label);
}

std::string pad(std::string s, size_t width) {
    size_t chars = 0;  // UTF-8 code points, so labels line up in the comments
    for (unsigned char c : s) chars += (c & 0xC0) != 0x80;
    if (chars < width) s.append(width - chars, ' ');
    return s;
}

// torch.tensor([[...], ...]) with one commented row per token, as in the book; or, for generated
// inputs, the two generator lines, which give the same numbers bit for bit (a 1024-row literal
// would bury the lesson).
void write_inputs(const State& s, bool numbered, Writer* w) {
    const Matrix& X = s.inputs;
    int n = 0, d = 0;
    uint64_t seed = 0;
    // The name is informational in a state document: the lines are used only when the data is
    // exactly what they make.
    if (parse_random_example_name(s.example, &n, &d, &seed) && n == X.rows && d == X.cols &&
        random_embeddings(n, d, seed).data == X.data) {
        const std::string lines = random_inputs_pytorch(n, d, seed);
        size_t start = 0;
        for (size_t end = lines.find('\n');; end = lines.find('\n', start)) {
            w->line(lines.substr(start, end == std::string::npos ? std::string::npos : end - start));
            if (end == std::string::npos) break;
            start = end + 1;
        }
        w->comment(sentence("tokens t0 .. t%s, one row each", {std::to_string(n - 1)}));
        return;
    }
    std::vector<std::string> rows(size_t(X.rows));
    size_t width = 0, label_width = 0;
    // Every number with the decimals of the most precise one (up to 4), as the book writes its
    // literal: [0.77, 0.25, 0.10]. Trailing zeros never change the value.
    const int decimals = typed_decimals(X.data.data(), X.data.size());
    auto literal = [&](float x) {
        std::string t = python_float(x);
        const size_t dot = t.find('.');
        if (dot != std::string::npos && t.find_first_of("eEn") == std::string::npos)
            while (int(t.size() - dot - 1) < decimals) t += '0';
        return t;
    };
    for (int i = 0; i < X.rows; ++i) {
        std::string row = i == 0 ? "  [[" : "   [";
        for (int c = 0; c < X.cols; ++c) row += (c ? ", " : "") + literal(X.at(i, c));
        row += i + 1 < X.rows ? "]," : "]]";
        width = std::max(width, row.size());
        label_width = std::max(label_width, comment_text(s.tokens[size_t(i)]).size());
        rows[size_t(i)] = row;
    }
    label_width = std::min<size_t>(label_width, 16);
    w->line("inputs = torch.tensor(");
    for (int i = 0; i < X.rows; ++i)
        w->line(pad(rows[size_t(i)], width) + "  # " + pad(comment_text(s.tokens[size_t(i)]), label_width) +
                (numbered ? " (x^" + std::to_string(i + 1) + ")" : ""));
    w->line(")");
}

std::string normalised(Norm norm, const std::string& x, const char* dim) {
    const bool simple = x.find(' ') == std::string::npos;
    const std::string arg = simple ? x : "(" + x + ")";
    switch (norm) {
        case Norm::Sum:
            return arg + " / " + arg + ".sum(dim=" + dim + ", keepdim=True)";
        case Norm::SoftmaxNaive:
            return "torch.exp(" + x + ") / torch.exp(" + x + ").sum(dim=" + dim + ", keepdim=True)";
        case Norm::Softmax:
            return "torch.softmax(" + x + ", dim=" + std::string(dim) + ")";
    }
    return "torch.softmax(" + x + ", dim=" + std::string(dim) + ")";
}

// "# The context vector: ..." for the normalisation the state uses.
Sentence context_comment(Norm norm) {
    switch (norm) {
        case Norm::Sum:
            return sentence("The context vector: the inputs weighted by the divide-by-the-sum weights.");
        case Norm::SoftmaxNaive:
            return sentence("The context vector: the inputs weighted by the hand-written softmax weights.");
        case Norm::Softmax:
            break;
    }
    return sentence("The context vector: the inputs weighted by the softmax weights.");
}

void write_mask(const State& s, const std::string& var, Writer* w) {
    const std::string n = std::to_string(s.inputs.rows);
    w->line("mask = torch.triu(torch.ones(" + n + ", " + n + "), diagonal=1)  # " +
            w->say(sentence("1 above the diagonal: later tokens")));
    w->line(var + " = " + var + ".masked_fill(mask.bool(), -torch.inf)");
}

void write_decode(const ModuleResult& r, const std::string& var, Writer* w);

// The book's class the state runs (state.module): defined as in the book, created after
// torch.manual_seed, called on the inputs (stacked into the book's batch for the classes of 3.5
// and 3.6), with dropout drawing where the demo draws it.
void write_module(const State& s, Writer* w) {
    const ModuleSettings& m = s.module.settings;
    const ModuleResult r = run_module(s.inputs, m);
    w->line();
    if (!r.error.empty()) {
        w->comment(sentence("The book's classes cannot run on these inputs: %s", {w->say(r.error)}));
        return;
    }
    const bool repository = after_chapter_3(m);
    w->comment(repository ? sentence("The book repository's class (its ch04 bonus material), run on the same inputs.")
                          : sentence("The book's class, as section 3.4 to 3.6 writes it, run on the same inputs."));
    w->line("import torch.nn as nn");
    w->line();
    const std::string code = book_class_code(m.module, m.causal, m.decode);
    const std::vector<Sentence> annotations = book_class_annotations();
    for (size_t start = 0; start < code.size();) {
        const size_t end = code.find('\n', start);
        std::string line = code.substr(start, end - start);
        // This project's comments in the listing in the learner's language; the book's code as written.
        const size_t hash = line.find("# ");
        for (const Sentence& a : annotations)
            if (hash != std::string::npos && line.compare(hash + 2, std::string::npos, a.format) == 0)
                line = line.substr(0, hash + 2) + w->say(a);
        w->line(line);
        start = end + 1;
    }
    const std::string var = book_instance_name(m.module);
    w->line("torch.manual_seed(" + std::to_string(m.seed) + ")");
    w->line(var + " = " + module_constructor(r));
    const bool batched = r.batches.size() > 1 || has_dropout_layer(m.module);  // the classes of 3.5 on
    if (batched) w->line("batch = torch.stack((inputs,) * " + std::to_string(m.batch) + ")");
    if (!m.training) w->line(var + ".eval()  # " + w->say(sentence("dropout off")));
    if (m.reseed_dropout)
        w->line("torch.manual_seed(" + std::to_string(m.dropout_seed) + ")  # " +
                w->say(sentence("before the forward pass")));
    w->line("with torch.no_grad():  # " + w->say(sentence("the forward pass only: no gradients to track")));
    w->line("    context_vecs = " + var + (batched ? "(batch)" : "(inputs)"));
    if (!batched) {
        w->print("context_vecs", r.output[0]);
        return;
    }
    for (size_t b = 0; b < r.output.size(); ++b) w->print("context_vecs[" + std::to_string(b) + "]", r.output[b]);
    if (m.decode) write_decode(r, var, w);
}

// Decode mode: the same module as it generates, the prefill (in chunks) and then one token per
// call through its KV cache; the rows it returns are the full pass's.
void write_decode(const ModuleResult& r, const std::string& var, Writer* w) {
    const ModuleSettings& m = r.settings;
    const std::string p = std::to_string(m.prefill);
    w->line();
    w->comment(
        m.prefill == 1
            ? sentence("Generating: the prompt's one token, then one token per call, each through the KV cache.")
            : sentence("Generating: the prompt's %s tokens, then one token per call, each through the KV cache.", {p}));
    for (const std::string& line :
         decode_call_lines(var, m.prefill, m.chunk, r.n,
                           {w->say(sentence("the prefill")),
                            w->say(sentence("the prefill in chunks of %s", {std::to_string(m.chunk)})),
                            w->say(sentence("one new token: its query against every cached key"))}))
        w->line(line);
    w->line("decoded = torch.cat(rows, dim=1)");
    w->print("decoded[0]", r.decode.output);
    w->line();  // not part of what the print above printed (the panel tints outputs, a lesson covers them)
    w->comment(sentence("The largest difference from the full pass: none, up to float32 rounding."));
    w->print_scalar("(decoded[0] - context_vecs[0]).abs().max()", float(r.decode_vs_full.max_abs_difference));
}

}  // namespace

std::string python_float(float x) {
    std::string text = format_float(x);
    if (float(std::strtod(text.c_str(), nullptr)) != x) text = format_double(double(x));  // double rounding guard
    if (text.find_first_of(".eEn") == std::string::npos) text += ".0";
    return text;
}

PyTorchCode pytorch_code(const State& s, const AttentionResult& r, const InterfaceText* words,
                         const Concealment* hidden) {
    const bool query_covered = hidden && hidden->query_token;
    Writer w(words);
    const int q = s.query, n = s.inputs.rows;
    const std::string k = query_covered ? "q" : std::to_string(q + 1);  // the book's x^(2) naming for inputs[1]
    const std::string qs = std::to_string(q);
    const std::string lab = python_float(s.lab_scale);
    const bool scaled_lab = s.lab_scale != 1.0f;
    const bool masks_any = s.causal && q + 1 < n;

    w.comment(s.example.empty()
                  ? sentence("PyTorch code for what the explainer shows: your own inputs, query inputs[%s].", {qs})
                  : sentence("PyTorch code for what the explainer shows: the example \"%s\", query inputs[%s].",
                             {comment_text(s.example), qs}));
    w.comment(sentence("Each print() is followed by what it prints, computed by the explainer's own core."));
    w.line("import torch");
    w.line();
    write_inputs(s, !query_covered, &w);
    w.line();

    // (While the lesson asks which token inputs[q] is, the rule is its answer's: said at the reveal.)
    w.comment(query_covered ? sentence("The query, picked by position.")
                            : sentence("The query, picked by position: positions count from zero."));
    w.line("query = inputs[" + qs + "]  # " +
           (query_covered
                ? "(" + hidden->reason + ")"
                : w.say(sentence("the %s token, %s", {w.ordinal(q + 1), comment_text(s.tokens[size_t(q)])}))));
    w.line();

    w.comment(sentence("One dot product two ways: multiply and sum by hand, then torch.dot. They agree."));
    w.line("res = 0.");
    w.line("for idx, element in enumerate(inputs[0]):");
    w.line("    res += inputs[0][idx] * query[idx]");
    w.print_scalar("res", dot_loop(s.inputs.row(0), s.inputs.row(q), s.inputs.cols));
    w.print_scalar("torch.dot(inputs[0], query)", dot_library(s.inputs.row(0), s.inputs.row(q), s.inputs.cols));
    w.line();

    w.comment(sentence("The loop: each input token in turn, its dot product with the query in its own slot."));
    w.line("attn_scores_" + k + " = torch.empty(inputs.shape[0])");
    w.line("for i, x_i in enumerate(inputs):");
    w.line("    attn_scores_" + k + "[i] = torch.dot(x_i, query)");
    if (masks_any)
        w.line("attn_scores_" + k + "[" + std::to_string(q + 1) + ":] = -torch.inf  # " +
               w.say(sentence("causal mask: tokens after the query")));
    w.print("attn_scores_" + k, r.scores);
    if (scaled_lab) {
        w.line("attn_scores_" + k + " = attn_scores_" + k + " * " + lab + "  # " +
               w.say(sentence("the robustness lab's scale")));
        w.print("attn_scores_" + k, r.lab_scores);
    }
    w.line();

    w.comment(sentence("Scores to weights, three ways: divide by the sum, softmax by hand, torch.softmax."));
    w.line("attn_weights_" + k + "_tmp = attn_scores_" + k + " / attn_scores_" + k + ".sum()");
    w.print("attn_weights_" + k + "_tmp", r.weights_sum);
    w.line("def softmax_naive(x):");
    w.line("    return torch.exp(x) / torch.exp(x).sum(dim=0)");
    w.line("attn_weights_" + k + "_naive = softmax_naive(attn_scores_" + k + ")");
    w.print("attn_weights_" + k + "_naive", r.weights_softmax_naive);
    w.line("attn_weights_" + k + " = torch.softmax(attn_scores_" + k + ", dim=0)");
    w.print("attn_weights_" + k, r.weights_softmax);
    w.line();

    const std::string chosen = s.norm == Norm::Sum            ? "attn_weights_" + k + "_tmp"
                               : s.norm == Norm::SoftmaxNaive ? "attn_weights_" + k + "_naive"
                                                              : "attn_weights_" + k;
    w.comment(context_comment(s.norm));
    w.line("context_vec_" + k + " = torch.zeros(query.shape)");
    w.line("for i, x_i in enumerate(inputs):");
    w.line("    context_vec_" + k + " += " + chosen + "[i] * x_i");
    w.print("context_vec_" + k, r.context);
    w.line();

    w.comment(sentence("All queries at once: one row of scores per query."));
    w.line("attn_scores = inputs @ inputs.T");
    if (s.causal) write_mask(s, "attn_scores", &w);
    w.print("attn_scores", r.score_matrix);
    if (scaled_lab)
        w.line("attn_scores = attn_scores * " + lab + "  # " + w.say(sentence("the robustness lab's scale")));
    w.line(std::string("attn_weights = ") + normalised(s.norm, "attn_scores", "-1"));
    w.print("attn_weights", r.weight_matrix);
    w.line("all_context_vecs = attn_weights @ inputs");
    w.print("all_context_vecs", r.context_matrix);

    if (r.has_projection) {
        const ProjectionResult& p = r.projection;
        w.line();
        w.comment(sentence("Trainable projections, seeded as in the book."));
        w.line("torch.manual_seed(" + std::to_string(p.seed) + ")");
        w.line("d_in, d_out = " + std::to_string(s.inputs.cols) + ", " + std::to_string(p.d_out));
        w.line("W_query = torch.nn.Parameter(torch.rand(d_in, d_out), requires_grad=False)");
        w.line("W_key = torch.nn.Parameter(torch.rand(d_in, d_out), requires_grad=False)");
        w.line("W_value = torch.nn.Parameter(torch.rand(d_in, d_out), requires_grad=False)");
        w.line("x_" + k + " = inputs[" + qs + "]");
        w.line("query_" + k + " = x_" + k + " @ W_query");
        w.line("keys = inputs @ W_key");
        w.line("values = inputs @ W_value");
        w.line("attn_scores_" + k + " = query_" + k + " @ keys.T");
        if (masks_any)
            w.line("attn_scores_" + k + "[" + std::to_string(q + 1) + ":] = -torch.inf  # " +
                   w.say(sentence("causal mask")));
        w.print("attn_scores_" + k, p.scores);
        std::string x = "attn_scores_" + k;
        if (s.scale) {
            w.line("d_k = keys.shape[-1]");
            x += " / d_k**0.5";
        }
        if (scaled_lab) x = "(" + x + ") * " + lab;
        w.line("attn_weights_" + k + " = " + normalised(s.norm, x, "-1") +
               (s.scale ? "" : "  # " + w.say(sentence("not divided by sqrt(d_k)"))));
        w.print("attn_weights_" + k, p.weights);
        w.line("context_vec_" + k + " = attn_weights_" + k + " @ values");
        w.print("context_vec_" + k, p.context);
        w.line("queries = inputs @ W_query");
        w.line("attn_scores = queries @ keys.T");
        if (s.causal) write_mask(s, "attn_scores", &w);
        std::string xm = std::string("attn_scores") + (s.scale ? " / d_k**0.5" : "");
        if (scaled_lab) xm = "(" + xm + ") * " + lab;
        w.line("attn_weights = " + normalised(s.norm, xm, "-1"));
        w.print("attn_weights", p.weight_matrix);
        w.line("context_vecs = attn_weights @ values");
        w.print("context_vecs", p.context_matrix);
    }
    if (s.module.enabled) write_module(s, &w);
    return w.finish();
}

std::string pytorch_code_for_state(const State& state) {
    if (!validate_state(state).empty()) return "";
    return pytorch_code(state, compute_attention(state)).code;
}

std::string pytorch_code_shown(const State& state, const AttentionResult& result, const InterfaceText* words,
                               const Concealment* hidden) {
    if (!hidden) return pytorch_code(state, result, words).code;
    return code_as_covered(pytorch_code(state, result, words, hidden).code, *hidden);
}

std::string code_as_covered(const std::string& code, const Concealment& hidden) {
    if (!hidden.any()) return code;
    std::string out;
    OutputLineReader reader;
    bool in_output = false;
    for (size_t start = 0; start < code.size();) {
        size_t end = code.find('\n', start);
        if (end == std::string::npos) end = code.size();
        const std::string_view line(code.data() + start, end - start);
        const bool output = reader.is_output(line);
        if (output && !in_output) out += "# (" + hidden.reason + ")\n";  // once per output
        if (!output) out.append(line).append("\n");
        in_output = output;
        start = end + 1;
    }
    if (hidden.softmax_dim)  // a learner read dim=-1 here while step 8 asked for it
        for (size_t at = out.find("dim=-1"); at != std::string::npos; at = out.find("dim=-1", at))
            out.replace(at, 6, "dim=?");
    return out;
}

}  // namespace attn
