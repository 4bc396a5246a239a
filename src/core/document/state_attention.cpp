// Picks the numbers' inputs out of the document.
#include "core/document/state_attention.h"

namespace attn {

AttentionSettings attention_settings(const State& state) {
    return state;  // the settings part of the document
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
