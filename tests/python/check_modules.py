#!/usr/bin/python3
"""Compares attention-cli's chapter-3 modules with the book's classes run by real PyTorch.

usage: check_modules.py PATH/TO/attention-cli

For each case (module, seed, d_out, heads, qkv_bias, dropout, re-seeding, eval, batch, example),
this script runs `attention-cli --module ... --json`, builds the same module with the book's class
definitions (written out below as chapter 3 prints them) after torch.manual_seed(seed), runs the
forward pass, and compares every tensor of the "module" object: parameters, per head queries,
keys, values, scores, both masking routes, weights, the dropout mask, the dropped weights, the
context, and the output, to 4 decimals (-inf must match exactly). Without torch it prints SKIPPED
and exits 77 (ctest's skip; ./run_tests.sh installs torch and fails on a skip).
"""
import sys

SKIPPED = 77

try:
    import torch
    import torch.nn as nn
except ImportError as error:  # pragma: no cover - depends on the machine
    print(f"SKIPPED: PyTorch is not importable ({error}): install python3-torch (scripts/install_deps.sh --tests)")
    sys.exit(SKIPPED)

from cli_tensors import compare, number, run_cases, run_cli  # noqa: E402 (after the skip: it needs no torch, the rest does)


# --- the book's classes (chapter 3), with hooks that keep each step for the comparison --------------
class SelfAttention_v1(nn.Module):
    def __init__(self, d_in, d_out):
        super().__init__()
        self.W_query = nn.Parameter(torch.rand(d_in, d_out))
        self.W_key = nn.Parameter(torch.rand(d_in, d_out))
        self.W_value = nn.Parameter(torch.rand(d_in, d_out))

    def project(self, x):
        return x @ self.W_query, x @ self.W_key, x @ self.W_value


class SelfAttention_v2(nn.Module):
    def __init__(self, d_in, d_out, qkv_bias=False):
        super().__init__()
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)

    def project(self, x):
        return self.W_query(x), self.W_key(x), self.W_value(x)


class CausalAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x, trace):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x)
        queries = self.W_query(x)
        values = self.W_value(x)
        attn_scores = queries @ keys.transpose(1, 2)
        trace.update(queries=queries, keys=keys, values=values, scores=attn_scores.clone())
        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        trace.update(masked_scores=attn_scores, weights=attn_weights)
        attn_weights = self.dropout(attn_weights)
        trace.update(weights_dropped=attn_weights)
        context_vec = attn_weights @ values
        trace.update(context=context_vec)
        return context_vec


