// Cost at rest: no frames while nothing changes, none while hidden or scrolled out of view, and any
// API call wakes the demo. (What moves on its own, the loop's Play, is in frames_per_change.)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, within, settleAfter, describeStats, demoFrame, frames,
  sleep, openSettled } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('idle: zero frames over 3 s after load; an API call draws a few, then it sleeps again', async () => {
  const page = await openSettled(browser, server.url + '/');
  const rested = await frames(page);
  await sleep(3000);  // measured: 3 s of idleness, during which no frame may be drawn
  assert.equal(await frames(page), rested, 'no frame drawn while idle');

  await settleAfter(page, () => page.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 })),
                    'setState');
  const woken = await frames(page);
  assert.ok(woken > rested && woken - rested <= 3, `a change draws at most 3 frames (${woken - rested})`);
  await sleep(500);  // measured: once idle after the change, no further frame during 0.5 s
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
  await sleep(1000);  // measured: hidden, the change and the input may draw nothing during 1 s
  assert.equal(await frames(page), before, 'hidden: no frames');
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 4, 'the state still changed');
  await setHidden(false);
  await waitFor(page, (n) => window.attention.stats().frames > n, before, `a frame once shown again (frames > ${before})`,
                { describe: () => describeStats(page) });
  await page.context().close();
});

test('idle: a demo scrolled out of view never draws, and draws once scrolled in', async () => {
  server.routes.set('/far.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>far</title><link rel="icon" href="data:,"></head>
<body style="margin:0"><div style="height:3000px">text</div>
<iframe src="/index.html#example=three-tokens" title="demo" style="width:800px;height:500px;border:0"></iframe></body></html>`);
  const page = await openPage(browser, server.url + '/far.html');
  const frame = await demoFrame(page, 'index.html');
  await waitFor(frame, () => window.attention && window.attention.whenUsable, null, 'window.attention.whenUsable to exist');
  await within(frame.evaluate(() => window.attention.whenUsable().then(() => true)),
               'waiting for attention.whenUsable() to resolve off-screen');
  // The state API answers although nothing was drawn.
  assert.equal((await frame.evaluate(() => window.attention.getState())).example, 'three-tokens');
  await frame.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 }));
  await sleep(1000);  // measured: off-screen, the change may draw nothing during 1 s
  assert.equal(await frames(frame), 0, 'off-screen: no frame at all');
  await (await frame.frameElement()).scrollIntoViewIfNeeded();
  await waitReady(frame);
  await waitFor(frame, () => window.attention.stats().frames > 0, null, 'the demo to draw once scrolled into view',
                { describe: () => describeStats(frame) });
  await waitIdle(frame);
  assert.ok(await frames(frame) > 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await waitFor(frame, () => !window.attention.stats().visible, null, 'the demo to see it was scrolled out of view',
                { describe: () => describeStats(frame) });
  const away = await frames(frame);
  await frame.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 2 }));
  await sleep(700);  // measured: scrolled away, the change may draw nothing during 0.7 s
  assert.equal(await frames(frame), away, 'scrolled away again: no frames');
  await page.context().close();
});
