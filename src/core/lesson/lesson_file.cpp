// Reading a lesson file: every key checked against the format, every text against the limits and
// its placeholders against what the core can fill, every setup applied once to a fresh state and
// validated as a state document would be. The problems found, each named, are the message.
#include "core/lesson/lesson_file.h"

#include <algorithm>

#include "core/document/examples.h"
#include "core/document/language_file.h"
#include "core/document/words_scope.h"
#include "core/lesson/lesson_record.h"
#include "core/lesson/lesson_values.h"
#include "core/lesson/quiz.h"
#include "core/lesson/step_text.h"
#include "core/text/name_list.h"

namespace attn {
namespace {

const char* const kLessonKeys[] = {"$schema", "format", "id", "lang", "title", "setup", "steps"};
const char* const kStepKeys[] = {"title", "setup", "watch", "widget", "lines", "questions"};
// The panels a step can point the learner at (the state's panels but the band itself and the code).
const char* const kWatchable[] = {"inputs", "plot", "loop", "heatmaps", "weights", "projection", "module"};
const char* const kLineKinds[] = {"prose", "code", "note", "good", "warn", "section"};
const char* const kWidgets[] = {"alignment", "lab", "scaling", "causal"};
// The state document's keys a setup may set (the rest belong to the learner or the lesson).
const char* const kSetupKeys[] = {"example",    "tokens", "inputs", "query",     "norm",
                                  "projection", "scale",  "causal", "lab_scale", "module"};

template <size_t N>
bool one_of(std::string_view s, const char* const (&names)[N]) {
    for (const char* n : names)
        if (s == n) return true;
    return false;
}

template <size_t N>
std::string names_of(const char* const (&names)[N]) {
    std::string out;
    for (const char* n : names) out += std::string(out.empty() ? "" : ", ") + n;
    return out;
}

// Where a value sits in the file, built into text only for a message: steps[2].lines[1].prose.
struct Path {
    const Path* parent;
    const char* key;  // null: an index into the parent
    int index;
    std::string text() const {
        std::string out = parent ? parent->text() : "";
        if (key) return out + (out.empty() ? "" : ".") + key;
        return out + "[" + std::to_string(index) + "]";
    }
    // The path with the step as the band counts it, from 1: "steps[2].title (step 3)".
    std::string named() const {
        for (const Path* p = this; p && p->parent; p = p->parent)
            if (!p->key && !p->parent->parent && p->parent->key == std::string_view("steps"))
                return text() + " (step " + std::to_string(p->index + 1) + ")";
        return text();
    }
};

// Collects the file's problems, each with its position, so that a teacher mends them in one pass:
// a step stops at its first problem (what follows in it may only be an echo) and the next step is
// read; the checks across steps run only on a file whose steps all read.
struct Reader {
    std::string_view source;
    std::vector<std::string> problems;
    size_t more = 0;  // problems found beyond kMaxReportedProblems

