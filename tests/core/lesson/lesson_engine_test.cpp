// The lesson engine without ImGui: whole walks through the track by intents, as the panels send
// them, with the record, the concealment, the grading and the events they lead to.
#include "core/lesson/lesson_engine.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "builtin/builtin_lesson.h"
#include "core/document/examples.h"
#include "core/document/json.h"
#include "core/document/url_state.h"
#include "core/lesson/lesson_reader.h"
#include "core/lesson/lesson_session.h"
#include "core/lesson/track.h"
#include "core/test_helpers.h"
#include "core/text/tensor_format.h"

using namespace attn;
using attn_test::contains;
using attn_test::Session;

TEST_CASE("lesson engine: a walk through all fourteen steps, every answer right, completes once with 16 of 16") {
    Session s;
    s.act(LessonAction::StartTrack);
    CHECK(s.state.step == 1);
    for (int step = 1; step <= kLessonSteps; ++step) {
        REQUIRE(s.state.step == step);
        REQUIRE_FALSE(s.lesson.questions.empty());
        CHECK(s.count("lesson-completed") == 0);
        s.answer_step(true);
        if (step < kLessonSteps) s.act(LessonAction::GoToStep, step + 1);
    }
    CHECK(s.count("lesson-completed") == 1);
    const JsonValue done = s.last("lesson-completed");
    CHECK(done.find("score")->as_double() == 16);
    CHECK(done.find("answered")->as_double() == 16);
    CHECK(done.find("questions")->as_double() == 16);
    CHECK(done.find("passed")->boolean);
    CHECK(done.find("answers")->items.size() == 16);
    const LessonProgress p = lesson_progress(&s.lesson);
    CHECK(p.complete);
    CHECK(p.right == 16);
    CHECK(s.lesson.record.completed);
    // Revealing again after completion sends no second completion.
    s.act(LessonAction::Choose, s.wrong_choice());
    s.act(LessonAction::Reveal);
    CHECK(s.count("lesson-completed") == 1);
}

TEST_CASE("lesson engine: jumping to the last step and answering its one question does not complete the lesson") {
    Session s;
    s.act(LessonAction::GoToStep, 14);
    REQUIRE(s.state.step == 14);
    s.answer_step(true);
    CHECK(s.count("quiz-answered") == int(s.lesson.questions.size()));
    CHECK(s.count("lesson-completed") == 0);
    const JsonValue progress = s.last("lesson-progress");
    CHECK(progress.find("answered")->as_double() == 1);
    CHECK(progress.find("questions")->as_double() == 16);
    CHECK_FALSE(progress.find("complete")->boolean);
}

TEST_CASE("lesson engine: a question counts as first answered; a reveal after the answer showed is an attempt") {
    Session s;
    s.act(LessonAction::GoToStep, 2);
    const int wrong = s.wrong_choice(), right = s.right_choice();
    s.act(LessonAction::Choose, wrong);
    CHECK(s.lesson.concealed.scores);  // the dot product is the question
    s.act(LessonAction::Reveal);
    CHECK_FALSE(s.lesson.concealed.scores);
    s.act(LessonAction::Choose, right);
    s.act(LessonAction::Reveal);
    const QuestionRecord* q = s.lesson.record.find(2, 0);
    REQUIRE(q != nullptr);
    CHECK(q->first_choice == wrong);
    CHECK_FALSE(q->first_correct);
    CHECK(q->last_choice == right);
    CHECK(q->last_correct);
    CHECK(q->attempts == 2);
    CHECK(lesson_progress(&s.lesson).right == 0);
    const JsonValue answered = s.last("quiz-answered");
    CHECK(answered.find("attempt")->as_double() == 2);
    CHECK(answered.find("correct")->boolean);
}

TEST_CASE(
    "lesson engine: Back and Next bring an answered step back as it was left; the wrap-up's revisit asks afresh") {
    Session s;
    s.act(LessonAction::GoToStep, 3);
    REQUIRE(s.lesson.questions.size() == 2);  // how many scores, then which is highest
    const int first = s.wrong_choice();
    s.act(LessonAction::Choose, first);
    s.act(LessonAction::Reveal);
    s.act(LessonAction::NextQuestion);
    const int second = s.right_choice();
    s.act(LessonAction::Choose, second);
    s.act(LessonAction::Reveal);

    s.act(LessonAction::GoToStep, 4);  // Next, then Back
    CHECK(s.state.lesson.question == 0);
    CHECK_FALSE(s.state.lesson.revealed);
    s.act(LessonAction::GoToStep, 3);
    CHECK(s.state.lesson.question == 1);
    CHECK(s.state.lesson.answer == second);
    CHECK(s.state.lesson.revealed);
    CHECK_FALSE(s.lesson.concealed.scores);  // both answers were on screen before
    CHECK_FALSE(s.lesson.lines_pending);
    CHECK(s.count("quiz-answered") == 2);  // coming back answers nothing

    // A step left after its first question comes back there, revealed, with Next question.
    s.act(LessonAction::GoToStep, 5);
    const int five = s.right_choice();
    s.act(LessonAction::Choose, five);
    s.act(LessonAction::Reveal);
    s.act(LessonAction::StartTrack);  // from a step, StartTrack stays on it, as it was left
    CHECK(s.state.step == 5);
    CHECK(s.state.lesson.revealed);
    s.act(LessonAction::GoToStep, 6);
    s.act(LessonAction::GoToStep, 5);
    CHECK(s.state.lesson.question == 0);
    CHECK(s.state.lesson.answer == five);
    CHECK(s.state.lesson.revealed);

    // Choosing again is an attempt; the first answer still counts.
    s.act(LessonAction::GoToStep, 3);
    s.act(LessonAction::Choose, s.wrong_choice());
    CHECK_FALSE(s.state.lesson.revealed);
    s.act(LessonAction::Reveal);
    CHECK(s.lesson.record.find(3, 1)->attempts == 2);
    CHECK(s.lesson.record.find(3, 1)->first_correct);

    // The wrap-up's revisit asks the step afresh, everything covered again.
    s.act(LessonAction::RevisitStep, 3);
    CHECK(s.state.step == 3);
    CHECK(s.state.lesson.question == 0);
    CHECK(s.state.lesson.answer == -1);
    CHECK_FALSE(s.state.lesson.revealed);
    CHECK(s.lesson.concealed.scores);
}

