// Deep links: fragment text <-> State. The base document (state=, example= or the fallback) is
// read first, then each short key changes one field and is checked with validate_state, so a link
// meets the same rules as every other way a document enters.
#include "core/document/url_state.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <limits>

#include "core/document/base64url.h"
#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/text/name_list.h"
#include "core/text/number_parse.h"

namespace attn {

namespace {

// The keys a link may hold, in the order url_fragment_for_state writes them.
const char* const kLinkKeys[] = {"state",  "example", "query",     "norm",  "causal", "scale",  "project",
                                 "seed",   "d_out",   "lab_scale", "step",  "panels", "module", "kv_groups",
                                 "window", "decode",  "prefill",   "chunk", "pads"};
// The module's own keys: applied after every other key (module= first), in any order in the link.
const char* const kModuleLinkKeys[] = {"kv_groups", "window", "decode", "prefill", "chunk", "pads"};
// Page options (read by the page's script, not state): no warning for these.
const char* const kPageKeys[] = {"embed", "theme", "origins",  "xapi",     "lesson",      "lang",
                                 "steps", "pass",  "remember", "activity", "registration"};

// Percent-decoding; '+' is kept as '+'. False on a '%' without two hex digits after it.
int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool percent_decode(std::string_view in, std::string* out) {
    out->clear();
    out->reserve(in.size());
    for (size_t i = 0; i < in.size(); ++i) {
        if (in[i] != '%') {
            out->push_back(in[i]);
            continue;
        }
        if (i + 2 >= in.size()) return false;
        const int hi = hex_value(in[i + 1]), lo = hex_value(in[i + 2]);
        if (hi < 0 || lo < 0) return false;
        out->push_back(char(hi * 16 + lo));
        i += 2;
    }
    return true;
}

Sentence as_sentence(Sentence s) {
    return s;
}
Sentence as_sentence(std::string text) {
    return as_is(std::move(text));
}

// A bounded list of messages: the first kMaxUrlMessages are kept, the rest only counted. Each is a
// sentence, so that a link's refusals are said in the learner's language.
struct MessageList {
    std::vector<Sentence> kept;
    size_t dropped = 0;
    // make() builds the message only when it will be kept: a hostile link may hold millions of keys.
    template <typename Make>
    void add(Make make) {
        if (kept.size() >= kMaxUrlMessages) {
            ++dropped;
            return;
        }
        kept.push_back(as_sentence(make()));
    }
    // All as one sentence, the first with the others `also` and the count of the rest:
    // english() of it is "first; second; and 3 more".
    Sentence as_one() const {
        if (kept.empty()) return {};
        Sentence one = kept.front();
        one.also.assign(kept.begin() + 1, kept.end());
        if (dropped) one.also.push_back(sentence("and %s more", {std::to_string(dropped)}));
        return one;
    }
};

bool read_flag(const std::string& v, bool* out) {
    if (v == "1" || v == "true") return *out = true, true;
    if (v == "0" || v == "false") return *out = false, true;
    return false;
}

std::string quoted(const std::string& v) {
    return json_quote_short(v);
}

// Applies one short key to *s. Returns an empty sentence or why the key was refused (then *s is
// unchanged): a sentence the learner reads in their language, a state rule's among them.
Sentence apply_key(const std::string& key, const std::string& v, State* s) {
    State next = *s;
    int64_t whole = 0;
    // A whole number, refused with the key's own two sentences (not whole; far out of range), each
    // with the value as written first, then their own arguments.
    auto whole_field = [&](Sentence not_whole, Sentence far_out, int* field) -> Sentence {
        const WholeKind r = read_whole(v, &whole);
        Sentence& refused = r == WholeKind::NotWhole ? not_whole : far_out;
        if (r == WholeKind::NotWhole || r == WholeKind::OutOfRange || whole < INT_MIN || whole > INT_MAX) {
            refused.args.insert(refused.args.begin(), quoted(v));
            return refused;
        }
        *field = int(whole);
        return {};
    };
    auto flag_field = [&](bool* field) -> Sentence {
        if (!read_flag(v, field))
            return sentence("%s is %s in the link but must be 1 or 0 (or true or false)", {key, quoted(v)});
        return {};
    };
    Sentence e;
    if (key == "query") {
        e = whole_field(sentence("query is %s in the link, not a whole number: use a token position such as 0 "
                                 "(positions count from zero)"),
                        sentence("query is %s in the link, which is far out of range: use a token position such as 0 "
                                 "(positions count from zero)"),
                        &next.query);
    } else if (key == "norm") {
        if (!parse_norm(v, &next.norm))
            e = sentence("norm is %s in the link but must be sum, softmax-naive or softmax", {quoted(v)});
    } else if (key == "causal") {
        e = flag_field(&next.causal);
    } else if (key == "scale") {
        e = flag_field(&next.scale);
    } else if (key == "project") {
        e = flag_field(&next.projection.enabled);
    } else if (key == "seed") {
        const WholeKind r = read_whole(v, &whole);
        if (r == WholeKind::NotWhole)
            e = sentence("seed is %s in the link, not a whole number: use one such as 123", {quoted(v)});
        else if (r == WholeKind::OutOfRange || whole < 0)
            e = sentence("seed is %s in the link but must be 0..%s", {quoted(v), std::to_string(kMaxSeed)});
        else
            next.projection.seed = uint64_t(whole);
    } else if (key == "d_out") {
        const std::string most = std::to_string(kMaxDOut);
        e = whole_field(sentence("d_out is %s in the link, not a whole number: use 1..%s, such as 2", {most}),
                        sentence("d_out is %s in the link, which is far out of range: use 1..%s, such as 2", {most}),
                        &next.projection.d_out);
    } else if (key == "lab_scale") {
        // A JSON numeral (1, 0.5, 1e2), nothing else: no spaces, no "inf".
        bool plain = !v.empty();
        for (char c : v)
            plain = plain && ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+');
        const JsonParseResult number = plain ? parse_json(v) : JsonParseResult{};
        if (!number.ok || !number.value.is_number())
            e = sentence("lab_scale is %s in the link, not a number: use one such as 1 or 0.5", {quoted(v)});
        else
            next.lab_scale = number.value.as_float();
    } else if (key == "module") {
        // One of the book's classes, as the book's listing runs it (none: off).
        AttentionModule m = AttentionModule::SelfAttentionV1;
        next.module.enabled = v != "none";
        if (next.module.enabled && !parse_module(v, &m)) {
            std::string names;
            for (AttentionModule each : kAllModules)
                names += (names.empty() ? "" : ", ") + std::string(module_name(each));
            e = sentence("module is %s in the link but must be %s or none", {quoted(v), names});
        } else if (next.module.enabled) {
            next.module.settings = book_module_settings(m);
        }
    } else if (is_one_of(key, kModuleLinkKeys)) {
        ModuleSettings& m = next.module.settings;
        const AttentionModule cls = m.module;
        if (!next.module.enabled)
            e = sentence("%s is in the link but no module is: add module=NAME (%s is one of its settings)", {key, key});
        else if (key == "kv_groups" && cls != AttentionModule::GroupedQueryAttention)
            e = sentence("kv_groups is for module=grouped-query-attention, not %s", {module_name(cls)});
        else if (key == "window" && cls != AttentionModule::SlidingWindowAttention)
            e = sentence("window is for module=sliding-window-attention, not %s", {module_name(cls)});
        else if (key == "kv_groups")
            e = whole_field(
                sentence("kv_groups is %s in the link, not a whole number: use a divisor of the heads, such as 2"),
                sentence(
                    "kv_groups is %s in the link, which is far out of range: use a divisor of the heads, such as 2"),
                &m.kv_groups);
        else if (key == "window")
            e = whole_field(
                sentence("window is %s in the link, not a whole number: use the window's width in tokens, such as 3"),
                sentence(
                    "window is %s in the link, which is far out of range: use the window's width in tokens, such as 3"),
                &m.window);
        else if (key == "decode")
            e = flag_field(&m.decode);
        else if (key == "prefill")
            e = whole_field(
                sentence("prefill is %s in the link, not a whole number: use the number of prompt tokens, such as 3"),
                sentence(
                    "prefill is %s in the link, which is far out of range: use the number of prompt tokens, such as 3"),
                &m.prefill);
        else if (key == "pads")
            e = whole_field(sentence("pads is %s in the link, not a whole number: use how many tokens shorter the "
                                     "second sentence is, such as 2"),
                            sentence("pads is %s in the link, which is far out of range: use how many tokens shorter "
                                     "the second sentence is, such as 2"),
                            &m.pads);
        else
            e = whole_field(sentence("chunk is %s in the link, not a whole number: use the chunk's size in tokens, "
                                     "such as 2 (0: the whole prefill at once)"),
                            sentence("chunk is %s in the link, which is far out of range: use the chunk's size in "
                                     "tokens, such as 2 (0: the whole prefill at once)"),
                            &m.chunk);
    } else if (key == "step") {
        const std::string most_steps = std::to_string(kMaxLessonStep);
        e = whole_field(
            sentence("step is %s in the link, not a whole number: use 0..%s (0 is free exploration)", {most_steps}),
            sentence("step is %s in the link, which is far out of range: use 0..%s (0 is free exploration)",
                     {most_steps}),
            &next.step);
    } else if (key == "panels") {
        next.panels.clear();
        size_t start = 0;
        while (!v.empty() && start <= v.size()) {
            const size_t comma = v.find(',', start);
            const size_t end = comma == std::string::npos ? v.size() : comma;
            next.panels.push_back(v.substr(start, end - start));
            start = end + 1;
            if (next.panels.size() > 64) break;  // validate_state refuses repeats long before this
        }
    }
    // The module's keys are checked together once all are applied (see parse_url_fragment): one
    // alone may not fit the others yet (chunk=4 before prefill=6).
    if (e.empty() && !is_one_of(key, kModuleLinkKeys)) e = state_refusal(next);
    if (e.empty()) *s = std::move(next);
    return e;
}

// The settings with the link's module keys set to the book's values.
ModuleSettings without_link_options(ModuleSettings m) {
    const ModuleSettings book = book_module_settings(m.module);
    m.kv_groups = book.kv_groups;
    m.window = book.window;
    m.decode = book.decode;
    m.prefill = book.prefill;
    m.chunk = book.chunk;
    m.pads = book.pads;
    return m;
}

struct Pair {
    std::string key;
    std::string_view raw_value;  // still percent-encoded
};

// The short form can say which example and which settings, but not edited embeddings or labels,
// nor where the learner is inside a lesson step (question, answer, exercise, planted bug).
bool same_as_example(const State& s, State* example) {
    if (s.example.empty() || s.lesson != LessonState{} || !load_example(s.example, example)) return false;
    // A module with the book's settings for its class is module=<name> (with the link's own module
    // keys: kv_groups, window, decode, prefill, chunk, pads); any other needs state=.
    if (s.module.enabled &&
        without_link_options(s.module.settings) != without_link_options(book_module_settings(s.module.settings.module)))
        return false;
    return same_data(s, *example);
}

}  // namespace

UrlParseResult parse_url_fragment(std::string_view fragment, const State& fallback) {
    UrlParseResult result;
    result.state = fallback;
    if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
    // The whole link refused, in a sentence the learner reads in their language (its details, a
    // decoder's or a parser's words, as they are).
    auto refuse_all = [&](Sentence why) {
        result.state = fallback;
        result.fell_back = true;
        result.warnings.clear();
        result.error = english(why);
        result.refusal = std::move(why);
        return result;
    };
    if (fragment.size() > kMaxFragmentBytes)
        return refuse_all(sentence("the link is %s bytes long but the limit is %s bytes: share a smaller state",
                                   {std::to_string(fragment.size()), std::to_string(kMaxFragmentBytes)}));

    MessageList errors, warnings;
    std::vector<Pair> pairs;
    const Pair* state_pair = nullptr;
    const Pair* example_pair = nullptr;
    size_t start = 0;
    while (start <= fragment.size()) {
        const size_t amp = fragment.find('&', start);
        const size_t end = amp == std::string_view::npos ? fragment.size() : amp;
        const std::string_view item = fragment.substr(start, end - start);
        start = end + 1;
        if (item.empty()) continue;
        const size_t eq = item.find('=');
        const std::string_view raw_key = item.substr(0, eq);
        std::string key;
        if (!percent_decode(raw_key, &key)) {
            errors.add([&] {
                return sentence("the key %s has a bad percent escape: write %% followed by two hex digits, as in %%2C",
                                {quoted(std::string(raw_key))});
            });
            continue;
        }
        if (is_one_of(key, kPageKeys)) continue;
        if (!is_one_of(key, kLinkKeys)) {
            warnings.add(
                [&] { return "unknown key " + quoted(key) + " ignored: the link keys are " + join_names(kLinkKeys); });
            continue;
        }
        bool repeated = false;
        for (const Pair& p : pairs) repeated = repeated || p.key == key;
        if (repeated) {
            errors.add([&] {
                return sentence("%s is given twice in the link: the first value counts, remove the second", {key});
            });
            continue;
        }
        if (eq == std::string_view::npos) {
            errors.add([&] { return sentence("%s has no value in the link: write it as %s=value", {key, key}); });
            continue;
        }
        pairs.push_back({key, item.substr(eq + 1)});
    }
    // The module's own keys after the others, so that module= has picked the class they set. pairs
    // no longer changes: pointers into it stay valid.
    std::stable_partition(pairs.begin(), pairs.end(), [](const Pair& p) { return !is_one_of(p.key, kModuleLinkKeys); });
    for (const Pair& p : pairs) {
        if (p.key == "state") state_pair = &p;
        if (p.key == "example") example_pair = &p;
    }

    State s = fallback;
    std::string value;
    if (state_pair) {
        std::string json, why;
        if (!percent_decode(state_pair->raw_value, &value) || !base64url_decode(value, &json, &why)) {
            if (why.empty())
                return refuse_all(sentence("state= in the link is not base64url: it has a bad percent escape"));
            return refuse_all(sentence("state= in the link is not base64url: %s", {why}));
        }
        ParseResult parsed = parse_state(json);
        if (!parsed.ok)
            return refuse_all(sentence("state= in the link does not hold a valid state: %s", {parsed.error}));
        s = std::move(parsed.state);
        if (example_pair)
            errors.add([] {
                return sentence("example is ignored because state= already holds the whole document: keep one");
            });
    } else if (example_pair) {
        if (!percent_decode(example_pair->raw_value, &value))
            return refuse_all(
                sentence("example in the link has a bad percent escape: write %% followed by two hex digits"));
        State loaded;
        if (!load_example(value, &loaded))
            return refuse_all(unknown_example_refusal(value.size() <= 40 ? value : value.substr(0, 40) + "..."));
        s = std::move(loaded);
    }

    State before_module_keys;
    size_t first_module_key = 0;  // in result.applied
    bool module_keys = false;
    for (const Pair& p : pairs) {
        if (&p == state_pair || &p == example_pair) continue;
        if (!module_keys && is_one_of(p.key, kModuleLinkKeys)) {
            module_keys = true;
            before_module_keys = s;
            first_module_key = result.applied.size();
        }
        if (!percent_decode(p.raw_value, &value)) {
            errors.add([&] {
                return sentence("%s has a bad percent escape in the link: write %% followed by two hex digits",
                                {p.key});
            });
            continue;
        }
        Sentence why = apply_key(p.key, value, &s);
        if (!why.empty()) {
            errors.add([&] { return std::move(why); });
        } else {
            result.applied.push_back(p.key);
        }
    }
    if (module_keys && result.applied.size() > first_module_key) {
        if (Sentence rule = state_refusal(s); !rule.empty()) {
            s = std::move(before_module_keys);
            result.applied.resize(first_module_key);
            errors.add([&] { return std::move(rule); });
        }
    }
    if (state_pair) result.applied.insert(result.applied.begin(), "state");
    if (example_pair && !state_pair) result.applied.insert(result.applied.begin(), "example");

    result.state = std::move(s);
    for (const Sentence& warning : warnings.kept) result.warnings.push_back(english(warning));
    if (warnings.dropped)
        result.warnings.push_back("and " + std::to_string(warnings.dropped) + " more unknown keys ignored");
    result.refusal = errors.as_one();        // the learner reads it in their language,
    result.error = english(result.refusal);  // the API, the CLI and the logs in English
    return result;
}

std::string url_fragment_for_state(const State& s) {
    return url_fragment_for_state(s, std::numeric_limits<size_t>::max());
}

std::string url_fragment_for_state(const State& s, size_t max_bytes) {
    State example;
    if (!same_as_example(s, &example)) {
        // Each value takes at least two characters (a digit and a comma) and each label its bytes
        // plus two quotes and a comma; base64 makes 4 of every 3. Past the limit by that bound
        // alone, nothing is written: at 1024 x 1024 it would be 10 MB written and thrown away.
        size_t at_least = 128 + 2 * s.inputs.data.size();
        for (const std::string& t : s.tokens) at_least += t.size() + 3;
        if (6 + at_least / 3 * 4 > max_bytes) return "";
        std::string out = "state=" + base64url_encode(serialize_state(s));
        return out.size() <= max_bytes ? out : "";
    }
    std::string out = "example=" + s.example + "&query=" + std::to_string(s.query);
    if (s.norm != Norm::Softmax) out += std::string("&norm=") + norm_name(s.norm);
    if (s.causal) out += "&causal=1";
    if (!s.scale) out += "&scale=0";
    const ProjectionSettings defaults;
    if (s.projection.enabled) out += "&project=1";
    if (s.projection.seed != defaults.seed) out += "&seed=" + std::to_string(s.projection.seed);
    if (s.projection.d_out != defaults.d_out) out += "&d_out=" + std::to_string(s.projection.d_out);
    if (s.lab_scale != 1.0f) out += "&lab_scale=" + format_float(s.lab_scale);
    if (s.step != 0) out += "&step=" + std::to_string(s.step);
    if (s.module.enabled) {
        const ModuleSettings& m = s.module.settings;
        const ModuleSettings book = book_module_settings(m.module);
        out += std::string("&module=") + module_name(m.module);
        if (m.kv_groups != book.kv_groups) out += "&kv_groups=" + std::to_string(m.kv_groups);
        if (m.window != book.window) out += "&window=" + std::to_string(m.window);
        if (m.decode) out += "&decode=1";
        if (m.prefill != book.prefill) out += "&prefill=" + std::to_string(m.prefill);
        if (m.chunk != book.chunk) out += "&chunk=" + std::to_string(m.chunk);
        if (m.pads != book.pads) out += "&pads=" + std::to_string(m.pads);
    }
    if (!s.panels.empty()) {
        out += "&panels=";
        for (size_t i = 0; i < s.panels.size(); ++i) out += (i ? "," : "") + s.panels[i];
    }
    return out.size() <= max_bytes ? out : "";
}

}  // namespace attn
