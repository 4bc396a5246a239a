// A step of the guided lesson in its text version (attention-lesson-reader.js fetches this file
// when a lesson starts, with the lesson's own files: the first view runs none): the step's heading,
// what it watches, its lines and table, the question as a radio group with Reveal and the feedback,
// the wrap-up, and the way between steps. Drawn from the lesson's view (attention.lessonView())
// with the reader's tools: {element, button, send, say, phrase, queryControl, view, acted, refresh}.
(function () {
  'use strict';
  const api = window.attention;
  const shared = window.attentionTextVersion;
  if (!api || !shared) return;
  const { element, say } = shared;
  const phrase = (english, ...values) => api.words(english, ...values);
  let tools = null;  // the reader's, as the step is drawn
  const button = (...args) => tools.button(...args);
  const send = (...args) => tools.send(...args);

  const PANEL_NAMES = { inputs: 'Inputs', plot: 'Embeddings', loop: 'The score loop', weights: 'Scores to weights',
    heatmaps: 'All queries at once', projection: 'Trainable attention', module: 'The book\'s classes' };

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
      // So does a later attempt whose verdict is not the one the score counts.
      const described = [q.since ? 'lesson-reader-since' : null, q.counted ? 'lesson-reader-counted' : null,
                         'lesson-reader-answer-line', 'lesson-reader-reason',
                         q.mistake ? 'lesson-reader-mistake' : null];
      const feedback = element('div', { class: 'lesson-feedback', id: 'lesson-reader-feedback', tabindex: '-1',
                                        role: 'group', 'aria-labelledby': 'lesson-reader-verdict',
                                        'aria-describedby': described.filter(Boolean).join(' ') },
        element('p', { id: 'lesson-reader-verdict', class: q.correct ? 'right' : 'wrong', lang, text: q.verdict }),
        q.since ? element('p', { id: 'lesson-reader-since', lang, text: q.since }) : null,
        q.counted ? element('p', { id: 'lesson-reader-counted', lang, text: q.counted }) : null,
        element('p', { id: 'lesson-reader-answer-line', lang, text: q.answer_line }),
        element('p', { id: 'lesson-reader-reason', lang, text: q.reason }));
      if (q.mistake) feedback.append(element('p', { id: 'lesson-reader-mistake', lang, text: q.mistake }));
      parts.push(feedback);
      if (q.next) parts.push(button('next-question', q.next, 'next-question'));
    }
    return parts;
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
                                            tools.refresh();
                                            const now = tools.view() && tools.view().table;
                                            if (now) { say([now.caption, now.note].filter(Boolean).join(' ')); tools.acted(); }
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
    if (w.pass_mark) parts.push(element('p', { text: w.pass_mark }));  // a course's pass mark, and the score against it
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

  // The step's parts, in reading order (the reader adds nothing after them).
  function stepBlock(view, readerTools) {
    tools = readerTools;
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
    const query = tools.queryControl();
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
    // A graded lesson's step whose questions are not all revealed: the ways out wait, and say why
    // before they are tried (as the drawing's band does).
    if (view.held) {
      parts.push(element('p', { class: 'hint', id: 'lesson-reader-held',
                                text: 'Practice, Debug this and Leave wait until you have revealed this step\'s answers: in a graded lesson the panels outside it would show them.' }));
    }
    parts.push(element('nav', { 'aria-label': 'Lesson steps' },
      button('back', '← Back a step', 'go', view.step - 1, view.step <= view.first),
      button('next', 'Next step →', 'go', view.step + 1, view.step >= view.last),
      goToStep(view),
      button('to-practice', 'Practice', 'practice', -1, view.held), button('to-debug', 'Debug this', 'debug', 0, view.held),
      button('leave', 'Leave the lesson', 'leave', 0, view.held)));
    return parts;
  }

  shared.lessonSteps = { stepBlock };
})();
