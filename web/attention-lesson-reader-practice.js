// Practice and Debug this in the lesson's text version (attention-lesson-reader.js fetches this
// file as soon as a lesson runs: the first view runs none). Practice: the exercises, the task, the
// prediction (exercise 1), a real text field for the answer with Check, and the core's verdict.
// Debug this: the bugs by what they do, the planted program, and its trace judged one printed
// value at a time. Each block is drawn from the lesson's view (attention.lessonView()) with the
// reader's tools: {element, button, send, say, phrase, queryControl, view, acted}.
(function () {
  'use strict';
  const shared = window.attentionTextVersion;
  if (!shared) return;

  // What is being typed survives a redraw.
  let draftAnswer = null;  // the field's text while the learner types, null: the record's entry
  let hintOpen = false;     // the hint stays open across redraws of its exercise
  let hintFor = -1;         // the exercise it was opened on: another one's hint starts closed
  function hintDetails(p, { element }) {
    if (hintFor !== p.current) hintOpen = false;
    hintFor = p.current;
    const details = element('details', { open: hintOpen }, element('summary', { 'data-focus': 'hint', text: p.words.hint }),
                            element('p', { text: p.hint }));
    details.addEventListener('toggle', () => { hintOpen = details.open; });
    return details;
  }
  function practiceBlock(p, tools) {
    const { element, button, send, say, phrase } = tools;
    const exercises = element('div', { role: 'group', 'aria-label': 'Exercises' });
    p.exercises.forEach((title, i) => {
      // The current one is marked, and pressing it again does nothing (opening it would reset its data).
      const b = i === p.current
        ? element('button', { type: 'button', 'data-focus': `exercise-${i}`, 'aria-current': 'true', text: `${i + 1}. ${title}` })
        : button(`exercise-${i}`, `${i + 1}. ${title}`, 'practice', i);
      exercises.append(b);
    });
    const parts = [element('h3', { id: 'lesson-reader-step', tabindex: '-1', text: phrase('Practice: {0}', p.exercises[p.current]) }),
                   exercises, element('p', { text: p.task }),
                   hintDetails(p, tools),
                   button('start-over', p.words.start_over, 'start-over'), tools.queryControl()].filter(Boolean);
    if (p.predict) {
      const group = element('fieldset', { class: 'lesson-question' }, element('legend', { text: p.predict.prompt }));
      p.predict.choices.forEach((token, t) => {
        const id = `lesson-reader-predict-${t}`;
        const input = element('input', { type: 'radio', name: 'lesson-reader-predict', id, 'data-focus': `predict-${t}` });
        input.checked = p.predict.answer === t;
        input.addEventListener('change', () => { if (input.checked) send('predict', t); });
        group.append(element('div', { class: 'choice' }, input, element('label', { for: id, text: token })));
      });
      parts.push(group);
      if (p.predict.answer < 0) return [...parts, element('p', { class: 'hint', text: p.predict.first })];
    }
    const field = element('input', { type: 'text', id: 'lesson-reader-answer', 'data-focus': 'answer', autocomplete: 'off',
                                     spellcheck: 'false', 'aria-describedby': 'lesson-reader-verdict', 'aria-invalid': p.unreadable ? 'true' : false });
    field.value = draftAnswer ?? p.typed;
    field.addEventListener('input', () => { draftAnswer = field.value; });
    const form = element('form', { class: 'practice-answer' },
      element('label', { for: 'lesson-reader-answer', text: p.label }), field,
      element('button', { type: 'submit', 'data-focus': 'check', text: p.words.check }),
      element('button', { type: 'button', 'data-focus': 'show-answer', text: p.words.show,
                          onclick: () => {
                            if (!send('show-answer').ok) return;
                            const now = tools.view() && tools.view().practice;
                            if (now && now.shown) { say(now.shown); tools.acted(); }
                          } }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const reply = send('check', 0, field.value);
      if (!reply.ok) return;  // refused: the text stays as typed, and the reason was said
      draftAnswer = null;
      const now = tools.view() && tools.view().practice;
      if (now && now.checked) say([now.message, now.prediction].filter(Boolean).join(' '));
      // In view too: the panel's own scroll leaves the lines under the field below its foot.
      document.getElementById('lesson-reader-verdict')?.scrollIntoView({ block: 'nearest' });
    });
    parts.push(form);
    const verdict = element('div', { id: 'lesson-reader-verdict' });
    if (p.changed) {
      verdict.append(element('p', { text: p.message }));  // the settings changed since the Check: no verdict
    } else if (p.checked) {
      if (p.note) verdict.append(element('p', { text: p.note }));
      if (p.entries.length) {
        verdict.append(element('p', { text: p.entries.map((ok, i) => (ok ? phrase('entry {0} right', i + p.first_entry) : phrase('entry {0} wrong', i + p.first_entry))).join(phrase(', ')) }));
      }
      verdict.append(element('p', { class: p.correct ? 'right' : 'wrong', text: p.message }));
      if (p.prediction) verdict.append(element('p', { text: p.prediction }));
    }
    if (p.shown) verdict.append(element('p', { text: p.shown }));
    parts.push(verdict);
    return parts;
  }

  // Debug this: the bugs by symptom, the planted program, and the trace judged one printed value
  // at a time ("As it should be" / "It is off") until the first one that differs.
  function debugBlock(d, { element, button, phrase }) {
    const bugs = element('div', { role: 'group', 'aria-label': 'Bugs, by what they do' });
    for (const b of d.bugs) {
      bugs.append(b.current
        ? element('button', { type: 'button', 'data-focus': `bug-${b.value}`, 'aria-current': 'true', text: b.label })
        : button(`bug-${b.value}`, b.label, 'debug', b.value));
    }
    // The heading names the bug being traced. The bugs' buttons come after the trace once one is
    // planted, so its judgment is the first Tab stop after the heading, not the sixteenth.
    const current = d.bugs.find((b) => b.current);
    const parts = [element('h3', { id: 'lesson-reader-step', tabindex: '-1', text: current ? phrase('Debug this: {0}', current.label) : 'Debug this' }),
                   element('p', { text: d.intro })];
    if (!current) parts.push(bugs);
    if (d.pick) parts.push(element('p', { class: 'hint', text: d.pick }));
    if (d.error) parts.push(element('p', { class: 'wrong', text: d.error }));
    if (d.note) parts.push(element('p', { class: 'hint', text: d.note }));
    if (!d.program.length) return current ? [...parts, bugs] : parts;
    const program = element('ol', { class: 'program', 'aria-label': 'The program, with the bug planted' });
    for (const line of d.program) {
      const mark = line.buggy ? 'the bug: ' : line.running ? 'just ran: ' : '';
      const item = element('li', { class: line.buggy ? 'wrong' : '' }, mark, element('code', { text: line.text }));
      if (line.fix) item.append(element('p', {}, element('code', { text: line.fix })));
      program.append(item);
    }
    parts.push(program, element('pre', { text: `${d.expected}\n${d.printed}` }),
               element('h4', { text: `${d.trace}: ${d.judge_each}` }));
    const steps = element('ol', { class: 'trace' });
    d.steps.forEach((step) => {
      const item = element('li', {}, element('p', { text: `${step.name}: ${step.question}` }),
                           element('pre', { text: `${step.printed}\n${step.expected}` }));
      if (step.judged) item.append(element('p', { class: step.held ? 'right' : 'wrong', text: step.judged }));
      if (step.found) item.append(element('p', { id: 'lesson-reader-found', tabindex: '-1', text: step.found }));
      steps.append(item);
    });
    if (d.steps.length) parts.push(steps);  // (no empty list before the first judgment)
    if (d.next) {
      // Named by the question, described by the value it asks about.
      parts.push(element('div', { role: 'group', 'aria-labelledby': 'lesson-reader-judge', 'aria-describedby': 'lesson-reader-judged-value' },
        element('p', { id: 'lesson-reader-judge', text: phrase('Step {0}, {1}: {2}', d.next.index + 1, d.next.name, d.next.question) }),
        element('pre', { id: 'lesson-reader-judged-value', text: d.next.printed }),
        d.next.look_again ? element('p', { id: 'lesson-reader-look-again', class: 'wrong', text: d.next.look_again }) : null,
        button('judge-fine', d.words.fine, 'judge', 1), button('judge-off', d.words.off, 'judge', 0)));
    }
    if (d.hidden) parts.push(element('p', { id: 'lesson-reader-hidden', tabindex: '-1', class: 'hint', text: d.hidden }));
    if (d.steps.length) parts.push(button('trace-again', d.words.again, 'trace-again'));
    if (current) parts.push(bugs);
    return parts;
  }

  // forgetDraft: the field shows the record's entry again (Start over, another exercise).
  shared.lessonPractice = { practiceBlock, debugBlock, forgetDraft: () => { draftAnswer = null; } };
})();
