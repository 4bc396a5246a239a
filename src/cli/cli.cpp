// The command line in three steps: parse the flags, build one State (an example or a document, then
// the flags on top, validated like every other way in), compute once and print. Any error stops
// before printing, so stdout never holds a partial result.
#include "cli/cli.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>

#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/document/lesson_state.h"
#include "core/document/module_json.h"
#include "core/document/results_json.h"
#include "core/document/results_svg.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/math/attention_modules.h"
#include "core/math/mask_comparison.h"
#include "core/text/number_parse.h"
#include "core/text/prose_format.h"
#include "core/text/tensor_format.h"

namespace attn {
namespace {

struct FlagSpec {
    const char* name;
    const char* example;  // a well-formed use, quoted by "needs a value"; nullptr for switches
};

const FlagSpec kFlags[] = {
    {"--example", "--example your-journey"},
    {"--state", "--state doc.json (or --state - to read stdin)"},
    {"--query", "--query 1"},
    {"--norm", "--norm softmax"},
    {"--seed", "--seed 123"},
    {"--d-out", "--d-out 2"},
    {"--project", nullptr},
    {"--causal", nullptr},
    {"--module", "--module causal-attention"},
    {"--heads", "--heads 2"},
    {"--qkv-bias", nullptr},
    {"--dropout", "--dropout 0.5"},
    {"--dropout-seed", "--dropout-seed 123"},
    {"--eval", nullptr},
    {"--batch", "--batch 2"},
    {"--kv-groups", "--kv-groups 2"},
    {"--window", "--window 3"},
    {"--decode", nullptr},
    {"--prefill", "--prefill 3"},
    {"--chunk", "--chunk 2"},
    {"--mask-style", "--mask-style sdpa-bool"},
    {"--pads", "--pads 2"},
    {"--no-scale", nullptr},
    {"--json", nullptr},
    {"--svg", nullptr},
    {"--help", nullptr},
};

const FlagSpec* find_flag(const std::string& name) {
    for (const FlagSpec& f : kFlags)
        if (name == f.name) return &f;
    return nullptr;
}

// flag name -> its value ("" for switches). Each flag may appear once.
using Flags = std::map<std::string, std::string>;

std::string parse_flags(const std::vector<std::string>& args, Flags* flags) {
    for (size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const FlagSpec* spec = find_flag(arg);
        if (!spec) {
            const size_t eq = arg.find('=');
            if (eq != std::string::npos && find_flag(arg.substr(0, eq)))
                return "flag " + json_quote_short(arg) + " is not understood: write the value after a space, as in " +
                       arg.substr(0, eq) + " " + arg.substr(eq + 1, 40);
            if (arg.size() > 1 && arg[0] == '-')
                return "unknown flag " + json_quote_short(arg) + ": see attention-cli --help for the flags";
            return "unexpected argument " + json_quote_short(arg) +
                   ": every value follows its flag, as in --example your-journey --query 1";
        }
        std::string value;
        if (spec->example) {
            // A following flag is not a value: `--example --json` means the name was forgotten.
            if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0)
                return std::string(spec->name) + " needs a value, as in " + spec->example;
            value = args[++i];
        }
        if (flags->count(arg)) return std::string(spec->name) + " is given twice: give it once";
        (*flags)[arg] = value;
    }
    return "";
}

std::string plural(size_t count, const char* noun) {
    return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// Reads at most kMaxDocumentBytes + 1 bytes, enough to tell an oversized document from a full one.
std::string read_file(const std::string& path, std::string* text) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f)
        return "cannot open the state file " + json_quote_short(path) + ": " + std::strerror(errno) +
               ": check the path, or give --state - to read stdin";
    char buffer[65536];
    size_t got = 0;
    while (text->size() <= kMaxDocumentBytes && (got = std::fread(buffer, 1, sizeof buffer, f)) > 0)
        text->append(buffer, got);
    const int read_errno = std::ferror(f) ? errno : 0;
    std::fclose(f);
    if (read_errno != 0)
        return "cannot read the state file " + json_quote_short(path) + ": " + std::strerror(read_errno) +
               ": give a readable JSON file";
    return "";
}

