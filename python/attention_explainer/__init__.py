"""Show the attention scores explainer with your own embeddings, in a Jupyter notebook.

    from attention_explainer import show
    inputs = torch.tensor([[0.43, 0.15, 0.89], [0.55, 0.87, 0.66], ...])   # the book's
    show(inputs, query=1, labels=["Your", "journey", ...], url="https://example.org/attention/")

``inputs`` is a list of rows, a NumPy array or a torch tensor of shape (tokens, dims). The demo
opens in an iframe at ``url`` (where the demo's ``dist/`` is published), or from a local ``dist/``
folder that this module serves (``dist="path/to/dist"``; the browser must run on the same machine
as the kernel). The inputs travel in the link (``#state=`` + base64url of the state document,
docs/state-schema.md), so the frame shows them without any script on the notebook's side.

Standard library only: IPython is imported when a notebook displays the demo.
"""

import base64
import functools
import html
import http.server
import itertools
import json
import math
import operator
import os
import threading

__all__ = ["show", "Demo", "state_document", "demo_link"]

MAX_TOKENS = 1024  # kMaxTokens and kMaxDims of the demo's validator
MAX_DIMS = 1024
MAX_LABEL_BYTES = 64
NORMS = ("sum", "softmax-naive", "softmax")
PANELS = ("inputs", "plot", "loop", "heatmaps", "weights", "projection", "lesson", "code")
# Chrome takes links of up to 2 MB; a state past this is refused here with a clear message.
MAX_LINK_CHARS = 1_500_000


def _rows(inputs):
    """inputs as a list of lists of floats: lists, tuples, NumPy arrays, torch tensors."""
    value = inputs
    if hasattr(value, "detach"):  # a torch tensor, perhaps on a GPU or requiring grad
        value = value.detach().cpu()
    if hasattr(value, "tolist"):
        value = value.tolist()
    if not isinstance(value, (list, tuple)) or not value:
        raise ValueError("inputs must be a non-empty 2-D array: one row of numbers per token")
    if all(isinstance(x, (int, float)) for x in value):
        raise ValueError(f"inputs is 1-D (shape ({len(value)},)); give one row per token, e.g. [[...], [...]]")
    if isinstance(value[0], (list, tuple)) and value[0] and isinstance(value[0][0], (list, tuple)):
        raise ValueError("inputs is 3-D (a batch?); give one sequence of shape (tokens, dims), e.g. inputs[0]")
    rows = []
    for i, row in enumerate(value):
        if not isinstance(row, (list, tuple)) or not row:
            raise ValueError(f"inputs[{i}] is not a row of numbers")
        if len(row) != len(value[0]):
            raise ValueError(f"inputs[{i}] has {len(row)} numbers but inputs[0] has {len(value[0])}: rows must match")
        out = []
        for j, x in enumerate(row):
            try:
                finite = not isinstance(x, bool) and isinstance(x, (int, float)) and math.isfinite(x)
            except OverflowError:  # an int too large for a float
                finite = False
            if not finite:
                raise ValueError(f"inputs[{i}][{j}] is {x!r}: every value must be a finite number")
            out.append(float(x))
        rows.append(out)
    if len(rows) > MAX_TOKENS or len(rows[0]) > MAX_DIMS:
        raise ValueError(f"inputs has shape ({len(rows)}, {len(rows[0])}); the demo takes at most "
                         f"{MAX_TOKENS} tokens of at most {MAX_DIMS} dims")
    return rows


def state_document(inputs, query=0, labels=None, *, norm="softmax", causal=False, scale=True,
                   projection=None, step=None, panels=None):
    """The state document (docs/state-schema.md) for these inputs, as a dict.

    projection: None (off) or {"seed": 123, "d_out": 2}, the book's trainable weights.
    """
    rows = _rows(inputs)
    n = len(rows)
    if labels is None:
        labels = [f"token {i}" for i in range(n)]
    labels = [str(x) for x in labels]
    if len(labels) != n:
        raise ValueError(f"{len(labels)} labels for {n} tokens: give one label per row of inputs")
    for label in labels:
        if len(label.encode("utf-8")) > MAX_LABEL_BYTES:
            raise ValueError(f"the label {label[:20]!r}... is longer than {MAX_LABEL_BYTES} bytes of UTF-8")
    try:  # an int, or a NumPy / torch integer (from argmax(), say)
        position = None if isinstance(query, bool) else operator.index(query)
    except TypeError:
        position = None
    if position is None or not 0 <= position < n:
        raise ValueError(f"query is {query!r}; it must be a token position from 0 to {n - 1}")
    query = position
    if norm not in NORMS:
        raise ValueError(f"norm is {norm!r}; use one of {', '.join(NORMS)}")
    doc = {"version": 1, "tokens": labels, "inputs": rows, "query": query, "norm": norm}
    if projection is not None:
        unknown = set(projection) - {"seed", "d_out", "enabled"}
        if unknown:
            raise ValueError(f"projection takes seed and d_out, not {', '.join(sorted(unknown))}")
        doc["projection"] = {"enabled": bool(projection.get("enabled", True)),
                             "seed": int(projection.get("seed", 123)), "d_out": int(projection.get("d_out", 2))}
    doc["scale"] = bool(scale)
    doc["causal"] = bool(causal)
    if step is not None:
        doc["step"] = int(step)
    if panels is not None:
        wrong = [p for p in panels if p not in PANELS]
        if wrong:
            raise ValueError(f"unknown panel {wrong[0]!r}; panels are {', '.join(PANELS)}")
        doc["panels"] = list(panels)
    return doc


