// Embedding: the course-page example with two demos, the postMessage API (replies, validation,
// events, an origin allowlist), and a sandboxed iframe (opaque origin, CORS for the .wasm).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, within, budget, demoFrame, decodePng, regionStats,
  saveArtifact } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// A host page whose iframe shows the demo; messages are posted and collected by test code.
function hostPage(src, extra = '') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title><link rel="icon" href="data:,"></head><body>
<button id="before">before</button>
<iframe id="demo" src="${src}" title="demo" style="width:900px;height:600px;border:0" ${extra}></iframe>
<button id="after">after</button></body></html>`;
}

// Posts a message from the host page and waits for the reply with its id (null after timeoutMs,
// default the harness's budget: the callers assert that a reply came).
function ask(page, message, timeoutMs = budget()) {
  return page.evaluate(([msg, ms]) => new Promise((resolve) => {
    const frame = document.getElementById('demo').contentWindow;
    // A request without a usable id is answered with id null.
    const id = typeof msg.id === 'string' || typeof msg.id === 'number' ? msg.id : null;
    const onMessage = (e) => {
      if (e.source !== frame || !e.data || e.data.type !== 'attention:reply' || e.data.id !== id) return;
      window.removeEventListener('message', onMessage);
      resolve({ origin: e.origin, data: e.data });
    };
    window.addEventListener('message', onMessage);
    frame.postMessage(msg, '*');
    setTimeout(() => { window.removeEventListener('message', onMessage); resolve(null); }, ms);
  }), [message, timeoutMs]);
}

// Posts a message the demo (frame, in the host page's iframe #demo) must not answer, and returns
// the reply it sent anyway, or null. No waiting for a reply that should never come: the demo itself
// says when it has handled the message (a listener in the frame, after the bridge's own), and any
// reply, sent while handling it, reaches the host before that word does (postMessage keeps order).
async function askUnanswered(page, frame, message) {
  await frame.evaluate((id) => {
    window.addEventListener('message', function seen(e) {
      if (!e.data || e.data.id !== id || e.data.type === 'attention:reply') return;
      window.removeEventListener('message', seen);
      // A task after this one: the bridge's reply (a microtask of this event) is already sent.
      setTimeout(() => window.parent.postMessage({ type: 'test:handled', id }, '*'), 0);
    });
  }, message.id);
  return within(page.evaluate((msg) => new Promise((resolve) => {
    const frameWindow = document.getElementById('demo').contentWindow;
    let reply = null;
    window.addEventListener('message', function on(e) {
      if (e.source !== frameWindow || !e.data || e.data.id !== msg.id) return;
      if (e.data.type === 'attention:reply') reply = { origin: e.origin, data: e.data };
      if (e.data.type === 'test:handled') { window.removeEventListener('message', on); resolve(reply); }
    });
    frameWindow.postMessage(msg, '*');
  }), message), `waiting for the demo to handle ${JSON.stringify(message)}`);
}

test('embed: the course page loads both demos in their own states and talks to them', async () => {
  const page = await openPage(browser, server.url + '/embed-example.html');
  const first = await demoFrame(page, 'example=three-tokens');
  await first.frameElement().then((e) => e.scrollIntoViewIfNeeded());
  await waitReady(first);
  const s1 = await first.evaluate(() => window.attention.getState());
  assert.equal(s1.example, 'three-tokens');
  assert.equal(s1.query, 0);
  assert.deepEqual(s1.panels, ['inputs', 'weights']);
  assert.equal((await first.evaluate(() => window.attention.pageOptions())).embed, true);

  const second = await demoFrame(page, 'example=your-journey');
  await second.frameElement().then((e) => e.scrollIntoViewIfNeeded());
  await waitReady(second);
  const s2 = await second.evaluate(() => window.attention.getState());
  assert.equal(s2.projection.enabled, true);
  assert.deepEqual(s2.panels, ['plot', 'projection', 'heatmaps']);

  // The page's own script reads the first demo through attention-host.js ...
  const text = (id) => () => page.evaluate((i) => `#${i}: "${document.getElementById(i).textContent}"`, id);
  await waitFor(page, () => document.getElementById('mistake-query').textContent === 'inputs[0] ("token 0")', null,
                'the course page to show the first demo\'s query', { describe: text('mistake-query') });
  await waitFor(page, () => /^-?\d+\.\d{3}(, -?\d+\.\d{3}){5}$/.test(document.getElementById('projection-scores').textContent),
                null, 'the course page to show the second demo\'s scores', { describe: text('projection-scores') });
  // ... changes it on request, and follows the query-changed event.
  await page.click('#fix-query');
  await waitFor(page, () => document.getElementById('mistake-query').textContent === 'inputs[1] ("token 1")', null,
                'the course page to follow the query-changed event', { describe: text('mistake-query') });
  assert.equal((await first.evaluate(() => window.attention.getState())).query, 1);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('embed: postMessage requests get replies with their id, and bad requests a clear error', async () => {
  server.routes.set('/host.html', hostPage('/index.html#example=cat-sat-mat'));
  const page = await openPage(browser, server.url + '/host.html');
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);

  const got = await ask(page, { type: 'attention:getState', id: 'a1' });
  assert.equal(got.origin, server.url);
  assert.equal(got.data.ok, true);
  assert.equal(got.data.result.example, 'cat-sat-mat');

  const results = await ask(page, { type: 'attention:results', id: 7 });
  assert.deepEqual(results.data.result.scores, [1, 5, 2]);

  const bad = await ask(page, { type: 'attention:setState', id: 'a2', state: { tokens: ['a'], inputs: [[1]], query: 3 } });
  assert.deepEqual(bad.data, { type: 'attention:reply', id: 'a2', ok: false,
    error: 'query is 3 but there is 1 token: use 0 (positions count from zero)' });
  const notState = await ask(page, { type: 'attention:setState', id: 'a3', state: 42 });
  assert.match(notState.data.error, /^state must be a state object or its JSON text/);
  const unknown = await ask(page, { type: 'attention:eval', id: 'a4', code: 'alert(1)' });
  assert.match(unknown.data.error, /^unknown type "attention:eval": use one of attention:hello, attention:getState/);
  const noId = await ask(page, { type: 'attention:getState', id: { evil: true } });
  assert.deepEqual(noId.data, { type: 'attention:reply', id: null, ok: false,
    error: 'id must be a string of up to 256 characters or a finite number' });
  const huge = await ask(page, { type: 'attention:setState', id: 'a5', state: 'x'.repeat(16 * 1024 * 1024 + 1) });
  assert.match(huge.data.error, /^state is 16777217 characters long but the limit is 16 MiB/);

  // Subscribers hear about changes, whoever made them.
  await ask(page, { type: 'attention:subscribe', id: 's', kinds: ['query-changed', 'state-changed'] });
  const events = page.evaluate(() => new Promise((resolve) => {
    const seen = [];
    window.addEventListener('message', (e) => {
      if (e.data && e.data.type === 'attention:event') seen.push(e.data);
      if (seen.length === 2) resolve(seen);
    });
  }));
  const set = await ask(page, { type: 'attention:setState', id: 'a6',
    state: { example: 'cat-sat-mat', tokens: ['cat', 'sat', 'mat'], inputs: [[0, 1], [2, 1], [1, 0]], query: 0 } });
  assert.deepEqual(set.data, { type: 'attention:reply', id: 'a6', ok: true, result: null });
  const [queryChanged, stateChanged] = await within(events, 'waiting for the query-changed and state-changed events');
  assert.deepEqual(queryChanged, { type: 'attention:event', kind: 'query-changed', detail: { query: 0, token: 'cat' } });
  assert.equal(stateChanged.kind, 'state-changed');
  assert.equal(stateChanged.detail.query, 0);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('embed: with ?origins=, other origins get no reply at all', async () => {
  const allowed = server.url;                       // http://127.0.0.1:PORT
  const foreign = `http://localhost:${server.port}`;  // the same server under another origin
  const src = `${allowed}/index.html?origins=${encodeURIComponent(allowed)}`;
  server.routes.set('/host-origins.html', hostPage(src));

  const page = await openPage(browser, foreign + '/host-origins.html');
  const frame = await demoFrame(page, 'origins=');
  await waitReady(frame);
  assert.equal(await askUnanswered(page, frame, { type: 'attention:getState', id: 'x' }), null);

  const ok = await openPage(browser, allowed + '/host-origins.html');
  await waitReady(await demoFrame(ok, 'origins='));
  const reply = await ask(ok, { type: 'attention:getState', id: 'y' });
  assert.equal(reply.data.ok, true);
  await page.context().close();
  await ok.context().close();
});

test('embed: a sandboxed iframe (allow-scripts only) runs when the server sends CORS headers', async () => {
  const cors = await startServer({ headers: { 'Access-Control-Allow-Origin': '*' } });
  cors.routes.set('/sandbox.html', hostPage('/index.html#example=alignment&query=2', 'sandbox="allow-scripts"'));
  const page = await openPage(browser, cors.url + '/sandbox.html');
  try {
    const frame = await demoFrame(page, 'index.html');
    await waitReady(frame);
    assert.equal(await frame.evaluate(() => origin), 'null');
    const s = await frame.evaluate(() => window.attention.getState());
    assert.equal(s.example, 'alignment');
    assert.equal(s.query, 2);
    // An edit tries to write the URL; an opaque origin may refuse, and nothing breaks. The
    // debounced write (attention-share.js) sets the reader link first, then tries the URL.
    await frame.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 1 }));
    await waitFor(frame, () => /query=1/.test(document.getElementById('open-full').href), null,
                  'the debounced address-bar write after the edit');
    // The host reaches the sandboxed demo too; its replies come from the opaque origin "null".
    const reply = await ask(page, { type: 'attention:getState', id: 'z' });
    assert.equal(reply.origin, 'null');
    assert.equal(reply.data.result.query, 1);
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    await cors.close();
  }
});

