// The UI's state and each frame's input and output: what the panels read and write. Each panel's
// transient state (camera, stepper, text being typed) is a struct in UiState; FrameInput is what
// a frame draws from (the state, its result, the lesson engine, the textures), FrameOutput what it
// hands back to the app. The panels include this, not ui.h (the dispatcher).
#pragma once
#include <imgui.h>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/document/import/import_text.h"
#include "core/document/interface_text.h"
#include "core/document/state.h"
#include "core/document/state_attention.h"
#include "core/lesson/lesson_engine.h"
#include "core/math/kv_memory.h"
#include "core/math/mask_comparison.h"
#include "core/math/pca.h"
#include "core/view/deferred_code.h"
#include "core/view/page_options.h"
#include "core/view/plot_scene.h"
#include "ui/field_typing.h"
#include "ui/keyboard_speech.h"

namespace attn::ui {

struct HeatmapImage {
    ImTextureID texture = nullptr;
    float low = 0, high = 1;  // value range the colours span
};

struct Textures {
    ImTextureID plot = nullptr;  // the embedding view, drawn from last frame's PlotScene request
    HeatmapImage scores, weights;
    HeatmapImage projected_scores, projected_weights;
    ImTextureID diverging_bar = nullptr, sequential_bar = nullptr;  // 256 x 1 colour ramps
    std::string renderer_error;  // a shader that failed: shown instead of a blank view
};

// A named screen rectangle, exported for browser tests (attention.layout()).
struct LayoutItem {
    std::string name;  // "token:1", "panel:plot", "heatmap:scores" ...
    ImVec4 rect;       // x, y, w, h in CSS pixels
    std::string text;  // for "value:..." items: the value as the screen shows it ("?" while covered)
};

// Which vectors the embedding view shows.
enum class PlotSpace {
    Inputs,       // the input embeddings, the query and the context vector
    QueriesKeys,  // with the projection on: the keys and the query's projected query vector
};

// Each panel's transient state: not part of the document (camera, stepper position, text being
// typed). One struct per panel, nested in UiState, as sokol-samples keep state.offscreen,
// state.display.

// The token table and the random embeddings generator.
struct InputsUi {
    int random_n = 256, random_d = 64, random_seed = 123;  // the generator's fields
    std::string random_error;                              // why the last generator try was refused
    // The value cell being typed into (its ImGui id and its text as typed), and why the last typed
    // value was refused ("inputs[1][2]: \"abc\" is not a number ...").
    unsigned cell_editing = 0;
    std::string cell_text;
    std::string cell_error;
    // The cell the message is about, the value it kept and the example then: once the inputs
    // change another way (an example, an import, a link), the message no longer says what is.
    int cell_error_row = -1, cell_error_col = -1;
    float cell_error_kept = 0.0f;
    std::string cell_error_example;
    bool cell_error_new = false;  // made this frame: its example is read at the next
    // A query position typed outside 0..n-1, refused ("query position is 9 but must be 0..4"),
    // with the position it kept and the token count then: either changed, it is no longer said.
    std::string query_error;
    int query_error_kept = -1, query_error_n = 0;
    int first_dim = 0;       // first embedding column shown when d is large
    int query_in_view = -1;  // the query and the loop's token the rows last brought into view
    int loop_in_view = -1;   // (if they were out of it); -1: none since they were hidden
};

// The embedding view.
struct PlotUi {
    OrbitCamera camera;
    std::string camera_key;  // dimensions and space the camera was fitted for
    bool camera_fit_pending = true;
    bool camera_zoomed = false;    // the reader zoomed: no automatic refit until Reset
    float fitted_half_extent = 0;  // the camera's as last fitted: the zoom buttons say the view's size against it
    PlotSpace space = PlotSpace::Inputs;
    int hovered_token = -1;
    int dragged_token = -1;  // arrow head pressed; it moves once the mouse drags
    bool drag_moved = false;
    bool orbiting = false;    // 3-D: a drag that started on empty space
    PcaBasis pca;             // the basis the > 3-D view projects with
    Matrix pca_source;        // the vectors it was computed from (recomputed when they change)
    bool pca_frozen = false;  // kept while dragging, so the view does not turn under the mouse
    // Embedded on a touch screen, a finger over the view scrolls the course page until the learner
    // taps the view: then it turns and its heads move, until a tap elsewhere (ui/touch_routing.h).
    bool engaged = false;
};

// The score loop stepper.
struct LoopUi {
    int step = -1;  // -1: not started; i: slots 0..i filled
    bool playing = false;
    double next_ms = 0;  // when the playing stepper advances next
    int query = -1;      // the query and token count the loop ran for: a change restarts it
    int tokens = -1;
};

struct HeatmapsUi {
    bool projected = true;  // with the projection on, show queries @ keys.T (true) or inputs @ inputs.T
};

struct WeightsUi {
    float tail_h = 0;        // height of the panel below its bars, measured each frame
    int query_in_view = -1;  // the query the bars last brought into view, if out of it (-1: none since hidden)
};

// The Import / Export popup: the learner's paste is kept (a refused paste loses nothing), its
// error shown beside the box; the export texts are rebuilt when the tokens or inputs change.
struct ImportUi {
    std::string text;             // the learner's paste, never discarded by a refusal; valid UTF-8
    ImportResult parsed;          // import_embeddings(text), redone when the text changes
    std::string parsed_summary;   // what it reads as, in the words below
    std::string parsed_lang;      // the interface's language the summary is in
    bool parsed_valid = false;    // parsed belongs to text (and its summary to the interface's words)
    std::string applied_note;     // "Applied 6 tokens x 3 dims" after Apply
    bool open_requested = false;  // a paste arrived from the page: open the popup next frame
    bool exporting = false;       // the popup shows Export (else Import)
    std::vector<std::string> export_tokens;
    Matrix export_inputs;
    std::string exported[3];  // ExportFormat::Json, Csv, Torch
    int copied = -1;          // the form Copy last put on the clipboard (-1: none since it opened)
};

// The PyTorch code for the state on screen, regenerated when the state changes.
struct CodeUi {
    bool open = false;   // the learner opened the code in free exploration
    bool valid = false;  // code belongs to state
    State state;
    std::string covered;  // why the printed outputs are covered (the lesson's open question), or ""
    std::string lang;     // the language of the code's comments
    std::string code;
    // What is drawn, row by row: [begin, end) in code; comments longer than the view is wide are
    // broken into continuation rows, and the comment after a code line too wide goes under it
    // (wrapped_columns: the width they were broken for).
    struct Row {
        size_t begin = 0, end = 0;
        bool output = false;        // printed output (the comments after a print)
        bool continuation = false;  // the rest of a comment broken above
        int indent = 0;             // columns of space before it (a comment moved under its code line)
    };
    std::vector<Row> rows;
    int wrapped_columns = 0;
    bool copied = false;
};

// The book's classes (panel_module): what the learner has chosen to see. Each shows its answer only
// once asked for, so the learner can predict first.
struct ModuleUi {
    bool exercise_loaded = false;         // Exercise 3.1: v2's weight.T copied into v1
    bool zero_mask = false;               // the planted bug of 3.5.1: masked_fill with 0, not -inf
    bool view_without_transpose = false;  // the shape tracer's planted bug: .view(b, h, n, hd)
    bool wrong_dim = false;               // softmax over dim=1 of the batch's (b, n, n) scores
    bool flipped_mask = false;            // mask polarity: masked_fill(tril(ones, -1), -inf)
    bool unscaled_dropout = false;        // dropout's survivors kept at w, not w / (1 - p)
    bool wrong_scale = false;             // MultiHeadAttention divided by sqrt(d_out), not sqrt(head_dim)
    bool exercise_gpt2 = false;           // Exercise 3.3: MultiHeadAttention at GPT-2's size, asked for
    int batch = 0;                        // the batch element shown
    std::string error;                    // a setting this panel refused, shown under its field
    std::string error_field;              // that field's name ("dropout", "heads" ...)
    bool error_drawn = false;             // this frame said it under its field
    int step_seen = -1;                   // the lesson step the planted bugs were last set for
    int section_scroll = 0;               // passes left to bring the step's section up (to the top, if it can)
    float section_y = -1;                 // where the step's section began in the panel, as last drawn
    int section_moment = -1;              // the step, question and reveal it was last brought up for
    int decode_call = -1;                 // decode mode: the cache call shown (-1: the last)
    std::string memory_error;             // the KV-memory calculator: why the kv heads typed were refused
    std::string pads_error;               // masks four ways: why the pad tokens typed were refused
    uint64_t pads_error_version = 0;      // the state version it was refused on
    // The masks four ways (core/math/mask_comparison.h), worked out when the run (ModuleRun::serial)
    // changes (its settings' pads among them), not every frame, with their text as drawn.
    struct MaskRoutes {
        uint64_t serial = 0;
        MaskComparison comparison;
        std::string differences;  // each SDPA route's largest difference from the book's, "6.0e-08 ..."
        std::string key_padding;  // key_padding_mask as PyTorch prints it
    } mask_routes;
    bool polarity_bug = false;                  // the book's mask (True = hidden) passed as SDPA's attn_mask
    int memory_preset = 0;                      // the KV memory calculator's model
    KvMemoryModel memory{1, 0, 0, 0, 0, 0, 0};  // its numbers as edited; heads 0: the preset's, not yet set
};

// What the learner is typing for a practice exercise (what was checked, and the verdict, are the
// lesson engine's).
struct PracticeInput {
    char text[kMaxPracticeText + 1] = "";  // what the record keeps of an entry
    bool stale = false;                    // edited since it was last checked: the verdict shown is not of this text
    bool hint = false;
    std::string seen;  // the record's entry when the box last followed it: a Check made elsewhere shows here
};

// Where the learner is in the lesson: the mode, the step and the question.
struct LessonPlace {
    LessonMode mode = LessonMode::Track;
    int step = 0, question = 0;
    bool operator==(const LessonPlace& o) const { return mode == o.mode && step == o.step && question == o.question; }
};

// The lesson band's view state: how tall it was drawn, what it scrolls to. What the learner did is
// the lesson engine's (core/lesson/lesson_engine.h), never the band's.
struct LessonUi {
    float header_h = 0;             // the band's header rows as last drawn
    std::string scroll_to;          // phones: a watched panel the learner asked to see (its key)
    int scroll_passes = 0;          // passes the request is still applied (panels above settle their heights)
    bool collapsed = false;         // phones: the band folded to one line (the step and a Show button)
    float body_h = 0;               // the band's body content (taller of text and question) as last drawn
    int question_step = -1;         // the step the question block last drew
    int shown_reveal = -1;          // the reveal last scrolled into view (step, question, answer)
    int reveal_scroll_passes = 0;   // passes it still scrolls there (the new lines settle first)
    int wrap_up_scroll_passes = 0;  // the same for the wrap-up the range's last Reveal made appear
    float next_bottom = 0;          // the band's Next button's bottom this frame (FLT_MAX: not drawn)
    float verdict_top = 0;          // where that Reveal's verdict starts this frame: the wrap-up keeps it in view
    float reveal_room = 0;          // blank kept below that verdict, so its column scrolls to a line's start
    float room_drawn = 0;         // that blank as drawn this frame, with its spacing (the band's height leaves it out)
    bool reveal_clicked = false;  // the band's Reveal was pressed: its verdict is brought into view
    bool reveal_by_keys = false;  // ... by the keyboard: the way on (Next question, Next) takes the focus
    // The keyboard moved the lesson from this place: the new place's first control takes the focus,
    // then this is reset.
    std::optional<LessonPlace> focus_from;
    int focus_frames = 0;        // frames the request still waits (a move refused, or to a place
                                 // with no control to take it, must not fire on a later change)
    bool split = false;          // the question has its own column beside the text (wide screens)
    int text_step = -1;          // the step the text column last drew,
    unsigned text_done = 0;      // and a bit per question of it done then
    float text_reveal_y = -1;    // where the text a reveal brought starts, in the text column
    int text_scroll_passes = 0;  // passes it still scrolls there (the new lines settle first)
    PracticeInput practice[kExerciseCount];
    int trace_scrolled = -1;      // the bug x 1000 + trace length x 2 (+ 1 on a second look) last drawn
    int trace_scroll_passes = 0;  // passes it still scrolls to the end (the new lines settle first)
};

// All of the UI's transient state, one member per panel.
struct UiState {
    InputsUi inputs;
    PlotUi plot;
    LoopUi loop;
    HeatmapsUi heatmaps;
    WeightsUi weights;
    ImportUi import;
    CodeUi code;
    LessonUi lesson;
    ModuleUi module;
    // The learner's lesson intents this frame (choose, reveal, check ...); draw_ui hands them over
    // in FrameOutput for the app to apply through the lesson engine.
    std::vector<LessonIntent> intents;
    std::string open_lesson;  // the wrap-up's "after the chapter" pressed: that lesson's name
    bool wants_code = false;  // a panel needs the deferred code (FrameInput::code): the app fetches it
    bool retry_code = false;  // ... and the learner asked to try again after a failed fetch
    // Set by the platform from prefers-reduced-motion: Play still steps, without highlight fades.
    bool reduced_motion = false;
    bool touch_targets = false;     // fingers: a phone, or the page saw touch input (set per frame)
    std::string ui_error;           // an edit the trainable panel refused (a negative seed), shown beside it
    uint64_t ui_error_version = 0;  // the state version it was refused on: said until the state changes
    std::string last_example;       // to reset view state when the example changes
    bool touch_scroll = false;      // a drag that began on no widget scrolls the phone column
    // The last subset layout fitted the canvas at its full width: the next is drawn without a
    // scrollbar, so a frame sized to the content stays that size (see subset_layout).
    bool subset_fits = false;
    // The height each text panel's content took when last drawn, and at which width (index: the
    // panel, in ui.cpp's PanelId order). The layouts use it where their estimate falls short, so
    // a panel at its natural height shows all of it (wrapped lines included).
    float measured_h[7] = {0, 0, 0, 0, 0, 0, 0};
    float measured_w[7] = {0, 0, 0, 0, 0, 0, 0};
    // The wide layout, in a lesson step: a column's panels the step does not watch fold to their
    // title, so the ones it does get the room. The learner may unfold one for the step (a bit per
    // panel, in PanelId order), which lasts until the step changes.
    unsigned unfolded = 0;
    int unfolded_step = -1;
    KeyboardSpeech speech;  // what the status line says as the keyboard moves in the drawing
    FieldTyping typing;     // characters typed on the focused text field, until it takes them
    std::vector<LayoutItem> layout;
};

struct FrameInput {
    const State& state;  // last good state (what the result belongs to)
    const AttentionResult& result;
    const Sentence& input_error;  // why the last edit was refused, empty if none
    const Textures& textures;
    double now_ms = 0;
    // The host page's wishes (embed mode, theme, reduced motion, touch); null: the defaults.
    const PageOptions* page = nullptr;
    // Touch: a two-finger pinch since the last frame (finger distance now / before, 1: none) and
    // the touch points down. A pinch over the embedding view zooms it.
    float pinch = 1.0f;
    int touch_points = 0;
    // The book's classes on the inputs (state.module): valid while the state has one on.
    const ModuleRun* module = nullptr;
    // The lesson engine, synced to state: the questions, the step's text, the record, and what
    // the open question covers (every panel masks those values until the learner has answered).
    const LessonEngine* lesson = nullptr;
    // The interface's words in the learner's language; null: English (ui/words.h).
    const InterfaceText* words = nullptr;
    // Whether the code the first view does not run is here (Import's reader, the PyTorch code);
    // null: it is (natively). A panel that needs it asks with UiState::wants_code.
    const DeferredCode* code = nullptr;
    // The state's version (App::state_version): a message about a refused edit lasts until it changes.
    uint64_t state_version = 0;
    bool code_here() const { return !code || code->here; }

