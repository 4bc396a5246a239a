// xAPI statements as a course's LMS plugin receives them: a host page on another origin frames
// the demo with ?xapi=1 and listens through attention-host.js (AttentionFrame.on('xapi')); a
// learner answers a question wrong, then right, and moves on, with real clicks inside the frame.
// Each statement is read back by TinCanJS (tincanjs from npm, Rustici's xAPI library) and checked
// against the xAPI 1.0.3 required fields. Without ?xapi=1 the page does not load the xAPI script.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { startServer, launchBrowser, openPage, openSettled, waitReady, waitIdle, demoFrame, clickInFrame as click, hostPageFraming, budget } from './harness.mjs';

const TinCan = createRequire(import.meta.url)('tincanjs');
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ADL = 'http://adlnet.gov/expapi/verbs/';

// The xAPI 1.0.3 rules a Learning Record Store enforces on what it is sent (section 2.4).
function assertValidStatement(s, what) {
  assert.match(s.id, UUID, `${what}: id is a UUID v4`);
  const ifis = ['mbox', 'mbox_sha1sum', 'openid', 'account'].filter((k) => k in s.actor);
  assert.equal(ifis.length, 1, `${what}: the actor has exactly one identifier`);
  if (s.actor.account) assert.ok(s.actor.account.homePage && s.actor.account.name, `${what}: account has homePage and name`);
  assert.ok(new URL(s.verb.id), `${what}: verb.id is an IRI`);
  assert.ok(s.verb.display && Object.keys(s.verb.display).length, `${what}: verb.display is a language map`);
  assert.ok(new URL(s.object.id).protocol.startsWith('http'), `${what}: object.id is an absolute IRI`);
  assert.equal(s.object.objectType, 'Activity');
  assert.ok(!Number.isNaN(Date.parse(s.timestamp)) && /T.*(Z|[+-]\d\d:\d\d)$/.test(s.timestamp), `${what}: ISO 8601 timestamp`);
  assert.equal(s.version, '1.0.3');
  const d = s.object.definition || {};
  if (d.interactionType) assert.equal(d.type, 'http://adlnet.gov/expapi/activities/cmi.interaction');
  if (d.correctResponsesPattern) {
    const ids = new Set((d.choices || []).map((c) => c.id));
    for (const p of d.correctResponsesPattern) assert.ok(ids.has(p), `${what}: the pattern ${p} names a choice`);
  }
  if (s.result?.duration) assert.match(s.result.duration, /^P(T(\d+(\.\d+)?S)?)$/, `${what}: ISO 8601 duration`);
  if (s.result?.score) {
    const { raw, min, max, scaled } = s.result.score;
    assert.ok(min <= raw && raw <= max && scaled >= -1 && scaled <= 1, `${what}: score within its range`);
  }
  // TinCanJS reads it back as the same statement.
  const read = new TinCan.Statement(s).asVersion('1.0.3');
  assert.equal(read.id, s.id);
  assert.equal(read.verb.id, s.verb.id);
  assert.equal(read.object.id, s.object.id);
  assert.deepEqual(read.object.definition?.correctResponsesPattern, d.correctResponsesPattern);
  assert.equal(read.object.definition?.interactionType, d.interactionType);
  assert.deepEqual(read.result?.success, s.result?.success);
  assert.deepEqual(read.result?.response, s.result?.response);
}

function hostPage(demoUrl) {
  return hostPageFraming(demoUrl, `window.statements = [];
  demo.on('xapi', (s) => window.statements.push(s));`);
}

const statementsOf = async (page, count) => {
  await page.waitForFunction((n) => window.statements.length >= n, count, { timeout: budget() });
  return page.evaluate(() => window.statements);
};

// The host page at route, its demo framed at step 3, whose first question a learner answers by
// clicks: "2", the mistake, then "3", right; then Next. How many scores for three tokens? Its
// choices show as 3, 9, 2 (an order fixed per question kind: the ids below stay put).
async function wrongThenRightAtStep3(route) {
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  for (const name of ['lesson:choice:2', 'lesson:reveal', 'lesson:choice:0', 'lesson:reveal', 'lesson:next']) {
    await click(page, frame, name);
  }
  return { page, frame };
}

