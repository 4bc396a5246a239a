#!/usr/bin/python3
"""Compares attention-cli's KV cache, GQA and SWA with the book repository's classes run by PyTorch.

usage: check_generation.py PATH/TO/attention-cli

The classes below are the book repository's (rasbt/LLMs-from-scratch): MultiHeadAttention with
the KV cache of ch04/03_kv-cache, GroupedQueryAttention of ch04/04_gqa and MultiHeadAttentionWithSWA
of ch04/06_swa, written out with their parameter order and forward passes; CausalAttention gets the
same cache. A forward hook on each module's dropout layer records the attention weights without
touching the classes. For each case this script runs `attention-cli --module ... --json`, builds the
same module after torch.manual_seed(seed) and compares:
  - every parameter, under PyTorch's own name, and the full pass's per-head weights and output;
  - with --decode: module.reset_cache(), then module(x, use_cache=True) on the prefill (in chunks)
    and on one token at a time: each call's weights, its output rows and the decoded output;
and checks the CLI's own claim that the decoded output equals the full pass. With --mask-style,
each head's weights are also compared with scaled_dot_product_attention's reference
implementation as PyTorch's documentation writes it, run in torch (Debian 12's PyTorch 1.13 has
no F.scaled_dot_product_attention; its math path's _safe_softmax, PyTorch 2.5 on, included), given
the mask the way each route takes it: ~mask (True = kept), an additive 0 / -inf float mask, or
is_causal=True. To 4 decimals
(-inf exactly). Without torch it prints SKIPPED and exits 77 (ctest's skip; ./run_tests.sh
installs torch and fails on a skip).
"""
import math
import sys

SKIPPED = 77

try:
    import torch
    import torch.nn as nn
except ImportError as error:  # pragma: no cover - depends on the machine
    print(f"SKIPPED: PyTorch is not importable ({error}): install python3-torch (scripts/install_deps.sh --tests)")
    sys.exit(SKIPPED)

from cli_tensors import compare, run_cases, run_cli  # noqa: E402 (after the skip: it needs no torch, the rest does)