// The example, or the document, before any flag applies.
std::string load_base_state(const Flags& flags, const std::string& stdin_text, State* state) {
    const auto example = flags.find("--example");
    const auto file = flags.find("--state");
    if (example != flags.end() && file != flags.end())
        return "--example and --state are both given: choose one (flags override a document's fields)";
    if (example != flags.end())
        return load_example(example->second, state) ? "" : unknown_example_message(example->second);
    if (file == flags.end())
        return "no input: give --example NAME or --state FILE, as in attention-cli --example your-journey";

    const bool from_stdin = file->second == "-";
    const std::string where = from_stdin ? "the state on stdin" : "the state file " + json_quote_short(file->second);
    std::string text;
    if (from_stdin) {
        text = stdin_text;
    } else {
        const std::string error = read_file(file->second, &text);
        if (!error.empty()) return error;
    }
    if (text.size() > kMaxDocumentBytes)
        return where + " is larger than " + std::to_string(kMaxDocumentBytes) +
               " bytes: use at most 1024 tokens of at most 1024 dimensions";
    ParseResult parsed = parse_state(text);
    if (!parsed.ok) return where + ": " + parsed.error;
    *state = parsed.state;
    return "";
}

// The flags on top of the base state. Ranges that depend on the state (the query) are checked here
// with its numbers; validate_state checks the whole result afterwards.
std::string apply_flags(const Flags& flags, State* state) {
    int64_t value = 0;
    if (const auto it = flags.find("--query"); it != flags.end()) {
        const WholeKind parsed = read_whole(it->second, &value);
        if (parsed == WholeKind::NotWhole)
            return "query " + json_quote_short(it->second) +
                   " is not a whole number: give a token position, as in --query 1 (positions count from zero)";
        const long long n = static_cast<long long>(state->tokens.size());
        if (parsed == WholeKind::OutOfRange || value < 0 || value >= n) {
            // Only '-' and digits here, so the text prints as typed; a huge one is cut.
            const std::string shown = it->second.size() > 24 ? it->second.substr(0, 24) + "..." : it->second;
            const std::string name = state->example.empty() ? std::string("the state") : state->example;
            return "query " + shown + " is out of range: " + name + " has " + plural(size_t(n), "token") + ", use 0.." +
                   std::to_string(n - 1) + " (positions count from zero)";
        }
        state->query = static_cast<int>(value);
    }
    if (const auto it = flags.find("--norm"); it != flags.end() && !parse_norm(it->second, &state->norm))
        return "norm " + json_quote_short(it->second) + " is unknown: use sum, softmax-naive or softmax";
    if (const auto it = flags.find("--seed"); it != flags.end()) {
        const WholeKind parsed = read_whole(it->second, &value);
        if (parsed != WholeKind::Ok || value < 0 || static_cast<unsigned long long>(value) > kMaxSeed)
            return "seed " + json_quote_short(it->second) + " is not a whole number from 0 to " +
                   std::to_string(kMaxSeed) + ": use one such as --seed 123";
        state->projection.seed = static_cast<uint64_t>(value);
        state->projection.enabled = !flags.count("--module");  // with --module, the seed is the module's
    }
    if (const auto it = flags.find("--d-out"); it != flags.end()) {
        const WholeKind parsed = read_whole(it->second, &value);
        if (parsed != WholeKind::Ok || value < 1 || value > kMaxDOut)
            return "d-out " + json_quote_short(it->second) + " is not a whole number from 1 to " +
                   std::to_string(kMaxDOut) + ": use one such as --d-out 2";
        state->projection.d_out = static_cast<int>(value);
        state->projection.enabled = !flags.count("--module");
    }
    if (flags.count("--project")) state->projection.enabled = true;
    if (flags.count("--causal")) state->causal = true;
    if (flags.count("--no-scale")) state->scale = false;
    return "";
}

// A whole-number flag in [lo, hi], or a message naming it and the range.
std::string whole_flag(const Flags& flags, const char* flag, int64_t lo, int64_t hi, int64_t* value) {
    const auto it = flags.find(flag);
    if (it == flags.end()) return "";
    if (read_whole(it->second, value) != WholeKind::Ok || *value < lo || *value > hi)
        return std::string(flag + 2) + " " + json_quote_short(it->second) + " is not a whole number from " +
               std::to_string(lo) + " to " + std::to_string(hi) + ": use one such as " + find_flag(flag)->example;
    return "";
}

