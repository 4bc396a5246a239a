// The SCORM 1.2 adapter of attention-scorm12.zip (docs/scorm.md): loaded by scorm.html, the
// package's launch page, after attention.js. It finds the LMS's API object in the frames above
// (or the window that opened this one), and records the guided lesson there:
//   - the learner's whole record (answers, attempts, practice, debug, step, time) in
//     cmi.suspend_data after every change, given back to the lesson when a later session starts,
//     so earlier answers still count;
//   - the score (percent of the range's questions right at their first reveal) in
//     cmi.core.score.raw after every reveal (none before the first);
//   - cmi.core.lesson_status: incomplete until every question of the range is answered, then
//     completed, or passed / failed against the pass mark (the manifest's adlcp:masteryscore,
//     which the LMS gives as cmi.student_data.mastery_score, or pass= in the launch link);
//   - every revealed question as cmi.interactions.n, the step as cmi.core.lesson_location, the
//     session time on leaving, and cmi.core.exit "suspend" until the lesson is complete, "" after.
// Without an LMS the page runs as the normal demo, with a line above it that says nothing is
// recorded. window.attentionScorm tells what happened (found, errors, notice).
(function () {
  'use strict';
  const attention = window.attention;
  const status = { found: false, errors: [] };
  window.attentionScorm = status;
  if (!attention) return;

  // No LMS answered: the launch page runs as the normal demo, and says so above it, so that a
  // learner in a course whose player cannot reach this page (served from another site, say) does
  // not finish the lesson believing it was graded. A line of its own above the drawing, which
  // takes the rest of the height.
  function notRecorded() {
    const app = document.getElementById('app');
    if (!app) return;
    const notice = document.createElement('p');
    notice.id = 'scorm-not-recorded';
    notice.className = 'page-notice';  // counted in the height the page tells a host (attention.js)
    notice.setAttribute('role', 'status');
    const say = () => {
      notice.textContent = attention.words('No course platform answered: what you do here is not recorded for a grade. If your course expects it to be, tell your teacher.');
      status.notice = notice.textContent;
    };
    say();
    attention.onEvent((kind) => { if (kind === 'language-changed') say(); });
    Object.assign(notice.style, { margin: '0', padding: '4px 10px', font: '13px/1.4 system-ui, sans-serif', flex: '0 0 auto',
                                  background: 'var(--panel)', color: 'var(--error)', borderBottom: '1px solid var(--line)' });
    Object.assign(document.body.style, { display: 'flex', flexDirection: 'column' });
    Object.assign(app.style, { height: 'auto', flex: '1 1 auto', minHeight: '0' });
    document.body.insertBefore(notice, app);
    // Rewrapped (a narrower player, another language), it is counted again in the height a host is told.
    if (window.ResizeObserver) new ResizeObserver(() => attention.contentHeight(true)).observe(notice);
  }

  // SCORM 1.2's run-time discovery: the API object in a parent frame (at most 7 up), else in the
  // opener's frames.
  function findApi(start) {
    let w = start;
    for (let depth = 0; w && depth <= 7; ++depth) {
      try { if (w.API && typeof w.API.LMSInitialize === 'function') return w.API; } catch (e) { return null; }  // another origin
      if (w.parent === w) break;
      w = w.parent;
    }
    return null;
  }
  const api = findApi(window.parent !== window ? window.parent : null) || (window.opener ? findApi(window.opener) : null);
  if (!api) { notRecorded(); return; }

  function call(name, ...args) {
    const value = api[name](...args);
    const code = String(api.LMSGetLastError());
    if (code !== '0') status.errors.push(`${name}(${args.join(', ')}): error ${code}, ${api.LMSGetErrorString(code)}`);
    return value;
  }
  const set = (key, value) => call('LMSSetValue', key, String(value));

  if (String(call('LMSInitialize', '')) !== 'true') { notRecorded(); return; }
  status.found = true;
  document.documentElement.classList.add('scorm');  // the page hides "Open the full demo": it is not tracked
  const started = Date.now();
  if (call('LMSGetValue', 'cmi.core.lesson_status') === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
  call('LMSCommit', '');
  // The package is the guided lesson: open it where the learner left it (the step in
  // cmi.core.lesson_location), or at its first step, with the record of the earlier sessions.
  const resume = Number(call('LMSGetValue', 'cmi.core.lesson_location')) || 0;
  const saved = String(call('LMSGetValue', 'cmi.suspend_data') || '');
  const mastery = String(call('LMSGetValue', 'cmi.student_data.mastery_score') || '');
  let complete = false;
  attention.whenUsable().then(() => {
    attention.setLessonCourse({ graded: true });  // an open question keeps the learner in the track
    // The manifest's mastery score is the pass mark, unless the launch link sets pass= itself.
    if (/^\d+(\.\d+)?$/.test(mastery) && !/[?#&]pass=/.test(location.href)) {
      const result = attention.setLessonCourse({ pass: `${mastery}%` });
      if (!result.ok) status.errors.push(`mastery_score ${mastery}: ${result.error}`);
    }
    if (saved) {
      const result = attention.setLessonRecord(saved);
      if (!result.ok) status.errors.push(`cmi.suspend_data: ${result.error}`);
    }
    if (!/[#&]step=/.test(location.hash)) {
      // Within the course's steps (last_step 0: up to the lesson's end, not known before its file).
      const range = attention.lessonStatus();
      const step = resume >= range.first_step && (range.last_step === 0 || resume <= range.last_step) ? resume : range.first_step;
      attention.applyLink(`#step=${step}`);
    }
  });

  // HH:MM:SS, as cmi.interactions.n.time and (with hours up to 9999) cmi.core.session_time take it.
  function clock(date) { return date.toTimeString().slice(0, 8); }
  function span(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    return `${String(Math.floor(s / 3600)).padStart(4, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  }
  // A CMIIdentifier: letters, digits, '-' and '_' only.
  const identifier = (text) => String(text).replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 255);
  // Choice responses in SCORM 1.2 are single characters: choice k is 'a' + k.
  const letter = (k) => String.fromCharCode(97 + k);

  attention.onEvent((kind, d) => {
    try {
      if (kind === 'quiz-answered') {
        const n = Number(call('LMSGetValue', 'cmi.interactions._count')) || 0;
        const at = `cmi.interactions.${n}.`;
        // A later reveal of the same question is its own interaction: the score counts the first,
        // and an interactions report must not show a retry's "correct" as the question's.
        set(at + 'id', identifier(`step${d.step}_${d.question_id}${d.attempt > 1 ? `_attempt${d.attempt}` : ''}`));
        set(at + 'type', 'choice');
        set(at + 'time', clock(new Date()));
        set(at + 'correct_responses.0.pattern', d.correct_choices.map(letter).join(','));
        set(at + 'student_response', letter(d.choice));
        set(at + 'result', d.correct ? 'correct' : 'wrong');
        call('LMSCommit', '');
      } else if (kind === 'step-changed' && d.step > 0) {
        set('cmi.core.lesson_location', String(d.step));
        call('LMSCommit', '');
      } else if (kind === 'lesson-progress') {
        // The whole record, so that the next session counts these answers too (at most 4,096
        // characters: SCORM 1.2's limit for suspend_data), and the score so far, once there is
        // one: before the first answer a gradebook shows no score, not 0 %.
        set('cmi.suspend_data', d.record);
        if (d.answered > 0) {
          set('cmi.core.score.min', 0);
          set('cmi.core.score.max', 100);
          set('cmi.core.score.raw', d.questions ? Math.round((100 * d.score) / d.questions) : 0);
        }
        complete = d.complete;
        if (d.complete) set('cmi.core.lesson_status', d.pass_mark === null ? 'completed' : d.passed ? 'passed' : 'failed');
        call('LMSCommit', '');
      }
    } catch (e) {
      status.errors.push(`${kind}: ${e.message}`);
    }
  });

  let finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    set('cmi.core.session_time', span(Date.now() - started));
    set('cmi.core.exit', complete ? '' : 'suspend');  // a complete lesson is not resumed
    call('LMSCommit', '');
    call('LMSFinish', '');
  }
  window.addEventListener('pagehide', finish);
  status.finish = finish;  // for an LMS player that unloads frames without pagehide, and for tests
})();
