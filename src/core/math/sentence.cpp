#include "core/math/sentence.h"

namespace attn {

std::string fill_sentence(const char* format, const std::vector<std::string>& args) {
    std::string out;
    size_t next = 0;
    for (const char* p = format; *p; ++p) {
        // "%2$s": a translation that puts the arguments in its own order names the one it wants.
        if (p[0] == '%' && p[1] >= '1' && p[1] <= '9' && p[2] == '$' && p[3] == 's') {
            const size_t named = size_t(p[1] - '1');
            if (named < args.size()) out += args[named];
            p += 3;
        } else if (p[0] == '%' && p[1] == 's') {
            if (next < args.size()) out += args[next];
            ++next;
            ++p;
        } else if (p[0] == '%' && p[1] == '%') {
            out += '%';
            ++p;
        } else {
            out += *p;
        }
    }
    return out;
}

std::string english(const Sentence& s) {
    if (s.empty()) return "";
    std::string out = (s.where.empty() ? std::string() : s.where + ": ") + fill_sentence(s.format, s.args);
    for (const Sentence& more : s.also) out += "; " + english(more);
    return out + (s.then[0] ? std::string(" ") + s.then : "");
}

}  // namespace attn
