#!/usr/bin/python3
"""Runs the PyTorch code the explainer generates and compares what it prints with the core.

usage: check_generated_code.py PATH/TO/pytorch_code_tool

For every built-in example and several settings (projection on, causal mask, divide-by-sum, the
robustness lab's overflow, a zero-sum divide, each of the book's classes), the tool prints the generated code and the values
each print() should show. This script executes the code with real PyTorch, reads every printed
tensor back and checks shape and values to 4 decimals (inf and nan must match exactly). Without
torch it prints SKIPPED with what is missing and exits 77, which ctest reports as a skip (and
./run_tests.sh, which installs torch, as a failure).
"""
import contextlib
import io
import json
import math
import os
import re
import subprocess
import sys
import tempfile

SKIPPED = 77  # ctest's SKIP_RETURN_CODE for this test

CASES = [
    ("your-journey", {}),
    ("three-tokens", {}),
    ("cat-sat-mat", {}),
    ("alignment", {}),
    ("your-journey", {"projection": {"enabled": True}}),
    ("your-journey", {"causal": True}),
    ("your-journey", {"norm": "sum"}),
    ("your-journey", {"query": 5, "causal": True, "projection": {"enabled": True, "seed": 7, "d_out": 4},
                      "norm": "sum", "lab_scale": 0.5}),
    ("three-tokens", {"query": 2, "norm": "softmax-naive"}),
    ("three-tokens", {"projection": {"enabled": True, "seed": 123, "d_out": 3}, "scale": False, "causal": True}),
    ("cat-sat-mat", {"norm": "softmax-naive", "lab_scale": 80}),  # naive softmax overflows: inf, nan
    ("cat-sat-mat", {"lab_scale": 1000, "projection": {"enabled": True}}),
    ("alignment", {"query": 2, "norm": "sum"}),
    ("alignment", {"tokens": ["a", "b"], "inputs": [[1, 0], [-1, 0]], "query": 0, "norm": "sum"}),  # sum 0: inf
    ("random-5x4-seed123", {"query": 3}),  # torch.manual_seed + torch.rand, not a literal
    ("random-12x8-seed7", {"projection": {"enabled": True, "d_out": 3}, "causal": True}),
    ("your-journey", {"tokens": ["tiny", "big", "négatif"],
                      "inputs": [[1e-07, 0.1, 3.3333333], [12345.678, -0.5, 2.5], [-1.25, 0.0078125, 7]],
                      "query": 2, "projection": {"enabled": True, "seed": 0, "d_out": 8}}),
    # The book's classes (sections 3.4.1 to 3.6.2), with seeds, heads, p and qkv_bias varied.
    ("your-journey", {"module": {"name": "self-attention-v1"}}),
    ("your-journey", {"module": {"name": "self-attention-v2", "causal": True, "qkv_bias": True, "seed": 5}}),
    ("your-journey", {"module": {"name": "causal-attention", "dropout": 0.5}}),
    ("your-journey", {"module": {"name": "causal-attention", "seed": 789, "batch": 1, "dropout": 0.5,
                                 "dropout_seed": 123}}),  # the book's dropout of 3.5.2
    ("three-tokens", {"module": {"name": "multi-head-wrapper", "heads": 3, "d_out": 1, "qkv_bias": True,
                                 "dropout": 0.25, "training": False}}),
    ("your-journey", {"module": {"name": "multi-head-wrapper", "dropout": 0.1, "seed": 42}}),
    ("your-journey", {"module": {"name": "multi-head-attention"}}),
    ("random-12x8-seed7", {"module": {"name": "multi-head-attention", "d_out": 6, "heads": 3, "dropout": 0.3,
                                      "seed": 9, "batch": 3}}),
    # The book repository's classes (ch04): GQA, SWA and decoding through the KV cache.
    ("your-journey", {"module": {"name": "grouped-query-attention"}}),
    ("random-12x8-seed7", {"module": {"name": "grouped-query-attention", "d_out": 8, "kv_groups": 1,
                                      "dropout": 0.2, "decode": True, "prefill": 5, "chunk": 2,
                                      "training": False}}),
    ("your-journey", {"module": {"name": "sliding-window-attention", "window": 2, "dropout": 0.5}}),
    ("random-12x8-seed7", {"module": {"name": "sliding-window-attention", "window": 4, "decode": True,
                                      "prefill": 7, "chunk": 3}}),
    ("your-journey", {"module": {"name": "multi-head-attention", "decode": True, "prefill": 2}}),
    ("your-journey", {"module": {"name": "causal-attention", "decode": True, "prefill": 6, "chunk": 4,
                                 "batch": 1}}),
]


