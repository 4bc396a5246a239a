// Drives ui::draw_ui natively without a GPU: an ImGui context with a built font atlas, frames with
// simulated mouse and keys, and the app's commit rule (a valid draft becomes the state, an invalid
// one leaves it and sets input_error). Clicks aim at the rectangles the UI records in its layout.
#pragma once
#include <doctest/doctest.h>
#include <imgui_internal.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "builtin/builtin_lesson.h"
#include "core/document/examples.h"
#include "core/document/interface_text.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/track.h"
#include "ui/ui.h"

namespace attn_test {

constexpr int kKeyUp = 1, kKeyDown = 2, kKeyBackspace = 3, kKeyEnter = 4, kKeyA = 5, kKeyEscape = 6, kKeyLeft = 7,
              kKeyRight = 8, kKeySpace = 9, kKeyPageUp = 10, kKeyPageDown = 11, kKeyHome = 12, kKeyEnd = 13;

// The interface's words in a language, as the page loads them (lessons/<lang>/interface.json).
inline attn::InterfaceText interface_language(const std::string& lang) {
    std::ifstream file(std::string(ATTN_SOURCE_DIR) + "/lessons/" + lang + "/interface.json");
    std::stringstream text;
    text << file.rdbuf();
    attn::InterfaceTextParse parsed = attn::parse_interface_text(text.str());
    REQUIRE_MESSAGE(parsed.ok, parsed.error);
    return parsed.text;
}

struct UiHarness {
    attn::State state, draft;
    attn::AttentionResult result;
    attn::ModuleRun module;                 // what the app keeps beside the state while state.module is on
    attn::LessonEngine lesson;              // the app's lesson engine, synced with the state
    std::vector<attn::LessonEvent> events;  // what the lesson engine said, in order
    uint64_t version = 0;                   // bumped on every committed state, as the app does
    attn::Sentence input_error;
    attn::ui::Textures textures;
    attn::ui::UiState ui;
    attn::ui::FrameOutput out;
    int asked_for_code = 0, asked_again = 0;  // frames whose output asked for the deferred code / to retry
    std::vector<float> page_scrolls;          // each frame's ask for the page around the demo to scroll
    std::vector<std::string> said;            // what the keyboard's moves said for a screen reader
    std::string opened_lesson;                // the last lesson a frame asked the page to open
    double now_ms = 1000.0;
    const attn::PageOptions* page = nullptr;     // what the host page asks for; null: defaults
    attn::PageOptions touch_page;                // what on_touch_screen() points page at
    const attn::DeferredCode* code = nullptr;    // the web's deferred code; null: here (as natively)
    const attn::InterfaceText* words = nullptr;  // the interface's language; null: English
    float pinch = 1.0f;                          // the next frames' two-finger pinch (1: none) and touch points down
    int touch_points = 0;

    explicit UiHarness(const char* example = "your-journey", ImVec2 display = ImVec2(1280, 800)) {
        ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = display;
        io.DeltaTime = 1.0f / 60.0f;
        io.KeyMap[ImGuiKey_UpArrow] = kKeyUp;
        io.KeyMap[ImGuiKey_DownArrow] = kKeyDown;
        io.KeyMap[ImGuiKey_Backspace] = kKeyBackspace;
        io.KeyMap[ImGuiKey_Enter] = kKeyEnter;
        io.KeyMap[ImGuiKey_A] = kKeyA;
        io.KeyMap[ImGuiKey_Escape] = kKeyEscape;
        io.KeyMap[ImGuiKey_LeftArrow] = kKeyLeft;
        io.KeyMap[ImGuiKey_RightArrow] = kKeyRight;
        io.KeyMap[ImGuiKey_Space] = kKeySpace;
        io.KeyMap[ImGuiKey_PageUp] = kKeyPageUp;
        io.KeyMap[ImGuiKey_PageDown] = kKeyPageDown;
        io.KeyMap[ImGuiKey_Home] = kKeyHome;
        io.KeyMap[ImGuiKey_End] = kKeyEnd;
        attn::ui::setup_style(1.0f);
        unsigned char* pixels = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
        attn::lesson_set(&lesson, &attn::builtin_chapter_lesson());  // natively the lesson is compiled in
        attn::State s;
        attn::load_example(example, &s);
        REQUIRE(set_state(s).empty());
        frames(3);  // ImGui settles its layout over a couple of frames
    }
    ~UiHarness() { ImGui::DestroyContext(); }
    UiHarness(const UiHarness&) = delete;
    UiHarness& operator=(const UiHarness&) = delete;

    // A touch screen (a phone's bigger targets and finger scrolling) for the frames that follow.
    void on_touch_screen() {
        touch_page.touch = true;
        page = &touch_page;
    }

    // What the app does with a new document: validate, commit, recompute.
    std::string set_state(const attn::State& next) {
        const attn::Sentence refusal = attn::state_refusal(next);
        const std::string error = attn::english(refusal);
        if (!error.empty()) {
            input_error = refusal;
            draft = state;
            return error;
        }
        input_error = {};
        state = next;
        draft = state;
        ++version;
        result = attn::compute_attention(state);
        if (state.module.enabled && (!code || code->here))  // as the app: the classes run with their code
            attn::update_module_run(state.inputs, state.module.settings, &module);
        attn::lesson_sync(&lesson, state, result, &module, version);
        return "";
    }

