#!/bin/sh
# The real attention-cli binary, end to end: what run_cli's unit tests cannot see (argv, reading
# stdin, the exit status, stdout and stderr kept apart). Usage: cli_smoke.sh <path-to-attention-cli>
set -u
cli="$1"
tmp="${TMPDIR:-/tmp}/attn_cli_smoke.$$"
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# expect_stdout <text> <args...>: exit 0, stdout has the text, stderr empty.
expect_stdout() {
    want="$1"
    shift
    "$cli" "$@" >"$tmp/out" 2>"$tmp/err"
    code=$?
    [ "$code" -eq 0 ] || fail "$* exited $code: $(cat "$tmp/err")"
    grep -qF -- "$want" "$tmp/out" || fail "$* did not print '$want'"
    [ ! -s "$tmp/err" ] || fail "$* wrote to stderr: $(cat "$tmp/err")"
}

expect_stdout 'tensor([2., 8., 2.])' --example three-tokens
expect_stdout 'tensor([1., 2., 0.])' --example three-tokens --query 0
expect_stdout 'usage: attention-cli' --help

"$cli" --example nope >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 2 ] || fail "--example nope exited $code, want 2"
[ ! -s "$tmp/out" ] || fail "--example nope printed to stdout: $(cat "$tmp/out")"
grep -q '^error: unknown example' "$tmp/err" || fail "--example nope stderr: $(cat "$tmp/err")"
[ "$(wc -l <"$tmp/err")" -eq 1 ] || fail "--example nope wrote more than one line to stderr"

printf '%s' '{"tokens": ["cat", "sat", "mat"], "inputs": [[0, 1], [2, 1], [1, 0]], "query": 1}' >"$tmp/doc.json"
"$cli" --state - <"$tmp/doc.json" >"$tmp/out" 2>"$tmp/err"
code=$?
[ "$code" -eq 0 ] || fail "--state - exited $code: $(cat "$tmp/err")"
grep -qF 'tensor([1., 5., 2.])' "$tmp/out" || fail "--state - did not print the cat-sat-mat scores"
expect_stdout 'tensor([1., 5., 2.])' --state "$tmp/doc.json"

for args in "--example your-journey --json" "--example your-journey --project --causal --json"; do
    # shellcheck disable=SC2086  # word splitting of the flags is intended
    "$cli" $args >"$tmp/out" 2>"$tmp/err" || fail "$args exited non-zero: $(cat "$tmp/err")"
    python3 -c 'import json,sys; json.load(sys.stdin)' <"$tmp/out" || fail "$args did not print valid JSON"
done

if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed" >&2
    exit 1
fi
echo "cli smoke: all checks passed"
