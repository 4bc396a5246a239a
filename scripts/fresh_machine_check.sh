#!/usr/bin/env bash
# The README's two commands on a Debian 12 machine that never saw the project: a clean root made
# by debootstrap (minbase plus git), the repository cloned inside it, then exactly
#   ./build_wasm.sh --serve     (until the page and its wasm are served; then stopped)
#   ./run_tests.sh
# each with its time and result. Too slow for CI (about an hour per variant on two cores): run it
# after touching the build, the scripts or the dependencies, and quote what it prints.
#
#   scripts/fresh_machine_check.sh [--variant debian|elsewhere|both] [--ref REF] [--keep]
#     debian     nothing but Debian 12: its own Node 18, python3 only once a package brings it
#     elsewhere  a python3 (pyenv) and a Node 20 (nodesource) from outside Debian first on the PATH,
#                copied from this machine, as on the machines the project is developed on
#     --ref      the branch or commit to clone (default: the current branch's HEAD)
#     --keep     leave the root in place (unmounted) for a look inside
# Needs root (debootstrap, chroot, mounts); installs debootstrap if missing. This machine's network
# set-up goes into the root as it is: resolv.conf, the trust store, /etc/npmrc, NODE_EXTRA_CA_CERTS.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$PWD"

variant=both ref="" keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --variant) variant="${2:-}"; shift ;;
    --ref) ref="${2:-}"; shift ;;
    --keep) keep=1 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "fresh_machine_check: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case "$variant" in debian|elsewhere|both) ;; *) echo "fresh_machine_check: --variant is debian, elsewhere or both" >&2; exit 2 ;; esac
[ -n "$ref" ] || ref=$(git rev-parse HEAD)
[ "$(id -u)" = 0 ] || { echo "fresh_machine_check: needs root (debootstrap, chroot, mounts)" >&2; exit 2; }

say() { printf 'fresh_machine_check: %s\n' "$*"; }
trust_store=/etc/ssl/certs/ca-certificates.crt

if ! command -v debootstrap >/dev/null; then
  say "installing debootstrap"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
fi
# The mirror this machine itself uses (the first URIs: line of its Debian entry).
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null)
[ -n "$mirror" ] || { echo "fresh_machine_check: no Debian mirror found in this machine's apt entries" >&2; exit 1; }

root=""
server_pid=""

# Every mount below the root, deepest first.
mounts_under() { awk -v r="$1" '$2 == r || index($2, r "/") == 1 {print $2}' /proc/mounts | sort -r; }

# Stops what still runs in the root, unmounts everything below it, and deletes it only when no
# mount is left (rm -rf through an attached /dev or a bind mount of the repository would be a
# disaster).
cleanup() {
  [ -n "$root" ] && [ -d "$root" ] || return 0
  [ -n "$server_pid" ] && kill -- "-$server_pid" 2>/dev/null
  local pid m
  for pid in /proc/[0-9]*; do
    [ "$(readlink "$pid/root" 2>/dev/null)" = "$root" ] && kill -9 "${pid#/proc/}" 2>/dev/null
  done
  sleep 1
  for m in $(mounts_under "$root"); do umount -l "$m" 2>/dev/null || true; done
  if [ -n "$(mounts_under "$root")" ]; then
    say "left $root in place: still mounted: $(mounts_under "$root" | tr '\n' ' ')"
  elif [ "$keep" = 1 ]; then
    say "kept $root (unmounted)"
  else
    rm -rf --one-file-system "$root"
  fi
  root=""
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# in_root COMMAND: runs a bash command line inside the root as a new machine's root user would,
# with the variant's PATH.
in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 PATH="$root_path" \
    NODE_EXTRA_CA_CERTS="$trust_store" /bin/bash -c "$1"
}

