// The lesson on a phone (390 x 844 CSS px, DPR 2), with real taps: what a learner's walk found cut
// or out of reach. The wrap-up's buttons and step lines fit the screen; Practice's answer row wraps
// with Check and Show the answer in reach; the PyTorch code opens on screen during a step, not as a
// title bar at its foot; Practice chosen at the end of the wrap-up starts at its task.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openSettled, settleAfter, saveArtifact } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const layout = (page) => page.evaluate(() => window.attention.layout());
const find = async (page, name) => (await layout(page)).find((l) => l.name === name);
// The share bar's row at the foot (Link, Embed) is not the demo's: an item must end above it.
const FOOT = 844 - 44;

// Brings an item into view the way the page scrolls under a wheel (the column scrolls inside the
// demo; an item below the fold is not drawn at all, so the way is down until it is).
async function reach(page, name) {
  for (let k = 0; k < 40; ++k) {
    const r = await find(page, name);
    if (r && r.y >= 0 && r.y + r.h <= FOOT) return r;
    await settleAfter(page, async () => {
      await page.mouse.move(195, 400);
      await page.mouse.wheel(0, r && r.y < 0 ? -200 : 200);
    }, `scrolling towards ${name}`);
  }
  assert.fail(`${name} never came into view`);
}
// Then a finger taps it.
async function tap(page, name) {
  const r = await reach(page, name);
  await settleAfter(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2), `a tap on ${name}`, { lifted: true });
  return r;
}

// Within the lesson band's width (its frame clips what runs past it), on screen.
async function inside(page, r, what) {
  assert.ok(r, `${what} is drawn`);
  const band = await find(page, 'panel:lesson');
  const right = Math.min(390, band ? band.x + band.w : 390);
  assert.ok(r.x >= 0 && r.x + r.w <= right + 0.5, `${what} fits the band's width: x ${r.x}..${r.x + r.w}, the band ends at ${right}`);
}

test('lesson on a phone: the wrap-up fits, and Practice from it starts at its task', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=14`, PHONE);
  const { questions } = await page.evaluate(() => window.attention.lessonStatus());
  for (let q = 0; q < questions; ++q) {
    if (q > 0) await tap(page, 'lesson:next-question');
    await tap(page, 'lesson:choice:0');
    await tap(page, 'lesson:reveal');
  }
  await inside(page, await reach(page, 'lesson:wrap-up:practice'), 'Practice: three exercises');
  await inside(page, await reach(page, 'lesson:wrap-up:again'), 'Start the track again');
  await saveArtifact('lesson-phone-wrap-up.png', await page.screenshot());
  await tap(page, 'lesson:wrap-up:practice');
  assert.equal((await page.evaluate(() => window.attention.lessonStatus())).mode, 'practice');
  // The exercise's first control is on screen without a swipe back up.
  const first = await find(page, 'lesson:predict:0');
  assert.ok(first && first.y >= 0 && first.y + first.h <= FOOT, `the task is in view: ${JSON.stringify(first)}`);
  await page.context().close();
});

test('lesson on a phone: Practice\'s answer row keeps Check and Show the answer within reach', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`, PHONE);
  await tap(page, 'lesson:mode:practice');
  await tap(page, 'lesson:predict:1');
  for (const name of ['lesson:practice:input', 'lesson:practice:check', 'lesson:practice:show']) await inside(page, await find(page, name), name);
  await saveArtifact('lesson-phone-practice.png', await page.screenshot());
  await tap(page, 'lesson:practice:show');
  // The tap reached it: the exercise's record says its answer was shown.
  const view = await page.evaluate(() => window.attention.lessonView());
  assert.ok(view.practice.shown, 'Show the answer was pressed');
  await page.context().close();
});

test('lesson on a phone: the PyTorch code opens on screen during a step', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=4`, PHONE);
  await tap(page, 'lesson:code-toggle');
  const window_ = await find(page, 'code:copy');
  assert.ok(window_, 'the code window is drawn with its Copy button');
  assert.ok(window_.y >= 0 && window_.y + window_.h <= FOOT, `its Copy button is on screen: ${JSON.stringify(window_)}`);
  await saveArtifact('lesson-phone-code.png', await page.screenshot());
  await page.context().close();
});
