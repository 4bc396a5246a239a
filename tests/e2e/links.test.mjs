// Deep links: a link reproduces its view, a bad or stale one explains itself and falls back, edits
// rewrite the fragment without adding history entries, and the copy buttons give the link.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitFor } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const state = (page) => page.evaluate(() => window.attention.getState());

test('links: a short link opens its example, query, normalisation, mask, step and panels', async () => {
  const fragment = 'example=three-tokens&query=0&norm=sum&causal=1&scale=0&project=1&seed=7&d_out=3&lab_scale=80&step=5&panels=plot,heatmaps';
  const page = await openPage(browser, server.url + '/?theme=dark#' + fragment);
  await waitReady(page);
  const s = await state(page);
  assert.equal(s.example, 'three-tokens');
  assert.deepEqual(s.tokens, ['token 0', 'token 1', 'token 2']);
  assert.equal(s.query, 0);
  assert.equal(s.norm, 'sum');
  assert.equal(s.causal, true);
  assert.equal(s.scale, false);
  assert.deepEqual(s.projection, { enabled: true, seed: 7, d_out: 3 });
  assert.equal(s.lab_scale, 80);
  assert.equal(s.step, 5);
  assert.deepEqual(s.panels, ['plot', 'heatmaps']);
  assert.equal((await page.evaluate(() => window.attention.summary())).error, '');

  // The link to share is the same view on its own page (no page options); the embed code puts the
  // view in an iframe in embed mode, in the page's theme, escaped for HTML.
  const { link, code, light } = await page.evaluate(() => ({ link: window.attention.link(), code: window.attention.embedCode(),
                                                             light: window.attention.embedCode({ theme: 'light' }) }));
  assert.equal(link, server.url + '/#' + fragment);
  assert.match(light, /^<iframe src="[^"]*\?embed=1#example=/, 'the default theme is left out');
  assert.equal(code, `<iframe src="${server.url}/?embed=1&amp;theme=dark#${fragment.replace(/&/g, '&amp;')}" ` +
    'title="Interactive demo: how attention scores are computed" width="100%" height="600" ' +
    'style="border:0;max-width:1100px" loading="lazy" allow="clipboard-write"></iframe>');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('links: a state= link from link() reproduces an edited state in a new page', async () => {
  const page = await openPage(browser, server.url + '/');
  await waitReady(page);
  const edited = { tokens: ['the', 'wrong', 'query'], inputs: [[1, 0], [2, 2], [0, 1]], query: 2, norm: 'softmax-naive' };
  assert.deepEqual(await page.evaluate((s) => window.attention.setState(s), edited), { ok: true, error: null });
  const link = await page.evaluate(() => window.attention.link());
  assert.match(link, /^http:\/\/127\.0\.0\.1:\d+\/#state=[A-Za-z0-9_-]+$/);
  const want = await state(page);
  await page.context().close();

  const again = await openPage(browser, link);
  await waitReady(again);
  assert.deepEqual(await state(again), want);
  assert.deepEqual(again.problems, []);
  await again.context().close();
});

test('links: random embeddings link by their recipe, and the link stays short', async () => {
  const page = await openPage(browser, server.url + '/#example=random-300x8-seed5&query=7');
  await waitReady(page);
  const s = await page.evaluate(() => window.attention.getState());
  assert.equal(s.example, 'random-300x8-seed5');
  assert.equal(s.tokens.length, 300);
  assert.equal(s.inputs[0].length, 8);
  assert.equal(s.query, 7);
  assert.equal(await page.evaluate(() => window.attention.link()).then((l) => new URL(l).hash),
               '#example=random-300x8-seed5&query=7');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('links: a stale link falls back to the default with the reason; a bad value refuses only its key', async () => {
  const page = await openPage(browser, server.url + '/#example=four-tokens&query=1');
  await waitReady(page);
  const s = await page.evaluate(() => window.attention.summary());
  assert.equal(s.example, 'your-journey');
  assert.equal(s.query, 1);
  assert.match(s.error, /^link: unknown example 'four-tokens': choose one of your-journey, three-tokens, cat-sat-mat, alignment, or random-<n>x<d>-seed<s> \(torch\.rand embeddings, n 1\.\.1024, d 1\.\.1024\) \(showing the default example instead\)$/);

  // A bad value refuses that key only; the rest of the link applies; unknown keys are warned about.
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const outcome = await page.evaluate(() => window.attention.applyLink('#example=three-tokens&query=7&norm=sum&colour=red'));
  assert.equal(outcome.ok, false);
  assert.equal(outcome.fell_back, false);
  const t = await page.evaluate(() => window.attention.summary());
  assert.equal(t.example, 'three-tokens');
  assert.equal(t.query, 1, 'the example\'s own query stays');
  assert.equal(t.norm, 'sum');
  assert.match(t.error, /^link: query is 7 but there are 3 tokens: use 0\.\.2 .*\(the rest of the link was applied\)$/);
  assert.match(warnings.join('\n'), /link: unknown key "colour" ignored/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A teacher's walk: #step=15 of a 14-step lesson opened step 1 without a word.
test('links: a step past the lesson\'s end opens its first step and says so', async () => {
  const page = await openPage(browser, server.url + '/#step=15', { viewport: { width: 1366, height: 768 } });
  await waitReady(page);
  await waitFor(page, () => window.attention.lessonStatus().lesson !== '' && window.attention.getState().step === 1,
                undefined, 'the lesson at step 1');
  const s = await page.evaluate(() => window.attention.summary());
  assert.match(s.error, /^link: step 15 is not part of the lesson \(steps 1\.\.14\): here is step 1$/);
  const drawn = await waitFor(page, () => window.attention.layout().find((l) => l.name === 'value:input-error')?.text,
                              undefined, 'the message drawn');
  assert.match(await drawn.jsonValue(), /step 15/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  // With a page option the demo could not follow, both are said: neither hides the other.
  const both = await openPage(browser, server.url + '/?lang=fr#step=15', { viewport: { width: 1366, height: 768 } });
  await waitReady(both);
  await waitFor(both, () => window.attention.lessonStatus().lesson !== '' && window.attention.getState().step === 1,
                undefined, 'the lesson at step 1');
  const said = (await both.evaluate(() => window.attention.summary())).error;
  assert.match(said, /step 15 is not part of the lesson/);
  assert.match(said, /lang=fr is not a language this demo has/);
  await both.context().close();
});

// The refusal the canvas shows under the inputs, once it is in Chinese.
async function refusalInChinese(page) {
  const shown = await waitFor(page, () => {
    const e = window.attention.layout().find((l) => l.name === 'value:input-error');
    return e && /[\u4e00-\u9fff]/.test(e.text) ? e.text : null;
  }, undefined, 'the refusal on the canvas, in Chinese');
  return shown.jsonValue();
}

test('links: in Chinese, a value a link gets wrong is said in Chinese, numbers as written', async () => {
  // A teacher's link with a query past the end, opened by a learner reading the page in zh-CN.
  const page = await openPage(browser, server.url + '/?lang=zh-CN#example=three-tokens&query=7');
  await waitReady(page);
  assert.equal(await refusalInChinese(page), '未改变：查询 query 为 7，但只有 3 个词元：请用 0..2（位置从零开始数）（链接的其余部分已应用）');
  // The API keeps its English, for scripts and host pages.
  assert.match((await page.evaluate(() => window.attention.summary())).error, /^link: query is 7 but there are 3 tokens/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  // A mistyped example refuses the whole link: said in Chinese too, the names as written.
  const typo = await openPage(browser, server.url + '/?lang=zh-CN#example=your-jorney');
  await waitReady(typo);
  assert.match(await refusalInChinese(typo), /^未改变：没有名为“your-jorney”的示例：请从 your-journey, three-tokens, .*中选一个/);
  assert.deepEqual(typo.problems, []);
  await typo.context().close();
  // What only a link can get wrong (a word where a number goes, a setting without its class) too.
  for (const [hash, said] of [['#query=abc', /^未改变：链接中的查询 query 为 "abc"，不是整数：请用一个词元位置/],
                              ['#kv_groups=2', /^未改变：链接中有 kv_groups，但没有 module：请加上 module=NAME/],
                              // Two mistakes: each said in Chinese, joined by the Chinese semicolon.
                              ['#query=abc&causal=maybe',
                               /^未改变：链接中的查询 query 为 "abc"，不是整数：[^；;]*；链接中的 causal 为 "maybe"，但必须是 1、0、true 或 false（链接的其余部分已应用）$/]]) {
    const mistyped = await openPage(browser, server.url + '/?lang=zh-CN' + hash);
    await waitReady(mistyped);
    assert.match(await refusalInChinese(mistyped), said, hash);
    assert.deepEqual(mistyped.problems, []);
    await mistyped.context().close();
  }
});

test('links: edits rewrite the fragment with replaceState (no history entries); the address bar applies', async () => {
  const page = await openPage(browser, server.url + '/#example=your-journey&query=1&theme=dark');
  await waitReady(page);
  assert.equal((await page.evaluate(() => window.attention.pageOptions())).theme, 'dark');
  const historyBefore = await page.evaluate(() => history.length);
  for (const query of [2, 3, 4]) {
    await page.evaluate((q) => window.attention.setState({ ...window.attention.getState(), query: q }), query);
  }
  // Page options given in the fragment stay there.
  await waitFor(page, () => location.hash === '#example=your-journey&query=4&theme=dark', null, 'the address bar to follow the edits',
                { describe: () => page.evaluate(() => `location.hash ${location.hash}`) });
  assert.equal(await page.evaluate(() => history.length), historyBefore);

  // The learner edits the address bar: hashchange applies the new link.
  await page.evaluate(() => { location.hash = '#example=cat-sat-mat&query=2&causal=1'; });
  await waitFor(page, () => window.attention.getState().example === 'cat-sat-mat', null, 'the edited address bar to apply',
                { describe: () => page.evaluate(() => `example ${window.attention.getState().example}`) });
  const s = await state(page);
  assert.equal(s.query, 2);
  assert.equal(s.causal, true);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('links: "Copy link" writes the clipboard, or shows the link selected where it is refused', async () => {
  const page = await openPage(browser, server.url + '/#example=cat-sat-mat&query=0');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await waitReady(page);
  await page.click('#copy-link');
  await waitFor(page, () => document.getElementById('share-status').textContent === 'Copied the link', null,
                '"Copied the link"', { describe: () => page.evaluate(() => document.getElementById('share-status').textContent) });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), server.url + '/#example=cat-sat-mat&query=0');
  await page.context().close();

  const refused = await openPage(browser, 'about:blank');
  await refused.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('blocked', 'NotAllowedError'));
  });
  await refused.goto(server.url + '/#example=cat-sat-mat&query=0');
  await waitReady(refused);
  await refused.click('#copy-link');
  await waitFor(refused, () => { const e = document.querySelector('#share-dialog:not([hidden])'); return e && e.getClientRects().length > 0; },
                null, 'the dialog with the link to copy by hand');
  const shown = await refused.evaluate(() => {
    const field = document.getElementById('share-text');
    return { value: field.value, focused: document.activeElement === field,
             selected: field.selectionEnd - field.selectionStart === field.value.length };
  });
  assert.equal(shown.value, server.url + '/#example=cat-sat-mat&query=0');
  assert.ok(shown.focused && shown.selected, 'the text is focused and selected, ready for Ctrl+C');
  await refused.keyboard.press('Escape');
  assert.equal(await refused.evaluate(() => document.getElementById('share-dialog').hidden), true);
  await refused.context().close();
});
