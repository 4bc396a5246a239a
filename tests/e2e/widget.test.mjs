// web/attention-widget.mjs, the anywidget-style module (Jupyter's anywidget, MyST's {anywidget}):
// render({model, el}) on a page with a model that behaves like anywidget's (get, set, on, off,
// save_changes, send; Backbone's semantics: set fires change:<name> at once). Checked: the state
// goes both ways through the postMessage API, the learner's clicks reach the model and the kernel
// (model.send), a bad state from the notebook is refused with a message and the demo keeps its
// last state, and the frame sizes itself.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, waitFrameFits, demoFrame, distDir,
  clickInFrame as click, saveArtifact } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// The model: what anywidget hands render(), written from @anywidget/types's AnyModel.
const MODEL = `
class Model {
  constructor(values) { this.values = values; this.handlers = new Map(); this.saves = 0; this.sent = []; }
  get(key) { return this.values[key]; }
  set(key, value) { this.values[key] = value; for (const h of this.handlers.get('change:' + key) || []) h(); }
  on(name, callback) { if (!this.handlers.has(name)) this.handlers.set(name, []); this.handlers.get(name).push(callback); }
  off(name, callback) { this.handlers.set(name, (this.handlers.get(name) || []).filter((h) => h !== callback)); }
  save_changes() { this.saves += 1; }
  send(content) { this.sent.push(content); }
}`;

function notebookPage(moduleUrl, values) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>notebook</title>
<link rel="icon" href="data:,"></head><body style="margin:0;padding:8px;width:900px">
<p>In [1]: show(inputs, query=1)</p><div id="out"></div><p id="after">In [2]:</p>
<script type="module">
import widget from '${moduleUrl}';
${MODEL}
window.model = new Model(${JSON.stringify(values)});
window.domEvents = [];
const el = document.getElementById('out');
el.addEventListener('attention-event', (e) => window.domEvents.push(e.detail.kind));
window.cleanup = widget.render({ model: window.model, el });
</script></body></html>`;
}

// What the notebook's model holds now, for an error message.
const modelNow = (page) => page.evaluate(() => `saves ${window.model.saves}, state ${JSON.stringify(window.model.get('state'))}`.slice(0, 300));

async function openNotebook(moduleUrl, values) {
  const route = `/notebook-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, notebookPage(moduleUrl, values));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 940, height: 800 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  return { page, frame };
}

test('widget: a notebook page on another origin shows the demo, and the state goes both ways', async () => {
  // The notebook serves the widget's code itself (anywidget ships it with the Python class); the
  // demo comes from its own origin, given as url.
  server.routes.set('/nb/attention-widget.mjs', { body: readFileSync(path.join(distDir, 'attention-widget.mjs')),
                                                  type: 'text/javascript' });
  const { page, frame } = await openNotebook('/nb/attention-widget.mjs',
    { url: `${server.url}/index.html`, link: '#example=three-tokens&query=1&panels=inputs,weights' });

  // The notebook starts from what the link shows.
  await waitFor(page, () => window.model.saves > 0 && window.model.get('state'), null, 'the widget to save the demo\'s state to the model',
                { describe: () => modelNow(page) });
  let state = await page.evaluate(() => window.model.get('state'));
  assert.equal(state.query, 1);
  assert.deepEqual(state.tokens, (await frame.evaluate(() => window.attention.getState())).tokens);

  // The notebook sets a state (the learner's own tensor, as the Python helper builds it): shown.
  const mine = { ...state, query: 0, tokens: ['cat', 'sat', 'mat'] };
  await page.evaluate((s) => window.model.set('state', s), mine);
  await waitFor(frame, () => window.attention.getState().tokens[0] === 'cat', null, 'the demo to show the notebook\'s state (tokens[0] "cat")',
                { describe: () => frame.evaluate(() => JSON.stringify(window.attention.getState().tokens)) });
  assert.equal(await frame.evaluate(() => window.attention.getState().query), 0);

  // The learner clicks a token in the demo: the model hears the new query, and the kernel the event.
  await waitIdle(frame);
  await click(page, frame, 'token:2');
  await waitFor(page, () => window.model.get('state').query === 2, null, 'the model to hear the clicked query 2',
                { describe: () => modelNow(page) });
  const sent = await page.evaluate(() => window.model.sent.map((m) => `${m.type} ${m.kind}`));
  assert.ok(sent.includes('attention:event query-changed'), `events sent to the kernel: ${sent.join(', ')}`);
  assert.ok((await page.evaluate(() => window.domEvents)).includes('query-changed'), 'and to the page');

  // A bad state from the notebook: refused with a message that names the problem; the demo keeps
  // what it showed.
  await page.evaluate(() => window.model.set('state', '{"version": 1, "tokens": ["a"]'));
  await waitFor(page, () => !document.querySelector('#out [role=status]').hidden, null, 'the widget to show the refusal');
  const message = await page.evaluate(() => document.querySelector('#out [role=status]').textContent);
  assert.match(message, /kept its last state: .*JSON/i);
  assert.equal(await frame.evaluate(() => window.attention.getState().query), 2);
  assert.equal(await frame.evaluate(() => window.attention.getState().tokens[0]), 'cat');

  // The frame is as tall as the demo's content.
  await waitFrameFits(page, frame, '#out iframe');
  const wanted = await frame.evaluate(() => window.attention.contentHeight());
  const height = await page.evaluate(() => document.querySelector('#out iframe').getBoundingClientRect().height);
  assert.ok(Math.abs(height - wanted) <= 4, `frame ${height} px, content ${wanted} px`);
  await saveArtifact('widget-notebook.png', await page.screenshot({ fullPage: true }));

  // The refused state above is the only thing reported, and only on the page (not as an error).
  assert.deepEqual(page.problems, []);
  // Closing the cell removes the demo.
  await page.evaluate(() => window.cleanup());
  assert.equal(await page.evaluate(() => document.querySelectorAll('#out iframe').length), 0);
  await page.context().close();
});

