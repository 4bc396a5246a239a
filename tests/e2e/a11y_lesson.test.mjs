// The guided lesson for a keyboard and a screen reader: the page's text version of the lesson
// band (web/attention-lesson-reader.js), used with the keyboard only after load, read and checked
// through Chromium's accessibility tree (CDP Accessibility.getFullAXTree), as a screen reader gets
// it. The right answers come from attention-cli --lesson ... --reveal, the same core on the same
// data, so the walk knows what a learner who had read the book would choose; nothing in the page
// is asked for them. Plus axe-core over the page with the lesson open.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { startServer, launchBrowser, openSettled, settleAfter, waitFor, waitUntil, saveArtifact, repoRoot, sleep } from './harness.mjs';

const STEPS = 14;
const cli = path.join(repoRoot, 'build/native/attention-cli');
const lessonFile = path.join(repoRoot, 'lessons/en/chapter-3.json');

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// Step n's questions as the core prints them: [{prompt, choices, right, answer}].
function questionsOf(step) {
  assert.ok(existsSync(cli), `${cli} is built (./run_tests.sh builds it before the browser tests)`);
  const text = execFileSync(cli, ['--lesson', lessonFile, '--step', String(step), '--reveal'], { encoding: 'utf8' });
  const questions = [];
  for (const line of text.split('\n')) {
    const asked = /^Predict \(\d+ of \d+\): (.*)$/.exec(line);
    const choice = /^ {2}[a-z]\) (.*?)( {3}\u2713)?$/.exec(line);
    const answer = /^ {2}(Answer: .*)$/.exec(line);
    if (asked) questions.push({ prompt: asked[1], choices: [], right: -1, answer: '' });
    else if (choice && questions.length) {
      const q = questions[questions.length - 1];
      if (choice[2]) q.right = q.choices.length;
      q.choices.push(choice[1]);
    } else if (answer && questions.length) questions[questions.length - 1].answer = answer[1];
  }
  for (const q of questions) assert.ok(q.right >= 0 && q.answer, `step ${step}: the core names the right choice`);
  return questions;
}

// The accessibility tree as a screen reader gets it: its nodes with role, name, and the states
// that matter here.
async function axNodes(cdp) {
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  return nodes.filter((n) => !n.ignored).map((n) => {
    const prop = (name) => n.properties?.find((p) => p.name === name)?.value?.value;
    return { role: n.role?.value, name: n.name?.value ?? '', description: n.description?.value ?? '',
             focused: !!prop('focused'), checked: prop('checked'), pressed: prop('pressed'), disabled: !!prop('disabled'),
             invalid: prop('invalid') === 'true' };
  });
}
// Every text the status line says, from now on (window.__said).
const watchAnnouncements = (page) => page.evaluate(() => {
  window.__said = [];
  new MutationObserver(() => {
    const text = document.getElementById('announcer').textContent;
    if (text) window.__said.push(text);
  }).observe(document.getElementById('announcer'), { childList: true, characterData: true, subtree: true });
});
const refusals = (page) => page.evaluate(() => window.__said.filter((t) => /did not work/.test(t)));

const focusedNode = async (cdp) => (await axNodes(cdp)).find((n) => n.focused && n.role !== 'RootWebArea');

// A keyboard-and-screen-reader session on a fresh page: its announcements watched, the
// accessibility tree on, and the three moves the walks use: key (press one), waitFocus (until the
// focused node is what match accepts) and tabTo (Tab on, at most `most` times, until it is).
async function keyboardSession(url) {
  const page = await openSettled(browser, url, { viewport: { width: 1366, height: 768 } });
  await watchAnnouncements(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
  const key = (name) => page.keyboard.press(name);
  const waitFocus = (match, what) => waitUntil(async () => {
    const n = await focusedNode(cdp);
    return n && match(n) ? n : null;
  }, what, { describe: async () => `focused: ${JSON.stringify(await focusedNode(cdp))}` });
  const tabTo = async (match, what, most = 30) => {
    for (let k = 0; k <= most; ++k) {
      const n = await focusedNode(cdp);
      if (n && match(n)) return n;
      await key('Tab');
    }
    assert.fail(`Tab never reached ${what} (focus on ${JSON.stringify(await focusedNode(cdp))})`);
  };
  return { page, cdp, key, waitFocus, tabTo };
}

// From the page's start by keys: into the lesson's text version and its first step, ready to go on.
async function startLessonByKeyboard({ key, waitFocus, tabTo }) {
  await key('Tab');
  await tabTo((n) => n.role === 'button' && n.name === 'Start the guided lesson', 'the lesson\'s start', 3);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Step 1 of 14:'), 'step 1\'s heading');
}