class MultiHeadAttentionWrapper(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        self.heads = nn.ModuleList(
            [CausalAttention(d_in, d_out, context_length, dropout, qkv_bias) for _ in range(num_heads)])

    def forward(self, x, traces):
        return torch.cat([head(x, trace) for head, trace in zip(self.heads, traces)], dim=-1)


class MultiHeadAttention(nn.Module):
    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):
        super().__init__()
        assert d_out % num_heads == 0, "d_out must be divisible by num_heads"
        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.out_proj = nn.Linear(d_out, d_out)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))

    def forward(self, x, trace):
        b, num_tokens, d_in = x.shape
        keys = self.W_key(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)
        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)
        values = self.W_value(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        trace.update(queries=queries, keys=keys, values=values, scores=attn_scores.clone())
        mask_bool = self.mask.bool()[:num_tokens, :num_tokens]
        attn_scores.masked_fill_(mask_bool, -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        trace.update(masked_scores=attn_scores, weights=attn_weights)
        attn_weights = self.dropout(attn_weights)
        trace.update(weights_dropped=attn_weights)
        context_vec = attn_weights @ values
        trace.update(context=context_vec)
        context_vec = context_vec.transpose(1, 2).contiguous().view(b, num_tokens, self.d_out)
        return self.out_proj(context_vec)


# --- one case ---------------------------------------------------------------------------------------
def check_case(cli, case):
    args = ["--example", case.get("example", "your-journey"), "--module", case["module"],
            "--seed", str(case.get("seed", 123)), "--d-out", str(case.get("d_out", 2))]
    for flag in ("heads", "dropout", "dropout_seed", "batch"):
        if flag in case:
            args += ["--" + flag.replace("_", "-"), str(case[flag])]
    for switch in ("qkv_bias", "eval", "causal"):
        if case.get(switch):
            args.append("--" + switch.replace("_", "-"))
    doc = run_cli(cli, args)
    m = doc["module"]
    inputs = torch.tensor(doc["inputs"], dtype=torch.float32)
    n, d_in = inputs.shape
    seed, d_out, p = case.get("seed", 123), case.get("d_out", 2), case.get("dropout", 0.0)
    heads, bias, batch = case.get("heads", 2), case.get("qkv_bias", False), case.get("batch", 1)
    failures = []

    torch.manual_seed(seed)
    name = case["module"]
    heads_traced = []
    if name in ("self-attention-v1", "self-attention-v2"):
        module = SelfAttention_v1(d_in, d_out) if name == "self-attention-v1" else SelfAttention_v2(d_in, d_out, bias)
        queries, keys, values = module.project(inputs)
        scores = queries @ keys.T
        masked = scores.masked_fill(torch.triu(torch.ones(n, n), diagonal=1).bool(), -torch.inf) \
            if case.get("causal") else scores
        weights = torch.softmax(masked / keys.shape[-1] ** 0.5, dim=-1)
        output = (weights @ values).unsqueeze(0)
        heads_traced = [[dict(queries=queries, keys=keys, values=values, scores=scores, masked_scores=masked,
                              weights=weights, weights_dropped=weights, context=weights @ values)]]
    else:
        x = torch.stack((inputs,) * batch, dim=0)
        if name == "causal-attention":
            module = CausalAttention(d_in, d_out, n, p, bias)
        elif name == "multi-head-wrapper":
            module = MultiHeadAttentionWrapper(d_in, d_out, n, p, heads, bias)
        else:
            module = MultiHeadAttention(d_in, d_out, n, p, heads, bias)
        if case.get("eval"):
            module.eval()
        if "dropout_seed" in case:
            torch.manual_seed(case["dropout_seed"])
        if name == "multi-head-wrapper":
            traces = [{} for _ in range(heads)]
            output = module(x, traces)
            heads_traced = [[{k: v[b] for k, v in t.items()} for t in traces] for b in range(batch)]
        else:
            trace = {}
            output = module(x, trace)
            if name == "causal-attention":
                heads_traced = [[{k: v[b] for k, v in trace.items()}] for b in range(batch)]
            else:
                heads_traced = [[{k: v[b, h] for k, v in trace.items()} for h in range(heads)] for b in range(batch)]

    for key, value in module.state_dict().items():
        if key.endswith("mask"):
            continue
        if key not in m["parameters"]:
            failures.append(f"parameter {key} missing (have {list(m['parameters'])})")
            continue
        compare(key, m["parameters"][key], value, failures)
    if len(m["parameters"]) != len([k for k in module.state_dict() if not k.endswith("mask")]):
        failures.append(f"parameters: {list(m['parameters'])} vs {list(module.state_dict())}")
    for b, per_head in enumerate(heads_traced):
        for h, t in enumerate(per_head):
            got = m["batches"][b]["heads"][h]
            for key, value in t.items():
                compare(f"batches[{b}].heads[{h}].{key}", got[key], value, failures)
            dropped = t["weights_dropped"]
            if got["dropout_mask"] is not None:
                # Where the weight is not 0, the mask is what dropout multiplied it by.
                for (i, j) in ((i, j) for i in range(n) for j in range(n) if t["weights"][i, j] > 0):
                    kept = float(dropped[i, j]) != 0.0
                    if kept != (number(got["dropout_mask"][i][j]) != 0.0):
                        failures.append(f"batches[{b}].heads[{h}].dropout_mask[{i}][{j}] disagrees with torch")
    compare("output", m["output"], output, failures)
    if m["output_shape"] != [len(m["output"]), n, output.shape[-1]]:
        failures.append(f"output_shape {m['output_shape']}")
    return failures


CASES = [
    {"module": "self-attention-v1"},
    {"module": "self-attention-v1", "seed": 7, "d_out": 4, "causal": True},
    {"module": "self-attention-v2", "seed": 789},
    {"module": "self-attention-v2", "seed": 789, "qkv_bias": True, "causal": True},
    {"module": "causal-attention", "batch": 2},
    {"module": "causal-attention", "seed": 789, "dropout": 0.5, "dropout_seed": 123},
    {"module": "causal-attention", "dropout": 0.5, "batch": 2},
    {"module": "causal-attention", "dropout": 0.1, "qkv_bias": True, "d_out": 3, "example": "cat-sat-mat"},
    {"module": "causal-attention", "dropout": 0.5, "eval": True},
    {"module": "multi-head-wrapper", "batch": 2},
    {"module": "multi-head-wrapper", "heads": 3, "dropout": 0.3, "batch": 2, "qkv_bias": True},
    {"module": "multi-head-attention", "batch": 2},
    {"module": "multi-head-attention", "d_out": 6, "heads": 3, "dropout": 0.5, "batch": 2, "seed": 5},
    {"module": "multi-head-attention", "d_out": 4, "heads": 2, "dropout": 0.2, "dropout_seed": 9, "qkv_bias": True},
    {"module": "multi-head-attention", "d_out": 4, "heads": 4, "example": "three-tokens"},
]


def main():
    return run_cases(__doc__, CASES, check_case, "module", torch.__version__)


if __name__ == "__main__":
    sys.exit(main())