test('widget: a model whose state starts empty (a traitlets Dict) gets the view the link shows', async () => {
  server.routes.set('/nb/attention-widget.mjs', { body: readFileSync(path.join(distDir, 'attention-widget.mjs')),
                                                  type: 'text/javascript' });
  const { page, frame } = await openNotebook('/nb/attention-widget.mjs',
    { url: `${server.url}/index.html`, link: '#example=cat-sat-mat&query=2', state: {} });
  await waitFor(page, () => window.model.get('state').tokens, null, 'the widget to fill the empty state from the link',
                { describe: () => modelNow(page) });
  assert.equal(await page.evaluate(() => window.model.get('state').query), 2);
  assert.equal(await frame.evaluate(() => window.attention.getState().example), 'cat-sat-mat');
  assert.equal(await page.evaluate(() => document.querySelector('#out [role=status]').hidden), true, 'no refusal shown');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('widget: loaded from beside the demo (a MyST site with dist/), it finds index.html itself', async () => {
  const route = `/mystsite-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, notebookPage('./attention-widget.mjs', { link: '#example=your-journey&step=2', theme: 'dark' }));
  const page = await openPage(browser, `${server.url}${route}`, { viewport: { width: 940, height: 800 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  const src = await page.evaluate(() => document.querySelector('#out iframe').src);
  assert.equal(src, `${server.url}/index.html?embed=1&theme=dark#example=your-journey&step=2`);
  await waitFor(page, () => window.model.get('state'), null, 'the widget to save the demo\'s state to the model',
                { describe: () => modelNow(page) });
  assert.equal(await page.evaluate(() => window.model.get('state').step), 2);
  await page.context().close();
});

test('widget: given no url where it has no address of its own (a blob: module), it says what to set', async () => {
  const route = `/blob-${Math.random().toString(36).slice(2)}.html`;
  const code = readFileSync(path.join(distDir, 'attention-widget.mjs'), 'utf8');
  server.routes.set(route, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blob</title>
<link rel="icon" href="data:,"></head><body><div id="out"></div><script type="module">
${MODEL}
const url = URL.createObjectURL(new Blob([${JSON.stringify(code)}], { type: 'text/javascript' }));
const widget = (await import(url)).default;
widget.render({ model: new Model({}), el: document.getElementById('out') });
</script></body></html>`);
  const page = await openPage(browser, `${server.url}${route}`);
  await waitFor(page, () => document.getElementById('out').textContent.length > 0, null, 'the widget to say what to set');
  assert.match(await page.evaluate(() => document.getElementById('out').textContent), /set the widget's url/);
  assert.equal(await page.evaluate(() => document.querySelectorAll('iframe').length), 0);
  await page.context().close();
});