# --- the book repository's classes ------------------------------------------------------------------
class CausalAttention(nn.Module):  # chapter 3's class with MultiHeadAttention's KV cache
    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):
        super().__init__()
        self.d_out = d_out
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1))
        self.cache_k, self.cache_v, self.ptr_current_pos = None, None, 0

    def forward(self, x, use_cache=False):
        b, num_tokens, d_in = x.shape
        keys, queries, values = self.W_key(x), self.W_query(x), self.W_value(x)
        if use_cache:
            if self.cache_k is None:
                self.cache_k, self.cache_v = keys, values
            else:
                self.cache_k = torch.cat([self.cache_k, keys], dim=1)
                self.cache_v = torch.cat([self.cache_v, values], dim=1)
            keys, values = self.cache_k, self.cache_v
            start = self.ptr_current_pos
            self.ptr_current_pos += num_tokens
        else:
            start = 0
        attn_scores = queries @ keys.transpose(1, 2)
        attn_scores.masked_fill_(self.mask.bool()[start:start + num_tokens, :keys.shape[1]], -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        return attn_weights @ values

    def reset_cache(self):
        self.cache_k, self.cache_v, self.ptr_current_pos = None, None, 0


class MultiHeadAttention(nn.Module):  # ch04/03_kv-cache/gpt_with_kv_cache.py
    mask_offset = True  # False plants Debug this's bug: the cache's mask sliced from row 0 (check_planted_bugs.py)

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
        self.register_buffer("mask", torch.triu(torch.ones(context_length, context_length), diagonal=1),
                             persistent=False)
        self.register_buffer("cache_k", None, persistent=False)
        self.register_buffer("cache_v", None, persistent=False)
        self.ptr_current_pos = 0

    def forward(self, x, use_cache=False):
        b, num_tokens, d_in = x.shape
        keys_new = self.W_key(x).view(b, num_tokens, self.num_heads, self.head_dim)
        values_new = self.W_value(x).view(b, num_tokens, self.num_heads, self.head_dim)
        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim)
        if use_cache:
            if self.cache_k is None:
                self.cache_k, self.cache_v = keys_new, values_new
            else:
                self.cache_k = torch.cat([self.cache_k, keys_new], dim=1)
                self.cache_v = torch.cat([self.cache_v, values_new], dim=1)
            keys, values = self.cache_k, self.cache_v
        else:
            keys, values = keys_new, values_new
        keys, queries, values = keys.transpose(1, 2), queries.transpose(1, 2), values.transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        num_tokens_Q, num_tokens_K = queries.shape[-2], keys.shape[-2]
        if use_cache:
            start = self.ptr_current_pos if self.mask_offset else 0
            mask_bool = self.mask.bool()[start:start + num_tokens_Q, :num_tokens_K]
            self.ptr_current_pos += num_tokens_Q
        else:
            mask_bool = self.mask.bool()[:num_tokens_Q, :num_tokens_K]
        attn_scores.masked_fill_(mask_bool, -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        return self.out_proj(context_vec)

    def reset_cache(self):
        self.cache_k, self.cache_v = None, None
        self.ptr_current_pos = 0


class GroupedQueryAttention(nn.Module):  # ch04/04_gqa/gpt_with_kv_gqa.py
    interleave = True  # False plants Debug this's bug: keys_base.repeat(1, group_size, 1, 1)

    def __init__(self, d_in, d_out, dropout, num_heads, num_kv_groups, dtype=None, qkv_bias=False):
        super().__init__()
        assert d_out % num_heads == 0, "d_out must be divisible by num_heads"
        assert num_heads % num_kv_groups == 0, "num_heads must be divisible by num_kv_groups"
        self.d_out = d_out
        self.num_heads = num_heads
        self.head_dim = d_out // num_heads
        self.W_key = nn.Linear(d_in, num_kv_groups * self.head_dim, bias=qkv_bias, dtype=dtype)
        self.W_value = nn.Linear(d_in, num_kv_groups * self.head_dim, bias=qkv_bias, dtype=dtype)
        self.num_kv_groups = num_kv_groups
        self.group_size = num_heads // num_kv_groups
        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias, dtype=dtype)
        self.out_proj = nn.Linear(d_out, d_out, bias=False, dtype=dtype)
        self.dropout = nn.Dropout(dropout)
        self.register_buffer("cache_k", None, persistent=False)
        self.register_buffer("cache_v", None, persistent=False)
        self.ptr_current_pos = 0

    def forward(self, x, use_cache=False):
        b, num_tokens, _ = x.shape
        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)
        keys_new = self.W_key(x).view(b, num_tokens, self.num_kv_groups, self.head_dim).transpose(1, 2)
        values_new = self.W_value(x).view(b, num_tokens, self.num_kv_groups, self.head_dim).transpose(1, 2)
        if use_cache:
            if self.cache_k is None:
                self.cache_k, self.cache_v = keys_new, values_new
            else:
                self.cache_k = torch.cat([self.cache_k, keys_new], dim=2)
                self.cache_v = torch.cat([self.cache_v, values_new], dim=2)
            keys_base, values_base = self.cache_k, self.cache_v
        else:
            keys_base, values_base = keys_new, values_new
            if self.cache_k is not None or self.cache_v is not None:
                self.cache_k, self.cache_v = None, None
                self.ptr_current_pos = 0
        if self.interleave:
            keys = keys_base.repeat_interleave(self.group_size, dim=1)
            values = values_base.repeat_interleave(self.group_size, dim=1)
        else:
            keys = keys_base.repeat(1, self.group_size, 1, 1)
            values = values_base.repeat(1, self.group_size, 1, 1)
        attn_scores = queries @ keys.transpose(2, 3)
        num_tokens_Q, num_tokens_K = queries.shape[-2], keys.shape[-2]
        if use_cache:
            q_positions = torch.arange(self.ptr_current_pos, self.ptr_current_pos + num_tokens_Q, dtype=torch.long)
            self.ptr_current_pos += num_tokens_Q
        else:
            q_positions = torch.arange(num_tokens_Q, dtype=torch.long)
            self.ptr_current_pos = 0
        k_positions = torch.arange(num_tokens_K, dtype=torch.long)
        mask = q_positions.unsqueeze(-1) < k_positions.unsqueeze(0)
        attn_scores = attn_scores.masked_fill(mask, -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        return self.out_proj(context_vec)

    def reset_cache(self):
        self.cache_k, self.cache_v = None, None
        self.ptr_current_pos = 0


class MultiHeadAttentionWithSWA(nn.Module):  # ch04/06_swa/gpt_with_kv_swa.py
    chunk_keys = True  # False plants Debug this's bug: attn_keep = min(len, W), too few for a chunk

    def __init__(self, d_in, d_out, dropout, num_heads, qkv_bias=False, sliding_window_size=None):
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
        self.sliding_window_size = sliding_window_size
        self.register_buffer("cache_k", None, persistent=False)
        self.register_buffer("cache_v", None, persistent=False)
        self.ptr_current_pos = 0

    def forward(self, x, use_cache=False):
        b, num_tokens, d_in = x.shape
        keys_new = self.W_key(x).view(b, num_tokens, self.num_heads, self.head_dim)
        values_new = self.W_value(x).view(b, num_tokens, self.num_heads, self.head_dim)
        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim)
        if use_cache:
            old_cache_k, old_cache_v = self.cache_k, self.cache_v
            old_len = 0 if old_cache_k is None else old_cache_k.size(1)
            if old_cache_k is None:
                combined_k, combined_v = keys_new, values_new
            else:
                combined_k = torch.cat([old_cache_k, keys_new], dim=1)
                combined_v = torch.cat([old_cache_v, values_new], dim=1)
            keys, values = combined_k, combined_v
            if self.sliding_window_size is not None:
                reach = num_tokens - 1 if self.chunk_keys else 0
                attn_keep = min(keys.size(1), self.sliding_window_size + reach)
                keys, values = keys[:, -attn_keep:, :, :], values[:, -attn_keep:, :, :]
                cache_keep = min(combined_k.size(1), self.sliding_window_size)
                self.cache_k = combined_k[:, -cache_keep:, :, :]
                self.cache_v = combined_v[:, -cache_keep:, :, :]
            else:
                self.cache_k, self.cache_v = combined_k, combined_v
            dropped = combined_k.size(1) - keys.size(1)
            k_start = (self.ptr_current_pos - old_len) + dropped
            q_start = self.ptr_current_pos
        else:
            keys, values = keys_new, values_new
            q_start = k_start = 0
        keys, queries, values = keys.transpose(1, 2), queries.transpose(1, 2), values.transpose(1, 2)
        attn_scores = queries @ keys.transpose(2, 3)
        num_tokens_Q, num_tokens_K = queries.shape[-2], keys.shape[-2]
        q_positions = torch.arange(q_start, q_start + num_tokens_Q, dtype=torch.long)
        k_positions = torch.arange(k_start, k_start + num_tokens_K, dtype=torch.long)
        W = num_tokens_K + 1 if self.sliding_window_size is None else int(self.sliding_window_size)
        diff = q_positions.unsqueeze(-1) - k_positions.unsqueeze(0)
        mask_bool = (diff < 0) | (diff >= W)
        if use_cache:
            self.ptr_current_pos += num_tokens_Q
        else:
            self.ptr_current_pos = 0
        attn_scores.masked_fill_(mask_bool, -torch.inf)
        attn_weights = torch.softmax(attn_scores / keys.shape[-1] ** 0.5, dim=-1)
        attn_weights = self.dropout(attn_weights)
        context_vec = (attn_weights @ values).transpose(1, 2)
        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)
        return self.out_proj(context_vec)

    def reset_cache(self):
        self.cache_k, self.cache_v = None, None
        self.ptr_current_pos = 0