test('a11y lesson: keyboard only, through the accessibility tree, all 14 steps, every question right, 16 of 16', async () => {
  const { page, cdp, key, waitFocus, tabTo } = await keyboardSession(`${server.url}/index.html`);

  // From the page's start: the drawing, then the lesson's text version.
  await key('Tab');
  await waitFocus((n) => n.role === 'application', 'the drawing to take the focus');
  await tabTo((n) => n.role === 'button' && n.name === 'Start the guided lesson', 'the lesson\'s start');
  await saveArtifact('a11y-lesson-start-1366.png', await page.screenshot());
  await key('Enter');
  let right = 0;
  let lastFeedback = null;
  for (let step = 1; step <= STEPS; ++step) {
    await waitFocus((n) => n.role === 'heading' && n.name.startsWith(`Step ${step} of ${STEPS}:`),
                    `step ${step}'s heading to take the focus`);
    const questions = questionsOf(step);
    for (const [k, q] of questions.entries()) {
      const group = await waitUntil(async () => (await axNodes(cdp)).find((n) => n.role === 'group' && n.name.endsWith(q.prompt)),
                                    `step ${step}'s question ${k + 1} ("${q.prompt}") as a group`);
      assert.match(group.name, /^Predict/);
      const names = (await axNodes(cdp)).filter((n) => n.role === 'radio').map((n) => n.name);
      assert.deepEqual(names, q.choices, `step ${step}: the choices are the core's`);
      if (step === 4) {
        // The step's alignment table, with its reading column covered until the answer.
        const cells = (await axNodes(cdp)).filter((n) => n.role === 'cell').map((n) => n.name);
        assert.ok(cells.length >= 9 && cells.some((c) => c.startsWith('? (answer')), `step 4's table, covered: ${cells.slice(0, 6)}`);
      }
      if (step === 6) {
        // The robustness lab's two softmaxes, the hand-written one covered while it is asked about.
        const nodes = await axNodes(cdp);
        assert.ok(nodes.some((n) => n.role === 'columnheader' && n.name === 'naive'), 'step 6\'s table has its columns');
        assert.ok(nodes.filter((n) => n.role === 'cell' && n.name === '?').length >= 6, 'its naive columns covered');
        assert.ok(nodes.some((n) => n.role === 'button' && n.name === 'Scale the scores ×80'), 'and the multiplier\'s presets');
      }
      // Before Reveal nothing read out states the answer.
      assert.ok(!(await axNodes(cdp)).some((n) => n.name.includes(q.answer)), `step ${step}: "${q.answer}" waits for Reveal`);
      // From the heading, past "Go to the numbers and settings" and the query position; a next
      // question brings the focus itself. (Step 6's table has the multiplier's three presets
      // before the question.)
      if (k === 0) await tabTo((n) => n.role === 'radio', `step ${step}'s choices`, step === 6 ? 6 : 3);
      await waitFocus((n) => n.role === 'radio' && n.name === q.choices[0], `step ${step}'s first choice`);
      if (step === 1) {
        // Step 1 asks which token a position picks: the query control names positions only.
        // (Both text versions have one: the lesson's, then the numbers'. The page's language menu
        // names its languages, not positions.)
        const languages = Object.values(await page.evaluate(() => window.attention.language().languages));
        const options = (await axNodes(cdp)).filter((n) => (n.role === 'option' || n.role === 'MenuListOption') &&
                                                           !languages.includes(n.name)).map((n) => n.name);
        assert.deepEqual(options.slice(0, 3), ['0', '1', '2'], 'positions only while asked');
        assert.equal(options.filter((o) => /^\d+$/.test(o)).length, 9, 'in both query controls and the embedding editor\'s tokens');
        assert.ok(!options.some((o) => /^\d+: /.test(o)), `no option names a token: ${options}`);
      }
      if (q.right === 0) await key('Space');
      for (let i = 0; i < q.right; ++i) await key('ArrowDown');
      await waitFocus((n) => n.role === 'radio' && n.name === q.choices[q.right] && n.checked === 'true',
                      `"${q.choices[q.right]}" chosen, and the focus on it`);
      await key('Tab');
      await waitFocus((n) => n.role === 'button' && n.name === 'Reveal', 'Reveal, the next stop after the choices');
      if (step === 3 && k === 0) await saveArtifact('a11y-lesson-question-1366.png', await page.screenshot());
      await key('Enter');
      // The focus moves to the feedback, which a screen reader reads: the verdict names it.
      const feedback = await waitFocus((n) => n.role === 'group' && n.name === 'Right.', `step ${step}: the focus on the feedback "Right."`);
      // Described by the answer and its reason, so reading the focused group says why.
      assert.ok(feedback.description.includes(q.answer), `step ${step}: the feedback describes the answer: ${feedback.description}`);
      lastFeedback = feedback;
      ++right;
      if (k + 1 < questions.length) {
        await key('Tab');
        await waitFocus((n) => n.role === 'button' && n.name.startsWith('Next question'), 'the next question\'s button');
        await key('Enter');
      }
    }
    if (step < STEPS) {
      await tabTo((n) => n.role === 'button' && n.name === 'Next step →', 'Next step, past Back', 2);
      await key('Enter');
    }
  }
  assert.equal(right, 16);
  const summary = await waitUntil(async () => (await axNodes(cdp)).find((n) => n.name.startsWith('Your predictions:')),
                                  'the wrap-up');
  assert.match(summary.name, /16 right of 16 answered/);
  // The last Reveal took the focus to its feedback, which says the wrap-up's score after the
  // answer: one utterance, with no status line talking over it.
  assert.match(lastFeedback.description, /Wrap-up: .*16 right of 16 answered/, 'the focused feedback says the score');
  assert.ok(!(await page.evaluate(() => window.__said.some((t) => /right of 16 answered/.test(t)))),
            'the score is not said a second time through the status line');
  await saveArtifact('a11y-lesson-wrap-up-1366.png', await page.screenshot());
  // The lesson after the chapter, a link a screen reader lists: this page with lesson=generation.
  const next = (await axNodes(cdp)).find((n) => n.role === 'link' && n.name.startsWith('Next lesson'));
  assert.ok(next, 'the wrap-up links to the lesson after the chapter');
  assert.match(await page.evaluate(() => document.getElementById('lesson-reader-next-lesson').href), /[?&]lesson=generation(&|$)/);
  const status = await page.evaluate(() => window.attention.lessonStatus());
  assert.deepEqual([status.progress.score, status.progress.questions, status.progress.complete], [16, 16, true]);
  assert.deepEqual(await refusals(page), [], 'no action of the walk was refused');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: in the drawing Enter presses a button as Space does, and Enter in a field still applies it', async () => {
  // The lesson band is the first thing the arrows reach: Down focuses it, Space or Enter goes in,
  // Right moves to its second button, Practice.
  for (const press of ['Space', 'Enter']) {
    const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
    await page.locator('#canvas').focus();
    for (const key of ['ArrowDown', press, 'ArrowRight', press]) await settleAfter(page, () => page.keyboard.press(key), key);
    assert.equal((await page.evaluate(() => window.attention.getState())).lesson.mode, 'practice', `${press} pressed Practice`);
    await page.context().close();
  }
  // In a field, Enter ends the edit and applies the value; it does not open the field again.
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  const field = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'query:input');
  assert.ok(field, 'the query position field is on screen');
  await settleAfter(page, () => page.mouse.click(field.x + field.w / 2, field.y + field.h / 2), 'a click on the field');
  await settleAfter(page, () => page.keyboard.press('Control+A'), 'select all');
  await settleAfter(page, () => page.keyboard.type('3'), 'typing 3');
  // Held over several frames: the press began in the field, so it only ends the edit.
  await settleAfter(page, () => page.keyboard.down('Enter'), 'Enter down');
  await settleAfter(page, () => page.evaluate(() => window.attention.wake()), 'a frame with Enter held');
  await settleAfter(page, () => page.keyboard.up('Enter'), 'Enter up');
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 3, 'Enter applied the typed position');
  await waitUntil(() => page.evaluate(() => !window.attention.stats().text_input), 'the field to stop taking text',
                  { describe: () => page.evaluate(() => JSON.stringify(window.attention.stats())) });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: in the drawing the arrow keys stay on the step (they move between controls); n moves on', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=3`, { viewport: { width: 1366, height: 768 } });
  await page.locator('#canvas').focus();
  const step = async () => (await page.evaluate(() => window.attention.getState())).step;
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight']) await settleAfter(page, () => page.keyboard.press(key), key);
  assert.equal(await step(), 3, 'the arrows moved no step');
  await settleAfter(page, () => page.keyboard.press('n'), 'n');
  await waitUntil(async () => (await step()) !== 3, 'n to move on a step');
  assert.equal(await step(), 4);
  // The text version's status line says where n led (the focus is in the drawing, not on its heading).
  await waitUntil(() => page.evaluate(() => document.getElementById('announcer').textContent.startsWith('Step 4 of 14:')),
                  'the new step to be announced', { describe: () => page.evaluate(() => document.getElementById('announcer').textContent) });
  // ... then, added to the same line, where the keyboard's focus went: the step's first choice.
  const view = await page.evaluate(() => window.attention.lessonView());
  const line = `${view.indicator}: ${view.title}. Predict: ${view.question.prompt} ${view.question.choices[0]}, not checked, 1 of ${view.question.choices.length}`;
  await waitUntil(() => page.evaluate((l) => document.getElementById('announcer').textContent === l, line),
                  `the line "${line}": the step, then the focus on its first choice`,
                  { describe: () => page.evaluate(() => document.getElementById('announcer').textContent) });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The drawing has a button per step; the text version had only Back and Next (a walk: "no way to
// jump to a step"). A menu of the steps by title, then Go: the arrows in the menu move no step.
test('a11y lesson: keyboard only, Go to step takes the learner to any step by its title', async () => {
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, cdp, key, waitFocus, tabTo } = session;
  await startLessonByKeyboard(session);
  const menu = await tabTo((n) => n.role === 'combobox' && n.name === 'Go to step', 'the steps\' menu', 20);
  const options = (await axNodes(cdp)).filter((n) => (n.role === 'option' || n.role === 'MenuListOption') && n.name.startsWith('Step '));
  assert.equal(options.length, STEPS, `one option a step: ${options.map((o) => o.name)}`);
  assert.match(menu.value ?? options[0].name, /^Step 1: /);
  for (let k = 0; k < 8; ++k) await key('ArrowDown');
  await waitUntil(() => page.evaluate(() => document.getElementById('lesson-reader-go-step').value === '9'), 'step 9 picked in the menu');
  assert.equal((await page.evaluate(() => window.attention.getState())).step, 1, 'the arrows in the menu moved no step');
  await key('Tab');
  await waitFocus((n) => n.role === 'button' && n.name === 'Go', 'Go, after the menu');
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith(`Step 9 of ${STEPS}:`), 'step 9\'s heading to take the focus');
  assert.equal((await page.evaluate(() => window.attention.getState())).step, 9);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: Reveal before a choice is a stop that says what it waits for', async () => {
  // It was disabled, so Tab went past it, and its hint came only in browse mode.
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, key, waitFocus, tabTo } = session;
  await startLessonByKeyboard(session);
  await tabTo((n) => n.role === 'radio', 'step 1\'s choices', 4);
  await key('Tab');
  const reveal = await waitFocus((n) => n.role === 'button' && n.name === 'Reveal', 'Reveal, reached before a choice');
  assert.equal(reveal.disabled, true, 'announced as unavailable');
  assert.match(reveal.description, /^Pick an answer first/, 'described by why');
  await key('Enter');
  await waitUntil(() => page.evaluate(() => document.getElementById('announcer').textContent.startsWith('Pick an answer first')),
                  'pressed, it says why again');
  assert.equal((await page.evaluate(() => window.attention.lessonStatus())).revealed, false, 'nothing revealed');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: started by the keyboard in the drawing, announced, the focus on its first choice, not lost', async () => {
  // Space on the drawn "Lesson" tab: the lesson began, unsaid, and the focus went with the button
  // that gave way to Leave, so the next Space left the lesson.
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  // The lesson's file held back, as on a slow connection or a busy machine: the focus waits for
  // the step's choices, however many frames "Loading the lesson" takes.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/lessons/en/chapter-3.json', async (route) => { await held; await route.continue(); });
  await page.locator('#canvas').focus();
  // Down to the band, Space into it (its first control, the Lesson tab), Space on the tab.
  for (const key of ['ArrowDown', 'Space']) await settleAfter(page, () => page.keyboard.press(key), key);
  await page.keyboard.press('Space');  // (the page cannot settle while its lesson is held)
  await waitFor(page, () => window.attention.stats().lesson_loading || null, null, 'the lesson\'s file to be asked for');
  const passesThen = (await page.evaluate(() => window.attention.stats())).passes;
  for (let k = 1; k <= 8; ++k) {  // the pointer moving over the drawing: passes of the interface each
    await page.mouse.move(600 + 10 * k, 600);
    await waitFor(page, (n) => window.attention.stats().passes > n || null, passesThen + k, 'a pass while the file is held');
  }
  release();
  await waitUntil(() => page.evaluate(() => document.getElementById('announcer').textContent.startsWith('Step 1 of 14:')),
                  'the first step to be announced', { describe: () => page.evaluate(() => document.getElementById('announcer').textContent) });
  assert.equal(await page.evaluate(() => document.activeElement.id), 'canvas', 'the focus stays in the drawing');
  // The highlight on the step's first choice, drawn where it is.
  const focusOn = async (name) => {
    const items = await page.evaluate(() => window.attention.layout());
    const focus = items.find((l) => l.name === 'focus'), item = items.find((l) => l.name === name);
    return !!focus && !!item && Math.abs(focus.x - item.x) < 8 && Math.abs(focus.y - item.y) < 8;
  };
  await waitUntil(() => focusOn('lesson:choice:0'), 'the keyboard\'s focus on the first choice',
                  { describe: () => page.evaluate(() => JSON.stringify(window.attention.layout().find((l) => l.name === 'focus'))) });
  await saveArtifact('a11y-lesson-keyboard-start-1366.png', await page.screenshot());
  // Space picks it: the learner is still in the lesson, with an answer.
  await settleAfter(page, () => page.keyboard.press('Space'), 'Space');
  let state = await page.evaluate(() => window.attention.getState());
  assert.deepEqual([state.step, state.lesson.answer], [1, 0], 'Space chose the first choice, and the lesson goes on');
  // n to the next step: the focus follows to its first choice.
  await settleAfter(page, () => page.keyboard.press('n'), 'n');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).step === 2, 'step 2');
  await waitUntil(() => focusOn('lesson:choice:0'), 'the focus on step 2\'s first choice');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: Start pressed in browse mode, without the focus on it: the focus goes to step 1\'s heading', async () => {
  // A screen reader's virtual cursor can press a button without focusing it (element.click()):
  // the lesson began, and the focus stayed on the page's start, unsaid.
  const { page, cdp, waitFocus } = await keyboardSession(`${server.url}/index.html`);
  await page.locator('#lesson-reader-body button[data-focus="start"]').waitFor({ state: 'attached' });
  assert.equal(await page.evaluate(() => document.activeElement === document.body), true, 'nothing focused yet');
  await page.evaluate(() => document.querySelector('#lesson-reader-body button[data-focus="start"]').click());
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Step 1 of 14:'), 'step 1\'s heading to take the focus');
  // Reveal pressed the same way, on a choice made the same way: the feedback takes the focus.
  await page.evaluate(() => document.querySelector('#lesson-reader-body input[name="lesson-reader-choice"]').click());
  await page.evaluate(() => document.activeElement.blur());
  await page.evaluate(() => document.querySelector('#lesson-reader-body button[data-focus="reveal"]').click());
  await waitUntil(() => page.evaluate(() => document.activeElement?.id === 'lesson-reader-feedback'), 'the feedback to take the focus');
  assert.deepEqual(await refusals(page), []);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: axe-core finds no violation with the lesson\'s text version open on a question', async () => {
  // bypassCSP: the page's policy allows no inline script, and axe-core comes in as one.
  const page = await openSettled(browser, `${server.url}/index.html#step=3`,
                                 { viewport: { width: 1366, height: 768 }, bypassCSP: true });
  await page.locator('#lesson-reader-body').waitFor({ state: 'attached' });
  await waitUntil(() => page.evaluate(() => !!document.querySelector('#lesson-reader input[type="radio"]')),
                  'the question in the text version');
  await page.locator('#lesson-reader input[type="radio"]').first().focus();  // opens the panel
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axe });
  const audit = async (when) => {
    const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }));
    const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    assert.deepEqual(found, [], `axe-core violations ${when}`);
    const ran = result.passes.map((r) => r.id);
    for (const rule of ['color-contrast', 'label', 'button-name', 'aria-allowed-attr', 'list'])
      if (!result.inapplicable.some((r) => r.id === rule)) assert.ok(ran.includes(rule), `axe-core ran ${rule} ${when}`);
    assert.ok(ran.includes('color-contrast'), `the panel's text was checked for contrast ${when}`);
  };
  assert.ok(await page.evaluate(() => document.getElementById('lesson-reader').getBoundingClientRect().height > 100),
            'with the focus in it the text version is on screen');
  await audit('on the open question');
  await saveArtifact('a11y-lesson-panel-1366.png', await page.screenshot());
  // A wrong answer revealed ("2" scores for 3 tokens), its feedback in view.
  await page.locator('#lesson-reader').getByRole('radio', { name: '2', exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await waitUntil(() => page.evaluate(() => document.activeElement?.id === 'lesson-reader-feedback'), 'the feedback to take the focus');
  assert.match(await page.locator('#lesson-reader-verdict').textContent(), /^Not quite\./);
  await audit('on the revealed wrong answer');
  // A mouse user's click on the panel's text keeps it open; a click on the drawing closes it.
  const shown = () => page.evaluate(() => document.getElementById('lesson-reader').getBoundingClientRect().height > 100);
  const text = await page.locator('#lesson-reader .lesson-line').first().boundingBox();
  await page.mouse.click(text.x + 20, text.y + text.height / 2);
  assert.ok(await shown(), 'a click on its text keeps the panel open');
  await page.mouse.click(600, 150);
  await waitUntil(async () => !(await shown()), 'a click on the drawing to close the panel');
  await page.context().close();
});

