// The record's text form: a round trip for every field, the largest record within SCORM 1.2's
// 4,096 characters, and every malformed text refused by name.
#include "core/lesson/lesson_record.h"

#include <doctest/doctest.h>

#include <string>

#include "core/document/state.h"
#include "core/lesson/bug_trace.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

LessonRecord sample() {
    LessonRecord r;
    r.step = 5;
    r.seconds = 312;
    r.questions.push_back({1, 0, 1, true, 1, true, 1});
    r.questions.push_back({3, 1, 0, false, 2, true, 3});
    r.practice[1].checks = 2;
    r.practice[1].ever_solved = true;
    r.practice[1].checked = true;
    r.practice[1].typed = "0,1; 0.8 ; %x:y, ünï";
    r.practice[0].prediction = 2;
    r.traces.push_back({Bug::ZeroMask, "1101", true});
    return r;
}

}  // namespace

TEST_CASE("lesson record: encode then decode gives the same record, and the text is printable ASCII") {
    const LessonRecord r = sample();
    const std::string text = encode_record(r);
    CHECK(text.rfind("a2;", 0) == 0);
    for (char c : text) CHECK((c >= 0x20 && c < 0x7f));
    const RecordParse back = decode_record(text);
    REQUIRE_MESSAGE(back.ok, back.error);
    CHECK(back.record == r);
    CHECK(encode_record(back.record) == text);
    CHECK(decode_record(encode_record(LessonRecord())).record == LessonRecord());
}

TEST_CASE("lesson record: the largest record a lesson can produce fits SCORM 1.2's suspend_data") {
    LessonRecord r;
    r.lesson = std::string(40, 'z');
    r.step = kMaxLessonStep;
    r.seconds = kMaxRecordSeconds;
    r.completed = true;
    // Questions as far out as the numbers go: two-digit steps, the last question index.
    for (int k = 0; k < kMaxRecordedQuestions; ++k)
        r.questions.push_back({10 + k / 10, k % 10, kMaxChoiceIndex, true, kMaxChoiceIndex, false, kMaxRecordCount});
    // Every practice entry at its longest, in characters that each need three escapes.
    for (PracticeRecord& p : r.practice) {
        p.checks = kMaxRecordCount;
        p.ever_solved = p.checked = p.shown = true;
        p.prediction = 1023;
        for (size_t i = 0; i + 3 <= kMaxPracticeText; i += 3) p.typed += "\xe4\xb8\xad";  // 中
    }
    for (Bug b : kDebugBugs) r.traces.push_back({b, std::string(size_t(kMaxTraceSteps), '0'), true});
    const std::string text = encode_record(r);
    INFO("the largest record is " << text.size() << " characters");
    CHECK(text.size() <= kMaxRecordChars);
    const RecordParse back = decode_record(text);
    REQUIRE_MESSAGE(back.ok, back.error);
    CHECK(back.record == r);
}

TEST_CASE("lesson record: malformed texts are refused with a message naming the field") {
    struct Case {
        std::string text;
        const char* says;
    };
    const Case cases[] = {
        {"", "a2;"},
        {"a3;l=x", "a2;"},
        {"a1;s", "key=value"},
        {"a1;s=5;s=6", "appears twice"},
        {"a1;s=100", "s=100"},
        {"a1;t=-1", "t=-1"},
        {"a1;c=2", "c=2"},
        {"a1;l=Chapter", "l=Chapter"},
        {"a1;x=1", "'x'"},
        {"a1;q=3.0:a+b", "3.0:a+b"},
        {"a1;q=3.0:a*b+1", "3.0:a*b+1"},
        {"a1;q=0.0:a+a+1", "0.0:a+a+1"},
        {"a1;q=3.0:a+a+1,3.0:b+b+1", "3.0 appears twice"},
        {"a1;q=3.0:a+a+0", "3.0:a+a+0"},
        {"a1;p=5:1:0:-1:", "practice entry"},
        {"a1;p=0:1:0:-1:%zz", "practice entry"},
        {"a1;p=0:1:0:-1:%FF", "practice entry"},  // not UTF-8
        {"a1;p=0:1:0:-1:a;b", "key=value"},
        {"a1;d=none::0", "none::0"},
        {"a1;d=zero-mask:12:0", "zero-mask:12:0"},
        {"a1;d=zero-mask:1:0,zero-mask:0:1", "appears twice"},
        {"a1;" + std::string(5000, 'x'), "limit is 4096"},
    };
    for (const Case& c : cases) {
        INFO(c.text.substr(0, 60));
        const RecordParse r = decode_record(c.text);
        CHECK_FALSE(r.ok);
        CHECK(contains(r.error, c.says));
    }
}

TEST_CASE("lesson record: find and trace look records up by step, question and bug") {
    LessonRecord r = sample();
    REQUIRE(r.find(3, 1) != nullptr);
    CHECK(r.find(3, 1)->attempts == 3);
    CHECK(r.find(3, 0) == nullptr);
    CHECK(r.trace(Bug::ZeroMask)->said == "1101");
    CHECK(r.trace(Bug::WrongQuery) == nullptr);
    CHECK_FALSE(r.empty());
    CHECK(LessonRecord().empty());
}

TEST_CASE("lesson record: an entry of 255 bytes from a record written before is read, cut to the box's 150") {
    std::string typed;
    for (int i = 0; i < 85; ++i) typed += "\xe4\xb8\xad";  // 中: 255 bytes
    std::string escaped;
    for (unsigned char ch : typed) {
        char hex[4];
        std::snprintf(hex, sizeof hex, "%%%02X", ch);
        escaped += hex;
    }
    const RecordParse back = decode_record("a1;p=0:1:2:-1:" + escaped);
    REQUIRE_MESSAGE(back.ok, back.error);
    CHECK(back.record.practice[0].typed == typed.substr(0, 150));       // 50 whole characters
    CHECK_FALSE(decode_record("a1;p=0:1:2:-1:" + escaped + "%41").ok);  // 256 bytes: never written
}