// --module and its options: the chapter's classes (core/math/attention_modules.h). The module's
// own flags without --module are an error, not silently ignored.
std::string module_from_flags(const Flags& flags, const State& state, bool* run, ModuleSettings* m) {
    const auto it = flags.find("--module");
    *run = it != flags.end();
    std::string names;
    for (AttentionModule each : kAllModules) names += std::string(names.empty() ? "" : ", ") + module_name(each);
    if (!*run) {
        for (const char* own :
             {"--heads", "--qkv-bias", "--dropout", "--dropout-seed", "--eval", "--batch", "--kv-groups", "--window",
              "--decode", "--prefill", "--chunk", "--mask-style", "--pads"})
            if (flags.count(own))
                return std::string(own) + " is an option of a module: add --module NAME (" + names + ")";
        return "";
    }
    if (!parse_module(it->second, &m->module))
        return "module " + json_quote_short(it->second) + " is unknown: use one of " + names;
    const bool multi = is_multi_head(m->module);
    m->seed = state.projection.seed;
    m->d_out = state.projection.d_out;
    m->causal = state.causal;
    int64_t value = 0;
    if (flags.count("--heads") && !multi)
        return std::string(module_class(m->module)) + " has one head: --heads is for the multi-head modules";
    m->heads = multi ? 2 : 1;
    if (std::string e = whole_flag(flags, "--heads", 1, 64, &value); !e.empty()) return e;
    if (flags.count("--heads")) m->heads = int(value);
    m->qkv_bias = flags.count("--qkv-bias") > 0;
    if (const auto d = flags.find("--dropout"); d != flags.end()) {
        float p = 0;
        if (read_float32(d->second, false, &p) != NumberKind::Ok || !(p >= 0.0f && p < 1.0f))
            return "dropout " + json_quote_short(d->second) +
                   " is not a probability: give p with 0 <= p < 1, as in --dropout 0.5";
        m->dropout = std::strtod(d->second.c_str(), nullptr);  // a Python float: double, as PyTorch keeps p
    }
    if (std::string e = whole_flag(flags, "--dropout-seed", 0, int64_t(kMaxSeed), &value); !e.empty()) return e;
    if (flags.count("--dropout-seed")) {
        m->reseed_dropout = true;
        m->dropout_seed = uint64_t(value);
    }
    m->training = flags.count("--eval") == 0;
    if (std::string e = whole_flag(flags, "--batch", 1, 8, &value); !e.empty()) return e;
    if (flags.count("--batch")) m->batch = int(value);
    // The repository's classes' settings, and decode mode (core/math/kv_cache.h).
    if (flags.count("--kv-groups") && m->module != AttentionModule::GroupedQueryAttention)
        return "--kv-groups is for --module grouped-query-attention (num_kv_groups)";
    if (std::string e = whole_flag(flags, "--kv-groups", 1, 64, &value); !e.empty()) return e;
    if (flags.count("--kv-groups")) m->kv_groups = int(value);
    if (flags.count("--window") && m->module != AttentionModule::SlidingWindowAttention)
        return "--window is for --module sliding-window-attention (sliding_window_size)";
    if (std::string e = whole_flag(flags, "--window", 1, 4096, &value); !e.empty()) return e;
    if (flags.count("--window")) m->window = int(value);
    m->decode = flags.count("--decode") > 0;
    for (const char* own : {"--prefill", "--chunk"})
        if (flags.count(own) && !m->decode) return std::string(own) + " is a setting of decode mode: add --decode";
    if (std::string e = whole_flag(flags, "--prefill", 1, 1 << 20, &value); !e.empty()) return e;
    if (flags.count("--prefill")) m->prefill = int(value);
    if (std::string e = whole_flag(flags, "--chunk", 0, 1 << 20, &value); !e.empty()) return e;
    if (flags.count("--chunk")) m->chunk = int(value);
    if (const auto style = flags.find("--mask-style");
        style != flags.end() && !parse_mask_style(style->second, &m->mask_style))
        return "mask style " + json_quote_short(style->second) +
               " is unknown: use book, sdpa-bool, additive or is-causal";
    if (std::string e = whole_flag(flags, "--pads", 0, 1 << 20, &value); !e.empty()) return e;
    if (flags.count("--pads")) m->pads = int(value);
    return english(check_module_settings(*m, state.inputs.cols, state.inputs.rows));
}

}  // namespace