// A setting changed outside the lesson (the numbers' text version, a link) that takes the step's
// questions away is said; giving them back does not say an old verdict again as if it were news.
test('a11y lesson: questions a setting takes away are said to be gone; back, their old verdict is not said again', async () => {
  const { page, key, waitFocus, tabTo } = await keyboardSession(`${server.url}/index.html?lesson=generation#step=3`);
  const intent = (action, value = 0) => page.evaluate(([a, v]) => window.attention.lessonIntent(a, v), [action, value]);
  await waitUntil(async () => ((await page.evaluate(() => window.attention.lessonView())).question ? true : null), 'step 3\'s question');
  // The step watches the classes panel: its numbers and settings are one stop away by keyboard.
  await key('Tab');
  await tabTo((n) => n.role === 'button' && n.name === 'Go to the numbers and settings', 'the way to the numbers', 12);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name === 'Numbers and settings, text version', 'the numbers\' heading');
  await tabTo((n) => n.role === 'combobox' && n.name === 'Query position', 'their first setting', 3);
  for (let q = 0; q < 2; ++q) {
    if (q > 0) await intent('next-question');
    await intent('choose', 0);
    await intent('reveal');
  }
  await waitUntil(() => page.evaluate(() => window.__said.some((t) => /^(Right|Not quite)\./.test(t))), 'the second verdict said');
  const before = await page.evaluate(() => window.__said.length);
  await settleAfter(page, () => page.evaluate(() => window.attention.applyLink('#window=9')), 'a window wider than the sentence');
  await waitUntil(() => page.evaluate(() => window.__said.some((t) => /questions need what the step sets up/.test(t))),
                  'the questions said to be gone');
  await settleAfter(page, () => page.evaluate(() => window.attention.applyLink('#window=3')), 'the window back');
  assert.ok((await page.evaluate(() => window.attention.lessonView())).question.revealed, 'the question back, answered');
  const since = await page.evaluate((n) => window.__said.slice(n), before);
  assert.ok(!since.some((t) => /^(Right|Not quite)\./.test(t)), `no old verdict said again: ${JSON.stringify(since)}`);
  await page.context().close();
});

