// Responsive, touch, crisp, keyboard: the canvas follows its container, renders at
// devicePixelRatio, a finger tap selects a token on a phone, and Tab enters and leaves the demo.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitFor, waitQuiet, settleAfter, demoFrame, saveArtifact, openSettled }
  from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const canvasSize = (page) => page.evaluate(() => {
  const c = document.getElementById('canvas');
  return { width: c.width, height: c.height, cssWidth: c.clientWidth, cssHeight: c.clientHeight };
});

test('responsive: the canvas follows its container without a window resize', async () => {
  const page = await openSettled(browser, server.url + '/');
  assert.deepEqual(await canvasSize(page), { width: 1280, height: 800, cssWidth: 1280, cssHeight: 800 });
  await page.evaluate(() => { document.getElementById('app').style.width = '700px'; document.getElementById('app').style.height = '500px'; });
  await waitFor(page, () => document.getElementById('canvas').width === 700, null, 'the canvas to follow its container (700 px)',
                { describe: () => canvasSize(page).then((c) => JSON.stringify(c)) });
  await waitQuiet(page, 'the demo to settle at its new size');
  assert.deepEqual(await canvasSize(page), { width: 700, height: 500, cssWidth: 700, cssHeight: 500 });
  const layout = await page.evaluate(() => window.attention.layout());
  const right = Math.max(...layout.map((l) => l.x + l.w));
  assert.ok(right <= 700, `the UI was laid out for 700 px (rightmost item ends at ${right})`);
  await page.context().close();
});