// --- the human report, in the lesson's order ----------------------------------------------------
namespace {

const char* norm_label(Norm norm) {
    switch (norm) {
        case Norm::Sum:
            return "divide-by-sum";
        case Norm::SoftmaxNaive:
            return "naive softmax";
        case Norm::Softmax:
            return "softmax";
    }
    return "softmax";
}

bool all_finite(const Vector& v) {
    for (float x : v)
        if (!std::isfinite(x)) return false;
    return true;
}

float total(const Vector& v) {
    float sum = 0.0f;  // float32, as torch.sum would give
    for (float x : v) sum += x;
    return sum;
}

// "label tensor" on one line when that fits in 100 columns, else the label above the tensor.
void labelled(std::string* out, const std::string& label, const std::string& tensor, const std::string& note = "") {
    const bool one_line =
        tensor.find('\n') == std::string::npos && label.size() + 1 + tensor.size() + note.size() <= 100;
    *out += label + (one_line ? " " : "\n") + tensor + note + "\n";
}

void weights_line(std::string* out, const char* label, const Vector& weights, const std::string& why_not_finite) {
    std::string note = "  sum = " + format_fixed(total(weights), 4);
    if (!all_finite(weights)) note += "  # " + why_not_finite;
    labelled(out, label, format_tensor(weights), note);
}

void report_simple(const State& state, const AttentionResult& r, std::string* out) {
    const int q = state.query;
    std::string label;
    write_json_string(state.tokens[size_t(q)], &label);
    *out += "query = inputs[" + std::to_string(q) + "]  # " + label + ", the " + ordinal_word(q + 1) + " token\n";
    *out += format_tensor(r.query) + "\n";
    *out += "attention scores (one per token, the query included";
    *out += state.causal ? "; causal: tokens after the query masked to -inf):\n" : "):\n";
    *out += format_tensor(r.scores) + "\n";
    if (state.lab_scale != 1.0f)
        labelled(out, "scores * " + format_float(state.lab_scale) + " (lab scale), what the weights normalise:",
                 format_tensor(r.lab_scores));
    weights_line(out, "weights, divide-by-sum:", r.weights_sum,
                 "inf/nan: dividing by a total of " + format_float(total(r.lab_scores)) +
                     " is undefined; divide-by-sum needs a finite, non-zero total");
    weights_line(out, "weights, naive softmax:", r.weights_softmax_naive,
                 "overflow: in float32 exp(s) is inf once s > 88.72, and inf / inf = nan");
    weights_line(out, "weights, softmax:      ", r.weights_softmax, "");
    labelled(out, std::string("context vector (") + norm_label(state.norm) + "):", format_tensor(r.context));
    *out += std::string("\nall queries at once: score matrix = inputs @ inputs.T") +
            (state.causal ? ", causal mask above the diagonal" : "") + "\n";
    *out += format_tensor(r.score_matrix) + "\n";
}

void report_projection(const State& state, const ProjectionResult& p, std::string* out) {
    const std::string shape = std::to_string(state.inputs.cols) + ", " + std::to_string(p.d_out);
    *out += "\ntrainable projection: torch.manual_seed(" + std::to_string(p.seed) + "), then torch.rand(" + shape +
            ") for each of W_query, W_key, W_value\n";
    labelled(out, "W_query =", format_tensor(p.W_query));
    labelled(out, "W_key =", format_tensor(p.W_key));
    labelled(out, "W_value =", format_tensor(p.W_value));
    labelled(out, "queries = inputs @ W_query =", format_tensor(p.queries));
    labelled(out, "keys = inputs @ W_key =", format_tensor(p.keys));
    labelled(out, "values = inputs @ W_value =", format_tensor(p.values));
    labelled(out, "attention scores = keys @ queries[" + std::to_string(state.query) + "]:", format_tensor(p.scores));
    std::string scaled = state.scale ? "scores / sqrt(d_k)" : "scores";
    if (state.lab_scale != 1.0f) scaled += " * " + format_float(state.lab_scale);
    std::string label = std::string("weights = ") + norm_label(state.norm) + "(" + scaled + ")";
    if (state.scale) {
        label += " with sqrt(d_k) = sqrt(" + std::to_string(p.keys.cols) + ") = " + format_fixed(p.scale_divisor, 4);
    } else {
        label += ", not divided by sqrt(d_k) (--no-scale)";
    }
    labelled(out, label + ":", format_tensor(p.weights));
    labelled(out, "context vector = weights @ values:", format_tensor(p.context));
    labelled(out, "score matrix = queries @ keys.T:", format_tensor(p.score_matrix));
}

// Decode mode: each forward(x, use_cache=True) call, what it scored and what the cache keeps.
void report_decode(const ModuleResult& r, std::string* out) {
    const ModuleSettings& s = r.settings;
    const size_t heads = r.batches.empty() ? 1 : r.batches[0].size();
    auto span = [](int first, int count) {
        return std::string(count == 1 ? "token " : "tokens ") + position_span(first, first + count - 1);
    };
    *out +=
        "\ndecode: module.reset_cache(); the first " + plural(size_t(s.prefill), "token") +
        (s.chunk > 0 && s.chunk < s.prefill ? " in chunks of " + std::to_string(s.chunk) : std::string(" at once")) +
        ", then one token at a time, each call module(x, use_cache=True)\n";
    int number = 0;
    for (const CacheCall& c : r.decode.calls) {
        *out += "call " + std::to_string(++number) + ": " + span(c.first, c.count) + " scored against keys " +
                position_span(c.key_first, c.key_first + c.key_count - 1) + " (" +
                std::to_string(heads * size_t(c.count) * size_t(c.key_count)) + " scores); the cache keeps " +
                plural(size_t(c.cache_rows), "row") + "\n";
        for (size_t h = 0; h < c.weights.size(); ++h)
            labelled(out,
                     (c.weights.size() > 1 ? "  head " + std::to_string(h) + ", " : std::string("  ")) + "weights =",
                     format_tensor(c.weights[h]));
        labelled(out, "  output rows =", format_tensor(c.output));
    }
    labelled(out, "decoded output =", format_tensor(r.decode.output));
    *out += "scores computed: " + std::to_string(r.decode.scores_computed) + " with the cache, " +
            std::to_string(heads * size_t(r.n) * size_t(r.n)) + " in the full pass\n";
    *out += "the cache holds at most " + std::to_string(r.decode.cache_numbers_peak) +
            " numbers (keys and values, every kv head)\n";
    if (r.decode_vs_full.equal_bits) {
        *out += "decoded output == full pass output[0]: equal bit for bit\n";
    } else {
        char diff[64];
        std::snprintf(diff, sizeof diff, "%.3g", r.decode_vs_full.max_abs_difference);
        *out += std::string("decoded output vs full pass output[0]: largest difference ") + diff + "\n";
    }
}

// --pads: head 0 for a batch of two sentences padded to one length (core/math/mask_comparison.h).
void report_padding(const ModuleResult& r, std::string* out) {
    const MaskComparison v = compare_mask_routes(r);
    const int n = r.n;
    *out += "\npadding: a batch of two, the second sentence " + plural(size_t(v.pads), "token") +
            " shorter, padded on the left\n";
    *out += "key_padding_mask = " + format_bool_tensor(v.key_padding_mask, 2, n, n, true) + "  # True = ignored\n";
    labelled(out, "sentence 2, head 0's weights =", format_tensor(v.padded_weights));
    char alone[64];
    std::snprintf(alone, sizeof alone, "%g", double(v.alone_difference));
    *out += std::string("its tokens against their weights alone: largest difference ") + alone + "\n";
    *out += std::string("a pad's own row: ") + (v.book_nan ? "nan" : "numbers") + " by the book's softmax, " +
            (v.sdpa_zero ? "zeros" : "numbers") + " by scaled_dot_product_attention (PyTorch 2.5 on)\n";
}

void report_module(const ModuleResult& r, std::string* out) {
    const ModuleSettings& s = r.settings;
    *out += "\nmodule: torch.manual_seed(" + std::to_string(s.seed) + "); module = " + module_constructor(r) + "\n";
    for (const NamedParameter& p : r.parameters)
        labelled(out, p.name + " =", p.is_vector ? format_tensor(p.value.row_vector(0)) : format_tensor(p.value));
    if (s.batch > 1)
        *out += "batch = torch.stack((inputs,) * " + std::to_string(s.batch) + "), shape (" + std::to_string(s.batch) +
                ", " + std::to_string(r.n) + ", " + std::to_string(r.d_in) + ")\n";
    if (s.reseed_dropout)
        *out += "torch.manual_seed(" + std::to_string(s.dropout_seed) + ")  # before the forward pass\n";
    if (!s.training) *out += "module.eval()  # dropout off\n";
    for (size_t b = 0; b < r.batches.size(); ++b)
        for (size_t h = 0; h < r.batches[b].size(); ++h) {
            const HeadTrace& t = r.batches[b][h];
            const std::string where = (r.batches.size() > 1 ? "batch " + std::to_string(b) + ", " : std::string()) +
                                      (r.batches[b].size() > 1 ? "head " + std::to_string(h) + ", " : std::string());
            labelled(out, where + "attention weights =", format_tensor(t.weights));
            if (t.has_dropout) {
                labelled(out, where + "dropout mask (0 or 1/(1-p)) =", format_tensor(t.dropout_mask));
                labelled(out, where + "weights after dropout =", format_tensor(t.weights_dropped));
            }
        }
    *out += "output, shape (" + std::to_string(r.output.size()) + ", " + std::to_string(r.n) + ", " +
            std::to_string(r.out_width) + "):\n";
    for (size_t b = 0; b < r.output.size(); ++b)
        labelled(out,
                 r.output.size() > 1 ? "output[" + std::to_string(b) + "] =" : "output =", format_tensor(r.output[b]));
    if (r.batches.size() > 0 && r.batches[0].size() > 0 && r.batches[0][0].has_dropout)
        *out += "# dropout masks are drawn as Debian's CPU PyTorch draws them; other builds (MKL, GPU) draw others\n";
    if (s.decode) report_decode(r, out);
    if (has_mask_routes(s.module) && s.pads > 0) report_padding(r, out);
}

std::string human_report(const State& state, const AttentionResult& r) {
    std::string out;
    const std::string size =
        "(" + plural(state.tokens.size(), "token") + ", " + plural(size_t(state.inputs.cols), "dimension") + ")";
    out +=
        state.example.empty() ? "state: custom inputs " + size + "\n" : "example: " + state.example + " " + size + "\n";
    std::string names;
    for (size_t i = 0; i < state.tokens.size(); ++i) {
        if (i > 0) names += ", ";
        write_json_string(state.tokens[i], &names);
    }
    labelled(&out, "inputs, one row per token (" + names + "):", format_tensor(state.inputs));
    report_simple(state, r, &out);
    if (r.has_projection) report_projection(state, r.projection, &out);
    return out;
}

}  // namespace