make_root() {
  root=$(mktemp -d /var/tmp/attn-fresh.XXXXXX)
  chmod 755 "$root"  # mktemp's 0700 would be the root's "/": no user but root could run anything in it
  say "debootstrap --variant=minbase --include=git,ca-certificates bookworm $root $mirror"
  debootstrap --variant=minbase --include=git,ca-certificates bookworm "$root" "$mirror" >"$root.debootstrap.log" 2>&1 ||
    { tail -20 "$root.debootstrap.log"; return 1; }
  rm -f "$root.debootstrap.log"
  # The apt entries of a normal Debian 12 install (bookworm, -updates, -security), as this machine has.
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    grep -v '^#' /etc/apt/sources.list.d/debian.sources | awk 'BEGIN{RS="";ORS="\n\n"} /Types: deb\n/ || /Types: deb$/' \
      >"$root/etc/apt/sources.list.d/debian.sources"
    [ -s "$root/etc/apt/sources.list.d/debian.sources" ] && rm -f "$root/etc/apt/sources.list"
  fi
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  cp "$trust_store" "$root$trust_store"
  # If a package's install regenerates the store, this machine's authorities stay in it.
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp "$trust_store" "$root/usr/local/share/ca-certificates/this-machine.crt"
  [ -f /etc/npmrc ] && cp /etc/npmrc "$root/etc/npmrc"
  mkdir -p "$root/mnt/origin"
  mount -t proc proc "$root/proc" && mount -t sysfs sys "$root/sys" &&
    mount --rbind /dev "$root/dev" && mount --make-rslave "$root/dev" &&
    mount --bind "$repo" "$root/mnt/origin" && mount -o remount,bind,ro "$root/mnt/origin"
}

# A python3 from pyenv and a Node 20 from nodesource, as this machine has them, first on the PATH.
add_tools_from_elsewhere() {
  local py node_bin py_prefix
  # The interpreter itself, not what PATH finds first: pyenv's python3 there is a shell shim, and
  # the installation to copy is the one the shim runs (sys.prefix).
  py=$(python3 -c 'import sys; print(sys.executable)')
  py_prefix=$(python3 -c 'import sys; print(sys.prefix)')
  case "$py" in
    /usr/bin/*) say "this machine's python3 is Debian's: no python3 from elsewhere to copy"; return 1 ;;
  esac
  [ -x "$py_prefix/bin/python3" ] || { say "no python3 under $py_prefix to copy"; return 1; }
  mkdir -p "$root$py_prefix"
  tar -C "$py_prefix" --exclude='./lib/python3*/site-packages/*' --exclude='./lib/python3*/test' -cf - . |
    tar -C "$root$py_prefix" -xf -
  node_bin=$(readlink -f "$(command -v node)")
  mkdir -p "$root/opt/node-elsewhere/bin" "$root/opt/node-elsewhere/lib/node_modules"
  cp "$node_bin" "$root/opt/node-elsewhere/bin/node"
  cp -a "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$root/opt/node-elsewhere/lib/node_modules/npm"
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/opt/node-elsewhere/bin/npm"
  root_path="/opt/node-elsewhere/bin:$py_prefix/bin:$root_path"
  say "on the root's PATH first: python3 $("$py" --version 2>&1 | cut -d' ' -f2) ($py_prefix), node $("$node_bin" --version) (/opt/node-elsewhere)"
}

# wait_for_page SECONDS LOG: the page and its wasm answer on port 8000 (the README's default),
# once this build's LOG says it serves: another server that took the port after the check below
# (a second build on the machine) must not pass for this one.
wait_for_page() {
  local deadline=$((SECONDS + $1))
  while [ $SECONDS -lt $deadline ]; do
    if ! kill -0 "$server_pid" 2>/dev/null; then return 1; fi
    if grep -q '^build_wasm: serving' "$2" && python3 - <<'EOF' 2>/dev/null; then return 0; fi
import urllib.request
for path in ("/", "/attention-explainer.wasm", "/attention-explainer.js"):
    with urllib.request.urlopen("http://127.0.0.1:8000" + path, timeout=5) as r:
        assert r.status == 200 and len(r.read()) > 0
EOF
    sleep 5
  done
  return 1
}

