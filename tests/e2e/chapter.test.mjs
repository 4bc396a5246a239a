// The rest of chapter 3 (the book's classes panel), used as a learner and a course author would:
// a real click turns it on at 1366 x 768 and the page prints SelfAttention_v2's numbers from the
// book; Exercise 3.1 asked for with a click; a phone (390 x 844, DPR 2) embed linked to
// CausalAttention where a tap plants the "mask with 0" bug; MultiHeadAttention's first row and the
// view-without-transpose bug, dropout without rescaling and sqrt(d_out) clicked; results() carries the module object of the CLI's contract; a bad
// module in setState is refused by name and the last good state stays.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openSettled, waitIdle, settleAfter, saveArtifact, touchSwipe,
  layoutOf as layout, layoutItem as item, layoutValue as value, clickItem as click } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// Scrolls the view under the mouse (a laptop's wheel) until the item is on screen, as a reader
// scrolls a panel to what they want to press.
async function reveal(page, name, over) {
  const height = page.viewportSize().height;
  for (let k = 0; k < 30; ++k) {
    const r = await item(page, name);
    if (r.y >= 0 && r.y + r.h <= height - 40) return r;
    await settleAfter(page, async () => {
      await page.mouse.move(over.x, over.y);
      await page.mouse.wheel(0, r.y < 0 ? -100 : 100);
    }, `the wheel towards ${name}`);
  }
  assert.fail(`${name} never scrolled into view`);
}
const close = (a, b) => a.every((x, i) => Math.abs(x - b[i]) < 5e-5);

