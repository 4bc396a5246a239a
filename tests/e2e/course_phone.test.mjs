// A phone on a course page whose demo frame cannot grow: the snippet pasted without its script,
// a fixed 700 px iframe around content that needs twice that, at 390 x 844 (DPR 2), with real
// touches through CDP. A one-finger swipe anywhere on the demo, the 3-D view, a table or the
// heatmaps too, scrolls its column until the column's end, then the course page (as a browser
// scrolls a frame's own page), and leaves the learner's data byte for byte as it was; a tap on the
// view engages it, and only then does a drag move an arrow head.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, waitQuiet, demoFrame, saveArtifact } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const FRAME_HEIGHT = 700;

function coursePage(demoUrl) {
  const filler = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i + 1} of the course text.</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>course page</title><link rel="icon" href="data:,"></head><body style="margin:0;padding:8px;font:16px sans-serif">
<h1>Attention</h1><p>Read, then try it.</p>
<iframe src="${demoUrl}" title="attention demo" width="100%" height="${FRAME_HEIGHT}" style="border:0;display:block"></iframe>
${filler}</body></html>`;
}

test('phone: in a frame that cannot grow, swipes scroll the demo\'s column, then the course page, and never edit the data; a tap engages the view', async () => {
  server.routes.set('/course-fixed.html',
    coursePage(`${server.url}/index.html?embed=1#example=your-journey&query=1&panels=inputs,plot,heatmaps`));
  const page = await openPage(browser, `http://localhost:${server.port}/course-fixed.html`,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  assert.ok(await frame.evaluate(() => window.attention.contentHeight()) > FRAME_HEIGHT * 1.5,
            'the content needs far more than the frame gives');
  const cdp = await page.context().newCDPSession(page);
  const frameTop = () => page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().top);
  const scrollY = () => page.evaluate(() => window.scrollY);
  const layout = () => frame.evaluate(() => window.attention.layout());
  const item = async (name) => {
    const found = (await layout()).find((l) => l.name === name);
    assert.ok(found, `${name} is on screen`);
    return found;
  };
  // Waits until the course page's scroll (and its fling) has come to rest and the demo is idle.
  // (Not waitQuiet on the frame: it polls on the frame's animation frames, which the browser
  // stops while a fling has carried the frame out of view.)
  const settle = async () => {
    await waitQuiet(page, 'the course page to come to rest');
    await waitIdle(frame);
  };
  // One step of a finger at a human pace: the browser has drawn a frame, and the demo has handled
  // what the step gave it (Dear ImGui reads the pointer once per frame, so a whole swipe inside one
  // frame would be no drag at all): it has run a pass since, or has nothing left to do.
  const step = async (event) => {
    // A finger put down outside the phone's screen, or on a frame scrolled out of it (whose frames
    // the browser no longer draws), would leave the demo nothing to do: say so rather than wait.
    if (event.type === 'touchStart') {
      const y = event.touchPoints[0].y, top = await frameTop();
      assert.ok(y >= 0 && y < 844 && y >= top && y < top + FRAME_HEIGHT,
                `the finger (page y ${y}) is put down on the phone's screen and on the frame (top ${top})`);
    }
    const n = await frame.evaluate(() => window.attention.stats().passes);
    await cdp.send('Input.dispatchTouchEvent', event);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    await waitFor(frame, (before) => {
      const s = window.attention.stats();
      return s.passes > before || (s.pending_frames <= 0 && !s.lesson_loading && !s.code_loading);
    }, n, 'the demo to take a step of the finger');
  };
  // A one-finger swipe from a point of the demo (canvas px) by dy page px, in small steps.
  const swipe = async (x, y, dy) => {
    const top = await frameTop();
    const from = { x: 8 + x, y: top + y };
    await step({ type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
    for (let k = 1; k <= 10; ++k)
      await step({ type: 'touchMove', touchPoints: [{ x: from.x, y: from.y + (dy * k) / 10, id: 1 }] });
    await step({ type: 'touchEnd', touchPoints: [] });
    await settle();
  };
  const tap = async (x, y) => {
    const top = await frameTop();
    await step({ type: 'touchStart', touchPoints: [{ x: 8 + x, y: top + y, id: 1 }] });
    await step({ type: 'touchEnd', touchPoints: [] });
    await settle();
  };
  const document0 = JSON.stringify(await frame.evaluate(() => window.attention.getState()));

  // Bring the frame to the top of the phone's screen, as a reader scrolling down would.
  await page.evaluate(() => window.scrollTo(0, document.querySelector('iframe').offsetTop));
  await settle();

  // A frame too short for its content scrolls it as a browser scrolls a frame's own page: the
  // demo's column first, wherever the finger lands (an LMS's player that fills the screen leaves
  // nothing else to scroll), then, at the column's end, the course page. The data never changes.
  const scrolledColumn = async (name, what) => {
    const at = await item(name);
    const plotBefore = (await item('panel:plot')).y;
    const before = await scrollY();
    await swipe(at.x + at.w / 2, Math.min(at.y + Math.min(at.h / 2, 40), FRAME_HEIGHT - 60), -250);
    const moved = plotBefore - (await item('panel:plot')).y;
    assert.ok(moved > 150, `a swipe over ${what} scrolls the demo's column (it moved ${moved} px)`);
    assert.ok(Math.abs(await scrollY() - before) < 2, `the page stays while the column scrolls (${what})`);
    assert.equal(JSON.stringify(await frame.evaluate(() => window.attention.getState())), document0, 'nothing edited');
  };
  // At the column's top a swipe down is the page's: the column cannot go that way.
  let before = await scrollY();
  const plot = await item('panel:plot');
  assert.ok(await item('plot:tap-to-engage'), 'the view says a tap engages it');
  await swipe(plot.x + plot.w / 2, Math.min(plot.y + 40, FRAME_HEIGHT - 300), 200);
  assert.ok(before - await scrollY() > 100, `at the column's top a swipe down scrolls the page (${before} -> ${await scrollY()})`);
  await page.evaluate(() => window.scrollTo(0, document.querySelector('iframe').offsetTop));
  await settle();
  await scrolledColumn('panel:plot', 'the 3-D view');      // the camera does not turn
  await scrolledColumn('token:2', 'the table of inputs');  // no field opens
  // Swiping on, the column reaches its end; then the swipe is the page's.
  let pageMoved = false;
  for (let k = 0; k < 15 && !pageMoved; ++k) {
    before = await scrollY();
    await swipe(180, FRAME_HEIGHT / 2, -300);
    pageMoved = await scrollY() - before > 100;
  }
  assert.ok(pageMoved, 'at the column\'s end a swipe scrolls the page');
  assert.equal(JSON.stringify(await frame.evaluate(() => window.attention.getState())), document0, 'nothing edited');
  await page.evaluate(() => window.scrollTo(0, document.querySelector('iframe').offsetTop));
  await settle();
  before = await scrollY();
  const heat = (await layout()).find((l) => l.name.startsWith('heatmap:') && l.y > 0 && l.y + l.h < FRAME_HEIGHT);
  assert.ok(heat, 'a heatmap is in view at the column\'s end');
  await swipe(heat.x + heat.w / 2, heat.y + heat.h / 2, -250);
  assert.ok(await scrollY() - before > 100, `at the column's end a swipe over a heatmap scrolls the page (${before} -> ${await scrollY()})`);
  assert.equal(JSON.stringify(await frame.evaluate(() => window.attention.getState())), document0, 'nothing edited');
  await saveArtifact('phone-fixed-frame-390.png', await page.screenshot());

  // A deliberate act: tap the view, then drag a head. First the frame at the top of the screen
  // again (the heatmap swipe may have flung it out of view), and the view near the top of the
  // column, by swipes over the panels' title lines that keep the finger inside the frame.
  await page.evaluate(() => window.scrollTo(0, document.querySelector('iframe').offsetTop));
  await settle();
  for (let k = 0; k < 15; ++k) {
    const plotY = (await item('panel:plot')).y;
    if (plotY >= 20 && plotY <= 200) break;
    const dy = Math.max(-250, Math.min(250, 60 - plotY));
    const titles = (await layout()).filter((l) => l.name.startsWith('value:title:') && l.y > 20 &&
                                                  l.y + 8 + dy > 20 && l.y + 8 + dy < FRAME_HEIGHT - 80);
    assert.ok(titles.length, 'a panel title to swipe on is in view');
    await swipe(titles[0].x + titles[0].w - 30, titles[0].y + 8, dy);
    await page.evaluate(() => window.scrollTo(0, document.querySelector('iframe').offsetTop));
    await settle();
  }
  const view = await item('panel:plot');
  assert.ok(view.y >= 20 && view.y <= 200, `the view is near the top of the frame (y ${view.y})`);
  await tap(view.x + view.w - 20, view.y + 20);  // an empty corner of the view
  assert.ok(await item('plot:engaged'), 'tapped: the view is engaged and says how to let go');
  await saveArtifact('phone-view-engaged-390.png', await page.screenshot());
  // The head in view that stands most apart from the others (a finger on a cluster of heads moves
  // whichever is nearest), clear of the "Open the full demo" line at the frame's foot.
  const heads = (await layout()).filter((l) => /^arrow:\d$/.test(l.name));
  const apart = (h) => Math.min(...heads.filter((o) => o !== h).map((o) => Math.hypot(o.x - h.x, o.y - h.y)));
  const head = heads.filter((l) => l.y > view.y && l.y + l.h + 60 < FRAME_HEIGHT - 60)
                    .sort((a, b) => apart(b) - apart(a))[0];
  assert.ok(head, 'an arrow head is in view');
  const index = Number(head.name.split(':')[1]);
  const inputBefore = (await frame.evaluate(() => window.attention.getState())).inputs[index];
  await swipe(head.x + head.w / 2, head.y + head.h / 2, 60);
  const inputAfter = (await frame.evaluate(() => window.attention.getState())).inputs[index];
  assert.notDeepEqual(inputAfter, inputBefore, 'the dragged head moved its vector');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A teacher's walk: on a phone, the docs' own lesson in a frame the host page sizes to its content
// (attention-host.js, another origin) went back and forth between two heights for ever, drawing
// all the while, and a tap on an answer did nothing. Wider panels need more height there (no
// scrollbar in a frame as tall as its content), narrower ones less: no height gave itself back.
test('phone: a teacher\'s lesson in a frame sized to its content comes to rest, and a tap answers', async () => {
  const demo = `${server.url}/index.html?embed=1&lesson=lessons/examples/my-sentence.json#step=1`;
  server.routes.set('/course-sized.html', `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>course page</title><link rel="icon" href="data:,"></head>
<body style="margin:0;padding:8px;font:16px sans-serif"><h1>Attention</h1>
<iframe data-attention-frame src="${demo}" title="attention demo" width="100%" height="600" style="border:0;display:block"></iframe>
<p>After the demo.</p><script src="${server.url}/attention-host.js"></script></body></html>`);
  const page = await openPage(browser, `http://localhost:${server.port}/course-sized.html`,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitFor(frame, () => window.attention.lessonStatus().lesson !== '', null, 'the teacher\'s lesson to load');
  // At rest: the frame's height, the demo's passes and its content height stay the same.
  await waitQuiet(page, 'the frame sized to the content to come to rest', 10);
  await waitIdle(frame);
  const fitted = await page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().height);
  const wanted = await frame.evaluate(() => window.attention.contentHeight());
  assert.ok(Math.abs(fitted - wanted) <= 1, `the frame (${fitted} px) is as tall as its content (${wanted} px)`);
  const choice = (await frame.evaluate(() => window.attention.layout())).find((l) => l.name === 'lesson:choice:0');
  assert.ok(choice, 'the question\'s first choice is drawn');
  const top = await page.evaluate(() => document.querySelector('iframe').getBoundingClientRect().top);
  assert.ok(top + choice.y + choice.h < 844, 'the choice is on the phone\'s screen');
  await page.touchscreen.tap(8 + choice.x + choice.w / 2, top + choice.y + choice.h / 2);
  await waitFor(frame, () => window.attention.getState().lesson.answer === 0, null, 'the tap to pick the first choice');
  await saveArtifact('course-phone-sized-lesson.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
