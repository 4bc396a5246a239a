// Scroll belongs to the course page on a phone: an embedded demo sized to its content by the host
// page (attention-host.js, another origin) lets a vertical swipe that starts outside the 3-D view,
// the heatmaps and any inner scrolling region scroll the host. A swipe over the 3-D view scrolls
// the host too, and edits nothing; a tap on the view engages it, and then a drag on an arrow head
// moves its vector and a drag on the view orbits it; a tap elsewhere lets it go; a tap still picks
// a token. Real touch through CDP at 390 x 844, DPR 2.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, waitQuiet, settleAfter, demoFrame, saveArtifact,
  touchSwipe } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// The course page and the demo have both come to rest: the host's sizing of the frame, a scroll
// and its momentum are over, and the demo has drawn what they changed.
async function atRest(page, frame) {
  await waitQuiet(page, 'the course page to come to rest (scroll, frame size)');
  await waitQuiet(frame, 'the demo to come to rest');
}

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
  await waitFor(page, () => document.querySelector('iframe').getBoundingClientRect().height > 1000, null,
                'the host to size the frame to the demo (> 1000 px)');
  await atRest(page, frame);

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
  // A drag, then everything it set off is over: the demo has seen it (and, for a drag the demo
  // takes, the finger lift), the page's scroll has stopped and the demo has drawn the result.
  const drag = async (from, to, what, taken) => {
    await settleAfter(frame, () => touchSwipe(cdp, from, to), what, { lifted: taken });
    await atRest(page, frame);
  };
  const scrollY = () => page.evaluate(() => window.scrollY);
  const state0 = await frame.evaluate(() => window.attention.getState());

  // 1. A swipe up that starts on the inputs panel's title scrolls the course page, not the demo.
  const title = await item('value:title:inputs');
  const start = await onPage(title.x + title.w / 2, title.y + title.h / 2);
  assert.ok(start.y > 100 && start.y < 800, `the title is on screen (y ${start.y})`);
  await drag(start, { x: start.x, y: start.y - 300 }, 'a swipe up from the inputs panel\'s title', false);
  const scrolled = await scrollY();
  assert.ok(scrolled > 150, `the course page scrolled (scrollY ${scrolled})`);
  assert.deepEqual(await frame.evaluate(() => window.attention.getState()), state0, 'and the demo did not change');
  await saveArtifact('touch-scroll-390x844-swiped.png', await page.screenshot());

  // 2. Over the 3-D view, not engaged: a swipe across an arrow head scrolls the course page and
  // moves nothing.
  const toView = async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const plot = await item('panel:plot');
    await page.evaluate((y) => window.scrollTo(0, y), (await onPage(0, plot.y)).y - 60);
    await atRest(page, frame);
  };
  await toView();
  assert.ok(await item('plot:tap-to-engage'), 'the view says a tap engages it');
  let pageY = await scrollY();
  let head = await item('arrow:4');
  let from = await onPage(head.x + head.w / 2, head.y + head.h / 2);
  await drag(from, { x: from.x, y: from.y - 200 }, 'a swipe up over arrow head 4', false);
  assert.ok(await scrollY() > pageY + 100, `the swipe over the view scrolled the page (${pageY} -> ${await scrollY()})`);
  assert.deepEqual(await frame.evaluate(() => window.attention.getState()), state0, 'and moved no vector');

  // A tap on the view engages it; then a drag on an arrow head moves that token's vector and
  // leaves the page where it is.
  await toView();
  pageY = await scrollY();
  const view = await item('panel:plot');
  const engageAt = await onPage(view.x + view.w - 20, view.y + 24);
  await settleAfter(frame, () => page.touchscreen.tap(engageAt.x, engageAt.y), 'a tap on the view', { lifted: true });
  assert.ok(await item('plot:engaged'), 'tapped: the view is engaged and says how to let it go');
  head = await item('arrow:4');
  from = await onPage(head.x + head.w / 2, head.y + head.h / 2);
  await drag(from, { x: from.x - 40, y: from.y - 40 }, 'a drag on arrow head 4', true);
  const moved = await frame.evaluate(() => window.attention.getState());
  assert.notDeepEqual(moved.inputs[4], state0.inputs[4], `the arrow head moved inputs[4] (${moved.inputs[4]})`);
  assert.equal(await scrollY(), pageY, 'the page stayed put');
  // A drag on the 3-D view's background orbits the view (its gesture), and the page stays put too.
  const headsBefore = await item('arrow:0');
  const plotNow = await item('panel:plot');
  const corner = await onPage(plotNow.x + 30, plotNow.y + plotNow.h - 30);
  await drag(corner, { x: corner.x + 80, y: corner.y - 60 }, 'a drag on the 3-D view\'s background', true);
  const headsAfter = await item('arrow:0');
  assert.ok(Math.hypot(headsAfter.x - headsBefore.x, headsAfter.y - headsBefore.y) > 5, 'the view turned');
  assert.equal(await scrollY(), pageY, 'and the page did not scroll');

  // 3. A tap on a token picks it as the query (the browser's mouse events for the tap).
  await page.evaluate(() => window.scrollTo(0, 0));
  await atRest(page, frame);
  const token = await item('token:3');
  const tap = await onPage(token.x + token.w / 2, token.y + token.h / 2);
  await page.touchscreen.tap(tap.x, tap.y);
  await waitFor(frame, () => window.attention.getState().query === 3, null, 'the tap to make token 3 the query',
                { describe: () => frame.evaluate(() => `query ${window.attention.getState().query}`) });
  await waitIdle(frame);
  assert.ok(await item('plot:tap-to-engage'), 'a tap elsewhere let the view go');
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
  await waitFor(page, () => document.querySelector('iframe').getBoundingClientRect().height > 900, null,
                'the host to size the frame to the demo (> 900 px)',
                { describe: async () => `the frame is ${await page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height)} px, ` +
                  `the demo wants ${await frame.evaluate(() => window.attention.contentHeight())} px` });
  // The height comes in two steps (the panel, then the bar under it): wait for the frame to be
  // as tall as the content says, then for both sides to rest.
  await waitFor(frame, () => window.attention.contentHeight() > 0 && innerHeight === window.attention.contentHeight(), null,
                'the host to size the frame to the content and the bar',
                { describe: () => frame.evaluate(() => `innerHeight ${innerHeight}, contentHeight ${window.attention.contentHeight()}`) });
  await atRest(page, frame);
  const sizes = await frame.evaluate(() => ({ content: window.attention.contentHeight(), inner: innerHeight,
    bar: document.getElementById('reader-bar').offsetHeight }));
  assert.ok(sizes.bar > 0, 'the "Open the full demo" bar shows');
  assert.equal(sizes.inner, sizes.content, `the host sized the frame to the content and the bar (${JSON.stringify(sizes)})`);

  const title = (await frame.evaluate(() => window.attention.layout())).find((l) => l.name === 'value:title:module');
  assert.ok(title, 'the panel\'s title is in the layout');
  const box = await page.evaluate(() => { const r = document.querySelector('iframe').getBoundingClientRect(); return { x: r.x, y: r.y }; });
  const cdp = await page.context().newCDPSession(page);
  const from = { x: box.x + title.x + title.w / 2, y: box.y + title.y + title.h / 2 + 250 };
  // The swipe is the course page's: the demo need not draw a pass for it, and the page's fling may
  // carry the frame out of view, where the browser stops its animation frames (so not atRest,
  // which counts them): the course page comes to rest, and the demo is idle.
  await touchSwipe(cdp, from, { x: from.x, y: from.y - 320 });
  await waitQuiet(page, 'the course page to come to rest after the swipe');
  await waitIdle(frame);
  const scrolled = await page.evaluate(() => window.scrollY);
  assert.ok(scrolled > 150, `the course page scrolled (scrollY ${scrolled})`);
  await saveArtifact('touch-scroll-module-390x844-swiped.png', await page.screenshot());
  assert.deepEqual(page.problems, [], 'no console errors in the page or the demo');
  await page.context().close();
});

