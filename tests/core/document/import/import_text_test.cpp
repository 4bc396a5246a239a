// Pasting embeddings: every accepted form reads the book's numbers, every bad paste is refused with
// a message naming the row, the value and the fix, and export -> import gives back identical bits.
#include "core/document/import/import_text.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/document/examples.h"
#include "core/test_helpers.h"

using namespace attn;
using attn_test::contains;

namespace {

bool same_bits(const Matrix& a, const Matrix& b) {
    return a.rows == b.rows && a.cols == b.cols && a.data.size() == b.data.size() &&
           std::memcmp(a.data.data(), b.data.data(), a.data.size() * sizeof(float)) == 0;
}

const std::vector<std::string> kBookTokens = {"Your", "journey", "starts", "with", "one", "step"};
const Matrix kBookInputs = Matrix::from_rows({{0.43f, 0.15f, 0.89f},
                                              {0.55f, 0.87f, 0.66f},
                                              {0.57f, 0.85f, 0.64f},
                                              {0.22f, 0.58f, 0.33f},
                                              {0.77f, 0.25f, 0.10f},
                                              {0.05f, 0.80f, 0.55f}});

}  // namespace

TEST_CASE("import: the book's inputs cell, pasted from the notebook, gives its tokens and numbers") {
    const ImportResult r = import_embeddings(R"(inputs = torch.tensor(
  [[0.43, 0.15, 0.89], # Your     (x^1)
   [0.55, 0.87, 0.66], # journey  (x^2)
   [0.57, 0.85, 0.64], # starts   (x^3)
   [0.22, 0.58, 0.33], # with     (x^4)
   [0.77, 0.25, 0.10], # one      (x^5)
   [0.05, 0.80, 0.55]] # step     (x^6)
)
)");
    REQUIRE_MESSAGE(r.ok, r.error);
    CHECK(r.format == ImportFormat::Torch);
    CHECK(r.tokens == kBookTokens);
    CHECK(same_bits(r.inputs, kBookInputs));
}

