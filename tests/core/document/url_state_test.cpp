// Deep links: base64url, the short and complete fragment forms, round trips, and one message per
// way a link can be wrong (what is refused, what is still applied, what falls back).
#include "core/document/url_state.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/document/examples.h"
#include "core/document/random_inputs.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

State example(const char* name) {
    State s;
    REQUIRE(load_example(name, &s));
    return s;
}

}  // namespace

// ---- base64url

TEST_CASE("url: an empty fragment, or just '#', gives the fallback without error") {
    const State fallback = example("your-journey");
    for (const char* fragment : {"", "#", "#&&"}) {
        const UrlParseResult r = parse_url_fragment(fragment, fallback);
        CHECK(r.ok());
        CHECK_FALSE(r.fell_back);
        CHECK(r.warnings.empty());
        CHECK(r.state == fallback);
    }
}

TEST_CASE("url: the short form sets every field it names") {
    const UrlParseResult r = parse_url_fragment(
        "#example=three-tokens&query=0&norm=sum&causal=1&scale=0&project=1&seed=7&d_out=3&lab_scale=80&step=5"
        "&panels=plot,heatmaps",
        example("your-journey"));
    REQUIRE_MESSAGE(r.ok(), r.error);
    State want = example("three-tokens");
    want.query = 0;
    want.norm = Norm::Sum;
    want.causal = true;
    want.scale = false;
    want.projection = {true, 7, 3};
    want.lab_scale = 80;
    want.step = 5;
    want.panels = {"plot", "heatmaps"};
    CHECK(r.state == want);
}

TEST_CASE("url: the result lists the keys it applied, base first; a refused key is not among them") {
    const UrlParseResult r =
        parse_url_fragment("#step=3&query=abc&panels=plot&example=three-tokens", example("your-journey"));
    CHECK(r.applied == std::vector<std::string>{"example", "step", "panels"});
    CHECK(parse_url_fragment("#step=9", example("your-journey")).applied == std::vector<std::string>{"step"});
}

TEST_CASE("url: keys without example= change the fallback; example= resets to the example's own query") {
    const State fallback = example("your-journey");
    UrlParseResult r = parse_url_fragment("query=4", fallback);
    CHECK(r.ok());
    CHECK(r.state.example == "your-journey");
    CHECK(r.state.query == 4);
    r = parse_url_fragment("example=alignment", fallback);
    CHECK(r.state == example("alignment"));
    SUBCASE("order does not matter: the base document is read first") {
        r = parse_url_fragment("query=2&example=three-tokens", fallback);
        CHECK(r.ok());
        CHECK(r.state.tokens == example("three-tokens").tokens);
        CHECK(r.state.query == 2);
    }
}

TEST_CASE("url: values are percent-decoded; true/false work for flags; empty panels= means all panels") {
    const UrlParseResult r =
        parse_url_fragment("example%3Dx=1&panels=plot%2Cheatmaps&causal=true&scale=false", example("your-journey"));
    CHECK(r.error.empty());
    CHECK(r.state.panels == std::vector<std::string>{"plot", "heatmaps"});
    CHECK(r.state.causal);
    CHECK_FALSE(r.state.scale);
    CHECK(r.warnings.size() == 1);  // the key "example=x" is unknown
    CHECK(parse_url_fragment("panels=", example("your-journey")).state.panels.empty());
}

TEST_CASE("url: unknown keys are ignored with a warning; the page's own keys silently") {
    const UrlParseResult r =
        parse_url_fragment("example=cat-sat-mat&colour=red&embed=1&theme=dark&origins=x", example("your-journey"));
    CHECK(r.ok());
    CHECK(r.state == example("cat-sat-mat"));
    REQUIRE(r.warnings.size() == 1);
    CHECK(r.warnings[0] ==
          "unknown key \"colour\" ignored: the link keys are state, example, query, norm, causal, scale, project, "
          "seed, d_out, lab_scale, step, panels, module, kv_groups, window, decode, prefill, chunk, pads");
}

