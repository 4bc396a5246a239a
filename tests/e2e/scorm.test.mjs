// The SCORM 1.2 package as an LMS runs it: dist/attention-scorm12.zip is unpacked into a folder of
// its own (only what the zip holds is served), its manifest's launch page is framed by an LMS page
// that hosts a real SCORM 1.2 run-time (scorm-again from npm, window.API), and a learner's clicks
// walk the lesson. What the LMS's data model then holds is checked: the questions as
// cmi.interactions, the step as lesson_location (and the package resumes there), the score and
// "completed" at the lesson's end, and the session time after LMSFinish. Without an LMS the launch
// page is the normal demo.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, openPage, openSettled, waitReady, waitIdle, demoFrame, distDir, clickInFrame as click, answerStepWithFirstChoices, answerTrackWithFirstChoices, budget, saveArtifact, settleAfter, waitFor, touchSwipe } from './harness.mjs';

let server, browser, unpacked;
const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml',
                '.wasm': 'application/wasm', '.xml': 'application/xml', '.json': 'application/json', '.otf': 'font/otf' };
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  unpacked = mkdtempSync(path.join(tmpdir(), 'attention-scorm-'));
  execFileSync('python3', ['-m', 'zipfile', '-e', path.join(distDir, 'attention-scorm12.zip'), unpacked]);
  for (const name of readdirSync(unpacked, { recursive: true })) {
    const file = path.join(unpacked, name);
    if (!statSync(file).isFile()) continue;
    server.routes.set(`/lms/package/${name}`, { body: readFileSync(file), type: types[path.extname(name)] });
  }
  server.routes.set('/lms/scorm12.js', { body: readFileSync(new URL('./node_modules/scorm-again/dist/scorm12.js', import.meta.url)),
                                         type: 'text/javascript' });
});
after(async () => { await browser?.close(); await server?.close(); if (unpacked) rmSync(unpacked, { recursive: true, force: true }); });

test('scorm: the package holds what its manifest lists, and launches scorm.html', () => {
  const manifest = readFileSync(path.join(unpacked, 'imsmanifest.xml'), 'utf8');
  assert.match(manifest, /<schemaversion>1\.2<\/schemaversion>/);
  assert.match(manifest, /adlcp:scormtype="sco" href="scorm.html"/);
  const listed = [...manifest.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]).sort();
  const files = readdirSync(unpacked, { recursive: true }).filter((n) => statSync(path.join(unpacked, n)).isFile());
  assert.deepEqual(files.filter((n) => n !== 'imsmanifest.xml').sort(), listed);
});

// An LMS's page: the SCORM 1.2 API object, with the learner's saved location, and the SCO framed.
function lmsPage(location) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script src="/lms/scorm12.js"></script></head><body style="margin:0">
<script>
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  window.API.loadFromJSON({ core: { lesson_location: '${location}', student_id: 'learner-1', student_name: 'Learner, A' } });
  window.finished = false;
  window.API.on('LMSFinish', () => { window.finished = true; });
