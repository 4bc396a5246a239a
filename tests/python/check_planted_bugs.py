#!/usr/bin/python3
"""Runs Debug this's planted bugs of the classes after chapter 3 in PyTorch and compares what the
lesson shows as "expected" and "printed" with what the programs print.

usage: check_planted_bugs.py PATH/TO/planted_bug_tool

For each case (a bug as the lesson plants it, or with some of its class's settings changed),
planted_bug_tool prints the bug's class and settings, the book's inputs, and the
trace's last step (the print): the right program's values and the planted program's. This script
builds the same class after torch.manual_seed(seed) with check_generation.py's copies of the
repository's classes, runs it as written and with the one line changed (each copy has a switch for
it), and compares to 4 decimals:
  cache-mask-no-offset     MultiHeadAttention through its cache: the first forward call whose
                           output the slice mask[:Q, :K] changes, both programs' rows
  repeat-not-interleave    GroupedQueryAttention's full pass with repeat_interleave and with repeat
  sdpa-book-mask           CausalAttention's projections through scaled_dot_product_attention (its
                           documented reference; PyTorch 1.13 has none) given ~mask and given mask
  window-drops-chunk-keys  MultiHeadAttentionWithSWA's chunked prefill: the first call attn_keep =
                           min(len, W) changes, both programs' rows
Without torch it prints SKIPPED and exits 77 (ctest's skip; ./run_tests.sh fails on a skip).
"""
import json
import subprocess
import sys

SKIPPED = 77

try:
    import torch
except ImportError as error:  # pragma: no cover - depends on the machine
    print(f"SKIPPED: PyTorch is not importable ({error}): install python3-torch (scripts/install_deps.sh --tests)")
    sys.exit(SKIPPED)

from check_generation import build, sdpa_reference_weights  # noqa: E402 (after the skip)
from cli_tensors import compare  # noqa: E402

CASES = [
    ("cache-mask-no-offset", {}),
    ("cache-mask-no-offset", {"prefill": 4, "chunk": 2}),  # a chunk after the first: rows 2 and 3 of the mask
    ("repeat-not-interleave", {}),
    ("repeat-not-interleave", {"heads": 6, "kv_groups": 3, "d_out": 6}),
    ("sdpa-book-mask", {}),
    ("window-drops-chunk-keys", {}),
    ("window-drops-chunk-keys", {"chunk": 0}),  # six tokens in one call, W = 3: rows with no key are nan
    ("window-drops-chunk-keys", {"window": 2, "chunk": 4}),
]


def decode_calls(n, prefill, chunk):
    step = chunk if chunk > 0 else prefill
    calls = [(first, min(step, prefill - first)) for first in range(0, prefill, step)]
    return calls + [(t, 1) for t in range(prefill, n)]


def decoded_rows(module, x, settings):
    """Each forward(x, use_cache=True) call's output rows, batch 0, as a list per call."""
    module.reset_cache()
    with torch.no_grad():
        return [module(x[:, first:first + count], use_cache=True)[0]
                for first, count in decode_calls(x.shape[1], settings["prefill"], settings["chunk"])]


def planted_pair(bug, settings, inputs):
    """What the right program and the planted one print, as PyTorch runs them."""
    n, d_in = inputs.shape
    x = inputs.unsqueeze(0)
    torch.manual_seed(settings["seed"])
    case = {"module": settings["module"], "d_out": settings["d_out"], "heads": settings["heads"],
            "kv_groups": settings["kv_groups"], "window": settings["window"]}
    module = build(case, d_in, n)
    module.eval()  # no dropout: the settings have p = 0
    switch = {"cache-mask-no-offset": "mask_offset", "repeat-not-interleave": "interleave",
              "window-drops-chunk-keys": "chunk_keys"}.get(bug)
    if bug == "sdpa-book-mask":
        with torch.no_grad():
            q, k, v = module.W_query(inputs), module.W_key(inputs), module.W_value(inputs)
        mask = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)  # the book's: True = hidden
        return (sdpa_reference_weights(q, k, attn_mask=~mask) @ v, sdpa_reference_weights(q, k, attn_mask=mask) @ v)
    if bug == "repeat-not-interleave":
        with torch.no_grad():
            right = module(x)[0]
            setattr(module, switch, False)
            return right, module(x)[0]
    right = decoded_rows(module, x, settings)
    setattr(module, switch, False)
    wrong = decoded_rows(module, x, settings)
    for r, w in zip(right, wrong):  # the call the trace follows: the first the bug changes
        if not torch.allclose(r, w, atol=0, rtol=0):
            return r, w
    raise AssertionError(f"{bug}: no forward call prints differently in PyTorch")


def check(tool, bug, settings):
    done = subprocess.run([tool, bug, json.dumps(settings)], capture_output=True, text=True)
    if done.returncode != 0:
        return [f"planted_bug_tool {bug} failed: {done.stderr.strip()}"]
    doc = json.loads(done.stdout)
    failures = []
    if doc["first_divergence"] < 0:
        failures.append(f"{bug}: the lesson's trace finds no divergence on its own set-up")
    right, wrong = planted_pair(bug, doc["settings"], torch.tensor(doc["inputs"], dtype=torch.float32))
    compare(f"{bug} expected", doc["expected"], right, failures)
    compare(f"{bug} printed", doc["printed"], wrong, failures)
    return failures


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    bad = 0
    for bug, settings in CASES:
        failures = check(sys.argv[1], bug, settings)
        print(("FAIL " if failures else "ok   ") + bug + (" " + json.dumps(settings) if settings else ""))
        for f in failures[:10]:
            print("    " + f)
        bad += bool(failures)
    print(f"planted bugs: {len(CASES) - bad} of {len(CASES)} cases print what PyTorch prints (torch {torch.__version__})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