TEST_CASE(
    "lesson engine: an answer comes back only while it is as right as it was; a link into a step brings it back") {
    Session s;
    s.act(LessonAction::GoToStep, 1);
    // The learner moves the query to 2 and answers for it; the step's own setup puts it back at 1.
    State moved = s.state;
    moved.query = 2;
    s.commit(moved);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    REQUIRE(s.lesson.record.find(1, 0)->last_correct);
    s.act(LessonAction::GoToStep, 2);
    s.act(LessonAction::GoToStep, 1);
    REQUIRE(s.state.query == 1);
    CHECK_FALSE(s.state.lesson.revealed);  // that place is a wrong choice for query 1: asked afresh
    CHECK(s.state.lesson.answer == -1);

    // A course's resume opens the step by a link: answered on its own data, it comes back revealed.
    s.act(LessonAction::GoToStep, 2);
    const int right = s.right_choice();
    s.act(LessonAction::Choose, right);
    s.act(LessonAction::Reveal);
    State away = leave_lesson(s.state);
    const UrlParseResult link = parse_url_fragment("step=2", away);
    State resumed = step_link_state(*s.lesson.lesson, link);
    show_answers_given(s.lesson, &resumed);
    CHECK(resumed.step == 2);
    CHECK(resumed.lesson.revealed);
    CHECK(resumed.lesson.answer == right);
}

TEST_CASE("lesson engine: a verdict stays the one given when the numbers change after the reveal, and says so") {
    Session s;
    s.act(LessonAction::GoToStep, 1);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    RevealResult r = shown_reveal(s.lesson, s.state);
    CHECK(r.correct);
    CHECK(r.since.empty());
    const std::string answer_then = r.answer;

    // The learner moves the query after the reveal: the same place is now a wrong choice.
    State moved = s.state;
    moved.query = 2;
    s.commit(moved);
    REQUIRE_FALSE(s.lesson.questions[0].correct[size_t(s.state.lesson.answer)]);
    r = shown_reveal(s.lesson, s.state);
    CHECK(r.correct);  // right when it was given
    CHECK(r.verdict == "Right.");
    CHECK(r.since.find("changed since") != std::string::npos);
    CHECK(r.answer != answer_then);  // the answer of the numbers now
    CHECK(r.mistake.empty());
    CHECK(s.lesson.record.find(1, 0)->first_correct);  // the record is untouched

    // Back on the numbers it was given on, nothing more is said.
    moved.query = 1;
    s.commit(moved);
    CHECK(shown_reveal(s.lesson, s.state).since.empty());
}

TEST_CASE("lesson engine: a wrong verdict stays wrong when the numbers change to make the choice right") {
    Session s;
    s.act(LessonAction::GoToStep, 1);
    // The learner picks the 3rd token for inputs[1]: wrong.
    const int third = 2;  // token lists keep the inputs' order
    REQUIRE_FALSE(s.lesson.questions[0].correct[third]);
    s.act(LessonAction::Choose, third);
    s.act(LessonAction::Reveal);
    CHECK_FALSE(shown_reveal(s.lesson, s.state).correct);
    // Then moves the query to 2: the same choice is right on these numbers.
    State moved = s.state;
    moved.query = 2;
    s.commit(moved);
    REQUIRE(s.lesson.questions[0].correct[third]);
    const RevealResult r = shown_reveal(s.lesson, s.state);
    CHECK_FALSE(r.correct);
    CHECK(r.verdict == "Not quite.");
    CHECK(contains(r.since, "not right on the numbers you answered on"));
    CHECK(r.mistake.empty());
}

TEST_CASE(
    "lesson engine: a verdict is quoted as given when the question now asks about other numbers, right or wrong") {
    // After step 2 of the lesson after the chapter a learner changed num_kv_groups: the prompt
    // named the new grouping under the verdict of the old one (#28). Here the same on step 3's
    // first question: the query moves from inputs[1] to inputs[2], and the loop still makes 3 scores.
    Session s;
    s.act(LessonAction::GoToStep, 3);
    const int three = 0;  // "3", the first choice
    REQUIRE(s.lesson.questions[0].choices[three] == "3");
    REQUIRE(s.lesson.questions[0].correct[three]);
    s.act(LessonAction::Choose, three);
    s.act(LessonAction::Reveal);
    CHECK(shown_reveal(s.lesson, s.state).since.empty());
    const std::string prompt_then = s.lesson.questions[0].prompt;
    State moved = s.state;
    moved.query = 2;
    s.commit(moved);
    REQUIRE(s.lesson.questions[0].correct[three]);         // as right as it was ...
    REQUIRE(s.lesson.questions[0].prompt != prompt_then);  // ... for another question
    RevealResult r = shown_reveal(s.lesson, s.state);
    CHECK(r.correct);
    CHECK(contains(r.since, "That was right on the numbers you answered on, and it is right on these too"));
    // A token renamed asks nothing else: no note.
    moved.query = 1;
    moved.tokens[0] = "zero";
    s.commit(moved);
    CHECK(shown_reveal(s.lesson, s.state).since.empty());
    // Not even the query's, which the second question names ("Using "token 1" = [2, 2] as the query").
    s.act(LessonAction::NextQuestion);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    REQUIRE(s.state.lesson.question == 1);
    REQUIRE(contains(s.lesson.questions[1].prompt, "\"token 1\""));
    moved = s.state;
    moved.tokens[1] = "one";
    s.commit(moved);
    REQUIRE(contains(s.lesson.questions[1].prompt, "\"one\""));
    CHECK(shown_reveal(s.lesson, s.state).since.empty());

    // Wrong, then asked about other numbers where it is still wrong: said as such.
    Session w;
    w.act(LessonAction::GoToStep, 3);
    const int nine = 1;
    REQUIRE(w.lesson.questions[0].choices[nine] == "9");
    w.act(LessonAction::Choose, nine);
    w.act(LessonAction::Reveal);
    CHECK(shown_reveal(w.lesson, w.state).since.empty());
    moved = w.state;
    moved.query = 2;
    w.commit(moved);
    REQUIRE_FALSE(w.lesson.questions[0].correct[nine]);
    r = shown_reveal(w.lesson, w.state);
    CHECK_FALSE(r.correct);
    CHECK(r.verdict == "Not quite.");
    CHECK(r.since == "That was not right on the numbers you answered on. They have changed since; on these numbers:");
    CHECK(r.mistake.empty());

    // The lesson given again (another language's file) compares correctness only: its words differ.
    lesson_set(&w.lesson, w.lesson.lesson);
    w.commit(w.state);
    CHECK(shown_reveal(w.lesson, w.state).since.empty());
}

