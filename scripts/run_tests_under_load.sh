#!/usr/bin/env bash
# The browser tests on a busy machine: every core is kept busy by a local CPU load (one `yes`
# per core, each killed on exit and stopped by `timeout` at --max-seconds whatever happens), while
# the browser test files run one after the other as ./run_tests.sh runs them; the whole set runs
# twice. A test that failed in one run but not in the other is reported as flaky, one that failed
# in every run as failing. Exits 1 when any test failed, 2 on a usage or set-up error.
#
#   scripts/run_tests_under_load.sh [--runs N] [--load N] [--max-seconds S] [FILE...]
#     FILE           a browser test file (touch_scroll.test.mjs, tests/e2e/touch_scroll.test.mjs or
#                    touch_scroll); default: every tests/e2e/*.test.mjs
#     --runs N       runs of the set (default 2)
#     --load N       busy processes (default: one per core, nproc); 0 runs without load
#     --max-seconds  the load stops by itself after S seconds (default 5400); later runs go on
#                    without it, and the report says so
# ATTN_TEST_TIME_SCALE (tests/e2e/harness.mjs) passes through to the tests. Logs: build/e2e-load/.
# Needs what the browser tests need, already in place: dist/ built (./build_wasm.sh) and
# tests/e2e/node_modules installed (cd tests/e2e && npm ci), Node and Chromium.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 2

say() { printf 'run_tests_under_load: %s\n' "$*"; }
die() { printf 'run_tests_under_load: %s\n' "$*" >&2; exit 2; }
whole_number() { case "$2" in '' | *[!0-9]*) die "$1 must be a whole number, not '$2'" ;; esac; }

runs=2 load=$(nproc 2>/dev/null || echo 2) max_seconds=5400
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="${2:-}"; whole_number --runs "$runs"; shift ;;
    --load) load="${2:-}"; whole_number --load "$load"; shift ;;
    --max-seconds) max_seconds="${2:-}"; whole_number --max-seconds "$max_seconds"; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *)
      name=$(basename "$1")
      case "$name" in *.test.mjs) ;; *) name="$name.test.mjs" ;; esac
      [ -f "tests/e2e/$name" ] || die "no browser test file tests/e2e/$name"
      files+=("$name") ;;
  esac
  shift