TEST_CASE("url: state= holds the whole document and short keys change it") {
    State s = example("your-journey");
    s.example.clear();
    s.tokens[0] = "My";
    s.inputs.at(0, 0) = 0.125f;
    const std::string fragment = url_fragment_for_state(s);
    REQUIRE(fragment.rfind("state=", 0) == 0);
    const UrlParseResult r = parse_url_fragment(fragment + "&query=3&panels=plot", example("three-tokens"));
    REQUIRE_MESSAGE(r.ok(), r.error);
    s.query = 3;
    s.panels = {"plot"};
    CHECK(r.state == s);
}

// ---- what a bad link does

TEST_CASE("url: a bad value refuses that key only, names it, and applies the rest") {
    struct Case {
        const char* fragment;
        const char* message;
    };
    const Case cases[] = {
        {"query=abc", "query is \"abc\" in the link, not a whole number: use a token position such as 0"},
        {"query=1.5", "query is \"1.5\" in the link, not a whole number"},
        {"query=", "query is \"\" in the link, not a whole number"},
        {"query=9", "query is 9 but there are 6 tokens: use 0..5 (positions count from zero)"},
        {"query=-1", "query is -1 but there are 6 tokens"},
        {"query=99999999999999999999", "query is \"99999999999999999999\" in the link, which is far out of range"},
        {"norm=max", "norm is \"max\" in the link but must be sum, softmax-naive or softmax"},
        {"causal=yes", "causal is \"yes\" in the link but must be 1 or 0 (or true or false)"},
        {"project=2", "project is \"2\" in the link but must be 1 or 0"},
        {"seed=-5", "seed is \"-5\" in the link but must be 0..9007199254740992"},
        {"seed=x", "seed is \"x\" in the link, not a whole number: use one such as 123"},
        {"d_out=0", "projection.d_out is 0 but must be 1..1024"},
        {"lab_scale=0", "lab_scale is 0 but must be greater than 0 and at most 1000"},
        {"lab_scale=inf", "lab_scale is \"inf\" in the link, not a number: use one such as 1 or 0.5"},
        {"lab_scale=1e999", "lab_scale is inf but must be greater than 0"},
        {"lab_scale=%201", "lab_scale is \" 1\" in the link, not a number"},
        {"step=100", "step is 100 but must be 0..99"},
        {"panels=plot,colour", "panels[1] is \"colour\" but must be one of inputs, plot, loop"},
        {"panels=plot,plot", "panels[1] repeats \"plot\" (already panels[0]): list each panel once"},
        {"query=%zz", "query has a bad percent escape in the link: write % followed by two hex digits"},
        {"query=%4", "query has a bad percent escape in the link"},
        {"causal", "causal has no value in the link: write it as causal=value"},
        {"query=2&query=3", "query is given twice in the link: the first value counts, remove the second"},
        {"%g=1", "the key \"%g\" has a bad percent escape"},
    };
    const State fallback = example("your-journey");
    for (const Case& c : cases) {
        const std::string fragment = c.fragment;
        INFO("fragment: " << fragment);
        // A good key next to the bad one still applies.
        const bool about_norm = fragment.rfind("norm", 0) == 0;
        const UrlParseResult r = parse_url_fragment(fragment + (about_norm ? "&step=3" : "&norm=sum"), fallback);
        CHECK_MESSAGE(contains(r.error, c.message), r.error);
        CHECK_FALSE(r.fell_back);
        CHECK((about_norm ? r.state.step == 3 : r.state.norm == Norm::Sum));
        CHECK(validate_state(r.state).empty());
    }
}

