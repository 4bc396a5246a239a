// Deep links: fragment text <-> State. The base document (state=, example= or the fallback) is
// read first, then each short key changes one field and is checked with validate_state, so a link
// meets the same rules as every other way a document enters.
#include "core/document/url_state.h"

#include <climits>
#include <cstdint>

#include "core/document/examples.h"
#include "core/document/json.h"

namespace attn {

namespace {

const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

int base64url_value(char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
}

// The keys a link may hold, in the order url_fragment_for_state writes them.
const char* const kLinkKeys[] = {"state", "example", "query",     "norm", "causal", "scale",
                                 "project", "seed",  "d_out",     "lab_scale", "step", "panels"};
// Page options (read by the page's script, not state): no warning for these.
const char* const kPageKeys[] = {"embed", "theme", "origins"};

template <size_t N>
bool is_one_of(std::string_view s, const char* const (&names)[N]) {
    for (const char* name : names)
        if (s == name) return true;
    return false;
}

std::string link_keys_list() {
    std::string out;
    for (const char* key : kLinkKeys) out += (out.empty() ? "" : ", ") + std::string(key);
    return out;
}

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

// A bounded list of messages: the first kMaxUrlMessages are kept, the rest only counted.
struct MessageList {
    std::vector<std::string> items;
    size_t dropped = 0;
    // make() builds the message only when it will be kept: a hostile link may hold millions of keys.
    template <typename Make>
    void add(Make make) {
        if (items.size() < kMaxUrlMessages) items.push_back(make());
        else ++dropped;
    }
    std::string joined() const {
        std::string out;
        for (const auto& item : items) out += (out.empty() ? "" : "; ") + item;
        if (dropped) out += "; and " + std::to_string(dropped) + " more";
        return out;
    }
};

// Optional '-' and 1..18 digits (so it fits int64). Anything else is not a whole number.
enum class WholeRead { Ok, NotWhole, TooLarge };
WholeRead read_whole(const std::string& v, int64_t* out) {
    size_t i = v.size() > 0 && v[0] == '-' ? 1 : 0;
    if (i == v.size()) return WholeRead::NotWhole;
    for (size_t j = i; j < v.size(); ++j)
        if (v[j] < '0' || v[j] > '9') return WholeRead::NotWhole;
    if (v.size() - i > 18) return WholeRead::TooLarge;
    int64_t x = 0;
    for (size_t j = i; j < v.size(); ++j) x = x * 10 + (v[j] - '0');
    *out = i ? -x : x;
    return WholeRead::Ok;
}

bool read_flag(const std::string& v, bool* out) {
    if (v == "1" || v == "true") return *out = true, true;
    if (v == "0" || v == "false") return *out = false, true;
    return false;
}

std::string quoted(const std::string& v) { return json_quote_short(v); }

// Applies one short key to *s. Returns "" or why the key was refused (then *s is unchanged).
std::string apply_key(const std::string& key, const std::string& v, State* s) {
    State next = *s;
    int64_t whole = 0;
    auto whole_field = [&](const std::string& hint, int* field) -> std::string {
        const WholeRead r = read_whole(v, &whole);
        if (r == WholeRead::NotWhole) return key + " is " + quoted(v) + " in the link, not a whole number: " + hint;
        if (r == WholeRead::TooLarge || whole < INT_MIN || whole > INT_MAX)
            return key + " is " + quoted(v) + " in the link, which is far out of range: " + hint;
        *field = int(whole);
        return "";
    };
    auto flag_field = [&](bool* field) -> std::string {
        if (!read_flag(v, field)) return key + " is " + quoted(v) + " in the link but must be 1 or 0 (or true or false)";
        return "";
    };
    std::string e;
    if (key == "query") {
        e = whole_field("use a token position such as 0 (positions count from zero)", &next.query);
    } else if (key == "norm") {
        if (!parse_norm(v, &next.norm))
            e = "norm is " + quoted(v) + " in the link but must be sum, softmax-naive or softmax";
    } else if (key == "causal") {
        e = flag_field(&next.causal);
    } else if (key == "scale") {
        e = flag_field(&next.scale);
    } else if (key == "project") {
        e = flag_field(&next.projection.enabled);
    } else if (key == "seed") {
        const WholeRead r = read_whole(v, &whole);
        if (r == WholeRead::NotWhole) e = "seed is " + quoted(v) + " in the link, not a whole number: use one such as 123";
        else if (r == WholeRead::TooLarge || whole < 0)
            e = "seed is " + quoted(v) + " in the link but must be 0.." + std::to_string(kMaxSeed);
        else next.projection.seed = uint64_t(whole);
    } else if (key == "d_out") {
        e = whole_field("use 1.." + std::to_string(kMaxDOut) + ", such as 2", &next.projection.d_out);
    } else if (key == "lab_scale") {
        // A JSON numeral (1, 0.5, 1e2), nothing else: no spaces, no "inf".
        bool plain = !v.empty();
        for (char c : v) plain = plain && ((c >= '0' && c <= '9') || c == '.' || c == 'e' || c == 'E' || c == '-' || c == '+');
        const JsonParseResult number = plain ? parse_json(v) : JsonParseResult{};
        if (!number.ok || !number.value.is_number())
            e = "lab_scale is " + quoted(v) + " in the link, not a number: use one such as 1 or 0.5";
        else next.lab_scale = number.value.as_float();
    } else if (key == "step") {
        e = whole_field("use 0.." + std::to_string(kMaxLessonStep) + " (0 is free exploration)", &next.step);
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
    if (e.empty()) e = validate_state(next);
    if (e.empty()) *s = std::move(next);
    return e;
}

struct Pair {
    std::string key;
    std::string_view raw_value;  // still percent-encoded
};

// The short form can say which example and which settings, but not edited embeddings or labels,
// nor where the learner is inside a lesson step (question, answer, exercise, planted bug).
bool same_as_example(const State& s, State* example) {
    if (s.example.empty() || s.lesson != LessonState{} || !load_example(s.example, example)) return false;
    return s.tokens == example->tokens && s.inputs.rows == example->inputs.rows &&
           s.inputs.cols == example->inputs.cols && s.inputs.data == example->inputs.data;
}

}  // namespace

std::string base64url_encode(std::string_view bytes) {
    std::string out;
    out.reserve((bytes.size() + 2) / 3 * 4);
    size_t i = 0;
    for (; i + 3 <= bytes.size(); i += 3) {
        const uint32_t n = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8 | uint8_t(bytes[i + 2]);
        out += kAlphabet[n >> 18];
        out += kAlphabet[(n >> 12) & 63];
        out += kAlphabet[(n >> 6) & 63];
        out += kAlphabet[n & 63];
    }
    if (bytes.size() - i == 1) {
        const uint32_t n = uint32_t(uint8_t(bytes[i])) << 16;
        out += kAlphabet[n >> 18];
        out += kAlphabet[(n >> 12) & 63];
    } else if (bytes.size() - i == 2) {
        const uint32_t n = uint32_t(uint8_t(bytes[i])) << 16 | uint32_t(uint8_t(bytes[i + 1])) << 8;
        out += kAlphabet[n >> 18];
        out += kAlphabet[(n >> 12) & 63];
        out += kAlphabet[(n >> 6) & 63];
    }
    return out;
}

bool base64url_decode(std::string_view text, std::string* out, std::string* error) {
    out->clear();
    for (size_t i = 0; i < text.size(); ++i) {
        if (base64url_value(text[i]) >= 0) continue;
        if (text[i] == '=') {
            *error = "'=' at offset " + std::to_string(i) + ": base64url in links carries no '=' padding, remove it";
        } else {
            const unsigned char c = static_cast<unsigned char>(text[i]);
            const std::string shown = c >= 0x21 && c < 0x7f ? std::string("'") + char(c) + "'" : "byte " + std::to_string(c);
            *error = shown + " at offset " + std::to_string(i) + " is not base64url: use only A-Z, a-z, 0-9, - and _";
        }
        return false;
    }
    if (text.size() % 4 == 1) {
        *error = "its length " + std::to_string(text.size()) +
                 " leaves one character over (a length of 4k+1 is never base64url): the link was cut short";
        return false;
    }
    out->reserve(text.size() / 4 * 3 + 2);
    uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        acc = (acc << 6) | uint32_t(base64url_value(c));
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out->push_back(char((acc >> bits) & 0xFF));
        }
    }
    if (bits > 0 && (acc & ((1u << bits) - 1)) != 0) {
        out->clear();
        *error = "its last character has bits set that no byte uses (not the canonical encoding): the link was altered";
        return false;
    }
    return true;
}

