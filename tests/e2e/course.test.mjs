// What a course author sets in the link, used as a learner meets it: a range of steps the lesson
// keeps to (steps=11-14) and a pass mark (pass=0.75) that decide completion and passing; a bad
// setting said on screen; the record kept in the browser with remember=1 across a reload; and the
// chapter's last steps embedded one by one, each opening ready, with the panels it watches said
// when the embed leaves them out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, saveArtifact, clickInFrame, demoFrame,
         answerStepWithFirstChoices } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const click = (page, name) => clickInFrame(page, page.mainFrame(), name);
const status = (page) => page.evaluate(() => window.attention.lessonStatus());
const layoutNames = async (page) => (await page.evaluate(() => window.attention.layout())).map((l) => l.name);

// Opens url and waits until the lesson's file is in (the step set up) and the demo is idle.
async function openLesson(url, contextOptions = {}) {
  const page = await openPage(browser, server.url + url, { viewport: { width: 1366, height: 768 }, ...contextOptions });
  await waitReady(page);
  await page.waitForFunction(() => window.attention.lessonStatus().lesson !== '')
    .catch(() => assert.fail(`the lesson's file arrived for ${url}`));
  await waitIdle(page);
  return page;
}

test('course: steps=11-14 keeps the lesson in its range, and pass=0.75 decides passed over those steps only', async () => {
  const page = await openLesson('/index.html?steps=11-14&pass=0.75#step=11');
  await page.evaluate(() => {
    window.seen = [];
    window.attention.onEvent((kind, detail) => window.seen.push({ kind, detail }));
  });
  let s = await status(page);
  assert.deepEqual([s.first_step, s.last_step, s.pass_mark, s.course_error], [11, 14, 0.75, '']);
  const names = await layoutNames(page);
  assert.ok(names.includes('lesson:step:11') && names.includes('lesson:step:14'), 'the range\'s step buttons');
  assert.ok(!names.includes('lesson:step:10') && !names.includes('lesson:step:1'), 'no button out of the range');
  // Back at the range's first step goes nowhere.
  await click(page, 'lesson:back');
  await waitIdle(page);
  assert.equal((await status(page)).step, 11, 'Back is closed at step 11');
  // Graded: the open question keeps the learner in the track (a teacher left, read the scores,
  // came back and answered for full credit). Leave is drawn unavailable and does nothing; the
  // text version's way out is refused with the reason.
  await click(page, 'lesson:leave');
  await waitIdle(page);
  assert.deepEqual(await page.evaluate(() => [window.attention.getState().step, window.attention.getState().lesson.mode]), [11, 'track']);
  const refused = await page.evaluate(() => window.attention.lessonIntent('practice', -1));
  assert.equal(refused.ok, false);
  assert.match(refused.error, /reveal this step's answers first: in a graded lesson/);
  // The text version draws them unavailable too, and says why before they are tried.
  await waitFor(page, () => !!document.getElementById('lesson-reader-held'), null, 'the text version\'s note on the graded step');
  assert.deepEqual(await page.evaluate(() => ['to-practice', 'to-debug', 'leave'].map((k) =>
    document.querySelector(`#lesson-reader [data-focus="${k}"]`)?.disabled)), [true, true, true]);
  let asked = 0;
  for (let step = 11; step <= 14; ++step) {
    assert.equal((await status(page)).step, step);
    asked += await answerStepWithFirstChoices(page, page.mainFrame());
    if (step < 14) await click(page, 'lesson:next');
  }
  await page.waitForFunction(() => window.seen.some((e) => e.kind === 'lesson-completed'))
    .catch(() => assert.fail('lesson-completed after the range\'s last question'));
  const done = await page.evaluate(() => window.seen.find((e) => e.kind === 'lesson-completed').detail);
  assert.equal(done.questions, asked, 'the range\'s questions, not the track\'s 16');
  assert.equal(done.answered, asked);
  assert.deepEqual([done.first_step, done.last_step, done.pass_mark], [11, 14, 0.75]);
  assert.equal(done.passed, done.score / done.questions >= 0.75, `passed at ${done.score} of ${done.questions}`);
  s = await status(page);
  assert.equal(s.progress.complete, true);
  // The wrap-up says the score against the course's pass mark (a teacher found no word of it).
  const passLine = await page.evaluate(() => window.attention.lessonView().wrap_up?.pass_mark);
  assert.equal(passLine, `Pass mark 75%: ${done.score} of ${done.questions} right. ${done.passed ? 'Passed' : 'Not passed'}.`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A teacher's walk: steps=3 with the link's #step=1 (as the embed maker wrote it) opened step 1,
// outside the range: its answers counted for nothing and its Next led nowhere in the range.
test('course: a link\'s step outside steps= opens the range\'s first step', async () => {
  for (const [url, first] of [['/index.html?steps=3#step=1', 3], ['/index.html?steps=11-14#step=2', 11]]) {
    const page = await openLesson(url);
    const s = await status(page);
    assert.deepEqual([s.step, s.first_step], [first, first], url);
    assert.ok((await layoutNames(page)).includes(`lesson:step:${first}`), `${url}: the range's step is drawn`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('course: a bad steps= or pass= is said in the lesson\'s header, and the lesson runs on the whole track', async () => {
  const page = await openLesson('/index.html?steps=20-3&pass=eighty#step=2');
  const s = await status(page);
  assert.match(s.course_error, /steps=20-3 is not a range of steps such as 11-14/);
  assert.match(s.course_error, /pass=eighty is not a pass mark/);
  assert.deepEqual([s.first_step, s.last_step, s.pass_mark], [1, 14, null], 'nothing of the bad settings applies');
  assert.ok((await layoutNames(page)).includes('lesson:course-error'), 'the header shows the message');
  await saveArtifact('course-bad-settings-1366.png', await page.screenshot());
  await page.context().close();
});

// steps=15 is a range until the lesson's file arrives (a file may have up to 30 steps); the
// chapter has 14: said then, and the whole track counts, not step 14 alone complete in one answer.
test('course: steps= past the lesson\'s last step is said once the lesson is here, and the lesson runs on the whole track', async () => {
  const page = await openLesson('/index.html?steps=15-16#step=1');
  const s = await status(page);
  assert.match(s.course_error, /steps=15-16 is not a range of steps such as 11-14 \(1\.\.14,/);
  assert.deepEqual([s.first_step, s.last_step, s.progress.questions, s.progress.complete], [1, 14, 16, false]);
  assert.ok((await layoutNames(page)).includes('lesson:course-error'), 'the header shows the message');
  await page.context().close();
});

// Course options written into a link by hand: a site without its scheme would make the demo talk
// to nobody (the frame keeps its first height, no events reach the course page), xapi=yes sends no
// statement. Each is said in the demo, as a refused input is.
test('course: an origins= entry that is no site\'s origin and an xapi= that is not 1 are said in the demo', async () => {
  const route = `/course-bad-options-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<link rel="icon" href="data:,"></head><body style="margin:0">
<iframe src="${server.url}/index.html?embed=1&origins=lms.school.edu,http://localhost:${server.port}/&xapi=yes" title="demo" style="width:1300px;height:740px;border:0"></iframe>
<script>window.replies = []; addEventListener('message', (e) => { if (e.data && e.data.type === 'attention:reply') window.replies.push(e.data); });</script>
</body></html>`);
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1366, height: 768 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  // A bare frame loads no postMessage bridge; the course page's script says hello, as
  // attention-host.js does, and it loads, and answers this page: its origin is listed with a slash.
  const scripts = () => frame.evaluate(() => [...document.scripts].map((x) => x.src.split('/').pop()));
  assert.ok(!(await scripts()).includes('attention-messages.js'), 'no bridge before a message');
  await page.evaluate(() => document.querySelector('iframe').contentWindow.postMessage({ type: 'attention:hello', id: 1 }, '*'));
  await waitFor(page, () => window.replies.some((r) => r.id === 1 && r.ok), null, 'the reply to the course page\'s hello');
  await waitFor(frame, () => /origins=lms\.school\.edu is not a site's origin/.test(window.attention.summary().error) &&
                             /xapi=yes is not 1/.test(window.attention.summary().error), null, 'both refusals said',
                { describe: () => frame.evaluate(() => window.attention.summary().error) });
  await saveArtifact('course-bad-origins-1366.png', await page.screenshot());
  await page.context().close();
});

// A theme= the page does not have was a console line only: said in the demo, the page light.
test('course: a theme= the demo does not have is said in the demo, and the page is light', async () => {
  const page = await openLesson('/index.html?theme=blue#step=2');
  const { error } = await page.evaluate(() => window.attention.summary());
  assert.match(error, /theme=blue is not light, dark or auto: showing light/);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'light');
  const drawn = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'value:input-error');
  assert.ok(drawn && /theme=blue/.test(drawn.text), `the learner sees it: ${JSON.stringify(drawn)}`);
  await page.context().close();
});

// remember=1 where the browser will not write (storage full, or blocked for writing): the learner
// would have lost every answer at the next reload without a word. Said once, the lesson running on.
test('course: remember=1 says so in the demo when the browser will not keep the answers', async () => {
  const refusesWrites = () => {
    Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
  };
  // Said as soon as the lesson's file is here (its first record is written then), before an answer.
  const page = await openLesson('/index.html?remember=1#step=3', { initScript: refusesWrites });
  await waitFor(page, () => /remember=1: this browser would not keep the answers/.test(window.attention.summary().error),
                null, 'the refusal to keep the answers, said');
  await waitIdle(page);
  const drawn = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'value:input-error');
  assert.ok(drawn && /would not keep the answers/.test(drawn.text), `the learner sees it: ${JSON.stringify(drawn)}`);
  const asked = await answerStepWithFirstChoices(page, page.mainFrame());
  assert.ok(asked > 0);
  assert.equal((await status(page)).progress.answered, asked, 'the lesson runs on');
  await page.context().close();
});

test('course: with remember=1 a reload keeps the learner\'s answers; without it the lesson starts afresh', async () => {
  const page = await openLesson('/index.html?remember=1#step=3');
  const asked = await answerStepWithFirstChoices(page, page.mainFrame());
  const before = (await status(page)).progress;
  assert.equal(before.answered, asked);
  await page.reload();
  await waitReady(page);
  await page.waitForFunction(() => window.attention.lessonStatus().lesson !== '');
  await waitIdle(page);
  const after = (await status(page)).progress;
  assert.deepEqual([after.answered, after.score], [before.answered, before.score], 'the record survived the reload');
  // The same lesson named another way (the chapter by name, or its file): the same record.
  for (const named of ['lesson=chapter-3', 'lesson=lessons/en/chapter-3.json']) {
    await page.goto(`${server.url}/index.html?remember=1&${named}#step=3`);
    await waitReady(page);
    await page.waitForFunction(() => window.attention.lessonStatus().lesson !== '');
    await waitIdle(page);
    assert.equal((await status(page)).progress.answered, before.answered, `${named} keeps the record`);
  }
  // A record kept before one key per lesson, under the link's own spelling (lesson=chapter-3): found.
  await page.evaluate(() => {
    const key = 'attention-lesson:/index.html::';
    localStorage.setItem('attention-lesson:/index.html:chapter-3:', localStorage.getItem(key));
    localStorage.removeItem(key);
  });
  await page.goto(`${server.url}/index.html?remember=1&lesson=chapter-3#step=3`);
  await waitReady(page);
  await page.waitForFunction(() => window.attention.lessonStatus().lesson !== '');
  await waitIdle(page);
  assert.equal((await status(page)).progress.answered, before.answered, 'the record under the old key is found');
  await page.context().close();

  const plain = await openLesson('/index.html#step=3');
  assert.equal((await status(plain)).progress.answered, 0, 'no remember=1: nothing kept from another visit');
  await plain.context().close();
});

test('course: steps 11 to 14 embedded alone open ready, and say which watched panels the embed leaves out', async () => {
  for (const step of [11, 12, 13, 14]) {
    const page = await openLesson(`/index.html?embed=1#step=${step}&panels=lesson`);
    const state = await page.evaluate(() => window.attention.getState());
    assert.equal(state.step, step);
    assert.ok(state.module && state.module.name, `step ${step} turns on the book's classes it runs`);
    const s = await status(page);
    assert.ok(s.questions >= 1, `step ${step} asks its question`);
    const names = await layoutNames(page);
    assert.ok(names.includes('lesson:choice:0'), `step ${step}: the question's choices are on screen`);
    // (With the book's classes off the step would say "The book's classes are off" and run nothing.)
    const missing = s.watch.filter((p) => p !== 'lesson');
    assert.ok(missing.length >= 1, `step ${step} watches a panel the embed leaves out`);
    for (const panel of missing)
      assert.ok(names.includes(`lesson:watch-missing:${panel}`), `step ${step}: the watched ${panel} is said to be missing`);
    await saveArtifact(`course-step-${step}-alone-1366.png`, await page.screenshot());
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('course: frames that load lazily far down a course page say nothing on the console, and size themselves once shown', async () => {
  // Two embeds of the maker's snippet below a long text, on another origin; they load when scrolled to.
  const demo = `${server.url}/index.html?embed=1#example=your-journey&panels=inputs,weights`;
  const filler = Array.from({ length: 80 }, (_, i) => `<p>Paragraph ${i + 1} of the course.</p>`).join('\n');
  const frames = [1, 2].map((k) => `<iframe data-attention-frame src="${demo}" title="demo ${k}" width="100%" height="400" ` +
    'style="border:0" loading="lazy"></iframe>').join('\n');
  server.routes.set('/course-lazy.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course</title>
<link rel="icon" href="data:,"></head><body>${filler}${frames}<script src="${server.url}/attention-host.js"></script></body></html>`);
  const page = await openPage(browser, 'about:blank', { viewport: { width: 1280, height: 800 } });
  const warnings = [];  // Chrome logs a refused postMessage as a warning, not an error
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await page.goto(`http://localhost:${server.port}/course-lazy.html`);
  await page.waitForFunction(() => document.querySelectorAll('iframe').length === 2 &&
                             [...document.querySelectorAll('iframe')].every((f) => f.attentionFrame));
  // The host script's hello to frames still on about:blank would be refused and logged by now.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.deepEqual(warnings.filter((w) => /postMessage/.test(w)), [], 'nothing logged while the frames wait below the fold');
  assert.deepEqual(page.problems, []);
  await page.evaluate(() => document.querySelectorAll('iframe')[1].scrollIntoView());
  await page.waitForFunction(() => [...document.querySelectorAll('iframe')].every((f) => parseFloat(f.style.height) > 0))
    .catch(() => assert.fail('each frame was sized by its demo once loaded'));
  assert.deepEqual(warnings.filter((w) => /postMessage/.test(w)), []);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
