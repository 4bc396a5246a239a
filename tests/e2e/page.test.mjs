// The built page: it loads, reports ready, draws a non-blank canvas, answers its JS API with the
// lesson's numbers, and refuses a bad state with a clear message while keeping the last good one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, decodePng, regionStats, saveArtifact, openSettled }
  from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const close = (got, want, eps = 0.51e-4) =>
  assert.ok(Math.abs(got - want) <= eps, `got ${got}, want ${want}`);
const allClose = (got, want, eps) => { assert.equal(got.length, want.length); got.forEach((g, i) => close(g, want[i], eps)); };

test('page: loads, resolves attention.ready and logs no error', async () => {
  const page = await openPage(browser, server.url + '/');
  await waitReady(page);
  const stats = await page.evaluate(() => window.attention.stats());
  assert.ok(stats.frames >= 1, 'at least one frame rendered');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('page: results() gives the lesson numbers for your-journey', async () => {
  const page = await openPage(browser, server.url + '/');
  await waitReady(page);
  const r = await page.evaluate(() => window.attention.results());
  assert.deepEqual(Object.keys(r), ['tokens', 'inputs', 'query_index', 'query', 'scores', 'weights', 'context',
    'score_matrix', 'weight_matrix', 'context_matrix', 'projection', 'module']);
  assert.equal(r.query_index, 1);
  allClose(r.scores, [0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865]);
  allClose(r.weights.softmax, [0.1385, 0.2379, 0.2333, 0.1240, 0.1082, 0.1581]);
  allClose(r.context, [0.4419, 0.6515, 0.5683]);
  assert.equal(r.projection, null);
  assert.equal(r.module, null);
  await page.context().close();
});

test('page: setState switches example and query; the wrong query gives [1, 2, 0]', async () => {
  const page = await openPage(browser, server.url + '/');
  await waitReady(page);
  const outcome = await page.evaluate(() => window.attention.setState({
    tokens: ['token 0', 'token 1', 'token 2'], inputs: [[1, 0], [2, 2], [0, 1]], query: 0 }));
  assert.deepEqual(outcome, { ok: true, error: null });
  const r = await page.evaluate(() => window.attention.results());
  assert.deepEqual(r.scores, [1, 2, 0]);
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 0);
  await page.context().close();
});

test('page: a bad setState returns an error naming the problem and changes nothing', async () => {
  const page = await openPage(browser, server.url + '/');
  await waitReady(page);
  const before = await page.evaluate(() => window.attention.getState());
  const cases = [
    [{ tokens: ['a', 'b'], inputs: [[1, 2], [3]] }, /inputs\[1\]/],
    [{ tokens: ['a'], inputs: [[1]], query: 4 }, /query/],
    ['{"tokens": [', /line 1/],
    [{ tokens: ['a'], inputs: [[1]], colour: 'red' }, /colour/],
  ];
  for (const [bad, pattern] of cases) {
    const outcome = await page.evaluate((s) => window.attention.setState(s), bad);
    assert.equal(outcome.ok, false);
    assert.match(outcome.error, pattern);
  }
  assert.deepEqual(await page.evaluate(() => window.attention.getState()), before);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('page: the canvas is drawn (plot and heatmap regions are not blank)', async () => {
  const page = await openSettled(browser, server.url + '/');
  const shot = await page.screenshot();
  await saveArtifact('page-1280x800.png', shot);
  const png = decodePng(shot);
  const layout = await page.evaluate(() => window.attention.layout());
  for (const name of ['panel:plot', 'heatmap:scores', 'heatmap:weights']) {
    const item = layout.find((l) => l.name === name);
    assert.ok(item, `layout has ${name}`);
    const s = regionStats(png, item.x, item.y, item.w, item.h);
    assert.ok(s.distinctColors > 8 && s.nonDominantShare > 0.05, `${name} shows content: ${JSON.stringify(s)}`);
  }
  await page.context().close();
});
