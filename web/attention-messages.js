// The postMessage API for host pages (course pages embedding the demo in an iframe). Requests:
//   {type: "attention:getState" | "attention:setState" | "attention:results" | "attention:subscribe" |
//          "attention:unsubscribe" | "attention:hello" | "attention:setLessonRecord", id, ...payload}
// get one reply {type: "attention:reply", id, ok, result | error} with the same id; subscribers get
// {type: "attention:event", kind, detail}. Received data is validated like any input and is only
// ever parsed as JSON by the C++ validator: never evaluated, never put into HTML. attention.js
// loads it with the first message a page (a parent frame, or the window that opened it) sends the
// demo. It also answers iframe-resizer's parent script.
(function () {
  'use strict';
  const api = window.attention;
  const MAX_STATE_CHARS = 16 * 1024 * 1024;  // kMaxDocumentBytes; C++ checks the exact byte count
  const MAX_ID_CHARS = 256;
  // A host gets the (n, n) matrices up to this many tokens (3 x 512 x 512 numbers, about 8 MB of
  // JSON); past it, it asks for {matrices: false} (vectors only), so no message can make the page
  // write 40 MB or more and stall its learner.
  const MAX_MATRIX_TOKENS = 512;
  const TYPES = ['attention:hello', 'attention:getState', 'attention:setState', 'attention:results',
                 'attention:subscribe', 'attention:unsubscribe', 'attention:setLessonRecord'];
  const MAX_RECORD_CHARS = 4096;  // SCORM 1.2's suspend_data: no record the lesson writes is longer

  // ?origins=https://a.example,https://b.example: only these origins are answered; messages from
  // any other origin are ignored without a reply. No list: every origin may ask.
  const allowed = api.allowedOrigins();
  const allowAll = allowed.length === 0;

  // xapi= other than 1 (or 0, off) sends no statement to the course page: said in the demo (the
  // embed maker's checkbox writes 1). A malformed origins= entry is said where a message to it fails.
  const xapi = api.pageOptions().xapi;
  if (xapi && xapi !== '1' && xapi !== '0') {
    api.whenUsable().then(() => api.refusePageOption(`xapi=${xapi.slice(0, 20)} is not 1: no xAPI statements are sent`));
  }

  const subscribers = new Map();  // window -> {origin, kinds: Set | null}

  // An opaque origin ("null", a sandboxed host) can only be addressed with '*'; every other reply
  // goes to exactly the origin that asked, so a host that navigated away never receives it.
  const targetFor = (origin) => (origin === 'null' ? '*' : origin);

  function validId(id) {
    return (typeof id === 'string' && id.length <= MAX_ID_CHARS) || (typeof id === 'number' && Number.isFinite(id));
  }

  // A host that says hello may have missed the heights an embed sent before it listened (a sizing
  // script loaded async or late, after the last change of height): it hears the height again.
  function tellHeight(source, origin) {
    const height = api.contentHeight();
    if (!api.pageOptions().embed || !height) return;
    try { source.postMessage({ type: 'attention:resize', height }, targetFor(origin)); } catch (e) { /* the host went away */ }
  }

  function handle(type, data, source, origin) {
    switch (type) {
      case 'attention:hello':
        tellHeight(source, origin);
        return { ok: true, result: { version: api.version, ready: true } };
      case 'attention:getState':
        return { ok: true, result: api.getState() };
      case 'attention:results': {
        if (data.matrices !== undefined && typeof data.matrices !== 'boolean') {
          return { ok: false, error: 'matrices must be true or false' };
        }
        const n = api.summary().n;
        if (data.matrices !== false && n > MAX_MATRIX_TOKENS) {
          return { ok: false, error: `the results for ${n} tokens hold three ${n} x ${n} matrices (about ` +
            `${Math.round(3 * n * n * 11 / 1e6)} MB of JSON), more than a message carries well: ask with ` +
            `{matrices: false} for the vectors, or use fewer than ${MAX_MATRIX_TOKENS + 1} tokens` };
        }
        return { ok: true, result: api.results({ matrices: data.matrices !== false }) };
      }
      case 'attention:setState': {
        const state = data.state;
        let text;
        if (typeof state === 'string') text = state;
        else if (state && typeof state === 'object' && !Array.isArray(state)) {
          try { text = JSON.stringify(state); } catch (e) { return { ok: false, error: 'state cannot be written as JSON: ' + e.message }; }
        } else {
          return { ok: false, error: 'state must be a state object or its JSON text, as returned by attention:getState' };
        }
        if (text.length > MAX_STATE_CHARS) {
          return { ok: false, error: `state is ${text.length} characters long but the limit is 16 MiB: use fewer tokens` };
        }
        const outcome = api.setState(text);
        return outcome.ok ? { ok: true, result: null } : { ok: false, error: outcome.error };
      }
      case 'attention:subscribe': {
        let kinds = null;
        if (data.kinds !== undefined) {
          const valid = Array.isArray(data.kinds) && data.kinds.length <= 16 &&
            data.kinds.every((k) => typeof k === 'string' && k.length > 0 && k.length <= 64);
          if (!valid) return { ok: false, error: 'kinds must be a list of up to 16 event names, e.g. ["query-changed"]' };
          kinds = new Set(data.kinds);
        }
        subscribers.set(source, { origin, kinds });
        return { ok: true, result: { kinds: kinds ? [...kinds] : 'all' } };
      }
      case 'attention:setLessonRecord': {
        // A later session: the record a lesson-progress event carried, given back (docs/grading.md).
        const record = data.record;
        if (typeof record !== 'string' || record.length > MAX_RECORD_CHARS) {
          return { ok: false, error: `record must be the text of a lesson-progress event's detail.record (at most ${MAX_RECORD_CHARS} characters)` };
        }
        const outcome = api.setLessonRecord(record);
        return outcome.ok ? { ok: true, result: { pending: outcome.pending } } : { ok: false, error: outcome.error };
      }
      case 'attention:unsubscribe':
        return { ok: true, result: { removed: subscribers.delete(source) } };
    }
    return { ok: false, error: 'unhandled type' };
  }

  function onMessage(event) {
    const data = event.data;
    // Not ours (other widgets use postMessage too), or our own replies and events: stay silent.
    if (!data || typeof data !== 'object' || typeof data.type !== 'string' || !data.type.startsWith('attention:')) return;
    if (['attention:reply', 'attention:event', 'attention:resize', 'attention:scroll-to', 'attention:xapi'].includes(data.type)) return;
    if (!allowAll && !allowed.includes(event.origin)) return;
    const source = event.source;
    if (!source || typeof source.postMessage !== 'function') return;
    const origin = event.origin;
    const reply = (outcome, id) => {
      const message = outcome.ok ? { type: 'attention:reply', id, ok: true, result: outcome.result }
                                 : { type: 'attention:reply', id, ok: false, error: outcome.error };
      try { source.postMessage(message, targetFor(origin)); } catch (e) { /* the host went away */ }
    };
    if (!validId(data.id)) {
      reply({ ok: false, error: `id must be a string of up to ${MAX_ID_CHARS} characters or a finite number` }, null);
      return;
    }
    const type = data.type;
    if (!TYPES.includes(type)) {
      reply({ ok: false, error: `unknown type ${JSON.stringify(type.slice(0, 64))}: use one of ${TYPES.join(', ')}` }, data.id);
      return;
    }
    // Calls made while the demo loads wait for it, in order.
    api.whenUsable().then(() => {
      let outcome;
      try { outcome = handle(type, data, source, origin); } catch (e) { outcome = { ok: false, error: String(e.message || e) }; }
      reply(outcome, data.id);
      api.wake();
    });
  }
  // iframe-resizer's parent script (@iframe-resizer/parent, common on course sites) greets the frame
  // with "[iFrameSizer]<id>:8:..." and sizes it by the answer "[iFrameSizer]<id>:<height>:<width>:<type>";
  // the first answer has type init. Any other message of its kind asks for the height again, and
  // every change of the content's height is told.
  let resizer = null;  // {id, source, origin, inited} once the parent has greeted
  // Until the first frame says how tall the content is, the page's own height answers the greeting
  // (the parent warns about frames that stay silent for 5 s).
  function tellResizer() {
    if (!resizer) return;
    const type = resizer.inited ? 'resize' : 'init';
    resizer.inited = true;
    const height = api.contentHeight() || document.documentElement.scrollHeight;
    try {
      resizer.source.postMessage(`[iFrameSizer]${resizer.id}:${height}:${innerWidth}:${type}:attention`, resizer.origin);
    } catch (e) { /* the host went away */ }
  }
  function onResizerMessage(e) {
    if (!api.pageOptions().embed || typeof e.data !== 'string' || !e.data.startsWith('[iFrameSizer]') ||
        e.source !== window.parent) return;
    if (!allowAll && !allowed.includes(e.origin)) return;
    const fields = e.data.slice(13).split(':');
    if (fields[1] === '8') resizer = { id: fields[0], source: e.source, origin: e.origin === 'null' ? '*' : e.origin };
    tellResizer();
  }
  api.onEvent((kind, detail) => {
    if (kind === 'content-height') tellResizer();
    // A panel the learner asked to see, in a frame as tall as its content: the parent scrolls
    // its own page to that offset within the frame.
    if (kind === 'scroll-request' && resizer) {
      try { resizer.source.postMessage(`[iFrameSizer]${resizer.id}:${detail.top}:0:scrollToOffset`, resizer.origin); } catch (e) { /* gone */ }
    }
  });

  window.addEventListener('message', onMessage);
  window.addEventListener('message', onResizerMessage);
  // attention.js loads this bridge with the first message a page sends the demo (its own kind, or
  // iframe-resizer's greeting); what came before it is answered now, in order.
  for (const event of api.takeEarlyMessages()) {
    onMessage(event);
    onResizerMessage(event);
  }

  api.onEvent((kind, detail) => {
    for (const [source, sub] of subscribers) {
      if (sub.kinds && !sub.kinds.has(kind)) continue;
      try { source.postMessage({ type: 'attention:event', kind, detail }, targetFor(sub.origin)); } catch (e) { subscribers.delete(source); }
    }
  });
})();
