// Sections 3.4.1 to 3.6.2's classes, and the book repository's classes with a KV cache. The
// parameters are created in the book's order (W_query, W_key, W_value, then out_proj; GQA: W_key,
// W_value, W_query, out_proj), which is the order core/math/attention_modules draws them in.
#include "core/lesson/pytorch_classes.h"

namespace attn {
namespace {

const char* const kV1 =
    "class SelfAttention_v1(nn.Module):\n"
    "    def __init__(self, d_in, d_out):\n"
    "        super().__init__()\n"
    "        self.W_query = nn.Parameter(torch.rand(d_in, d_out))\n"
    "        self.W_key = nn.Parameter(torch.rand(d_in, d_out))\n"
    "        self.W_value = nn.Parameter(torch.rand(d_in, d_out))\n"
    "\n"
    "    def forward(self, x):\n"
    "        keys = x @ self.W_key\n"
    "        queries = x @ self.W_query\n"
    "        values = x @ self.W_value\n";

const char* const kV2 =
    "class SelfAttention_v2(nn.Module):\n"
    "    def __init__(self, d_in, d_out, qkv_bias=False):\n"
    "        super().__init__()\n"
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "\n"
    "    def forward(self, x):\n"
    "        keys = self.W_key(x)\n"
    "        queries = self.W_query(x)\n"
    "        values = self.W_value(x)\n";

// v1 and v2 end alike; with the causal mask of 3.5 when asked for.
std::string single_head_tail(bool causal) {
    std::string out = "        attn_scores = queries @ keys.T\n";
    if (causal)
        out +=
            "        mask = torch.triu(torch.ones(x.shape[0], x.shape[0]), diagonal=1)  # the causal mask of 3.5\n"
            "        attn_scores = attn_scores.masked_fill(mask.bool(), -torch.inf)\n";
    return out +
           "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
           "        return attn_weights @ values\n\n";
}

const char* const kCausal =
    "class CausalAttention(nn.Module):\n"
    "    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):\n"
    "        super().__init__()\n"
    "        self.d_out = d_out\n"
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.dropout = nn.Dropout(dropout)\n"
    "        self.register_buffer('mask', torch.triu(torch.ones(context_length, context_length), diagonal=1))\n"
    "\n"
    "    def forward(self, x):\n"
    "        b, num_tokens, d_in = x.shape\n"
    "        keys = self.W_key(x)\n"
    "        queries = self.W_query(x)\n"
    "        values = self.W_value(x)\n"
    "        attn_scores = queries @ keys.transpose(1, 2)\n"
    "        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)\n"
    "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
    "        attn_weights = self.dropout(attn_weights)\n"
    "        return attn_weights @ values\n\n";

const char* const kWrapper =
    "class MultiHeadAttentionWrapper(nn.Module):\n"
    "    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):\n"
    "        super().__init__()\n"
    "        self.heads = nn.ModuleList(\n"
    "            [CausalAttention(d_in, d_out, context_length, dropout, qkv_bias) for _ in range(num_heads)])\n"
    "\n"
    "    def forward(self, x):\n"
    "        return torch.cat([head(x) for head in self.heads], dim=-1)\n\n";

const char* const kMultiHead =
    "class MultiHeadAttention(nn.Module):\n"
    "    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):\n"
    "        super().__init__()\n"
    "        assert d_out % num_heads == 0, \"d_out must be divisible by num_heads\"\n"
    "        self.d_out = d_out\n"
    "        self.num_heads = num_heads\n"
    "        self.head_dim = d_out // num_heads\n"
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.out_proj = nn.Linear(d_out, d_out)\n"
    "        self.dropout = nn.Dropout(dropout)\n"
    "        self.register_buffer('mask', torch.triu(torch.ones(context_length, context_length), diagonal=1))\n"
    "\n"
    "    def forward(self, x):\n"
    "        b, num_tokens, d_in = x.shape\n"
    "        keys = self.W_key(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)\n"
    "        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)\n"
    "        values = self.W_value(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)\n"
    "        attn_scores = queries @ keys.transpose(2, 3)\n"
    "        attn_scores.masked_fill_(self.mask.bool()[:num_tokens, :num_tokens], -torch.inf)\n"
    "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
    "        attn_weights = self.dropout(attn_weights)\n"
    "        context_vec = (attn_weights @ values).transpose(1, 2)\n"
    "        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)\n"
    "        return self.out_proj(context_vec)\n\n";

// The book repository's classes with a KV cache (ch04/03_kv-cache, 04_gqa, 06_swa): forward(x,
// use_cache=True) appends the new keys and values and scores only the new queries, at their
// absolute positions. CausalAttention gets the same cache, written as MultiHeadAttention's.
const char* const kCausalCached =
    "class CausalAttention(nn.Module):  # chapter 3's class with ch04/03_kv-cache's KV cache\n"
    "    def __init__(self, d_in, d_out, context_length, dropout, qkv_bias=False):\n"
    "        super().__init__()\n"
    "        self.d_out = d_out\n"
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.dropout = nn.Dropout(dropout)\n"
    "        self.register_buffer('mask', torch.triu(torch.ones(context_length, context_length), diagonal=1))\n"
    "        self.cache_k, self.cache_v, self.ptr_current_pos = None, None, 0\n"
    "\n"
    "    def forward(self, x, use_cache=False):\n"
    "        b, num_tokens, d_in = x.shape\n"
    "        keys, queries, values = self.W_key(x), self.W_query(x), self.W_value(x)\n"
    "        if use_cache:\n"
    "            if self.cache_k is None:\n"
    "                self.cache_k, self.cache_v = keys, values\n"
    "            else:\n"
    "                self.cache_k = torch.cat([self.cache_k, keys], dim=1)\n"
    "                self.cache_v = torch.cat([self.cache_v, values], dim=1)\n"
    "            keys, values = self.cache_k, self.cache_v\n"
    "            start = self.ptr_current_pos\n"
    "            self.ptr_current_pos += num_tokens\n"
    "        else:\n"
    "            start = 0\n"
    "        attn_scores = queries @ keys.transpose(1, 2)\n"
    "        attn_scores.masked_fill_(self.mask.bool()[start:start + num_tokens, :keys.shape[1]], -torch.inf)\n"
    "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
    "        attn_weights = self.dropout(attn_weights)\n"
    "        return attn_weights @ values\n"
    "\n"
    "    def reset_cache(self):\n"
    "        self.cache_k, self.cache_v, self.ptr_current_pos = None, None, 0\n\n";

const char* const kMultiHeadCached =
    "class MultiHeadAttention(nn.Module):  # with the KV cache of ch04/03_kv-cache\n"
    "    def __init__(self, d_in, d_out, context_length, dropout, num_heads, qkv_bias=False):\n"
    "        super().__init__()\n"
    "        assert d_out % num_heads == 0, \"d_out must be divisible by num_heads\"\n"
    "        self.d_out = d_out\n"
    "        self.num_heads = num_heads\n"
    "        self.head_dim = d_out // num_heads\n"
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.out_proj = nn.Linear(d_out, d_out)\n"
    "        self.dropout = nn.Dropout(dropout)\n"
    "        self.register_buffer('mask', torch.triu(torch.ones(context_length, context_length), diagonal=1),\n"
    "                             persistent=False)\n"
    "        self.register_buffer('cache_k', None, persistent=False)\n"
    "        self.register_buffer('cache_v', None, persistent=False)\n"
    "        self.ptr_current_pos = 0\n"
    "\n"
    "    def forward(self, x, use_cache=False):\n"
    "        b, num_tokens, d_in = x.shape\n"
    "        keys_new = self.W_key(x).view(b, num_tokens, self.num_heads, self.head_dim)\n"
    "        values_new = self.W_value(x).view(b, num_tokens, self.num_heads, self.head_dim)\n"
    "        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim)\n"
    "        if use_cache:\n"
    "            if self.cache_k is None:\n"
    "                self.cache_k, self.cache_v = keys_new, values_new\n"
    "            else:\n"
    "                self.cache_k = torch.cat([self.cache_k, keys_new], dim=1)\n"
    "                self.cache_v = torch.cat([self.cache_v, values_new], dim=1)\n"
    "            keys, values = self.cache_k, self.cache_v\n"
    "        else:\n"
    "            keys, values = keys_new, values_new\n"
    "        keys, queries, values = keys.transpose(1, 2), queries.transpose(1, 2), values.transpose(1, 2)\n"
    "        attn_scores = queries @ keys.transpose(2, 3)\n"
    "        num_tokens_Q, num_tokens_K = queries.shape[-2], keys.shape[-2]\n"
    "        if use_cache:\n"
    "            mask_bool = self.mask.bool()[self.ptr_current_pos:self.ptr_current_pos + num_tokens_Q, "
    ":num_tokens_K]\n"
    "            self.ptr_current_pos += num_tokens_Q\n"
    "        else:\n"
    "            mask_bool = self.mask.bool()[:num_tokens_Q, :num_tokens_K]\n"
    "        attn_scores.masked_fill_(mask_bool, -torch.inf)\n"
    "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
    "        attn_weights = self.dropout(attn_weights)\n"
    "        context_vec = (attn_weights @ values).transpose(1, 2)\n"
    "        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)\n"
    "        return self.out_proj(context_vec)\n"
    "\n"
    "    def reset_cache(self):\n"
    "        self.cache_k, self.cache_v = None, None\n"
    "        self.ptr_current_pos = 0\n\n";

const char* const kGroupedQuery =
    "class GroupedQueryAttention(nn.Module):  # ch04/04_gqa\n"
    "    def __init__(self, d_in, d_out, dropout, num_heads, num_kv_groups, dtype=None, qkv_bias=False):\n"
    "        super().__init__()\n"
    "        assert d_out % num_heads == 0, \"d_out must be divisible by num_heads\"\n"
    "        assert num_heads % num_kv_groups == 0, \"num_heads must be divisible by num_kv_groups\"\n"
    "        self.d_out = d_out\n"
    "        self.num_heads = num_heads\n"
    "        self.head_dim = d_out // num_heads\n"
    "        self.W_key = nn.Linear(d_in, num_kv_groups * self.head_dim, bias=qkv_bias, dtype=dtype)\n"
    "        self.W_value = nn.Linear(d_in, num_kv_groups * self.head_dim, bias=qkv_bias, dtype=dtype)\n"
    "        self.num_kv_groups = num_kv_groups\n"
    "        self.group_size = num_heads // num_kv_groups\n"
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias, dtype=dtype)\n"
    "        self.out_proj = nn.Linear(d_out, d_out, bias=False, dtype=dtype)\n"
    "        self.dropout = nn.Dropout(dropout)\n"
    "        self.register_buffer('cache_k', None, persistent=False)\n"
    "        self.register_buffer('cache_v', None, persistent=False)\n"
    "        self.ptr_current_pos = 0\n"
    "\n"
    "    def forward(self, x, use_cache=False):\n"
    "        b, num_tokens, _ = x.shape\n"
    "        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim).transpose(1, 2)\n"
    "        keys_new = self.W_key(x).view(b, num_tokens, self.num_kv_groups, self.head_dim).transpose(1, 2)\n"
    "        values_new = self.W_value(x).view(b, num_tokens, self.num_kv_groups, self.head_dim).transpose(1, 2)\n"
    "        if use_cache:\n"
    "            if self.cache_k is None:\n"
    "                self.cache_k, self.cache_v = keys_new, values_new\n"
    "            else:\n"
    "                self.cache_k = torch.cat([self.cache_k, keys_new], dim=2)\n"
    "                self.cache_v = torch.cat([self.cache_v, values_new], dim=2)\n"
    "            keys_base, values_base = self.cache_k, self.cache_v\n"
    "        else:\n"
    "            keys_base, values_base = keys_new, values_new\n"
    "            if self.cache_k is not None or self.cache_v is not None:\n"
    "                self.cache_k, self.cache_v = None, None\n"
    "                self.ptr_current_pos = 0\n"
    "        # Each group's keys and values serve group_size heads in a row: [K1, K1, K2, K2]\n"
    "        keys = keys_base.repeat_interleave(self.group_size, dim=1)\n"
    "        values = values_base.repeat_interleave(self.group_size, dim=1)\n"
    "        attn_scores = queries @ keys.transpose(2, 3)\n"
    "        num_tokens_Q, num_tokens_K = queries.shape[-2], keys.shape[-2]\n"
    "        if use_cache:\n"
    "            q_positions = torch.arange(self.ptr_current_pos, self.ptr_current_pos + num_tokens_Q, "
    "dtype=torch.long)\n"
    "            self.ptr_current_pos += num_tokens_Q\n"
    "        else:\n"
    "            q_positions = torch.arange(num_tokens_Q, dtype=torch.long)\n"
    "            self.ptr_current_pos = 0\n"
    "        k_positions = torch.arange(num_tokens_K, dtype=torch.long)\n"
    "        mask = q_positions.unsqueeze(-1) < k_positions.unsqueeze(0)\n"
    "        attn_scores = attn_scores.masked_fill(mask, -torch.inf)\n"
    "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
    "        attn_weights = self.dropout(attn_weights)\n"
    "        context_vec = (attn_weights @ values).transpose(1, 2)\n"
    "        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)\n"
    "        return self.out_proj(context_vec)\n"
    "\n"
    "    def reset_cache(self):\n"
    "        self.cache_k, self.cache_v = None, None\n"
    "        self.ptr_current_pos = 0\n\n";

const char* const kSlidingWindow =
    "class MultiHeadAttentionWithSWA(nn.Module):  # ch04/06_swa\n"
    "    def __init__(self, d_in, d_out, dropout, num_heads, qkv_bias=False, sliding_window_size=None):\n"
    "        super().__init__()\n"
    "        assert d_out % num_heads == 0, \"d_out must be divisible by num_heads\"\n"
    "        self.d_out = d_out\n"
    "        self.num_heads = num_heads\n"
    "        self.head_dim = d_out // num_heads\n"
    "        self.W_query = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_key = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.W_value = nn.Linear(d_in, d_out, bias=qkv_bias)\n"
    "        self.out_proj = nn.Linear(d_out, d_out)\n"
    "        self.dropout = nn.Dropout(dropout)\n"
    "        self.sliding_window_size = sliding_window_size\n"
    "        self.register_buffer('cache_k', None, persistent=False)\n"
    "        self.register_buffer('cache_v', None, persistent=False)\n"
    "        self.ptr_current_pos = 0\n"
    "\n"
    "    def forward(self, x, use_cache=False):\n"
    "        b, num_tokens, d_in = x.shape\n"
    "        keys_new = self.W_key(x).view(b, num_tokens, self.num_heads, self.head_dim)\n"
    "        values_new = self.W_value(x).view(b, num_tokens, self.num_heads, self.head_dim)\n"
    "        queries = self.W_query(x).view(b, num_tokens, self.num_heads, self.head_dim)\n"
    "        if use_cache:\n"
    "            old_cache_k, old_cache_v = self.cache_k, self.cache_v\n"
    "            old_len = 0 if old_cache_k is None else old_cache_k.size(1)\n"
    "            if old_cache_k is None:\n"
    "                combined_k, combined_v = keys_new, values_new\n"
    "            else:\n"
    "                combined_k = torch.cat([old_cache_k, keys_new], dim=1)\n"
    "                combined_v = torch.cat([old_cache_v, values_new], dim=1)\n"
    "            keys, values = combined_k, combined_v\n"
    "            if self.sliding_window_size is not None:\n"
    "                # A chunk's queries need up to W - 1 older keys plus the whole chunk\n"
    "                attn_keep = min(keys.size(1), self.sliding_window_size + num_tokens - 1)\n"
    "                keys, values = keys[:, -attn_keep:, :, :], values[:, -attn_keep:, :, :]\n"
    "                cache_keep = min(combined_k.size(1), self.sliding_window_size)\n"
    "                self.cache_k = combined_k[:, -cache_keep:, :, :]\n"
    "                self.cache_v = combined_v[:, -cache_keep:, :, :]\n"
    "            else:\n"
    "                self.cache_k, self.cache_v = combined_k, combined_v\n"
    "            dropped = combined_k.size(1) - keys.size(1)\n"
    "            k_start = (self.ptr_current_pos - old_len) + dropped\n"
    "            q_start = self.ptr_current_pos\n"
    "        else:\n"
    "            keys, values = keys_new, values_new\n"
    "            q_start = k_start = 0\n"
    "        keys, queries, values = keys.transpose(1, 2), queries.transpose(1, 2), values.transpose(1, 2)\n"
    "        attn_scores = queries @ keys.transpose(2, 3)\n"
    "        num_tokens_Q, num_tokens_K = queries.shape[-2], keys.shape[-2]\n"
    "        q_positions = torch.arange(q_start, q_start + num_tokens_Q, dtype=torch.long)\n"
    "        k_positions = torch.arange(k_start, k_start + num_tokens_K, dtype=torch.long)\n"
    "        W = num_tokens_K + 1 if self.sliding_window_size is None else int(self.sliding_window_size)\n"
    "        diff = q_positions.unsqueeze(-1) - k_positions.unsqueeze(0)\n"
    "        mask_bool = (diff < 0) | (diff >= W)  # later keys, and keys W or more positions back\n"
    "        if use_cache:\n"
    "            self.ptr_current_pos += num_tokens_Q\n"
    "        else:\n"
    "            self.ptr_current_pos = 0\n"
    "        attn_scores.masked_fill_(mask_bool, -torch.inf)\n"
    "        attn_weights = torch.softmax(attn_scores / keys.shape[-1]**0.5, dim=-1)\n"
    "        attn_weights = self.dropout(attn_weights)\n"
    "        context_vec = (attn_weights @ values).transpose(1, 2)\n"
    "        context_vec = context_vec.contiguous().view(b, num_tokens, self.d_out)\n"
    "        return self.out_proj(context_vec)\n"
    "\n"
    "    def reset_cache(self):\n"
    "        self.cache_k, self.cache_v = None, None\n"
    "        self.ptr_current_pos = 0\n\n";

}  // namespace