def sdpa_reference_weights(query, key, attn_mask=None, is_causal=False):
    """scaled_dot_product_attention's weights, as its documentation's reference code computes them."""
    L, S = query.size(-2), key.size(-2)
    scale_factor = 1 / math.sqrt(query.size(-1))
    attn_bias = torch.zeros(L, S, dtype=query.dtype)
    if is_causal:
        temp_mask = torch.ones(L, S, dtype=torch.bool).tril(diagonal=0)
        attn_bias.masked_fill_(temp_mask.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            attn_bias.masked_fill_(attn_mask.logical_not(), float("-inf"))
        else:
            attn_bias = attn_mask + attn_bias
    attn_weight = query @ key.transpose(-2, -1) * scale_factor
    attn_weight = attn_weight + attn_bias
    out = torch.softmax(attn_weight, dim=-1)
    return torch.where(torch.isneginf(attn_weight).all(dim=-1, keepdim=True), torch.zeros_like(out), out)


def route_weights(style, queries, keys, window):
    n = queries.shape[0]
    diff = torch.arange(n).unsqueeze(-1) - torch.arange(n).unsqueeze(0)
    hidden = (diff < 0) | (diff >= window) if window else diff < 0  # the book's mask: True = hidden
    if style == "sdpa-bool":
        return sdpa_reference_weights(queries, keys, attn_mask=~hidden)
    if style == "additive":
        return sdpa_reference_weights(queries, keys, attn_mask=torch.zeros(n, n).masked_fill(hidden, float("-inf")))
    return sdpa_reference_weights(queries, keys, is_causal=True)


# --- one case ---------------------------------------------------------------------------------------
def build(case, d_in, n):
    name, d_out, p = case["module"], case.get("d_out", 2), case.get("dropout", 0.0)
    heads, bias = case.get("heads", 2), case.get("qkv_bias", False)
    if name == "causal-attention":
        return CausalAttention(d_in, d_out, n, p, bias)
    if name == "multi-head-attention":
        return MultiHeadAttention(d_in, d_out, n, p, heads, bias)
    if name == "grouped-query-attention":
        return GroupedQueryAttention(d_in, d_out, p, heads, case.get("kv_groups", 1), qkv_bias=bias)
    return MultiHeadAttentionWithSWA(d_in, d_out, p, heads, bias, sliding_window_size=case.get("window", 3))


def per_head(weights, name):
    """(b, h, q, k) or CausalAttention's (b, q, k) -> batch 0's [head] list."""
    w = weights[0]
    return [w] if name == "causal-attention" else [w[h] for h in range(w.shape[0])]


def check_case(cli, case):
    args = ["--example", case.get("example", "your-journey"), "--module", case["module"],
            "--seed", str(case.get("seed", 123)), "--d-out", str(case.get("d_out", 2))]
    for flag in ("heads", "dropout", "batch", "kv_groups", "window", "prefill", "chunk", "mask_style"):
        if flag in case:
            args += ["--" + flag.replace("_", "-"), str(case[flag])]
    for switch in ("qkv_bias", "eval", "decode"):
        if case.get(switch):
            args.append("--" + switch.replace("_", "-"))
    doc = run_cli(cli, args)
    m = doc["module"]
    inputs = torch.tensor(doc["inputs"], dtype=torch.float32)
    n, d_in = inputs.shape
    failures = []

    torch.manual_seed(case.get("seed", 123))
    module = build(case, d_in, n)
    if case.get("eval"):
        module.eval()
    recorded = []
    module.dropout.register_forward_hook(lambda _m, args_in, _out: recorded.append(args_in[0].detach().clone()))

    params = {k: v for k, v in module.state_dict().items() if not k.endswith("mask")}
    if list(params) != list(m["parameters"]):
        failures.append(f"parameters in order {list(m['parameters'])}, PyTorch's {list(params)}")
    for key, value in params.items():
        if key in m["parameters"]:
            compare(key, m["parameters"][key], value, failures)

    x = torch.stack((inputs,) * case.get("batch", 1), dim=0)
    with torch.no_grad():
        output = module(x)
    compare("output", m["output"], output, failures)
    for h, w in enumerate(per_head(recorded[-1], case["module"])):
        compare(f"batches[0].heads[{h}].weights", m["batches"][0]["heads"][h]["weights"], w, failures)
    if case.get("mask_style", "book") != "book":
        if m["mask_style"] != case["mask_style"]:
            failures.append(f"mask_style {m['mask_style']}")
        window = case.get("window", 3) if case["module"] == "sliding-window-attention" else 0
        for h, head in enumerate(m["batches"][0]["heads"]):
            q = torch.tensor(head["queries"], dtype=torch.float32)
            k = torch.tensor(head["keys"], dtype=torch.float32)
            compare(f"batches[0].heads[{h}].weights by SDPA's reference", head["weights"],
                    route_weights(case["mask_style"], q, k, window), failures)

    if case.get("decode"):
        d = m["decode"]
        prefill, chunk = case.get("prefill", 1), case.get("chunk", 0) or case.get("prefill", 1)
        spans = [(s, min(chunk, prefill - s)) for s in range(0, prefill, chunk)] + [(t, 1) for t in range(prefill, n)]
        if [(c["first"], c["count"]) for c in d["calls"]] != spans:
            failures.append(f"decode calls {[(c['first'], c['count']) for c in d['calls']]}, expected {spans}")
        module.reset_cache()
        recorded.clear()
        rows = []
        with torch.no_grad():
            for first, count in spans:
                rows.append(module(x[:, first:first + count], use_cache=True))
        for i, (call, got) in enumerate(zip(d["calls"], rows)):
            compare(f"decode.calls[{i}].output", call["output"], got[0], failures)
            for h, w in enumerate(per_head(recorded[i], case["module"])):
                compare(f"decode.calls[{i}].weights[{h}]", call["weights"][h], w, failures)
            cached = module.cache_k  # the cache after the last call only; its length is checked below
        decoded = torch.cat(rows, dim=1)[0]
        compare("decode.output", d["output"], decoded, failures)
        keep = cached.shape[1] if case["module"] != "grouped-query-attention" else cached.shape[2]
        if d["calls"][-1]["cache_rows"] != keep:
            failures.append(f"cache rows after the last call {d['calls'][-1]['cache_rows']}, PyTorch keeps {keep}")
        if not torch.allclose(decoded, output[0], atol=1e-6, rtol=0):
            failures.append("PyTorch's own decoded output differs from its full pass by more than 1e-6")
        if not d["equals_full_pass_bits"]:
            failures.append(f"the CLI's decode differs from its full pass by {d['max_abs_difference']}")
    return failures


CASES = [
    {"module": "grouped-query-attention", "d_out": 4, "heads": 4, "kv_groups": 2},
    {"module": "grouped-query-attention", "d_out": 4, "heads": 4, "kv_groups": 1, "qkv_bias": True, "seed": 7},
    {"module": "grouped-query-attention", "d_out": 6, "heads": 3, "kv_groups": 3, "dropout": 0.3, "batch": 2},
    {"module": "grouped-query-attention", "d_out": 8, "heads": 4, "kv_groups": 2, "example": "random-12x8-seed7",
     "decode": True, "prefill": 5, "chunk": 2},
    {"module": "sliding-window-attention", "window": 3},
    {"module": "sliding-window-attention", "window": 1, "d_out": 4, "heads": 2, "dropout": 0.5, "seed": 5},
    {"module": "sliding-window-attention", "window": 4, "d_out": 6, "heads": 3, "example": "random-12x8-seed7",
     "decode": True, "prefill": 7, "chunk": 3},
    {"module": "sliding-window-attention", "window": 2, "decode": True, "prefill": 4, "chunk": 4},
    {"module": "multi-head-attention", "decode": True, "prefill": 1},
    {"module": "multi-head-attention", "d_out": 4, "heads": 2, "qkv_bias": True, "example": "random-12x8-seed7",
     "decode": True, "prefill": 6, "chunk": 4, "dropout": 0.5, "eval": True},
    {"module": "causal-attention", "decode": True, "prefill": 3, "chunk": 2},
    # One mask four ways: the same weights as the repository's masked_fill, and SDPA's reference.
    {"module": "multi-head-attention", "mask_style": "sdpa-bool", "d_out": 4, "example": "random-12x8-seed7"},
    {"module": "grouped-query-attention", "d_out": 4, "heads": 4, "kv_groups": 2, "mask_style": "additive"},
    {"module": "causal-attention", "mask_style": "is-causal"},
    {"module": "sliding-window-attention", "window": 2, "mask_style": "sdpa-bool", "example": "random-12x8-seed7"},
]


def main():
    return run_cases(__doc__, CASES, check_case, "generation", torch.__version__)


if __name__ == "__main__":
    sys.exit(main())