TEST_CASE("url: a value that breaks a state rule is also the rule's sentence, for the learner's language") {
    const State fallback = example("your-journey");
    const UrlParseResult query = parse_url_fragment("query=9&norm=sum", fallback);
    CHECK(std::string(query.refusal.format) ==
          "query is %s but there are %s tokens: use 0..%s (positions count from zero)");
    CHECK(query.refusal.args == std::vector<std::string>{"9", "6", "5"});
    CHECK(english(query.refusal) == query.error);
    // A class's setting checked once the module's keys are in: its sentence too.
    const UrlParseResult groups = parse_url_fragment("module=grouped-query-attention&kv_groups=3", fallback);
    CHECK(std::string(groups.refusal.format).find("num_kv_groups") != std::string::npos);
    CHECK(english(groups.refusal) == groups.error);
    // What only a link can get wrong is a sentence too, so a learner reads it in their language.
    const UrlParseResult typed = parse_url_fragment("query=abc", fallback);
    CHECK(std::string(typed.refusal.format).rfind("query is %s in the link, not a whole number", 0) == 0);
    CHECK(typed.refusal.args == std::vector<std::string>{"\"abc\""});
    CHECK(english(typed.refusal) == typed.error);
    for (const char* link : {"module=nope", "kv_groups=2", "module=causal-attention&window=2", "step=x", "d_out=1e99",
                             "query", "query=1&query=2", "que%zzry=1", "causal=maybe", "seed=-1"}) {
        INFO(link);
        const UrlParseResult r = parse_url_fragment(link, fallback);
        CHECK_FALSE(r.refusal.empty());
        CHECK(std::string(r.refusal.format) != "%s");  // a sentence of its own, not English carried as_is
        CHECK(english(r.refusal) == r.error);          // the same words the API gives
    }
    // Two refusals: the first sentence, the second `also`, each translated on its own and joined by
    // the language's "; ".
    const UrlParseResult two = parse_url_fragment("query=9&d_out=0", fallback);
    REQUIRE(two.refusal.also.size() == 1);
    CHECK(english(two.refusal) == two.error);
    const auto marked = [](const char* english_text) { return "<" + std::string(english_text) + ">"; };
    CHECK(said_in(two.refusal, marked) ==
          "<query is 9 but there are 6 tokens: use 0..5 (positions count from zero)><; >"
          "<projection.d_out is 0 but must be 1..1024: it is the number of columns of W_query, W_key and W_value>");
}

TEST_CASE("url: past the listed refusals, the rest are counted in a sentence of their own") {
    std::string link;
    for (int i = 0; i < 11; ++i) link += "&causal=maybe" + std::to_string(i);
    const UrlParseResult r = parse_url_fragment(link, example("your-journey"));
    REQUIRE(r.refusal.also.size() == kMaxUrlMessages);  // 7 more kept, and the count
    CHECK(std::string(r.refusal.also.back().format) == "and %s more");
    CHECK(r.refusal.also.back().args == std::vector<std::string>{"3"});
    CHECK(english(r.refusal) == r.error);
}

TEST_CASE("url: a duplicate key keeps the first value") {
    const UrlParseResult r = parse_url_fragment("query=2&query=3", example("your-journey"));
    CHECK(r.state.query == 2);
}

TEST_CASE("url: several refused keys are all listed, separated by '; '") {
    const UrlParseResult r = parse_url_fragment("query=x&norm=y&step=1", example("your-journey"));
    CHECK(r.error ==
          "query is \"x\" in the link, not a whole number: use a token position such as 0 (positions count from zero); "
          "norm is \"y\" in the link but must be sum, softmax-naive or softmax");
    CHECK(r.state.step == 1);
}

TEST_CASE("url: a link that cannot give a base document falls back as a whole, with the reason") {
    struct Case {
        std::string fragment;
        const char* message;
    };
    const Case cases[] = {
        {"example=four-tokens&query=1",
         "unknown example 'four-tokens': choose one of your-journey, three-tokens, cat-sat-mat, alignment"},
        {"state=Zm9v+A", "state= in the link is not base64url: '+' at offset 4"},
        {"state=Zg==", "state= in the link is not base64url: '=' at offset 2"},
        {"state=%zz", "state= in the link is not base64url: it has a bad percent escape"},
        {"state=" + base64url_encode("{\"tokens\": ["),
         "state= in the link does not hold a valid state: the document is not valid JSON: line 1"},
        {"state=" + base64url_encode(R"({"tokens":["a"],"inputs":[[1]],"colour":1})"),
         "state= in the link does not hold a valid state: unknown key \"colour\""},
        {"state=" + base64url_encode(R"({"tokens":["a"],"inputs":[[1]],"query":3})"),
         "state= in the link does not hold a valid state: query is 3 but there is 1 token: use 0"},
        {"state=", "state= in the link does not hold a valid state: the document is not valid JSON"},
    };
    const State fallback = example("your-journey");
    for (const Case& c : cases) {
        INFO("fragment: " << c.fragment);
        const UrlParseResult r = parse_url_fragment(c.fragment + "&colour=red", fallback);
        CHECK(r.fell_back);
        CHECK(r.state == fallback);
        CHECK(r.warnings.empty());  // nothing of the link was used
        CHECK_MESSAGE(contains(r.error, c.message), r.error);
        // One sentence the learner reads in their language, the same words in English.
        CHECK_FALSE(r.refusal.empty());
        CHECK(english(r.refusal) == r.error);
    }
}

