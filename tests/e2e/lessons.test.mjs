// Lessons as files (docs/lessons.md): the first view fetches none; entering the lesson fetches the
// chapter's; a teacher's lesson from this site (the docs' example) runs with ?lesson= and grades by
// its own questions; one from another site loads only when origins= lists it; a broken file says
// where it is broken, on screen, and nothing of it applies. Every lesson file and catalog the
// project ships passes its JSON Schema (ajv).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import { startServer, launchBrowser, openPage, openSettled, waitIdle, waitReady, repoRoot, saveArtifact, answerStepWithFirstChoices, budget, settleAfter } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const status = (page) => page.evaluate(() => window.attention.lessonStatus());
const state = (page) => page.evaluate(() => window.attention.getState());

async function click(page, name) {
  const item = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === name);
  assert.ok(item, `${name} is on screen`);
  await settleAfter(page, () => page.mouse.click(item.x + item.w / 2, item.y + item.h / 2), `a click on ${name}`);
}

test('lessons: the first view fetches no lesson file; starting the lesson fetches the chapter', async () => {
  const requested = [];
  const page = await openPage(browser, 'about:blank');
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(server.url + '/');
  await waitReady(page);
  await waitIdle(page);
  const lessonFiles = () => requested.filter((p) => p.startsWith('/lessons/') || p.includes('.deferred.wasm')).sort();
  assert.deepEqual(lessonFiles(), [], 'nothing of the lesson in the first view, not its files, not its code');
  assert.equal((await status(page)).lesson, '');
  await click(page, 'lesson:start');
  assert.deepEqual(lessonFiles(), ['/attention-explainer.deferred.wasm', '/lessons/en/chapter-3.json',
                                   '/lessons/en/texts.json']);
  const s = await status(page);
  assert.equal(s.lesson, 'chapter-3');
  assert.equal(s.step, 1);
  assert.equal((await state(page)).example, 'three-tokens', 'the step is set up as its file says');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('lessons: a teacher\'s lesson from the docs runs with ?lesson=, on its own sentence, and completes on its own questions', async () => {
  const page = await openSettled(browser, server.url + '/?lesson=lessons/examples/my-sentence.json#step=1');
  let s = await status(page);
  assert.equal(s.lesson, 'my-sentence');
  assert.equal(s.last_step, 3);
  assert.deepEqual((await state(page)).tokens, ['the', 'cat', 'sat', 'on', 'the', 'mat']);
  await page.evaluate(() => {
    window.done = null;
    window.attention.onEvent((kind, d) => { if (kind === 'lesson-completed') window.done = d; });
  });
  await saveArtifact('lesson-teacher-step-1.png', await page.screenshot());
  for (let step = 1; step <= 3; ++step) {
    await answerStepWithFirstChoices(page, page.mainFrame());
    if (step < 3) await click(page, 'lesson:next');
  }
  await page.waitForFunction(() => window.done !== null, null, { timeout: budget() })
    .catch(() => assert.fail('the third answer completes the teacher\'s lesson'));
  const done = await page.evaluate(() => window.done);
  // The lesson's own title: in the wrap-up on the canvas, and before the step in the text version.
  assert.ok((await page.evaluate(() => window.attention.layout())).some((l) => l.name === 'lesson:title'),
            'the wrap-up names the lesson');
  const named = await page.evaluate(() => document.querySelector('#lesson-reader-body p.hint')?.textContent);
  assert.equal(named, 'Lesson: Attention on our own sentence: the cat sat on the mat');
  assert.equal(done.questions, 3);
  assert.equal(done.answered, 3);
  s = await status(page);
  assert.match(s.record, /^a2;l=my-sentence;/, 'the record is of the teacher\'s lesson');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('lessons: before Start a lesson= page names its lesson, by its file, without fetching it; then by its title', async () => {
  const requested = [];
  const page = await openPage(browser, 'about:blank');
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(server.url + '/?lesson=lessons/examples/my-sentence.json');
  await waitReady(page);
  await waitIdle(page);
  assert.ok(!requested.some((p) => p.startsWith('/lessons/')), 'the file waits for Start');
  const about = async () => (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'value:lesson:about')?.text;
  assert.equal(await about(), 'my-sentence.json: predict, then see the computed answer');
  assert.equal(await page.evaluate(() => document.querySelector('#lesson-reader-body p')?.textContent),
               'A guided lesson, my-sentence.json: predict each result, then see it computed on the numbers in the demo.');
  // Started and left: the band names it by its title now.
  await click(page, 'lesson:start');
  await page.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence', null, { timeout: budget() });
  await click(page, 'lesson:leave');
  assert.equal(await about(), '\u201cAttention on our own sentence: the cat sat on the mat\u201d, 3 steps: predict, then see the computed answer');
  await saveArtifact('lesson-teacher-before-start.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('lessons: a teacher\'s lesson link survives an edit and a reload: the address bar keeps lesson=', async () => {
  const first = await openSettled(browser, server.url + '/?lesson=lessons/examples/my-sentence.json#step=1');
  await first.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence');
  const link = await first.evaluate(() => window.attention.link());
  await first.context().close();
  assert.match(link, /#.*&lesson=lessons\/examples\/my-sentence\.json$/, 'Copy link carries the lesson');
  // The learner opens the shared link, moves the query with a click, and reloads.
  const page = await openSettled(browser, link);
  await page.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence')
    .catch(() => assert.fail('the link opens the teacher\'s lesson'));
  const before = await page.evaluate(() => location.hash);
  await click(page, 'token:2');
  await page.waitForFunction((h) => location.hash !== h, before, { timeout: budget() })
    .catch(() => assert.fail('the address bar follows the edit'));
  assert.match(await page.evaluate(() => location.hash), /&lesson=lessons\/examples\/my-sentence\.json/, 'the rewrite keeps lesson=');
  await page.reload();
  await waitReady(page);
  await page.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence', null, { timeout: budget() })
    .catch(() => assert.fail('after the reload the teacher\'s lesson is still the lesson'));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// Refused when the learner pressed Start (no step in the link): the text version's way on is
// Start again, as the band's, and on a Chinese page the reader's English problems are marked
// English for a screen reader's voice.
test('lessons: a broken lesson refused at Start offers Start again in the text version, its problems marked English', async () => {
  const broken = '{"format": 1, "id": "broken", "lang": "en", "title": "Broken",\n' +
    ' "steps": [{"title": "One", "lines": [{"prose": "caf\\u00e9 {nope}"}]},\n {"lines": [{"prose": "Two"}]}]}';
  server.routes.set('/teacher/broken-at-start.json', { body: broken, type: 'application/json' });
  const page = await openPage(browser, server.url + '/?lang=zh-CN&lesson=/teacher/broken-at-start.json');
  await waitReady(page);
  const start = page.locator('#lesson-reader-body button[data-focus="start"]');
  await start.waitFor({ state: 'attached', timeout: budget() });
  await start.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#lesson-reader-body p').length >= 2, null, { timeout: budget() })
    .catch(() => assert.fail('the text version lists the problems'));
  const shown = await page.evaluate(() => ({
    first: document.querySelector('#lesson-reader-body p span[lang="en"]')?.textContent || '',
    second: document.querySelectorAll('#lesson-reader-body p')[1].getAttribute('lang'),
    buttons: [...document.querySelectorAll('#lesson-reader-body button')].map((b) => b.dataset.focus),
  }));
  assert.match(shown.first, /line 2, column 60: steps\[0\]\.lines\[0\]\.prose \(step 1\): \{nope\}/, 'the brace, after café\'s escape');
  assert.equal(shown.second, 'en');
  assert.deepEqual(shown.buttons, ['start'], 'Start again, not a Leave that does nothing');
  const said = await page.evaluate(() => [...document.querySelectorAll('[role=status]')].map((s) => s.textContent).join(' | '));
  assert.match(said, /line 2, column 60/, `the status line says why nothing began: ${said}`);
  // The teacher mends the file; Start again reads it anew, without a reload of the page.
  server.routes.set('/teacher/broken-at-start.json', { body: readFileSync(path.join(repoRoot, 'lessons/examples/my-sentence.json')),
                                                       type: 'application/json' });
  await page.locator('#lesson-reader-body button[data-focus="start"]').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence', null, { timeout: budget() })
    .catch(async () => assert.fail(`the mended file loads: ${JSON.stringify(await status(page))}`));
  assert.equal((await status(page)).load_error, '');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('lessons: a broken lesson file says on screen where it is broken, and nothing of it applies', async () => {
  // Two mistakes in two steps: both are named, so a teacher mends them in one pass.
  const broken = '{"format": 1, "id": "broken", "lang": "en", "title": "Broken",\n' +
    ' "steps": [{"title": "One", "setup": {"example": "cat-sat-mat"}, "lines": [{"prose": "The {nope} value"}]},\n' +
    ' {"lines": [{"prose": "Two"}]}]}';
  server.routes.set('/teacher/broken.json', { body: broken, type: 'application/json' });
  const page = await openPage(browser, server.url + '/?lesson=/teacher/broken.json#step=1');
  await waitReady(page);
  // Waited for on the canvas alone (the API's getters sync the lesson themselves): the message
  // drawn, and the scores uncovered by the frames that follow the refusal.
  await page.waitForFunction(() => {
    const items = window.attention.layout();
    const score = items.find((l) => l.name === 'value:score:0');
    return items.some((l) => l.name === 'lesson:loading') && score && /^\d/.test(score.text);
  }, null, { timeout: budget() });
  await waitIdle(page);
  const s = await status(page);
  const problems = s.load_error.split('\n');
  assert.equal(problems.length, 2, `one line per problem: ${s.load_error}`);
  assert.match(problems[0], /^\/teacher\/broken\.json: line 2, column \d+: steps\[0\]\.lines\[0\]\.prose \(step 1\): \{nope\} is not a value/,
               'the message names the file as the link does');
  assert.match(problems[1], /^\/teacher\/broken\.json: line 3, column 2: steps\[1\] \(step 2\): has no title/);
  // The text version reads them as the band shows them, one paragraph each.
  await page.waitForFunction(() => document.querySelectorAll('#lesson-reader-body p').length >= 2, null, { timeout: budget() })
    .catch(() => assert.fail('the text version shows the problems'));
  const paragraphs = await page.$$eval('#lesson-reader-body p', (ps) => ps.map((p) => p.textContent));
  assert.match(paragraphs[0], /^The lesson could not be loaded: \/teacher\/broken\.json: line 2, column \d+: steps\[0\]/);
  assert.match(paragraphs[1], /^\/teacher\/broken\.json: line 3, column 2: steps\[1\] \(step 2\): has no title/);
  assert.equal(s.lesson, '', 'no lesson is loaded');
  assert.notEqual((await state(page)).example, 'cat-sat-mat', 'its setup did not apply');
  const items = await page.evaluate(() => window.attention.layout());
  assert.equal(items.filter((l) => l.name === 'lesson:loading').length, 1, 'the band shows the message once, instead of a step');
  assert.ok(!items.some((l) => l.name === 'lesson:start'), 'no "Start the lesson" beside a step that cannot start');
  // Nothing is coming, so nothing is covered: the numbers show, not "the lesson is loading".
  const summary = await page.evaluate(() => window.attention.summary());
  assert.equal(summary.concealed.reason, '', 'nothing covered');
  assert.equal(summary.scores.length, 6, 'the scores show');
  const score = items.find((l) => l.name === 'value:score:0');
  assert.ok(score && /^\d/.test(score.text), `the scores show on the canvas: ${JSON.stringify(score)}`);
  await saveArtifact('lesson-broken.png', await page.screenshot());
  // Leave, clicked: back to free exploration, the message gone with the step.
  await click(page, 'lesson:leave');
  assert.equal((await state(page)).step, 0);
  assert.equal((await page.evaluate(() => window.attention.lessonView())).in_lesson, false);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('lessons: a lesson address that is not there (404) says to mend the address, and the step link stays usable', async () => {
  const page = await openPage(browser, server.url + '/?lesson=/teacher/no-such-lesson.json#step=2');
  await waitReady(page);
  await page.waitForFunction(() => {  // on the canvas alone, as above
    const score = window.attention.layout().find((l) => l.name === 'value:score:0');
    return score && /^\d/.test(score.text);
  }, null, { timeout: budget() });
  await waitIdle(page);
  assert.match((await status(page)).load_error,
               /no-such-lesson\.json answered HTTP 404\): check that the file is at that address \(lesson= in the link/);
  assert.equal((await page.evaluate(() => window.attention.summary())).concealed.reason, '', 'nothing covered');
  // A course page giving the learner's record back now: refused with the reason, not left
  // "pending" for a lesson-progress that cannot come.
  const reply = await page.evaluate(() => window.attention.setLessonRecord('a1;l=chapter-3;s=3;t=40;c=0;q=1.0:a+a+1'));
  assert.equal(reply.ok, false);
  assert.match(reply.error, /the lesson could not be loaded \(.*no-such-lesson\.json answered HTTP 404.*\), so it takes no record/);
  await click(page, 'lesson:leave');
  assert.equal((await state(page)).step, 0);
  await page.context().close();
});

test('lessons: when the lesson\'s code cannot be fetched the band says so, and the rest of the demo works on', async () => {
  const page = await openPage(browser, 'about:blank');
  await page.route('**/attention-explainer.deferred.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(server.url + '/');
  await waitReady(page);
  await click(page, 'lesson:start');
  await page.waitForFunction(() => window.attention.lessonStatus().load_error !== '', null, { timeout: budget() });
  await waitIdle(page);
  const s = await status(page);
  assert.match(s.load_error, /could not be fetched \(attention-explainer\.deferred\.wasm answered HTTP 404\)/);
  assert.equal(s.lesson, '');
  assert.ok((await page.evaluate(() => window.attention.layout())).some((l) => l.name === 'lesson:loading'),
            'the band shows the message');
  // Exploring still works: the query moves, the numbers follow.
  const before = (await state(page)).query;
  await page.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 }));
  await waitIdle(page);
  assert.equal((await state(page)).query, 0, `the query moved from ${before}`);
  // The browser logs the 404 itself; nothing else went wrong.
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource.*404/.test(p)), []);
  await page.context().close();
});

test('lessons: a lesson on another site loads only when origins= lists that site', async () => {
  // The lesson on http://localhost:PORT, the demo on http://127.0.0.1:PORT: two origins.
  const other = `http://localhost:${server.port}`;
  server.routes.set('/teacher/mine.json', { body: readFileSync(path.join(repoRoot, 'lessons/examples/my-sentence.json')),
                                            type: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' } });
  const refused = await openPage(browser, `${server.url}/?lesson=${other}/teacher/mine.json#step=1`);
  await waitReady(refused);
  await refused.waitForFunction(() => window.attention.lessonStatus().load_error !== '', null, { timeout: budget() });
  assert.match((await status(refused)).load_error, /another site/);
  await refused.context().close();
  const allowed = await openSettled(browser, `${server.url}/?origins=${other}&lesson=${other}/teacher/mine.json#step=1`);
  const loaded = await status(allowed);
  assert.equal(loaded.lesson, 'my-sentence', `loaded (${loaded.load_error})`);
  assert.deepEqual(allowed.problems, []);
  await allowed.context().close();
});

test('lessons: every lesson file and catalog the project ships passes its JSON Schema', () => {
  const ajv = new Ajv2020({ allErrors: true });
  const read = (p) => JSON.parse(readFileSync(path.join(repoRoot, p), 'utf8'));
  const lesson = ajv.compile(read('docs/lesson.schema.json'));
  const texts = ajv.compile(read('docs/texts.schema.json'));
  const schemaOf = { 'texts.json': texts, 'interface.json': ajv.compile(read('docs/interface.schema.json')),
                     'glossary.json': ajv.compile(read('docs/glossary.schema.json')) };
  // Every language's folder: its lessons, its catalog, its interface text and its glossary.
  const languages = readdirSync(path.join(repoRoot, 'lessons')).filter((d) => d !== 'examples');
  assert.ok(languages.includes('en') && languages.includes('zh-CN'), `the languages: ${languages}`);
  const shipped = readdirSync(path.join(repoRoot, 'lessons/en')).filter((f) => f.endsWith('.json') && f !== 'texts.json');
  assert.ok(shipped.includes('generation.json'), `the lessons: ${shipped}`);
  for (const lang of languages) {
    for (const file of readdirSync(path.join(repoRoot, 'lessons', lang)).filter((f) => f.endsWith('.json'))) {
      const check = schemaOf[file] || lesson;
      assert.ok(check(read(`lessons/${lang}/${file}`)), `lessons/${lang}/${file}: ${ajv.errorsText(check.errors)}`);
    }
  }
  assert.ok(lesson(read('lessons/examples/my-sentence.json')), ajv.errorsText(lesson.errors));
  // The schema refuses what the demo refuses: a line with two texts, an unknown question.
  const bad = read('lessons/examples/my-sentence.json');
  bad.steps[0].lines[0] = { prose: 'a', code: 'b' };
  assert.equal(lesson(bad), false);
  const unknown = read('lessons/examples/my-sentence.json');
  unknown.steps[0].questions = [{ ask: 'what' }];
  assert.equal(lesson(unknown), false);
});

// A teacher's English lesson on a Chinese page: its own words are marked English in the text
// version (a screen reader reads them with an English voice), the page's words are not.
test('lessons: an English lesson on a Chinese page is marked English in the text version', async () => {
  const page = await openPage(browser, server.url + '/?lang=zh-CN&lesson=lessons/examples/my-sentence.json#step=1');
  await waitReady(page);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN' &&
                                   document.querySelector('#lesson-reader-step')?.getAttribute('lang') === 'en', null,
                             { timeout: budget() })
    .catch(async () => assert.fail(`the step's heading is marked English: ${await page.evaluate(() =>
      document.querySelector('#lesson-reader-body')?.innerHTML.slice(0, 400))}`));
  const marks = await page.evaluate(() => ({
    question: document.querySelector('#lesson-reader-body fieldset.lesson-question')?.getAttribute('lang'),
    line: document.querySelector('#lesson-reader-body p.lesson-line span[lang="en"]')?.textContent || '',
    nav: document.querySelector('#lesson-reader-body nav')?.getAttribute('lang'),
  }));
  assert.equal(marks.question, 'en', 'the question and its choices');
  assert.ok(marks.line.length > 0, 'the step\'s lines');
  assert.equal(marks.nav, null, 'the page\'s own buttons are in the page\'s language');
  await page.context().close();
  // The same lesson on an English page: nothing to mark.
  const english = await openPage(browser, server.url + '/?lesson=lessons/examples/my-sentence.json#step=1');
  await waitReady(english);
  await english.waitForFunction(() => /Which word is the query\?/.test(document.querySelector('#lesson-reader-step')?.textContent || ''),
                                null, { timeout: budget() });
  assert.equal(await english.evaluate(() => document.querySelectorAll('#lesson-reader-body [lang]').length), 0);
  await english.context().close();
});

test('lessons: the chapter\'s page leads to the lesson after it before Start, in the drawing and the text version', async () => {
  // A Chinese reader's walk found the lesson after chapter 3 only at the chapter's end, five
  // scrolls down its wrap-up.
  const page = await openSettled(browser, `${server.url}/?lang=zh-CN`, { viewport: { width: 1366, height: 768 } });
  const href = await page.evaluate(() => document.querySelector('#lesson-reader [data-focus="after-chapter"]')?.href);
  assert.ok(href, 'the text version has the link');
  assert.equal(new URL(href).searchParams.get('lesson'), 'generation');
  assert.equal(new URL(href).searchParams.get('lang'), 'zh-CN');
  await saveArtifact('lesson-after-chapter-link.png', await page.screenshot());
  const item = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'lesson:after-chapter');
  assert.ok(item, 'the band has the button');
  await Promise.all([page.waitForURL((u) => u.searchParams.get('lesson') === 'generation', { timeout: budget() }),
                     page.mouse.click(item.x + item.w / 2, item.y + item.h / 2)]);
  await waitReady(page);
  await waitIdle(page);
  // The band names the lesson Start now opens (its file comes with Start), and no longer offers it.
  const items = await page.evaluate(() => window.attention.layout());
  assert.match(items.find((l) => l.name === 'value:lesson:about')?.text ?? '', /第 3 章之后/);
  assert.ok(!items.some((l) => l.name === 'lesson:after-chapter'));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
