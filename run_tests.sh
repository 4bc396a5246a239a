#!/usr/bin/env bash
# Runs every test: the native unit tests (core, CLI, UI, scripts), the same unit tests compiled to
# wasm and run under Node, and browser tests of the built page in headless Chromium; plus the
# native suite under ASan + UBSan and a bounded libFuzzer run of every parser (ATTN_FUZZ_SECONDS
# per target, default 30). Installs what is missing first. The last line counts ctest entries,
# fuzz targets and browser tests: "N passed, M failed, K skipped". Everything here is required, so
# a skipped test (PyTorch or shellcheck missing, say) fails the run as a failed one does.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")" || exit 1

scripts/install_deps.sh --tests || exit 1
export NODE_PATH=/usr/share/nodejs
passed=0 failed=0 skipped=0
failures=() skips=()
mkdir -p build

# add_counts STAGE PASS FAIL SKIP [SKIPPED_NAMES]
add_counts() {
  passed=$((passed + $2)) failed=$((failed + $3)) skipped=$((skipped + $4))
  [ "$3" = 0 ] || failures+=("$1")
  [ "$4" = 0 ] || skips+=("$1${5:+ ($5)}")
}

# The number in attribute $1 of the JUnit <testsuite ...> line $2.
junit_attr() { sed -E "s/.* $1=\"([0-9]+)\".*/\\1/" <<<"$2"; }

# run_ctest STAGE NAME CTEST_COMMAND...: runs the command with --output-junit added and counts
# from ctest's JUnit report: <testsuite ... tests="N" failures="F" disabled="D" skipped="S" ...>.
run_ctest() {
  local stage="$1" name="$2" report flat line total bad skip names
  shift 2
  report="$PWD/build/$name-ctest.xml"
  rm -f "$report"
  "$@" --output-junit "$report" 2>&1 | tee "build/$name-ctest.log"
  # The report spreads a tag over several lines: read it as one line.
  flat=$(tr '\n\t' '  ' <"$report" 2>/dev/null)
  line=$(grep -o '<testsuite [^>]*>' <<<"$flat" | head -1)
  if [ -z "$line" ]; then add_counts "$stage (no result)" 0 1 0; return; fi
  total=$(junit_attr tests "$line") bad=$(junit_attr failures "$line")
  skip=$(($(junit_attr skipped "$line") + $(junit_attr disabled "$line")))
  names=$(grep -o '<testcase name="[^"]*"[^>]*status="\(notrun\|disabled\)"' <<<"$flat" |
          sed -E 's/<testcase name="([^"]*)".*/\1/' | tr '\n' ' ' | sed 's/ $//')
  add_counts "$stage" $((total - bad - skip)) "$bad" "$skip" "$names"
}

echo "== native build and unit tests"
cmake --preset native >/dev/null || { echo "native configure failed"; exit 1; }  # CMakePresets.json
cmake --build build/native || { echo "native build failed"; exit 1; }
run_ctest "native unit tests" native ctest --test-dir build/native --output-on-failure

echo "== sanitizers: the native suite under ASan + UBSan (build/asan)"
run_ctest "sanitizer tests" asan scripts/run_sanitizers.sh

echo "== fuzzing: libFuzzer, ${ATTN_FUZZ_SECONDS:-30} s per target"
if scripts/run_fuzz.sh "${ATTN_FUZZ_SECONDS:-30}" 2>&1 | tee build/fuzz.log; then add_counts fuzzing 1 0 0
else add_counts fuzzing 0 1 0; fi

echo "== wasm build (page and unit tests) and unit tests under Node"
./build_wasm.sh || { echo "wasm build failed"; exit 1; }
run_ctest "wasm unit tests" wasm ctest --test-dir build/wasm --output-on-failure

echo "== browser tests (headless Chromium, Node $(node --version))"
# npm ci again whenever package-lock.json is newer than what npm last installed (its hidden lock):
# a pull that added a test library installs it.
(cd tests/e2e && { [ node_modules/.package-lock.json -nt package-lock.json ] || npm ci --no-audit --no-fund --loglevel=error; })
: >build/e2e.log
# One file per Node process, in turn: the browser tests share the machine's two cores, and Node
# 18's test runner has no --test-concurrency.
for file in tests/e2e/*.test.mjs; do
  (cd tests/e2e && node --test --test-reporter=spec "$(basename "$file")") 2>&1 | tee -a build/e2e.log
  echo "== $(basename "$file") done" >>build/e2e.log
done
# The spec reporter ends each file with "ℹ pass N", "ℹ fail N", "ℹ cancelled N", "ℹ skipped N",
# "ℹ todo N" lines; a file that printed no summary at all counts as one failure.
sum_of() { grep -E "^ℹ $1 [0-9]+" build/e2e.log | awk '{s += $3} END {print s + 0}'; }
e2e_files=$(find tests/e2e -maxdepth 1 -name '*.test.mjs' | wc -l)
e2e_summaries=$(grep -cE '^ℹ pass [0-9]+' build/e2e.log)
e2e_skipped_names=$(grep -E '^\s*﹣ .*# SKIP' build/e2e.log | sed -E 's/^\s*﹣ //; s/ \(.*//' | tr '\n' ';' | sed 's/;$//')
add_counts "browser tests" "$(sum_of pass)" $(($(sum_of fail) + $(sum_of cancelled) + e2e_files - e2e_summaries)) \
  $(($(sum_of skipped) + $(sum_of todo))) "$e2e_skipped_names"

echo
[ ${#failures[@]} -eq 0 ] || echo "failed: ${failures[*]}"
[ ${#skips[@]} -eq 0 ] || echo "skipped, but required by this command: ${skips[*]}"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ] && [ "$skipped" = 0 ]