TEST_CASE("url: example= next to state= is refused; state= wins") {
    const State s = example("cat-sat-mat");
    State edited = s;
    edited.example.clear();
    const UrlParseResult r =
        parse_url_fragment("example=alignment&" + url_fragment_for_state(edited), example("your-journey"));
    CHECK(r.state == edited);
    CHECK(r.error == "example is ignored because state= already holds the whole document: keep one");
}

TEST_CASE("url: limits keep hostile links cheap") {
    const State fallback = example("your-journey");
    SUBCASE("a fragment past kMaxFragmentBytes is refused before it is read") {
        const std::string huge(kMaxFragmentBytes + 1, 'a');
        const UrlParseResult r = parse_url_fragment(huge, fallback);
        CHECK(r.fell_back);
        CHECK(contains(r.error, "bytes: share a smaller state"));
    }
    SUBCASE("thousands of unknown or repeated keys give a bounded list of messages") {
        std::string many;
        for (int i = 0; i < 5000; ++i) many += "x" + std::to_string(i) + "=1&query=1&";
        const UrlParseResult r = parse_url_fragment(many, fallback);
        CHECK(r.warnings.size() == kMaxUrlMessages + 1);
        CHECK(r.warnings.back() == "and 4992 more unknown keys ignored");
        CHECK(contains(r.error, "; and 4991 more"));  // 4999 repeats of query=1
    }
    SUBCASE("a very long value is quoted short in the message") {
        const UrlParseResult r = parse_url_fragment("norm=" + std::string(100000, 'z'), fallback);
        CHECK(r.error.size() < 200);
    }
}

// ---- writing links

TEST_CASE("url: an unedited built-in example gives the short readable form") {
    State s = example("your-journey");
    CHECK(url_fragment_for_state(s) == "example=your-journey&query=1");
    s.query = 0;
    s.causal = true;
    s.projection.enabled = true;
    s.step = 5;
    s.panels = {"plot", "heatmaps"};
    CHECK(url_fragment_for_state(s) == "example=your-journey&query=0&causal=1&project=1&step=5&panels=plot,heatmaps");
    s = example("three-tokens");
    s.norm = Norm::SoftmaxNaive;
    s.scale = false;
    s.projection.seed = 9;
    s.projection.d_out = 3;
    s.lab_scale = 0.1f;
    CHECK(url_fragment_for_state(s) ==
          "example=three-tokens&query=1&norm=softmax-naive&scale=0&seed=9&d_out=3&lab_scale=0.1");
}

TEST_CASE("url: generated random inputs link by their name: 1024 tokens in a short link") {
    State s = example("your-journey");
    REQUIRE(apply_random_inputs(&s, 1024, 64, 123) == "");
    s.query = 700;
    const std::string fragment = url_fragment_for_state(s);
    CHECK(fragment == "example=random-1024x64-seed123&query=700");  // the state= form would be ~600 KB
    const UrlParseResult back = parse_url_fragment(fragment, example("alignment"));
    CHECK(back.error.empty());
    CHECK(back.state == s);
    // One edited value: the data is no longer what the name makes, so the link carries it all.
    s.inputs.at(3, 3) = 0.5f;
    s.example.clear();  // what every edit in the UI does
    CHECK(url_fragment_for_state(s).rfind("state=", 0) == 0);
    // A name outside the limits is an unknown example, with the form spelled out.
    const UrlParseResult bad = parse_url_fragment("example=random-5000x3-seed1", example("alignment"));
    CHECK(bad.state == example("alignment"));
    CHECK(bad.error.find("random-<n>x<d>-seed<s>") != std::string::npos);
}

