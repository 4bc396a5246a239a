// "Make an embed…" as a course author uses it on the full page at 1366 x 768: real clicks pick the
// panels, the theme and the lesson step (which brings the lesson panel); the view behind follows; the snippet carries theme=, the
// panels and the step, a title naming the view and a height suggested from what the view needs;
// Copy puts it on the clipboard. The copied snippet is then pasted into a course page on another
// origin, where the frame shows exactly the chosen panels, in the chosen theme, at the chosen step.
// Readers never load the maker: the page requests attention-embed.js only when the button is used.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startServer, launchBrowser, openPage, openSettled, waitReady, waitIdle, demoFrame, saveArtifact, budget, waitFor } from './harness.mjs';

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
                             window.attention.getState().panels.join() === 'inputs,loop,weights,lesson', null, { timeout: budget() })
    .catch(() => assert.fail('the view behind follows the choices, with the watched score loop ticked'));
  assert.equal(await page.locator('#embed-panel-loop').isChecked(), true, 'the watched panel is ticked in the maker');
  await waitIdle(page);
  await waitFor(page, () => /panels=inputs,loop,weights,lesson/.test(document.getElementById('embed-snippet').value), null,
                'the maker to write the snippet for the chosen panels');
  const snippet = await page.inputValue('#embed-snippet');
  // Self-sizing by default: the frame is marked for attention-host.js, whose line follows it.
  assert.match(snippet, /^<iframe data-attention-frame src="[^"]*\?embed=1&amp;theme=dark#[^"]*panels=inputs,loop,weights,lesson/);
  assert.match(snippet, /<\/iframe>\n<script src="http:\/\/127\.0\.0\.1:\d+\/attention-host\.js"><\/script>$/);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark', 'the preview shows the dark theme');
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