UrlParseResult parse_url_fragment(std::string_view fragment, const State& fallback) {
    UrlParseResult result;
    result.state = fallback;
    if (!fragment.empty() && fragment[0] == '#') fragment.remove_prefix(1);
    auto refuse_all = [&](std::string why) {
        result.state = fallback;
        result.fell_back = true;
        result.warnings.clear();
        result.error = std::move(why);
        return result;
    };
    if (fragment.size() > kMaxFragmentBytes)
        return refuse_all("the link is " + std::to_string(fragment.size()) + " bytes long but the limit is " +
                          std::to_string(kMaxFragmentBytes) + " bytes (kMaxFragmentBytes): share a smaller state");

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
                return "the key " + quoted(std::string(raw_key)) +
                       " has a bad percent escape: write % followed by two hex digits, as in %2C";
            });
            continue;
        }
        if (is_one_of(key, kPageKeys)) continue;
        if (!is_one_of(key, kLinkKeys)) {
            warnings.add([&] { return "unknown key " + quoted(key) + " ignored: the link keys are " + link_keys_list(); });
            continue;
        }
        bool repeated = false;
        for (const Pair& p : pairs) repeated = repeated || p.key == key;
        if (repeated) {
            errors.add([&] { return key + " is given twice in the link: the first value counts, remove the second"; });
            continue;
        }
        if (eq == std::string_view::npos) {
            errors.add([&] { return key + " has no value in the link: write it as " + key + "=value"; });
            continue;
        }
        pairs.push_back({key, item.substr(eq + 1)});
    }
    // pairs no longer grows: pointers into it stay valid.
    for (const Pair& p : pairs) {
        if (p.key == "state") state_pair = &p;
        if (p.key == "example") example_pair = &p;
    }

    State s = fallback;
    std::string value;
    if (state_pair) {
        std::string json, why;
        if (!percent_decode(state_pair->raw_value, &value) || !base64url_decode(value, &json, &why)) {
            if (why.empty()) why = "it has a bad percent escape";
            return refuse_all("state= in the link is not base64url: " + why);
        }
        ParseResult parsed = parse_state(json);
        if (!parsed.ok) return refuse_all("state= in the link does not hold a valid state: " + parsed.error);
        s = std::move(parsed.state);
        if (example_pair)
            errors.add([] { return std::string("example is ignored because state= already holds the whole document: keep one"); });
    } else if (example_pair) {
        if (!percent_decode(example_pair->raw_value, &value))
            return refuse_all("example in the link has a bad percent escape: write % followed by two hex digits");
        State loaded;
        if (!load_example(value, &loaded))
            return refuse_all(unknown_example_message(value.size() <= 40 ? value : value.substr(0, 40) + "..."));
        s = std::move(loaded);
    }

    for (const Pair& p : pairs) {
        if (&p == state_pair || &p == example_pair) continue;
        if (!percent_decode(p.raw_value, &value)) {
            errors.add([&] { return p.key + " has a bad percent escape in the link: write % followed by two hex digits"; });
            continue;
        }
        std::string why = apply_key(p.key, value, &s);
        if (!why.empty()) errors.add([&] { return std::move(why); });
    }

    result.state = std::move(s);
    result.warnings = warnings.items;
    if (warnings.dropped)
        result.warnings.push_back("and " + std::to_string(warnings.dropped) + " more unknown keys ignored");
    result.error = errors.joined();
    return result;
}

std::string url_fragment_for_state(const State& s) {
    State example;
    if (!same_as_example(s, &example)) return "state=" + base64url_encode(serialize_state(s));
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
    if (!s.panels.empty()) {
        out += "&panels=";
        for (size_t i = 0; i < s.panels.size(); ++i) out += (i ? "," : "") + s.panels[i];
    }
    return out;
}

}  // namespace attn