test('embed: a frame showing two panels fills its width with both (no blank half)', async () => {
  const page = await openPage(browser, server.url + '/index.html?embed=1#example=three-tokens&query=1&panels=inputs,weights',
                              { viewport: { width: 800, height: 500 } });
  await waitReady(page);
  await waitIdle(page);
  const shot = await page.screenshot();
  await saveArtifact('embed-800x500-two-panels.png', shot);
  const png = decodePng(shot);
  // The right half holds the weights panel: bars, numbers, text. A blank half is one colour.
  const right = regionStats(png, 420, 40, 360, 260);
  assert.ok(right.nonDominantShare > 0.08, `the right half has content (${(right.nonDominantShare * 100).toFixed(1)}% non-background)`);
  const left = regionStats(png, 20, 40, 360, 260);
  assert.ok(left.nonDominantShare > 0.08, 'the left half too');
  const titles = (await page.evaluate(() => window.attention.layout())).filter((l) => l.name.startsWith('value:title:'));
  assert.deepEqual(titles.map((t) => t.name).sort(), ['value:title:inputs', 'value:title:weights']);
  await page.context().close();
});

test('embed: readers get a one-line "Open the full demo" link under the demo, no author tools over it', async () => {
  const page = await openPage(browser, server.url + '/index.html?embed=1#example=cat-sat-mat&query=2&panels=inputs,weights',
                              { viewport: { width: 800, height: 500 } });
  await waitReady(page);
  await waitIdle(page);
  // The link follows the view once the address bar does (debounced by 400 ms, attention-share.js).
  await waitFor(page, () => /example=cat-sat-mat/.test(document.getElementById('open-full').href), null,
                'the reader link to follow the view');
  const boxes = await page.evaluate(() => {
    const rect = (id) => { const r = document.getElementById(id).getBoundingClientRect(); return { top: r.top, bottom: r.bottom, height: r.height }; };
    const shown = (id) => getComputedStyle(document.getElementById(id)).display !== 'none' && document.getElementById(id).getClientRects().length > 0;
    return { canvas: rect('canvas'), bar: rect('reader-bar'), copyLink: shown('copy-link'), copyEmbed: shown('copy-embed'),
             href: document.getElementById('open-full').href, target: document.getElementById('open-full').target };
  });
  assert.equal(boxes.copyLink, false, 'no Copy link in embed mode');
  assert.equal(boxes.copyEmbed, false, 'no Copy embed code in embed mode');
  assert.ok(boxes.bar.height > 10 && boxes.bar.height < 30, `one line (${boxes.bar.height} px)`);
  assert.ok(boxes.bar.top >= boxes.canvas.bottom - 0.5, 'the bar sits under the canvas, never over it');
  assert.ok(boxes.bar.bottom <= 500.5, 'and inside the frame');
  // The link opens this view (not embedded) in a new tab; it follows the learner's changes.
  assert.match(boxes.href, /\/index\.html#.*example=cat-sat-mat/);
  assert.doesNotMatch(boxes.href, /embed=1/);
  assert.equal(boxes.target, '_blank');
  await page.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 }));
  await waitFor(page, () => /query=0/.test(document.getElementById('open-full').href), null, 'the reader link to follow the edit',
                { describe: () => page.evaluate(() => document.getElementById('open-full').href) });
  await page.context().close();
});
