// The book's classes' own settings in the numbers' text version (attention-numbers-reader.js
// fetches this file when a class is first chosen, as the page fetches the classes' code): the
// seed, d_out and heads; dropout and its batch; the repository's groups, window and KV cache; the
// pad tokens of the masks' padded batch; and the cache's memory calculator for a whole model.
// Each setting is a key of the state document's module object, changed and refused by the demo's
// own validators as the drawing's fields are. The calculator's numbers are the learner's own
// (the drawing has its own), worked out and worded by the same C++ as the drawing's
// (attention.kvMemory).
(function () {
  'use strict';
  const api = window.attention;
  const shared = window.attentionTextVersion;
  if (!api || !shared) return;
  const { element } = shared;

  const MULTI_HEAD = ['multi-head-wrapper', 'multi-head-attention', 'grouped-query-attention', 'sliding-window-attention'];
  const WITH_DROPOUT = ['causal-attention', ...MULTI_HEAD];
  const WITH_CACHE = WITH_DROPOUT.filter((m) => m !== 'multi-head-wrapper');
  const WITH_MASK_ROUTES = MULTI_HEAD.filter((m) => m !== 'multi-head-wrapper');

  // The calculator's model as the learner left it: a preset, its kv heads and context (null: the
  // preset's own); and the last refusal, said under the field it is about, which keeps the text
  // typed, until a number is taken.
  const memory = { preset: 0, kvHeads: null, context: null, error: '', refused: '', typed: '' };

  function memoryCalculator(tools) {
    const { labelled, select, numberField } = tools;
    const ask = (kvHeads, context) => api.kvMemory(memory.preset, kvHeads, context);
    const own = ask(NaN, NaN);  // the preset's own numbers (NaN is refused, so not used)
    if (!own.presets) return [element('p', { class: 'setting hint', text: own.error })];  // its code on its way
    if (memory.kvHeads === null) Object.assign(memory, { kvHeads: own.kv_heads, context: own.context });
    const m = ask(memory.kvHeads, memory.context);
    // A typed number: taken when the demo takes it; else named under the fields, and the model
    // stays as it was.
    const take = (which, kvHeads, context, typed) => {
      const reply = ask(kvHeads, context);
      Object.assign(memory, reply.error ? { error: reply.error, refused: which, typed: String(typed) }
                                        : { kvHeads, context, error: '', refused: '', typed: '' });
      tools.forget();  // drawn again with the sentences, or the refusal
      shared.say(reply.error || reply.total);  // what it keeps now, or why not
    };
    const preset = select(m.presets.map((name, i) => [String(i), name]), String(memory.preset), (v) => {
      Object.assign(memory, { preset: Number(v), kvHeads: null, context: null, error: '', refused: '', typed: '' });
      tools.forget();
      tools.refresh();
      shared.say(ask(NaN, NaN).total);  // the model's cache, as the drawing shows it
    });
    const kv = numberField(memory.kvHeads, {}, (v) => take('kv', v, memory.context, v));
    const context = numberField(memory.context, {}, (v) => take('context', memory.kvHeads, v, v));
    const refused = memory.refused === 'kv' ? kv : memory.refused === 'context' ? context : null;
    if (refused) {
      refused.value = memory.typed;
      refused.setAttribute('aria-invalid', 'true');
      refused.setAttribute('aria-describedby', 'numbers-reader-memory-error');
    }
    return [element('fieldset', { class: 'settings' }, element('legend', { text: 'The cache\'s memory for a whole model' }),
      labelled('numbers-reader-memory-model', 'Model ', preset),
      element('p', { class: 'hint', text: m.sizes }),
      labelled('numbers-reader-memory-kv-heads', api.words('kv heads (of {0}) ', m.heads), kv),
      labelled('numbers-reader-memory-context', 'Context length in tokens ', context),
      element('p', { id: 'numbers-reader-memory-error', class: 'wrong', hidden: !memory.error, text: memory.error }),
      element('p', { class: 'hint', text: m.arithmetic }),
      element('p', { class: 'hint', text: m.estimator }),
      element('p', { text: m.total }))];
  }

  // The settings' elements for the class c.module, c being the numbers view's controls.
  shared.classSettings = function (c, tools) {
    const { labelled, checkbox, numberField, change } = tools;
    const parts = [];
    // The class's settings as the panel has them, each a key of the state's module object.
    const moduleField = (id, label, key, value) => labelled(id, label,
      numberField(value, {}, (v) => change((s) => { s.module = { ...s.module, [key]: v }; })));
    const moduleCheck = (id, label, key, on) => labelled(id, label,
      checkbox(on, (v) => change((s) => { s.module = { ...s.module, [key]: v }; })));
    parts.push(moduleField('numbers-reader-module-seed', 'torch.manual_seed before the class ', 'seed', c.module_seed),
               moduleField('numbers-reader-module-d-out', 'd_out of the class ', 'd_out', c.module_d_out));
    if (MULTI_HEAD.includes(c.module)) parts.push(moduleField('numbers-reader-heads', 'num_heads (it must divide d_out) ', 'heads', c.heads));
    if (c.module !== 'self-attention-v1') {
      parts.push(moduleCheck('numbers-reader-qkv-bias', 'qkv_bias (nn.Linear with a bias)', 'qkv_bias', c.qkv_bias));
    }
    if (c.module === 'self-attention-v1' || c.module === 'self-attention-v2') {
      parts.push(moduleCheck('numbers-reader-module-causal', 'The class masks the future (causal)', 'causal', c.module_causal));
    }
    if (WITH_DROPOUT.includes(c.module)) {
      parts.push(moduleField('numbers-reader-dropout', 'Dropout probability ', 'dropout', c.dropout),
                 moduleCheck('numbers-reader-training', 'Training mode (dropout on)', 'training', c.training),
                 moduleField('numbers-reader-batch', 'Batch: copies of the inputs ', 'batch', c.batch),
                 labelled('numbers-reader-reseed', 'torch.manual_seed again before forward',
                          // A seed turns it on, null off (as the state document writes it).
                          checkbox(c.reseed_dropout, (on) => change((s) => { s.module = { ...s.module, dropout_seed: on ? c.dropout_seed : null }; }))));
      if (c.reseed_dropout) parts.push(moduleField('numbers-reader-dropout-seed', 'Seed before forward ', 'dropout_seed', c.dropout_seed));
    }
    // The repository's classes (ch04) and decode mode.
    if (c.module === 'grouped-query-attention') parts.push(moduleField('numbers-reader-kv-groups', 'num_kv_groups (it must divide num_heads) ', 'kv_groups', c.kv_groups));
    if (c.module === 'sliding-window-attention') parts.push(moduleField('numbers-reader-window', 'sliding_window_size ', 'window', c.window));
    if (WITH_CACHE.includes(c.module)) {
      parts.push(labelled('numbers-reader-decode', 'Decode with a KV cache (one token per call)',
                          checkbox(c.decode, (on) => change((s) => { s.module = { ...s.module, decode: on }; }))));
      if (c.decode) {
        parts.push(moduleField('numbers-reader-prefill', 'Prompt tokens (prefill) ', 'prefill', c.prefill),
                   moduleField('numbers-reader-chunk', 'Prefill chunk (0: all at once) ', 'chunk', c.chunk));
      }
    }
    // The masks' padded batch: sentence 2 this many tokens shorter (its weights are a table below).
    if (WITH_MASK_ROUTES.includes(c.module)) {
      parts.push(moduleField('numbers-reader-pads', 'Pad tokens: a batch of two sentences, the second this many tokens shorter (key_padding_mask, True = ignored) ', 'pads', c.pads));
    }
    // The cache's memory, where the drawing has its calculator, and covered where it is covered
    // (while a question asks about the heads).
    let covered = false;
    try { covered = api.summary().concealed.module_heads; } catch (e) { /* not running */ }
    if (!covered && (c.module === 'grouped-query-attention' || c.decode)) parts.push(...memoryCalculator(tools));
    return parts;
  };
})();
