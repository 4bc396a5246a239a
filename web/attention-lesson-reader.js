// The guided lesson as HTML, for everyone the canvas leaves out: screen readers, keyboard users,
// axe-core and an accessibility review. It shows what the lesson band shows (the step, its text,
// the question as a radio group, Reveal, the verdict, Back / Next, the wrap-up, Practice, Debug
// this; a step's parts come with attention-lesson-reader-steps.js, Practice and Debug this with
// attention-lesson-reader-practice.js, when a lesson starts) from
// attention.lessonView(), which the C++ lesson engine writes with the same concealment as the band,
// and it acts through attention.lessonIntent(), the band's own path. Hidden until focus enters it;
// then it stands over the foot of the page as a panel with visible focus.
//
// Announcements go through one polite status line (#announcer): a step change, a verdict, and the
// numbers once after a burst of edits has ended, never once per frame of a drag.
(function () {
  'use strict';
  const api = window.attention;
  const shared = window.attentionTextVersion;
  const root = document.getElementById('lesson-reader');
  const body = document.getElementById('lesson-reader-body');
  if (!api || !shared || !root || !body) return;
  const { element, say, sayAfter } = shared;
  // The page's words in the demo's language, with values: phrase('Practice: {0}', title).
  const phrase = (english, ...values) => api.words(english, ...values);

  const NUMBERS_QUIET_MS = 1000;  // the numbers are announced once edits have paused this long

  let shown = '';       // the view last drawn, as its JSON
  let lastView = null;
  let announcedStep = '';
  let announcedVerdict = '';

  let actedInBurst = false;  // the learner acted here: the step or verdict says what changed
  // An action taken here without the focus here: a screen reader's browse mode can press a button
  // without focusing it. The drawing of the new step or question it leads to (at once, or once the
  // lesson's file is in, so for a few seconds) moves the focus as if it had been there (the new
  // step's heading, read from the top), instead of leaving it on the page's start, unsaid. Focus
  // taken anywhere meanwhile ends it.
  const ACTED_MS = 10000;
  let actedWithoutFocusUntil = 0;
  document.addEventListener('focusin', () => { actedWithoutFocusUntil = 0; });
  function send(action, value = 0, text = '') {
    let reply;
    try { reply = api.lessonIntent(action, value, text); } catch (e) { reply = { ok: false, error: e.message }; }
    if (!reply.ok) {
      // The API's reason is English: marked so, on a page in another language.
      const [before, after] = phrase('That did not work: {0}', '\u0000').split('\u0000');
      const reason = element('span', { lang: api.language().lang === 'en' ? false : 'en' });
      reason.textContent = reply.error;
      const node = element('span', {});
      node.append(before, reason, after || '');
      say(node);
    } else {
      actedInBurst = true;
      if (action === 'start-over') shared.lessonPractice?.forgetDraft();
    }
    actedWithoutFocusUntil = reply.ok && !root.contains(document.activeElement) ? performance.now() + ACTED_MS : 0;
    refresh();
    return reply;
  }

  function button(id, label, action, value, disabled) {
    return element('button', { type: 'button', 'data-focus': id, disabled: !!disabled, text: label,
                               onclick: () => send(action, value) });
  }

  const queryControl = () => shared.queryControl('lesson-reader-query', refresh);

  // What only a running lesson draws comes in two scripts, so the first view (which runs no
  // lesson) carries neither. A step (its words, question, wrap-up and the way between steps):
  // attention-lesson-reader-steps.js, fetched when a lesson starts, with the lesson's own files.
  // Practice and Debug this: attention-lesson-reader-practice.js, fetched once a lesson runs
  // (before the learner can open either). Each draws with the tools here.
  let stepsPending = false;  // the last drawing stood in for a step whose script was on its way
  const redraw = () => { shown = ''; refresh(); };
  const stepsScript = shared.lateScript('attention-lesson-reader-steps.js', () => !!shared.lessonSteps, redraw);
  const practiceScript = shared.lateScript('attention-lesson-reader-practice.js', () => !!shared.lessonPractice, redraw);
  const tools = { element, button, send, say, phrase, queryControl: () => queryControl(), view: () => lastView,
                  acted: () => { actedInBurst = true; }, refresh: () => refresh() };
  // While a part's script is on its way (or failed: the way back fetches it again), a line says
  // so in its place. True when it failed.
  function fetchLate(script) {
    const failed = script.state() === 'failed';
    if (failed) script.forget();  // the next drawing tries again
    else script.load();
    return failed;
  }
  const lateClass = (failed) => ({ class: failed ? 'wrong' : 'hint', role: 'status' });
  function practiceOrDebug(block, data) {
    if (shared.lessonPractice) return shared.lessonPractice[block](data, tools);
    const failed = fetchLate(practiceScript);
    return [element('p', { ...lateClass(failed),
                           text: failed ? 'This part of the lesson could not be fetched: go back to the lesson and come here again.'
                                        : 'This part of the lesson is on its way…' })];
  }

  function content(view) {
    if (!view.loaded && (view.in_lesson || view.waiting || view.load_error)) {
      if (!view.load_error) stepsScript.load();  // on its way with the lesson's files
      // A refused file's problems, one per line (docs/lessons.md): one paragraph each, in the
      // reader's English (marked so, for a screen reader's voice, on a page in another language).
      // Refused before the lesson began, the way on is Start again (the band's), not Leave.
      const [first, ...more] = (view.load_error || '').split('\n');
      const english = api.language().lang !== 'en' ? 'en' : false;
      const [before, after] = phrase('The lesson could not be loaded: {0}', '\u0000').split('\u0000');
      const refusedAtStart = view.load_error && !view.in_lesson;  // (still "waiting": the step it was to open)
      const onward = refusedAtStart ? button('start', 'Start the guided lesson', 'start')
        : button('leave', 'Leave the lesson', 'leave');
      if (!view.load_error) return [element('p', { text: 'Loading the lesson…' }), onward];
      return [element('p', {}, before, element('span', { lang: english, text: first }), after || ''),
              ...more.map((problem) => element('p', { lang: english, text: problem })), onward];
    }
    if (!view.in_lesson) {
      // Which lesson Start opens: the chapter, or the page's lesson= (its title once its file is
      // here, its file's name before: the file is fetched when the lesson starts), as the band says.
      const about = !view.file ? phrase('A guided lesson through chapter 3 of the book: predict each result, then see it computed on the numbers in the demo.')
        : view.loaded ? phrase('A guided lesson, "{0}": predict each result, then see it computed on the numbers in the demo.', view.lesson_title)
          : phrase('A guided lesson, {0}: predict each result, then see it computed on the numbers in the demo.', view.file);
      // The chapter's own page (not an embed) also leads to the lesson after it, as the band does.
      const after = !view.file && !api.pageOptions().embed && api.lessonLink('generation');
      return [element('p', { text: about }),
              // After Leave, "start" goes back to the step the learner left, and says so.
              view.resume > 0 ? button('start', phrase('Continue the guided lesson at step {0}', view.resume), 'start')
                              : button('start', 'Start the guided lesson', 'start'),
              after && element('p', {}, element('a', { id: 'lesson-reader-after-chapter', href: after, 'data-focus': 'after-chapter' },
                                                phrase('After chapter 3: the KV cache →')))];
    }
    if (view.mode === 'practice' && view.practice) {
      return [...practiceOrDebug('practiceBlock', view.practice),
              element('nav', { 'aria-label': 'Lesson' }, button('start', 'Back to the guided lesson', 'start'),
                      button('to-debug', 'Debug this', 'debug', 0), button('leave', 'Leave the lesson', 'leave'))];
    }
    if (view.mode === 'debug' && view.debug) {
      return [...practiceOrDebug('debugBlock', view.debug),
              element('nav', { 'aria-label': 'Lesson' }, button('start', 'Back to the guided lesson', 'start'),
                      button('to-practice', 'Practice', 'practice', -1), button('leave', 'Leave the lesson', 'leave'))];
    }
    practiceScript.load();  // a lesson runs: Practice and Debug this are a button away
    stepsPending = !shared.lessonSteps;
    if (!stepsPending) return shared.lessonSteps.stepBlock(view, tools);
    const failed = fetchLate(stepsScript);
    return [element('p', { ...lateClass(failed),
                           text: failed ? 'This part of the lesson could not be fetched: leave the lesson and start it again.'
                                        : 'This part of the lesson is on its way…' }),
            element('nav', { 'aria-label': 'Lesson' }, button('leave', 'Leave the lesson', 'leave'))];
  }

  // Only the choice changed: the radios and Reveal follow in place, so arrowing through the
  // choices keeps the focus where it is.
  function onlyChoiceChanged(before, after) {
    if (!before || !before.question || !after.question || after.question.revealed) return false;
    const strip = (v) => JSON.stringify({ ...v, question: { ...v.question, answer: 0 } });
    return strip(before) === strip(after);
  }

  function draw(view) {
    // The step's script arriving draws the step for the first time: a new step to the focus.
    const stepsArrived = stepsPending && !!shared.lessonSteps;
    if (!stepsArrived && onlyChoiceChanged(lastView, view)) {
      body.querySelectorAll('input[name="lesson-reader-choice"]').forEach((input, i) => {
        input.checked = view.question.answer === i;
      });
      const reveal = body.querySelector('[data-focus="reveal"]');
      if (reveal && view.question.answer >= 0) {
        reveal.removeAttribute('aria-disabled');
        reveal.removeAttribute('aria-describedby');
      }
      if (view.question.answer >= 0) body.querySelector('[data-role="pick"]')?.remove();
      return;
    }
    const focused = root.contains(document.activeElement) ? document.activeElement.getAttribute('data-focus') : null;
    const exercise = (v) => v && v.practice ? v.practice.current : v && v.debug ? 100 + (v.debug.bugs.find((b) => b.current)?.value ?? 0) : -1;
    const stepChanged = stepsArrived || !lastView || lastView.step !== view.step || lastView.mode !== view.mode ||
                        lastView.in_lesson !== view.in_lesson || exercise(lastView) !== exercise(view);
    if (exercise(lastView) !== exercise(view)) shared.lessonPractice?.forgetDraft();
    const question = (v) => v && v.question ? `${v.question.index}:${v.question.revealed}` : '';
    const questionChanged = !stepChanged && question(lastView) !== question(view);
    // A press without the focus here moves it only where a new step or question would take it;
    // a check's result is said where the learner is.
    const acted = performance.now() < actedWithoutFocusUntil && (stepChanged || questionChanged);
    const hadFocus = root.contains(document.activeElement) || acted;
    const judged = (v) => (v && v.debug ? v.debug.steps.length : -1);
    const newlyJudged = !stepChanged && judged(lastView) >= 0 && judged(view) > judged(lastView);
    body.replaceChildren(...content(view).filter(Boolean));
    // A new step watches other panels: where the open panel stands follows them.
    if (stepChanged && (root.classList.contains('open') || hadFocus)) shared.placeWhenDrawn(root);
    // A lesson file refused (at Start, or again after Start): said on the status line, so a learner
    // whose focus stays on the button hears why nothing began.
    if (view.load_error && (!lastView || lastView.load_error !== view.load_error)) {
      say(body.querySelector('p')?.textContent || view.load_error);
    }
    if (hadFocus) {
      // Focus is never dropped to the page's start. A new step: its heading, read from the top.
      // Else the same control if it is still there and usable; else (Reveal, once pressed) the
      // way on: the next question, the next step, the heading.
      const find = (selector) => body.querySelector(selector);
      const usable = (e) => e && !e.disabled ? e : null;
      // The step's next question: its first choice; a reveal: the feedback.
      const target = stepChanged ? find('#lesson-reader-step') || find('button:not([disabled])')
        : questionChanged && view.question?.revealed ? find('#lesson-reader-feedback')
        : questionChanged ? find('input[name="lesson-reader-choice"]')
        : usable(focused && find(`[data-focus="${focused}"]`)) || usable(find('[data-focus="next"]')) ||
          find('#lesson-reader-step') || find('button:not([disabled])');
      target?.focus();
    }
    // A second look asked for at the first wrong value: said, the focus stays on the judge buttons.
    const lookAgain = (v) => (v && v.debug && v.debug.next ? v.debug.next.look_again : '');
    if (!stepChanged && lookAgain(view) && !lookAgain(lastView)) {
      say(lookAgain(view));
      actedInBurst = true;
    }
    if (newlyJudged) {
      // What the judgment met is said; the bug, once found, takes the focus to be read.
      const step = view.debug.steps[view.debug.steps.length - 1];
      say([step.judged, step.expected.replace(/\s+/g, ' '), hadFocus ? '' : step.found].filter(Boolean).join(' '));
      actedInBurst = true;
      // The bug found takes the focus; a trace this data walks to its end without one, the reason.
      if (hadFocus) (body.querySelector('#lesson-reader-found') || body.querySelector('#lesson-reader-hidden'))?.focus();
    }
  }

  function announce(view) {
    const step = view.loaded && view.mode === 'track' && view.in_lesson ? phrase('{0}: {1}', view.indicator, view.title) : '';
    const q = view.question;
    const verdict = q && q.revealed ? `${view.step}.${q.index}:${q.verdict}` : '';
    // Said only when the focus is elsewhere (the drawing, n / b): in here the focus moves to the
    // new heading or the feedback, which a screen reader reads anyway.
    const inside = root.contains(document.activeElement);
    const stepChanged = step !== announcedStep;
    // Entering the lesson is news too when the learner did it in the drawing (Space on its Start):
    // the focus is there. A page opened on a step link is not (the focus is nowhere yet).
    const fromDrawing = document.activeElement && document.activeElement.id === 'canvas';
    const stepSaid = step && stepChanged && (announcedStep !== '' || fromDrawing) && !inside;
    const verdictNew = verdict && verdict !== announcedVerdict;
    // One status line for the whole change (a second say() would replace the first): a new step
    // by its name (a step answered before comes back with its verdict, said after the name); else
    // a new verdict, when the focus is not on it already; then the wrap-up's score, when a reveal
    // (not a visit) made it appear and the focus is not on the feedback, which says it.
    const parts = [];
    if (stepSaid) parts.push(step);
    // (From the drawing, with why: the focus there has no feedback group to read.)
    if (verdictNew && !inside) parts.push([q.verdict, q.answer_line, q.reason].filter(Boolean).join(' '));
    if (view.wrap_up && lastView && !lastView.wrap_up && !stepChanged && !inside) parts.push(`${view.wrap_up.title} ${view.wrap_up.summary}`);
    // A setting changed elsewhere (the numbers' text version) took the step's questions away.
    if (view.unaskable && lastView && !lastView.unaskable && !stepChanged) parts.push(phrase('Note: ') + view.unaskable);
    if (parts.length) say(parts.join(' '));
    // What changed is said: the numbers of this burst need not be read out after it.
    if (verdictNew || stepSaid || parts.length) actedInBurst = true;
    // A new step (its heading says so) sets its numbers up: they are no news either, unless an
    // edit changes them before the burst ends.
    if (stepChanged && step) stepNumbers = numbersNow();  // (Practice's task, entered from a step, is news)
    announcedStep = step;
    // A question a setting took away (unaskable) and gave back comes back with the verdict it had:
    // no news. Asked afresh (Revisit), it is news again, even the same verdict.
    if (verdict || stepChanged || !view.unaskable) announcedVerdict = verdict;
  }

  function refresh() {
    const view = shared.readView(() => api.lessonView());
    if (!view) return;
    const json = JSON.stringify(view);
    if (json === shown) return;
    shown = json;
    draw(view);
    announce(view);
    lastView = view;
  }

  // The numbers, once a burst of edits has ended: what the query is and how its weights fall.
  // (The page's first numbers are not news: only what changed since is said.)
  let numbersTimer = 0;
  let numbersSaid = '';
  let changed = false;
  let stepNumbers = null;  // the numbers as a new step set them up (api.summary()), until its burst ends
  const numbersNow = () => { try { return JSON.stringify(api.summary()); } catch (e) { return null; } };
  function numbersChanged() {
    clearTimeout(numbersTimer);
    numbersTimer = setTimeout(() => {
      // In Practice what an edit changes is the exercise's task (another query asks about another
      // token): that is said, not the attention numbers around it.
      const p = lastView && lastView.mode === 'practice' && lastView.practice;
      const text = p ? [p.task, p.predict && p.predict.prompt].filter(Boolean).join(' ')
        : document.getElementById('summary')?.textContent || '';
      const setUp = stepNumbers !== null && stepNumbers === numbersNow();
      if (text && text !== numbersSaid && changed && !actedInBurst && !setUp) sayAfter(text);
      numbersSaid = text;
      actedInBurst = false;
      stepNumbers = null;
    }, NUMBERS_QUIET_MS);
  }

  api.whenUsable().then(() => {
    refresh();
    numbersChanged();
    api.onChange(() => { changed = true; refresh(); numbersChanged(); });
    api.onEvent((kind) => {
      if (kind === 'language-changed') shown = '';  // the page's own words change with it
      refresh();
    });
    root.addEventListener('focusin', refresh);
    shared.openWhileUsed(root);
  }, () => {});
})();