    const Concealment& concealed() const { return lesson->concealed; }
};

struct FrameOutput {
    bool edited = false;                // *draft changed: the app validates and commits it
    std::vector<LessonIntent> intents;  // what the learner did in the lesson: lesson_apply() each
    std::string open_lesson;            // another lesson the learner asked for: the page opens it
    bool wants_code = false;            // a panel needs the deferred code that is not here yet
    bool retry_code = false;            // the learner asked to fetch it again after a failure
    // The height the content needs with every panel at its natural height (window units): a frame
    // sized to it shows everything without scrolling. Independent of the current height.
    float content_height = 0;
    // This pass placed the panels by sizes their content has since changed (a panel grew, the
    // lesson text changed length): the next pass places them right. This one need not be shown.
    bool relayout = false;
    // >= 0: what the learner asked to see (a phone's "watch" link, the step bar's way back to the
    // words) starts this far down the demo (window units, CSS px), and the demo's own window cannot
    // scroll there: it is as tall as its content, in a frame sized to it. The page asks the page
    // around the frame to scroll instead.
    float page_scroll_to = -1;
    // Where the keyboard's focus moved this pass, for a screen reader ("causal mask, not checked"),
    // in the interface's words; "" when it did not move (keyboard_speech.h).
    std::string keyboard_said;
    // > 0: the frame after this one is due at this time (now_ms clock), even without input: a
    // playing stepper wakes the loop once per step, not on every display frame.
    double wake_at_ms = 0;
    PlotScene plot;  // what the embedding view should show next
};

}  // namespace attn::ui
