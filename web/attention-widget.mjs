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
// postMessage (web/attention-messages.js), through the client host pages use
// (web/attention-host.js, loaded from beside the demo).

const DEFAULT_HEIGHT = 520;
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

  const report = (text) => { status.textContent = text; status.hidden = !text; };
  let demo = null;      // the AttentionFrame (web/attention-host.js) that talks to the frame
  let closed = false;
  let shown = null;     // the state text the demo and the model agree on: no echo back and forth

  async function sendState() {
    const text = stateText(model.get('state'));
    if (!demo || text === null || text === shown) return;
    try {
      await demo.setState(text);
      shown = text;
      report('');
    } catch (e) {
      report(`The demo kept its last state: ${e.message}`);
    }
  }

  async function readState() {
    const state = await demo.getState().catch(() => null);
    if (!state || JSON.stringify(state) === shown) return;
    shown = JSON.stringify(state);
    model.set('state', state);
    model.save_changes();
  }

  const onState = () => { sendState(); };
  model.on('change:state', onState);

  // The postMessage client is attention-host.js, from beside the demo's page: the same one host
  // pages use (ids, origins, the frame's height, events).
  (async () => {
    await hostLibrary(new URL('attention-host.js', source).href);
    if (closed) return;
    demo = new window.AttentionFrame(iframe);
    const answered = await Promise.race([demo.ready.then(() => true),
                                         new Promise((resolve) => setTimeout(() => resolve(false), HELLO_FOR_MS))]);
    if (closed) return;
    if (!answered) {
      report(`The demo at ${source.split('#')[0]} did not answer: check the widget's url.`);
      return;
    }
    demo.on('*', (detail, kind) => {
      if (kind === 'state-changed') readState();
      if (typeof model.send === 'function') model.send({ type: 'attention:event', kind, detail });
      el.dispatchEvent(new CustomEvent('attention-event', { bubbles: true, detail: { kind, detail } }));
    });
    if (stateText(model.get('state')) !== null) await sendState();
    else await readState();  // the notebook starts from what the link shows
  })().catch((e) => report(`Attention demo: ${e.message}`));

  const cleanup = () => {
    closed = true;
    if (demo) demo.destroy();
    if (typeof model.off === 'function') model.off('change:state', onState);
    iframe.remove();
    status.remove();
  };
  if (signal) signal.addEventListener('abort', cleanup);
  return cleanup;
}

// Loads web/attention-host.js once per page (it defines window.AttentionFrame).
let hostLoading = null;
function hostLibrary(src) {
  if (window.AttentionFrame) return Promise.resolve();
  if (!hostLoading) {
    hostLoading = new Promise((resolve, reject) => {
      const script = Object.assign(document.createElement('script'), { src });
      script.onload = resolve;
      script.onerror = () => { hostLoading = null; reject(new Error(`could not load ${src}: check the widget's url`)); };
      document.head.appendChild(script);
    });
  }
  return hostLoading;
}

export default { render };