test('chapter: a click runs SelfAttention_v2 with the book\'s numbers; Exercise 3.1 makes v1 agree', async () => {
  const page = await openSettled(browser, `${server.url}/#example=your-journey&query=1`,
                                 { viewport: { width: 1366, height: 768 } });
  assert.equal((await page.evaluate(() => window.attention.results())).module, null, 'off by default');
  await click(page, 'module:toggle');
  const state = await page.evaluate(() => window.attention.getState());
  assert.equal(state.module.name, 'self-attention-v2');
  assert.equal(state.module.seed, 789);
  assert.equal(await value(page, 'module:output'), '-0.0739');
  const results = await page.evaluate(() => window.attention.results());
  // The book, section 3.4.2: sa_v2(inputs) with torch.manual_seed(789).
  const book = [[-0.0739, 0.0713], [-0.0748, 0.0703], [-0.0749, 0.0702], [-0.0760, 0.0685], [-0.0763, 0.0679], [-0.0754, 0.0693]];
  results.module.output[0].forEach((row, i) => assert.ok(close(row, book[i]), `row ${i}: ${row} vs the book's ${book[i]}`));
  assert.deepEqual(Object.keys(results.module), ['name', 'seed', 'd_in', 'd_out', 'heads', 'head_dim', 'qkv_bias', 'dropout',
    'dropout_seed', 'training', 'batch', 'kv_groups', 'window', 'mask_style', 'parameters', 'batches', 'output', 'output_shape', 'decode', 'masks']);
  assert.equal(results.module.masks, null, 'SelfAttention_v2 has no masks\' view');
  assert.deepEqual(results.module.parameters['W_query.weight'].length, 2, "nn.Linear's weight is (d_out, d_in)");

  // The panel scrolls inside on a laptop: bring Exercise 3.1's button into view with the wheel.
  const panel = await item(page, 'module:toggle');
  await reveal(page, 'module:exercise', { x: panel.x + 100, y: panel.y + 40 });
  assert.equal(await value(page, 'module:exercise-difference'), undefined, 'the answer waits for the learner');
  await click(page, 'module:exercise');
  assert.equal(await value(page, 'module:exercise-difference'), '0.000000');
  await saveArtifact('chapter-laptop.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('chapter: a phone embed linked to CausalAttention: the two masking routes agree, a tap plants the 0 mask', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?embed=1#example=your-journey&module=causal-attention&panels=module`,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const results = await page.evaluate(() => window.attention.results());
  assert.equal(results.module.name, 'causal-attention');
  assert.deepEqual(results.module.output_shape, [2, 6, 2], "the book's batch of two");
  assert.ok(Number(await value(page, 'module:routes-difference')) <= 1e-5);
  // A swipe up the panel (real touch through CDP) until the switch is on screen.
  const cdp = await page.context().newCDPSession(page);
  let box = await item(page, 'module:zero-mask');
  for (let k = 0; k < 10 && box.y + box.h > 800; ++k) {
    await settleAfter(page, () => touchSwipe(cdp, { x: 200, y: 600 }, { x: 200, y: 300 }, 6), 'a swipe up the panel',
                      { lifted: true });
    box = await item(page, 'module:zero-mask');
  }
  assert.ok(box.y >= 0 && box.y + box.h <= 844, `the bug switch scrolled into view (y ${box.y})`);
  await settleAfter(page, () => page.touchscreen.tap(box.x + 12, box.y + box.h / 2), 'the tap on the 0-mask switch', { lifted: true });
  const leak = Number(await value(page, 'module:leak'));
  // By hand from the page's own scores: row 0 of softmax([s00, 0, 0, 0, 0, 0] / sqrt(2)) past column 0.
  const s00 = results.module.batches[0].heads[0].scores[0][0];
  const a = Math.exp(s00 / Math.SQRT2);
  assert.ok(Math.abs(leak - 5 / (a + 5)) < 1e-4, `leak ${leak} vs ${5 / (a + 5)}`);
  await saveArtifact('chapter-phone.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('chapter: MultiHeadAttention prints the book\'s first row; dropout keeps w / (1 - p); bad settings are refused', async () => {
  const page = await openSettled(browser, `${server.url}/#example=your-journey&module=multi-head-attention&panels=module`,
                                 { viewport: { width: 1366, height: 768 } });
  let results = await page.evaluate(() => window.attention.results());
  assert.ok(close(results.module.output[0][0], [0.3190, 0.4858]), `first row ${results.module.output[0][0]}`);
  assert.equal(results.module.head_dim, 1);
  assert.equal(await value(page, 'module:scrambled-rows'), '0');
  await reveal(page, 'module:view-bug', { x: 600, y: 400 });
  await click(page, 'module:view-bug');
  assert.equal(await value(page, 'module:scrambled-rows'), '10');

  // Dropout 0.5 in training: every weight is dropped or doubled.
  const state = await page.evaluate(() => window.attention.getState());
  const applied = await page.evaluate((s) => window.attention.setState({ ...s, module: { ...s.module, dropout: 0.5 } }), state);
  assert.equal(applied.ok, true, applied.error);
  results = await page.evaluate(() => window.attention.results());
  const head = results.module.batches[0].heads[0];
  const marks = head.dropout_mask.flat();
  assert.ok(marks.includes(0) && marks.includes(2), 'some weights dropped, some kept and doubled');
  head.weights.forEach((row, r) => row.forEach((w, c) => {
    const dropped = head.weights_dropped[r][c], mask = head.dropout_mask[r][c];
    assert.ok(mask === 0 || mask === 2, `mask ${mask}`);
    assert.ok(Math.abs(dropped - w * mask) < 1e-6);
  }));
  // The planted bugs of 3.5.2 and 3.6, clicked: survivors kept at w sum to about 1 - p; scores
  // divided by sqrt(d_out) = 1.41 instead of sqrt(head_dim) = 1 give other weights.
  await waitIdle(page);
  await reveal(page, 'module:unscaled-dropout', { x: 600, y: 400 });
  await click(page, 'module:unscaled-dropout');
  const unscaled = Number(await value(page, 'module:unscaled-mean-sum'));
  assert.ok(unscaled > 0 && unscaled < 0.9, `rows sum to ${unscaled} on average without the rescaling`);
  await reveal(page, 'module:wrong-scale', { x: 600, y: 400 });
  await click(page, 'module:wrong-scale');
  assert.ok(Number(await value(page, 'module:wrong-scale-difference')) > 0.001, 'sqrt(d_out) changes the weights');
  await saveArtifact('chapter-planted-bugs-1366x768.png', await page.screenshot());
  // A module PyTorch would refuse: named, and nothing changes.
  const before = await page.evaluate(() => window.attention.getState());
  const refused = await page.evaluate((s) => window.attention.setState({ ...s, module: { ...s.module, d_out: 3 } }), before);
  assert.equal(refused.ok, false);
  assert.match(refused.error, /d_out = 3 does not split into 2 heads/);
  assert.deepEqual(await page.evaluate(() => window.attention.getState()), before);
  assert.deepEqual(page.problems, []);
  await page.close();
});
