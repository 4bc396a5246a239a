#!/usr/bin/env bash
# The arrows between the rooms of src/, checked from every #include line: a file may include the
# project headers of its own room and of the rooms its room stands on, nothing above, and only
# the platform, the renderer and the app may include SDL, GL or Emscripten.
#   core: math <- text <- document <- lesson; view stands alone
#   ui -> core, imgui_hooks (its headers take ui_state.h, never the dispatcher ui.h);  render -> core/view, core/math;  platform -> nothing of ours;  app, cli -> below
#   imgui_hooks: Dear ImGui's item hooks, built into the ImGui library; nothing of ours
#   tests/scripts/layering_test.sh [REPOSITORY_ROOT]
set -uo pipefail
root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
cd "$root/src" || exit 1

# room: the project include prefixes it may use ("core/math/" ...), and whether system headers of
# SDL, GL, ImGui or Emscripten are allowed there.
allowed() {
  case "$1" in
    core/math) echo "core/math/" ;;
    core/text) echo "core/text/ core/math/" ;;
    core/document) echo "core/document/ core/text/ core/math/" ;;
    core/lesson) echo "core/lesson/ core/document/ core/text/ core/math/" ;;
    core/view) echo "core/view/" ;;
    ui) echo "ui/ core/ imgui_hooks/ fonts_embedded.h" ;;
    imgui_hooks) echo "imgui_hooks/" ;;
    render) echo "render/ core/view/ core/math/ shaders_embedded.h" ;;
    platform) echo "platform/" ;;
    cli) echo "cli/ core/ builtin/" ;;
    builtin) echo "builtin/ core/ lessons_embedded.h" ;;
    app) echo "app/ core/ ui/ render/ platform/ builtin/" ;;
    main) echo "app/ platform/" ;;
  esac
}
# System headers a room may not include (extended regular expressions on the <header>).
forbidden_system() {
  case "$1" in
    core/*|cli|builtin) echo '^(SDL|GL|GLES|imgui|emscripten)' ;;
    ui) echo '^(SDL|GL|GLES|emscripten)' ;;
    *) echo '^$' ;;
  esac
}
room_of() {
  case "$1" in
    core/*/*) echo "${1%%/*}/$(cut -d/ -f2 <<<"$1")" ;;
    main.cpp) echo main ;;
    *) echo "${1%%/*}" ;;
  esac
}

failures=0 files=0
while IFS= read -r file; do
  files=$((files + 1))
  room=$(room_of "$file")
  ok=$(allowed "$room")
  if [ -z "$ok" ]; then echo "$file: not in a known room"; failures=$((failures + 1)); continue; fi
  bad_system=$(forbidden_system "$room")
  while IFS= read -r line; do
    header=$(sed -E 's/^[0-9]+:#include [<"]([^>"]+)[>"].*/\1/' <<<"$line")
    if [[ "$line" == *'#include "'* ]]; then
      fine=0
      for prefix in $ok; do [[ "$header" == "$prefix"* ]] && fine=1; done
      [ "$fine" = 1 ] || { echo "$file:${line%%:*}: $room may not include \"$header\""; failures=$((failures + 1)); }
      # Inside ui, the dispatcher (ui.h: draw_ui) stands on the panels, never under them: a panel's
      # header takes the state it draws from ui_state.h.
      if [ "$header" = ui/ui.h ] && [[ "$file" == ui/*.h ]]; then
        echo "$file:${line%%:*}: a panel header may not include the dispatcher \"ui/ui.h\" (use ui/ui_state.h)"
        failures=$((failures + 1))
      fi
    elif grep -qE "$bad_system" <<<"$header"; then
      echo "$file:${line%%:*}: $room may not include <$header>"; failures=$((failures + 1))
    fi
  done < <(grep -nE '^#include [<"]' "$file")
done < <(find . -name '*.h' -o -name '*.cpp' | sed 's|^\./||' | sort)

echo "layering_test: $files files, $failures include(s) against the arrows"
[ "$failures" = 0 ]