test('responsive: at devicePixelRatio 2 the canvas has twice the pixels (crisp, not upscaled)', async () => {
  const page = await openSettled(browser, server.url + '/', { viewport: { width: 800, height: 600 }, deviceScaleFactor: 2 });
  assert.deepEqual(await canvasSize(page), { width: 1600, height: 1200, cssWidth: 800, cssHeight: 600 });
  await saveArtifact('page-800x600-dpr2.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('touch: on a 390 x 844 phone, tapping a token\'s radio makes it the query', async () => {
  const page = await openSettled(browser, server.url + '/',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true });
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 1);
  const token = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'token:2');
  assert.ok(token, 'layout has token:2');
  await page.touchscreen.tap(token.x + token.w / 2, token.y + token.h / 2);
  const queryNow = () => page.evaluate(() => `query ${window.attention.getState().query}`);
  await waitFor(page, () => window.attention.getState().query === 2, null, 'the tap to make token 2 the query', { describe: queryNow });
  assert.equal((await page.evaluate(() => window.attention.pageOptions())).touch, true);
  // The lifted finger leaves no hover behind (no tooltip stays under it).
  await waitFor(page, () => window.attention.stats().pointer === false, null, 'the demo to see the finger lifted (no hover left)');
  await saveArtifact('page-390x844-touch.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('touch: a number field tapped on a phone gets a real input, so the on-screen keyboard opens', async () => {
  const page = await openSettled(browser, server.url + '/',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const field = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'query:input');
  assert.ok(field, 'the query field is in attention.layout()');
  await page.touchscreen.tap(field.x + field.w / 2, field.y + field.h / 2);
  const queryNow = () => page.evaluate(() => `query ${window.attention.getState().query}`);
  await waitFor(page, () => document.activeElement && document.activeElement.id === 'text-proxy', null,
                'the tapped field to focus the text proxy (the on-screen keyboard)',
                { describe: () => page.evaluate(() => `active element: ${document.activeElement && (document.activeElement.id || document.activeElement.tagName)}`) });
  assert.equal(await page.evaluate(() => document.getElementById('text-proxy').inputMode), 'decimal');
  await page.keyboard.type('4');  // what the phone's keyboard types goes to the proxy, then to the demo
  await waitFor(page, () => window.attention.getState().query === 4, null, 'the typed 4 to become the query', { describe: queryNow });
  await page.keyboard.press('Backspace');
  await page.keyboard.type('2');
  await waitFor(page, () => window.attention.getState().query === 2, null, 'the typed 2 to become the query', { describe: queryNow });
  await page.keyboard.press('Enter');
  await waitFor(page, () => document.getElementById('text-proxy').hidden, null, 'Enter to put the text proxy away');
  // Enter as a keyboard that is composing a word sends it: a line break the field would insert. It
  // confirms the field as Enter does, and no newline reaches the demo.
  await page.touchscreen.tap(field.x + field.w / 2, field.y + field.h / 2);
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', null, 'the field again');
  for (let k = 0; k < 3; ++k) await page.keyboard.press('Backspace');
  await page.keyboard.type('3');
  await waitFor(page, () => window.attention.getState().query === 3, null, 'the typed 3', { describe: queryNow });
  await page.evaluate(() => document.getElementById('text-proxy').dispatchEvent(
    new InputEvent('beforeinput', { inputType: 'insertLineBreak', bubbles: true, cancelable: true })));
  await waitFor(page, () => document.getElementById('text-proxy').hidden, null, 'the line break to confirm the field');
  assert.equal(await page.evaluate(() => window.attention.getState().query), 3);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('touch: a 100,000-character CSV pasted on a phone reaches the Import box whole; too much is named, not dropped', async () => {
  const page = await openSettled(browser, server.url + '/',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const tap = async (name) => {
    const item = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === name);
    assert.ok(item, `${name} is on screen`);
    await settleAfter(page, () => page.touchscreen.tap(item.x + item.w / 2, item.y + item.h / 2), `a tap on ${name}`);
  };
  await tap('import:open');
  await tap('import:text');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', null, 'the Import box\'s field to take the phone\'s keyboard');
  // 1,024 rows of a label and 16 numbers: about 100,000 characters, more than a keyboard types.
  const rows = [];
  for (let i = 0; i < 1024; ++i) rows.push([`tok${i}`, ...Array.from({ length: 16 }, (_, k) => ((i * 7 + k * 3) % 1000) / 1000)].join(','));
  const csv = rows.join('\n');
  assert.ok(csv.length > 90000, `${csv.length} characters`);
  await page.evaluate((text) => navigator.clipboard.writeText(text), csv);
  await settleAfter(page, () => page.keyboard.press('Control+V'), 'the phone\'s Paste');  // a paste event on the field
  await tap('import:apply');
  const state = await page.evaluate(() => window.attention.getState());
  assert.equal(state.tokens.length, 1024, 'every row applied');
  assert.equal(state.inputs[0].length, 16);
  assert.equal(state.tokens[1023], 'tok1023');
  // A keyboard's suggestion strip or clipboard chip inserts text without a paste event: a long
  // insertion goes in at once too.
  await tap('import:open');  // Apply closed the box; it opens with the text applied
  await tap('import:clear');
  await tap('import:text');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', null, 'the field again');
  const json = JSON.stringify(Array.from({ length: 40 }, (_, i) => [i / 10, 1 - i / 10, 0.5]));
  assert.ok(json.length > 256);
  await settleAfter(page, () => page.keyboard.insertText(json), 'an inserted list');
  await tap('import:apply');
  assert.equal((await page.evaluate(() => window.attention.getState())).inputs.length, 40);
  // Inserted text keeps its line breaks (a CSV from the keyboard's clipboard chip): three rows.
  await tap('import:open');
  await tap('import:clear');
  await tap('import:text');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', null, 'the field once more');
  await settleAfter(page, () => page.keyboard.insertText('a,1,2\nb,3,4\nc,5,6'), 'an inserted CSV');
  await tap('import:apply');
  assert.deepEqual((await page.evaluate(() => window.attention.getState())).tokens, ['a', 'b', 'c']);
  // More than the page takes (16 MiB): named where a refused input is shown, and nothing changes.
  await settleAfter(page, () => page.evaluate(() => {
    const data = new DataTransfer();
    data.setData('text/plain', 'x'.repeat(17 * 1024 * 1024));
    document.getElementById('text-proxy').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }), 'a paste of 17 MiB');
  const error = (await page.evaluate(() => window.attention.summary())).error;
  assert.match(error, /^paste: the pasted text is \d+ characters long but the limit is 16777216 bytes/);
  assert.equal((await page.evaluate(() => window.attention.getState())).inputs.length, 3, 'the last good state kept');
  await saveArtifact('touch-paste-390.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('keyboard: Tab from the host page enters the demo and leaves it again (no keyboard trap)', async () => {
  server.routes.set('/tab-host.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>tab</title><link rel="icon" href="data:,"></head><body>
<button id="before">before</button>
<iframe src="/index.html" title="demo" style="width:900px;height:600px;border:0"></iframe>
<button id="after">after</button></body></html>`);
  const page = await openPage(browser, server.url + '/tab-host.html');
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await page.focus('#before');
  const active = () => frame.evaluate(() => document.hasFocus() ? (document.activeElement.id || document.activeElement.tagName) : 'outside');
  await page.keyboard.press('Tab');
  assert.equal(await active(), 'canvas', 'Tab enters the canvas');
  // Inside, keys go to the demo (ImGui navigation); Tab is not one of them.
  await page.keyboard.press('ArrowDown');
  // Then the lesson's text version (its start button), the numbers' settings; framed means
  // embedded: the readers' one link follows, then the host page again.
  await page.keyboard.press('Tab');
  assert.equal(await frame.evaluate(() => document.activeElement.textContent), 'Start the guided lesson');
  const stops = [];
  for (let k = 0; k < 16 && stops[stops.length - 1] !== 'open-full'; ++k) {
    await page.keyboard.press('Tab');
    stops.push(await active());
  }
  // (SUMMARY: the collapsed "PyTorch code" group of the numbers' text version.)
  assert.deepEqual(stops, ['numbers-reader-query', 'numbers-reader-norm', 'numbers-reader-projection', 'numbers-reader-causal',
                           'numbers-reader-lab-scale', 'numbers-reader-module', 'numbers-reader-edit-token',
                           'numbers-reader-edit-dim', 'numbers-reader-edit-value', 'SUMMARY', 'open-full']);
  await page.keyboard.press('Tab');
  assert.equal(await active(), 'outside');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'after', 'Tab leaves the demo');
  const back = [];
  for (let k = 0; k < stops.length + 2; ++k) {
    await page.keyboard.press('Shift+Tab');
    back.push(await active());
  }
  assert.deepEqual(back, [...stops.slice().reverse(), 'BUTTON', 'canvas'], 'Shift+Tab comes back the same way');
  assert.equal(await active(), 'canvas', 'Shift+Tab comes back');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'before', 'and leaves backwards too');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('touch: a tap engages the 3-D view, then a two-finger pinch zooms it, without moving a vector or the query', async () => {
  const page = await openSettled(browser, server.url + '/',
    { viewport: { width: 1024, height: 768 }, deviceScaleFactor: 1, hasTouch: true, isMobile: false });
  const layout = () => page.evaluate(() => window.attention.layout());
  const spread = (items) => {
    const a = items.find((l) => l.name === 'arrow:0'), b = items.find((l) => l.name === 'arrow:2');
    assert.ok(a && b, 'the arrow heads are in the layout');
    return Math.hypot(a.x - b.x, a.y - b.y);
  };
  const before = await page.evaluate(() => window.attention.getState());
  const items = await layout();
  const d0 = spread(items);
  const plot = items.find((l) => l.name === 'panel:plot');
  const cx = plot.x + plot.w / 2, cy = plot.y + plot.h * 0.6;
  // On a touch screen the view takes fingers once tapped (a swipe over it scrolls until then).
  await settleAfter(page, () => page.touchscreen.tap(cx, plot.y + 12), 'a tap that engages the view', { lifted: true });
  assert.ok((await layout()).some((l) => l.name === 'plot:engaged'), 'the view says it is engaged');
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, gap) => cdp.send('Input.dispatchTouchEvent', {
    type, touchPoints: type === 'touchEnd' ? [] : [{ x: cx - gap, y: cy, id: 1 }, { x: cx + gap, y: cy, id: 2 }] });
  await settleAfter(page, async () => {
    await touch('touchStart', 30);
    for (let gap = 35; gap <= 60; gap += 5) {  // spread from 60 px apart to 120: twice the distance
      await touch('touchMove', gap);
      await page.waitForTimeout(30);  // the fingers' pace: a pinch, not a jump (not a wait for anything)
    }
    await touch('touchEnd', 0);
  }, 'the pinch');
  const d1 = spread(await layout());
  assert.ok(d1 > d0 * 1.5, `the heads spread apart: ${d0.toFixed(1)} px -> ${d1.toFixed(1)} px`);
  assert.deepEqual(await page.evaluate(() => window.attention.getState()), before, 'no vector moved, same query');
  await saveArtifact('page-1024x768-pinched.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('touch: on a phone the lesson scrolls by swipe, folds to one line, and its watch buttons scroll to the panel', async () => {
  const page = await openSettled(browser, server.url + '/#step=6',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  const items = () => page.evaluate(() => window.attention.layout());
  const find = async (name) => (await items()).find((l) => l.name === name);
  const band0 = await find('panel:lesson');
  assert.ok(band0 && band0.h > 400, 'the band shows the whole step at its own height');
  assert.ok(await find('lesson:choice:0'), "the question's choices are on the first screen");
  const cdp = await page.context().newCDPSession(page);
  const swipe = (x, y0, y1) => settleAfter(page, async () => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: y0, id: 1 }] });
    for (let k = 1; k <= 8; ++k) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y0 + (y1 - y0) * k / 8, id: 1 }] });
      await page.waitForTimeout(20);  // the finger's pace: a swipe, not a jump (not a wait for anything)
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }, `a swipe from y ${y0} to ${y1}`, { lifted: true });
  const tap = (item, what) => settleAfter(page, () => page.touchscreen.tap(item.x + item.w / 2, item.y + item.h / 2), what,
                                          { lifted: true });
  // A swipe up over the step's text (no widget under the finger) scrolls the whole column.
  const before = await page.evaluate(() => window.attention.getState());
  await swipe(band0.x + band0.w / 2, band0.y + 300, band0.y + 60);
  const band1 = await find('panel:lesson');
  assert.ok(band1.y < band0.y - 150, `the band moved up with the finger: y ${band0.y} -> ${band1.y}`);
  assert.deepEqual(await page.evaluate(() => window.attention.getState()), before, 'a swipe changes nothing');
  await saveArtifact('page-390x844-lesson-swiped.png', await page.screenshot());

  // Scroll back, fold the band, unfold it.
  await swipe(band0.x + band0.w / 2, 200, 800);
  const hide = await find('lesson:collapse');
  assert.ok(hide, 'the band has a Hide button on a phone');
  await tap(hide, 'the tap on Hide');
  const folded = await find('panel:lesson');
  assert.ok(folded.h < 80, `folded to one line (${folded.h} px)`);
  await saveArtifact('page-390x844-lesson-folded.png', await page.screenshot());
  const show = await find('lesson:expand');
  await tap(show, 'the tap on Show');
  assert.ok((await find('panel:lesson')).h > 400, 'and back');

  // The watch button for "All queries at once" scrolls that panel to the top of the screen.
  const watch = await find('lesson:watch:heatmaps');
  assert.ok(watch, 'step 6 links the panels it is about');
  await tap(watch, 'the tap on the watch button');
  const heatmaps = await find('highlight:heatmaps');
  assert.ok(heatmaps && heatmaps.y >= 0 && heatmaps.y < 200, `the heatmaps panel is at the top (y ${heatmaps && heatmaps.y})`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