// An accessibility review heard the numbers read out on a page opened at a step (#step=3), and
// after Start at 320 px, though the learner had edited nothing: the step's set-up is no edit (its
// heading says what happened). The numbers are said once, after the learner's own edit.
test('a11y lesson: a page opened at a step says no numbers; the learner\'s own edit does, once', async () => {
  const session = await keyboardSession(`${server.url}/index.html#step=3`);
  const { page, key, tabTo } = session;
  await waitUntil(async () => ((await page.evaluate(() => window.attention.lessonView())).loaded ? true : null), 'the lesson\'s file');
  // Longer than the pause after which a burst's numbers are said (NUMBERS_QUIET_MS, 1 s): any
  // announcement of the set-up's burst has been made by now. (Under load it may come later and
  // merge with the edit's burst: then this test passes without proving anything, never fails wrongly.)
  await sleep(2500);
  await page.locator('#lesson-reader-body h3').first().focus();
  await tabTo((n) => n.role === 'combobox' && n.name === 'Query position', 'the query position', 12);
  await key('ArrowUp');
  await waitUntil(() => page.evaluate(() => window.__said.some((t) => t.startsWith('Query: "token 0"'))), 'the edit\'s numbers said');
  const numbers = await page.evaluate(() => window.__said.filter((t) => t.startsWith('Query: ')));
  assert.deepEqual(numbers.map((t) => t.slice(0, 17)), ['Query: "token 0",'], 'the numbers said once, after the edit');
  await page.context().close();
});

