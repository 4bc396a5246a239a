#!/usr/bin/env bash
# The notebook helper's install route on Debian 12, as docs/platforms.md and python/README.md give
# it: Debian's python3 refuses a system-wide pip install (PEP 668), so the helper goes into a
# virtual environment that sees Debian's packages (Jupyter, NumPy, torch), and is built with
# Debian's setuptools and wheel, without a download (--no-index here proves it).
#   check_install_route.sh REPO PYTHON3
set -euo pipefail
repo="$1" python="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$repo/python" "$work/python"  # pip builds in the source tree: keep the checkout clean
cd "$work"
"$python" -m venv --system-site-packages .venv
# shellcheck disable=SC1091 # made just above
. .venv/bin/activate
pip install --no-index --no-build-isolation --quiet ./python
cd /  # not the source tree: the installed copy is the one imported
python - <<'PY'
import attention_explainer, os, sys
where = os.path.dirname(attention_explainer.__file__)
assert where.startswith(sys.prefix), f"imported from {where}, not the virtual environment {sys.prefix}"
doc = attention_explainer.state_document([[0.43, 0.15], [0.55, 0.87]], query=1, labels=["a", "b"])
link = attention_explainer.demo_link("https://example.org/", doc)
assert link.startswith("https://example.org/index.html?embed=1#state="), link
print(f"check_install_route: installed in {where}; link {link[:60]}...")
PY