TEST_CASE("lesson engine: another class picked in a step that set one up is said, and the step's comes back") {
    Session s;
    s.act(LessonAction::GoToStep, 13);
    const ModuleDocument set = s.state.module;
    REQUIRE(set.enabled);
    REQUIRE(set.settings.dropout == 0.5);
    CHECK(s.lesson.class_changed.empty());
    // The learner changes the step's settings of its class: the step's words still fit.
    State edited = s.state;
    edited.module.settings.dropout = 0.25;
    s.commit(edited);
    CHECK(s.lesson.class_changed.empty());
    // Another class, with that class's book settings (the classes panel's pick): said, with a way back.
    edited.module.settings = book_module_settings(AttentionModule::MultiHeadAttention);
    s.commit(edited);
    CHECK(s.lesson.class_changed.find("CausalAttention") != std::string::npos);
    CHECK(s.lesson.class_changed.find("MultiHeadAttention") != std::string::npos);
    CHECK(s.lesson.restore_class == "Back to the step's CausalAttention");
    // MultiHeadAttention's book settings have no dropout: the step's question has nothing to ask
    // about, and the band says so in its place.
    CHECK(s.lesson.questions.empty());
    CHECK(contains(s.lesson.unaskable, "cannot be asked"));
    CHECK_FALSE(s.lesson.lines_pending);  // no "more appears once answered" with nothing to answer
    s.act(LessonAction::RestoreStepClass);
    CHECK(s.state.module == set);
    CHECK(s.state.step == 13);
    CHECK(s.lesson.class_changed.empty());
    CHECK(s.lesson.questions.size() == 1);
    CHECK(s.lesson.unaskable.empty());
    // Turned off: said too.
    edited = s.state;
    edited.module.enabled = false;
    s.commit(edited);
    CHECK(s.lesson.class_changed.find("turned off") != std::string::npos);
    // A step without a class says nothing whatever the panel runs.
    s.act(LessonAction::GoToStep, 3);
    edited = s.state;
    edited.module.enabled = true;
    s.commit(edited);
    CHECK(s.lesson.class_changed.empty());
}

TEST_CASE("lesson engine: after Start the track again, each step is asked afresh until it is answered again") {
    Session s;
    for (int step = 1; step <= 2; ++step) {
        s.act(LessonAction::GoToStep, step);
        s.answer_step(true);
    }
    s.act(LessonAction::RestartTrack);
    CHECK(s.state.step == 1);
    CHECK_FALSE(s.state.lesson.revealed);
    s.act(LessonAction::GoToStep, 2);
    CHECK_FALSE(s.state.lesson.revealed);  // the second walk asks it again
    s.answer_step(false);
    s.act(LessonAction::GoToStep, 3);
    s.act(LessonAction::GoToStep, 2);
    CHECK(s.state.lesson.revealed);                    // answered in this walk: back as it was left
    CHECK(s.lesson.record.find(2, 0)->first_correct);  // the first walk's answer still counts
    CHECK_FALSE(s.lesson.record.find(2, 0)->last_correct);
}

TEST_CASE("lesson engine: start goes back to the step the learner left, kept inside the course's range") {
    Session s;
    s.act(LessonAction::GoToStep, 5);
    s.act(LessonAction::Leave);
    CHECK(lesson_start_step(s.lesson, s.state) == 5);
    CHECK(lesson_set_range(&s.lesson, "11-14").empty());
    CHECK(lesson_start_step(s.lesson, s.state) == 11);
    s.act(LessonAction::StartTrack);
    CHECK(s.state.step == 11);
}

TEST_CASE("lesson engine: a reveal needs a choice, and a choice outside the question is ignored") {
    Session s;
    s.act(LessonAction::GoToStep, 3);
    s.act(LessonAction::Reveal);
    CHECK_FALSE(s.state.lesson.revealed);
    CHECK(s.count("quiz-answered") == 0);
    s.act(LessonAction::Choose, 9);
    CHECK(s.state.lesson.answer == -1);
    s.act(LessonAction::NextQuestion);  // not before the first is answered
    CHECK(s.state.lesson.question == 0);
}

TEST_CASE("lesson engine: choosing the revealed answer again changes nothing; another choice asks again") {
    // A keyboard walk pressed Space on its checked, revealed choice: the reveal and the verdict
    // went, and the covers came back, without a word.
    Session s;
    s.act(LessonAction::GoToStep, 3);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    REQUIRE(s.state.lesson.revealed);
    s.act(LessonAction::Choose, s.right_choice());
    CHECK(s.state.lesson.revealed);
    CHECK(s.state.lesson.answer == s.right_choice());
    const int other = s.right_choice() == 0 ? 1 : 0;
    s.act(LessonAction::Choose, other);
    CHECK_FALSE(s.state.lesson.revealed);
    CHECK(s.state.lesson.answer == other);
}

