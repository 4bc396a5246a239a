// attention-cli: the process around run_cli (cli/cli.h), which holds all the logic. This file only
// moves bytes: argv in, stdin in (only for `--state -`), stdout and stderr out, the exit code back.
#include <cstdio>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "core/document/state.h"

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    std::string input;
    if (attn::cli_reads_stdin(args)) {
        // One byte past the limit is enough for run_cli to report an oversized document, and an
        // endless stream (`< /dev/zero`) cannot keep us reading forever.
        char buffer[65536];
        size_t got = 0;
        while (input.size() <= attn::kMaxDocumentBytes && (got = std::fread(buffer, 1, sizeof buffer, stdin)) > 0)
            input.append(buffer, got);
        if (std::ferror(stdin)) {
            std::fputs("error: cannot read the state document from stdin: pipe a JSON file into --state -\n", stderr);
            return attn::kCliUsageError;
        }
    }
    std::string out, err;
    const int code = attn::run_cli(args, input, &out, &err);
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fwrite(err.data(), 1, err.size(), stderr);
    return code;
}