</script>
<iframe id="sco" src="/lms/package/scorm.html" title="SCO" style="width:1280px;height:800px;border:0"></iframe>
</body></html>`;
}

test('scorm: questions, location, score and completion reach the LMS run-time (scorm-again)', async () => {
  server.routes.set('/lms/course.html', lmsPage('14'));
  const page = await openPage(browser, server.url + '/lms/course.html', { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'scorm.html');
  await waitReady(frame);
  await frame.waitForFunction(() => window.attention.getState().step === 14, null, { timeout: budget() })
    .catch(() => assert.fail('the package resumed at the saved step 14'));
  await waitIdle(frame);
  const lms = (key) => page.evaluate((k) => window.API.LMSGetValue(k), key);
  assert.equal(await lms('cmi.core.lesson_status'), 'incomplete', 'started: incomplete');
  // The lesson's first progress (its file here, the record saved) writes no score: a gradebook
  // shows none before the first answer, not 0 %.
  await page.waitForFunction(() => window.API.LMSGetValue('cmi.suspend_data') !== '', null, { timeout: budget() })
    .catch(() => assert.fail('the record is saved once the lesson is here'));
  assert.equal(await lms('cmi.core.score.raw'), '', 'no score before the first answer');
  await frame.evaluate(() => window.attention.onEvent((kind, detail) => { if (kind === 'lesson-completed') window.done = detail; }));
  // Step 14, the last, answered with its first choice: the lesson is not complete with one step.
  let asked = await answerStepWithFirstChoices(page, frame);
  assert.ok(asked >= 1);
  assert.equal(await lms('cmi.core.lesson_status'), 'incomplete', 'one step answered: still incomplete');
  // The rest of the track, from step 1, every question answered with its first choice.
  await click(page, frame, 'lesson:step:1');
  asked += await answerTrackWithFirstChoices(page, frame, 1, 13);
  await page.waitForFunction(() => window.API.LMSGetValue('cmi.core.lesson_status') === 'completed', null, { timeout: budget() })
    .catch(() => assert.fail('the lesson\'s end sets lesson_status completed'));
  assert.equal(Number(await lms('cmi.interactions._count')), asked, 'one interaction per revealed question');
  // SCORM 1.2 makes cmi.interactions.n.* write-only: read them from the run-time's data model.
  const interactions = await page.evaluate(() => {
    const cmi = window.API.renderCMIToJSONObject().cmi;
    return Object.values(cmi.interactions || {}).map((i) => ({
      id: i.id, type: i.type, student_response: i.student_response, result: i.result,
      pattern: Object.values(i.correct_responses || {})[0]?.pattern }));
  });
  const first = interactions[0];
  assert.match(first.id, /^step14_[A-Za-z0-9_-]+$/);
  assert.match(interactions.at(-1).id, /^step13_[A-Za-z0-9_-]+$/);
  assert.equal(first.type, 'choice');
  assert.equal(first.student_response, 'a');
  assert.match(first.pattern, /^[a-z](,[a-z])*$/);
  assert.equal(first.result, first.pattern.split(',').includes('a') ? 'correct' : 'wrong', 'result agrees with the pattern');
  const right = interactions.filter((i) => i.result === 'correct').length;
  const raw = Number(await lms('cmi.core.score.raw'));
  assert.ok(raw >= 0 && raw <= 100, `score.raw is a percentage (${raw})`);
  assert.equal(await lms('cmi.core.score.max'), '100');
  const done = await frame.evaluate(() => window.done);
  assert.equal(raw, Math.round((100 * done.score) / done.questions), 'score.raw: the lesson\'s score as a percentage');
  assert.ok(done.score >= right, 'the lesson counts this visit\'s right answers');
  // A step back is the new location.
  await click(page, frame, 'lesson:back');
  await page.waitForFunction(() => window.API.LMSGetValue('cmi.core.lesson_location') === '12', null, { timeout: budget() })
    .catch(() => assert.fail('lesson_location follows the step'));
  // Leaving: session time, then LMSFinish.
  await frame.evaluate(() => window.attentionScorm.finish());
  await page.waitForFunction(() => window.finished, null, { timeout: budget() });
  assert.match(await page.evaluate(() => window.API.renderCMIToJSONObject().cmi.core.session_time), /^\d{2,4}:\d{2}:\d{2}/);
  assert.deepEqual(await frame.evaluate(() => window.attentionScorm.errors), [], 'the run-time refused no value');
  assert.equal(await frame.evaluate(() => window.attentionScorm.found), true);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// An LMS page whose run-time starts from a data model (a fresh one, or what an earlier session
// left: scorm-again's loadFromJSON, as an LMS restores a learner's attempt).
function lmsSessionPage(cmi, launch = '/lms/package/scorm.html') {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title><link rel="icon" href="data:,">
<script src="/lms/scorm12.js"></script></head><body style="margin:0">
<script>
  window.API = new Scorm12API({ autocommit: false, logLevel: 5 });
  window.API.loadFromJSON(${JSON.stringify(cmi)});
  window.finished = false;
  window.API.on('LMSFinish', () => { window.finished = true; });
</script>
<iframe id="sco" src="${launch}" title="SCO" style="width:1280px;height:800px;border:0"></iframe>
</body></html>`;
}

async function openSession(cmi, route, launch) {
  server.routes.set(route, lmsSessionPage(cmi, launch));
  const page = await openPage(browser, server.url + route, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'scorm.html');
  await waitReady(frame);
  await frame.waitForFunction(() => window.attention.lessonStatus().lesson !== '' && window.attention.getState().step > 0)
    .catch(() => assert.fail('the package opens the lesson at a step'));
  await waitIdle(frame);
  return { page, frame, lms: (key) => page.evaluate((k) => window.API.LMSGetValue(k), key),
           cmi: () => page.evaluate(() => window.API.renderCMIToJSONObject().cmi) };
}