std::string cli_usage() {
    std::string names;
    for (const Example& e : examples()) names += (names.empty() ? "" : ", ") + std::string(e.name);
    return "usage: attention-cli --example NAME [options]\n"
           "       attention-cli --state FILE [options]\n"
           "       attention-cli --check-lesson FILE [--texts FILE]\n"
           "       attention-cli --lesson FILE [--step N] [--reveal] [--texts FILE]\n"
           "       attention-cli --bug NAME [--texts FILE]\n"
           "\n"
           "Attention scores for one query token, as the lesson computes them: the dot product of the\n"
           "query with every token, the weights (divide-by-sum, naive softmax, softmax), the context\n"
           "vector and the score matrix, printed the way PyTorch prints tensors.\n"
           "\n"
           "  --example NAME  a built-in example: " +
           names +
           "\n"
           "  --state FILE    a state document (JSON); - reads it from stdin; the flags below override it\n"
           "  --query I       the query token's position, counting from zero (default: the example's)\n"
           "  --norm MODE     weights behind the context vector: sum, softmax-naive or softmax (default)\n"
           "  --project       add the trainable version: W_query, W_key, W_value = torch.rand(d_in, d_out)\n"
           "  --seed S        torch.manual_seed for those, 0.." +
           std::to_string(kMaxSeed) +
           " (default 123; implies --project)\n"
           "  --d-out D       their columns, 1.." +
           std::to_string(kMaxDOut) +
           " (default 2; implies --project)\n"
           "  --causal        mask the tokens after the query (their scores become -inf)\n"
           "  --no-scale      do not divide the projected scores by sqrt(d_k)\n"
           "  --module M      also run a module of the book's chapter 3: self-attention-v1,\n"
           "                  self-attention-v2, causal-attention, multi-head-wrapper, multi-head-attention\n"
           "                  (and the two of ch04 below)\n"
           "                  (--seed and --d-out then set its torch.manual_seed and d_out)\n"
           "  --heads H       num_heads of the multi-head modules (default 2)\n"
           "  --qkv-bias      nn.Linear with a bias for query, key and value\n"
           "  --dropout P     dropout probability, 0 <= P < 1 (default 0), in training mode\n"
           "  --dropout-seed S  torch.manual_seed(S) right before the forward pass (the book's dropout listing)\n"
           "  --eval          module.eval(): dropout off\n"
           "  --batch B       the inputs stacked B times, 1..8 (default 1)\n"
           "  After chapter 3, the book repository's classes (ch04): --module grouped-query-attention\n"
           "  (GroupedQueryAttention) and --module sliding-window-attention (MultiHeadAttentionWithSWA).\n"
           "  --kv-groups G   num_kv_groups: G key and value heads shared by the heads, G divides H (default 1)\n"
           "  --window W      sliding_window_size: each token sees itself and the W - 1 before it (default 3)\n"
           "  --decode        also run the module as it generates, with a KV cache (causal-attention,\n"
           "                  multi-head-attention and the two above), and compare with the full pass\n"
           "  --prefill P     the prompt: the first P tokens in one call (default 1), then one token per call\n"
           "  --chunk C       the prefill in calls of C tokens (chunked prefill)\n"
           "  --mask-style S  how the causal mask is applied: book (masked_fill, True = hidden), sdpa-bool\n"
           "                  (scaled_dot_product_attention's attn_mask, True = kept), additive (0 or -inf\n"
           "                  added) or is-causal; the weights agree to 1e-6\n"
           "  --pads P        head 0 for a batch of two, the second sentence P tokens shorter and left-padded\n"
           "                  (key_padding_mask): multi-head-attention and the two ch04 classes\n"
           "  --json          print the results as one JSON object instead\n"
           "  --svg           print the inputs, scores, weights and context as an SVG figure instead\n"
           "                  (for print, course PDFs and <noscript>; the first 32 tokens, 8 dimensions)\n"
           "  --help          print this help\n"
           "\n"
           "Lessons (docs/lessons.md): --check-lesson FILE reads a lesson file as the page does and names\n"
           "the line and column of each problem; --lesson FILE --step N prints step N (default 1) as the\n"
           "learner reads it, with its live values and questions; --reveal adds the answers and every line;\n"
           "--texts FILE reads the built-in words from another catalog (default: the English one).\n"
           "--bug NAME prints a Debug this trace whole, as the page plants it on the book's inputs: the\n"
           "program with its planted line and fix, what it prints, and every step with its expected and\n"
           "printed values up to the first divergence and past it. NAME: " +
           bug_choices() +
           ".\n"
           "\n"
           "Exit status: 0 on success; 2 on bad input, with an \"error: ...\" line on stderr (one per problem\n"
           "of a lesson file) and nothing on stdout.\n"
           "Example: attention-cli --example your-journey --query 1 --project\n";
}

