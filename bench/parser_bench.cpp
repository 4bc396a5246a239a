// Every parser is linear in its input: each one is timed on inputs of size S and 2S of the shapes
// that once hurt (comment lines, blank lines, long labels, deep links, long number lists), and the
// ratio time(2S) / time(S) is printed; about 2 is linear, 4 would be quadratic. Best of several
// runs, so a busy moment does not decide. Prints one JSON object; exits 1 when a ratio is above 3.
//   parser_bench [--scale K]   (K multiplies every input size; default 1: inputs of ~0.5-2 MB)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "core/document/base64url.h"
#include "core/document/examples.h"
#include "core/document/import/import_text.h"
#include "core/document/json.h"
#include "core/document/state.h"
#include "core/document/url_state.h"
#include "core/text/number_list.h"

namespace {

using Clock = std::chrono::steady_clock;

struct ParserCase {
    const char* name;
    std::function<std::string(size_t)> make;  // an input of about this many bytes
    std::function<void(const std::string&)> run;
};

// The time of the fastest of `runs` runs, in milliseconds.
double best_ms(const ParserCase& c, const std::string& input, int runs) {
    double best = 1e300;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        c.run(input);
        const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (ms < best) best = ms;
    }
    return best;
}

std::string repeat_to(const std::string& unit, size_t bytes) {
    std::string out;
    out.reserve(bytes + unit.size());
    while (out.size() < bytes) out += unit;
    return out;
}

volatile size_t g_sink = 0;  // keeps results alive so the optimiser cannot drop a parse

std::vector<ParserCase> cases() {
    attn::State example;
    attn::load_example("your-journey", &example);
    return {
        {"import: # comment lines after a literal",
         [](size_t n) { return "[[1]]\n" + repeat_to("# a comment line that goes on\n", n); },
         [](const std::string& s) { g_sink = g_sink + attn::import_embeddings(s).error.size(); }},
        {"import: one long # comment without a newline", [](size_t n) { return "[[1]]\n" + repeat_to("#", n); },
         [](const std::string& s) { g_sink = g_sink + attn::import_embeddings(s).error.size(); }},
        {"import: blank lines after a literal", [](size_t n) { return "[[1]]\n" + repeat_to("\n", n); },
         [](const std::string& s) { g_sink = g_sink + attn::import_embeddings(s).error.size(); }},
        {"import: rows of numbers (CSV)", [](size_t n) { return repeat_to("0.43,0.15,0.89\n", n); },
         [](const std::string& s) { g_sink = g_sink + attn::import_embeddings(s).error.size(); }},
        {"import: a PyTorch literal with # labels",
         [](size_t n) { return "tensor([" + repeat_to("[0.43, 0.15, 0.89],  # Your\n", n) + "])"; },
         [](const std::string& s) { g_sink = g_sink + attn::import_embeddings(s).error.size(); }},
        {"json: a long array of numbers", [](size_t n) { return "[" + repeat_to("0.4321,", n) + "1]"; },
         [](const std::string& s) { g_sink = g_sink + attn::parse_json(s).value.items.size(); }},
        {"json: one long string", [](size_t n) { return "\"" + repeat_to("ab\\u00e9", n) + "\""; },
         [](const std::string& s) { g_sink = g_sink + attn::parse_json(s).value.text.size(); }},
        {"state: a document with a long inputs list",
         [](size_t n) {
             const std::string row = "[0.43,0.15,0.89],";
             const size_t rows = std::max<size_t>(1, n / row.size());
             std::string tokens, inputs;
             for (size_t i = 0; i < rows && i < 1024; ++i) tokens += std::string(i ? "," : "") + "\"t\"";
             for (size_t i = 0; i < rows && i < 1024; ++i) inputs += (i ? "," : "") + row.substr(0, row.size() - 1);
             return "{\"tokens\":[" + tokens + "],\"inputs\":[" + inputs + "]}" + repeat_to(" ", n);
         },
         [](const std::string& s) { g_sink = g_sink + attn::parse_state(s).error.size(); }},
        {"url: a long state= link",
         [](size_t n) { return "#state=" + attn::base64url_encode(repeat_to("x", n * 3 / 4)); },
         [example](const std::string& s) { g_sink = g_sink + attn::parse_url_fragment(s, example).error.size(); }},
        {"url: many short keys", [](size_t n) { return "#" + repeat_to("zz=1&", n); },
         [example](const std::string& s) { g_sink = g_sink + attn::parse_url_fragment(s, example).warnings.size(); }},
        {"base64url: decode", [](size_t n) { return repeat_to("QUJD", n); },
         [](const std::string& s) {
             std::string out, error;
             attn::base64url_decode(s, &out, &error);
             g_sink = g_sink + out.size();
         }},
        {"number list: a long typed answer", [](size_t n) { return repeat_to("0,5 ", n); },
         [](const std::string& s) { g_sink = g_sink + attn::parse_numbers(s, 3).values.size(); }},
    };
}

}  // namespace

int main(int argc, char** argv) {
    double scale = 1.0;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--scale" && i + 1 < argc)
            scale = std::atof(argv[++i]);
        else {
            std::fprintf(stderr, "usage: parser_bench [--scale K]\n");
            return 2;
        }
    }
    const size_t size = size_t(512 * 1024 * scale);
    bool linear = true;
    std::printf("{\"size_bytes\": %zu, \"parsers\": [\n", size);
    const std::vector<ParserCase> all = cases();
    for (size_t k = 0; k < all.size(); ++k) {
        const ParserCase& c = all[k];
        const std::string small = c.make(size), large = c.make(2 * size);
        const double t1 = best_ms(c, small, 5), t2 = best_ms(c, large, 5);
        const double ratio = t2 / (t1 > 1e-6 ? t1 : 1e-6);
        // Below a tenth of a millisecond the clock decides more than the parser does.
        const bool ok = ratio <= 3.0 || t2 < 0.1;
        linear = linear && ok;
        std::printf(
            "  {\"parser\": \"%s\", \"ms_at_S\": %.3f, \"ms_at_2S\": %.3f, \"ratio\": %.2f, \"linear\": %s}%s\n",
            c.name, t1, t2, ratio, ok ? "true" : "false", k + 1 < all.size() ? "," : "");
    }
    std::printf("], \"all_linear\": %s}\n", linear ? "true" : "false");
    return linear ? 0 : 1;
}