test('embed maker: opened on the whole demo, its code stays behind its button: no window over the lesson', async () => {
  // A teacher's walk: every box ticked by default, "PyTorch code" among them, so the embed opened
  // the code's window over the question (on a phone over every choice).
  const page = await openSettled(browser, server.url + '/', { viewport: { width: 1366, height: 768 } });
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  assert.equal(await page.locator('#embed-panel-code').isChecked(), false, 'the code is not ticked');
  for (const key of ['inputs', 'plot', 'loop', 'heatmaps', 'weights', 'projection', 'module', 'lesson'])
    assert.equal(await page.locator(`#embed-panel-${key}`).isChecked(), true, `${key} is ticked`);
  await page.selectOption('#embed-step', '2');
  await page.waitForFunction(() => window.attention.getState().step === 2, null, { timeout: budget() });
  await waitIdle(page);
  await waitFor(page, () => /step=2/.test(document.getElementById('embed-snippet').value), null, 'the snippet for step 2');
  const snippet = await page.inputValue('#embed-snippet');
  assert.doesNotMatch(snippet, /panels=/, 'the whole demo needs no panels= in its link');
  assert.match(snippet, /\(all panels; lesson step 2\)/);
  assert.deepEqual(await page.evaluate(() => window.attention.getState().panels), []);
  await page.keyboard.press('Escape');
  await page.context().close();

  server.routes.set('/course-whole.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"></head><body>${snippet}</body></html>`);
  const course = await openPage(browser, `http://localhost:${server.port}/course-whole.html`,
                                { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const frame = await demoFrame(course, 'embed=1');
  await waitReady(frame);
  await waitIdle(frame);
  const shown = await frame.evaluate(() => ({ state: window.attention.getState(),
                                              names: window.attention.layout().map((l) => l.name) }));
  assert.equal(shown.state.step, 2);
  assert.ok(!shown.names.includes('code:copy'), 'no code window is open');
  assert.ok(shown.names.some((n) => n.startsWith('lesson:choice:')), `the question's choices are drawn: ${shown.names.filter((n) => n.startsWith('lesson')).join()}`);
  await saveArtifact('embed-maker-whole-phone.png', await course.screenshot());
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
  assert.match(snippet, /^<figure class="attention-demo"[^>]*>\n<iframe data-attention-frame src="[^"]*\?embed=1#/);
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

// The figure's code is deferred (attention.svg() fetches it): when it cannot come, the maker says
// so and offers no snippet without the figure the author asked for.
test('embed maker: "for print and PDF" whose figure cannot be fetched says why, and offers no snippet without it', async () => {
  const page = await openSettled(browser, server.url + '/#example=your-journey&query=1', { viewport: { width: 1366, height: 768 } });
  await page.route('**/attention-explainer.deferred.wasm', (route) => route.fulfill({ status: 503, body: 'busy' }));
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  await page.click('#embed-print');
  await page.waitForFunction(() => /No figure for print: the figure's code could not be fetched: .*HTTP 503/
    .test(document.getElementById('embed-status').textContent))
    .catch(async () => assert.fail(`the failure is named: ${await page.textContent('#embed-status')}`));
  assert.equal(await page.inputValue('#embed-snippet'), '', 'no snippet without the figure');
  // Unticked, the snippet is the frame alone again.
  await page.click('#embed-print');
  await page.waitForFunction(() => document.getElementById('embed-snippet').value.startsWith('<iframe'));
  await page.context().close();
});

test('embed maker: a course\'s settings go into the snippet, bad ones are named, and "No script" fits a phone', async () => {
  const page = await openSettled(browser, server.url + '/#example=your-journey&query=1', { viewport: { width: 1366, height: 768 } });
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  await page.selectOption('#embed-step', '11');
  const snippetNow = () => page.inputValue('#embed-snippet');
  // Typed as an author types them; a bad one is named, its field marked, and there is no snippet
  // to copy until it is mended: one without it (or without the good settings beside it) would
  // grade differently from the preview.
  await page.fill('#embed-pass', '0.8');
  await page.fill('#embed-steps', '20-3');
  await page.waitForFunction(() => /No embed code until this is mended: steps=20-3 is not a range/
    .test(document.getElementById('embed-status').textContent))
    .catch(async () => assert.fail(`a bad range is named: ${await page.textContent('#embed-status')}`));
  assert.equal(await snippetNow(), '', 'no snippet while a field is wrong');
  assert.equal(await page.getAttribute('#embed-steps', 'aria-invalid'), 'true');
  assert.equal(await page.getAttribute('#embed-pass', 'aria-invalid'), null);
  await page.evaluate(() => {
    window.copied = null;
    navigator.clipboard.writeText = async (t) => { window.copied = t; };
    document.getElementById('embed-status').textContent = '';  // so that only Copy can say it again
  });
  await page.click('#embed-copy');
  await page.waitForFunction(() => /No embed code until this is mended: steps=20-3/.test(document.getElementById('embed-status').textContent));
  assert.equal(await page.evaluate(() => window.copied), null, 'Copy copied nothing');
  // Both wrong: both fields marked, both named (setLessonCourse says each by its key).
  await page.fill('#embed-pass', '80');
  await page.waitForFunction(() => document.getElementById('embed-pass').getAttribute('aria-invalid') === 'true');
  assert.equal(await page.getAttribute('#embed-steps', 'aria-invalid'), 'true');
  assert.deepEqual(Object.keys(await page.evaluate(() => window.attention.setLessonCourse({ steps: '20-3', pass: '80' }).errors)),
                   ['steps', 'pass']);
  assert.match(await page.textContent('#embed-status'), /steps=20-3.*pass=80|pass=80.*steps=20-3/);
  await page.fill('#embed-pass', '0.8');
  await page.fill('#embed-steps', '11-14');
  await page.click('#embed-xapi');
  await page.fill('#embed-activity', 'week-3');
  await page.waitForFunction(() => /week-3 is not an absolute IRI/.test(document.getElementById('embed-status').textContent));
  assert.equal(await page.getAttribute('#embed-activity', 'aria-invalid'), 'true');
  await page.fill('#embed-activity', 'https://course.example/attention/week-3');
  await page.fill('#embed-origins', 'https://lms.example.edu');
  await page.waitForFunction(() => document.getElementById('embed-status').textContent === '')
    .catch(async () => assert.fail(`no complaint left: ${await page.textContent('#embed-status')}`));
  for (const field of ['#embed-steps', '#embed-pass', '#embed-activity', '#embed-origins'])
    assert.equal(await page.getAttribute(field, 'aria-invalid'), null, `${field} is no longer marked`);
  let snippet = await snippetNow();
  const src = new URL(/src="([^"]*)"/.exec(snippet)[1].replace(/&amp;/g, '&'));
  assert.deepEqual(Object.fromEntries(src.searchParams), {
    embed: '1', steps: '11-14', pass: '0.8', origins: 'https://lms.example.edu', xapi: '1',
    activity: 'https://course.example/attention/week-3' });
  const lesson = await page.evaluate(() => window.attention.lessonStatus());
  assert.deepEqual([lesson.first_step, lesson.last_step, lesson.pass_mark], [11, 14, 0.8], 'the preview runs the course\'s range');
  // Step 11 opens as the lesson sets it up: the book's classes it runs are on, in the snippet too.
  assert.ok((await page.evaluate(() => window.attention.getState())).module, 'the preview runs the book\'s classes');
  assert.match(decodeURIComponent(src.hash), /module=/, 'the snippet carries them');

  // No script: the height of the view at a phone's width, measured in a hidden copy.
  const sized = Number(/height="(\d+)"/.exec(snippet)[1]);
  await page.click('#embed-no-script');
  await page.waitForFunction(() => /Fixed at \d+ px: what this view needs on a 390 px phone/
    .test(document.getElementById('embed-height-note').textContent), null, { timeout: budget() })
    .catch(async () => assert.fail(`measured at a phone's width: ${await page.textContent('#embed-height-note')}`));
  snippet = await snippetNow();
  assert.match(snippet, /^<iframe src=/, 'no data-attention-frame');
  assert.doesNotMatch(snippet, /<script/, 'no script line');
  const fixed = Number(/height="(\d+)"/.exec(snippet)[1]);
  assert.ok(fixed > sized, `taller than at 1366 px (${fixed} > ${sized})`);
  await saveArtifact('embed-maker-course-1366.png', await page.screenshot());

  // That frame on a 390 x 844 phone: nothing to scroll inside it.
  server.routes.set('/course-phone.html', `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>course</title><link rel="icon" href="data:,"></head>
<body style="margin:0">${snippet}<p>After the demo.</p></body></html>`);
  const phone = await openPage(browser, `http://localhost:${server.port}/course-phone.html`,
                               { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.evaluate(() => document.querySelector('iframe').scrollIntoView());
  const frame = await demoFrame(phone, 'embed=1');
  await waitReady(frame);
  await waitIdle(frame);
  const need = await frame.evaluate(() => window.attention.contentHeight());
  assert.ok(need <= fixed, `the phone's view needs ${need} px, the frame gives ${fixed}`);
  await phone.context().close();

  await page.keyboard.press('Escape');
  const after = await page.evaluate(() => window.attention.lessonStatus());
  assert.deepEqual([after.first_step, after.pass_mark], [1, null], 'closing gives the page its own settings back');
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  assert.equal(await page.evaluate(() => document.querySelectorAll('.embed-phone-probe').length), 0, 'the probe is gone');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A teacher's lesson= page opened in free exploration: the lesson's file has not come yet when the
// maker opens. The step list says it is loading (never the chapter's 14 steps), the maker fetches
// the file, and the list then holds the lesson's own steps, one of which a click picks.
test('embed maker: on a lesson= page before its lesson came, the step list waits for the lesson\'s own steps', async () => {
  const page = await openSettled(browser, server.url + '/?lesson=lessons/examples/my-sentence.json', { viewport: { width: 1366, height: 768 } });
  assert.equal((await page.evaluate(() => window.attention.lessonStatus())).steps, 0, 'the lesson is not fetched for the first view');
  const seen = [];
  await page.exposeFunction('noteSteps', (n) => seen.push(n));
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  await page.evaluate(() => {
    const select = document.getElementById('embed-step');
    const note = () => window.noteSteps(select.querySelectorAll('option:not([disabled])').length - 1);
    note();
    new MutationObserver(note).observe(select, { childList: true });
  });
  await page.waitForFunction(() => [...document.querySelectorAll('#embed-step option')].map((o) => o.value).join() === '0,1,2,3')
    .catch(async () => assert.fail('the lesson\'s three steps, listed: ' +
                                   await page.$$eval('#embed-step option', (o) => o.map((x) => x.textContent).join(' | '))));
  assert.ok(!seen.includes(14), `the chapter's 14 steps are never listed (seen: ${seen})`);
  // Each by its title, so a teacher picks the step they mean.
  await page.waitForFunction(() => document.querySelector('#embed-step option[value="2"]').textContent ===
                                   '2. Which word lines up best with it?', null, { timeout: budget() })
    .catch(async () => assert.fail('the steps by their titles: ' +
                                   await page.$$eval('#embed-step option', (o) => o.map((x) => x.textContent).join(' | '))));
  // Nothing picked yet: the lesson's own first step, not the book's sentence behind a Start
  // button (a teacher's walk embedded "none" and their students met the book's sentence).
  await page.waitForFunction(() => document.getElementById('embed-step').value === '1' &&
                                   window.attention.getState().step === 1 &&
                                   /lesson step 1\)"/.test(document.getElementById('embed-snippet').value), null, { timeout: budget() })
    .catch(async () => assert.fail(`the maker starts at the lesson's step 1: select ${await page.inputValue('#embed-step')}, ` +
                                   `state step ${(await page.evaluate(() => window.attention.getState())).step}`));
  await page.selectOption('#embed-step', '2');
  await page.waitForFunction(() => /lesson step 2\)"/.test(document.getElementById('embed-snippet').value), null, { timeout: budget() })
    .catch(async () => assert.fail(`the snippet opens step 2: ${await page.inputValue('#embed-snippet')} ` +
                                   `(state step ${(await page.evaluate(() => window.attention.getState())).step}, ` +
                                   `status "${await page.textContent('#embed-status')}")`));
  assert.match(await page.inputValue('#embed-snippet'), /lesson=lessons\/examples\/my-sentence\.json/);
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // A lesson that will not come: the list says so instead of loading forever.
  const missing = await openSettled(browser, server.url + '/?lesson=lessons/examples/no-such-lesson.json', { viewport: { width: 1366, height: 768 } });
  await missing.click('#copy-embed');
  await missing.waitForSelector('#embed-maker:not([hidden])');
  await missing.waitForFunction(() => /could not be loaded/.test(document.querySelector('#embed-step option[disabled]')?.textContent || ''),
                                null, { timeout: budget() })
    .catch(async () => assert.fail('the list says the lesson could not be loaded: ' +
                                   await missing.$$eval('#embed-step option', (o) => o.map((x) => x.textContent).join(' | '))));
  await missing.context().close();  // (its 404 is the point: not asserted as a problem)
});

// A teacher's lesson kept on another site (the page's origins= lets it load): the embed loads it
// only if its origins= lists that site too, and origins= also names the course pages the frame
// talks to. So the maker asks for the course's site, and lists the lesson's beside it.
test('embed maker: a lesson from another site goes into the snippet with its site, beside the course\'s', async () => {
  const lessonSite = `http://localhost:${server.port}`;
  // The teacher's site serves the file to other sites (CORS), as a lesson host must (docs/lessons.md).
  server.routes.set('/teacher/week-3.json', { type: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' },
    body: readFileSync(new URL('../../dist/lessons/examples/my-sentence.json', import.meta.url)) });
  const page = await openSettled(browser, `${server.url}/?lesson=${lessonSite}/teacher/week-3.json` +
                                 `&origins=${lessonSite}#step=1`, { viewport: { width: 1366, height: 768 } });
  await page.waitForFunction(() => window.attention.lessonStatus().steps === 3, null, { timeout: budget() })
    .catch(async () => assert.fail(`the page loads the lesson: ${JSON.stringify(await page.evaluate(() => window.attention.lessonStatus()))}`));
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  await page.waitForFunction((site) => document.getElementById('embed-status').textContent.includes(`The lesson comes from ${site}`),
                             lessonSite, { timeout: budget() })
    .catch(async () => assert.fail(`the maker asks for the course's site: ${await page.textContent('#embed-status')}`));
  assert.equal(await page.inputValue('#embed-snippet'), '', 'no snippet that could not load its lesson');
  assert.equal(await page.getAttribute('#embed-origins', 'aria-invalid'), 'true');
  await page.fill('#embed-origins', 'https://lms.example.edu');
  await page.waitForFunction(() => document.getElementById('embed-snippet').value !== '', null, { timeout: budget() });
  const src = new URL(/src="([^"]*)"/.exec(await page.inputValue('#embed-snippet'))[1].replace(/&amp;/g, '&'));
  assert.equal(src.searchParams.get('origins'), `https://lms.example.edu,${lessonSite}`);
  assert.equal(src.searchParams.get('lesson'), `${lessonSite}/teacher/week-3.json`);
  // The snippet's frame, on a course page of the lesson's site, loads the lesson.
  server.routes.set('/course-lesson-site.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<link rel="icon" href="data:,"></head><body>${await page.inputValue('#embed-snippet')}</body></html>`);
  const course = await openPage(browser, `${lessonSite}/course-lesson-site.html`, { viewport: { width: 1366, height: 768 } });
  const frame = await demoFrame(course, 'embed=1');
  await waitReady(frame);
  await frame.waitForFunction(() => window.attention.lessonStatus().steps === 3, null, { timeout: budget() })
    .catch(async () => assert.fail(`the embed loads the lesson: ${JSON.stringify(await frame.evaluate(() => window.attention.lessonStatus()))}`));
  assert.deepEqual(course.problems, []);
  await course.context().close();
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The maker as a keyboard and screen-reader user meets it: every field named (the snippet too:
// axe-core found it unlabelled), and Tab going round the dialog while it is open, since the view
// behind is the preview it drives; Escape gives the focus back to the button that opened it.
test('embed maker: keyboard only, Tab stays in the open dialog, every control is named, axe-core finds nothing', async () => {
  // bypassCSP: the page's policy allows no inline script, and axe-core comes in as one.
  const page = await openSettled(browser, server.url + '/', { viewport: { width: 1366, height: 768 }, bypassCSP: true });
  await page.focus('#copy-embed');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#embed-maker:not([hidden])');
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axe });
  const result = await page.evaluate(() => window.axe.run(document.getElementById('embed-maker'),
                                                          { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }));
  assert.deepEqual(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
  assert.ok(result.passes.some((r) => r.id === 'label'), 'axe-core checked the fields\' labels');
  const cdp = await page.context().newCDPSession(page);
  const snippet = await cdp.send('Accessibility.getPartialAXTree', {
    backendNodeId: (await cdp.send('DOM.describeNode', { objectId: (await cdp.send('Runtime.evaluate',
      { expression: 'document.getElementById("embed-snippet")' })).result.objectId })).node.backendNodeId,
    fetchRelatives: false });
  assert.equal(snippet.nodes[0].name.value, 'Embed code', 'the snippet is named');
  // Tab from Close (the last control) comes back to the first; Shift+Tab goes round the other way.
  await page.focus('#embed-close');
  await page.keyboard.press('Tab');
  const first = await page.evaluate(() => document.activeElement.id);
  assert.equal(first, 'embed-panel-inputs', 'Tab past the last control comes back to the first');
  await page.keyboard.press('Shift+Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'embed-close');
  await page.keyboard.press('Escape');
  assert.equal(await page.evaluate(() => document.getElementById('embed-maker').hidden), true);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'copy-embed');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
