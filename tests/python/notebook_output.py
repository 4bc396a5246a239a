"""Runs a notebook that calls attention_explainer.show() with the book's inputs (section 3.3.1, as
a torch tensor when torch is there), headless through nbclient and ipykernel (Debian's
python3-nbclient and python3-ipykernel), and prints the HTML the notebook displayed.

    /usr/bin/python3 tests/python/notebook_output.py DEMO_URL

Exit code 77 (skipped) when nbclient, nbformat or ipykernel is missing.
"""
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.join(HERE, "..", "..", "python")

BOOK_LABELS = ["Your", "journey", "starts", "with", "one", "step"]
BOOK_INPUTS = [[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], [0.57, 0.85, 0.64],
               [0.22, 0.58, 0.33], [0.77, 0.25, 0.10], [0.05, 0.80, 0.55]]


def skip_unless_jupyter():
    """Exits with 77 (skipped), saying what to install, when the notebook machinery is missing."""
    try:
        import nbformat  # noqa: F401
        import nbclient  # noqa: F401
        import ipykernel  # noqa: F401  (the kernel the notebook runs in)
    except ImportError as e:
        print(f"SKIPPED: {e.name} is missing: install python3-nbclient and python3-ipykernel "
              "(scripts/install_deps.sh --tests)")
        sys.exit(77)


def notebook_html(demo_url):
    import nbformat
    from nbclient import NotebookClient
    cells = [
        f"import sys; sys.path.insert(0, {os.path.abspath(PACKAGE)!r})",
        "from attention_explainer import show\n"
        "try:\n    import torch\n    make = torch.tensor\nexcept ImportError:\n    make = lambda rows: rows\n"
        f"inputs = make({BOOK_INPUTS!r})\n"
        f"show(inputs, query=1, labels={BOOK_LABELS!r}, url={demo_url!r}, panels=['inputs', 'weights'])",
    ]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    # A kernel spec for this very interpreter: Debian's own spec runs whatever "python3" is first
    # on PATH, which need not be the one with ipykernel.
    with tempfile.TemporaryDirectory() as jupyter_path:
        spec = os.path.join(jupyter_path, "kernels", "attention-check")
        os.makedirs(spec)
        with open(os.path.join(spec, "kernel.json"), "w") as f:
            json.dump({"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                       "display_name": "attention check", "language": "python",
                       "env": {"PYDEVD_DISABLE_FILE_VALIDATION": "1"}}, f)
        os.environ["JUPYTER_PATH"] = jupyter_path
        NotebookClient(nb, timeout=180, kernel_name="attention-check").execute()
    outputs = nb.cells[-1].outputs
    errors = [o for o in outputs if o.output_type == "error"]
    if errors:
        raise SystemExit(f"the notebook's show() cell failed: {errors[0].ename}: {errors[0].evalue}")
    html = [o.data["text/html"] for o in outputs if o.output_type == "display_data" and "text/html" in o.data]
    if len(html) != 1:
        raise SystemExit(f"the show() cell displayed {len(html)} HTML outputs, not 1: {outputs}")
    return html[0]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: notebook_output.py DEMO_URL")
    skip_unless_jupyter()
    print(notebook_html(sys.argv[1]))