bool cli_reads_stdin(const std::vector<std::string>& args) {
    for (size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == "--state" && args[i + 1] == "-") return true;
    return false;
}

int run_cli(const std::vector<std::string>& args, const std::string& stdin_text, std::string* out, std::string* err) {
    out->clear();
    err->clear();
    const auto fail = [err](std::string message) {
        // One line, whatever a message quotes: a newline would read as a second error.
        for (char& c : message)
            if (c == '\n' || c == '\r') c = ' ';
        *err = "error: " + message + "\n";
        return kCliUsageError;
    };
    for (const std::string& arg : args) {
        if (arg == "--help" || arg == "-h") {
            *out = cli_usage();
            return kCliOk;
        }
    }
    if (is_lesson_command(args)) return run_lesson_cli(args, out, err);
    Flags flags;
    State state;
    std::string error = parse_flags(args, &flags);
    if (error.empty()) error = load_base_state(flags, stdin_text, &state);
    if (error.empty()) error = apply_flags(flags, &state);
    if (error.empty()) error = validate_state(state);
    if (!error.empty()) return fail(error);

    bool with_module = false;
    ModuleSettings settings;
    error = module_from_flags(flags, state, &with_module, &settings);
    if (!error.empty()) return fail(error);
    if (!with_module && state.module.enabled) {  // a document's own module (the page's "module" key)
        with_module = true;
        settings = state.module.settings;
    }

    const AttentionResult result = compute_attention(state);
    ModuleResult module;
    if (with_module) {
        module = run_module(state.inputs, settings);
        if (!module.error.empty()) return fail(english(module.error));
    }
    if (flags.count("--json") && flags.count("--svg"))
        return fail("--json and --svg both ask for the output: pick one");
    if (flags.count("--svg")) {
        *out = results_svg(state, result);
    } else if (flags.count("--json")) {
        *out = results_json(state, result, true, with_module ? &module : nullptr) + "\n";
    } else {
        *out = human_report(state, result);
        if (with_module) report_module(module, out);
    }
    return kCliOk;
}

}  // namespace attn
