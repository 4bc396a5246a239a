// attention-cli as a function: arguments and stdin text in, stdout and stderr text out, an exit
// code back. main.cpp does the process I/O, so tests run every invocation without a process.
#pragma once
#include <string>
#include <vector>

namespace attn {

constexpr int kCliOk = 0;
constexpr int kCliUsageError = 2;  // any bad input: one "error: ..." line on err, nothing on out

// args excludes the program name (argv[1..]). stdin_text is read only for `--state -`.
// On success *out holds the whole report and *err stays empty; on error *out stays empty (never a
// partial result) and *err holds exactly one line "error: ...\n" naming the input, value and fix.
int run_cli(const std::vector<std::string>& args, const std::string& stdin_text, std::string* out, std::string* err);

// True when args ask for the state document on stdin (`--state -`), so main.cpp reads stdin then only.
bool cli_reads_stdin(const std::vector<std::string>& args);

// The --help text.
std::string cli_usage();

// Lesson files (cli_lesson.cpp): whether args ask for --check-lesson or --lesson, and that run.
bool is_lesson_command(const std::vector<std::string>& args);
int run_lesson_cli(const std::vector<std::string>& args, std::string* out, std::string* err);

}  // namespace attn