// In Practice an edit (another query) changes the exercise's task: the task is said, not the
// attention numbers around it.
test('a11y lesson: in Practice another query says the exercise\'s new task', async () => {
  const { page } = await keyboardSession(`${server.url}/index.html?lesson=generation`);
  await settleAfter(page, () => page.evaluate(() => window.attention.lessonIntent('start')), 'Start');
  await waitUntil(async () => ((await page.evaluate(() => window.attention.lessonView())).loaded ? true : null), 'the lesson\'s file');
  await settleAfter(page, () => page.evaluate(() => window.attention.lessonIntent('practice', 4)), 'exercise 5');
  const task = await waitUntil(async () => (await page.evaluate(() => window.attention.lessonView())).practice?.task || null, 'its task');
  await settleAfter(page, () => page.evaluate(() => window.attention.applyLink('#query=3')), 'another query');
  const now = await page.evaluate(() => window.attention.lessonView().practice.task);
  assert.notEqual(now, task, 'the task asks about another token');
  await waitUntil(() => page.evaluate((t) => window.__said.some((s) => s.startsWith(t)), now), 'the new task said');
  assert.ok(!(await page.evaluate(() => window.__said.some((s) => /Weights \(softmax\)/.test(s)))), 'not the numbers');
  await page.context().close();
});