done
[ "$runs" -ge 1 ] || die "--runs must be at least 1"
[ "$max_seconds" -ge 1 ] || die "--max-seconds must be at least 1"
if [ ${#files[@]} -eq 0 ]; then
  for f in tests/e2e/*.test.mjs; do files+=("$(basename "$f")"); done
fi

# What the browser tests need, checked here with a clear message rather than in a test's stack.
[ -f dist/index.html ] || die "dist/ is not built: run ./build_wasm.sh first"
[ -d tests/e2e/node_modules/playwright-core ] ||
  die "tests/e2e/node_modules is missing: run (cd tests/e2e && npm ci), or ./run_tests.sh once"
command -v node >/dev/null || die "node not found: install Node.js (scripts/install_deps.sh --tests)"
chromium="${CHROMIUM:-/usr/bin/chromium}"
[ -x "$chromium" ] || die "no Chromium at $chromium: install it (scripts/install_deps.sh --tests) or set CHROMIUM"
command -v timeout >/dev/null || die "timeout (coreutils) not found"

export NODE_PATH=/usr/share/nodejs  # as ./run_tests.sh runs the browser tests
logs=build/e2e-load
rm -rf "$logs"
mkdir -p "$logs"

# ---- the load: `load` busy processes, each ended by `timeout` after max_seconds at the latest,
# and by the trap when this script ends first (timeout passes the TERM on to its yes). Each runs
# in a session of its own, as other work on the machine would: where the kernel shares the CPU
# between sessions first (sched_autogroup), N busy processes in one session would weigh as one.
load_pids=()
stop_load() {
  local pid
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${load_pids[@]}"; do wait "$pid" 2>/dev/null; done
  load_pids=()
}
test_pid=""  # the test file running now: a session of its own (node, its test process)
on_exit() {
  if [ -n "$test_pid" ]; then kill -- "-$test_pid" 2>/dev/null; wait "$test_pid" 2>/dev/null; fi
  stop_load
}
trap on_exit EXIT
trap 'exit 130' INT TERM
for ((i = 0; i < load; i++)); do
  setsid timeout --kill-after=5 "$max_seconds" yes >/dev/null &
  load_pids+=($!)
done
load_alive() {
  local pid
  [ "${#load_pids[@]}" -gt 0 ] || return 1
  for pid in "${load_pids[@]}"; do kill -0 "$pid" 2>/dev/null || return 1; done
}
load_lapsed=""  # the first file that started after the load had stopped by itself

# tap_count PATTERN FILE: lines of FILE matching PATTERN; 0 when there is no FILE.
tap_count() { if [ -f "$2" ]; then grep -cE "$1" "$2"; else echo 0; fi; }

# The identity of dist/ (build_wasm.sh swaps a new one in whole): a file that ran while it changed
# may have failed for that alone.
dist_id() { stat -c '%i %Y' dist dist/index.html 2>/dev/null | tr '\n' ' '; }

say "$runs run(s) of ${#files[@]} file(s) under a load of $load busy process(es) on $(nproc) core(s)" \
    "(the load stops by itself after $max_seconds s); Node $(node --version); ATTN_TEST_TIME_SCALE=${ATTN_TEST_TIME_SCALE:-1}"
declare -A failed_in=()  # "file: test" -> the runs it failed in, e.g. " 1 2"
dist_changed=()
run_summaries=()
started=$SECONDS
for ((run = 1; run <= runs; run++)); do
  dir="$logs/run-$run"
  mkdir -p "$dir"
  run_start=$SECONDS passed=0 failed=0 skipped=0
  for file in "${files[@]}"; do
    if [ "$load" -gt 0 ] && [ -z "$load_lapsed" ] && ! load_alive; then load_lapsed="run $run, $file"; fi
    base="${file%.test.mjs}" before=$(dist_id) file_start=$SECONDS
    # The spec reporter for the log (as ./run_tests.sh shows it), TAP for the names of failures.
    # A session of its own, so that the trap can end the whole file (node and its test process).
    # shellcheck disable=SC2016 # $1 and $2 are the inner bash's own arguments
    setsid bash -c 'cd tests/e2e && exec node --test --test-reporter=spec --test-reporter-destination=stdout \
      --test-reporter=tap --test-reporter-destination="$1" "$2"' _ "../../$dir/$base.tap" "$file" >"$dir/$base.log" 2>&1 &
    test_pid=$!
    wait "$test_pid"
    status=$?
    test_pid=""
    [ "$(dist_id)" = "$before" ] || dist_changed+=("run $run: $file")
    # Top-level results: "ok N - name" / "not ok N - name" at the start of a line (TAP writes # as
    # \#); a skip ends "# SKIP reason".
    names=$(grep -E '^not ok [0-9]+ - ' "$dir/$base.tap" 2>/dev/null |
            sed -E 's/^not ok [0-9]+ - //; s/ # (SKIP|TODO).*$//; s/\\#/#/g; s/\\\\/\\/g')
    file_passed=$(tap_count '^ok [0-9]+ - ' "$dir/$base.tap")
    file_skipped=$(tap_count '^ok [0-9]+ - .* # (SKIP|TODO)' "$dir/$base.tap")
    file_failed=0
    if [ -n "$names" ]; then
      while IFS= read -r name; do
        failed_in["$file: $name"]+=" $run"
        file_failed=$((file_failed + 1))
      done <<<"$names"
    elif [ "$status" != 0 ]; then
      failed_in["$file: (the file failed with no test result; see $dir/$base.log)"]+=" $run"
      file_failed=1
    fi
    passed=$((passed + file_passed - file_skipped)) failed=$((failed + file_failed)) skipped=$((skipped + file_skipped))
    say "run $run: $file: $((file_passed - file_skipped)) passed, $file_failed failed, $file_skipped skipped in $((SECONDS - file_start)) s"
    [ -z "$names" ] || printf '    failed: %s\n' "${names//$'\n'/$'\n    failed: '}"
  done
  run_summaries+=("run $run: $passed passed, $failed failed, $skipped skipped in $((SECONDS - run_start)) s")
done
stop_load

echo
say "== summary ($((SECONDS - started)) s in all; logs in $logs/)"
for line in "${run_summaries[@]}"; do say "$line"; done
[ -z "$load_lapsed" ] || say "the load had stopped at its limit of $max_seconds s from $load_lapsed on: what ran after had no load"
for line in "${dist_changed[@]}"; do say "dist/ changed while this ran (a failure there may be the rebuild's): $line"; done
flaky=() failing=()
for key in "${!failed_in[@]}"; do
  count=$(wc -w <<<"${failed_in[$key]}")
  if [ "$count" -ge "$runs" ]; then failing+=("$key"); else flaky+=("$key (failed in run${failed_in[$key]})"); fi
done
if [ ${#flaky[@]} -gt 0 ]; then
  say "flaky: ${#flaky[@]} test(s) failed in some runs, not all:"
  printf '  %s\n' "${flaky[@]}" | sort
fi
if [ ${#failing[@]} -gt 0 ]; then
  say "failing: ${#failing[@]} test(s) failed in every run:"
  printf '  %s\n' "${failing[@]}" | sort
fi
[ ${#failed_in[@]} -eq 0 ] || exit 1
say "no test failed in $runs run(s)"
