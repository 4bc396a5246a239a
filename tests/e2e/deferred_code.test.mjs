// What the first view does not run comes when it is first used (core/view/deferred_code.h): the
// page's first view fetches no attention-explainer.deferred.wasm; opening Import or Export, turning
// the book's classes on or showing the PyTorch code fetches it once, and the panel then works as
// before. A failed fetch is named in the panel, is not repeated on its own, and "Try again" fetches
// again. Real clicks, typing and taps at 1366 x 768 and on a 390 x 844 phone (DPR 2).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, settleAfter, layoutItem, saveArtifact } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const DEFERRED = '/attention-explainer.deferred.wasm';
const laptop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// The page, with every path it requests from the server recorded from the start.
async function openRecording(url, options) {
  const page = await openPage(browser, 'about:blank', options);
  page.requested = [];
  page.on('request', (r) => page.requested.push(new URL(r.url()).pathname));
  await page.goto(url);
  await waitReady(page);
  await waitIdle(page);
  return page;
}
const deferredFetches = (page) => page.requested.filter((p) => p === DEFERRED).length;
const results = (page) => page.evaluate(() => window.attention.results({ matrices: false }));
const stats = (page) => page.evaluate(() => window.attention.stats());

async function click(page, name) {
  const r = await layoutItem(page, name);
  await settleAfter(page, () => page.mouse.click(r.x + r.w / 2, r.y + r.h / 2), `a click on ${name}`);
}