check_variant() {
  local name="$1" start took status last
  root_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  say "=== variant: $name"
  make_root || { results+=("$name: could not make the root"); return 1; }
  if [ "$name" = elsewhere ]; then
    add_tools_from_elsewhere || { results+=("$name: no tools from elsewhere on this machine"); return 1; }
  fi
  in_root "git clone -q /mnt/origin /root/attention-explainer && cd /root/attention-explainer && git checkout -q $ref &&
           echo \"cloned \$(git log -1 --format='%h %s')\""
  say "before: node $(in_root 'if command -v node >/dev/null; then node --version; else echo none; fi'), python3 $(in_root 'command -v python3 || echo none'), cc $(in_root 'command -v cc || echo none')"

  if python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 8000))' 2>/dev/null; then :; else
    say "port 8000 is in use on this machine: ./build_wasm.sh --serve cannot serve there"
    results+=("$name: port 8000 in use"); return 1
  fi
  say "\$ ./build_wasm.sh --serve"
  start=$SECONDS
  setsid chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 PATH="$root_path" \
    NODE_EXTRA_CA_CERTS="$trust_store" /bin/bash -c 'cd /root/attention-explainer && exec ./build_wasm.sh --serve' \
    >"$log_dir/$name-build.log" 2>&1 &
  server_pid=$!
  if wait_for_page 3600 "$log_dir/$name-build.log"; then
    took=$((SECONDS - start))
    say "    passed in ${took} s: $(grep 'dist/ is ready' "$log_dir/$name-build.log" | sed 's/^build_wasm: //'); the page, .js and .wasm answer on :8000"
  else
    say "    FAILED after $((SECONDS - start)) s; the end of $log_dir/$name-build.log:"
    tail -25 "$log_dir/$name-build.log"
    results+=("$name: ./build_wasm.sh --serve failed")
    return 1
  fi
  kill -- "-$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null || true
  server_pid=""

  say "\$ ./run_tests.sh"
  start=$SECONDS
  status=0
  in_root 'cd /root/attention-explainer && ./run_tests.sh' >"$log_dir/$name-tests.log" 2>&1 || status=$?
  took=$((SECONDS - start))
  last=$(tail -1 "$log_dir/$name-tests.log")
  if [ "$status" = 0 ]; then say "    passed in ${took} s: $last"
  else
    say "    FAILED (exit $status) in ${took} s: $last"
    grep -E '^(failed|skipped, but required):' "$log_dir/$name-tests.log" | sed 's/^/    /'
    results+=("$name: ./run_tests.sh failed")
    return 1
  fi
  say "after: node $(in_root 'node --version'), python3 $(in_root 'command -v python3'), cc $(in_root 'readlink -f /usr/bin/cc')"

  # Without PyTorch the generated-code test is a skip, and a skip fails the test command; as a
  # user who cannot install it, the command stops at once naming the package.
  say "\$ apt-get remove python3-torch; ctest -R pytorch_code; ./run_tests.sh as a user without root"
  in_root 'apt-get remove -y -qq python3-torch >/dev/null 2>&1'
  in_root 'cd /root/attention-explainer && ctest --test-dir build/native -R pytorch_code --output-on-failure' \
    >"$log_dir/$name-notorch.log" 2>&1 || true
  grep -E 'SKIPPED|Skipped|tests passed' "$log_dir/$name-notorch.log" | sed 's/^/    /'
  in_root 'useradd -m newcomer 2>/dev/null; cp -r /root/attention-explainer /home/newcomer/ && chown -R newcomer /home/newcomer'
  status=0
  chroot "$root" /usr/bin/env -i HOME=/home/newcomer TERM=dumb LANG=C.UTF-8 PATH="$root_path" \
    /usr/sbin/runuser -u newcomer -- /bin/bash -c 'cd ~/attention-explainer && ./run_tests.sh' \
    >"$log_dir/$name-notorch-user.log" 2>&1 || status=$?
  say "    as newcomer: exit $status: $(tail -1 "$log_dir/$name-notorch-user.log")"
  if grep -q 'Skipped' "$log_dir/$name-notorch.log" && [ "$status" != 0 ] &&
     grep -q 'python3-torch' "$log_dir/$name-notorch-user.log"; then
    results+=("$name: passed")
  else
    results+=("$name: a missing python3-torch was not reported as it should be")
  fi
}

log_dir="$repo/build/fresh-machine"
mkdir -p "$log_dir"
results=()
variants=("$variant")
[ "$variant" = both ] && variants=(debian elsewhere)
for v in "${variants[@]}"; do
  check_variant "$v" || true
  cleanup
done
say "=== summary (logs in $log_dir)"
printf '    %s\n' "${results[@]}"
for r in "${results[@]}"; do [[ "$r" == *": passed" ]] || exit 1; done