def tensor_blocks(text):
    """The text inside each tensor(...) printed, in order."""
    blocks, i = [], 0
    while True:
        start = text.find("tensor(", i)
        if start < 0:
            return blocks
        depth, j = 0, start + len("tensor")
        while True:
            if text[j] == "(":
                depth += 1
            elif text[j] == ")":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        blocks.append(text[start + len("tensor("):j])
        i = j + 1


def parse_block(block):
    """(shape, flat values) of one printed tensor; None for a summarised one ('...')."""
    body = block.split("grad_fn")[0].rstrip(", \n")
    if "..." in body:
        return None
    as_json = re.sub(r"(?<![\w.])(-?)(inf|nan)", r'"\1\2"', body)
    as_json = re.sub(r"(\d)\.(?!\d)", r"\1.0", as_json)
    value = json.loads(as_json)

    def shape_of(v):
        return [len(v)] + shape_of(v[0]) if isinstance(v, list) and v else ([0] if isinstance(v, list) else [])

    def flat(v):
        return [x for item in v for x in flat(item)] if isinstance(v, list) else [v]

    return shape_of(value), [float(x) for x in flat(value)]


def same(printed, core):
    if isinstance(core, str):
        core = float(core)
    if math.isnan(core) or math.isnan(printed):
        return math.isnan(core) and math.isnan(printed)
    if math.isinf(core) or math.isinf(printed):
        return core == printed
    return abs(printed - core) <= 1.01e-4 * max(1.0, abs(core))


def run_case(tool, example, overrides):
    args = [tool, example] + ([json.dumps(overrides)] if overrides else [])
    generated = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
    code = generated["code"]
    stdout = io.StringIO()
    with contextlib.redirect_stdout(stdout):
        exec(compile(code, "<generated>", "exec"), {"__name__": "__generated__"})
    blocks = tensor_blocks(stdout.getvalue())
    problems = []
    outputs = generated["outputs"]
    if len(blocks) != len(outputs):
        problems.append(f"{len(blocks)} tensors printed but the core lists {len(outputs)} outputs")
    for out, block in zip(outputs, blocks):
        parsed = parse_block(block)
        if parsed is None:
            if out["full"]:
                problems.append(f"{out['expression']}: PyTorch summarised a tensor the core prints whole")
            continue
        shape, values = parsed
        if shape != out["shape"]:
            problems.append(f"{out['expression']}: shape {shape}, core {out['shape']}")
            continue
        bad = [k for k, (p, c) in enumerate(zip(values, out["values"])) if not same(p, c)]
        if bad:
            k = bad[0]
            problems.append(f"{out['expression']}: element {k} printed {values[k]}, core {out['values'][k]} "
                            f"({len(bad)} of {len(values)} differ)")
    if problems:
        fd, path = tempfile.mkstemp(prefix="generated_", suffix=".py")
        with os.fdopen(fd, "w") as f:
            f.write(code)
        problems.append(f"the code is in {path}")
    return len(outputs), problems


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        import torch  # noqa: F401
    except ImportError as e:
        print(f"SKIPPED: {sys.executable} cannot import torch ({e}): install Debian's python3-torch "
              "(scripts/install_deps.sh --tests)")
        return SKIPPED
    failed = 0
    checked = 0
    for example, overrides in CASES:
        count, problems = run_case(sys.argv[1], example, overrides)
        checked += count
        name = f"{example} {json.dumps(overrides) if overrides else ''}".strip()
        if problems:
            failed += 1
            print(f"FAIL {name}")
            for p in problems:
                print(f"     {p}")
        else:
            print(f"ok   {name}: {count} printed tensors match")
    print(f"{len(CASES) - failed} of {len(CASES)} cases match PyTorch ({checked} tensors, torch {torch.__version__})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
