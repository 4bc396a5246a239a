// "Make an embed…" as a course author uses it on the full page at 1366 x 768: real clicks pick the
// panels, the theme and the lesson step (which brings the lesson panel); the view behind follows; the snippet carries theme=, the
// panels and the step, a title naming the view and a height suggested from what the view needs;
// Copy puts it on the clipboard. The copied snippet is then pasted into a course page on another
// origin, where the frame shows exactly the chosen panels, in the chosen theme, at the chosen step.
// Readers never load the maker: the page requests attention-embed.js only when the button is used.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, openSettled, waitReady, waitIdle, demoFrame, saveArtifact } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test('embed maker: panels, theme and step chosen by clicks give a snippet that embeds exactly that view', async () => {
  const requested = [];
  const page = await openSettled(browser, server.url + '/#example=your-journey&query=1', { viewport: { width: 1366, height: 768 } });
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  assert.ok(!requested.includes('/attention-embed.js'), 'not loaded before it is asked for');
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  assert.ok(requested.includes('/attention-embed.js'));
  // Keep the inputs and the weights only: untick the others.
  for (const key of ['plot', 'loop', 'heatmaps', 'projection', 'module', 'lesson', 'code']) {
    const box = page.locator(`#embed-panel-${key}`);
    if (await box.isChecked()) await box.click();
  }
  await page.selectOption('#embed-theme', 'dark');
  // A step brings its lesson panel (its questions) with it, and, once the lesson's file says which,
  // the panels the step watches (step 3: the score loop, the inputs, the weights).
  await page.selectOption('#embed-step', '3');
  assert.equal(await page.locator('#embed-panel-lesson').isChecked(), true);
  await page.waitForFunction(() => window.attention.getState().step === 3 &&
                             window.attention.getState().panels.join() === 'inputs,loop,weights,lesson', null, { timeout: 20000 })
    .catch(() => assert.fail('the view behind follows the choices, with the watched score loop ticked'));
  assert.equal(await page.locator('#embed-panel-loop').isChecked(), true, 'the watched panel is ticked in the maker');
  await waitIdle(page);
  await page.waitForTimeout(300);
  const snippet = await page.inputValue('#embed-snippet');
  assert.match(snippet, /^<iframe src="[^"]*\?embed=1&amp;theme=dark#[^"]*panels=inputs,loop,weights,lesson/);
  assert.match(snippet, /step=3/);
  assert.match(snippet, /title="Interactive demo: how attention scores are computed \(inputs and the query, the score loop, scores to weights, guided lesson; lesson step 3\)"/);
  const height = Number(/height="(\d+)"/.exec(snippet)[1]);
  const need = await page.evaluate(() => window.attention.contentHeight());
  assert.ok(height >= need && height <= need + 60, `suggested height ${height} fits the content (${need} px)`);
  await saveArtifact('embed-maker-1366.png', await page.screenshot());
  await page.click('#embed-copy');
  await page.waitForFunction(() => document.getElementById('embed-status').textContent === 'Copied the embed code');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, snippet);
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.getElementById('embed-maker').hidden), true);
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // The snippet in a course page on another origin.
  server.routes.set('/course-embed.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<link rel="icon" href="data:,"></head><body>${copied}</body></html>`);
  const course = await openPage(browser, `http://localhost:${server.port}/course-embed.html`, { viewport: { width: 1280, height: 900 } });
  const frame = await demoFrame(course, 'embed=1');
  await waitReady(frame);
  await waitIdle(frame);
  const shown = await frame.evaluate(() => ({ state: window.attention.getState(), options: window.attention.pageOptions(),
                                              titles: window.attention.layout().filter((l) => l.name.startsWith('value:title:')).map((l) => l.name) }));
  assert.deepEqual(shown.state.panels, ['inputs', 'loop', 'weights', 'lesson']);
  assert.equal(shown.state.step, 3);
  assert.equal(shown.options.theme, 'dark');
  assert.equal(shown.options.embed, true);
  assert.deepEqual(course.problems, []);
  await course.context().close();
});

test('embed maker: "for print and PDF" adds the view as a figure that replaces the frame when the page is printed', async () => {
  const page = await openSettled(browser, server.url + '/#example=your-journey&query=1&panels=inputs,weights',
                                 { viewport: { width: 1366, height: 768 } });
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  await page.click('#embed-print');
  await page.waitForFunction(() => document.getElementById('embed-snippet').value.includes('attention-print'));
  const snippet = await page.inputValue('#embed-snippet');
  const context = (await page.evaluate(() => window.attention.results())).context.map((v) => v.toFixed(4));
  await page.keyboard.press('Escape');
  await page.context().close();
  assert.match(snippet, /^<figure class="attention-demo"[^>]*>\n<iframe src="[^"]*\?embed=1#/);
  const svg = decodeURIComponent(/src="data:image\/svg\+xml;charset=utf-8,([^"]*)"/.exec(snippet)[1]);
  assert.match(svg, /^<svg /);
  for (const v of context) assert.ok(svg.includes(v), `the figure prints the context vector's ${v}`);

  server.routes.set('/course-print.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<link rel="icon" href="data:,"></head><body><h1>Attention</h1>${snippet}<p>After the demo.</p></body></html>`);
  const course = await openPage(browser, `http://localhost:${server.port}/course-print.html`, { viewport: { width: 1280, height: 900 } });
  const frame = await demoFrame(course, 'embed=1');
  await waitReady(frame);
  const shown = () => course.evaluate(() => ({
    frame: getComputedStyle(document.querySelector('.attention-demo iframe')).display !== 'none',
    figure: document.querySelector('.attention-print').getBoundingClientRect().height }));
  assert.deepEqual(await shown(), { frame: true, figure: 0 }, 'on screen: the live demo, no figure');
  await course.emulateMedia({ media: 'print' });
  const printed = await shown();
  assert.equal(printed.frame, false, 'printed: no frame');
  assert.ok(printed.figure > 100, `printed: the figure (${printed.figure} px high)`);
  await saveArtifact('embed-maker-printed.png', await course.screenshot({ fullPage: true }));
  assert.deepEqual(course.problems, []);
  await course.context().close();
});
