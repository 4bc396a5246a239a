#!/usr/bin/env bash
# Builds the libFuzzer targets (clang-14, -fsanitize=fuzzer,address,undefined) in build/fuzz and
# runs each for SECONDS (default 60) from the seeds in fuzz/corpus/<target>/. Fails on any crash,
# broken invariant, leak or sanitizer report, and prints the input that caused it.
#   scripts/run_fuzz.sh [SECONDS]          e.g. scripts/run_fuzz.sh 10 for a quick check
# Reproduce a failure: build/fuzz/fuzz/fuzz_<target> build/fuzz/artifacts/<target>/crash-...
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

seconds="${1:-60}"
case "$seconds" in '' | *[!0-9]*) echo "run_fuzz: SECONDS must be a whole number, not '$seconds'" >&2; exit 2 ;; esac
cxx="${ATTN_FUZZ_CXX:-clang++-14}"
cc="${ATTN_FUZZ_CC:-clang-14}"
command -v "$cxx" >/dev/null || { echo "run_fuzz: $cxx not found: install clang-14 (scripts/install_deps.sh)" >&2; exit 2; }

build=build/fuzz
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER="$cc" \
  -DCMAKE_CXX_COMPILER="$cxx" -DATTN_BUILD_FUZZ=ON -DATTN_BUILD_APP=OFF -DATTN_BUILD_CLI=OFF \
  -DATTN_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" >/dev/null || { echo "run_fuzz: build failed; see: cmake --build $build" >&2; exit 1; }

failed=()
for target in state import url; do
  binary="$build/fuzz/fuzz_$target"
  if [ ! -x "$binary" ]; then failed+=("fuzz_$target (not built)"); continue; fi
  # New inputs go to the build tree; the seeds in the repository stay a handful of files.
  work="$build/corpus/$target" artifacts="$build/artifacts/$target"
  mkdir -p "$work" "$artifacts"
  log="$build/fuzz_$target.log"
  echo "== fuzz_$target for ${seconds}s"
  if ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
     "$binary" "$work" "fuzz/corpus/$target" -dict="fuzz/$target.dict" -max_total_time="$seconds" \
       -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
       -artifact_prefix="$artifacts/" >"$log" 2>&1; then
    grep -E '^stat::number_of_executed_units|^Done [0-9]+ runs' "$log" | tail -1 || true
  else
    failed+=("fuzz_$target")
    echo "fuzz_$target FAILED; the end of $log:"
    tail -40 "$log"
    find "$artifacts" -type f | sed 's/^/  input: /'
  fi
done

if [ ${#failed[@]} -gt 0 ]; then echo "fuzzing failed: ${failed[*]}"; exit 1; fi
echo "fuzzing passed: no crash, leak or sanitizer report"
