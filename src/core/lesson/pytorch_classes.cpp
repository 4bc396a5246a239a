// Sections 3.4.1 to 3.6.2's classes. The parameters are created in the book's order (W_query,
// W_key, W_value, then out_proj), which is the order core/math/attention_modules draws them in.
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

}  // namespace

std::string book_class_code(AttentionModule module, bool causal) {
    switch (module) {
        case AttentionModule::SelfAttentionV1:
            return kV1 + single_head_tail(causal);
        case AttentionModule::SelfAttentionV2:
            return kV2 + single_head_tail(causal);
        case AttentionModule::CausalAttention:
            return kCausal;
        case AttentionModule::MultiHeadWrapper:
            return std::string(kCausal) + kWrapper;
        case AttentionModule::MultiHeadAttention:
            return kMultiHead;
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
        default:
            return "mha";
    }
}

}  // namespace attn