test('scorm: a second session keeps the first one\'s answers; the score grows; the mastery score decides passed', async () => {
  // Session 1: steps 1 to 3, every question with its first choice, then the learner leaves.
  const one = await openSession({ student_data: { mastery_score: '80' } }, '/lms/session-1.html');
  assert.equal((await one.frame.evaluate(() => window.attention.getState())).step, 1, 'a first session starts at step 1');
  const askedBefore = await answerTrackWithFirstChoices(one.page, one.frame, 1, 3);
  const first = (await one.frame.evaluate(() => window.attention.lessonStatus())).progress;
  assert.equal(first.answered, askedBefore);
  await one.page.waitForFunction((raw) => window.API.LMSGetValue('cmi.core.score.raw') === raw,
                                 String(Math.round((100 * first.score) / first.questions)))
    .catch(() => assert.fail('score.raw follows every reveal: right answers over the questions of the whole track'));
  assert.equal(await one.lms('cmi.core.lesson_status'), 'incomplete');
  const saved = await one.lms('cmi.suspend_data');
  assert.match(saved, /^a2;l=chapter-3;/, 'the record is in suspend_data');
  assert.ok(saved.length <= 4096, 'within SCORM 1.2\'s 4,096 characters');
  await one.frame.evaluate(() => window.attentionScorm.finish());
  await one.page.waitForFunction(() => window.finished);
  const left = await one.cmi();
  assert.equal(left.core.exit, 'suspend', 'an unfinished lesson is suspended');
  assert.equal(await one.frame.evaluate(() => getComputedStyle(document.getElementById('reader-bar')).display), 'none',
               'no way out to an untracked full demo');
  assert.deepEqual(await one.frame.evaluate(() => window.attentionScorm.errors), []);
  await one.page.context().close();

  // Session 2: the LMS gives back what session 1 left (location, status, score, suspend_data).
  const two = await openSession({
    core: { lesson_location: left.core.lesson_location, lesson_status: left.core.lesson_status,
            score: { raw: left.core.score.raw }, entry: 'resume' },
    suspend_data: left.suspend_data, student_data: { mastery_score: '80' },
  }, '/lms/session-2.html');
  const resumed = await two.frame.evaluate(() => window.attention.lessonStatus());
  assert.equal(resumed.step, 3, 'it resumes at the step the learner left');
  assert.deepEqual([resumed.progress.answered, resumed.progress.score], [first.answered, first.score],
                   'the first session\'s answers count again');
  assert.equal(resumed.pass_mark, 0.8, 'the manifest\'s mastery score is the pass mark');
  // Step 3, answered in session 1, comes back as it was left: its last question revealed.
  assert.deepEqual([resumed.question, resumed.revealed], [resumed.questions - 1, true],
                   'the step the learner left shows their answer, not a fresh question');
  await click(two.page, two.frame, 'lesson:next');
  const askedNow = await answerTrackWithFirstChoices(two.page, two.frame, 4, 14);
  assert.equal(askedBefore + askedNow, 16, 'the two sessions asked the whole track once');
  const done = (await two.frame.evaluate(() => window.attention.lessonStatus())).progress;
  assert.equal(done.complete, true);
  const rightNow = (await two.cmi()).interactions ? Object.values((await two.cmi()).interactions)
    .filter((i) => i.result === 'correct').length : 0;
  assert.equal(done.score, first.score + rightNow, 'the score counts both sessions\' first reveals');
  const status = done.score / done.questions >= 0.8 ? 'passed' : 'failed';
  await two.page.waitForFunction((st) => window.API.LMSGetValue('cmi.core.lesson_status') === st, status)
    .catch(async () => assert.fail(`lesson_status ${status} at ${done.score} of 16 against 80%, not ${await two.lms('cmi.core.lesson_status')}`));
  assert.equal(await two.lms('cmi.core.score.raw'), String(Math.round((100 * done.score) / 16)));
  await two.frame.evaluate(() => window.attentionScorm.finish());
  await two.page.waitForFunction(() => window.finished);
  assert.equal((await two.cmi()).core.exit, '', 'a complete lesson is not suspended');
  assert.deepEqual(await two.frame.evaluate(() => window.attentionScorm.errors), []);
  assert.deepEqual(two.page.problems, []);
  await two.page.context().close();
});

test('scorm: Practice and Debug this after chapter 3 are kept across two sessions in suspend_data', async () => {
  // Session 1: exercise 4 answered by typing, the window bug traced to its divergence, then the learner leaves.
  const one = await openSession({}, '/lms/session-ch04-1.html');
  const { page, frame } = one;
  // The package grades: step 1's open question keeps the learner in the track until it is
  // revealed (Practice would show its panels uncovered). Then Practice opens.
  await click(page, frame, 'lesson:mode:practice');
  assert.equal(await frame.evaluate(() => window.attention.getState().lesson.mode), 'track', 'Practice waits for the Reveal');
  await click(page, frame, 'lesson:choice:0');
  await click(page, frame, 'lesson:reveal');
  await click(page, frame, 'lesson:mode:practice');
  await click(page, frame, 'lesson:exercise:3');
  await click(page, frame, 'lesson:practice:input');
  await settleAfter(frame, () => page.keyboard.type('18, 8, 10, 12'), 'typing the counts');
  await click(page, frame, 'lesson:practice:check');
  assert.match(await frame.evaluate(() => window.attention.lessonView().practice.message), /^Right: 18, 8, 10, 12/);
  await click(page, frame, 'lesson:mode:debug');
  await click(page, frame, 'lesson:bug:window-drops-chunk-keys');
  await click(page, frame, 'lesson:trace-judge:right');
  // The chunk's keys judged fine first: a second look, which the record counts; then off.
  await click(page, frame, 'lesson:trace-judge:right');
  await click(page, frame, 'lesson:trace-judge:off');
  await frame.evaluate(() => window.attentionScorm.finish());
  await page.waitForFunction(() => window.finished);
  const left = await one.cmi();
  assert.match(left.suspend_data, /p=3:1:3:-1:18%2C 8%2C 10%2C 12/, 'exercise 4: checked once, solved, its entry');
  assert.match(left.suspend_data, /window-drops-chunk-keys:10:1:1(;|$)/,
               'the window bug: judged fine, then off, found after one second look');
  assert.ok(left.suspend_data.length <= 4096);
  assert.deepEqual(await frame.evaluate(() => window.attentionScorm.errors), []);
  await page.context().close();

  // Session 2: the LMS gives it back; exercise 4 opens with the entry and its verdict.
  const two = await openSession({ core: { lesson_location: left.core.lesson_location, entry: 'resume' },
                                  suspend_data: left.suspend_data }, '/lms/session-ch04-2.html');
  await click(two.page, two.frame, 'lesson:mode:practice');
  await click(two.page, two.frame, 'lesson:exercise:3');
  const view = await two.frame.evaluate(() => window.attention.lessonView().practice);
  assert.equal(view.typed, '18, 8, 10, 12');
  assert.match(view.message, /^Right/);
  assert.match(await two.lms('cmi.suspend_data'), /window-drops-chunk-keys:10:1:1(;|$)/,
               'the trace and its second look stay in the record');
  await saveArtifact('scorm-ch04-session-2.png', await two.page.screenshot());
  assert.deepEqual(two.page.problems, []);
  await two.page.context().close();
});

