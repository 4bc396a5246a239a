#!/usr/bin/env bash
# The whole native test suite (core, CLI, UI, soak) built with AddressSanitizer and
# UndefinedBehaviorSanitizer: the `asan` CMake preset (Debug, ATTN_SANITIZE=ON) in build/asan, then
# ctest there. Any sanitizer report, leak or Dear ImGui assertion (live in Debug) fails the run.
#   scripts/run_sanitizers.sh [CTEST_ARGS...]   ATTN_SOAK_FRAMES=2000 scripts/run_sanitizers.sh (a shorter soak)
# The tests of scripts and sources as text (install_deps_choice, shellcheck, layering, format) compile
# nothing and are left out.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# Stop at the first report, with a stack; find leaks; check more than the defaults do.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_init_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# The full soak: under the sanitizers in Debug it takes ~25 s (Dear ImGui asserts are live there).
export ATTN_SOAK_FRAMES="${ATTN_SOAK_FRAMES:-10000}"

cmake --preset asan >/dev/null
cmake --build --preset asan || { echo "run_sanitizers: build failed" >&2; exit 1; }
ctest --preset asan -E '^(install_deps_choice|shellcheck|layering|format)$' "$@"