TEST_CASE("lesson engine: a range keeps navigation inside it and completes on its own questions") {
    Session s;
    CHECK(lesson_set_range(&s.lesson, "11-14").empty());
    s.act(LessonAction::StartTrack);
    CHECK(s.state.step == 11);
    s.act(LessonAction::GoToStep, 3);
    CHECK(s.state.step == 11);
    s.act(LessonAction::GoToStep, 99);
    CHECK(s.state.step == 14);
    CHECK(lesson_progress(&s.lesson).questions == 4);
    for (int step = 11; step <= 14; ++step) {
        s.act(LessonAction::GoToStep, step);
        s.answer_step(step != 12);  // one wrong
    }
    CHECK(s.count("lesson-completed") == 1);
    const JsonValue done = s.last("lesson-completed");
    CHECK(done.find("score")->as_double() == 3);
    CHECK(done.find("questions")->as_double() == 4);
    CHECK(done.find("first_step")->as_double() == 11);
    CHECK(done.find("last_step")->as_double() == 14);
    SUBCASE("bad ranges are refused by name and change nothing") {
        for (const char* bad : {"0-3", "5-2", "1-15", "x", "3-", "-3", "1-2-3"}) {
            INFO(bad);
            const std::string error = lesson_set_range(&s.lesson, bad);
            CHECK(contains(error, "steps="));
            CHECK(s.lesson.range.first == 11);
        }
    }
}

TEST_CASE("lesson engine: a pass mark decides passed only once every question is answered") {
    Session s;
    REQUIRE(lesson_set_range(&s.lesson, "3").empty());  // step 3 asks two questions
    s.lesson.pass_mark = 0.8;
    s.act(LessonAction::GoToStep, 3);
    s.answer_step(true);
    const LessonProgress p = lesson_progress(&s.lesson);
    CHECK(p.complete);
    CHECK(p.passed);
    Session t;
    REQUIRE(lesson_set_range(&t.lesson, "3").empty());
    t.lesson.pass_mark = 0.8;
    t.act(LessonAction::GoToStep, 3);
    t.act(LessonAction::Choose, t.right_choice());
    t.act(LessonAction::Reveal);
    CHECK_FALSE(lesson_progress(&t.lesson).passed);  // half answered: not complete, so not passed
    t.act(LessonAction::NextQuestion);
    t.act(LessonAction::Choose, t.wrong_choice());
    t.act(LessonAction::Reveal);
    const JsonValue done = t.last("lesson-completed");
    CHECK(done.find("score")->as_double() == 1);
    CHECK_FALSE(done.find("passed")->boolean);  // 1 of 2 is below 0.8
}

TEST_CASE("lesson engine: the record survives a session: encoded, restored, the same progress and wrap-up") {
    Session first;
    first.act(LessonAction::StartTrack);
    for (int step = 1; step <= 3; ++step) {
        first.act(LessonAction::GoToStep, step);
        first.answer_step(step != 2);
    }
    first.act(LessonAction::OpenPractice, 1);
    first.act(LessonAction::CheckPractice, 0, "0.1, 0,8");
    first.act(LessonAction::OpenDebug, int(Bug::SoftmaxDim));
    first.act(LessonAction::JudgeTrace, 1);
    const std::string saved = first.last("lesson-progress").find("record")->text;
    CHECK(saved == encode_record(first.lesson.record));

    Session second;
    CHECK(lesson_restore(&second.lesson, saved).empty());
    CHECK(second.lesson.record == first.lesson.record);
    const LessonProgress a = lesson_progress(&first.lesson), b = lesson_progress(&second.lesson);
    CHECK(b.answered == 4);
    CHECK(b.right == 3);
    CHECK(a.right == b.right);
    CHECK(second.lesson.record.step == 3);
    second.act(LessonAction::StartTrack);
    CHECK(second.state.step == 3);  // resumes where the first session left
    // The earlier right answers still count in the second session's completion.
    for (int step = 4; step <= kLessonSteps; ++step) {
        second.act(LessonAction::GoToStep, step);
        second.answer_step(true);
    }
    const JsonValue done = second.last("lesson-completed");
    CHECK(done.find("score")->as_double() == 15);
    CHECK(done.find("answered")->as_double() == 16);
    CHECK(done.find("seconds")->as_double() > first.lesson.record.seconds);
}

TEST_CASE("lesson engine: a version-1 record's choice letters are put in the order the choices are shown") {
    // Written before the choices had an order of their own: step 3's "how many scores?" added 2, 3,
    // 9 in that order, so "a-b+2" is "2" first (wrong), then "3" (right). Shown now as 3, 9, 2.
    Session s;
    REQUIRE(lesson_restore(&s.lesson, "a1;l=chapter-3;s=3;t=40;c=0;q=3.0:a-b+2").empty());
    const QuestionRecord* q = s.lesson.record.find(3, 0);
    REQUIRE(q != nullptr);
    s.act(LessonAction::GoToStep, 3);
    const Question& asked = s.lesson.questions[0];
    CHECK(asked.choices[size_t(q->first_choice)] == "2");
    CHECK_FALSE(q->first_correct);
    CHECK(asked.choices[size_t(q->last_choice)] == "3");
    CHECK(q->last_correct);
    CHECK(encode_record(s.lesson.record).rfind("a2;", 0) == 0);  // written back as version 2
    CHECK(contains(encode_record(s.lesson.record), "3.0:" + std::string(1, char('a' + q->first_choice)) + "-"));
    // The revisit names the misconception of the "2" it was: leaving the query out.
    bool revisited = false;
    for (const Revisit& r : lesson_revisits(&s.lesson)) revisited |= r.misconception == "query-not-compared";
    CHECK(revisited);
}

TEST_CASE("lesson engine: a bad or foreign record is refused with a message and the record is kept") {
    Session s;
    s.act(LessonAction::GoToStep, 2);
    s.answer_step(true);
    const LessonRecord kept = s.lesson.record;
    CHECK(contains(lesson_restore(&s.lesson, "a3;l=chapter-3"), "a2;"));
    CHECK(contains(lesson_restore(&s.lesson, "a1;l=another-lesson;s=1"), "another-lesson"));
    CHECK(contains(lesson_restore(&s.lesson, "a1;q=3.0:z+a+1"), "3.0:z+a+1"));
    CHECK(s.lesson.record == kept);
}