// The maker's package as the author downloads it (its dialog open): unpacked into a folder of its
// own, with its manifest and the launch item's parameters as an LMS reads them.
async function downloadPackage(author, name) {
  const [download] = await Promise.all([author.waitForEvent('download'), author.click('#embed-scorm')]);
  const zipPath = path.join(unpacked, name);
  await download.saveAs(zipPath);
  const folder = mkdtempSync(path.join(tmpdir(), 'attention-scorm-made-'));
  execFileSync('python3', ['-m', 'zipfile', '-e', zipPath, folder]);
  const manifest = readFileSync(path.join(folder, 'imsmanifest.xml'), 'utf8');
  const parameters = /parameters="([^"]*)"/.exec(manifest)[1].replace(/&#38;/g, '&').replace(/&amp;/g, '&');
  return { folder, manifest, parameters, fileName: download.suggestedFilename() };
}

// Every file of an unpacked package, served under /lms/<prefix>/ (only what the zip holds).
function servePackage(folder, prefix) {
  for (const name of readdirSync(folder, { recursive: true })) {
    if (!statSync(path.join(folder, name)).isFile()) continue;
    server.routes.set(`/lms/${prefix}/${name}`, { body: readFileSync(path.join(folder, name)), type: types[path.extname(name)] });
  }
}