TEST_CASE("import: every accepted form of the same two rows reads the same numbers") {
    const Matrix want = Matrix::from_rows({{0.43f, 0.15f}, {0.55f, 0.87f}});
    struct Good {
        const char* name;
        std::string text;
        ImportFormat format;
        std::vector<std::string> tokens;  // empty: none given
    };
    const std::vector<Good> cases = {
        {"JSON list", "[[0.43, 0.15], [0.55, 0.87]]", ImportFormat::List, {}},
        {"Python list with a trailing comma", "[[0.43, 0.15,],\n [0.55, 0.87],\n]", ImportFormat::List, {}},
        {"JSON object",
         R"({"tokens": ["a", "b"], "inputs": [[0.43, 0.15], [0.55, 0.87]]})",
         ImportFormat::Json,
         {"a", "b"}},
        {"a whole state document",
         R"({"version":1,"tokens":["a","b"],"inputs":[[0.43,0.15],[0.55,0.87]],"query":1})",
         ImportFormat::Json,
         {"a", "b"}},
        {"printed tensor", "tensor([[0.4300, 0.1500],\n        [0.5500, 0.8700]])", ImportFormat::Torch, {}},
        {"requires_grad and dtype",
         "torch.tensor([[0.43, 0.15], [0.55, 0.87]], dtype=torch.float32, requires_grad=True)",
         ImportFormat::Torch,
         {}},
        {"grad_fn", "tensor([[0.43, 0.15],\n        [0.55, 0.87]], grad_fn=<MmBackward0>)", ImportFormat::Torch, {}},
        {"NumPy array", "array([[0.43, 0.15],\n       [0.55, 0.87]], dtype=float32)", ImportFormat::Torch, {}},
        {"CSV", "0.43,0.15\n0.55,0.87\n", ImportFormat::Rows, {}},
        {"CSV with Windows line ends", "0.43,0.15\r\n0.55,0.87\r\n", ImportFormat::Rows, {}},
        {"CSV with labels and a header", "token,x0,x1\na,0.43,0.15\nb,0.55,0.87", ImportFormat::Rows, {"a", "b"}},
        {"CSV with quoted labels",
         "\"two words\",0.43,0.15\n\"2024\",0.55,0.87",
         ImportFormat::Rows,
         {"two words", "2024"}},
        {"TSV from a spreadsheet", "a\t0.43\t0.15\nb\t0.55\t0.87", ImportFormat::Rows, {"a", "b"}},
        {"TSV with decimal commas", "0,43\t0,15\n0,55\t0,87", ImportFormat::Rows, {}},
        {"semicolons with decimal commas", "a;0,43;0,15\nb;0,55;0,87", ImportFormat::Rows, {"a", "b"}},
        {"spaces (numpy.savetxt)", "4.3e-01 1.5e-01\n5.5e-01 8.7e-01\n", ImportFormat::Rows, {}},
        {"comments and blank lines", "# my embeddings\n\n0.43, 0.15\n\n# more\n0.55, 0.87\n", ImportFormat::Rows, {}},
        {"a tokens: line", "tokens: a, b\n0.43,0.15\n0.55,0.87", ImportFormat::Rows, {"a", "b"}},
        {"a # tokens: line before a tensor",
         "# tokens: a b\ntorch.tensor([[0.43, 0.15], [0.55, 0.87]])",
         ImportFormat::Torch,
         {"a", "b"}},
        {"a JSON tokens: line",
         "tokens: [\"a b\", \"c\"]\n[[0.43, 0.15], [0.55, 0.87]]",
         ImportFormat::List,
         {"a b", "c"}},
        {"a byte order mark",
         "\xEF\xBB\xBF"
         "0.43,0.15\n0.55,0.87",
         ImportFormat::Rows,
         {}},
        {"right-to-left labels",
         "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D,0.43,0.15\n\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7,0.55,0.87",
         ImportFormat::Rows,
         {"\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D", "\xD9\x85\xD8\xB1\xD8\xAD\xD8\xA8\xD8\xA7"}},
    };
    for (const Good& c : cases) {
        const ImportResult r = import_embeddings(c.text);
        INFO(c.name << ": " << r.error);
        REQUIRE(r.ok);
        CHECK(r.format == c.format);
        CHECK(r.tokens == c.tokens);
        CHECK(same_bits(r.inputs, want));
    }
}

TEST_CASE("import: Python number forms, negative zero and whole numbers are read exactly") {
    const ImportResult r = import_embeddings("tensor([[2., .5, -0., +1e3, 1E-2, -7]])");
    REQUIRE_MESSAGE(r.ok, r.error);
    REQUIRE(r.inputs.cols == 6);
    CHECK(r.inputs.data == std::vector<float>{2.0f, 0.5f, 0.0f, 1000.0f, 0.01f, -7.0f});
    CHECK(std::signbit(r.inputs.at(0, 2)));
}

