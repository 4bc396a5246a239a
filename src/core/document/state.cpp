// The state document: JSON -> State (types and float32 range), validate_state (every other rule,
// so UI-built states meet the same checks), and State -> canonical JSON.
#include "core/document/state.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>

#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/text/name_list.h"
#include "core/text/utf8.h"

namespace attn {

namespace {

// Canonical key order: serialize_state writes them in this order and messages list them so.
const char* const kKeys[] = {"version", "example", "tokens",    "inputs", "query",  "norm",   "projection",
                             "scale",   "causal",  "lab_scale", "step",   "panels", "lesson", "module"};
const char* const kProjectionKeys[] = {"enabled", "seed", "d_out"};
const char* const kLessonKeys[] = {"mode", "question", "answer", "revealed", "exercise", "bug", "trace"};
const char* const kPanels[] = {"inputs",     "plot",   "loop", "heatmaps", "weights",
                               "projection", "lesson", "code", "module"};
const char* const kModuleKeys[] = {"name",    "seed",     "d_out",        "heads",      "qkv_bias",  "causal",
                                   "dropout", "training", "dropout_seed", "batch",      "kv_groups", "window",
                                   "decode",  "prefill",  "chunk",        "mask_style", "pads"};

// ---- one message per rule, shared by the parser (which quotes the text as written, e.g. 1e30)
// and validate_state (which quotes the stored value).

// The rules a learner can break by typing (a position, a width, a seed, a multiplier, a label, a
// value) are sentences, said in the interface's language; the API's own rules stay English.
Sentence query_refusal(const std::string& value, size_t n) {
    if (n == 0) return sentence("query is %s but there are no tokens: give tokens and inputs first", {value});
    if (n == 1) return sentence("query is %s but there is 1 token: use 0 (positions count from zero)", {value});
    return sentence("query is %s but there are %s tokens: use 0..%s (positions count from zero)",
                    {value, std::to_string(n), std::to_string(n - 1)});
}
std::string query_message(const std::string& value, size_t n) {
    return english(query_refusal(value, n));
}
Sentence seed_refusal(const std::string& value) {
    return sentence("projection.seed is %s but must be 0..%s (2^53, so every seed is exact in JSON)",
                    {value, std::to_string(kMaxSeed)});
}
std::string seed_message(const std::string& value) {
    return english(seed_refusal(value));
}
Sentence d_out_refusal(const std::string& value) {
    return sentence(
        "projection.d_out is %s but must be 1..%s: it is the number of columns of W_query, W_key and "
        "W_value",
        {value, std::to_string(kMaxDOut)});
}
std::string d_out_message(const std::string& value) {
    return english(d_out_refusal(value));
}
Sentence module_seed_refusal(const std::string& path, const std::string& value) {
    return sentence("%s is %s but must be 0..%s (2^53)", {path, value, std::to_string(kMaxSeed)});
}
std::string module_seed_message(const std::string& path, const std::string& value) {
    return english(module_seed_refusal(path, value));
}
std::string module_names() {
    std::string out;
    for (AttentionModule m : kAllModules) out += std::string(out.empty() ? "\"" : ", \"") + module_name(m) + "\"";
    return out;
}
std::string step_message(const std::string& value) {
    return "step is " + value + " but must be 0.." + std::to_string(kMaxLessonStep) + ": 0 is free exploration";
}
bool lab_scale_ok(float f) {
    return std::isfinite(f) && f > 0.0f && f <= kMaxLabScale;
}
Sentence lab_scale_refusal(const std::string& value) {
    return sentence(
        "lab_scale is %s but must be greater than 0 and at most %s (as a float32): 1 leaves the "
        "scores unchanged",
        {value, format_float(kMaxLabScale)});
}
std::string lab_scale_message(const std::string& value) {
    return english(lab_scale_refusal(value));
}
std::string question_message(const std::string& value) {
    return "lesson.question is " + value + " but must be 0.." + std::to_string(kMaxQuestionIndex) +
           ": questions of a step count from zero";
}
std::string answer_message(const std::string& value) {
    return "lesson.answer is " + value + " but must be -1.." + std::to_string(kMaxChoiceIndex) +
           ": -1 is not answered yet, choices count from zero";
}
std::string exercise_message(const std::string& value) {
    return "lesson.exercise is " + value + " but must be 0.." + std::to_string(kExerciseCount - 1) +
           " (kExerciseCount): exercises count from zero";
}
std::string trace_message(const std::string& value) {
    return "lesson.trace is " + value + " but must be 0.." + std::to_string(kMaxTraceSteps) +
           ": the number of trace steps checked";
}
std::string utf8_message(const std::string& path, size_t offset) {
    return path + " is not valid UTF-8 (bad byte at offset " + std::to_string(offset) + "): use UTF-8 text";
}

// ---- reading JSON values into typed fields

// A number as written, cut so a hostile 1 MB numeral cannot make a 1 MB message.
std::string numeral(const JsonValue& v) {
    return v.text.size() <= 40 ? v.text : v.text.substr(0, 40) + "...";
}

// "the number 5", "the string \"a\"", "an array", ... for "is not a ..." messages.
std::string describe(const JsonValue& v) {
    switch (v.type) {
        case JsonType::Null:
            return "null";
        case JsonType::Bool:
            return v.boolean ? "true" : "false";
        case JsonType::Number:
            return "the number " + numeral(v);
        case JsonType::String:
            return "the string " + json_quote_short(v.text);
        case JsonType::Array:
            return "an array";
        case JsonType::Object:
            return "an object";
    }
    return "a value";
}

std::string not_a(const std::string& path, const char* what, const JsonValue& v, const std::string& fix) {
    return path + " is not " + what + " (found " + describe(v) + "): " + fix;
}

enum class IntRead { Ok, Error, OutOfRange };

// A whole number (3, 3.0, 3e0); 3.5 or "3" is an error; 1e30 is OutOfRange so the caller can give
// its own range message.
IntRead read_integer(const JsonValue& v, const std::string& path, const char* fix, int64_t* out, std::string* error) {
    if (!v.is_number()) {
        *error = not_a(path, "a number", v, fix);
        return IntRead::Error;
    }
    if (v.as_int64(out)) return IntRead::Ok;
    const double d = v.as_double();
    if (std::floor(d) == d) return IntRead::OutOfRange;  // whole but past int64 (inf included)
    *error = path + " is " + numeral(v) + ", not a whole number: " + fix;
    return IntRead::Error;
}

// An int field with range lo..hi checked later by validate_state; only values that do not fit an
// int are reported here, with the same message.
std::string read_int(const JsonValue& v, const std::string& path, const char* fix,
                     std::string (*range_message)(const std::string&), int* out) {
    int64_t i = 0;
    std::string error;
    const IntRead r = read_integer(v, path, fix, &i, &error);
    if (r == IntRead::Error) return error;
    if (r == IntRead::OutOfRange || i < INT_MIN || i > INT_MAX) return range_message(numeral(v));
    *out = int(i);
    return "";
}

std::string read_bool(const JsonValue& v, const std::string& path, bool* out) {
    if (!v.is_bool()) return not_a(path, "true or false", v, "write true or false without quotes");
    *out = v.boolean;
    return "";
}

std::string read_strings(const JsonValue& v, const std::string& path, const char* fix, std::vector<std::string>* out) {
    if (!v.is_array()) return not_a(path, "an array", v, fix);
    out->clear();
    for (size_t i = 0; i < v.items.size(); ++i) {
        if (!v.items[i].is_string())
            return not_a(path + "[" + std::to_string(i) + "]", "a string", v.items[i], "write it in double quotes");
        out->push_back(v.items[i].text);
    }
    return "";
}

// inputs: n rows of d numbers. Ragged rows and float32 overflow are caught here because a Matrix
// cannot hold them; counts and limits are left to validate_state.
std::string read_inputs(const JsonValue& v, Matrix* out) {
    const char* fix = "give one list of numbers per token, as in [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66]]";
    if (!v.is_array()) return not_a("inputs", "an array", v, fix);
    const size_t n = v.items.size();
    const size_t d = n > 0 && v.items[0].is_array() ? v.items[0].items.size() : 0;
    // The shape is checked before the Matrix is allocated: n x d is then at most the number of
    // values the document really holds.
    for (size_t r = 0; r < n; ++r) {
        const JsonValue& row = v.items[r];
        const std::string path = "inputs[" + std::to_string(r) + "]";
        if (!row.is_array())
            return not_a(path, "an array", row, "write each embedding as a list like [0.43, 0.15, 0.89]");
        if (row.items.size() != d)
            return path + " has " + std::to_string(row.items.size()) + " values but inputs[0] has " +
                   std::to_string(d) + ": every embedding needs the same length";
    }
    *out = Matrix(int(n), int(d));
    for (size_t r = 0; r < n; ++r) {
        for (size_t c = 0; c < d; ++c) {
            const JsonValue& x = v.items[r].items[c];
            const std::string at = "inputs[" + std::to_string(r) + "][" + std::to_string(c) + "]";
            if (!x.is_number()) return not_a(at, "a number", x, "write a plain number such as 0.5");
            const float f = x.as_float();
            if (!std::isfinite(f))
                return at + " = " + numeral(x) + " is too large for float32 (max 3.4e38): use a smaller value";
            out->at(int(r), int(c)) = f;
        }
    }
    return "";
}

// "" when every member of the object v is one of keys, else the message for the first that is not.
template <size_t N>
std::string unknown_member(const JsonValue& v, const char* where, const char* const (&keys)[N]) {
    for (const auto& m : v.members)
        if (!is_one_of(m.first, keys))
            return "unknown key " + json_quote_short(m.first) + " in " + where + ": the allowed keys are " +
                   join_names(keys);
    return "";
}

std::string read_projection(const JsonValue& v, ProjectionSettings* out) {
    if (!v.is_object())
        return not_a("projection", "an object", v, "write {\"enabled\": false, \"seed\": 123, \"d_out\": 2}");
    if (std::string e = unknown_member(v, "projection", kProjectionKeys); !e.empty()) return e;
    std::string e;
    if (const JsonValue* x = v.find("enabled")) e = read_bool(*x, "projection.enabled", &out->enabled);
    if (!e.empty()) return e;
    if (const JsonValue* x = v.find("seed")) {
        int64_t seed = 0;
        const IntRead r = read_integer(*x, "projection.seed", "use a whole number such as 123", &seed, &e);
        if (r == IntRead::Error) return e;
        if (r == IntRead::OutOfRange || seed < 0) return seed_message(numeral(*x));
        out->seed = uint64_t(seed);
    }
    if (const JsonValue* x = v.find("d_out"))
        e = read_int(*x, "projection.d_out", "use a whole number such as 2", d_out_message, &out->d_out);
    return e;
}

// A whole number read into *out as is (int fields) with the range left to validate_state.
std::string read_module_int(const JsonValue& v, const std::string& path, int* out) {
    int64_t i = 0;
    std::string error;
    const IntRead r = read_integer(v, path, "use a whole number such as 2", &i, &error);
    if (r == IntRead::Error) return error;
    *out = r == IntRead::OutOfRange || i < INT_MIN || i > INT_MAX ? INT_MAX : int(i);
    return "";
}

std::string read_module_seed(const JsonValue& v, const std::string& path, uint64_t* out) {
    int64_t seed = 0;
    std::string e;
    const IntRead r = read_integer(v, path, "use a whole number such as 123", &seed, &e);
    if (r == IntRead::Error) return e;
    if (r == IntRead::OutOfRange || seed < 0 || uint64_t(seed) > kMaxSeed) return module_seed_message(path, numeral(v));
    *out = uint64_t(seed);
    return "";
}

// "module": null (off) or an object whose name picks the class; the keys left out take the book's
// values for that class (book_module_settings), so {"name": "multi-head-attention"} is the book's.
std::string read_module(const JsonValue& v, ModuleDocument* out) {
    out->enabled = false;
    if (v.is_null()) return "";
    if (!v.is_object())
        return not_a("module", "an object or null", v, "write {\"name\": \"self-attention-v2\"}, or null for none");
    if (std::string e = unknown_member(v, "module", kModuleKeys); !e.empty()) return e;
    const JsonValue* name = v.find("name");
    if (!name) return "module.name is missing: use one of " + module_names();
    AttentionModule cls = AttentionModule::SelfAttentionV1;
    if (!name->is_string()) return not_a("module.name", "a string", *name, "use one of " + module_names());
    if (!parse_module(name->text, &cls))
        return "module.name is " + json_quote_short(name->text) + " but must be one of " + module_names();
    ModuleSettings s = book_module_settings(cls);
    std::string e;
    if (const JsonValue* x = v.find("seed"))
        if (!(e = read_module_seed(*x, "module.seed", &s.seed)).empty()) return e;
    if (const JsonValue* x = v.find("d_out"))
        if (!(e = read_module_int(*x, "module.d_out", &s.d_out)).empty()) return e;
    if (const JsonValue* x = v.find("heads"))
        if (!(e = read_module_int(*x, "module.heads", &s.heads)).empty()) return e;
    if (const JsonValue* x = v.find("qkv_bias"))
        if (!(e = read_bool(*x, "module.qkv_bias", &s.qkv_bias)).empty()) return e;
    if (const JsonValue* x = v.find("causal"))
        if (!(e = read_bool(*x, "module.causal", &s.causal)).empty()) return e;
    if (const JsonValue* x = v.find("dropout")) {
        if (!x->is_number()) return not_a("module.dropout", "a number", *x, "use a probability such as 0.5");
        s.dropout = x->as_double();
    }
    if (const JsonValue* x = v.find("training"))
        if (!(e = read_bool(*x, "module.training", &s.training)).empty()) return e;
    if (const JsonValue* x = v.find("dropout_seed")) {
        s.reseed_dropout = !x->is_null();
        if (s.reseed_dropout && !(e = read_module_seed(*x, "module.dropout_seed", &s.dropout_seed)).empty()) return e;
    }
    if (const JsonValue* x = v.find("batch"))
        if (!(e = read_module_int(*x, "module.batch", &s.batch)).empty()) return e;
    // The repository's classes' own settings: refused on a class that has no such setting.
    if (const JsonValue* x = v.find("kv_groups")) {
        if (cls != AttentionModule::GroupedQueryAttention)
            return "module.kv_groups is for grouped-query-attention, not " + name->text;
        if (!(e = read_module_int(*x, "module.kv_groups", &s.kv_groups)).empty()) return e;
    }
    if (const JsonValue* x = v.find("window")) {
        if (cls != AttentionModule::SlidingWindowAttention)
            return "module.window is for sliding-window-attention, not " + name->text;
        if (!(e = read_module_int(*x, "module.window", &s.window)).empty()) return e;
    }
    if (const JsonValue* x = v.find("decode"))
        if (!(e = read_bool(*x, "module.decode", &s.decode)).empty()) return e;
    if (const JsonValue* x = v.find("prefill"))
        if (!(e = read_module_int(*x, "module.prefill", &s.prefill)).empty()) return e;
    if (const JsonValue* x = v.find("chunk"))
        if (!(e = read_module_int(*x, "module.chunk", &s.chunk)).empty()) return e;
    if (const JsonValue* x = v.find("mask_style")) {
        const char* styles = "\"book\", \"sdpa-bool\", \"additive\" or \"is-causal\"";
        if (!x->is_string()) return not_a("module.mask_style", "a string", *x, std::string("use ") + styles);
        if (!parse_mask_style(x->text, &s.mask_style))
            return "module.mask_style is " + json_quote_short(x->text) + " but must be " + styles;
    }
    if (const JsonValue* x = v.find("pads"))
        if (!(e = read_module_int(*x, "module.pads", &s.pads)).empty()) return e;
    out->enabled = true;
    out->settings = s;
    return "";
}

std::string read_lesson(const JsonValue& v, LessonState* out) {
    if (!v.is_object())
        return not_a("lesson", "an object", v,
                     "write {\"mode\": \"track\", \"question\": 0, \"answer\": -1, \"revealed\": false}");
    if (std::string e = unknown_member(v, "lesson", kLessonKeys); !e.empty()) return e;
    std::string e;
    if (const JsonValue* x = v.find("mode")) {
        const char* choices = "\"track\", \"practice\" or \"debug\"";
        if (!x->is_string()) return not_a("lesson.mode", "a string", *x, "use " + std::string(choices));
        if (!parse_lesson_mode(x->text, &out->mode))
            return "lesson.mode is " + json_quote_short(x->text) + " but must be " + choices;
    }
    if (const JsonValue* x = v.find("question"))
        if (!(e = read_int(*x, "lesson.question", "use a whole number such as 0", question_message, &out->question))
                 .empty())
            return e;
    if (const JsonValue* x = v.find("answer"))
        if (!(e = read_int(*x, "lesson.answer", "use a whole number such as 0, or -1", answer_message, &out->answer))
                 .empty())
            return e;
    if (const JsonValue* x = v.find("revealed"))
        if (!(e = read_bool(*x, "lesson.revealed", &out->revealed)).empty()) return e;
    if (const JsonValue* x = v.find("exercise"))
        if (!(e = read_int(*x, "lesson.exercise", "use a whole number such as 0", exercise_message, &out->exercise))
                 .empty())
            return e;
    if (const JsonValue* x = v.find("bug")) {
        if (!x->is_string()) return not_a("lesson.bug", "a string", *x, "use one of " + bug_choices());
        if (!parse_bug(x->text, &out->bug))
            return "lesson.bug is " + json_quote_short(x->text) + " but must be one of " + bug_choices();
    }
    if (const JsonValue* x = v.find("trace"))
        if (!(e = read_int(*x, "lesson.trace", "use a whole number such as 0", trace_message, &out->trace)).empty())
            return e;
    return "";
}

// Every field but the cross-field rules, which validate_state applies afterwards. require_data:
// tokens and inputs must be there (a whole document); else they may be left out together.
std::string read_fields(const JsonValue& doc, State* s, bool require_data) {
    if (!doc.is_object())
        return "the document is " + describe(doc) +
               " but must be a JSON object such as {\"tokens\": [\"Your\", \"journey\"], \"inputs\": [[0.43, 0.15], "
               "[0.55, 0.87]]}";
    for (const auto& m : doc.members)
        if (!is_one_of(m.first, kKeys))
            return "unknown key " + json_quote_short(m.first) + ": the allowed keys are " + join_names(kKeys) +
                   " (check the spelling)";

    if (const JsonValue* v = doc.find("version")) {
        int64_t version = 0;
        if (!v->as_int64(&version) || version != 1)
            return "version is " + (v->is_number() ? numeral(*v) : describe(*v)) +
                   " but this program reads version 1: write \"version\": 1 or leave it out";
    }
    if (const JsonValue* v = doc.find("example")) {
        if (!v->is_string()) return not_a("example", "a string", *v, "write the example's name in quotes, or \"\"");
        s->example = v->text;
    }
    const JsonValue* tokens = doc.find("tokens");
    const JsonValue* inputs = doc.find("inputs");
    std::string e;
    if (require_data || tokens || inputs) {
        if (!tokens)
            return "tokens is missing: give one label per embedding, as in \"tokens\": [\"Your\", \"journey\"]";
        if (!(e = read_strings(*tokens, "tokens", "write the labels as [\"Your\", \"journey\"]", &s->tokens)).empty())
            return e;
        if (!inputs)
            return "inputs is missing: give one embedding per token, as in \"inputs\": [[0.43, 0.15, 0.89], [0.55, "
                   "0.87, 0.66]]";
        if (!(e = read_inputs(*inputs, &s->inputs)).empty()) return e;
    }
    if (const JsonValue* v = doc.find("query")) {
        int64_t q = 0;
        const IntRead r =
            read_integer(*v, "query", "use a token position such as 0 (positions count from zero)", &q, &e);
        if (r == IntRead::Error) return e;
        if (r == IntRead::OutOfRange || q < INT_MIN || q > INT_MAX) return query_message(numeral(*v), s->tokens.size());
        s->query = int(q);
    }
    if (const JsonValue* v = doc.find("norm")) {
        const char* choices = "\"sum\", \"softmax-naive\" or \"softmax\"";
        if (!v->is_string()) return not_a("norm", "a string", *v, "use " + std::string(choices));
        if (!parse_norm(v->text, &s->norm)) return "norm is " + json_quote_short(v->text) + " but must be " + choices;
    }
    if (const JsonValue* v = doc.find("projection"))
        if (!(e = read_projection(*v, &s->projection)).empty()) return e;
    if (const JsonValue* v = doc.find("scale"))
        if (!(e = read_bool(*v, "scale", &s->scale)).empty()) return e;
    if (const JsonValue* v = doc.find("causal"))
        if (!(e = read_bool(*v, "causal", &s->causal)).empty()) return e;
    if (const JsonValue* v = doc.find("lab_scale")) {
        if (!v->is_number()) return not_a("lab_scale", "a number", *v, "use a number such as 1");
        s->lab_scale = v->as_float();
        if (!lab_scale_ok(s->lab_scale)) return lab_scale_message(numeral(*v));
    }
    if (const JsonValue* v = doc.find("step"))
        if (!(e = read_int(*v, "step", "use a whole number such as 0", step_message, &s->step)).empty()) return e;
    if (const JsonValue* v = doc.find("panels"))
        if (!(e = read_strings(*v, "panels", "write the panels as [\"plot\", \"heatmaps\"]", &s->panels)).empty())
            return e;
    if (const JsonValue* v = doc.find("lesson"))
        if (!(e = read_lesson(*v, &s->lesson)).empty()) return e;
    if (const JsonValue* v = doc.find("module"))
        if (!(e = read_module(*v, &s->module)).empty()) return e;
    return "";
}

std::string read_document(const JsonValue& doc, State* s) {
    return read_fields(doc, s, true);
}

// data holds exactly rows x cols values (computed in 64 bits: 65536 x 65536 wraps a 32-bit size_t).
bool shape_matches(const Matrix& m) {
    return m.rows >= 0 && m.cols >= 0 && uint64_t(m.data.size()) == uint64_t(m.rows) * uint64_t(m.cols);
}

}  // namespace

bool is_panel_name(std::string_view name) {
    return is_one_of(name, kPanels);
}

std::string panel_names() {
    return join_names(kPanels);
}

std::string read_state_fields(const JsonValue& object, State* state) {
    return read_fields(object, state, false);
}

bool same_numbers(const State& a, const State& o) {
    return a.example == o.example && a.tokens == o.tokens && a.inputs.rows == o.inputs.rows &&
           a.inputs.cols == o.inputs.cols && a.inputs.data == o.inputs.data && a.query == o.query && a.norm == o.norm &&
           a.projection == o.projection && a.scale == o.scale && a.causal == o.causal && a.lab_scale == o.lab_scale &&
           a.module == o.module;
}

bool State::operator==(const State& o) const {
    return same_numbers(*this, o) && step == o.step && panels == o.panels && lesson == o.lesson;
}

ParseResult parse_state(std::string_view json) {
    ParseResult result;
    if (json.size() > kMaxDocumentBytes) {
        result.error = "the document is " + std::to_string(json.size()) + " bytes but the limit is " +
                       std::to_string(kMaxDocumentBytes) + " bytes (16 MiB): use fewer tokens or shorter numbers";
        return result;
    }
    const JsonParseResult doc = parse_json(json);
    if (!doc.ok) {
        result.error = "the document is not valid JSON: " + doc.error;
        return result;
    }
    result.error = read_document(doc.value, &result.state);
    if (result.error.empty()) {
        result.refusal = state_refusal(result.state);
        result.error = english(result.refusal);
    }
    result.ok = result.error.empty();
    if (!result.ok) result.state = State();
    return result;
}

Sentence label_refusal(const std::string& label, const std::string& name) {
    if (label.size() > size_t(kMaxLabelBytes))
        return sentence("%s is %s bytes long but the limit is %s bytes: shorten the label",
                        {name, std::to_string(label.size()), std::to_string(kMaxLabelBytes)});
    if (size_t bad = utf8_error_offset(label); bad != label.size()) return as_is(utf8_message(name, bad));
    if (size_t at = control_character_offset(label); at != label.size()) {
        uint32_t cp = 0;
        decode_utf8(label, at, &cp);
        return sentence(
            "%s contains the control character U+%s at byte %s: labels are shown as text, so remove it (use a "
            "space instead of a tab or line break)",
            {name, hex4(cp), std::to_string(at)});
    }
    return {};
}

std::string validate_label(const std::string& label, const std::string& name) {
    return english(label_refusal(label, name));
}

void fit_module_to_inputs(State* s) {
    ModuleSettings& m = s->module.settings;
    const int n = std::max(1, s->inputs.rows);
    m.prefill = std::clamp(m.prefill, 1, n);
    m.chunk = std::clamp(m.chunk, 0, m.prefill);
    m.pads = std::clamp(m.pads, 0, n - 1);
}

namespace {

// The document's own rules: nothing said when they hold. Those a learner can break by typing are
// sentences (translated); the API's own, as_is in English.
Sentence document_refusal(const State& s) {
    if (size_t bad = utf8_error_offset(s.example); bad != s.example.size()) return as_is(utf8_message("example", bad));
    // The schema's own rule: the name of a built-in example, or "" once the data was edited. Any
    // other text would be printed by the CLI, written into code comments and sent to host pages.
    if (!s.example.empty() && !is_example_name(s.example))
        return as_is("example is " + json_quote_short(s.example) +
                     " but must be \"\" or the name of a built-in example (" + example_names_hint() +
                     "): it names the example the data came from");

    const size_t n = s.tokens.size();
    if (n == 0) return as_is("tokens is empty: give 1.." + std::to_string(kMaxTokens) + " labels, one per embedding");
    if (n > size_t(kMaxTokens))
        return sentence("tokens has %s labels but the limit is %s: use fewer tokens",
                        {std::to_string(n), std::to_string(kMaxTokens)});
    for (size_t i = 0; i < n; ++i)
        if (Sentence e = label_refusal(s.tokens[i], "tokens[" + std::to_string(i) + "]"); !e.empty()) return e;

    const Matrix& x = s.inputs;
    if (!shape_matches(x))
        return as_is("inputs holds " + std::to_string(x.data.size()) + " numbers but its shape is " +
                     std::to_string(x.rows) + " x " + std::to_string(x.cols) + ": build it with Matrix(rows, cols)");
    if (x.rows == 0) return as_is("inputs has no rows: give one embedding (a list of numbers) per token");
    if (x.rows > kMaxTokens)
        return sentence("inputs has %s rows but the limit is %s: use fewer tokens",
                        {std::to_string(x.rows), std::to_string(kMaxTokens)});
    if (x.cols == 0)
        return as_is("inputs[0] is empty: every embedding needs 1.." + std::to_string(kMaxDims) + " numbers");
    if (x.cols > kMaxDims)
        return sentence("inputs[0] has %s values but the limit is %s: use shorter embeddings",
                        {std::to_string(x.cols), std::to_string(kMaxDims)});
    if (size_t(x.rows) != n)
        return as_is("tokens has " + std::to_string(n) + " labels but inputs has " + std::to_string(x.rows) +
                     " rows: give one label per embedding");
    for (int r = 0; r < x.rows; ++r)
        for (int c = 0; c < x.cols; ++c)
            if (!std::isfinite(x.at(r, c)))
                return sentence("inputs[%s][%s] is %s: every value must be a finite float32",
                                {std::to_string(r), std::to_string(c), format_float(x.at(r, c))});

    if (s.query < 0 || size_t(s.query) >= n) return query_refusal(std::to_string(s.query), n);
    if (s.norm != Norm::Sum && s.norm != Norm::SoftmaxNaive && s.norm != Norm::Softmax)
        return as_is("norm is " + std::to_string(int(s.norm)) +
                     ", not one of sum, softmax-naive, softmax: use a Norm enumerator");
    if (s.projection.seed > kMaxSeed) return seed_refusal(std::to_string(s.projection.seed));
    if (s.projection.d_out < 1 || s.projection.d_out > kMaxDOut)
        return d_out_refusal(std::to_string(s.projection.d_out));
    if (!lab_scale_ok(s.lab_scale)) return lab_scale_refusal(format_float(s.lab_scale));
    if (s.step < 0 || s.step > kMaxLessonStep) return as_is(step_message(std::to_string(s.step)));
    for (size_t i = 0; i < s.panels.size(); ++i) {
        const std::string path = "panels[" + std::to_string(i) + "]";
        if (!is_one_of(s.panels[i], kPanels))
            return as_is(path + " is " + json_quote_short(s.panels[i]) + " but must be one of " + join_names(kPanels));
        for (size_t j = 0; j < i; ++j)
            if (s.panels[j] == s.panels[i])
                return as_is(path + " repeats " + json_quote_short(s.panels[i]) + " (already panels[" +
                             std::to_string(j) + "]): list each panel once");
    }
    const LessonState& l = s.lesson;
    if (l.mode != LessonMode::Track && l.mode != LessonMode::Practice && l.mode != LessonMode::Debug)
        return as_is("lesson.mode is " + std::to_string(int(l.mode)) +
                     ", not one of track, practice, debug: use a LessonMode enumerator");
    if (l.question < 0 || l.question > kMaxQuestionIndex) return as_is(question_message(std::to_string(l.question)));
    if (l.answer < -1 || l.answer > kMaxChoiceIndex) return as_is(answer_message(std::to_string(l.answer)));
    if (l.exercise < 0 || l.exercise >= kExerciseCount) return as_is(exercise_message(std::to_string(l.exercise)));
    if (std::string(bug_name(l.bug)) == "none" && l.bug != Bug::None)
        return as_is("lesson.bug is " + std::to_string(int(l.bug)) + ", not one of " + bug_choices() +
                     ": use a Bug enumerator");
    if (l.trace < 0 || l.trace > kMaxTraceSteps) return as_is(trace_message(std::to_string(l.trace)));
    if (s.module.enabled) {
        const ModuleSettings& m = s.module.settings;
        if (m.seed > kMaxSeed) return module_seed_refusal("module.seed", std::to_string(m.seed));
        if (m.reseed_dropout && m.dropout_seed > kMaxSeed)
            return module_seed_refusal("module.dropout_seed", std::to_string(m.dropout_seed));
    }
    return {};
}

}  // namespace

Sentence state_refusal(const State& s) {
    if (Sentence e = document_refusal(s); !e.empty()) return e;
    if (!s.module.enabled) return {};
    // The class's own rules (d_out, heads, p, bias, batch, the prefill within the sequence). Not the
    // size of a run: that is the panel's to report, so a long text keeps the module on.
    Sentence e = check_module_settings(s.module.settings, s.inputs.cols, s.inputs.rows, false);
    if (!e.empty()) e.where = "module";
    return e;
}

std::string serialize_state(const State& s) {
    std::string out;
    JsonWriter w(&out);
    w.begin_object();
    w.key("version").integer(1);
    w.key("example").string(s.example);
    w.key("tokens").strings(s.tokens);
    w.key("inputs");
    if (shape_matches(s.inputs))
        w.matrix(s.inputs, false);
    else
        w.begin_array().end_array();  // a bad shape writes no rows
    w.key("query").integer(s.query);
    w.key("norm").string(norm_name(s.norm));
    w.key("projection").begin_object();
    w.key("enabled").boolean(s.projection.enabled);
    w.key("seed").uinteger(s.projection.seed);
    w.key("d_out").integer(s.projection.d_out);
    w.end_object();
    w.key("scale").boolean(s.scale);
    w.key("causal").boolean(s.causal);
    w.key("lab_scale").number(s.lab_scale);
    w.key("step").integer(s.step);
    w.key("panels").strings(s.panels);
    const LessonState& l = s.lesson;
    w.key("lesson").begin_object();
    w.key("mode").string(lesson_mode_name(l.mode));
    w.key("question").integer(l.question);
    w.key("answer").integer(l.answer);
    w.key("revealed").boolean(l.revealed);
    w.key("exercise").integer(l.exercise);
    w.key("bug").string(bug_name(l.bug));
    w.key("trace").integer(l.trace);
    w.end_object();
    if (s.module.enabled) {  // off: no key, so documents without the chapter's classes read as before
        const ModuleSettings& m = s.module.settings;
        w.key("module").begin_object();
        w.key("name").string(module_name(m.module));
        w.key("seed").uinteger(m.seed);
        w.key("d_out").integer(m.d_out);
        w.key("heads").integer(m.heads);
        w.key("qkv_bias").boolean(m.qkv_bias);
        w.key("causal").boolean(m.causal);
        w.key("dropout").number(m.dropout);
        w.key("training").boolean(m.training);
        w.key("dropout_seed");
        m.reseed_dropout ? w.uinteger(m.dropout_seed) : w.null();
        w.key("batch").integer(m.batch);
        // Only what the class has, and the decode settings only when decoding: the documents of
        // chapter 3's classes read and write as before.
        if (m.module == AttentionModule::GroupedQueryAttention) w.key("kv_groups").integer(m.kv_groups);
        if (m.module == AttentionModule::SlidingWindowAttention) w.key("window").integer(m.window);
        if (m.decode) {
            w.key("decode").boolean(true);
            w.key("prefill").integer(m.prefill);
            w.key("chunk").integer(m.chunk);
        }
        if (m.mask_style != MaskStyle::Book) w.key("mask_style").string(mask_style_name(m.mask_style));
        if (m.pads != 0) w.key("pads").integer(m.pads);
        w.end_object();
    }
    w.end_object();
    return out;
}

}  // namespace attn
