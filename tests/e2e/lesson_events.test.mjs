// Lesson events as a course page receives them: a host page on another origin frames the demo,
// subscribes with attention-host.js (AttentionFrame.on), and a learner answers questions, checks
// an exercise and traces a bug with real clicks inside the frame. What the host receives is what
// docs/lesson-events.md promises.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, settleAfter, demoFrame, clickInFrame as click,
         hostPageFraming, answerStepWithFirstChoices, answerTrackWithFirstChoices } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// The host lives on http://localhost:PORT, the demo on http://127.0.0.1:PORT: two origins.
function hostPage(demoUrl) {
  return hostPageFraming(demoUrl, `window.received = [];
  demo.on('*', (detail, kind) => window.received.push({ kind, detail }));`);
}

async function openHost(fragment) {
  const route = `/host-events-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, hostPage(`${server.url}/index.html${fragment}`));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  return { page, frame };
}

// The events the host has received of one kind, after waiting for at least `count` of them.
async function receivedOf(page, kind, count = 1) {
  await waitFor(page, ([k, n]) => window.received.filter((e) => e.kind === k).length >= n, [kind, count],
                `${count} ${kind} event(s) at the host`,
                { describe: () => page.evaluate(() => `received: ${window.received.map((e) => e.kind).join(', ') || 'nothing'}`) });
  return page.evaluate((k) => window.received.filter((e) => e.kind === k).map((e) => e.detail), kind);
}

test('lesson events: a wrong then a right answer reach the host with step, question, choice and attempt', async () => {
  const { page, frame } = await openHost('#step=3');
  // Step 3, question 1: how many scores for three tokens? Choices 2, 3, 9 in the question's own
  // order (fixed per kind, the same on any data); "2" is the mistake.
  const choices = (await frame.evaluate(() => window.attention.lessonView())).question.choices;
  assert.deepEqual([...choices].sort(), ['2', '3', '9']);
  const two = choices.indexOf('2'), three = choices.indexOf('3');
  await click(page, frame, `lesson:choice:${two}`);
  await click(page, frame, 'lesson:reveal');
  let answered = await receivedOf(page, 'quiz-answered');
  assert.deepEqual(answered[0], { schema: 1, step: 3, question: 0, question_id: answered[0].question_id, choice: two,
                                  choice_text: '2', correct: false, attempt: 1, prompt: answered[0].prompt,
                                  choices, correct_choices: [three],
                                  misconception: 'query-not-compared' });
  assert.match(answered[0].prompt, /scores/);
  assert.equal(typeof answered[0].question_id, 'string');
  const revealed = await receivedOf(page, 'quiz-revealed');
  assert.equal(revealed[0].step, 3);
  assert.match(revealed[0].answer, /3/);
  await click(page, frame, `lesson:choice:${three}`);
  await click(page, frame, 'lesson:reveal');
  answered = await receivedOf(page, 'quiz-answered', 2);
  assert.equal(answered[1].correct, true);
  assert.equal(answered[1].choice_text, '3');
  assert.equal(answered[1].attempt, 2, 'the second reveal of the same question');
  assert.strictEqual(answered[1].misconception, null, 'a right answer names no misconception');
  // Moving on is a step-changed event.
  await click(page, frame, 'lesson:next');
  const steps = await receivedOf(page, 'step-changed');
  assert.deepEqual(steps.at(-1), { schema: 1, step: 4 });
  await page.context().close();
});

test('lesson events: an exercise check and a traced bug reach the host', async () => {
  const { page, frame } = await openHost('#example=three-tokens');
  await click(page, frame, 'lesson:mode:practice');
  await click(page, frame, 'query:plus');  // the exercise asks for the third token as the query
  // Practice 1 asks for a prediction first, then the scores: inputs[2] = [0, 1] gives 0, 2, 1.
  const predict = (await frame.evaluate(() => window.attention.layout())).find((l) => l.name.startsWith('lesson:predict:'));
  if (predict) await click(page, frame, predict.name);
  await click(page, frame, 'lesson:practice:input');
  await settleAfter(frame, () => page.keyboard.type('0, 2, 9'), 'typing the scores');
  await click(page, frame, 'lesson:practice:check');
  const checked = await receivedOf(page, 'exercise-checked');
  assert.deepEqual(checked[0], { schema: 1, exercise: 0, entry: '0, 2, 9', correct: false, wrong_entry: 2 });

  await click(page, frame, 'lesson:mode:debug');
  // The wrong query, judged as it should be: the host hears the judgment that did not hold; the
  // learner gets a second look, and the same judgment again shows the divergence.
  await click(page, frame, 'lesson:trace-judge:right');
  let traced = await receivedOf(page, 'bug-traced');
  assert.deepEqual(traced[0], { schema: 1, bug: 'wrong-query', steps_checked: 1, found: false,
                                judged: 'as-it-should-be', judgment_right: false });
  await click(page, frame, 'lesson:trace-judge:right');
  traced = await receivedOf(page, 'bug-traced', 2);
  assert.deepEqual(traced[1], { schema: 1, bug: 'wrong-query', steps_checked: 1, found: true,
                                judged: 'as-it-should-be', judgment_right: false });
  await page.context().close();
});

test('lesson events: lesson-completed comes once every question of the track is answered, not at step 14', async () => {
  const { page, frame } = await openHost('#step=14');
  await answerStepWithFirstChoices(page, frame);
  assert.deepEqual(await receivedOf(page, 'lesson-completed', 0), [], 'one step answered completes nothing');
  const [progress] = (await receivedOf(page, 'lesson-progress')).slice(-1);
  assert.equal(progress.complete, false);
  await click(page, frame, 'lesson:step:1');
  await answerTrackWithFirstChoices(page, frame, 1, 13);
  const [done] = await receivedOf(page, 'lesson-completed');
  const answered = await receivedOf(page, 'quiz-answered');
  assert.equal(done.schema, 1);
  assert.equal(done.answered, done.questions);
  assert.equal(done.questions, 16);
  assert.equal(done.answered, answered.length);
  assert.equal(done.score, answered.filter((a) => a.correct).length);
  assert.ok(done.seconds >= 0 && done.seconds < 1200);
  assert.deepEqual(done.answers.map((a) => a.step), answered.map((a) => a.step).sort((a, b) => a - b));
  await page.context().close();
});