// Practice and Debug this come with their own script, fetched when a lesson starts. Refused by the
// server, the text version says so where Practice would be; back to the lesson and Practice again
// fetches it again.
test('a11y lesson: Practice whose script could not be fetched says so, and going back and again fetches it', async () => {
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, cdp, key, waitFocus, tabTo } = session;
  let refuse = true;
  await page.route('**/attention-lesson-reader-practice.js',
                   (route) => (refuse ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  await startLessonByKeyboard(session);
  await tabTo((n) => n.role === 'button' && n.name === 'Practice', 'Practice, in the lesson\'s navigation', 12);
  await key('Enter');
  await waitUntil(async () => (await axNodes(cdp)).find((n) => /could not be fetched: go back to the lesson/.test(n.name)),
                  'the text version to say Practice could not be fetched');
  refuse = false;
  await tabTo((n) => n.role === 'button' && n.name === 'Back to the guided lesson', 'back to the lesson', 12);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Step '), 'the step\'s heading');
  await tabTo((n) => n.role === 'button' && n.name === 'Practice', 'Practice again', 30);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Practice: '), 'the exercise\'s heading, fetched this time');
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource.*503/.test(p)), []);
  await page.context().close();
});

// A step's parts come with their own script, fetched when a lesson starts (the first view runs
// none). Slow, the step's heading still takes the focus when it arrives; refused, the text version
// says how to fetch it again, and leaving and starting again does.
test('a11y lesson: a step whose script is slow or refused: the heading takes the focus once it is here, or it says how to get it', async () => {
  {
    const session = await keyboardSession(`${server.url}/index.html`);
    let release;
    const held = new Promise((resolve) => { release = resolve; });
    await session.page.route('**/attention-lesson-reader-steps.js', async (route) => { await held; await route.continue(); });
    await session.key('Tab');
    await session.tabTo((n) => n.role === 'button' && n.name === 'Start the guided lesson', 'the lesson\'s start', 3);
    await session.key('Enter');
    await waitUntil(async () => (await axNodes(session.cdp)).find((n) => n.name === 'This part of the lesson is on its way…'),
                    'the text version to say the step is on its way');
    release();
    await session.waitFocus((n) => n.role === 'heading' && n.name.startsWith('Step 1 of 14:'), 'step 1\'s heading, once its script is here');
    assert.deepEqual(session.page.problems, []);
    await session.page.context().close();
  }
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, cdp, key, waitFocus, tabTo } = session;
  let refuse = true;
  await page.route('**/attention-lesson-reader-steps.js',
                   (route) => (refuse ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  await key('Tab');
  await tabTo((n) => n.role === 'button' && n.name === 'Start the guided lesson', 'the lesson\'s start', 3);
  await key('Enter');
  await waitUntil(async () => (await axNodes(cdp)).find((n) => /could not be fetched: leave the lesson and start it again/.test(n.name)),
                  'the text version to say the step could not be fetched');
  refuse = false;
  await tabTo((n) => n.role === 'button' && n.name === 'Leave the lesson', 'Leave', 12);
  await key('Enter');
  await waitFocus((n) => n.role === 'button' && /guided lesson/.test(n.name), 'the way back into the lesson');
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Step 1 of 14:'), 'step 1\'s heading, fetched this time');
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource.*503/.test(p)), []);
  await page.context().close();
});