TEST_CASE("import: every bad paste is refused with a message naming the place and the fix") {
    struct Bad {
        const char* name;
        std::string text;
        std::vector<std::string> expect;
    };
    std::string long_row = "0";
    for (int i = 0; i < kMaxDims; ++i) long_row += ",0";
    std::string many_rows;
    for (int i = 0; i <= kMaxTokens; ++i) many_rows += "1\n";
    const std::vector<Bad> cases = {
        {"empty", "", {"the text is empty", "JSON list", "PyTorch tensor"}},
        {"only spaces and comments", "  \n# nothing\n\t\n", {"the text is empty"}},
        {"ragged CSV",
         "1,2,3\n4,5,6\n7,8",
         {"row 3 has 2 values but row 1 has 3: every embedding needs the same length"}},
        {"ragged list", "[[1, 2, 3],\n [4, 5]]", {"row 2 has 2 values but row 1 has 3"}},
        {"ragged rows after blank lines name the line", "1,2\n\n\n3", {"row 2 (line 4) has 1 value but row 1 has 2"}},
        {"empty cell", "1,,3\n4,5,6", {"row 1, value 2 is empty", "remove the extra comma"}},
        {"trailing separator", "1\t2\t\n3\t4\t", {"row 1, value 3 is empty", "extra tab"}},
        {"a word among numbers", "0.43,0.15\n0.55,abc", {"row 2, value 2: \"abc\" is not a number", "0.43"}},
        {"a typo in a number", "[[0.43, 0.1.5]]", {"row 1, value 2", "\"0.1.5\" is not a number"}},
        {"nan", "[[0.43, nan]]", {"row 1, value 2", "nan is not a finite number"}},
        {"inf in CSV", "1,-inf", {"row 1, value 2: -inf is not a finite number"}},
        {"1e999", "1,1e999", {"row 1, value 2: 1e999 is too large for float32 (max 3.4e38)"}},
        {"float32 overflow just past the limit", "tensor([[3.5e38]])", {"3.5e38 is too large for float32"}},
        {"decimal commas with comma separators",
         "0,43, 0,15\n0,55, 0,87",
         {"line 1 looks like it uses decimal commas", "tabs or semicolons"}},
        {"decimal commas in a list", "[[0,43, 0,15]]", {"row 1 looks like it uses decimal commas"}},
        {"too many rows", many_rows, {"more than 1024 rows", "row 1025 is one too many", "limit is 1024"}},
        {"too many values", long_row, {"row 1 has more than 1024 values", "limit is 1024"}},
        {"too large",
         std::string(kMaxDocumentBytes + 1, ' '),
         {"16777217 bytes but the limit is 16777216 bytes", "16 MiB"}},
        {"invalid UTF-8", "a,1\nb\xFF,2", {"not valid UTF-8", "line 2, byte 2"}},
        {"label too long", std::string(65, 'x') + ",1", {"row 1's label is 65 bytes long", "limit is 64"}},
        {"control character in a quoted label",
         "\"a\\u0007b\",1",
         {"row 1's label contains the control character U+0007"}},
        {"bidi override in a label", "\"\\u202Eevil\",1", {"row 1's label", "U+202E"}},
        {"unclosed list", "[[1, 2], [3, 4]", {"ends before its closing ]", "partial copy"}},
        {"unclosed row", "tensor([[1, 2], [3, 4", {"inside row 2"}},
        {"1-D tensor", "tensor([0.43, 0.15, 0.89])", {"1-D list", "[[0.43, 0.15]]"}},
        {"3-D tensor", "tensor([[[1, 2]]])", {"3-D tensor", "inputs[0]"}},
        {"printed in short", "tensor([[0.1, 0.2, ..., 0.9]])", {"shortened with ...", "profile=\"full\""}},
        {"a variable, not numbers", "torch.tensor(data)", {"expected [ to start the numbers"}},
        {"an empty list", "[]", {"there are no rows"}},
        {"an empty row", "[[1, 2], []]", {"row 2 (line 1) is empty", "at least one number"}},
        {"missing comma between values", "[[1 2]]", {"expected , or ] before \"2\""}},
        {"double comma", "[[1,, 2]]", {"a , with no value before it"}},
        {"strings in a list", "[[\"a\", 1]]", {"text in quotes where a number should be", "# comment"}},
        {"text after a list", "[[1, 2]] print(x)", {"after the list's closing ]"}},
        {"labels on some rows only", "[[1], # a\n [2]]", {"row 1 has a # label but row 2 has none"}},
        {"some CSV rows unlabelled", "a,1\n2", {"row 2 has a label but no values", "every row needs one label"}},
        {"tokens: line count", "tokens: a, b, c\n1\n2", {"tokens: line (line 1) has 3 labels but there are 2 rows"}},
        {"two tokens: lines", "tokens: a\ntokens: b\n1", {"two tokens: lines (line 1 and line 2)"}},
        {"tokens: line without rows", "tokens: a, b", {"no rows of numbers"}},
        {"bad JSON object", "{\"inputs\": [[1, 2]", {"starts with { but is not valid JSON", "line 1"}},
        {"JSON object without inputs", "{\"tokens\": [\"a\"]}", {"has no \"inputs\" list"}},
        {"JSON string value", "{\"inputs\": [[1, \"2\"]]}", {"row 1, value 2: a string where a number should be"}},
        {"JSON tokens count",
         "{\"tokens\": [\"a\"], \"inputs\": [[1], [2]]}",
         {"\"tokens\" has 1 labels but \"inputs\" has 2"}},
        {"a header and nothing else", "a,b,c", {"there are no rows"}},
        {"a second line of words", "a,b\nc,d", {"line 2 has no numbers in it"}},
        {"unclosed quote", "\"abc,1", {"line 1", "no closing \""}},
        {"first column numeric, later a word", "1,2\nabc,3", {"row 2, value 1: \"abc\" is not a number", "in quotes"}},
    };
    CHECK(cases.size() >= 30);
    for (const Bad& c : cases) {
        const ImportResult r = import_embeddings(c.text);
        INFO(c.name << ": " << r.error);
        CHECK_FALSE(r.ok);
        CHECK(r.tokens.empty());
        CHECK(r.inputs.empty());
        for (const std::string& part : c.expect) CHECK(contains(r.error, part));
        CHECK(r.error.size() < 400);  // a hostile paste cannot make a huge message
    }
}

