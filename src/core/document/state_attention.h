// The attention of a state document: its embeddings and the settings the numbers depend on,
// handed to the math (core/math/attention.h), which never sees labels, panels or the lesson.
#pragma once
#include "core/document/state.h"
#include "core/math/attention.h"
#include "core/math/attention_cache.h"

namespace attn {

// query, norm, projection, scale, causal and lab_scale of the state.
AttentionSettings attention_settings(const State& state);

// compute_attention(state.inputs, attention_settings(state)); state must be valid
// (validate_state(state) == ""): the core validates once at the edges.
AttentionResult compute_attention(const State& state);
void compute_attention_into(const State& state, AttentionResult* result);
// cache->update(state.inputs, attention_settings(state), result).
AttentionChanges update_attention(AttentionCache* cache, const State& state, AttentionResult* result);

}  // namespace attn