test('a11y lesson: Practice by keyboard in the text version: predict, type the scores, Check, hear the verdict', async () => {
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, cdp, key, waitFocus, tabTo } = session;
  await startLessonByKeyboard(session);
  await tabTo((n) => n.role === 'button' && n.name === 'Practice', 'Practice, in the lesson\'s navigation', 12);
  await key('Enter');
  const heading = await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Practice: '), 'the exercise\'s heading');
  const nodes = await axNodes(cdp);
  assert.ok(nodes.some((n) => n.role === 'button' && n.name === heading.name.replace('Practice: ', '1. ')),
            'the exercises are buttons, the first one named as the heading');
  assert.ok(!nodes.some((n) => n.role === 'textbox' && /^your /.test(n.name)), 'no answer field before a prediction');
  // The task: make the third token, [0, 1], the query (the query position control), predict the
  // largest score, type the three scores.
  await tabTo((n) => n.role === 'combobox' && n.name === 'Query position', 'the query position', 8);
  await key('ArrowDown');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).query === 2, 'the query at position 2');
  await waitFocus((n) => n.role === 'combobox', 'the focus kept on the query position');
  await key('Tab');
  await waitFocus((n) => n.role === 'radio' && n.name === 'token 0', 'the prediction\'s first token');
  await key('ArrowDown');
  await waitFocus((n) => n.role === 'radio' && n.name === 'token 1' && n.checked === 'true', '"token 1" predicted');
  await key('Tab');
  await waitFocus((n) => n.role === 'textbox' && n.name === 'your scores', 'the answer field, labelled');
  // An entry that is no number: the field is marked invalid, described by the reason, which is in
  // view (the panel scrolls to it, not leaving it under its foot).
  await page.keyboard.type('0 2 x');
  await key('Enter');
  const field = await waitFocus((n) => n.role === 'textbox' && n.invalid, 'the field marked invalid');
  assert.match(field.description, /"x" \(entry 2\) is not a number/);  // entries numbered as positions, from 0
  const inView = () => page.evaluate(() => {
    const box = document.getElementById('lesson-reader-verdict').getBoundingClientRect();
    const panel = document.getElementById('lesson-reader').getBoundingClientRect();
    return box.height > 0 && box.top >= Math.max(0, panel.top) && box.bottom <= Math.min(innerHeight, panel.bottom) + 1;
  });
  await waitUntil(inView, 'the verdict scrolled into view');
  // A wrong entry next: the core names it; a number, so the field is not invalid.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0 3 1');
  await key('Enter');
  await waitUntil(async () => (await axNodes(cdp)).some((n) => /entry 1 wrong/.test(n.name)), 'entry 1 named wrong',
                  { describe: async () => JSON.stringify(await page.evaluate(() => window.attention.lessonView().practice.message)) });
  await waitFocus((n) => n.role === 'textbox' && !n.invalid, 'the focus kept on the field, no longer marked invalid');
  // Then the right one, with a Chinese keyboard's commas (the field takes an IME's text): Enter
  // checks it, and the verdict is announced and read.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0\uFF0C2\uFF0C1');
  await key('Enter');
  const said = await waitUntil(async () => {
    const text = await page.evaluate(() => document.getElementById('announcer').textContent);
    return text.startsWith('All 3 scores are right') ? text : null;
  }, 'the verdict announced');
  assert.match(said, /You predicted "token 1"; the largest score is "token 1"'s, 2/);
  assert.ok((await axNodes(cdp)).some((n) => n.name.startsWith('All 3 scores are right')), 'and in the text');
  const status = await page.evaluate(() => window.attention.lessonStatus());
  assert.equal(status.mode, 'practice');
  assert.deepEqual(await refusals(page), [], 'no action was refused');
  await saveArtifact('a11y-practice-1366.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// Show the answer, by keyboard: the answer is said (the panels show it, a screen reader hears it),
// and the page's summary of the numbers stops saying the weights are hidden.
test('a11y lesson: Practice\'s Show the answer says the values, and the numbers\' summary uncovers them', async () => {
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, key, waitFocus, tabTo } = session;
  await startLessonByKeyboard(session);
  await tabTo((n) => n.role === 'button' && n.name === 'Practice', 'Practice, in the lesson\'s navigation', 12);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Practice: '), 'the exercise\'s heading');
  await tabTo((n) => n.role === 'button' && n.name === '2. Softmax by hand', 'the second exercise', 12);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name === 'Practice: Softmax by hand', 'its heading');
  const summary = () => page.evaluate(() => document.getElementById('summary').textContent);
  await waitUntil(async () => /hidden until you solve the exercise|solve the exercise/.test(await summary()) || null,
                  'the summary covering the weights while the exercise is open');
  await tabTo((n) => n.role === 'button' && n.name === 'Show the answer', 'Show the answer', 12);
  await key('Enter');
  const said = await waitUntil(async () => {
    const text = await page.evaluate(() => document.getElementById('announcer').textContent);
    return /0\.9362/.test(text) ? text : null;
  }, 'the answer announced with its values');
  assert.match(said, /The answer: \[0\.0171, 0\.9362, 0\.0466\]/);
  await waitUntil(async () => /0\.94/.test(await summary()) || null, 'the summary giving the weights',
                  { describe: async () => `#summary: ${await summary()}` });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: Debug this by keyboard in the text version: judge each printed value until the bug is found', async () => {
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, cdp, key, waitFocus, tabTo } = session;
  await startLessonByKeyboard(session);
  await tabTo((n) => n.role === 'button' && n.name === 'Debug this', 'Debug this, in the lesson\'s navigation', 14);
  await key('Enter');
  // The heading names the bug planted; the trace's judgment is the next stop after it.
  await waitFocus((n) => n.role === 'heading' && n.name === 'Debug this: A wrong score list', 'Debug this\'s heading, naming the bug');
  const bugs = (await axNodes(cdp)).filter((n) => n.role === 'button' && /^(A wrong score list|Scores in odd places|Heads too flat)$/.test(n.name));
  assert.equal(bugs.length, 3, 'the bugs are buttons named by what they do');
  // The planted program, its bug not marked yet.
  const marked = async () => (await axNodes(cdp)).some((n) => n.role === 'StaticText' && n.name === 'the bug: ');
  assert.ok((await axNodes(cdp)).some((n) => n.role === 'list' && n.name === 'The program, with the bug planted'), 'the program as a list');
  assert.ok(!(await marked()), 'the buggy line waits for the trace');
  // Judge every printed value "As it should be": at the first one that differs a second look is
  // asked for (said, the focus kept on the judgment), then the walk ends there.
  await tabTo((n) => n.role === 'button' && n.name === 'As it should be', 'the first judgment', 1);
  const judge = (await axNodes(cdp)).find((n) => n.role === 'group' && n.name.startsWith('Step 1, '));
  assert.ok(judge && judge.description.length > 0, `the judgment's group is described by the value it asks about: ${JSON.stringify(judge)}`);
  let judged = 0, lookedAgain = false;
  for (; judged < 12; ++judged) {
    const before = await page.evaluate(() => window.attention.lessonStatus());
    await key('Enter');
    const outcome = await waitUntil(async () => {
      if (!lookedAgain && await page.evaluate(() => !!document.getElementById('lesson-reader-look-again'))) return 'look again';
      return (await page.evaluate(() => window.attention.lessonStatus())).record !== before.record ? 'recorded' : null;
    }, 'the judgment recorded, or a second look asked for');
    if (outcome === 'look again') {
      lookedAgain = true;
      await waitUntil(async () => (await page.evaluate(() => document.getElementById('announcer').textContent))
        .startsWith('Not quite. Before you judge again') || null, 'the second look announced');
      assert.ok(!(await page.evaluate(() => !!document.getElementById('lesson-reader-found'))), 'nothing found yet');
      await waitFocus((n) => n.role === 'button' && n.name === 'As it should be', 'the focus kept on the judgment');
      continue;
    }
    const found = await page.evaluate(() => !!document.getElementById('lesson-reader-found'));
    if (found) break;
    await waitFocus((n) => n.role === 'button' && n.name === 'As it should be', 'the focus kept on the next judgment');
  }
  assert.ok(lookedAgain, 'the first wrong value got a second look');
  const found = await waitFocus((n) => n.name.startsWith('First divergence: step'), 'the found bug, read where the focus is');
  assert.match(found.name, /Everything after it inherits the error/);
  const said = await waitUntil(async () => {
    const text = await page.evaluate(() => document.getElementById('announcer').textContent);
    return text.startsWith('Not quite: you said it was as it should be, and it differs.') ? text : null;
  }, 'the last judgment\'s verdict announced');
  assert.match(said, /expected/);
  assert.ok(await marked(), 'the buggy line is marked');
  assert.ok((await axNodes(cdp)).some((n) => n.name.startsWith('fix: ')), 'with its fix');
  assert.deepEqual(await refusals(page), [], 'no action was refused');
  await saveArtifact('a11y-debug-1366.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: back to an answered step by keyboard, it is read as it was left: the choice, the verdict and why', async () => {
  const session = await keyboardSession(`${server.url}/index.html`);
  const { page, cdp, key, waitFocus, tabTo } = session;
  await startLessonByKeyboard(session);
  const q = questionsOf(1)[0];
  const wrong = q.right === 0 ? 1 : 0;
  await tabTo((n) => n.role === 'radio', 'the first choice', 20);
  if (wrong === 0) await key('Space');
  for (let i = 0; i < wrong; ++i) await key('ArrowDown');
  await waitFocus((n) => n.role === 'radio' && n.name === q.choices[wrong] && n.checked === 'true', 'a wrong choice picked');
  await key('Tab');
  await key('Enter');
  await waitFocus((n) => n.role === 'group' && n.name === 'Not quite.', 'the feedback');
  await tabTo((n) => n.role === 'button' && n.name === 'Next step →', 'Next step', 6);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Step 2 of 14:'), 'step 2\'s heading');
  await tabTo((n) => n.role === 'button' && n.name === '← Back a step', 'Back', 30);
  await key('Enter');
  await waitFocus((n) => n.role === 'heading' && n.name.startsWith('Step 1 of 14:'), 'step 1\'s heading again');
  const nodes = await axNodes(cdp);
  const group = nodes.find((n) => n.role === 'group' && n.name === 'Not quite.');
  assert.ok(group, 'the verdict is there, not a fresh question');
  assert.ok(group.description.includes(q.answer), `and why: ${group.description}`);
  // The choice made, kept, and named so; the right one named so (the greyed-out radios no longer show it).
  assert.ok(nodes.some((n) => n.role === 'radio' && n.name === `${q.choices[wrong]} (your answer)` && n.checked === 'true' &&
                              n.disabled), 'the choice made, kept');
  assert.ok(nodes.some((n) => n.role === 'radio' && n.name === `${q.choices[q.right]} (right)` && n.checked !== 'true'),
            'the right choice, named');
  const status = await page.evaluate(() => window.attention.lessonStatus());
  assert.deepEqual([status.progress.answered, status.progress.score], [1, 0], 'coming back answered nothing again');
  assert.deepEqual(await refusals(page), []);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y lesson: step 6\'s multiplier presets in the text version scale the scores, as the band\'s do', async () => {
  const { page, cdp, key, tabTo } = await keyboardSession(`${server.url}/index.html#step=6`);
  await waitUntil(() => page.evaluate(() => !!document.querySelector('#lesson-reader [data-focus^="preset-"]')), 'the presets');
  await key('Tab');
  await tabTo((n) => n.role === 'button' && n.name === 'Scale the scores ×80', 'the ×80 preset', 40);
  await settleAfter(page, () => key('Enter'), 'the ×80 preset pressed');
  assert.equal((await page.evaluate(() => window.attention.getState())).lab_scale, 80);
  await waitUntil(() => page.evaluate(() => document.querySelector('#lesson-reader caption')?.textContent === 'The two softmaxes at scores × 80'),
                  'the table at × 80');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('data-focus')), 'preset-×80', 'the focus stays on it');
  // The one in use is pressed, and what the table now holds is said.
  await waitUntil(async () => (await focusedNode(cdp))?.pressed === 'true', 'the ×80 preset marked pressed');
  assert.ok((await axNodes(cdp)).some((n) => n.role === 'button' && n.name === 'Scale the scores ×1' && n.pressed === 'false'));
  await waitUntil(() => page.evaluate(() => window.__said.some((t) => t.startsWith('The two softmaxes at scores × 80'))),
                  'the table\'s caption said');
  assert.deepEqual(await refusals(page), []);
  await page.context().close();
});