TEST_CASE("import: apply_import keeps the reader's settings and labels when they still fit") {
    State current;
    REQUIRE(load_example("your-journey", &current));
    current.query = 4;
    current.norm = Norm::Sum;

    SUBCASE("same row count, no labels: the current labels stay") {
        const State next = apply_import(current, import_embeddings(export_embeddings(current, ExportFormat::Csv)));
        CHECK(validate_state(next) == "");
        CHECK(next.tokens == current.tokens);
        CHECK(next.query == 4);
        CHECK(next.norm == Norm::Sum);
        CHECK(next.example == "your-journey");  // the example's own data, back again: its name too
    }
    SUBCASE("one number changed, or other labels: no longer the example") {
        State edited = current;
        edited.inputs.at(2, 1) = 0.86f;
        CHECK(apply_import(current, import_embeddings(export_embeddings(edited, ExportFormat::Json))).example.empty());
        edited = current;
        edited.tokens[0] = "My";
        CHECK(apply_import(current, import_embeddings(export_embeddings(edited, ExportFormat::Csv))).example.empty());
        CHECK(apply_import(current, import_embeddings("1,0\n2,2\n0,1")).example == "three-tokens");
    }
    SUBCASE("fewer rows without labels: generated labels and a query that exists") {
        const State next = apply_import(current, import_embeddings("1,2\n3,4"));
        CHECK(validate_state(next) == "");
        CHECK(next.tokens == std::vector<std::string>{"token 0", "token 1"});
        CHECK(next.query == 0);
        CHECK(next.inputs.cols == 2);
    }
    SUBCASE("labels from the text win") {
        const State next = apply_import(current, import_embeddings("tokens: x y\n1\n2"));
        CHECK(next.tokens == std::vector<std::string>{"x", "y"});
    }
}