TEST_CASE("lesson engine: a record restored before the lesson's file arrived is used, or said to be foreign") {
    Session first;
    first.act(LessonAction::GoToStep, 3);
    first.answer_step(true);
    const std::string saved = encode_record(first.lesson.record);

    // A SCORM session starts before the page has fetched the lesson: the record waits in the engine.
    LessonEngine waiting;
    CHECK(lesson_restore(&waiting, saved).empty());
    CHECK(contains(lesson_restore(&waiting, "a1;s=x"), "s=x"));  // a malformed one is refused at once
    lesson_set(&waiting, &builtin_chapter_lesson());
    CHECK(waiting.record == first.lesson.record);
    CHECK(waiting.record_error.empty());
    CHECK(lesson_progress(&waiting).answered == 2);

    // The record of another lesson, restored while the chapter was on its way: the chapter starts
    // afresh and says why.
    LessonEngine other;
    CHECK(lesson_restore(&other, "a1;l=my-sentence;s=2;t=40;c=0;q=1.0:a+a+1").empty());
    lesson_set(&other, &builtin_chapter_lesson());
    CHECK(other.record.questions.empty());
    CHECK(contains(other.record_error, "my-sentence"));
    CHECK(contains(other.record_error, "chapter-3"));
    // And the lesson-progress a course page hears says so: it gave the record back before this.
    const LessonEvent progress = lesson_progress_event(&other);
    CHECK(contains(progress.detail, "\"record_error\":\"the saved record is of the lesson \\\"my-sentence\\\""));
    CHECK(contains(lesson_progress_event(&waiting).detail, "\"record_error\":\"\""));
}

TEST_CASE("lesson engine: a range asked for before the lesson arrived is checked against its steps when it does") {
    // A link or a SCORM launch sets steps= before the page has fetched the lesson: only the most
    // steps a file may have is known then.
    LessonEngine early;
    CHECK(lesson_set_range(&early, "12-14").empty());
    lesson_set(&early, &builtin_chapter_lesson());
    CHECK(early.range_error.empty());
    CHECK(range_of(early) == StepRange{12, 14});

    // Past the chapter's 14 steps: said when the lesson is here, and the whole lesson counts
    // (not step 14 alone, complete in one answer).
    LessonEngine past;
    CHECK(lesson_set_range(&past, "15").empty());
    lesson_set(&past, &builtin_chapter_lesson());
    CHECK(contains(past.range_error, "steps=15"));
    CHECK(contains(past.range_error, "1..14"));
    CHECK(range_of(past) == StepRange{1, 14});
    CHECK(lesson_progress(&past).questions == 16);

    // A refused text keeps the range before it, and the lesson's arrival does not bring it back.
    LessonEngine kept;
    CHECK(lesson_set_range(&kept, "3-4").empty());
    kept.range_error = lesson_set_range(&kept, "x");  // as the page keeps it, for the lesson's header
    lesson_set(&kept, &builtin_chapter_lesson());
    CHECK(contains(kept.range_error, "steps=x"));  // still said
    CHECK(range_of(kept) == StepRange{3, 4});
}

TEST_CASE("lesson engine: pass= takes a share or a percentage, and refuses anything else by name") {
    LessonEngine e;
    CHECK(lesson_set_pass_mark(&e, "0.8").empty());
    CHECK(e.pass_mark == doctest::Approx(0.8));
    CHECK(lesson_set_pass_mark(&e, "75%").empty());
    CHECK(e.pass_mark == doctest::Approx(0.75));
    for (const char* bad : {"80", "1.5", "-0.1", "abc", "0.8x", "%", "nan", "101%"}) {
        CAPTURE(bad);
        const std::string error = lesson_set_pass_mark(&e, bad);
        CHECK(contains(error, std::string("pass=") + bad));
        CHECK(contains(error, "0.8"));
        CHECK(e.pass_mark == doctest::Approx(0.75));  // the last good mark stays
    }
    CHECK(lesson_set_pass_mark(&e, "").empty());
    CHECK(e.pass_mark < 0);
}

TEST_CASE("lesson engine: practice is concealed until checked right or shown, and the check is recorded") {
    Session s;
    s.act(LessonAction::OpenPractice, 0);
    CHECK(s.lesson.concealed.scores);
    s.act(LessonAction::CheckPractice, 0, "0, 2, 1");  // a prediction first: the check still counts
    CHECK(s.lesson.concealed.scores);
    CHECK_FALSE(s.lesson.practice_check.correct);
    CHECK(s.lesson.record.practice[0].checks == 1);
    const JsonValue checked = s.last("exercise-checked");
    CHECK_FALSE(checked.find("correct")->boolean);
    s.act(LessonAction::ShowPracticeAnswer);
    CHECK_FALSE(s.lesson.concealed.scores);
    s.act(LessonAction::ResetPractice);
    CHECK(s.lesson.concealed.scores);
    CHECK(s.lesson.record.practice[0].checks == 1);  // the attempts stay in the record
    CHECK(s.lesson.record.practice[0].prediction == -1);
}

TEST_CASE("lesson engine: Practice 3 leaves the projection to the learner, and Show the answer turns it on") {
    Session s;
    s.act(LessonAction::OpenPractice, 2);
    CHECK_FALSE(s.state.projection.enabled);  // panel 3 shows the plain weights, where "Your" wins
    s.act(LessonAction::CheckPractice, 0, "Your");
    CHECK_FALSE(s.lesson.practice_check.correct);
    CHECK(contains(s.lesson.practice_check.message, "wins with the plain weights"));
    s.act(LessonAction::ShowPracticeAnswer);
    CHECK(s.state.projection.enabled);  // the projected weights, where the answer is, are on screen
    CHECK(s.lesson.record.practice[2].shown);
    // ... and the answer is named, as the band shows it.
    const attn::Exercise e = attn::exercise_info(attn_test::texts(), 2, s.state, &s.result);
    CHECK(e.answer == "\"journey\" (position 1)");
}

