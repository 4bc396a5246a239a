// Scroll belongs to the course page on a phone: an embedded demo sized to its content by the host
// page (attention-host.js, another origin) lets a vertical swipe that starts outside the 3-D view,
// the heatmaps and any inner scrolling region scroll the host, while a drag on an arrow head still
// moves its vector, a drag on the view still orbits it, and a tap still picks a token. Real touch
// through CDP at 390 x 844, DPR 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, demoFrame, saveArtifact, sleep } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

function coursePage(demoUrl) {
  const filler = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of the course text after the demo.</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>course page</title><link rel="icon" href="data:,"></head>
<body style="margin:0;padding:8px;font:16px sans-serif">
<h1>Attention</h1><p>Swipe past the demo to read on.</p>
<iframe data-attention-frame src="${demoUrl}" title="attention demo" style="width:100%;height:400px;border:0;display:block"></iframe>
${filler}
<script src="${new URL(demoUrl).origin}/attention-host.js"></script></body></html>`;
}

test('touch scroll: swipes over an embedded demo scroll the course page; arrow heads and taps still work', async () => {
  const route = `/course-touch-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, coursePage(`${server.url}/index.html?embed=1#example=your-journey&query=1&panels=inputs,plot,weights`));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await page.waitForFunction(() => document.querySelector('iframe').getBoundingClientRect().height > 1000, null,
                             { timeout: 15000 });
  await waitIdle(frame);
  await sleep(300);

  const cdp = await page.context().newCDPSession(page);
  // A point in the demo (canvas CSS px) as a point of the course page's viewport.
  const onPage = async (x, y) => {
    const box = await page.evaluate(() => { const r = document.querySelector('iframe').getBoundingClientRect(); return { x: r.x, y: r.y }; });
    return { x: box.x + x, y: box.y + y };
  };
  const item = async (name) => {
    const found = (await frame.evaluate(() => window.attention.layout())).find((l) => l.name === name);
    assert.ok(found, `${name} is in the layout`);
    return found;
  };
  const drag = async (from, to, steps = 8) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
    for (let k = 1; k <= steps; ++k) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{
        x: from.x + (to.x - from.x) * k / steps, y: from.y + (to.y - from.y) * k / steps, id: 1 }] });
      await sleep(20);
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await sleep(300);
    await waitIdle(frame);
  };
  const scrollY = () => page.evaluate(() => window.scrollY);
  const state0 = await frame.evaluate(() => window.attention.getState());

  // 1. A swipe up that starts on the inputs panel's title scrolls the course page, not the demo.
  const title = await item('value:title:inputs');
  const start = await onPage(title.x + title.w / 2, title.y + title.h / 2);
  assert.ok(start.y > 100 && start.y < 800, `the title is on screen (y ${start.y})`);
  await drag(start, { x: start.x, y: start.y - 300 });
  const scrolled = await scrollY();
  assert.ok(scrolled > 150, `the course page scrolled (scrollY ${scrolled})`);
  assert.deepEqual(await frame.evaluate(() => window.attention.getState()), state0, 'and the demo did not change');
  await saveArtifact('touch-scroll-390x844-swiped.png', await page.screenshot());

  // 2. A drag on an arrow head moves that token's vector and leaves the page where it is.
  await page.evaluate(() => window.scrollTo(0, 0));
  const plot = await item('panel:plot');
  await page.evaluate((y) => window.scrollTo(0, y), (await onPage(0, plot.y)).y - 60);
  await sleep(200);
  const pageY = await scrollY();
  const head = await item('arrow:4');
  const from = await onPage(head.x + head.w / 2, head.y + head.h / 2);
  await drag(from, { x: from.x - 40, y: from.y - 40 });
  const moved = await frame.evaluate(() => window.attention.getState());
  assert.notDeepEqual(moved.inputs[4], state0.inputs[4], `the arrow head moved inputs[4] (${moved.inputs[4]})`);
  assert.equal(await scrollY(), pageY, 'the page stayed put');
  // A drag on the 3-D view's background orbits the view (its gesture), and the page stays put too.
  const headsBefore = await item('arrow:0');
  const plotNow = await item('panel:plot');
  const corner = await onPage(plotNow.x + 30, plotNow.y + plotNow.h - 30);
  await drag(corner, { x: corner.x + 80, y: corner.y - 60 });
  const headsAfter = await item('arrow:0');
  assert.ok(Math.hypot(headsAfter.x - headsBefore.x, headsAfter.y - headsBefore.y) > 5, 'the view turned');
  assert.equal(await scrollY(), pageY, 'and the page did not scroll');

  // 3. A tap on a token picks it as the query (the browser's mouse events for the tap).
  await page.evaluate(() => window.scrollTo(0, 0));
  await sleep(200);
  const token = await item('token:3');
  const tap = await onPage(token.x + token.w / 2, token.y + token.h / 2);
  await page.touchscreen.tap(tap.x, tap.y);
  await frame.waitForFunction(() => window.attention.getState().query === 3, null, { timeout: 10000 });
  await waitIdle(frame);
  await saveArtifact('touch-scroll-390x844-tapped.png', await page.screenshot());
  assert.deepEqual(page.problems, [], 'no console errors in the page or the demo');
  await page.context().close();
});

// The book's classes panel alone, as a course page on 3.5 embeds it: its height is known only
// after the first frame, when the demo's "Open the full demo" bar also appears. The frame must
// end up tall enough for both, so nothing inside scrolls and a swipe scrolls the course page.
test('touch scroll: a course page embedding the book\'s classes panel scrolls under a swipe on it', async () => {
  const route = `/course-module-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, coursePage(`${server.url}/index.html?embed=1#example=your-journey&module=causal-attention&panels=module`));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await page.waitForFunction(() => document.querySelector('iframe').getBoundingClientRect().height > 900, null,
                             { timeout: 15000 });
  await waitIdle(frame);
  await sleep(500);
  const sizes = await frame.evaluate(() => ({ content: window.attention.contentHeight(), inner: innerHeight,
    bar: document.getElementById('reader-bar').offsetHeight }));
  assert.ok(sizes.bar > 0, 'the "Open the full demo" bar shows');
  assert.equal(sizes.inner, sizes.content, `the host sized the frame to the content and the bar (${JSON.stringify(sizes)})`);

  const title = (await frame.evaluate(() => window.attention.layout())).find((l) => l.name === 'value:title:module');
  assert.ok(title, 'the panel\'s title is in the layout');
  const box = await page.evaluate(() => { const r = document.querySelector('iframe').getBoundingClientRect(); return { x: r.x, y: r.y }; });
  const cdp = await page.context().newCDPSession(page);
  const from = { x: box.x + title.x + title.w / 2, y: box.y + title.y + title.h / 2 + 250 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
  for (let k = 1; k <= 8; ++k) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x, y: from.y - 40 * k, id: 1 }] });
    await sleep(20);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await sleep(400);
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.ok(scrolled > 150, `the course page scrolled (scrollY ${scrolled})`);
  await saveArtifact('touch-scroll-module-390x844-swiped.png', await page.screenshot());
  assert.deepEqual(page.problems, [], 'no console errors in the page or the demo');
  await page.context().close();
});
