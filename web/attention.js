// The page side of the demo: Emscripten's Module settings, the window.attention API, waking the
// paused main loop on input, pausing it while hidden, and the screen-reader mirror of the numbers.
// No inline script and no eval, so the page runs under a strict Content-Security-Policy.
(function () {
  'use strict';

  const canvas = document.getElementById('canvas');
  const statusBox = document.getElementById('status');
  const statusText = document.getElementById('status-text');
  const progress = document.getElementById('progress');
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // failures are reported on the page; callers may still await it
  let runtimeReady = false;
  let failed = null;
  const listeners = new Set();

  function showError(message) {
    failed = message;
    statusBox.hidden = false;
    statusBox.classList.add('error');
    statusText.textContent = message;
    rejectReady(new Error(message));
  }

  // Strings cross into C++ through the heap, not the stack: a document may be megabytes long.
  function callWithString(name, text) {
    const bytes = Module.lengthBytesUTF8(text) + 1;
    const ptr = Module._malloc(bytes);
    if (!ptr) return 'the document is too large for memory';
    try {
      Module.stringToUTF8(text, ptr, bytes);
      return Module.UTF8ToString(Module['_' + name](ptr));
    } finally {
      Module._free(ptr);
    }
  }

  function callString(name) { return Module.UTF8ToString(Module['_' + name]()); }

  function requireRuntime() {
    if (!runtimeReady) throw new Error(failed || 'attention is not ready yet: await attention.ready first');
  }

  function wake() { if (runtimeReady) Module._attn_wake(); }

  // The hidden DOM copy of the key numbers, announced politely when they change.
  let mirrorTimer = 0;
  function updateMirror() {
    clearTimeout(mirrorTimer);
    mirrorTimer = setTimeout(() => {
      let r;
      try { r = api.results(); } catch (e) { return; }
      const q = r.query_index;
      const weights = r.context && r.weights.softmax;
      const norm = api.getState().norm;
      const selected = norm === 'sum' ? r.weights.sum : norm === 'softmax-naive' ? r.weights.softmax_naive : weights;
      const fmt = (x) => (typeof x === 'number' ? x.toFixed(4) : String(x));
      document.getElementById('summary').textContent =
        `Query inputs[${q}], "${r.tokens[q]}". Scores: ${r.scores.slice(0, 12).map(fmt).join(', ')}` +
        `${r.scores.length > 12 ? ', and more' : ''}. Weights (${norm}): ` +
        `${selected.slice(0, 12).map(fmt).join(', ')}${selected.length > 12 ? ', and more' : ''}.`;
      const body = document.querySelector('#mirror-table tbody');
      body.replaceChildren();
      r.tokens.slice(0, 64).forEach((token, i) => {
        const row = document.createElement('tr');
        for (const value of [String(i), token, fmt(r.scores[i]), fmt(selected[i])]) {
          const cell = document.createElement('td');
          cell.textContent = value;
          row.appendChild(cell);
        }
        body.appendChild(row);
      });
    }, 150);
  }

  const api = {
    version: 1,
    ready,
    getState() { requireRuntime(); return JSON.parse(callString('attn_get_state')); },
    // Returns {ok: true, error: null} or {ok: false, error: "..."}; a bad state changes nothing.
    setState(state) {
      requireRuntime();
      let text;
      try {
        text = typeof state === 'string' ? state : JSON.stringify(state);
      } catch (e) {
        return { ok: false, error: 'setState needs a plain JSON object: ' + e.message };
      }
      if (typeof text !== 'string') return { ok: false, error: 'setState needs a JSON object, got ' + typeof state };
      const error = callWithString('attn_set_state', text);
      return error ? { ok: false, error } : { ok: true, error: null };
    },
    results() { requireRuntime(); return JSON.parse(callString('attn_results')); },
    stats() { requireRuntime(); return JSON.parse(callString('attn_stats')); },
    layout() { requireRuntime(); return JSON.parse(callString('attn_layout')); },
    onChange(callback) { listeners.add(callback); return () => listeners.delete(callback); },
  };
  window.attention = api;

  window.Module = {
    canvas,
    print: (text) => console.log(text),
    printErr: (text) => console.error(text),
    setStatus(text) {
      const m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(text || '');
      if (m) { progress.value = Number(m[1]); progress.max = Number(m[2]); }
    },
    onRuntimeInitialized() { runtimeReady = true; },
    onFirstFrame() {
      statusBox.hidden = true;
      resolveReady(api);
      updateMirror();
    },
    onStateChanged() {
      updateMirror();
      for (const callback of listeners) {
        try { callback(); } catch (e) { console.error(e); }
      }
    },
    onNoGraphics(reason) {
      document.body.classList.add('no-webgl');
      statusBox.hidden = true;
      document.getElementById('fallback').hidden = false;
      document.getElementById('fallback-reason').textContent = reason;
      updateMirror();
      rejectReady(new Error(reason));
    },
    onAbort(what) { showError('The demo stopped unexpectedly (' + what + '). Reload the page to start again.'); },
  };

  // The main loop sleeps while nothing changes; any input to the canvas or a resize wakes it.
  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup', 'touchstart',
                      'touchmove', 'touchend', 'focus', 'blur']) {
    canvas.addEventListener(type, wake, { passive: true });
  }
  window.addEventListener('resize', wake);
  // Stop all work while the tab is hidden or the demo is scrolled out of view (same-origin iframes
  // are not throttled by the browser).
  let onScreen = true;
  function updateVisibility() {
    if (runtimeReady) Module._attn_set_visible(onScreen && document.visibilityState === 'visible' ? 1 : 0);
  }
  document.addEventListener('visibilitychange', updateVisibility);
  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => {
      onScreen = entries[entries.length - 1].isIntersecting;
      updateVisibility();
    }).observe(canvas);
  }

  canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    showError('The graphics context was lost (too many WebGL pages open?). Reload the page to continue.');
  });
  window.addEventListener('error', (e) => {
    if (e.filename && /attention-explainer\.js$/.test(e.filename) && !failed) showError('Could not start: ' + e.message);
  });
})();