test('xapi: answers and steps reach the host as valid xAPI statements, with the question as a cmi.interaction', async () => {
  const route = '/host-xapi.html';
  server.routes.set(route, hostPage(`${server.url}/index.html?xapi=1#step=3`));
  const { page, frame } = await wrongThenRightAtStep3(route);
  const statements = await statementsOf(page, 4);
  statements.forEach((s, i) => assertValidStatement(s, `statement ${i}`));
  const answers = statements.filter((s) => s.verb.id === ADL + 'answered');
  assert.equal(answers.length, 2, 'one answered statement per reveal');
  const [wrong, right] = answers;
  assert.equal(wrong.object.id, right.object.id, 'the same question, the same activity');
  assert.match(wrong.object.id, /^http:\/\/127\.0\.0\.1:\d+\/index\.html#step-3\//);
  const def = wrong.object.definition;
  assert.equal(def.interactionType, 'choice');
  assert.deepEqual(def.choices.map((c) => c.description['en-US']), ['3', '9', '2']);
  assert.deepEqual(def.correctResponsesPattern, ['choice-0']);
  assert.match(def.description['en-US'], /scores/);
  // The wrong answer names the misconception it shows (docs/misconceptions.md), as a result extension.
  // Which reveal of the question each is: the score counts the first (a teacher's LRS showed the
  // retry's success with nothing to tell it from the counted answer).
  const extension = (name) => wrong.object.id.replace(/#.*/, `#${name}`);
  assert.deepEqual(wrong.result, { success: false, response: 'choice-2',
                                   extensions: { [extension('attempt')]: 1, [extension('misconception')]: 'query-not-compared' } });
  assert.deepEqual(right.result, { success: true, response: 'choice-0', extensions: { [extension('attempt')]: 2 } });
  assert.equal(wrong.context.contextActivities.parent[0].id, wrong.object.id.replace(/#.*/, '#lesson'));
  const steps = statements.filter((s) => s.verb.id === ADL + 'experienced');
  assert.match(steps[0].object.id, /#step-3$/, 'the step the link opened is experienced on landing');
  assert.equal(statements[0], steps[0], 'before any answer');
  assert.ok(steps[1], 'moving on to step 4 is an experienced statement');
  assert.match(steps[1].object.id, /#step-4$/);
  const titles = await frame.evaluate(() => window.attention.lessonStatus().titles);
  assert.deepEqual(steps.map((s) => s.object.definition.name), [{ 'en-US': `Step 3: ${titles[2]}` }, { 'en-US': `Step 4: ${titles[3]}` }],
                   'each step named by its title, as the lesson gives it');
  assert.notEqual(wrong.id, right.id);

  // The lesson's end, as the demo words it (the whole track is walked in lesson.test.mjs).
  const [done, ...more] = await frame.evaluate(() => window.attention.xapi.toStatement('lesson-completed',
    { schema: 1, score: 9, answered: 12, questions: 12, seconds: 754.4, answers: [], pass_mark: null, passed: true }));
  assert.equal(more.length, 0, 'no pass mark: completed only');
  assertValidStatement(done, 'completed');
  assert.equal(done.verb.id, ADL + 'completed');
  assert.deepEqual(done.result, { score: { raw: 9, min: 0, max: 12, scaled: 0.75 }, success: false, completion: true, duration: 'PT754S' });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A teacher's walk: a course page on another site had no way to continue a learner's xAPI lesson
// in a second session (setLessonRecord is a function of the frame's window, out of its reach, and
// a frame on another site often gets no storage for remember=1). The host keeps the record each
// lesson-progress event carries and posts it back with attention:setLessonRecord.
test('xapi: a second session on another site continues the first: the host gives the record back by message', async () => {
  const route = '/host-xapi-sessions.html';
  server.routes.set(route, hostPageFraming(`${server.url}/index.html?xapi=1#step=3`, `window.statements = [];
  window.records = [];
  demo.on('xapi', (s) => window.statements.push(s));
  demo.on('lesson-progress', (detail) => window.records.push(detail.record));`));
  // Session 1: step 3's first question answered wrong, then right; on to step 4.
  let { page, frame } = await wrongThenRightAtStep3(route);
  await frame.waitForFunction(() => window.attention.getState().step === 4, null, { timeout: budget() });
  await page.waitForFunction(() => /;s=4;/.test(window.records.at(-1) || ''), null, { timeout: budget() })
    .catch(() => assert.fail('the host heard a record at step 4'));
  const saved = await page.evaluate(() => window.records.at(-1));
  const first = await frame.evaluate(() => window.attention.lessonStatus());
  await page.context().close();

  // Session 2: the same course page, a fresh frame; the host gives the record back.
  page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  const before = await page.evaluate(() => window.statements.length);
  const reply = await page.evaluate((record) => demo.setLessonRecord(record).then((r) => JSON.stringify(r), (e) => e.message), saved);
  assert.equal(reply, '{"pending":false}', 'the lesson was here (#step=3): the record is checked and in');
  await frame.waitForFunction((n) => window.attention.lessonStatus().answered === n, first.answered, { timeout: budget() })
    .catch(() => assert.fail(`the first session's ${first.answered} answers count again`));
  await waitIdle(frame);
  const status = await frame.evaluate(() => window.attention.lessonStatus());
  assert.equal(status.score, first.score, 'the score is the first session\'s');
  // Giving the record back sent no answer again: the LRS holds them from the first session.
  const again = (await page.evaluate(() => window.statements)).slice(before).filter((s) => s.verb.id === ADL + 'answered');
  assert.equal(again.length, 0, 'no answered statement for the answers given back');
  // A record that is not one is refused with a reason, and the lesson keeps what it has.
  const bad = await page.evaluate(() => demo.setLessonRecord('not a record').then(() => 'ok', (e) => e.message));
  assert.notEqual(bad, 'ok');
  assert.match(bad, /record/);
  const tooLong = await page.evaluate(() => demo.setLessonRecord('a2;' + 'x'.repeat(5000)).then(() => 'ok', (e) => e.message));
  assert.match(tooLong, /at most 4096 characters/);
  assert.equal((await frame.evaluate(() => window.attention.lessonStatus())).answered, first.answered);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A host that gives the record back as soon as the frame answers, before the learner has opened
// the lesson: the record waits for the lesson's file, the reply says it is pending, and the first
// lesson-progress says whether it was used (a walk found "ok" for a record later refused).
test('xapi: a record given back before the lesson is here is pending; lesson-progress says if it was not used', async () => {
  const route = '/host-xapi-early-record.html';
  server.routes.set(route, hostPageFraming(`${server.url}/index.html?xapi=1`, `window.progress = [];
  demo.on('lesson-progress', (detail) => window.progress.push(detail));`));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  assert.equal((await frame.evaluate(() => window.attention.lessonStatus())).lesson, '', 'no lesson yet');
  const other = 'a1;l=my-sentence;s=2;t=40;c=0;q=1.0:a+a+1';  // another lesson's record
  const reply = await page.evaluate((record) => demo.setLessonRecord(record).then((r) => JSON.stringify(r), (e) => e.message), other);
  assert.equal(reply, '{"pending":true}', 'kept, to be checked when the lesson arrives');
  await click(page, frame, 'lesson:start');
  await page.waitForFunction(() => window.progress.length > 0, null, { timeout: budget() })
    .catch(() => assert.fail('a lesson-progress once the lesson arrived'));
  const first = await page.evaluate(() => window.progress[0]);
  assert.match(first.record_error, /the saved record is of the lesson "my-sentence", not of "chapter-3"/);
  assert.equal(first.answered, 0, 'the chapter starts afresh');
  await waitIdle(frame);
  assert.ok((await frame.evaluate(() => window.attention.layout())).some((l) => l.name === 'lesson:record-error'),
            'the learner is told too');
  await page.context().close();
});

// remember=1 in a frame on another site: where the browser gives the frame no storage (a browser
// that blocks third-party storage throws on localStorage; Chromium here partitions it instead,
// so the test stands in for such a browser), the learner is told that a reload starts again, not
// only the console. With a #step=3 link, whose step is set up when the lesson arrives, it is
// still said then.
test('xapi: remember=1 in a frame on another site without storage says so on screen', async () => {
  const route = '/host-remember.html';
  server.routes.set(route, hostPageFraming(`${server.url}/index.html?xapi=1&remember=1#step=3`, ''));
  const refused = () => {
    if (location.port && window !== window.top) {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });
    }
  };
  const page = await openPage(browser, `http://localhost:${server.port}${route}`,
                              { viewport: { width: 1300, height: 820 }, initScript: refused });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await frame.waitForFunction(() => window.attention.lessonStatus().lesson !== '' && window.attention.getState().step === 3,
                              null, { timeout: budget() });
  await waitIdle(frame);
  const { error } = await frame.evaluate(() => window.attention.summary());
  assert.match(error, /remember=1: this browser keeps no storage for this page .* a reload starts the lesson again/);
  const drawn = (await frame.evaluate(() => window.attention.layout())).find((l) => l.name === 'value:input-error');
  assert.ok(drawn && /remember=1/.test(drawn.text), `the learner sees it: ${JSON.stringify(drawn)}`);
  await page.context().close();
});

test('xapi: activity=, registration= and pass= reach every statement; a short range ends completed and passed or failed', async () => {
  const activityIri = 'https://course.example/attention/week-3';
  const registration = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
  const route = '/host-xapi-course.html';
  server.routes.set(route, hostPage(`${server.url}/index.html?xapi=1&activity=${encodeURIComponent(activityIri)}` +
                                    `&registration=${registration}&steps=3&pass=0.5#step=3`));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  // Step 3 asks two questions; answered with their first choices, the range is complete.
  const { questions } = await frame.evaluate(() => window.attention.lessonStatus());
  assert.equal(questions, 2);
  await click(page, frame, 'lesson:choice:0');
  await click(page, frame, 'lesson:reveal');
  await click(page, frame, 'lesson:next-question');
  await click(page, frame, 'lesson:choice:0');
  await click(page, frame, 'lesson:reveal');
  await page.waitForFunction(() => window.statements.some((s) => s.verb.id.endsWith('/completed')))
    .catch(() => assert.fail('the range\'s last answer completes the lesson'));
  await page.waitForFunction(() => window.statements.some((s) => /\/(passed|failed)$/.test(s.verb.id)))
    .catch(() => assert.fail('with pass= the lesson is also passed or failed'));
  const statements = await page.evaluate(() => window.statements);
  statements.forEach((s, i) => assertValidStatement(s, `statement ${i}`));
  for (const s of statements) {
    assert.equal(s.context.registration, registration, `${s.verb.display['en-US']}: the registration`);
    assert.ok(s.object.id === activityIri || s.object.id.startsWith(activityIri + '/'),
              `${s.object.id} is the author's activity or under it`);
  }
  const completed = statements.find((s) => s.verb.id === ADL + 'completed');
  const verdict = statements.find((s) => /\/(passed|failed)$/.test(s.verb.id));
  assert.equal(completed.object.id, activityIri);
  const answers = statements.filter((s) => s.verb.id === ADL + 'answered');
  const right = answers.filter((s) => s.result.success).length;
  assert.deepEqual(completed.result.score, { raw: right, min: 0, max: 2, scaled: right / 2 });
  assert.equal(verdict.verb.id, ADL + (right / 2 >= 0.5 ? 'passed' : 'failed'));
  assert.equal(completed.result.success, right / 2 >= 0.5, 'success: passed against the pass mark');
  assert.deepEqual(await frame.evaluate(() => window.attentionXapi.errors), []);
  await page.context().close();

  // A bad activity= or registration= is said and left out, and statements still flow.
  const bad = '/host-xapi-bad.html';
  server.routes.set(bad, hostPage(`${server.url}/index.html?xapi=1&activity=week-3&registration=42#step=3`));
  const other = await openPage(browser, `http://localhost:${server.port}${bad}`, { viewport: { width: 1300, height: 820 } });
  const inner = await demoFrame(other, 'index.html');
  await waitReady(inner);
  await waitIdle(inner);
  await other.waitForFunction(() => window.statements.length >= 1).catch(() => assert.fail('the landing step is experienced'));
  const errors = await inner.evaluate(() => window.attentionXapi.errors);
  assert.match(errors.join(' '), /activity=week-3 is not an absolute IRI/);
  assert.match(errors.join(' '), /registration=42 is not a UUID/);
  const [first] = await other.evaluate(() => window.statements);
  assert.match(first.object.id, /index\.html#step-3$/, 'the page\'s own address instead');
  assert.equal(first.context.registration, undefined);
  await other.context().close();
});

// A teacher's lesson (lesson=) is not the chapter: its activities are its own, under its id and
// named by its title, so a gradebook never merges its answers with the chapter's step-1 question
// of the same kind. Its English words stay tagged English under a Chinese interface.
test('xapi: a teacher\'s English lesson under ?lang=zh-CN reports under its own ids, in English', async () => {
  const route = '/host-xapi-teacher.html';
  server.routes.set(route, hostPage(`${server.url}/index.html?xapi=1&lang=zh-CN&lesson=lessons/examples/my-sentence.json#step=1`));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await frame.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence', null, { timeout: budget() });
  await waitIdle(frame);
  await click(page, frame, 'lesson:choice:0');
  await click(page, frame, 'lesson:reveal');
  await page.waitForFunction(() => window.statements.some((s) => s.verb.id.endsWith('/answered')), null, { timeout: budget() });
  const statements = await page.evaluate(() => window.statements);
  statements.forEach((s, i) => assertValidStatement(s, `statement ${i}`));
  const answer = statements.find((s) => s.verb.id === ADL + 'answered');
  assert.match(answer.object.id, /\/index\.html#lesson\/my-sentence\/step-1\/which-token$/, 'under the lesson\'s own id');
  assert.deepEqual(Object.keys(answer.object.definition.description), ['en-US'], 'the question as written: English');
  assert.deepEqual(answer.object.definition.choices.map((c) => Object.keys(c.description)).flat(),
                   answer.object.definition.choices.map(() => 'en-US'));
  assert.equal(answer.context.language, 'en-US');
  const [parent] = answer.context.contextActivities.parent;
  assert.match(parent.id, /\/index\.html#lesson\/my-sentence$/);
  assert.deepEqual(parent.definition.name, { 'en-US': 'Attention on our own sentence: the cat sat on the mat' });
  assert.deepEqual(answer.verb.display, { 'en-US': 'answered', 'zh-CN': '回答了' }, 'the fixed words in both languages');
  const landed = statements.find((s) => s.verb.id === ADL + 'experienced');
  assert.match(landed.object.id, /#lesson\/my-sentence\/step-1$/);
  assert.match(landed.object.definition.name['en-US'], /^Step 1: \S/, 'the teacher\'s step by its own title');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('xapi: without ?xapi=1 the page never loads the xAPI script', async () => {
  const requested = [];
  const page = await openSettled(browser, server.url + '/#step=3');
  page.on('request', (r) => requested.push(r.url()));
  await page.reload();
  await waitReady(page);
  assert.ok(!requested.some((u) => u.includes('attention-xapi')), 'attention-xapi.js not requested');
  assert.equal(await page.evaluate(() => 'xapi' in window.attention), false);
  await page.context().close();
});

// A Chinese course (#31): the same statements, ids and results; the language maps say both
// languages where the words are fixed, and the learner's Chinese where the lesson spoke.
test('xapi: in Chinese (lang=zh-CN) the statements carry Chinese and English language maps, with the same ids', async () => {
  const route = '/host-xapi-zh.html';
  server.routes.set(route, hostPage(`${server.url}/index.html?xapi=1&lang=zh-CN#step=3`));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await frame.waitForFunction(() => document.documentElement.dataset.language === 'zh-CN' &&
                              /[\u4e00-\u9fff]/.test(window.attention.lessonView().title || ''), null, { timeout: budget() });
  await waitIdle(frame);
  await click(page, frame, 'lesson:choice:0');  // "3", right (the choices show as 3, 9, 2)
  await click(page, frame, 'lesson:reveal');
  const statements = await statementsOf(page, 2);
  statements.forEach((s, i) => assertValidStatement(s, `statement ${i}`));
  const answer = statements.find((s) => s.verb.id === ADL + 'answered');
  assert.deepEqual(answer.verb.display, { 'en-US': 'answered', 'zh-CN': '回答了' });
  assert.equal(answer.context.language, 'zh-CN');
  assert.match(answer.object.id, /#step-3\//, 'the same activity ids as in English');
  const def = answer.object.definition;
  assert.match(def.description['zh-CN'], /[\u4e00-\u9fff]/, `the question as the learner read it: ${def.description['zh-CN']}`);
  assert.deepEqual(def.choices.map((c) => c.description['zh-CN']), ['3', '9', '2']);
  assert.deepEqual(def.correctResponsesPattern, ['choice-0']);
  assert.deepEqual(answer.result, { success: true, response: 'choice-0', extensions: { [answer.object.id.replace(/#.*/, '#attempt')]: 1 } });
  const lesson = answer.context.contextActivities.parent[0];
  // Named in both languages, by the lesson's own titles (as the SCORM package's item is named).
  assert.deepEqual(lesson.definition.name, await frame.evaluate(async () => {
    const titles = await Promise.all(['en', 'zh-CN'].map((l) => fetch(`lessons/${l}/chapter-3.json`).then((r) => r.json()).then((j) => j.title)));
    return { 'en-US': titles[0], 'zh-CN': titles[1] };
  }), 'the lesson named in both languages by its titles');
  const landed = statements.find((s) => s.verb.id === ADL + 'experienced');
  // The step by its title, as the learner read it (a teacher's report listed "Lesson step 3").
  const title = await frame.evaluate(() => window.attention.lessonStatus().titles[2]);
  assert.match(title, /[\u4e00-\u9fff]/, `step 3's title in Chinese: ${title}`);
  assert.deepEqual(landed.object.definition.name, { 'zh-CN': `第 3 步：${title}` });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