TEST_CASE("url: edited embeddings or labels, or no example, give the complete state= form") {
    State s = example("your-journey");
    s.inputs.at(2, 1) = 0.5f;
    CHECK(url_fragment_for_state(s).rfind("state=", 0) == 0);
    s = example("your-journey");
    s.tokens[1] = "trip";
    CHECK(url_fragment_for_state(s).rfind("state=", 0) == 0);
    s = example("your-journey");
    s.example = "not-an-example";
    CHECK(url_fragment_for_state(s).rfind("state=", 0) == 0);
    s = example("your-journey");
    s.step = 3;
    s.lesson.answer = 1;  // the learner's answer to the step's question: only the JSON can say it
    const std::string fragment = url_fragment_for_state(s);
    REQUIRE(fragment.rfind("state=", 0) == 0);
    CHECK(parse_url_fragment(fragment, example("alignment")).state == s);
}

TEST_CASE("url: parse(url_fragment_for_state(s)) gives s back, for short and complete forms") {
    std::vector<State> states;
    for (const Example& e : examples()) states.push_back(example(e.name));
    State s = example("your-journey");
    s.norm = Norm::Sum;
    s.lab_scale = 1e-3f;
    s.projection = {true, kMaxSeed, kMaxDOut};
    s.step = kMaxLessonStep;
    s.panels = {"lesson", "code"};
    states.push_back(s);
    s.example.clear();
    s.tokens = {"ü", "a&b=c", "#%"};  // characters that mean something in a URL
    s.inputs = Matrix::from_rows({{1e-30f}, {-3.5f}, {3e38f}});
    s.query = 2;
    states.push_back(s);
    const State fallback = example("alignment");
    for (const State& want : states) {
        const std::string fragment = url_fragment_for_state(want);
        INFO("fragment: " << fragment);
        const UrlParseResult r = parse_url_fragment("#" + fragment, fallback);
        CHECK(r.ok());
        CHECK(r.warnings.empty());
        CHECK(r.state == want);
        CHECK(url_fragment_for_state(r.state) == fragment);
    }
}

TEST_CASE("url: module=<name> turns on the book's class as the book runs it; other settings use state=") {
    const UrlParseResult r =
        parse_url_fragment("#example=your-journey&module=multi-head-attention&panels=module", example("three-tokens"));
    REQUIRE_MESSAGE(r.ok(), r.error);
    CHECK(r.state.module.enabled);
    CHECK(r.state.module.settings == book_module_settings(AttentionModule::MultiHeadAttention));
    // Written back in the short form, and read back the same.
    const std::string link = url_fragment_for_state(r.state);
    CHECK(contains(link, "&module=multi-head-attention"));
    CHECK(parse_url_fragment(link, example("three-tokens")).state == r.state);
    // Another p than the book's needs the complete form, which keeps it.
    State edited = r.state;
    edited.module.settings.dropout = 0.5;
    const std::string full = url_fragment_for_state(edited);
    CHECK(full.rfind("state=", 0) == 0);
    CHECK(parse_url_fragment(full, example("three-tokens")).state == edited);
    // A mistyped class is refused by name; the rest of the link applies.
    const UrlParseResult bad = parse_url_fragment("#example=your-journey&module=gpt&query=2", example("three-tokens"));
    CHECK(contains(bad.error, "module is \"gpt\" in the link but must be self-attention-v1"));
    CHECK(bad.state.query == 2);
    CHECK_FALSE(bad.state.module.enabled);
    CHECK_FALSE(parse_url_fragment("#example=your-journey&module=none", example("three-tokens")).state.module.enabled);
}