std::vector<Sentence> book_class_annotations() {
    return {sentence("the causal mask of 3.5"),
            sentence("chapter 3's class with ch04/03_kv-cache's KV cache"),
            sentence("with the KV cache of ch04/03_kv-cache"),
            sentence("Each group's keys and values serve group_size heads in a row: [K1, K1, K2, K2]"),
            sentence("A chunk's queries need up to W - 1 older keys plus the whole chunk"),
            sentence("later keys, and keys W or more positions back")};
}

std::string book_class_code(AttentionModule module, bool causal, bool cached) {
    switch (module) {
        case AttentionModule::SelfAttentionV1:
            return kV1 + single_head_tail(causal);
        case AttentionModule::SelfAttentionV2:
            return kV2 + single_head_tail(causal);
        case AttentionModule::CausalAttention:
            return cached ? kCausalCached : kCausal;
        case AttentionModule::MultiHeadWrapper:
            return std::string(kCausal) + kWrapper;
        case AttentionModule::MultiHeadAttention:
            return cached ? kMultiHeadCached : kMultiHead;
        case AttentionModule::GroupedQueryAttention:
            return kGroupedQuery;
        case AttentionModule::SlidingWindowAttention:
            return kSlidingWindow;
    }
    return "";
}

const char* book_instance_name(AttentionModule module) {
    switch (module) {
        case AttentionModule::SelfAttentionV1:
            return "sa_v1";
        case AttentionModule::SelfAttentionV2:
            return "sa_v2";
        case AttentionModule::CausalAttention:
            return "ca";
        case AttentionModule::GroupedQueryAttention:
            return "gqa";
        case AttentionModule::SlidingWindowAttention:
            return "swa";
        default:
            return "mha";
    }
}

std::vector<std::string> decode_call_lines(const std::string& var, int prefill, int chunk, int n,
                                           const DecodeComments& comments) {
    const std::string p = std::to_string(prefill), n_text = std::to_string(n);
    const auto with = [](std::string code, const std::string& comment) {
        return comment.empty() ? code : code + "  # " + comment;
    };
    std::vector<std::string> out = {var + ".reset_cache()", "rows = []", "with torch.no_grad():"};
    if (chunk > 0 && chunk < prefill) {
        const std::string c = std::to_string(chunk);
        out.push_back(with("    for start in range(0, " + p + ", " + c + "):", comments.chunks));
        out.push_back("        rows.append(" + var + "(batch[:, start:min(start + " + c + ", " + p +
                      ")], use_cache=True))");
    } else {
        out.push_back(with("    rows.append(" + var + "(batch[:, :" + p + "], use_cache=True))", comments.prefill));
    }
    out.push_back(with("    for t in range(" + p + ", " + n_text + "):", comments.one_token));
    out.push_back("        rows.append(" + var + "(batch[:, t:t + 1], use_cache=True))");
    return out;
}

}  // namespace attn
