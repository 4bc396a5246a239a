#!/usr/bin/env bash
# The installer's choice of Debian packages, without root or network: scripts/install_deps.sh runs
# with a PATH that holds only stubs (dpkg-query answering from a list, apt-get and id recording
# what they were asked) and the few real programs it needs. Each case states the machine (what is
# installed, which tools run from elsewhere) and the exact packages it must install.
#   tests/scripts/install_deps_test.sh [path/to/install_deps.sh]
set -uo pipefail

script="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/scripts/install_deps.sh}"
work=$(mktemp -d "${TMPDIR:-/tmp}/install_deps_test.XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
failures=0
cases=0

# Every package install_deps.sh can ask for, by option.
build="emscripten g++ cmake ninja-build libsdl2-dev libgles-dev doctest-dev libdragonbox-dev fonts-dejavu-core fonts-noto-cjk fonttools zopfli xz-utils nodejs npm python3"
tests="chromium python3-torch python3-nbclient python3-ipykernel python3-pip python3-venv python3-setuptools python3-wheel mkdocs mkdocs-material clang-14 libclang-rt-14-dev shellcheck clang-format-14"
bench="libbenchmark-dev"

# A bin folder with the real programs the script uses (never node, npm or python3: those are
# stubbed per case) and the stubs.
real="$work/real"
mkdir -p "$real"
for tool in bash dirname; do
  ln -s "$(command -v "$tool")" "$real/$tool"
done

# make_machine DIR INSTALLED UID TOOLS...: stubs in DIR/bin. INSTALLED lists installed packages;
# TOOLS (node, npm, python3) exist on the PATH from elsewhere.
make_machine() {
  local dir="$1" installed="$2" uid="$3" tool
  shift 3
  mkdir -p "$dir/bin"
  # shellcheck disable=SC2086 # one package per word
  printf '%s\n' $installed >"$dir/installed"
  : >"$dir/apt.log"
  cat >"$dir/bin/dpkg-query" <<EOF
#!$real/bash
# dpkg-query -W -f='\${Status}' PACKAGE
pkg="\${!#}"
while read -r p; do [ "\$p" = "\$pkg" ] && { printf 'install ok installed'; exit 0; }; done <"$dir/installed"
echo "dpkg-query: no packages found matching \$pkg" >&2
exit 1
EOF
  cat >"$dir/bin/apt-get" <<EOF
#!$real/bash
echo "apt-get \$*" >>"$dir/apt.log"
# An install makes its packages installed, and Debian's nodejs brings node 18.
if [ "\$1" = install ]; then
  for a in "\$@"; do
    case "\$a" in -*|install) ;; *) echo "\$a" >>"$dir/installed" ;; esac
    [ "\$a" = nodejs ] && printf '#!$real/bash\necho v18.20.4\n' >"$dir/bin/node" && chmod +x "$dir/bin/node"
  done
