// The lesson on a phone (390 x 844 CSS px, DPR 2), with real taps: what a learner's walk found cut
// or out of reach. The wrap-up's buttons and step lines fit the screen; Practice's answer row wraps
// with Check and Show the answer in reach; the PyTorch code opens on screen during a step, not as a
// title bar at its foot; Practice chosen at the end of the wrap-up starts at its task; a swipe that
// starts on a heatmap, a field or a table scrolls, as over a web page, and presses nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openSettled, settleAfter, saveArtifact, waitFor } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const layout = (page) => page.evaluate(() => window.attention.layout());
const find = async (page, name) => (await layout(page)).find((l) => l.name === name);
// The share bar's row at the foot (Link, Embed) is not the demo's: an item must end above it.
const FOOT = 844 - 44;
// Below the demo's title line, which the panels scroll under: a finger taps what it sees.
const TOP = 30;

// Brings an item into view the way the page scrolls under a wheel (the column scrolls inside the
// demo; an item out of view is not drawn at all, so the way is `towards` (+1 down, -1 up) until it is).
async function reach(page, name, towards = 1) {
  for (let k = 0; k < 40; ++k) {
    const r = await find(page, name);
    if (r && r.y >= TOP && r.y + r.h <= FOOT) return r;
    await settleAfter(page, async () => {
      await page.mouse.move(195, 400);
      await page.mouse.wheel(0, r ? (r.y < TOP ? -200 : 200) : 200 * towards);
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

// One finger from (x0, y0) to (x1, y1) in eight moves, through CDP, and the demo settled after it.
const fingerSwipe = (page, cdp, x0, y0, x1, y1, what) => settleAfter(page, async () => {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0, id: 1 }] });
  for (let k = 1; k <= 8; ++k) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove',
      touchPoints: [{ x: x0 + (x1 - x0) * k / 8, y: y0 + (y1 - y0) * k / 8, id: 1 }] });
    await page.waitForTimeout(20);  // the finger's pace: a swipe, not a jump (not a wait for anything)
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}, what, { lifted: true });

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
  await inside(page, await reach(page, 'lesson:wrap-up:practice'), 'Practice: five exercises');
  await inside(page, await reach(page, 'lesson:wrap-up:again'), 'Start the track again');
  await inside(page, await reach(page, 'lesson:wrap-up:next-lesson'), 'Next lesson');
  await saveArtifact('lesson-phone-wrap-up.png', await page.screenshot());
  await tap(page, 'lesson:wrap-up:practice');
  assert.equal((await page.evaluate(() => window.attention.lessonStatus())).mode, 'practice');
  // The exercise's first control is on screen without a swipe back up.
  const first = await find(page, 'lesson:predict:0');
  assert.ok(first && first.y >= 0 && first.y + first.h <= FOOT, `the task is in view: ${JSON.stringify(first)}`);
  await page.context().close();
});

test('lesson on a phone: step 4\'s and step 9\'s revealed tables fit the band, their words wrapped, not cut', async () => {
  // A walk found step 4's reading column cut at the band's edge ("the query it"), and step 9's
  // d_out table's last columns off screen. Answered and revealed by taps.
  // Chinese headers have no spaces: they break between characters.
  for (const [step, table, lang] of [[4, 'table:alignment', 'en'], [9, 'table:scaling', 'en'], [9, 'table:scaling', 'zh-CN']]) {
    const page = await openSettled(browser, `${server.url}/index.html?lang=${lang}#step=${step}`, PHONE);
    await waitFor(page, (want) => document.documentElement.dataset.language === want &&
      /[\u4e00-\u9fff]/.test(window.attention.lessonView().title || '') === (want === 'zh-CN'), lang, `the lesson in ${lang}`);
    await tap(page, 'lesson:choice:0');
    await tap(page, 'lesson:reveal');
    await inside(page, await reach(page, table, -1), `step ${step}'s ${table}`);
    await saveArtifact(`lesson-phone-step${step}-table-${lang}.png`, await page.screenshot());
    await page.context().close();
  }
});