test('deferred code: the first view fetches none of it; Import and the book\'s classes fetch it once, when used', async () => {
  const page = await openRecording(server.url + '/', laptop);
  assert.equal(deferredFetches(page), 0, 'the first view runs without the deferred code');
  assert.equal((await results(page)).module, null);

  // Opening Import fetches its box and reader; it reads what the learner types.
  await click(page, 'import:open');
  assert.equal(deferredFetches(page), 1, 'opening Import fetched its box');
  await click(page, 'import:text');
  await page.focus('canvas');  // keys reach SDL only while the canvas has the browser's focus
  await settleAfter(page, () => page.keyboard.type('[[1,2],[3,4]]'), 'typing a matrix into Import');
  assert.equal(deferredFetches(page), 1, 'typing into Import fetched nothing more');
  assert.deepEqual(page.requested.filter((p) => p.startsWith('/lessons/')), [], 'and no lesson file');
  await click(page, 'import:apply');
  assert.deepEqual((await page.evaluate(() => window.attention.getState())).inputs, [[1, 2], [3, 4]]);

  // The book's classes run on the learner's click, with the code already here: no second fetch.
  await click(page, 'module:toggle');
  const module = (await results(page)).module;
  assert.ok(module, 'results() has the classes once they ran');
  assert.equal(module.name, 'self-attention-v2');
  assert.equal(deferredFetches(page), 1, 'the deferred code is fetched once');
  await saveArtifact('deferred-code-1366.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('deferred code: a link that turns the book\'s classes on shows them once their code is in', async () => {
  const page = await openRecording(server.url + '/#example=your-journey&module=causal-attention&panels=module', laptop);
  assert.equal(deferredFetches(page), 1);
  const s = await stats(page);
  assert.equal(s.code_loading, false);
  assert.equal(s.code_error, '');
  const module = (await results(page)).module;
  assert.equal(module?.name, 'causal-attention', 'settled: the classes ran on the link\'s inputs');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('deferred code: the PyTorch code, shown on its own, comes with its generator', async () => {
  const page = await openRecording(server.url + '/#example=three-tokens&panels=code', laptop);
  assert.equal(deferredFetches(page), 1, 'showing the code fetched its generator');
  await layoutItem(page, 'code:copy');  // the code view is drawn, with its Copy button
  assert.equal((await stats(page)).code_error, '');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('deferred code: Export fetches its writer when opened, and its JSON copies to the clipboard and back in', async () => {
  const page = await openRecording(server.url + '/#example=three-tokens', laptop);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  assert.equal(deferredFetches(page), 0);
  await click(page, 'import:open');
  await click(page, 'import:tab:export');
  await waitFor(page, () => window.attention.layout().some((l) => l.name === 'export:copy:json'), null,
    'the Export tab drawn with its Copy buttons');
  assert.equal(deferredFetches(page), 1, 'opening Export fetched its writer');
  await click(page, 'export:copy:json');
  await layoutItem(page, 'export:copied');  // the button says it copied
  const copied = await (await waitFor(page, () => navigator.clipboard.readText().then((t) => t.includes('inputs') && t),
    null, 'the JSON on the clipboard')).jsonValue();
  const json = JSON.parse(copied);
  assert.deepEqual(json.tokens, ['token 0', 'token 1', 'token 2']);
  assert.deepEqual(json.inputs, [[1, 0], [2, 2], [0, 1]]);
  // It pastes back in exactly, as the tab promises.
  await click(page, 'import:tab:import');
  await click(page, 'import:text');
  await page.focus('canvas');
  await settleAfter(page, () => page.keyboard.press('Control+V'), 'Ctrl+V into Import');
  await waitFor(page, () => window.attention.layout().some((l) => l.name === 'import:apply'), null, 'Apply');
  await click(page, 'import:apply');
  const back = await page.evaluate(() => window.attention.getState());
  assert.deepEqual(back.inputs, [[1, 0], [2, 2], [0, 1]]);
  assert.equal(back.example, 'three-tokens', 'the example\'s own data, back in, is that example again, not "(custom data)"');
  assert.equal(deferredFetches(page), 1, 'the deferred code is fetched once');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('deferred code: the Random… dialog fetches its body when opened, and Generate makes the book\'s torch.rand data', async () => {
  const page = await openRecording(server.url + '/#example=three-tokens', laptop);
  assert.equal(deferredFetches(page), 0);
  await click(page, 'inputs:random');
  await waitFor(page, () => window.attention.layout().some((l) => l.name === 'random:generate'), null,
    'the dialog drawn with its Generate button');
  assert.equal(deferredFetches(page), 1, 'opening Random… fetched its body');
  await click(page, 'random:generate');  // n = 256, d = 64, seed 123 until the learner types others
  const state = await page.evaluate(() => window.attention.getState());
  assert.equal(state.example, 'random-256x64-seed123');
  assert.equal(state.inputs.length, 256);
  assert.equal(state.inputs[0].length, 64);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('deferred code: turning the projection on fetches its body once, and it shows the book\'s W matrices', async () => {
  const page = await openRecording(server.url + '/#example=your-journey', laptop);
  assert.equal(deferredFetches(page), 0, 'the first view shows the projection off, without its body');
  await click(page, 'projection:toggle');
  await waitFor(page, () => window.attention.layout().some((l) => l.name === 'table:W_query_grid'), null,
    'W_query drawn in the projection panel');
  assert.equal(deferredFetches(page), 1, 'turning it on fetched the body');
  const r = await results(page);
  assert.ok(r.projection, 'results() has the projection');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('deferred code: a failed fetch is named in the panel, not repeated on its own, and "Try again" fetches it', async () => {
  const page = await openPage(browser, 'about:blank', laptop);
  page.requested = [];
  page.on('request', (r) => page.requested.push(new URL(r.url()).pathname));
  let refuse = true;
  await page.route('**' + DEFERRED, (route) => (refuse ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  await page.goto(server.url + '/');
  await waitReady(page);
  await waitIdle(page);
  await click(page, 'module:toggle');
  await waitFor(page, () => window.attention.stats().code_error !== '', undefined, 'the failed fetch to be reported');
  await waitIdle(page);
  assert.match((await stats(page)).code_error, /deferred\.wasm answered HTTP 503/);
  assert.equal((await results(page)).module, null, 'no module numbers without their code');
  assert.equal((await page.evaluate(() => window.attention.getState())).module?.name, 'self-attention-v2',
               'the learner\'s choice stays');
  await layoutItem(page, 'module:retry');  // "Try again" is on screen beside the reason
  // More frames (a hover) fetch nothing more: only the learner's "Try again" does.
  const retry = await layoutItem(page, 'module:retry');
  await settleAfter(page, () => page.mouse.move(retry.x - 40, retry.y - 40), 'a hover');
  assert.equal(deferredFetches(page), 1, 'the failed fetch is not repeated on its own');
  await saveArtifact('deferred-code-failed-1366.png', await page.screenshot());

  // A host page that follows the results by their version hears when the classes' numbers arrive.
  const before = await page.evaluate(() => {
    window.changes = 0;
    window.attention.onChange(() => { window.changes += 1; });
    return window.attention.summary().version;
  });
  refuse = false;
  await click(page, 'module:retry');
  await waitFor(page, () => window.attention.results({ matrices: false }).module !== null, undefined, 'the classes to run');
  assert.equal(deferredFetches(page), 2);
  assert.equal((await stats(page)).code_error, '');
  assert.equal((await results(page)).module.name, 'self-attention-v2');
  assert.ok((await page.evaluate(() => window.attention.summary().version)) > before, 'a new version of the results');
  assert.ok((await page.evaluate(() => window.changes)) > 0, 'onChange heard of it');
  // The browser reports the refused request itself; nothing else went wrong.
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource.*503/.test(p)), []);
  await page.context().close();
});

test('deferred code: on a phone, a tap turns the book\'s classes on and they run', async () => {
  const page = await openRecording(server.url + '/#panels=module', phone);
  assert.equal(deferredFetches(page), 0);
  const r = await layoutItem(page, 'module:toggle');
  await settleAfter(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2), 'a tap on module:toggle', { lifted: true });
  const module = (await results(page)).module;
  assert.equal(module?.name, 'self-attention-v2');
  assert.equal(deferredFetches(page), 1);
  await saveArtifact('deferred-code-390.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
