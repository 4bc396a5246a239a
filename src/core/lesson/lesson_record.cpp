// The record's text form. Version 2 is a list of `key=value` fields joined by ';', after the tag
// "a2": l (lesson id), s (step), t (seconds), c (completed 0/1), q (questions), p (practice),
// d (traces). Lists join items with ','; an item's parts are joined with ':'. Free text (the lesson
// id, a practice entry) is percent-encoded, so the separators and anything outside printable ASCII
// never appear raw: an LMS that stores suspend_data in a Latin-1 column keeps it intact.
#include "core/lesson/lesson_record.h"

#include <algorithm>

#include "core/document/state.h"
#include "core/text/number_parse.h"
#include "core/text/utf8.h"

namespace attn {
namespace {

constexpr std::string_view kTag = "a2";
// Version 1: the same fields, its choice letters in the order the questions' kinds added them.
constexpr std::string_view kTagAsAdded = "a1";

bool plain(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == ' ';
}

std::string escape(std::string_view text) {
    static const char* hex = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : text) {
        if (plain(c)) {
            out += char(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

bool unescape(std::string_view text, std::string* out) {
    out->clear();
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            if (!plain(static_cast<unsigned char>(text[i]))) return false;
            *out += text[i];
            continue;
        }
        if (i + 2 >= text.size()) return false;
        const int hi = hex_digit(text[i + 1]), lo = hex_digit(text[i + 2]);
        if (hi < 0 || lo < 0) return false;
        *out += char(hi * 16 + lo);
        i += 2;
    }
    return utf8_error_offset(*out) == out->size();
}

}  // namespace

bool valid_lesson_id(const std::string& id) {
    if (id.empty() || id.size() > 40) return false;
    for (char c : id)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

namespace {

char letter(int choice) {
    return char('a' + choice);
}

std::vector<std::string_view> split(std::string_view text, char sep) {
    std::vector<std::string_view> parts;
    if (text.empty()) return parts;
    size_t start = 0;
    for (;;) {
        const size_t at = text.find(sep, start);
        parts.push_back(text.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

// A whole number in [lo, hi], or false.
bool whole(std::string_view text, int lo, int hi, int* out) {
    int64_t v = 0;
    if (read_whole(text, &v) != WholeKind::Ok || v < lo || v > hi) return false;
    *out = int(v);
    return true;
}

// "3.1:a+b-2": step 3, question 1, first choice a (right), last b (wrong), 2 reveals.
bool read_question(std::string_view item, QuestionRecord* q) {
    const size_t dot = item.find('.'), colon = item.find(':');
    if (dot == std::string_view::npos || colon == std::string_view::npos || colon < dot) return false;
    if (!whole(item.substr(0, dot), 1, kMaxLessonStep, &q->step)) return false;
    if (!whole(item.substr(dot + 1, colon - dot - 1), 0, kMaxQuestionIndex, &q->question)) return false;
    const std::string_view rest = item.substr(colon + 1);
    if (rest.size() < 5) return false;
    const auto choice = [](char c, int* out) {
        if (c < 'a' || c > letter(kMaxChoiceIndex)) return false;
        *out = c - 'a';
        return true;
    };
    const auto verdict = [](char c, bool* out) {
        if (c != '+' && c != '-') return false;
        *out = c == '+';
        return true;
    };
    return choice(rest[0], &q->first_choice) && verdict(rest[1], &q->first_correct) &&
           choice(rest[2], &q->last_choice) && verdict(rest[3], &q->last_correct) &&
           whole(rest.substr(4), 1, kMaxRecordCount, &q->attempts);
}

// "0:3:5:1:text": exercise, checks, flags (1 ever solved, 2 checked, 4 shown), prediction (-1 none), entry.
bool read_practice(std::string_view item, LessonRecord* r) {
    const std::vector<std::string_view> parts = split(item, ':');
    if (parts.size() != 5) return false;
    int index = 0, flags = 0;
    if (!whole(parts[0], 0, kExerciseCount - 1, &index)) return false;
    PracticeRecord& p = r->practice[index];
    if (!whole(parts[1], 0, kMaxRecordCount, &p.checks) || !whole(parts[2], 0, 7, &flags) ||
        !whole(parts[3], -1, 1023, &p.prediction) || !unescape(parts[4], &p.typed) ||
        p.typed.size() > kMaxPracticeTextEarlier)
        return false;
    p.typed = truncate_utf8(p.typed, kMaxPracticeText);
    p.ever_solved = flags & 1;
    p.checked = flags & 2;
    p.shown = flags & 4;
    return true;
}

// "wrong-query:110:1": the bug, the judgments ('1' as it should be, '0' off), found; and
// ":2" after it when the first wrong value was judged right and looked at again (twice here).
bool read_trace(std::string_view item, TraceRecord* t) {
    const std::vector<std::string_view> parts = split(item, ':');
    if ((parts.size() != 3 && parts.size() != 4) || !parse_bug(std::string(parts[0]), &t->bug) || t->bug == Bug::None)
        return false;
    if (parts.size() == 4 && !whole(parts[3], 1, kMaxRecordCount, &t->second_looks)) return false;
    if (parts[1].size() > size_t(kMaxTraceSteps)) return false;
    for (char c : parts[1])
        if (c != '0' && c != '1') return false;
    t->said = std::string(parts[1]);
    int found = 0;
    if (!whole(parts[2], 0, 1, &found)) return false;
    t->found = found == 1;
    return true;
}

RecordParse fail(std::string message) {
    RecordParse out;
    out.error = std::move(message);
    return out;
}

}  // namespace

const QuestionRecord* LessonRecord::find(int step_number, int question_index) const {
    for (const QuestionRecord& q : questions)
        if (q.step == step_number && q.question == question_index) return &q;
    return nullptr;
}

QuestionRecord* LessonRecord::find(int step_number, int question_index) {
    for (QuestionRecord& q : questions)
        if (q.step == step_number && q.question == question_index) return &q;
    return nullptr;
}

const TraceRecord* LessonRecord::trace(Bug bug) const {
    for (const TraceRecord& t : traces)
        if (t.bug == bug) return &t;
    return nullptr;
}

bool LessonRecord::empty() const {
    for (const PracticeRecord& p : practice)
        if (!(p == PracticeRecord())) return false;
    return step == 0 && seconds == 0 && !completed && questions.empty() && traces.empty();
}

bool LessonRecord::operator==(const LessonRecord& o) const {
    for (int i = 0; i < kExerciseCount; ++i)
        if (!(practice[i] == o.practice[i])) return false;
    return lesson == o.lesson && step == o.step && seconds == o.seconds && completed == o.completed &&
           questions == o.questions && traces == o.traces && choices_as_added == o.choices_as_added;
}

std::string encode_record(const LessonRecord& r) {
    std::string out(kTag);
    out += ";l=" + escape(r.lesson);
    out += ";s=" + std::to_string(r.step);
    out += ";t=" + std::to_string(std::clamp(r.seconds, 0, kMaxRecordSeconds));
    out += std::string(";c=") + (r.completed ? "1" : "0");
    out += ";q=";
    for (size_t i = 0; i < r.questions.size(); ++i) {
        const QuestionRecord& q = r.questions[i];
        out += (i ? "," : "") + std::to_string(q.step) + "." + std::to_string(q.question) + ":";
        out += letter(q.first_choice);
        out += q.first_correct ? '+' : '-';
        out += letter(q.last_choice);
        out += q.last_correct ? '+' : '-';
        out += std::to_string(q.attempts);
    }
    out += ";p=";
    bool first = true;
    for (int i = 0; i < kExerciseCount; ++i) {
        const PracticeRecord& p = r.practice[i];
        if (p == PracticeRecord()) continue;
        const int flags = (p.ever_solved ? 1 : 0) | (p.checked ? 2 : 0) | (p.shown ? 4 : 0);
        out += (first ? "" : ",") + std::to_string(i) + ":" + std::to_string(p.checks) + ":" + std::to_string(flags) +
               ":" + std::to_string(p.prediction) + ":" + escape(truncate_utf8(p.typed, kMaxPracticeText));
        first = false;
    }
    out += ";d=";
    for (size_t i = 0; i < r.traces.size(); ++i)
        out += (i ? "," : "") + std::string(bug_name(r.traces[i].bug)) + ":" + r.traces[i].said + ":" +
               (r.traces[i].found ? "1" : "0") +
               (r.traces[i].second_looks > 0 ? ":" + std::to_string(r.traces[i].second_looks) : "");
    return out;
}

RecordParse decode_record(std::string_view text) {
    if (text.size() > kMaxRecordChars)
        return fail("the record is " + std::to_string(text.size()) + " characters long but the limit is " +
                    std::to_string(kMaxRecordChars));
    const std::vector<std::string_view> fields = split(text, ';');
    if (fields.empty() || (fields[0] != kTag && fields[0] != kTagAsAdded))
        return fail(
            "the record does not start with \"a2;\" or \"a1;\" (the versions this demo reads): it was not "
            "written by this lesson, or by a newer version of it");
    RecordParse out;
    LessonRecord& r = out.record;
    r.choices_as_added = fields[0] == kTagAsAdded;
    std::string seen;
    for (size_t i = 1; i < fields.size(); ++i) {
        const std::string_view f = fields[i];
        if (f.size() < 2 || f[1] != '=') return fail("record field " + std::to_string(i) + " is not key=value");
        const char key = f[0];
        const std::string_view value = f.substr(2);
        if (seen.find(key) != std::string::npos) return fail(std::string("record field ") + key + " appears twice");
        seen += key;
        bool ok = true;
        int flag = 0;
        switch (key) {
            case 'l':
                ok = unescape(value, &r.lesson) && valid_lesson_id(r.lesson);
                break;
            case 's':
                ok = whole(value, 0, kMaxLessonStep, &r.step);
                break;
            case 't':
                ok = whole(value, 0, kMaxRecordSeconds, &r.seconds);
                break;
            case 'c':
                ok = whole(value, 0, 1, &flag);
                r.completed = flag == 1;
                break;
            case 'q':
                for (std::string_view item : split(value, ',')) {
                    QuestionRecord q;
                    if (!read_question(item, &q))
                        return fail("record question \"" + std::string(item) + "\" is malformed");
                    if (r.find(q.step, q.question))
                        return fail("record question " + std::to_string(q.step) + "." + std::to_string(q.question) +
                                    " appears twice");
                    r.questions.push_back(q);
                }
                ok = int(r.questions.size()) <= kMaxRecordedQuestions;
                break;
            case 'p':
                for (std::string_view item : split(value, ','))
                    if (!read_practice(item, &r))
                        return fail("record practice entry \"" + escape_controls(item.substr(0, 40)) +
                                    "\" is malformed");
                break;
            case 'd':
                for (std::string_view item : split(value, ',')) {
                    TraceRecord t;
                    if (!read_trace(item, &t)) return fail("record trace \"" + std::string(item) + "\" is malformed");
                    if (r.trace(t.bug))
                        return fail("record trace of " + std::string(bug_name(t.bug)) + " appears twice");
                    r.traces.push_back(t);
                }
                break;
            default:
                return fail(std::string("record field '") + key + "' is not one of l, s, t, c, q, p, d");
        }
        if (!ok)
            return fail(std::string("record field ") + key + "=" + escape_controls(value.substr(0, 40)) +
                        " is out of range");
    }
    std::sort(r.questions.begin(), r.questions.end(), [](const QuestionRecord& a, const QuestionRecord& b) {
        return a.step != b.step ? a.step < b.step : a.question < b.question;
    });
    out.ok = true;
    return out;
}

}  // namespace attn
