// What one change costs, counted in frames drawn (stats().frames counts only frames that reached
// the screen; stats().passes the UI passes built, including those that changed nothing and were
// not drawn). Each change is made the way a learner makes it (a click, a typed value) or a host
// makes it (setState), from a settled page, and must draw at most 3 frames before the page sleeps.
// The pointer is moved onto the control first and left to settle, so the hover highlight (a
// change of its own) is not counted against the click.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openSettled, waitIdle, waitFor, settleAfter, sleep } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const MAX_FRAMES = 3;
const stats = (page) => page.evaluate(() => window.attention.stats());
const item = async (page, name) => {
  const found = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === name);
  assert.ok(found, `${name} is in attention.layout()`);
  return { x: found.x + found.w / 2, y: found.y + found.h / 2 };
};

// Runs change() on a settled page and returns the frames drawn and passes built until it sleeps
// (settleAfter: the demo has seen the change, built its passes and gone idle).
async function cost(page, change, what) {
  await waitIdle(page);
  const before = await stats(page);
  await settleAfter(page, change, what);
  const after = await stats(page);
  return { frames: after.frames - before.frames, passes: after.passes - before.passes };
}

async function hover(page, name) {
  const at = await item(page, name);
  await settleAfter(page, () => page.mouse.move(at.x, at.y), `the pointer moving onto ${name}`);
  return at;
}


test('frames per change: a query click, a normalisation switch, a typed value and setState draw at most 3 frames each', async () => {
  const page = await openSettled(browser, server.url + '/#example=your-journey&query=1', { viewport: { width: 1280, height: 800 } });
  const report = {};

  let at = await hover(page, 'token:3');
  report['query click'] = await cost(page, () => page.mouse.click(at.x, at.y), 'the query click');
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 3, 'the click chose token 3 as the query');

  at = await hover(page, 'norm:sum');
  report['normalisation switch'] = await cost(page, () => page.mouse.click(at.x, at.y), 'the normalisation click');
  assert.equal((await page.evaluate(() => window.attention.getState())).norm, 'sum', 'the click chose divide by sum');

  at = await hover(page, 'cell:0:0');
  await settleAfter(page, () => page.mouse.click(at.x, at.y), 'the click into the field');  // typing starts here
  await settleAfter(page, async () => {
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0.5');
  }, 'typing 0.5');
  report['typed value (Enter)'] = await cost(page, () => page.keyboard.press('Enter'), 'Enter');
  assert.equal((await page.evaluate(() => window.attention.getState())).inputs[0][0], 0.5, 'the typed 0.5 is the first embedding value');

  report.setState = await cost(page, () => page.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 })),
                               'setState');
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 0);

  console.log('frames per change (drawn / UI passes):', JSON.stringify(report));
  for (const [what, c] of Object.entries(report)) {
    assert.ok(c.frames >= 1, `${what}: the change reached the screen (${c.frames} frames drawn)`);
    assert.ok(c.frames <= MAX_FRAMES, `${what}: ${c.frames} frames drawn, at most ${MAX_FRAMES}`);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('frames per change: the loop\'s Play draws once per step on a clock, not every display frame', async () => {
  const page = await openSettled(browser, server.url + '/#example=your-journey&query=1');
  const at = await hover(page, 'loop:play');
  // The click and its first step (it comes at once): then the page sleeps until the next is due.
  await settleAfter(page, () => page.mouse.click(at.x, at.y), 'the click on Play');
  const start = await stats(page);
  await sleep(2000);  // measured: two more steps are due (one every 900 ms), with no input at all
  const end = await stats(page);
  const drawn = end.frames - start.frames, passes = end.passes - start.passes;
  console.log(`Play over 2 s: ${drawn} frames drawn, ${passes} UI passes`);
  assert.ok(drawn >= 2, `the loop kept stepping without input (${drawn} frames drawn in 2 s)`);
  assert.ok(drawn <= 3 * MAX_FRAMES, `at most ${MAX_FRAMES} frames per step (${drawn} in 2 s, 2 or 3 steps)`);
  assert.ok(passes <= 3 * 4, `woken per step, not per display frame (${passes} UI passes in 2 s; 120 at 60 Hz)`);
  // The loop finishes (its torch.dot line shows the last token's score) and the page sleeps.
  const dotNow = () => page.evaluate(() => window.attention.layout().find((l) => l.name === 'value:loop:dot')?.text);
  await waitFor(page, () => {
    const scores = window.attention.results({ matrices: false }).scores;
    const dot = window.attention.layout().find((l) => l.name === 'value:loop:dot');
    return dot && Math.abs(Number(dot.text) - scores[scores.length - 1]) < 1e-4;
  }, null, 'the loop\'s last step (torch.dot of the last token)', { describe: async () => `torch.dot shows ${await dotNow()}` });
  await waitIdle(page);
  const rest = await stats(page);
  await sleep(1000);  // measured: the finished loop may not wake the page during 1 s
  assert.equal((await stats(page)).passes, rest.passes, 'the finished loop leaves the page asleep');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