fi
exit 0
EOF
  printf '#!%s\necho %s\n' "$real/bash" "$uid" >"$dir/bin/id"
  # An installed nodejs package gives Debian's node 18; a node from elsewhere (below) replaces it.
  if grep -qx nodejs "$dir/installed"; then printf '#!%s\necho v18.20.4\n' "$real/bash" >"$dir/bin/node"; fi
  for tool in "$@"; do
    case "$tool" in
      node) printf '#!%s\necho v20.20.2\n' "$real/bash" >"$dir/bin/node" ;;
      *) printf '#!%s\nexit 0\n' "$real/bash" >"$dir/bin/$tool" ;;
    esac
  done
  chmod +x "$dir"/bin/*
}

run_script() {  # run_script DIR ARGS...: the installer on the stub machine; output in DIR/out
  local dir="$1"
  shift
  env -i HOME="$dir" ATTN_CACHE_DIR="$dir/cache" PATH="$dir/bin:$real" "$real/bash" "$script" "$@" \
    >"$dir/out" 2>&1
}

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect_missing NAME "INSTALLED" "TOOLS" "ARGS" "EXPECTED": --print-missing lists exactly EXPECTED.
expect_missing() {
  local name="$1" installed="$2" tools="$3" args="$4" want="$5" dir got
  cases=$((cases + 1))
  dir="$work/case$cases"
  # shellcheck disable=SC2086 # tools and args are word lists
  make_machine "$dir" "$installed" 1000 $tools
  # shellcheck disable=SC2086
  if ! run_script "$dir" $args --print-missing; then fail "$name: exit status $? ($(cat "$dir/out"))"; return; fi
  got=$(tr '\n' ' ' <"$dir/out" | sed 's/ $//')
  [ "$got" = "$want" ] || fail "$name: would install [$got], expected [$want]"
  [ -s "$dir/apt.log" ] && fail "$name: --print-missing called apt-get: $(cat "$dir/apt.log")"
}

without() {  # without "LIST" WORD...: LIST minus the given words (whole words only)
  local list=" $1 " w
  shift
  for w in "$@"; do list="${list// $w / }"; done
  list="${list# }"
  echo "${list% }"
}

everything="$build $tests $bench"

expect_missing "nothing installed, build only" "" "" "" "$build"
expect_missing "nothing installed, --tests" "" "" "--tests" "$build $tests"
expect_missing "nothing installed, --bench" "" "" "--bench" "$build $bench chromium"
expect_missing "nothing installed, --tests --bench" "" "" "--tests --bench" "$build $tests $bench"
expect_missing "everything installed, --tests" "$everything" "" "--tests" ""
expect_missing "everything installed, build only" "$everything" "" "" ""
# The issue this test was written for: python3 from pyenv made "${need[@]/python3}" turn
# python3-torch into "-torch". python3 alone is dropped; python3-torch stays.
expect_missing "python3 from elsewhere, --tests" "" "python3" "--tests" "$(without "$build $tests" python3)"
expect_missing "python3 from elsewhere, build only" "" "python3" "" "$(without "$build" python3)"
expect_missing "node and npm from elsewhere, --tests" "" "node npm" "--tests" "$(without "$build $tests" nodejs npm)"
expect_missing "node from elsewhere but no npm" "" "node" "--tests" "$(without "$build $tests" nodejs)"
expect_missing "node, npm and python3 from elsewhere" "" "node npm python3" "--tests" \
  "$(without "$build $tests" nodejs npm python3)"
expect_missing "torch missing on an otherwise ready machine" "$(without "$everything" python3-torch)" "" "--tests" \
  "python3-torch"
expect_missing "compiler missing" "$(without "$everything" g++ clang-14)" "" "--tests" "g++ clang-14"
expect_missing "--tests not given: test packages are not asked for" "$build" "" "" ""

# The install itself: as root, apt-get is asked for exactly the missing packages, in one call.
cases=$((cases + 1))
dir="$work/case$cases"
make_machine "$dir" "$(without "$build" python3-torch emscripten)" 0 python3
if run_script "$dir" --tests --packages-only; then
  want="apt-get update -qq
apt-get install -y -qq --no-install-recommends emscripten $tests"
  [ "$(cat "$dir/apt.log")" = "$want" ] || fail "root install: apt-get was asked [$(cat "$dir/apt.log")], expected [$want]"
else
  fail "root install: exit status $? ($(cat "$dir/out"))"
fi

# Not root: no apt-get call, a message naming every missing package and the command to run.
cases=$((cases + 1))
dir="$work/case$cases"
make_machine "$dir" "$(without "$everything" python3-torch)" 1000
if run_script "$dir" --tests --packages-only; then
  fail "not root: succeeded although python3-torch is missing"
else
  grep -q "missing Debian packages: python3-torch. Run as root, or: sudo apt-get install python3-torch" "$dir/out" ||
    fail "not root: message was [$(cat "$dir/out")]"
  [ -s "$dir/apt.log" ] && fail "not root: apt-get was called: $(cat "$dir/apt.log")"
fi

# A node older than 18 on the PATH is refused with the version it found.
cases=$((cases + 1))
dir="$work/case$cases"
make_machine "$dir" "$everything" 0
printf '#!%s\necho v16.20.0\n' "$real/bash" >"$dir/bin/node" && chmod +x "$dir/bin/node"
if run_script "$dir" --tests --packages-only; then
  fail "old node: accepted node v16"
else
  grep -q "node v16.20.0 is too old" "$dir/out" || fail "old node: message was [$(cat "$dir/out")]"
fi

# An unknown option is refused, naming it.
cases=$((cases + 1))
dir="$work/case$cases"
make_machine "$dir" "$everything" 0
if run_script "$dir" --test; then fail "unknown option: --test accepted"
else grep -q "unknown argument '--test'" "$dir/out" || fail "unknown option: message was [$(cat "$dir/out")]"; fi

echo "install_deps_test: $((cases - failures)) of $cases cases passed"
[ "$failures" = 0 ]
