// Cost at rest: no frames while nothing changes, none while hidden or scrolled out of view, and any
// API call wakes the demo. (What moves on its own, the loop's Play, is in frames_per_change.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, demoFrame, frames, sleep, openSettled } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('idle: zero frames over 3 s after load; an API call draws a few, then it sleeps again', async () => {
  const page = await openSettled(browser, server.url + '/');
  const rested = await frames(page);
  await sleep(3000);
  assert.equal(await frames(page), rested, 'no frame drawn while idle');

  await page.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 }));
  await waitIdle(page);
  const woken = await frames(page);
  assert.ok(woken > rested && woken - rested <= 3, `a change draws at most 3 frames (${woken - rested})`);
  await sleep(500);
  assert.equal(await frames(page), woken);
  await page.context().close();
});

test('idle: a hidden tab draws nothing, even on changes, and catches up when shown', async () => {
  const page = await openSettled(browser, server.url + '/');
  const setHidden = (hidden) => page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
  await setHidden(true);
  const before = await frames(page);
  await page.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 4 }));
  await page.mouse.move(300, 300);
  await sleep(1000);
  assert.equal(await frames(page), before, 'hidden: no frames');
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 4, 'the state still changed');
  await setHidden(false);
  await page.waitForFunction((n) => window.attention.stats().frames > n, before);
  await page.context().close();
});

test('idle: a demo scrolled out of view never draws, and draws once scrolled in', async () => {
  server.routes.set('/far.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>far</title><link rel="icon" href="data:,"></head>
<body style="margin:0"><div style="height:3000px">text</div>
<iframe src="/index.html#example=three-tokens" title="demo" style="width:800px;height:500px;border:0"></iframe></body></html>`);
  const page = await openPage(browser, server.url + '/far.html');
  const frame = await demoFrame(page, 'index.html');
  await frame.waitForFunction(() => window.attention && window.attention.whenUsable);
  await frame.evaluate(() => window.attention.whenUsable());
  // The state API answers although nothing was drawn.
  assert.equal((await frame.evaluate(() => window.attention.getState())).example, 'three-tokens');
  await frame.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 }));
  await sleep(1000);
  assert.equal(await frames(frame), 0, 'off-screen: no frame at all');
  await (await frame.frameElement()).scrollIntoViewIfNeeded();
  await waitReady(frame);
  await waitIdle(frame);
  assert.ok(await frames(frame) > 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(300);
  const away = await frames(frame);
  await frame.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 2 }));
  await sleep(700);
  assert.equal(await frames(frame), away, 'scrolled away again: no frames');
  await page.context().close();
});