    // With log_text, each frame keeps every text it draws, in drawn_text: what a learner can read
    // on screen, for a test of what the screen says. ImGui's log, to the "clipboard" (the root
    // window's End() finishes a log and empties its buffer; the clipboard is where it goes first).
    bool log_text = false;
    std::string drawn_text;
    void frame() {
        ImGui::NewFrame();
        if (log_text) {
            ImGuiIO& io = ImGui::GetIO();
            io.ClipboardUserData = this;
            io.SetClipboardTextFn = [](void* harness, const char* text) {
                static_cast<UiHarness*>(harness)->drawn_text += text;
            };
            drawn_text.clear();
            ImGui::LogToClipboard(0);  // 0: no folded section opened for the log (ImGui's default opens two levels)
        }
        const attn::ui::FrameInput in{state,        result,  input_error, textures, now_ms, page,   pinch,
                                      touch_points, &module, &lesson,     words,    code,   version};
        out = attn::ui::draw_ui(in, &draft, &ui);
        if (log_text) {
            ImGui::LogFinish();  // (ended already with the root window)
            // Wrapped prose logs each word with its space and ImGui's separator: one space.
            drawn_text.erase(
                std::unique(drawn_text.begin(), drawn_text.end(), [](char a, char b) { return a == ' ' && b == ' '; }),
                drawn_text.end());
        }
        asked_for_code += out.wants_code;
        asked_again += out.retry_code;
        if (out.page_scroll_to >= 0) page_scrolls.push_back(out.page_scroll_to);
        if (!out.keyboard_said.empty()) said.push_back(out.keyboard_said);
        if (!out.open_lesson.empty()) opened_lesson = out.open_lesson;
        ImGui::Render();
        if (out.edited) set_state(draft);
        // As app_apply_intents: each intent on the state it was sent from, then committed.
        for (const attn::LessonIntent& intent : out.intents) {
            attn::State next = state;
            attn::lesson_apply(&lesson, intent, state, result, now_ms, &next, &events);
            set_state(next);
        }
        now_ms += 1000.0 / 60.0;
    }
    // The book's class `kind` alone on screen (panels=module), as the book builds it: the state,
    // for a test to change its settings before set_state().
    attn::State book_class_alone(attn::AttentionModule kind) const {
        attn::State s = state;
        s.module.enabled = true;
        s.panels = {"module"};
        s.module.settings = attn::book_module_settings(kind);
        return s;
    }
    // The step's open question answered with choice `answer` and revealed, as a restored record or
    // the text version would leave it, and drawn.
    attn::State reveal(attn::State s, int answer = 0) {
        s.lesson.answer = answer;
        s.lesson.revealed = true;
        REQUIRE(set_state(s).empty());
        frames(3);
        return s;
    }
    // The query moved to position q, as a learner's pick does, and drawn.
    void set_query(int q) {
        attn::State s = state;
        s.query = q;
        REQUIRE(set_state(s).empty());
        frames(3);
    }
    // Opens step `step` of the chapter on the data shown, as a link to it does, and draws it;
    // returns that state, for a test that goes on to change it.
    attn::State go_to_step(int step) {
        const attn::State s = attn::enter_step(attn::builtin_chapter_lesson(), step, state);
        REQUIRE(set_state(s).empty());
        frames(3);
        return s;
    }

    void frames(int count) {
        for (int k = 0; k < count; ++k) frame();
    }

    const attn::ui::LayoutItem* find(const std::string& name) const {
        for (const auto& item : ui.layout)
            if (item.name == name) return &item;
        return nullptr;
    }
    ImVec2 centre(const std::string& name) const {
        const attn::ui::LayoutItem* item = find(name);
        REQUIRE_MESSAGE(item != nullptr, "no layout item named " << name);
        return ImVec2(item->rect.x + item->rect.z / 2, item->rect.y + item->rect.w / 2);
    }

    void mouse_move(ImVec2 p) {
        ImGui::GetIO().MousePos = p;
        frame();
    }
    void mouse_down(bool down) {
        ImGui::GetIO().MouseDown[0] = down;
        frame();
    }
    void click_at(ImVec2 p) {
        mouse_move(p);
        mouse_down(true);
        mouse_down(false);
        frames(2);
    }
    void click(const std::string& name) { click_at(centre(name)); }
    // Press at `from`, move to `from + delta` in steps, release.
    void drag_at(ImVec2 from, ImVec2 delta, int steps = 6) {
        mouse_move(from);
        mouse_down(true);
        for (int k = 1; k <= steps; ++k)
            mouse_move(ImVec2(from.x + delta.x * float(k) / float(steps), from.y + delta.y * float(k) / float(steps)));
        mouse_down(false);
        frames(2);
    }
    void key(int index) {
        ImGui::GetIO().KeysDown[index] = true;
        frame();
        ImGui::GetIO().KeysDown[index] = false;
        frame();
    }
    void type(const char* text) {
        ImGui::GetIO().AddInputCharactersUTF8(text);
        frame();
    }
};

}  // namespace attn_test