TEST_CASE("lesson engine: Practice 3 checked right, then Show the answer: the verdict stands, no new Check asked") {
    // A screen-reader walk heard "You changed the data or a setting since you checked" after Show
    // the answer, which turns the projection on itself; the learner had changed nothing.
    Session s;
    s.act(LessonAction::OpenPractice, 2);
    s.act(LessonAction::CheckPractice, 0, "journey");
    REQUIRE(s.lesson.practice_check.correct);
    s.act(LessonAction::ShowPracticeAnswer);
    REQUIRE(s.state.projection.enabled);
    CHECK_FALSE(s.lesson.practice_check.stale);
    CHECK(s.lesson.practice_check.correct);
    CHECK_FALSE(contains(s.lesson.practice_check.message, "since you checked"));
    // The learner's own change afterwards still asks for a new Check.
    State next = s.state;
    next.query = (s.state.query + 1) % s.state.inputs.rows;
    s.commit(next);
    CHECK(s.lesson.practice_check.stale);
}

TEST_CASE(
    "lesson engine: a practice verdict is of the state it was checked on; a change of data or setting asks for a new "
    "Check") {
    Session s;
    s.act(LessonAction::OpenPractice, 2);
    s.act(LessonAction::CheckPractice, 0, "Your");
    REQUIRE(contains(s.lesson.practice_check.message, "wins with the plain weights"));
    // The learner ticks the projection: the old "Your" is not graded again on what they did not check.
    State next = s.state;
    next.projection.enabled = true;
    s.commit(next);
    CHECK(s.lesson.practice_check.stale);
    CHECK(contains(s.lesson.practice_check.message, "since you checked"));
    CHECK(s.lesson.practice_check.message.find("journey") == std::string::npos);  // no weights, no answer
    s.act(LessonAction::CheckPractice, 0, "journey");
    CHECK(s.lesson.practice_check.correct);
    CHECK_FALSE(s.lesson.practice_check.stale);

    // Softmax by hand, right: the weights are uncovered. Another panel shown changes no number and
    // the verdict stands; another query asks for a Check on its own weights, covered until then.
    s.act(LessonAction::OpenPractice, 1);
    std::string typed;
    for (float w : s.result.weights) typed += (typed.empty() ? "" : ", ") + attn::format_fixed(w, 2);
    s.act(LessonAction::CheckPractice, 0, typed);
    REQUIRE(s.lesson.practice_check.correct);
    CHECK_FALSE(s.lesson.concealed.weights);
    next = s.state;
    next.panels = {"inputs", "weights", "lesson"};
    s.commit(next);
    CHECK_FALSE(s.lesson.practice_check.stale);
    CHECK_FALSE(s.lesson.concealed.weights);
    // Another exercise checked in between: each exercise keeps the state of its own last Check.
    s.act(LessonAction::OpenPractice, 2);
    s.act(LessonAction::CheckPractice, 0, "journey");
    s.act(LessonAction::OpenPractice, 1);
    REQUIRE(s.lesson.practice_check.correct);
    CHECK_FALSE(s.lesson.practice_check.stale);
    next = s.state;
    next.query = (s.state.query + 1) % s.state.inputs.rows;
    s.commit(next);
    CHECK(s.lesson.practice_check.stale);
    CHECK(s.lesson.concealed.weights);
}

TEST_CASE("lesson engine: Debug this records each judgment and whether the first divergence was found") {
    Session s;
    s.act(LessonAction::OpenDebug, int(Bug::None));
    REQUIRE(s.state.lesson.bug == Bug::WrongQuery);
    REQUIRE(s.lesson.trace_valid);
    s.act(LessonAction::JudgeTrace, 0);
    const TraceRecord* t = s.lesson.record.trace(Bug::WrongQuery);
    REQUIRE(t != nullptr);
    CHECK(t->said == "0");
    CHECK(t->found);
    CHECK(s.last("bug-traced").find("judgment_right")->boolean);
    s.act(LessonAction::JudgeTrace, 1);  // the walk is over: nothing more to judge
    CHECK(s.lesson.record.trace(Bug::WrongQuery)->said == "0");
    s.act(LessonAction::ResetTrace);
    CHECK(s.state.lesson.trace == 0);
    CHECK(s.lesson.record.trace(Bug::WrongQuery)->found);  // found once stays found
}

