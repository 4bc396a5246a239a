// Writing tokens and inputs as JSON, CSV rows or a PyTorch literal, each in the shortest float text
// that reads back to the same bits, and each read back by import_embeddings to the same state.
#include <cstring>

#include "core/document/import/import_detail.h"
#include "core/document/json.h"

namespace attn {
namespace {

using import_detail::starts_with_nocase;

// A Python float literal: 1 -> "1.0" (torch.tensor([[1, 2]]) would make an integer tensor).
std::string python_float(float f) {
    std::string s = format_float(f);
    if (s.find_first_of(".e") == std::string::npos) s += ".0";
    return s;
}

bool printable(const std::string& s) {
    for (unsigned char c : s)
        if (c < 0x20 || c == 0x7F) return false;
    return true;
}

// Written bare in a CSV row only when it cannot read as anything but a label: no separator,
// quote, bracket or space, not a number, and nothing that would change the text's detected format
// (a first label "[..." or "tensor(...", or a byte order mark, which import skips at the start).
bool plain_csv_label(const std::string& label) {
    float unused = 0;
    return !label.empty() && printable(label) && label.find_first_of(" ,;\"()[]{}#") == std::string::npos &&
           read_float32(label, true, &unused) == NumberKind::NotNumber && !starts_with_nocase(label, "tokens:") &&
           label.compare(0, 3, "\xEF\xBB\xBF") != 0;  // a leading byte order mark is dropped on import
}

// Written bare in a `# label` comment unless trimming or the "(x^1)" rule would change it.
bool plain_comment_label(const std::string& label) {
    return !label.empty() && printable(label) && label.front() != ' ' && label.back() != ' ' && label.front() != '"' &&
           label.back() != ')';
}

std::string json_string(const std::string& s) {
    std::string out;
    write_json_string(s, &out);
    return out;
}

void write_row(const Matrix& x, int r, const char* separator, bool python, std::string* out) {
    for (int c = 0; c < x.cols; ++c) {
        if (c) out->append(separator);
        out->append(python ? python_float(x.at(r, c)) : format_float(x.at(r, c)));
    }
}

}  // namespace

std::string export_embeddings(const State& state, ExportFormat format) {
    const Matrix& x = state.inputs;
    if (x.rows <= 0 || x.cols <= 0 || x.data.size() != size_t(x.rows) * size_t(x.cols)) return "";
    const auto label = [&](int r) { return size_t(r) < state.tokens.size() ? state.tokens[size_t(r)] : std::string(); };
    std::string out;
    switch (format) {
        case ExportFormat::Json:
            out = "{\"tokens\": [";
            for (int r = 0; r < x.rows; ++r) out += (r ? ", " : "") + json_string(label(r));
            out += "],\n \"inputs\": [";
            for (int r = 0; r < x.rows; ++r) {
                out += r ? ",\n            [" : "[";
                write_row(x, r, ", ", false, &out);
                out += "]";
            }
            out += "]}\n";
            break;
        case ExportFormat::Csv:
            for (int r = 0; r < x.rows; ++r) {
                const std::string l = label(r);
                out += plain_csv_label(l) ? l : json_string(l);
                out += ",";
                write_row(x, r, ",", false, &out);
                out += "\n";
            }
            break;
        case ExportFormat::Torch:
            out = "inputs = torch.tensor(\n";
            for (int r = 0; r < x.rows; ++r) {
                out += r ? "   [" : "  [[";
                write_row(x, r, ", ", true, &out);
                out += r + 1 < x.rows ? "]," : "]]";
                const std::string l = label(r);
                out += "  # " + (plain_comment_label(l) ? l : json_string(l)) + "\n";
            }
            out += ")\n";
            break;
    }
    return out;
}

}  // namespace attn