    bool failed() const { return !problems.empty(); }
    bool fail(const JsonValue& at, const Path& path, const std::string& message) {
        return fail_at(at.offset, path, message);
    }
    // A problem inside a string: the position of its decoded byte `byte` ("{nope}" in a line).
    bool fail_inside(const JsonValue& string, size_t byte, const Path& path, const std::string& message) {
        return fail_at(json_string_source_offset(source, string.offset, byte), path, message);
    }
    bool fail_at(size_t offset, const Path& path, const std::string& message) {
        if (problems.size() < kMaxReportedProblems)
            problems.push_back(json_place(source, offset, path.named()) + message);
        else
            ++more;
        return false;
    }
    // One problem per line, in the file's order.
    std::string report() const { return problem_report(problems, more); }
    bool string_at(const JsonValue& v, const Path& path, size_t max_bytes, std::string* out) {
        if (!v.is_string()) return fail(v, path, "must be a string");
        if (v.text.empty()) return fail(v, path, "must not be empty");
        const std::string problem = check_lesson_text(v.text, max_bytes);
        if (!problem.empty()) return fail(v, path, problem);
        *out = v.text;
        return true;
    }
    template <size_t N>
    bool keys(const JsonValue& obj, const Path& path, const char* const (&allowed)[N]) {
        if (!obj.is_object()) return fail(obj, path, "must be an object");
        for (const auto& [key, value] : obj.members)
            if (!one_of(key, allowed))
                return fail(value, Path{&path, key.c_str(), 0}, "is not a key here: the keys are " + names_of(allowed));
        return true;
    }
};

bool read_line(Reader& r, const JsonValue& v, const Path& path, int questions, LessonLineSpec* out) {
    if (!v.is_object()) return r.fail(v, path, "must be an object such as {\"prose\": \"...\"}");
    const std::pair<std::string, JsonValue>* text = nullptr;
    for (const auto& member : v.members) {
        if (member.first == "after") continue;
        if (!one_of(member.first, kLineKinds))
            return r.fail(member.second, Path{&path, member.first.c_str(), 0},
                          "is not a key of a line: a line is one of " + names_of(kLineKinds) + ", and \"after\"");
        if (text)
            return r.fail(member.second, path, "has two texts: give one of " + names_of(kLineKinds) + " per line");
        text = &member;
    }
    if (!text) return r.fail(v, path, "has no text: give one of " + names_of(kLineKinds));
    const Path text_path{&path, text->first.c_str(), 0};
    std::string s;
    if (!r.string_at(text->second, text_path, kMaxLessonLineBytes, &s)) return false;
    if (text->first == "section") {
        if (!is_step_section(s))
            return r.fail(text->second, text_path,
                          "\"" + s + "\" is not a section: use one of " + step_section_names());
        out->section = s;
    } else {
        out->kind = text->first == "code"   ? LineKind::Code
                    : text->first == "note" ? LineKind::Note
                    : text->first == "good" ? LineKind::Good
                    : text->first == "warn" ? LineKind::Warn
                                            : LineKind::Prose;
        const TemplateParse t = parse_template(s);
        if (!t.ok) return r.fail_inside(text->second, t.error_at, text_path, t.error);
        for (size_t i = 0; i < t.value.names.size(); ++i)
            if (!is_lesson_value(t.value.names[i]))
                return r.fail_inside(
                    text->second, t.name_at[i], text_path,
                    "{" + t.value.names[i] + "} is not a value a lesson can show: use one of " + lesson_value_names());
        out->text = t.value;
    }
    if (const JsonValue* after = v.find("after")) {
        int64_t k = -1;
        if (!after->as_int64(&k) || k < 0 || k >= questions)
            return r.fail(*after, Path{&path, "after", 0},
                          "must be the index of one of the step's questions (0.." + std::to_string(questions - 1) +
                              "): the line shows once that question is answered");
        out->after = int(k);
    }
    return true;
}

// A setup's keys (the state document's, and "example"); the values are checked by applying it.
bool read_setup(Reader& r, const JsonValue* setup, const Path& path, JsonValue* out) {
    if (!setup) {
        *out = JsonValue::object();
        return true;
    }
    if (!r.keys(*setup, path, kSetupKeys)) return false;
    if (const JsonValue* ex = setup->find("example"))
        if (!ex->is_string() || !is_example_name(ex->text) || ex->text.rfind("random-", 0) == 0)
            return r.fail(*ex, Path{&path, "example", 0},
                          ex->is_string() ? unknown_example_message(ex->text) : "must be an example's name");
    if (setup->find("tokens") && setup->find("example"))
        return r.fail(*setup, path, "gives both an example and its own tokens: give one");
    *out = *setup;
    return true;
}

bool read_step(Reader& r, const JsonValue& v, const Path& path, StepSpec* out) {
    if (!r.keys(v, path, kStepKeys)) return false;
    const JsonValue* title = v.find("title");
    if (!title) return r.fail(v, path, "has no title");
    if (!r.string_at(*title, Path{&path, "title", 0}, kMaxTitleBytes, &out->title)) return false;
    if (!read_setup(r, v.find("setup"), Path{&path, "setup", 0}, &out->setup)) return false;
    if (const JsonValue* watch = v.find("watch")) {
        const Path watch_path{&path, "watch", 0};
        if (!watch->is_array()) return r.fail(*watch, watch_path, "must be a list of panels");
        for (size_t i = 0; i < watch->items.size(); ++i) {
            const JsonValue& p = watch->items[i];
            const Path item{&watch_path, nullptr, int(i)};
            if (!p.is_string() || !is_one_of(p.text, kWatchable))
                return r.fail(p, item, "must be one of the panels a step can watch: " + join_names(kWatchable));
            if (std::find(out->watch.begin(), out->watch.end(), p.text) != out->watch.end())
                return r.fail(p, item, "repeats \"" + p.text + "\": list each panel once");
            out->watch.push_back(p.text);
        }
    }
    if (const JsonValue* widget = v.find("widget")) {
        if (!widget->is_string() || !one_of(widget->text, kWidgets))
            return r.fail(*widget, Path{&path, "widget", 0}, "must be one of " + names_of(kWidgets));
        out->widget = widget->text == "alignment" ? StepWidget::Alignment
                      : widget->text == "lab"     ? StepWidget::Lab
                      : widget->text == "scaling" ? StepWidget::Scaling
                                                  : StepWidget::Causal;
    }
    if (const JsonValue* qs = v.find("questions")) {
        const Path qs_path{&path, "questions", 0};
        if (!qs->is_array()) return r.fail(*qs, qs_path, "must be a list such as [{\"ask\": \"highest-score\"}]");
        if (qs->items.size() > size_t(kMaxStepQuestions))
            return r.fail(*qs, qs_path,
                          "asks " + std::to_string(qs->items.size()) + " questions but a step asks at most " +
                              std::to_string(kMaxStepQuestions));
        for (size_t i = 0; i < qs->items.size(); ++i) {
            const JsonValue& q = qs->items[i];
            const Path item{&qs_path, nullptr, int(i)};
            const char* const keys[] = {"ask"};
            if (!r.keys(q, item, keys)) return false;
            const JsonValue* ask = q.find("ask");
            if (!ask || !ask->is_string() || !is_question_kind(ask->text))
                return r.fail(ask ? *ask : q, Path{&item, "ask", 0},
                              "must name a question: one of " + question_kind_names());
            out->questions.push_back(ask->text);
        }
    }
    const JsonValue* lines = v.find("lines");
    const Path lines_path{&path, "lines", 0};
    if (!lines) return r.fail(v, path, "has no lines: give the step's text as \"lines\": [{\"prose\": \"...\"}]");
    if (!lines->is_array() || lines->items.empty()) return r.fail(*lines, lines_path, "must be a non-empty list");
    if (lines->items.size() > size_t(kMaxStepLines))
        return r.fail(*lines, lines_path, "has more than " + std::to_string(kMaxStepLines) + " lines: split the step");
    for (size_t i = 0; i < lines->items.size(); ++i) {
        LessonLineSpec line;
        line.place = json_line_column(r.source, lines->items[i].offset);
        if (!read_line(r, lines->items[i], Path{&lines_path, nullptr, int(i)}, int(out->questions.size()), &line))
            return false;
        out->lines.push_back(std::move(line));
    }
    return true;
}

}  // namespace

const StepSpec* Lesson::step(int number) const {
    return number >= 1 && number <= step_count() ? &steps[size_t(number - 1)] : nullptr;
}

std::string Lesson::step_indicator(int number) const {
    // The band's chrome, beside its Back and Next: in the interface's language, whatever the lesson's.
    if (number <= 0) return words("Free exploration");
    return words_f("Step %d of %d", std::min(number, step_count()), step_count());
}

int Lesson::declared_questions(int first, int last) const {
    int n = 0;
    for (int k = std::max(first, 1); k <= std::min(last, step_count()); ++k) n += int(step(k)->questions.size());
    return n;
}

namespace {

// A step's state: the lesson's setup, then the step's over it (see apply_step_setup).
State apply_setups(const JsonValue& lesson_setup, const JsonValue& step_setup, int number, const State& current) {
    State next = current;
    next.lesson = LessonState();
    next.step = number;
    next.norm = Norm::Softmax;
    next.causal = false;
    next.projection.enabled = false;
    next.scale = true;
    next.lab_scale = 1.0f;  // the lab starts unscaled; the slider is the learner's
    next.module = ModuleDocument();
    // The lesson's setup, then the step's over it: a key the step gives replaces the lesson's (and
    // its own data replaces the lesson's example, or the other way round).
    JsonValue merged = JsonValue::object();
    const bool step_data = step_setup.find("example") || step_setup.find("tokens");
    for (const auto& [key, value] : lesson_setup.members)
        if (!step_setup.find(key) && !(step_data && (key == "example" || key == "tokens" || key == "inputs")))
            merged.add(key, value);
    for (const auto& [key, value] : step_setup.members) merged.add(key, value);
    JsonValue rest = JsonValue::object();
    for (const auto& [key, value] : merged.members) {
        if (key == "example") {
            State fresh;
            load_example(value.text, &fresh);
            next.example = fresh.example;
            next.tokens = fresh.tokens;
            next.inputs = fresh.inputs;
        } else if (key == "projection" && value.is_bool()) {
            // true: the book's trainable weights (torch.manual_seed(123), d_out = 2).
            next.projection = value.boolean
                                  ? ProjectionSettings{true, ProjectionSettings().seed, ProjectionSettings().d_out}
                                  : ProjectionSettings{false, next.projection.seed, next.projection.d_out};
        } else {
            rest.add(key, value);
        }
    }
    if (merged.find("tokens")) next.example.clear();
    read_state_fields(rest, &next);  // checked when the file loaded
    // The learner's query carries over within the new data; a setup's own query is the setup's
    // (a bad one is refused when the file loads).
    if (!merged.find("query")) next.query = std::clamp(next.query, 0, std::max(0, next.inputs.rows - 1));
    return next;
}

}  // namespace

std::string problem_report(const std::vector<std::string>& problems, size_t more) {
    std::string out;
    for (const std::string& p : problems) out += (out.empty() ? "" : "\n") + p;
    if (more > 0) out += "\n... and " + std::to_string(more) + " more: mend these and check the file again";
    return out;
}

std::string name_each_problem(std::string_view name, std::string_view problems) {
    std::string out;
    size_t start = 0;
    while (start <= problems.size()) {
        size_t end = problems.find('\n', start);
        if (end == std::string_view::npos) end = problems.size();
        out.append(out.empty() ? "" : "\n").append(name).append(": ").append(problems.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

State apply_step_setup(const Lesson& lesson, int number, const State& current) {
    const StepSpec* step = lesson.step(number);
    if (!step) return apply_setups(JsonValue::object(), JsonValue::object(), number, current);
    return apply_setups(lesson.setup, step->setup, number, current);
}

LessonParse parse_lesson(std::string_view json, const TextCatalog& catalog) {
    LessonParse out;
    if (json.size() > kMaxLessonFileBytes) {
        out.error = "the lesson file is " + std::to_string(json.size()) + " bytes but the limit is " +
                    std::to_string(kMaxLessonFileBytes) + " (256 KiB)";
        return out;
    }
    const JsonParseResult doc = parse_json(json);
    if (!doc.ok) {
        out.error = doc.error;
        return out;
    }
    Reader r{json, {}, 0};
    const JsonValue& root = doc.value;
    Lesson* lesson = &out.lesson;
    const Path top{nullptr, "the lesson", 0};
    if (!r.keys(root, top, kLessonKeys)) {
        out.error = r.report();
        return out;
    }
    const JsonValue* format = root.find("format");
    int64_t version = 0;
    if (!format || !format->as_int64(&version) || version != 1) {
        r.fail(format ? *format : root, Path{nullptr, "format", 0},
               "must be 1, the only lesson format this demo reads");
        out.error = r.report();
        return out;
    }
    const JsonValue* id = root.find("id");
    if (!id || !id->is_string() || !valid_lesson_id(id->text))
        r.fail(id ? *id : root, Path{nullptr, "id", 0}, "must be 1 to 40 of a-z, 0-9 and '-', such as \"my-sentence\"");
    else
        lesson->id = id->text;
    const JsonValue* lang = root.find("lang");
    if (!lang || !lang->is_string() || lang->text != catalog.lang) {
        r.fail(lang ? *lang : root, Path{nullptr, "lang", 0},
               "must be \"" + catalog.lang + "\", the language of the catalog it is read with");
        out.error = r.report();  // the rest would be read against another language's words
        return out;
    }
    lesson->lang = lang->text;
    const JsonValue* title = root.find("title");
    if (!title) r.fail(root, top, "has no title");
    if (title) r.string_at(*title, Path{nullptr, "title", 0}, kMaxTitleBytes, &lesson->title);
    const bool setup_read = read_setup(r, root.find("setup"), Path{nullptr, "setup", 0}, &lesson->setup);
    const JsonValue* steps = root.find("steps");
    const Path steps_path{nullptr, "steps", 0};
    if (!steps || !steps->is_array() || steps->items.empty())
        r.fail(steps ? *steps : root, steps_path, "must be a non-empty list of steps");
    else if (steps->items.size() > size_t(kMaxLessonFileSteps))
        r.fail(*steps, steps_path,
               "has " + std::to_string(steps->items.size()) + " steps but a lesson has at most " +
                   std::to_string(kMaxLessonFileSteps));
    else
        for (size_t i = 0; i < steps->items.size(); ++i) {
            StepSpec step;
            if (read_step(r, steps->items[i], Path{&steps_path, nullptr, int(i)}, &step))
                lesson->steps.push_back(std::move(step));
        }
    if (!r.failed() && lesson->declared_questions(1, lesson->step_count()) > kMaxRecordedQuestions)
        r.fail(*steps, steps_path,
               "ask " + std::to_string(lesson->declared_questions(1, lesson->step_count())) +
                   " questions in all but a lesson asks at most " + std::to_string(kMaxRecordedQuestions) +
                   " (the learner's record must fit a course platform's storage)");
    lesson->texts = catalog;
    // Every step's setup (over the lesson's), applied to a fresh state, must make a valid document.
    const bool steps_read = !r.failed();
    // A step that did not read leaves the steps uncounted; the lesson-wide setup is checked on its
    // own then (a teacher mended a key's typo, and only then heard of the setup's query past the
    // last token).
    // (Not when a step brings its own data: the lesson-wide setup may fit only that, as a read
    // step's would be checked together with it.)
    bool steps_bring_data = false;
    if (steps && steps->is_array())
        for (const JsonValue& step : steps->items)
            if (const JsonValue* own = step.find("setup"))
                steps_bring_data = steps_bring_data || own->find("tokens") || own->find("example");
    if (!steps_read && setup_read && root.find("setup") && !steps_bring_data) {
        State base;
        load_example("your-journey", &base);
        JsonValue rest = JsonValue::object();
        for (const auto& [key, value] : lesson->setup.members)
            if (key != "example" && !(key == "projection" && value.is_bool())) rest.add(key, value);
        State probe = base;
        std::string e = read_state_fields(rest, &probe);
        if (e.empty()) e = validate_state(apply_setups(lesson->setup, JsonValue::object(), 1, base));
        if (!e.empty()) r.fail(lesson->setup, Path{nullptr, "setup", 0}, e + " (the lesson-wide setup)");
    }
    for (int k = 1; steps_read && k <= lesson->step_count(); ++k) {
        State base;
        load_example("your-journey", &base);
        const StepSpec& step = *lesson->step(k);
        std::string e;
        // The setup the message points at: the step's own, or the lesson's when that one alone
        // already fails (or does not read).
        const JsonValue* blamed = &step.setup;
        for (const JsonValue* setup : {static_cast<const JsonValue*>(&lesson->setup), &step.setup}) {
            JsonValue rest = JsonValue::object();
            for (const auto& [key, value] : setup->members)
                if (key != "example" && !(key == "projection" && value.is_bool())) rest.add(key, value);
            State probe = base;
            if (e.empty() && !(e = read_state_fields(rest, &probe)).empty()) blamed = setup;
        }
        if (e.empty() && !(e = validate_state(apply_step_setup(*lesson, k, base))).empty() &&
            !validate_state(apply_setups(lesson->setup, JsonValue::object(), k, base)).empty())
            blamed = &lesson->setup;
        const Path step_path{&steps_path, nullptr, k - 1};
        if (!e.empty() && blamed == &lesson->setup) {
            r.fail(lesson->setup, Path{nullptr, "setup", 0},
                   e + " (the lesson-wide setup, as step " + std::to_string(k) + " applies it)");
            break;  // every later step would say the same
        } else if (!e.empty())
            r.fail(step.setup, Path{&step_path, "setup", 0}, e);
    }
    if (r.failed()) {
        out.error = r.report();
        out.lesson = Lesson();
        return out;
    }
    out.ok = true;
    return out;
}

}  // namespace attn