TEST_CASE("lesson engine: the first wrong value judged as it should be gets one second look, then the walk goes on") {
    Session s;
    s.act(LessonAction::OpenDebug, int(Bug::WrongQuery));
    REQUIRE(s.lesson.trace_valid);
    REQUIRE(s.lesson.trace.first_divergence == 0);
    s.act(LessonAction::JudgeTrace, 1);  // the wrong query's scores: "as it should be"
    CHECK(s.state.lesson.trace == 0);    // not walked on: nothing expected or buggy shows yet
    CHECK(second_look_of(s.lesson, s.state) == 0);
    TraceWalk walk = trace_walk_of(s.lesson.trace, s.state.lesson.trace, "", second_look_of(s.lesson, s.state));
    CHECK(walk.look_again);
    CHECK_FALSE(walk.found);
    CHECK(s.last("bug-traced").find("steps_checked")->text == "1");  // the judgment is sent, not held
    CHECK_FALSE(s.last("bug-traced").find("judgment_right")->boolean);
    CHECK(s.lesson.record.trace(Bug::WrongQuery)->said.empty());       // the record keeps the final judgment
    CHECK(s.lesson.record.trace(Bug::WrongQuery)->second_looks == 1);  // and that a second look was needed
    SUBCASE("judged off on the second look: found, judged right; the record says it took a second look") {
        s.act(LessonAction::JudgeTrace, 0);
        CHECK(s.lesson.record.trace(Bug::WrongQuery)->said == "0");
        CHECK(s.lesson.record.trace(Bug::WrongQuery)->found);
        const std::string saved = encode_record(s.lesson.record);
        CHECK(contains(saved, ";d=wrong-query:0:1:1"));
        const RecordParse back = decode_record(saved);
        REQUIRE_MESSAGE(back.ok, back.error);
        CHECK(back.record == s.lesson.record);
        // A record from before second looks were counted still reads.
        CHECK(decode_record("a2;l=chapter-3;s=0;t=0;c=0;q=;p=;d=wrong-query:0:1")
                  .record.trace(Bug::WrongQuery)
                  ->second_looks == 0);
    }
    SUBCASE("as it should be again: the walk goes on and shows the divergence") {
        s.act(LessonAction::JudgeTrace, 1);
        CHECK(s.state.lesson.trace == 1);
        CHECK(s.lesson.record.trace(Bug::WrongQuery)->said == "1");
        CHECK(s.lesson.record.trace(Bug::WrongQuery)->found);
        CHECK_FALSE(s.last("bug-traced").find("judgment_right")->boolean);
    }
    SUBCASE("Trace again: the second look is asked for afresh") {
        s.act(LessonAction::ResetTrace);
        CHECK(second_look_of(s.lesson, s.state) == -1);
        s.act(LessonAction::JudgeTrace, 1);
        CHECK(s.state.lesson.trace == 0);
        CHECK(second_look_of(s.lesson, s.state) == 0);
    }
}

TEST_CASE("lesson engine: a change to what a trace runs on starts its walk over; other changes keep it") {
    Session s;
    s.act(LessonAction::OpenDebug, int(Bug::RepeatNotInterleave));
    s.act(LessonAction::JudgeTrace, 1);  // the group's keys: as they should be
    REQUIRE(s.state.lesson.trace == 1);
    // Another panel shown: the trace's numbers are the same, the judgment stands.
    State next = s.state;
    next.panels = {"inputs", "module", "lesson"};
    lesson_state_edited(&s.lesson, s.state, &next);
    CHECK(next.lesson.trace == 1);
    CHECK(s.lesson.record.trace(Bug::RepeatNotInterleave)->said == "1");
    // One key and value group per head: other numbers (that hide the bug), judged afresh.
    next = s.state;
    next.module.settings.kv_groups = next.module.settings.heads;
    lesson_state_edited(&s.lesson, s.state, &next);
    CHECK(next.lesson.trace == 0);
    CHECK(s.lesson.record.trace(Bug::RepeatNotInterleave)->said.empty());
    s.commit(next);
    // The lesson's own intents are not edits: a judgment counts.
    s.act(LessonAction::JudgeTrace, 1);
    next = s.state;
    lesson_state_edited(&s.lesson, State(s.state), &next);
    CHECK(next.lesson.trace == 1);
}

TEST_CASE("lesson engine: Leave brings back the view the learner had before the lesson") {
    Session s;
    State mine = s.state;
    mine.query = 4;
    mine.example.clear();
    mine.inputs.at(0, 0) = 0.25f;
    s.commit(mine);
    s.act(LessonAction::StartTrack);
    s.act(LessonAction::GoToStep, 5);
    s.act(LessonAction::Leave);
    CHECK(s.state.step == 0);
    CHECK(s.state.query == 4);
    CHECK(s.state.inputs.at(0, 0) == 0.25f);
}

TEST_CASE("lesson engine: a lesson file that was refused covers nothing, and Leave still leaves") {
    // A link into step 1 of a teacher's broken file: while the file is on its way the step's
    // numbers are covered; once it is refused nothing is coming, and the page must stay usable.
    Session s;
    lesson_set(&s.lesson, nullptr);
    State linked = s.state;
    linked.step = 1;
    s.commit(linked);
    CHECK(s.lesson.concealed.any());
    CHECK(s.lesson.concealed.reason == "the lesson is loading");
    s.act(LessonAction::GoToStep, 2);  // waits for the file
    CHECK(s.lesson.pending.size() == 1);
    lesson_refused(&s.lesson, "the lesson file: line 3, column 12: steps[0].watch[0] is \"scores\"");
    lesson_sync(&s.lesson, s.state, s.result, &s.module, s.version);  // the same state: the page's next frame
    CHECK_FALSE(s.lesson.concealed.any());
    s.act(LessonAction::Leave);
    CHECK(s.state.step == 0);
    CHECK(s.lesson.pending.empty());
    CHECK_FALSE(s.lesson.concealed.any());
}

TEST_CASE("lesson engine: time counts between the learner's acts, each idle gap at most five minutes") {
    Session s;
    s.act(LessonAction::StartTrack);
    const int start = s.lesson.record.seconds;
    s.act(LessonAction::GoToStep, 2);
    CHECK(s.lesson.record.seconds - start == 2);
    s.now_ms += 3600 * 1000.0;  // an hour away
    s.act(LessonAction::GoToStep, 3);
    CHECK(s.lesson.record.seconds - start == 2 + 5 * 60);
}

TEST_CASE("lesson engine: the step's lines wait for their question, and the engine says some are waiting") {
    Session s;
    s.act(LessonAction::GoToStep, 3);
    CHECK(s.lesson.lines_pending);
    std::string text;
    for (const LessonLine& line : s.lesson.lines) text += line.text;
    CHECK_FALSE(contains(text, "attn_scores[0] ="));
    s.answer_step(true);
    CHECK_FALSE(s.lesson.lines_pending);
    text.clear();
    for (const LessonLine& line : s.lesson.lines) text += line.text;
    CHECK(contains(text, "attn_scores[0] ="));
}

