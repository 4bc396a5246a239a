// The guided lesson as HTML, for everyone the canvas leaves out: screen readers, keyboard users,
// axe-core and an accessibility review. It shows what the lesson band shows (the step, its text,
// the question as a radio group, Reveal, the verdict, Back / Next, the wrap-up, Practice, Debug
// this) from
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
  const { element, say } = shared;
  // The page's words in the demo's language, with values: phrase('Practice: {0}', title).
  const phrase = (english, ...values) => api.words(english, ...values);

  const PANEL_NAMES = { inputs: 'Inputs', plot: 'Embeddings', loop: 'The score loop', weights: 'Scores to weights',
    heatmaps: 'All queries at once', projection: 'Trainable attention', module: 'The book\'s classes' };
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

  function paragraph(line, lang = false) {
    if (line.kind === 'code') {
      // Wrapped on a narrow screen, a line goes on four columns deeper than its own indentation,
      // so the nesting Python reads stays visible (as the canvas draws it).
      // Python is read in English; a comment in another script (a translation's) in the page's language.
      const cut = line.text.indexOf('#');
      const comment = cut >= 0 && /[^\x00-\x7f]/.test(line.text.slice(cut)) ? line.text.slice(cut) : '';
      const code = element('code', { class: 'hanging' }, line.text.slice(0, line.text.length - comment.length),
                           comment && element('span', { lang: document.documentElement.lang, text: comment }));
      const deeper = `${line.text.length - line.text.trimStart().length + 4}ch`;
      Object.assign(code.style, { paddingLeft: deeper, textIndent: `-${deeper}` });  // CSSOM: allowed by the page's CSP
      return element('p', {}, code);
    }
    const prefix = line.kind === 'good' ? phrase('Check: ') : line.kind === 'warn' ? phrase('Note: ') : '';
    if (!lang) return element('p', { class: `lesson-line ${line.kind}`, text: prefix + line.text });
    return element('p', { class: `lesson-line ${line.kind}` }, prefix, element('span', { lang, text: line.text }));
  }

  function questionBlock(q, words, lang) {
    const group = element('fieldset', { class: 'lesson-question', lang },
      element('legend', { text: phrase('{0}: {1}', q.label, q.prompt) }));
    q.choices.forEach((choice, i) => {
      const id = `lesson-reader-choice-${i}`;
      const input = element('input', { type: 'radio', name: 'lesson-reader-choice', id, 'data-focus': `choice-${i}`,
                                       value: String(i), disabled: q.revealed });
      input.checked = q.answer === i;
      input.addEventListener('change', () => { if (input.checked) send('choose', i); });
      // Once revealed, the learner's choice and the right ones say so in their labels, which a
      // screen reader reads with the radio, and which the greyed-out radios no longer show.
      const right = q.revealed && (q.right_choices || []).includes(i), mine = q.revealed && q.answer === i;
      const label = !q.revealed || (!right && !mine) ? choice
        : right && mine ? phrase('{0} (your answer, right)', choice)
        : right ? phrase('{0} (right)', choice) : phrase('{0} (your answer)', choice);
      group.append(element('div', { class: `choice${right ? ' right-choice' : ''}${mine ? ' mine' : ''}` }, input,
                           element('label', { for: id, text: label })));
    });
    // Before a choice Reveal stays a Tab stop (aria-disabled, not disabled): a keyboard user meets
    // it, hears why it waits, and pressing it says so again.
    const waiting = q.answer < 0 && !q.revealed;
    const reveal = element('button', { type: 'button', 'data-focus': 'reveal', disabled: q.revealed, text: words.reveal,
                                       'aria-disabled': waiting ? 'true' : false,
                                       'aria-describedby': waiting ? 'lesson-reader-pick' : false,
                                       onclick: () => (reveal.getAttribute('aria-disabled') === 'true' ? say(words.pick)
                                                                                                      : send('reveal', 0)) });
    const parts = [group, reveal];
    if (q.answer < 0) parts.push(element('p', { class: 'hint', id: 'lesson-reader-pick', 'data-role': 'pick', text: words.pick }));
    if (q.revealed) {
      // Focus comes here after Reveal, so a screen reader reads the verdict, answer and reason.
      // Named by the verdict and described by the answer, the reason and the mistake, so reading
      // the focused group says why, not only "Not quite."
      // A verdict given on numbers that have changed since says so before the answer of the numbers now.
      const described = [q.since ? 'lesson-reader-since' : null, 'lesson-reader-answer-line', 'lesson-reader-reason',
                         q.mistake ? 'lesson-reader-mistake' : null];
      const feedback = element('div', { class: 'lesson-feedback', id: 'lesson-reader-feedback', tabindex: '-1',
                                        role: 'group', 'aria-labelledby': 'lesson-reader-verdict',
                                        'aria-describedby': described.filter(Boolean).join(' ') },
        element('p', { id: 'lesson-reader-verdict', class: q.correct ? 'right' : 'wrong', lang, text: q.verdict }),
        q.since ? element('p', { id: 'lesson-reader-since', lang, text: q.since }) : null,
        element('p', { id: 'lesson-reader-answer-line', lang, text: q.answer_line }),
        element('p', { id: 'lesson-reader-reason', lang, text: q.reason }));
      if (q.mistake) feedback.append(element('p', { id: 'lesson-reader-mistake', lang, text: q.mistake }));
      parts.push(feedback);
      if (q.next) parts.push(button('next-question', q.next, 'next-question'));
    }
    return parts;
  }

  const queryControl = () => shared.queryControl('lesson-reader-query', refresh);

  // Practice and Debug this come with attention-lesson-reader-practice.js, fetched as soon as a
  // lesson runs (before the learner can open either): the first view runs no lesson. It draws them
  // with the tools here (shared.lessonPractice.practiceBlock(p, tools), .debugBlock(d, tools)).
  const practiceScript = shared.lateScript('attention-lesson-reader-practice.js', () => !!shared.lessonPractice,
                                           () => { shown = ''; refresh(); });
  const tools = { element, button, send, say, phrase, queryControl: () => queryControl(), view: () => lastView,
                  acted: () => { actedInBurst = true; } };
  // Practice's or Debug this's elements; while its script is on its way (or failed: leaving and
  // coming back fetches it again), a line that says so.
  function practiceOrDebug(block, data) {
    if (shared.lessonPractice) return shared.lessonPractice[block](data, tools);
    const failed = practiceScript.state() === 'failed';
    if (failed) practiceScript.forget();  // the next drawing tries again
    else practiceScript.load();
    return [element('p', { class: failed ? 'wrong' : 'hint', role: 'status',
                           text: failed ? 'This part of the lesson could not be fetched: go back to the lesson and come here again.'
                                        : 'This part of the lesson is on its way…' })];
  }

  // The step's table (step 4's alignment, step 6's two softmaxes, step 9's d_out table), with row
  // and column headers and its note; a table not drawn yet (step 9 before the answer) says why.
  function table(t) {
    const parts = [];
    if (t.rows.length) {
      parts.push(shared.dataTable(t.headers, t.rows, { class: 'lesson-table' }, element('caption', { text: t.caption })));
    } else {
      parts.push(element('p', { text: t.caption }));
    }
    if (t.note) parts.push(element('p', { class: 'hint', text: t.note }));
    if (t.presets) {
      // Step 6's multiplier, as the band's preset buttons set it.
      const group = element('div', { role: 'group', 'aria-label': 'Scale the scores' });
      // The one in use is pressed; pressing one says what the table now holds.
      for (const p of t.presets) {
        group.append(element('button', { type: 'button', 'data-focus': `preset-${p.label}`, text: phrase('Scale the scores {0}', p.label),
                                          'aria-pressed': String(p.pressed),
                                          onclick: () => {
                                            shared.changeSetting('lab_scale', p.value);
                                            refresh();
                                            const now = lastView && lastView.table;
                                            if (now) { say([now.caption, now.note].filter(Boolean).join(' ')); actedInBurst = true; }
                                          } }));
      }
      parts.push(group);
    }
    return parts;
  }

  function wrapUp(w) {
    const list = element('ul');
    for (const s of w.steps) list.append(element('li', { text: phrase('{0}: {1}', `${s.step}. ${s.title}`, s.marks) }));
    const parts = [element('h3', { id: 'lesson-reader-wrap-up', text: w.title }),
                   element('p', { id: 'lesson-reader-wrap-up-summary', text: w.summary })];
    // What the wrong first answers reveal: each idea, and its step asked afresh.
    if (w.revisits.length) {
      const ideas = element('ul');
      w.revisits.forEach((r, i) => {
        // Two ideas may send to one step: each button is its own stop, described by its idea.
        const go = button(`revisit-${i}`, r.go, 'revisit', r.step);
        go.setAttribute('aria-describedby', `lesson-reader-idea-${i}`);
        // Named with the step's title: a list of buttons called "step 3" says little.
        const title = w.steps.find((s) => s.step === r.step)?.title;
        if (title) go.setAttribute('aria-label', phrase('{0}: {1}', r.go, title));
        ideas.append(element('li', {}, element('p', { id: `lesson-reader-idea-${i}`, text: r.idea }), go));
      });
      parts.push(element('h4', { text: w.revisit }), ideas, element('p', { class: 'hint', text: w.revisit_note }));
    }
    // The steps with their first verdicts last: the score and the ideas to revisit come first.
    // The lesson after this one, a link to it, where the page may lead away (no course grades it).
    const next = w.next_lesson && api.lessonLink(w.next_lesson.name);
    return [...parts, list, element('p', { text: w.next }), button('practice', w.practice, 'practice', w.exercise),
            button('again', w.again, 'restart'),
            next && element('p', { id: 'lesson-reader-next-about' }, w.next_lesson.about),
            next && element('p', {}, element('a', { id: 'lesson-reader-next-lesson', 'data-focus': 'next-lesson', href: next,
                                                    'aria-describedby': 'lesson-reader-next-about' }, w.next_lesson.go))];
  }

  // Any step of the range, as the drawing's numbered step buttons: a menu, then Go (a menu that
  // moved on every arrow key would throw the learner from step to step while they read it).
  function goToStep(view) {
    if (!view.step_list || view.step_list.length < 2) return null;
    const select = element('select', { id: 'lesson-reader-go-step', 'data-focus': 'go-step-menu' });
    for (const s of view.step_list) {
      const option = element('option', { value: String(s.step), text: phrase('Step {0}: {1}', s.step, s.title) });
      option.selected = s.step === view.step;
      select.append(option);
    }
    const go = element('button', { type: 'button', 'data-focus': 'go-step', text: 'Go',
                                   onclick: () => send('go', Number(select.value)) });
    return element('span', { class: 'go-step' }, element('label', { for: 'lesson-reader-go-step', text: 'Go to step ' }),
                   select, go);
  }

  function content(view) {
    if (!view.loaded && (view.in_lesson || view.waiting || view.load_error)) {
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
      return [element('p', { text: about }),
              // After Leave, "start" goes back to the step the learner left, and says so.
              view.resume > 0 ? button('start', phrase('Continue the guided lesson at step {0}', view.resume), 'start')
                              : button('start', 'Start the guided lesson', 'start')];
    }
    if (view.mode === 'practice' && view.practice) {
      return [...practiceOrDebug('practiceBlock', view.practice),
              element('nav', { 'aria-label': 'Lesson' }, button('start', 'Back to the guided lesson', 'start'),
                      button('to-debug', 'Debug this', 'debug', 0), button('leave', 'Leave the lesson', 'leave'))];
    }
    if (view.mode === 'debug' && view.debug) {
      return [...practiceOrDebug('debugBlock', view.debug),
              element('nav', { 'aria-label': 'Lesson' }, button('start', 'Back to the guided lesson', 'start'),
                      button('to-practice', 'Practice', 'practice', 0), button('leave', 'Leave the lesson', 'leave'))];
    }
    practiceScript.load();  // a lesson runs: Practice and Debug this are a button away
    const heading = view.title ? phrase('{0}: {1}', view.indicator, view.title) : phrase('Step {0}: the lesson has no such step', view.step);
    // A lesson in another language than the page's (a teacher's English lesson on a Chinese page):
    // its own words are marked so, for a screen reader's voice.
    const own = view.lang && view.lang !== api.language().lang ? view.lang : false;
    // Which lesson this is (a teacher's own has its title), before the step.
    const parts = [element('p', { class: 'hint', text: phrase('Lesson: {0}', view.lesson_title) }),
                   element('h3', { id: 'lesson-reader-step', tabindex: '-1', lang: own, text: heading })];
    if (view.watch.length) {
      parts.push(element('p', { class: 'hint', text: phrase('Watch in the drawing: {0}.', view.watch.map((p) => phrase(PANEL_NAMES[p] || p)).join(phrase(', '))) }),
                 // Their numbers and settings are the next text version: one stop away, not twenty.
                 element('button', { type: 'button', 'data-focus': 'to-numbers', text: 'Go to the numbers and settings',
                                      onclick: () => {
                                        const heading = document.getElementById('numbers-reader-title');
                                        heading.setAttribute('tabindex', '-1');
                                        heading.focus();
                                      } }));
    }
    if (view.class_changed) {
      parts.push(element('p', { class: 'lesson-line warn', text: phrase('Note: ') + view.class_changed }),
                 button('restore-class', view.restore_class, 'restore-class'));
    }
    for (const line of view.lines) parts.push(paragraph(line, own));
    if (view.more) parts.push(element('p', { class: 'hint', text: view.more }));
    if (view.table) parts.push(...table(view.table));
    const query = queryControl();
    if (query) parts.push(query);
    if (view.unaskable) {
      parts.push(element('p', { class: 'lesson-line warn', text: phrase('Note: ') + view.unaskable }),
                 button('set-up-again', view.set_up_again, 'revisit', view.step));
    }
    if (view.question) parts.push(...questionBlock(view.question, view.words, own));
    if (view.wrap_up) {
      parts.push(...wrapUp(view.wrap_up));
      // The reveal that ends the lesson takes the focus to its feedback, which then says the
      // wrap-up's score too: one utterance, not a status line talking over the focused group.
      const feedback = parts.find((p) => p && p.id === 'lesson-reader-feedback');
      if (feedback) {
        feedback.setAttribute('aria-describedby',
          `${feedback.getAttribute('aria-describedby')} lesson-reader-wrap-up lesson-reader-wrap-up-summary`);
      }
    }
    parts.push(element('nav', { 'aria-label': 'Lesson steps' },
      button('back', '← Back a step', 'go', view.step - 1, view.step <= view.first),
      button('next', 'Next step →', 'go', view.step + 1, view.step >= view.last),
      goToStep(view),
      button('to-practice', 'Practice', 'practice', 0), button('to-debug', 'Debug this', 'debug', 0),
      button('leave', 'Leave the lesson', 'leave')));
    return parts;
  }

  // Only the choice changed: the radios and Reveal follow in place, so arrowing through the
  // choices keeps the focus where it is.
  function onlyChoiceChanged(before, after) {
    if (!before || !before.question || !after.question || after.question.revealed) return false;
    const strip = (v) => JSON.stringify({ ...v, question: { ...v.question, answer: 0 } });
    return strip(before) === strip(after);
  }

  function draw(view) {
    if (onlyChoiceChanged(lastView, view)) {
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
    const stepChanged = !lastView || lastView.step !== view.step || lastView.mode !== view.mode ||
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
      if (text && text !== numbersSaid && changed && !actedInBurst && !setUp) say(text);
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