TEST_CASE("import: export then import gives the same tokens and bit-identical inputs in every format") {
    std::mt19937 rng(7u);
    const std::vector<std::string> labels = {
        "Your",
        "token 0",
        "",
        " padded ",
        "2024",
        "nan",
        "-1.5",
        "tokens: x",
        "a,b",
        "x;y",
        "say \"hi\"",
        "back\\slash",
        "#tag",
        "(x^1)",
        "f(x)",
        "[0]",
        "{",
        "tensor(",
        "\xC3\xA9t\xC3\xA9",
        "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D",
        "\xF0\x9F\x98\x80",
        "Your     (x^1)",
        "'q'",
        "\"",
        "\xEF\xBB\xBF"
        "bom",  // found by fuzz_import
    };
    for (int trial = 0; trial < 300; ++trial) {
        State s;
        const int n = 1 + int(rng() % 7), d = 1 + int(rng() % 6);
        for (int i = 0; i < n; ++i) s.tokens.push_back(labels[rng() % labels.size()]);
        s.inputs = Matrix(n, d);
        for (float& x : s.inputs.data) {
            do {
                const uint32_t bits = rng();
                std::memcpy(&x, &bits, sizeof x);
            } while (!std::isfinite(x));
            if (rng() % 4 == 0) x = float(int(rng() % 21) - 10);  // whole numbers, 0 and -0 too
            if (rng() % 16 == 0) x = -0.0f;
        }
        REQUIRE(validate_state(s) == "");
        for (ExportFormat f : {ExportFormat::Json, ExportFormat::Csv, ExportFormat::Torch}) {
            const std::string text = export_embeddings(s, f);
            const ImportResult r = import_embeddings(text);
            INFO("format " << int(f) << ":\n" << text << "\nerror: " << r.error);
            REQUIRE(r.ok);
            CHECK(r.tokens == s.tokens);
            CHECK(same_bits(r.inputs, s.inputs));
        }
    }
}

TEST_CASE("import: the three export forms look like what a learner would write") {
    State s;
    s.tokens = {"Your", "two words"};
    s.inputs = Matrix::from_rows({{0.43f, 1.0f}, {-0.0f, 1e-7f}});
    CHECK(export_embeddings(s, ExportFormat::Json) ==
          "{\"tokens\": [\"Your\", \"two words\"],\n \"inputs\": [[0.43, 1],\n            [-0, 1e-7]]}\n");
    CHECK(export_embeddings(s, ExportFormat::Csv) == "Your,0.43,1\n\"two words\",-0,1e-7\n");
    CHECK(export_embeddings(s, ExportFormat::Torch) ==
          "inputs = torch.tensor(\n  [[0.43, 1.0],  # Your\n   [-0.0, 1e-7]]  # two words\n)\n");
}

TEST_CASE("import: parse_number_text reads a typed cell, decimal comma included, and explains a refusal") {
    struct Case {
        const char* text;
        float value;
        const char* error_part;  // nullptr: accepted
    };
    const Case cases[] = {
        {"0.43", 0.43f, nullptr},
        {" 0,43 ", 0.43f, nullptr},
        {"-0", -0.0f, nullptr},
        {"1e3", 1000.0f, nullptr},
        {"", 0, "empty"},
        {"1e999", 0, "too large for float32"},
        {"nan", 0, "not a finite number"},
        {"-inf", 0, "not a finite number"},
        {"0,4,3", 0, "not a number"},
        {"abc", 0, "\"abc\" is not a number"},
    };
    for (const Case& c : cases) {
        float x = 12345.0f;
        const std::string e = parse_number_text(c.text, &x);
        INFO("\"" << c.text << "\": " << e);
        if (c.error_part) {
            CHECK(contains(e, c.error_part));
            CHECK(x == 12345.0f);  // untouched
        } else {
            CHECK(e.empty());
            CHECK(x == c.value);
            CHECK(std::signbit(x) == std::signbit(c.value));
        }
    }
}

TEST_CASE("import: a long run of # comment lines is read, whole") {
    // 2 MB of comments after the list. Each comment used to search the rest of the text for a
    // '\r' it never found (quadratic: seconds here, half a minute at 6 MB). That the reader is
    // linear is measured where time belongs, by bench/parser_bench.cpp (double the input, double
    // the time); a unit test with a time limit fails on a loaded machine, not on a slow parser.
    std::string text = "[[1, 2]]\n";
    while (text.size() < 2u * 1024u * 1024u) text += "# a comment that is not a label\n";
    const ImportResult r = import_embeddings(text);
    REQUIRE_MESSAGE(r.ok, r.error);
    CHECK(r.inputs.rows == 1);
    CHECK(r.inputs.cols == 2);
}