TEST_CASE("url: the repository's classes take their own keys, in any order after module=, and write them back") {
    const UrlParseResult r = parse_url_fragment(
        "#chunk=2&example=random-12x8-seed7&decode=1&module=grouped-query-attention&kv_groups=4&prefill=5",
        example("three-tokens"));
    REQUIRE_MESSAGE(r.ok(), r.error);
    const ModuleSettings& m = r.state.module.settings;
    CHECK(m.module == AttentionModule::GroupedQueryAttention);
    CHECK(m.heads == 4);  // the class's own settings: four heads
    CHECK(m.kv_groups == 4);
    CHECK(m.decode);
    CHECK(m.prefill == 5);
    CHECK(m.chunk == 2);
    const std::string link = url_fragment_for_state(r.state);
    CHECK(contains(link, "&module=grouped-query-attention&kv_groups=4&decode=1&prefill=5&chunk=2"));
    CHECK(parse_url_fragment(link, example("three-tokens")).state == r.state);

    const UrlParseResult swa =
        parse_url_fragment("#example=your-journey&module=sliding-window-attention&window=2", example("three-tokens"));
    REQUIRE_MESSAGE(swa.ok(), swa.error);
    CHECK(swa.state.module.settings.window == 2);

    // Each wrong key is named; the rest applies.
    const struct {
        const char* link;
        const char* message;
    } bad[] = {
        {"#example=your-journey&kv_groups=2", "kv_groups is in the link but no module is: add module=NAME"},
        {"#example=your-journey&module=multi-head-attention&window=2",
         "window is for module=sliding-window-attention, not multi-head-attention"},
        {"#example=your-journey&module=grouped-query-attention&kv_groups=3",
         "num_heads must be divisible by num_kv_groups"},
        {"#example=your-journey&module=multi-head-attention&decode=1&prefill=7", "the prefill is 7 tokens"},
        {"#example=your-journey&module=multi-head-wrapper&decode=1", "has no KV cache"},
        {"#example=your-journey&module=multi-head-attention&decode=yes",
         "decode is \"yes\" in the link but must be 1 or 0"},
    };
    for (const auto& c : bad) {
        CAPTURE(c.link);
        const UrlParseResult p = parse_url_fragment(c.link, example("three-tokens"));
        CHECK(contains(p.error, c.message));
        CHECK(p.state.example == "your-journey");
    }
}

TEST_CASE("url: the masks' padded batch is a setting a link carries (pads=), checked against the sentence") {
    // A teacher links to the padding view: MultiHeadAttention, the second sentence 2 tokens shorter.
    const UrlParseResult r =
        parse_url_fragment("#example=your-journey&module=multi-head-attention&pads=2", example("three-tokens"));
    REQUIRE_MESSAGE(r.ok(), r.error);
    CHECK(r.state.module.settings.pads == 2);
    const std::string link = url_fragment_for_state(r.state);
    CHECK(contains(link, "&module=multi-head-attention&pads=2"));
    CHECK(parse_url_fragment(link, example("three-tokens")).state == r.state);
    // The state document carries it too, written only when set.
    const std::string doc = serialize_state(r.state);
    CHECK(contains(doc, R"("pads":2})"));
    CHECK(parse_state(doc).state == r.state);
    CHECK_FALSE(contains(serialize_state(example("your-journey")), "pads"));
    // A class without the masks' view, or a sentence left with no token, is refused by name.
    CHECK(contains(
        parse_url_fragment("#example=your-journey&module=causal-attention&pads=1", example("three-tokens")).error,
        "CausalAttention has no padding view"));
    CHECK(contains(
        parse_url_fragment("#example=your-journey&module=multi-head-attention&pads=6", example("three-tokens")).error,
        "pads is 6 but must be from 0 to 5"));
    CHECK(contains(parse_state(R"({"tokens":["a","b"],"inputs":[[1],[2]],"query":0,)"
                               R"("module":{"name":"multi-head-attention","d_out":2,"pads":2}})")
                       .error,
                   "pads is 2 but must be from 0 to 1"));
}
