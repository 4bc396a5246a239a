// Picks the numbers' inputs out of the document.
#include "core/document/state_attention.h"

namespace attn {

AttentionSettings attention_settings(const State& state) {
    AttentionSettings s;
    s.query = state.query;
    s.norm = state.norm;
    s.projection = state.projection;
    s.scale = state.scale;
    s.causal = state.causal;
    s.lab_scale = state.lab_scale;
    return s;
}

AttentionResult compute_attention(const State& state) {
    return compute_attention(state.inputs, attention_settings(state));
}

void compute_attention_into(const State& state, AttentionResult* result) {
    compute_attention_into(state.inputs, attention_settings(state), result);
}

AttentionChanges update_attention(AttentionCache* cache, const State& state, AttentionResult* result) {
    return cache->update(state.inputs, attention_settings(state), result);
}

}  // namespace attn