LANGUAGES = ("en", "zh-CN")  # docs/translating.md


def demo_link(url, doc, embed=True, lang=None):
    """url (the demo's page or folder) with the state document in its #state= fragment; lang
    ("zh-CN") shows the demo and its lesson in that language."""
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"lang={lang!r} is not a language the demo has ({', '.join(LANGUAGES)})")
    text = json.dumps(doc, separators=(",", ":"), ensure_ascii=False)
    encoded = base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")
    base = url.split("#")[0]
    if base.endswith("/"):
        base += "index.html"
    if embed:
        base += ("&" if "?" in base else "?") + "embed=1"
    if lang and lang != "en":
        base += ("&" if "?" in base else "?") + "lang=" + lang
    link = f"{base}#state={encoded}"
    if len(link) > MAX_LINK_CHARS:
        raise ValueError(f"these inputs make a link of {len(link)} characters, more than a browser takes "
                         f"({MAX_LINK_CHARS}): use fewer tokens or dims")
    return link


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript", ".mjs": "text/javascript",
                      ".otf": "font/otf"}

    def log_message(self, *args):  # a notebook's output is no place for an access log
        pass


_servers = {}  # folder -> (server, base url), one per folder for the kernel's lifetime
_frame_ids = itertools.count(1)  # each displayed frame's id, for its resize script


def serve_dist(folder):
    """Serves a built dist/ folder on 127.0.0.1 (a free port) and returns its base URL."""
    folder = os.path.abspath(folder)
    if not os.path.isfile(os.path.join(folder, "index.html")):
        raise ValueError(f"{folder} has no index.html: give the dist/ folder ./build_wasm.sh writes")
    if folder not in _servers:
        handler = functools.partial(_Handler, directory=folder)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        _servers[folder] = (server, f"http://127.0.0.1:{server.server_address[1]}/")
    return _servers[folder][1]


class Demo:
    """The demo in an iframe; a notebook shows it as HTML (``_repr_html_``)."""

    def __init__(self, inputs, query=0, labels=None, *, url=None, dist=None, height=520, title=None, lang=None,
                 **options):
        if url is not None and dist is not None:
            raise ValueError("give url= or dist=, not both")
        self.state = state_document(inputs, query, labels, **options)
        base = serve_dist(dist) if dist is not None else url or os.environ.get("ATTENTION_EXPLAINER_URL")
        if not base:
            raise ValueError("give url= (where the demo is published), dist= (a built dist/ folder) "
                             "or set ATTENTION_EXPLAINER_URL")
        self.url = demo_link(base, self.state, lang=lang)
        self.height = int(height)
        self.title = title or f"Attention scores demo: {len(self.state['tokens'])} tokens, query {self.state['query']}"

    def _repr_html_(self):
        # The demo sizes the frame to its content once it runs (attention:resize, docs: README).
        # The script finds its frame by id: some notebook front ends run output scripts elsewhere
        # in the page. Its listener goes when the frame does (a cell run again).
        frame_id = f"attention-explainer-{os.getpid()}-{next(_frame_ids)}"
        return (f'<iframe id="{frame_id}" src="{html.escape(self.url)}" title="{html.escape(self.title)}" '
                f'style="width:100%;height:{self.height}px;border:0" loading="lazy" '
                f'allow="clipboard-write"></iframe>'
                f'<script>(function(){{function on(e){{var f=document.getElementById("{frame_id}");'
                f'if(!f){{removeEventListener("message",on);return;}}'
                f'if(e.source===f.contentWindow&&e.data&&e.data.type==="attention:resize"&&'
                f'e.data.height>=80&&e.data.height<=20000)f.style.height=Math.ceil(e.data.height)+"px";}}'
                f'addEventListener("message",on);}})();</script>')


def show(inputs, query=0, labels=None, **kwargs):
    """Displays the demo with these inputs in the notebook (see Demo for the options)."""
    demo = Demo(inputs, query, labels, **kwargs)
    from IPython.display import HTML, display  # only in a notebook, where IPython is
    display(HTML(demo._repr_html_()))
    return None
