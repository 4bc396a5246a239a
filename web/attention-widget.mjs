// The demo as a notebook or static-site widget, in the anywidget convention: a module whose
// render({model, el}) draws into el and keeps a model in step. Used by Jupyter's anywidget, MyST's
// {anywidget} directive (Jupyter Book 2), marimo, and by python/attention_explainer.
//
// The model's values (all optional):
//   url      where the demo's index.html is; default: beside this module (a dist/ folder)
//   link     a deep link's fragment, "#example=three-tokens&query=1&panels=inputs,weights&step=3"
//   state    the state document (docs/state-schema.md), an object or its JSON text: set from the
//            notebook, it is shown; changed by the learner, it comes back (model.save_changes())
//   theme    "light" | "dark" (default: the reader's own setting)
//   height   the frame's first height in CSS px (default 520); the demo then sizes it to its content
//   title    the frame's accessible name (default "Attention scores demo")
//
// Lesson events (quiz-answered, step-changed, ... docs/lesson-events.md) go to the kernel as custom
// messages {type: "attention:event", kind, detail} (model.send) and to the page as a bubbling
// "attention-event" DOM event on el. The demo itself runs in an iframe and talks only by
// postMessage (web/attention-messages.js), so a notebook's page and the demo never share code.

const DEFAULT_HEIGHT = 520;
const HELLO_EVERY_MS = 250;
const HELLO_FOR_MS = 30000;

// Throws when no url was given and this module has no address of its own to go by: anywidget
// loads a notebook widget's code from a blob: URL.
function frameSource(model) {
  const url = model.get('url');
  if (!url && !/^https?:|^file:/.test(import.meta.url)) throw new Error("set the widget's url to the demo's index.html");
  const base = new URL(url || './index.html', import.meta.url);
  base.search = '?embed=1';
  const theme = model.get('theme');
  if (theme === 'light' || theme === 'dark') base.search += `&theme=${theme}`;
  const link = String(model.get('link') || '');
  base.hash = link.startsWith('#') ? link.slice(1) : link;
  return base.href;
}

// A state value from the model as the JSON text the demo takes, or null for "none given" (a
// traitlets Dict starts as {}).
function stateText(value) {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return null;
  return JSON.stringify(value);
}

export function render({ model, el, signal }) {
  let source;
  try { source = frameSource(model); } catch (e) {
    const message = Object.assign(document.createElement('p'), { textContent: `Attention demo: ${e.message}` });
    el.append(message);
    return () => message.remove();
  }
  const iframe = document.createElement('iframe');
  iframe.src = source;
  iframe.title = String(model.get('title') || 'Attention scores demo');
  iframe.style.cssText = `display:block;width:100%;border:0;height:${Number(model.get('height')) || DEFAULT_HEIGHT}px`;
  iframe.setAttribute('allow', 'clipboard-write');
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.style.cssText = 'margin:4px 0;font:13px system-ui,sans-serif;color:#a61b1b';
  status.hidden = true;
  el.append(iframe, status);

  const demoOrigin = new URL(iframe.src).origin;
  const target = demoOrigin === 'null' || demoOrigin === 'file://' ? '*' : demoOrigin;
  const pending = new Map();  // request id -> resolve
  let nextId = 1;
  let ready = false;
  let shown = null;  // the state text the demo and the model agree on: no echo back and forth

  const post = (message) => iframe.contentWindow && iframe.contentWindow.postMessage(message, target);
  const request = (type, payload = {}) => new Promise((resolve) => {
    const id = `widget-${nextId++}`;
    pending.set(id, resolve);
    post({ type, id, ...payload });
  });
  const report = (text) => { status.textContent = text; status.hidden = !text; };

  async function sendState() {
    const text = stateText(model.get('state'));
    if (!ready || text === null || text === shown) return;
    const reply = await request('attention:setState', { state: text });
    if (reply.ok) { shown = text; report(''); } else report(`The demo kept its last state: ${reply.error}`);
  }

  async function readState() {
    const reply = await request('attention:getState');
    if (!reply.ok) return;
    const text = JSON.stringify(reply.result);
    if (text === shown) return;
    shown = text;
    model.set('state', reply.result);
    model.save_changes();
  }

  function onMessage(event) {
    if (event.source !== iframe.contentWindow || (target !== '*' && event.origin !== demoOrigin)) return;
    const data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'attention:reply' && pending.has(data.id)) {
      const resolve = pending.get(data.id);
      pending.delete(data.id);
      resolve(data);
    } else if (data.type === 'attention:resize') {
      const height = Number(data.height);
      if (Number.isFinite(height) && height >= 80 && height <= 20000) iframe.style.height = `${Math.ceil(height)}px`;
    } else if (data.type === 'attention:event' && typeof data.kind === 'string') {
      if (data.kind === 'state-changed') readState();
      if (typeof model.send === 'function') model.send({ type: 'attention:event', kind: data.kind, detail: data.detail });
      el.dispatchEvent(new CustomEvent('attention-event', { bubbles: true, detail: { kind: data.kind, detail: data.detail } }));
    }
  }
  window.addEventListener('message', onMessage);

  // The demo answers attention:hello once its script runs; until then, ask again.
  const started = Date.now();
  const helloTimer = setInterval(() => {
    if (Date.now() - started > HELLO_FOR_MS) {
      clearInterval(helloTimer);
      report(`The demo at ${iframe.src.split('#')[0]} did not answer: check the widget's url.`);
      return;
    }
    request('attention:hello').then(async (reply) => {
      if (ready || !reply.ok) return;
      ready = true;
      clearInterval(helloTimer);
      report('');
      await request('attention:subscribe');
      if (stateText(model.get('state')) !== null) await sendState();
      else await readState();  // the notebook starts from what the link shows
    });
  }, HELLO_EVERY_MS);

  const onState = () => { sendState(); };
  model.on('change:state', onState);

  const cleanup = () => {
    clearInterval(helloTimer);
    window.removeEventListener('message', onMessage);
    if (typeof model.off === 'function') model.off('change:state', onState);
    iframe.remove();
    status.remove();
  };
  if (signal) signal.addEventListener('abort', cleanup);
  return cleanup;
}

export default { render };