test('scorm: the embed maker downloads a package for steps 11-14 and a pass mark of 80%, and an LMS launches it so', async () => {
  const author = await openSettled(browser, server.url + '/#example=your-journey&query=1', { viewport: { width: 1366, height: 768 } });
  await author.click('#copy-embed');
  await author.waitForSelector('#embed-maker:not([hidden])');
  await author.selectOption('#embed-step', '11');
  await author.fill('#embed-steps', '11-14');
  await author.fill('#embed-pass', '0.8');
  await author.waitForFunction(() => document.getElementById('embed-status').textContent === '');
  const { folder, manifest, parameters, fileName } = await downloadPackage(author, 'from-maker.zip');
  // Named by what it holds beyond the chapter, so a teacher's packages (the same steps with
  // another pass mark too) do not overwrite one another.
  assert.equal(fileName, 'attention-scorm12-steps-11-14-pass-80.zip');
  await author.waitForFunction(() => /Downloaded attention-scorm12-steps-11-14-pass-80\.zip/.test(document.getElementById('embed-status').textContent));
  assert.deepEqual(author.problems, []);
  await author.context().close();

  try {
    assert.match(manifest, /<adlcp:masteryscore>80<\/adlcp:masteryscore>/);
    assert.match(parameters, /^\?steps=11-14&pass=0\.8#/);
    // The item by the lesson's own title, the name xAPI statements give it too: one name in every gradebook.
    assert.match(manifest, /<item identifier="attention-lesson"[^>]*>\s*<title>How attention scores are computed: chapter 3 of Build a Large Language Model \(From Scratch\)<\/title>/);
    const listed = [...manifest.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]).sort();
    const files = readdirSync(folder, { recursive: true }).filter((n) => statSync(path.join(folder, n)).isFile());
    assert.deepEqual(files.filter((n) => n !== 'imsmanifest.xml').sort(), listed, 'the zip holds what its manifest lists');
    servePackage(folder, 'maker');
    // The LMS launches the item's href with its parameters and gives the mastery score.
    const mastery = /<adlcp:masteryscore>(\d+)</.exec(manifest)[1];
    server.routes.set('/lms/maker-course.html', lmsSessionPage({ student_data: { mastery_score: mastery } },
                                                               `/lms/maker/scorm.html${parameters}`));
    const page = await openPage(browser, server.url + '/lms/maker-course.html', { viewport: { width: 1300, height: 820 } });
    const frame = await demoFrame(page, 'scorm.html');
    await waitReady(frame);
    await frame.waitForFunction(() => window.attention.lessonStatus().lesson !== '' && window.attention.getState().step === 11)
      .catch(() => assert.fail('the package opens at step 11'));
    await waitIdle(frame);
    const s = await frame.evaluate(() => window.attention.lessonStatus());
    assert.deepEqual([s.first_step, s.last_step, s.pass_mark, s.course_error], [11, 14, 0.8, '']);
    assert.ok((await frame.evaluate(() => window.attention.getState())).module, 'step 11 runs the book\'s classes');
    assert.deepEqual(await frame.evaluate(() => window.attentionScorm.errors), []);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// A teacher's own lesson (docs/lessons.md): the page opened with lesson= keeps it in what it makes.
// Copy link and the embed snippet carry lesson=, the maker lists the lesson's own steps, and the
// SCORM package holds a copy of the file and launches it, since an LMS serves the package alone.
test('scorm: a teacher\'s lesson= page gives a link, a snippet and a package that open that lesson, graded', async () => {
  const author = await openSettled(browser, server.url + '/?lesson=lessons/examples/my-sentence.json#step=2',
                                   { viewport: { width: 1366, height: 768 } });
  await author.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence')
    .catch(() => assert.fail('the teacher\'s lesson loads'));
  assert.match(await author.evaluate(() => window.attention.link()), /&lesson=lessons\/examples\/my-sentence\.json$/);
  await author.click('#copy-embed');
  await author.waitForSelector('#embed-maker:not([hidden])');
  const steps = await author.$$eval('#embed-step option', (options) => options.map((o) => o.value));
  assert.deepEqual(steps, ['0', '1', '2', '3'], 'the maker lists the lesson\'s three steps, not the chapter\'s 14');
  await author.waitForFunction(() => /lesson=lessons\/examples\/my-sentence\.json/.test(document.getElementById('embed-snippet').value))
    .catch(() => assert.fail('the snippet carries lesson='));
  const { folder, manifest, parameters, fileName } = await downloadPackage(author, 'teacher.zip');
  assert.equal(fileName, 'attention-scorm12-my-sentence.zip');
  assert.deepEqual(author.problems, []);
  await author.context().close();

  try {
    assert.match(parameters, /^\?lesson=lessons\/custom\/my-sentence\.json#/);
    assert.match(manifest, /<title>Attention on our own sentence: the cat sat on the mat<\/title>/, 'the item has the lesson\'s title');
    assert.match(manifest, /<file href="lessons\/custom\/my-sentence\.json"\/>/, 'the manifest lists the lesson');
    assert.deepEqual(readFileSync(path.join(folder, 'lessons/custom/my-sentence.json')),
                     readFileSync(path.join(distDir, 'lessons/examples/my-sentence.json')), 'the package holds the file as served');
    servePackage(folder, 'teacher');
    server.routes.set('/lms/teacher-course.html', lmsSessionPage({}, `/lms/teacher/scorm.html${parameters}`));
    const page = await openPage(browser, server.url + '/lms/teacher-course.html', { viewport: { width: 1300, height: 820 } });
    const frame = await demoFrame(page, 'scorm.html');
    await waitReady(frame);
    // A package is the graded lesson: a first session opens at its first step.
    await frame.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence' && window.attention.getState().step === 1)
      .catch(() => assert.fail('the package opens the teacher\'s lesson'));
    await waitIdle(frame);
    // The learner walks the whole lesson by clicks; the LMS hears of its completion.
    const asked = await answerTrackWithFirstChoices(page, frame, 1, 3);
    assert.equal(asked, 3);
    await page.waitForFunction(() => window.API.LMSGetValue('cmi.core.lesson_status') === 'completed', null, { timeout: budget() })
      .catch(() => assert.fail('the teacher\'s lesson completes in the LMS'));
    assert.equal(Number(await page.evaluate(() => window.API.LMSGetValue('cmi.interactions._count'))), 3);
    // Another answer to the last question, revealed: its own interaction, named as a later attempt
    // (a teacher's interactions report showed a retry's "correct" as the question's own).
    const last = await frame.evaluate(() => window.attention.lessonStatus());
    const scored = await page.evaluate(() => window.API.LMSGetValue('cmi.core.score.raw'));
    const other = (await frame.evaluate(() => window.attention.layout())).map((l) => l.name)
      .find((n) => /^lesson:choice:\d+$/.test(n) && n !== `lesson:choice:${last.answer}`);
    assert.ok(other, 'another choice is on screen');
    await click(page, frame, other);
    await click(page, frame, 'lesson:reveal');
    await page.waitForFunction(() => Number(window.API.LMSGetValue('cmi.interactions._count')) === 4, null, { timeout: budget() })
      .catch(() => assert.fail('the second reveal is an interaction'));
    const ids = await page.evaluate(() => Object.values(window.API.renderCMIToJSONObject().cmi.interactions).map((i) => i.id));
    assert.equal(ids[3], `${ids[2]}_attempt2`, `the retry's id: ${ids.join(', ')}`);
    assert.equal(await page.evaluate(() => window.API.LMSGetValue('cmi.core.score.raw')), scored, 'the retry changes no score');
    assert.deepEqual(await frame.evaluate(() => window.attentionScorm.errors), []);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// A phone in an LMS's player (Moodle's fills the screen with the SCO's frame, and never sizes it
// to the content): the lesson and the panels below it are far taller than the frame, and nothing
// around the frame scrolls. A teacher's walk found swipes there barely moved anything: the demo
// left them to a course page that could not scroll. A swipe on the lesson's text, or on the 3-D
// view, now scrolls the demo's column, as a browser scrolls a frame's own page.
test('scorm: on a phone, in an LMS player that fills the screen, a swipe on the lesson or the 3-D view scrolls the demo', async () => {
  server.routes.set('/lms/phone.html', lmsPage('3').replace('<meta charset="utf-8">',
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">')
    .replace('style="width:1280px;height:800px;border:0"', 'style="display:block;width:100vw;height:100vh;border:0"'));
  const page = await openPage(browser, server.url + '/lms/phone.html',
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const frame = await demoFrame(page, 'scorm.html');
  await waitReady(frame);
  await frame.waitForFunction(() => window.attention.getState().step === 3, null, { timeout: budget() })
    .catch(() => assert.fail('the package resumed at the saved step 3'));
  await waitIdle(frame);
  assert.ok(await frame.evaluate(() => window.attention.contentHeight()) > 844 * 2, 'the demo is far taller than the frame');
  const cdp = await page.context().newCDPSession(page);
  const at = async (name) => (await frame.evaluate(() => window.attention.layout())).find((l) => l.name === name);
  const document0 = JSON.stringify(await frame.evaluate(() => window.attention.getState()));
  // The lesson band's text (the line under its watch buttons), then the 3-D view: each swipe up
  // moves the panels up.
  for (const [name, below] of [['lesson:watch:weights', 40], ['panel-box:plot', 60]]) {
    for (let k = 0; k < 8 && !((await at(name))?.y > 60 && (await at(name)).y < 500); ++k) {
      await touchSwipe(cdp, { x: 30, y: 600 }, { x: 30, y: 350 });  // until it is in view
      await waitIdle(frame);
    }
    const from = await at(name);
    assert.ok(from && from.y > 60 && from.y < 500, `${name} is in view (${JSON.stringify(from)})`);
    const inputsBefore = (await at('panel-box:inputs')).y;
    const y = from.y + (name.startsWith('lesson:') ? from.h : 0) + below;
    await touchSwipe(cdp, { x: 200, y }, { x: 200, y: y - 250 });
    await waitIdle(frame);
    const moved = inputsBefore - (await at('panel-box:inputs')).y;
    assert.ok(moved > 150, `a swipe on ${name} scrolled the demo (${moved} px)`);
    assert.equal(JSON.stringify(await frame.evaluate(() => window.attention.getState())), document0, 'nothing edited');
  }
  await saveArtifact('scorm-phone-player.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('scorm: without an LMS the launch page is the normal demo, and says that nothing is recorded', async () => {
  const page = await openSettled(browser, server.url + '/lms/package/scorm.html');
  assert.equal(await page.evaluate(() => window.attentionScorm.found), false);
  assert.equal(await page.evaluate(() => window.attention.getState().step), 0, 'free exploration, no lesson forced');
  assert.match(await page.textContent('#scorm-not-recorded'), /not recorded for a grade/);
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // An LMS whose player frames the package from another site (its API is out of reach): the
  // learner is told, above the demo, which still fits the frame.
  const route = '/lms/cross-site.html';
  server.routes.set(route, lmsSessionPage({}, `${server.url}/lms/package/scorm.html`));
  const lms = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(lms, 'scorm.html');
  await waitReady(frame);
  await waitIdle(frame);
  assert.equal(await frame.evaluate(() => window.attentionScorm.found), false);
  const notice = await frame.evaluate(() => {
    const r = document.getElementById('scorm-not-recorded').getBoundingClientRect();
    const c = document.getElementById('canvas').getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, canvasTop: c.top, canvasBottom: c.bottom, role: document.getElementById('scorm-not-recorded').getAttribute('role') };
  });
  assert.equal(notice.role, 'status');
  assert.ok(notice.top >= 0 && notice.bottom <= notice.canvasTop + 1, `the line is above the drawing: ${JSON.stringify(notice)}`);
  assert.ok(notice.canvasBottom <= await frame.evaluate(() => innerHeight) + 1, 'the drawing still ends inside the frame');
  await saveArtifact('scorm-not-recorded-1300.png', await lms.screenshot());
  // The height it tells the course page counts the line: the plain demo in the same frame needs
  // that much less.
  const told = await frame.evaluate(() => window.attention.contentHeight());
  await lms.context().close();
  server.routes.set('/lms/cross-site-plain.html', lmsSessionPage({}, `${server.url}/index.html`));
  const plainPage = await openPage(browser, `http://localhost:${server.port}/lms/cross-site-plain.html`, { viewport: { width: 1300, height: 820 } });
  const plain = await demoFrame(plainPage, 'index.html');
  await waitReady(plain);
  await waitIdle(plain);
  const plainHeight = await plain.evaluate(() => window.attention.contentHeight());
  assert.ok(Math.abs(told - plainHeight - (notice.bottom - notice.top)) <= 1,
            `the line's ${notice.bottom - notice.top} px are in the height told: ${told} vs ${plainHeight} without it`);
  await plainPage.context().close();
});

// The line rewraps when the course page narrows the player (a responsive LMS on a phone turned
// upright: one line at 1280 px, three at 360): the height told to the course page follows it.
test('scorm: the "not recorded" line rewrapped by a narrower player is counted again in the height told', async () => {
  const heights = async (launch, route) => {
    server.routes.set(route, lmsSessionPage({}, `${server.url}${launch}`));
    const lms = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
    const frame = await demoFrame(lms, launch.split('/').pop());
    await waitReady(frame);
    await waitIdle(frame);
    const line = () => frame.evaluate(() => document.getElementById('scorm-not-recorded')?.offsetHeight || 0);
    const wide = await line();
    await lms.evaluate(() => { document.getElementById('sco').style.width = '360px'; });
    await frame.waitForFunction(() => innerWidth === 360, null, { timeout: budget() });
    // The demo's own signal that it has laid out at the new width (its column is recorded at it),
    // then settled: the height it tells is the narrow layout's.
    await waitFor(frame, () => window.attention.layout().some((l) => l.name === 'view:column' && l.w <= 360), null,
                  'the demo laid out at 360 px');
    await waitIdle(frame);
    const result = { wide, narrow: await line(), told: await frame.evaluate(() => window.attention.contentHeight()) };
    if (result.wide) await saveArtifact('scorm-not-recorded-360.png', await lms.screenshot());
    await lms.context().close();
    return result;
  };
  const scorm = await heights('/lms/package/scorm.html', '/lms/narrowed.html');
  const plain = await heights('/index.html', '/lms/narrowed-plain.html');  // the demo without the package's line
  assert.ok(scorm.wide > 0 && scorm.narrow > scorm.wide, `the line rewraps taller: ${JSON.stringify(scorm)}`);
  assert.ok(Math.abs(scorm.told - plain.told - scorm.narrow) <= 1,
            `the narrow line's ${scorm.narrow} px are in the height told: ${scorm.told} vs ${plain.told} without it`);
});

// A course in Chinese (#31): the package launched with lang=zh-CN speaks Chinese from its own files
// (the zip carries the zh-CN lesson, catalog, interface text and glyphs), grades as the English one
// does, and a second session keeps the first one's answers, still in Chinese.
test('scorm: a package launched with lang=zh-CN runs the lesson in Chinese and keeps its answers across sessions', async () => {
  const launch = '/lms/package/scorm.html?lang=zh-CN';
  const inChinese = (frame) => frame.waitForFunction(() => document.documentElement.dataset.language === 'zh-CN' &&
                                                     /[\u4e00-\u9fff]/.test(window.attention.lessonView().title || ''),
                                                     null, { timeout: budget() })
    .catch(() => assert.fail('the package speaks Chinese'));
  const one = await openSession({ student_data: { mastery_score: '80' } }, '/lms/zh-session-1.html', launch);
  await inChinese(one.frame);
  const asked = await answerTrackWithFirstChoices(one.page, one.frame, 1, 2);
  const first = (await one.frame.evaluate(() => window.attention.lessonStatus())).progress;
  assert.equal(first.answered, asked);
  const verdict = (await one.frame.evaluate(() => window.attention.lessonView())).question.verdict;
  assert.ok(['正确。', '不太对。'].includes(verdict), `a Chinese verdict: ${verdict}`);
  const interactions = Object.values((await one.cmi()).interactions || {});
  assert.equal(interactions.length, asked, 'the LMS gets the same interactions as from the English package');
  assert.match(interactions[0].id, /^step1_[A-Za-z0-9_-]+$/, 'ids do not depend on the language');
  await one.frame.evaluate(() => window.attentionScorm.finish());
  await one.page.waitForFunction(() => window.finished);
  const left = await one.cmi();
  assert.deepEqual(await one.frame.evaluate(() => window.attentionScorm.errors), []);
  assert.deepEqual(one.page.problems, []);
  await one.page.context().close();

  const two = await openSession({
    core: { lesson_location: left.core.lesson_location, lesson_status: left.core.lesson_status,
            score: { raw: left.core.score.raw }, entry: 'resume' },
    suspend_data: left.suspend_data, student_data: { mastery_score: '80' },
  }, '/lms/zh-session-2.html', launch);
  await inChinese(two.frame);
  const resumed = await two.frame.evaluate(() => window.attention.lessonStatus());
  assert.equal(resumed.step, 2);
  assert.deepEqual([resumed.progress.answered, resumed.progress.score], [first.answered, first.score]);
  await saveArtifact('scorm-zh-session-2.png', await two.page.screenshot());
  assert.deepEqual(two.page.problems, []);
  await two.page.context().close();
});

// The lesson after the chapter is a lesson the demo ships in every language: a Chinese author's
// package carries it in both (not a copy of the English file), launches it in Chinese, and a
// learner who switches to English in the LMS reads the English file from the package.
test('scorm: a package of the lesson after the chapter, made on the Chinese page, runs it in Chinese and in English', async () => {
  const author = await openSettled(browser, server.url + '/?lang=zh-CN&lesson=lessons/en/generation.json#step=1',
                                   { viewport: { width: 1366, height: 768 } });
  await author.waitForFunction(() => window.attention.lessonStatus().lesson === 'generation')
    .catch(() => assert.fail('the lesson after the chapter loads'));
  await author.click('#copy-embed');
  await author.waitForSelector('#embed-maker:not([hidden])');
  const { folder, manifest, parameters, fileName } = await downloadPackage(author, 'generation-zh.zip');
  assert.equal(fileName, 'attention-scorm12-generation-zh-CN.zip');
  assert.deepEqual(author.problems, []);
  await author.context().close();

  try {
    assert.match(parameters, /^\?lang=zh-CN&lesson=lessons\/zh-CN\/generation\.json#/);
    assert.match(manifest, /<item identifier="attention-lesson"[^>]*>\s*<title>第 3 章之后：/, 'the LMS lists it by its own title, in Chinese');
    for (const lang of ['en', 'zh-CN']) {
      assert.match(manifest, new RegExp(`<file href="lessons/${lang}/generation\\.json"/>`), `the manifest lists the ${lang} file`);
      assert.deepEqual(readFileSync(path.join(folder, `lessons/${lang}/generation.json`)),
                       readFileSync(path.join(distDir, `lessons/${lang}/generation.json`)), `the package holds the ${lang} file as served`);
    }
    assert.ok(!readdirSync(folder).includes('custom') && !manifest.includes('lessons/custom/'), 'no copy under custom/');
    servePackage(folder, 'generation');
    const session = await openSession({}, '/lms/generation-course.html', `/lms/generation/scorm.html${parameters}`);
    const title = () => session.frame.evaluate(() => window.attention.lessonView().title || '');
    await session.frame.waitForFunction(() => window.attention.lessonStatus().lesson === 'generation' &&
                                              /[\u4e00-\u9fff]/.test(window.attention.lessonView().title || ''),
                                        null, { timeout: budget() })
      .catch(async () => assert.fail(`the package runs the lesson after the chapter in Chinese, title: ${await title()}`));
    const asked = await answerStepWithFirstChoices(session.page, session.frame);
    assert.ok(asked > 0);
    // The learner switches to English inside the LMS: the English file comes from the package, the answers stay.
    assert.deepEqual(await session.frame.evaluate(() => window.attention.setLanguage('en')), { ok: true, error: null });
    await session.frame.waitForFunction(() => window.attention.lessonStatus().lesson === 'generation' &&
                                              /^The KV cache/.test(window.attention.lessonView().title || ''),
                                        null, { timeout: budget() })
      .catch(async () => assert.fail(`the English file from the package, title: ${await title()}`));
    assert.equal((await session.frame.evaluate(() => window.attention.lessonStatus())).progress.answered, asked);
    assert.deepEqual(await session.frame.evaluate(() => window.attentionScorm.errors), []);
    assert.deepEqual(session.page.problems, []);
    await session.page.context().close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// A teacher's lesson on another site, which origins= lets the page read: the package takes a copy,
// so the course runs it from the LMS alone, without that site.
test('scorm: a lesson from another site that origins= allows goes into the package as a copy', async () => {
  const other = `http://localhost:${server.port}`;  // another origin than the demo's 127.0.0.1
  const lesson = readFileSync(path.join(distDir, 'lessons/examples/my-sentence.json'));
  server.routes.set('/elsewhere/lesson/', { body: lesson, type: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' } });
  const author = await openSettled(browser, `${server.url}/?origins=${other}&lesson=${other}/elsewhere/lesson/#step=1`,
                                   { viewport: { width: 1366, height: 768 } });
  await author.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence')
    .catch(() => assert.fail('the other site\'s lesson loads'));
  await author.click('#copy-embed');
  await author.waitForSelector('#embed-maker:not([hidden])');
  const { folder, parameters } = await downloadPackage(author, 'other-site.zip');
  assert.deepEqual(author.problems, []);
  await author.context().close();
  try {
    // The address ends in '/': its last part names the copy, as a .json file.
    assert.match(parameters, /^\?lesson=lessons\/custom\/lesson\.json#/);
    assert.deepEqual(readFileSync(path.join(folder, 'lessons/custom/lesson.json')), lesson, 'the package holds the file as served');
    servePackage(folder, 'other');
    server.routes.delete('/elsewhere/lesson/');  // the course does without the other site
    const session = await openSession({}, '/lms/other-course.html', `/lms/other/scorm.html${parameters}`);
    await session.frame.waitForFunction(() => window.attention.lessonStatus().lesson === 'my-sentence', null, { timeout: budget() })
      .catch(() => assert.fail('the package runs the copied lesson'));
    assert.deepEqual(await session.frame.evaluate(() => window.attentionScorm.errors), []);
    assert.deepEqual(session.page.problems, []);
    await session.page.context().close();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