// A grid wider than the phone (GroupedQueryAttention's (6, 8) output) scrolls its cells sideways
// under a finger, its row labels staying put; the learner's settings are untouched.
test('touch scroll: a sideways swipe over a grid wider than the phone shows its columns past the edge', async () => {
  const page = await openPage(browser, `${server.url}/index.html#example=your-journey&module=grouped-query-attention&panels=module`,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await waitReady(page);
  await waitIdle(page);
  const reply = await page.evaluate(() => {
    const s = window.attention.getState();
    Object.assign(s.module, { d_out: 8, heads: 8, kv_groups: 2 });
    return window.attention.setState(s);
  });
  assert.deepEqual(reply, { ok: true, error: null });
  await waitIdle(page);
  const grid = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'grid:module:output');
  assert.ok(grid && grid.y + grid.h < 844, 'the output grid is on screen');
  const before = await page.evaluate(() => window.attention.getState());
  const clip = { x: grid.x, y: grid.y, width: grid.w, height: grid.h };
  const cellsBefore = await page.screenshot({ clip });
  const labelsClip = { x: grid.x, y: grid.y, width: 50, height: grid.h };
  const labelsBefore = await page.screenshot({ clip: labelsClip });
  const cdp = await page.context().newCDPSession(page);
  const y = grid.y + grid.h / 3;
  await settleAfter(page, () => touchSwipe(cdp, { x: grid.x + grid.w - 30, y }, { x: grid.x + 90, y }), 'a sideways swipe on the grid');
  await waitQuiet(page);
  const cellsAfter = await page.screenshot({ clip });
  assert.ok(!cellsAfter.equals(cellsBefore), 'the cells moved: the columns past the edge came into view');
  assert.ok((await page.screenshot({ clip: labelsClip })).equals(labelsBefore), 'the row labels stayed');
  assert.deepEqual(await page.evaluate(() => window.attention.getState()), before, 'nothing the learner set changed');
  await saveArtifact('touch-scroll-wide-grid-390.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