// On screen now, without a swipe: what a tap just brought.
async function onScreen(page, name, what) {
  const r = await waitFor(page, ([n, foot]) => {
    const l = window.attention.layout().find((x) => x.name === n);
    return l && l.y >= 0 && l.y + l.h <= foot ? l : null;
  }, [name, FOOT], what);
  return r.jsonValue();
}

test('lesson on a phone: a reveal, and each judged step of a trace, come into view where the learner tapped', async () => {
  // Step 9's reveal adds a table above the question: the verdict went below the screen's foot, and
  // a judged trace step pushed the next question's buttons off it; both took a swipe to find.
  const page = await openSettled(browser, `${server.url}/index.html#step=9`, PHONE);
  await tap(page, 'lesson:choice:0');
  await tap(page, 'lesson:reveal');
  await onScreen(page, 'lesson:verdict:right', 'step 9\'s verdict');
  await saveArtifact('lesson-phone-step9-verdict.png', await page.screenshot());
  // Back, then Next again from the band: an answered step is met at its words, not its verdict.
  await tap(page, 'lesson:back');
  await onScreen(page, 'lesson:next', 'step 8\'s Next');
  await tap(page, 'lesson:next');
  assert.equal((await page.evaluate(() => window.attention.getState())).step, 9);
  await onScreen(page, 'lesson:back', 'step 9\'s words, from the top');
  await reach(page, 'lesson:mode:debug', -1);
  await tap(page, 'lesson:mode:debug');
  await tap(page, 'lesson:bug:wrong-pair');
  // The query and the loop index check out; the dot product is judged wrong first, then off.
  for (const [judge, next] of [['right', 'lesson:trace-judge:right'], ['right', 'lesson:trace-judge:right'],
    ['right', 'lesson:trace-look-again'], ['off', 'lesson:trace-found']]) {
    const before = await find(page, `lesson:trace-judge:${judge}`);
    assert.ok(before && before.y >= 0 && before.y + before.h <= FOOT, `the judge buttons are on screen: ${JSON.stringify(before)}`);
    await settleAfter(page, () => page.touchscreen.tap(before.x + before.w / 2, before.y + before.h / 2), `a tap on ${judge}`, { lifted: true });
    await onScreen(page, next, `${next} after judging ${judge}`);
  }
  await saveArtifact('lesson-phone-debug-found.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('lesson on a phone: a step\'s watch button for the book\'s classes lands on the section it asks about', async () => {
  // Steps 12 and 13: the panel's top is the class's settings; the masking and dropout sections
  // the questions cover were one or two swipes further down.
  for (const step of [12, 13]) {
    const page = await openSettled(browser, `${server.url}/index.html#step=${step}`, PHONE);
    await tap(page, 'lesson:watch:module');
    const section = await waitFor(page, (foot) => {
      const s = window.attention.layout().find((l) => l.name === 'module:section');
      return s && s.y >= 0 && s.y + s.h <= foot ? s : null;
    }, FOOT, `step ${step}: the step's section on screen`);
    const at = await section.jsonValue();
    // Near the top with room below it to read, or, where it is the panel's last section with
    // little in it yet (13: dropout waits for the answer), whole on screen down to the panel's
    // foot: the column ends there, with no blank made below it.
    const panel = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'highlight:module');
    assert.ok(at.y <= FOOT - 200 || (panel && panel.y + panel.h <= FOOT),
              `step ${step}: the section high enough to read, at ${Math.round(at.y)}, or all of it above the foot`);
    await saveArtifact(`lesson-phone-step${step}-watch-module.png`, await page.screenshot());
    await page.context().close();
  }
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

test('lesson on a phone: a swipe that starts on a heatmap, a field or the 3-D view scrolls, and presses or turns nothing', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=9`, PHONE);
  const cdp = await page.context().newCDPSession(page);
  const swipe = (x0, y0, x1, y1, what) => fingerSwipe(page, cdp, x0, y0, x1, y1, what);
  const state = () => page.evaluate(() => window.attention.getState());
  const before = await state();
  // Up over the scores heatmap: the column moves with the finger; no row became the query.
  const heatmap = await reach(page, 'heatmap:scores');
  await swipe(heatmap.x + heatmap.w / 2, heatmap.y + heatmap.h * 0.8, heatmap.x + heatmap.w / 2, heatmap.y + heatmap.h * 0.8 - 200,
              'a swipe up from the heatmap');
  const moved = await find(page, 'heatmap:scores');
  assert.ok(moved && moved.y < heatmap.y - 150, `the heatmap went up with the finger: y ${heatmap.y} -> ${moved && moved.y}`);
  assert.deepEqual(await state(), before, 'nothing changed: no query, no cell');
  // Back down over an embedding's number field: it scrolls, and the field is not opened for typing.
  const field = await reach(page, 'cell:1:0', -1);
  await swipe(field.x + field.w / 2, field.y + field.h / 2, field.x + field.w / 2, field.y + field.h / 2 + 150, 'a swipe down from a field');
  const after = await find(page, 'cell:1:0');
  assert.ok(after && after.y > field.y + 100, `the field went down with the finger: y ${field.y} -> ${after && after.y}`);
  assert.equal(await page.evaluate(() => document.getElementById('text-proxy').hidden), true, 'no keyboard was asked for');
  assert.deepEqual(await state(), before);
  // Up over the 3-D view, not tapped yet: it scrolls past and the view does not turn.
  const view = await reach(page, 'panel:plot');
  const heads = async () => (await layout(page)).filter((l) => /^arrow:\d+$/.test(l.name)).map((l) => [l.x, l.y]);
  const headsBefore = await heads();
  await swipe(view.x + view.w / 2, view.y + view.h * 0.7, view.x + view.w / 2 + 40, view.y + view.h * 0.7 - 150, 'a swipe up from the 3-D view');
  const viewAfter = await find(page, 'panel:plot');
  assert.ok(viewAfter && viewAfter.y < view.y - 100, `the view went up with the finger: y ${view.y} -> ${viewAfter && viewAfter.y}`);
  const shift = viewAfter.y - view.y;
  const headsAfter = await heads();
  assert.equal(headsAfter.length, headsBefore.length);
  headsAfter.forEach(([x, y], i) => assert.ok(Math.abs(x - headsBefore[i][0]) < 1 && Math.abs(y - shift - headsBefore[i][1]) < 1,
                                              `head ${i} moved with the page only, the view did not turn`));
  assert.deepEqual(await state(), before);
  // Up along the right edge, where a right thumb swipes and the column's scrollbar is: the column
  // moves with the finger, as elsewhere (a thumb dragged there moved it the other way, pages at a time).
  const marker = await find(page, 'panel:plot');
  await swipe(371, 600, 371, 450, 'a swipe up along the scrollbar');
  const markerAfter = await find(page, 'panel:plot');
  const moved2 = marker.y - markerAfter.y;
  assert.ok(moved2 > 100 && moved2 < 200, `the column went up with the finger, about as far: ${Math.round(moved2)} px for 150`);
  assert.deepEqual(await state(), before);
  await page.context().close();
});

// A learner's walk swiped up from step 6's slider to read on: the scale jumped from x1 to x31.62
// and the page stayed. A swipe up or down that starts on it scrolls; a sideways drag moves it.
test('lesson on a phone: a swipe up from step 6\'s slider scrolls and keeps the scale; a sideways drag moves it', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=6`, PHONE);
  const cdp = await page.context().newCDPSession(page);
  const swipe = (x0, y0, x1, y1, what) => fingerSwipe(page, cdp, x0, y0, x1, y1, what);
  const scale = async () => (await page.evaluate(() => window.attention.getState())).lab_scale;
  assert.equal(await scale(), 1);
  const slider = await reach(page, 'lesson:lab-slider');
  await swipe(slider.x + slider.w / 2, slider.y + slider.h / 2, slider.x + slider.w / 2, slider.y + slider.h / 2 - 200,
              'a swipe up from the slider');
  const moved = await find(page, 'lesson:lab-slider');
  assert.ok(!moved || moved.y < slider.y - 150, `the slider went up with the page: y ${slider.y} -> ${moved && moved.y}`);
  assert.equal(await scale(), 1, 'the scale is kept');
  // Sideways, from its left third to the right: the finger drags it, and the scale grows.
  const again = await reach(page, 'lesson:lab-slider', -1);
  await swipe(again.x + again.w * 0.2, again.y + again.h / 2, again.x + again.w * 0.7, again.y + again.h / 2 + 6,
              'a sideways drag on the slider');
  const dragged = await scale();
  assert.ok(dragged > 1.5, `the drag moved the scale: x${dragged}`);
  await saveArtifact('lesson-phone-slider-dragged.png', await page.screenshot());
  // A second finger during a drag (a thumb resting on the screen) neither moves the slider nor
  // lets it go: the first finger still drags it.
  const y = again.y + again.h / 2;
  const first = (x) => ({ x, y, id: 1 }), second = (x) => ({ x, y: y + 120, id: 2 });
  const send = (type, touchPoints) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  let held;
  await settleAfter(page, async () => {
    await send('touchStart', [first(again.x + again.w * 0.3)]);
    for (let k = 1; k <= 4; ++k) await send('touchMove', [first(again.x + again.w * (0.3 + 0.05 * k))]);
  }, 'a finger drags the slider', { lifted: false });
  held = await scale();
  await settleAfter(page, async () => {
    await send('touchStart', [first(again.x + again.w * 0.5), second(again.x + again.w * 0.95)]);
    for (let k = 1; k <= 4; ++k) await send('touchMove', [first(again.x + again.w * 0.5), second(again.x + again.w * (0.95 - 0.2 * k))]);
    await send('touchMove', [first(again.x + again.w * 0.5)]);  // (CDP lifts the finger a list leaves out)
  }, 'a second finger comes and goes', { lifted: false });
  assert.equal(await scale(), held, 'the second finger did not move the slider');
  await settleAfter(page, async () => {
    for (let k = 1; k <= 4; ++k) await send('touchMove', [first(again.x + again.w * (0.5 - 0.08 * k))]);
    await send('touchEnd', []);
  }, 'the first finger drags on and lifts', { lifted: true });
  assert.ok(await scale() < held, `the first finger still drags it: x${held} -> x${await scale()}`);
  await page.context().close();
});

test('lesson on a phone: Debug this after chapter 3, a sliding-window cache traced by taps to the keys a chunk lost', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`, PHONE);
  await tap(page, 'lesson:mode:debug');
  await tap(page, 'lesson:bug:window-drops-chunk-keys');
  const s = await page.evaluate(() => window.attention.getState());
  assert.equal(s.lesson.bug, 'window-drops-chunk-keys');
  assert.equal(s.module.name, 'sliding-window-attention', 'the class the bug lives in runs in its panel too');
  // The combined keys check out; the keys kept for the chunk of tokens 3 to 5 are too few.
  await tap(page, 'lesson:trace-judge:right');
  await tap(page, 'lesson:trace-judge:off');
  const found = await reach(page, 'lesson:trace-found');
  await inside(page, found, 'the first divergence and its explanation');
  assert.equal((await page.evaluate(() => window.attention.getState())).lesson.trace, 2);
  await saveArtifact('lesson-phone-debug-window.png', await page.screenshot());
  // Practice from here loads three tokens: the window class's prompt of six is pulled in, not refused.
  await reach(page, 'lesson:mode:practice', -1);
  await tap(page, 'lesson:mode:practice');
  const after = await page.evaluate(() => window.attention.getState());
  assert.equal(after.lesson.mode, 'practice');
  assert.equal(after.example, 'three-tokens');
  assert.equal((await page.evaluate(() => window.attention.summary())).error, '', 'nothing refused');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