TEST_CASE("lesson engine: the Practice tab opens where the learner practised, else the lesson's own first exercise") {
    // A walk in the lesson after the chapter pressed Practice and met the chapter's exercise 1, not
    // the lesson's own (a KV cache's work).
    Session s;
    lesson_set(&s.lesson, &attn_test::generation_lesson());
    s.act(LessonAction::OpenPractice, -1);
    CHECK(s.state.lesson.exercise == lesson_first_exercise(attn_test::generation_lesson()));
    CHECK(s.state.lesson.exercise == 3);
    // Practised there, then elsewhere, left: the tab comes back to the exercise the learner was at.
    s.act(LessonAction::OpenPractice, 0);
    s.act(LessonAction::CheckPractice, 0, "1, 2, 3");
    s.act(LessonAction::Leave);
    s.act(LessonAction::OpenPractice, -1);
    CHECK(s.state.lesson.exercise == 0);
    // The chapter's own first is its exercise 1.
    Session chapter;
    chapter.act(LessonAction::OpenPractice, -1);
    CHECK(chapter.state.lesson.exercise == 0);
    lesson_set(&s.lesson, &builtin_chapter_lesson());  // (before the test's lessons go)
}

TEST_CASE("lesson engine: a later attempt whose verdict is not the counted one says which answer the score counts") {
    // A teacher's walk: "cats" (wrong), Reveal, then "chase", Reveal: the step said "Right." and
    // nothing said that the score counts the first answer, which was wrong.
    Session s;
    s.act(LessonAction::GoToStep, 1);
    const int wrong = s.wrong_choice(), right = s.right_choice();
    s.act(LessonAction::Choose, wrong);
    s.act(LessonAction::Reveal);
    CHECK(shown_reveal(s.lesson, s.state).counted.empty());  // the first reveal: it is the counted one
    s.act(LessonAction::Choose, right);
    s.act(LessonAction::Reveal);
    RevealResult r = shown_reveal(s.lesson, s.state);
    CHECK(r.correct);
    CHECK(r.counted == "Your score counts your first answer to this question, which was not right.");
    // Wrong again: the verdict agrees with the counted one; nothing to add.
    s.act(LessonAction::Choose, wrong);
    s.act(LessonAction::Reveal);
    CHECK(shown_reveal(s.lesson, s.state).counted.empty());
}

TEST_CASE("lesson engine: in a graded lesson an open question keeps the learner in the track until it is revealed") {
    // A teacher's walk: in the SCORM package, Leave with a question open showed every score;
    // "Start the lesson" led back, the right answer went in, and the score rose.
    Session s;
    s.lesson.graded = true;
    s.act(LessonAction::GoToStep, 3);
    REQUIRE_FALSE(s.state.lesson.revealed);
    CHECK(lesson_held_by_question(s.lesson, s.state));
    for (const LessonAction away : {LessonAction::Leave, LessonAction::OpenPractice, LessonAction::OpenDebug}) {
        s.act(away, away == LessonAction::OpenPractice ? -1 : 0);
        CHECK(s.state.step == 3);
        CHECK(s.state.lesson.mode == LessonMode::Track);
        CHECK(s.lesson.concealed.scores);  // still covered
        CHECK_FALSE(lesson_intent_problem(s.lesson, s.state, LessonIntent{away, 0, ""}).empty());
    }
    s.act(LessonAction::GoToStep, 4);  // Next and Back stay free
    CHECK(s.state.step == 4);
    s.act(LessonAction::GoToStep, 3);
    // Step 3 asks two: the first revealed still holds (the second could be looked up, a reviewer
    // found); both revealed, free to go.
    REQUIRE(s.lesson.questions.size() == 2);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    CHECK(lesson_held_by_question(s.lesson, s.state));
    s.act(LessonAction::Leave);
    CHECK(s.state.step == 3);
    s.act(LessonAction::NextQuestion);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    CHECK_FALSE(lesson_held_by_question(s.lesson, s.state));
    // A second walk asks afresh, but what counted has counted: nothing holds the learner there.
    s.act(LessonAction::RestartTrack);
    s.act(LessonAction::GoToStep, 3);
    CHECK_FALSE(s.state.lesson.revealed);
    CHECK_FALSE(lesson_held_by_question(s.lesson, s.state));
    s.act(LessonAction::Leave);
    CHECK(s.state.step == 0);
    // Not graded: free as before.
    Session free;
    free.act(LessonAction::GoToStep, 3);
    CHECK_FALSE(lesson_held_by_question(free.lesson, free.state));
    free.act(LessonAction::Leave);
    CHECK(free.state.step == 0);
}

TEST_CASE("lesson engine: with a pass mark the wrap-up says the score against it, and passed or not") {
    Session s;
    CHECK(pass_mark_line(s.lesson).empty());  // no pass mark: nothing to say
    REQUIRE(lesson_set_pass_mark(&s.lesson, "75%").empty());
    REQUIRE(lesson_set_range(&s.lesson, "3").empty());
    s.act(LessonAction::GoToStep, 3);
    lesson_progress(&s.lesson);  // counts the range's questions
    CHECK(pass_mark_line(s.lesson) == "Pass mark 75%: 2 questions still to answer.");
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    CHECK(pass_mark_line(s.lesson) == "Pass mark 75%: one question still to answer.");
    REQUIRE(lesson_set_pass_mark(&s.lesson, "0.875").empty());
    CHECK(pass_mark_line(s.lesson) == "Pass mark 87.5%: one question still to answer.");
    REQUIRE(lesson_set_pass_mark(&s.lesson, "75%").empty());
    s.act(LessonAction::NextQuestion);
    s.act(LessonAction::Choose, s.right_choice());
    s.act(LessonAction::Reveal);
    CHECK(pass_mark_line(s.lesson) == "Pass mark 75%: 2 of 2 right. Passed.");
    Session wrong;
    REQUIRE(lesson_set_pass_mark(&wrong.lesson, "0.75").empty());
    REQUIRE(lesson_set_range(&wrong.lesson, "3").empty());
    wrong.act(LessonAction::GoToStep, 3);
    wrong.answer_step(false);
    lesson_progress(&wrong.lesson);
    CHECK(pass_mark_line(wrong.lesson) == "Pass mark 75%: 0 of 2 right. Not passed.");
}
