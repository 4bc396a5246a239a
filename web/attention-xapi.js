// xAPI 1.0.3 statements for the lesson events (docs/xapi.md), loaded by attention.js only when the
// page is opened with ?xapi=1. Each statement goes to the parent page (or LMS plugin) as
// {type: "attention:xapi", statement}, to the ?origins= allowlist or, without one, to any parent,
// like the demo's other messages; the host forwards it to its Learning Record Store, with its own
// learner as the actor. On a page that is not framed, window receives an "attention:xapi" event.
//   quiz-answered     verb answered,    a cmi.interaction "choice" with correctResponsesPattern
//   exercise-checked  verb answered,    a cmi.interaction "fill-in"
//   bug-traced        verb answered,    a cmi.interaction "choice" (as it should be / off)
//   step-changed      verb experienced, the lesson step (a module); also the step the learner
//                     lands on (a link into a step), once the lesson is there
//   lesson-completed  verb completed,   the lesson (a lesson), with score, success and duration;
//                     with a pass mark (pass=) also passed or failed, with the same result
// ?activity=IRI names the lesson's activity (each embed of one hosted demo its own; the questions'
// activities are under it), and ?registration=UUID goes into every statement's context, as an LMS's
// xAPI launch gives them.
(function () {
  'use strict';
  const attention = window.attention;
  if (!attention) return;
  // Language maps (docs/translating.md): the fixed words in every language the demo has; what the
  // lesson says (a question, its choices, its title) under the tag of the language it is written
  // in, as the learner read it: a teacher's English lesson under a Chinese interface is English
  // (lessonStatus().lang, known once the file is here; else the interface's).
  const TAGS = { en: 'en-US', 'zh-CN': 'zh-CN' };
  // The lesson as it stands, read once per event (lessonStatus() writes the whole record).
  let lessonRead = null;
  const lessonNow = () => lessonRead || attention.lessonStatus();
  const tag = () => TAGS[lessonNow().lang || attention.language().lang] || 'en-US';
  const said = (text) => ({ [tag()]: text });
  const VERBS = {
    answered: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered', 'zh-CN': '回答了' } },
    experienced: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-US': 'experienced', 'zh-CN': '学习了' } },
    completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed', 'zh-CN': '完成了' } },
    passed: { id: 'http://adlnet.gov/expapi/verbs/passed', display: { 'en-US': 'passed', 'zh-CN': '通过了' } },
    failed: { id: 'http://adlnet.gov/expapi/verbs/failed', display: { 'en-US': 'failed', 'zh-CN': '未通过' } },
  };
  const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';
  // Activity ids are IRIs under this page's address (or the activity= the author gave), so two
  // courses hosting the demo stay apart.
  const params = new URLSearchParams(location.search);
  const status = { errors: [] };
  window.attentionXapi = status;
  function chosenActivity() {
    const given = params.get('activity');
    if (given === null) return null;
    let url = null;
    try { url = new URL(given); } catch (e) { /* said below */ }
    if (!url || !/^(https?|urn|tag):$/.test(url.protocol) || url.hash) {
      status.errors.push(`activity=${given.slice(0, 80)} is not an absolute IRI without a #fragment ` +
                         '(such as https://course.example/attention/week-3): using the page\'s address');
      return null;
    }
    return url.href;
  }
  const page = location.href.replace(/[?#].*$/, '');
  const authored = chosenActivity();
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
  let registration = params.get('registration');
  if (registration !== null && !UUID.test(registration)) {
    status.errors.push(`registration=${registration.slice(0, 40)} is not a UUID (xAPI's registration is one): left out`);
    registration = null;
  }
  for (const error of status.errors) console.warn('xAPI: ' + error);
  // A wrong answer's misconception (an id of docs/misconceptions.md), and which reveal of its
  // question an answer is (1: the one the score counts), as result extensions.
  const MISCONCEPTION = page + '#misconception';
  const ATTEMPT = page + '#attempt';
  // The chapter's activities are …#lesson and …#step-3/count-scores; another lesson's (a teacher's
  // lesson= file, the lesson after the chapter) are under …#lesson/ITS-ID, named by its own title,
  // so a gradebook never merges two lessons' answers. With activity= the author's IRI is the lesson.
  const CHAPTER = 'chapter-3';
  function lessonActivity() {
    const { lesson: id, title } = lessonNow();
    const own = id && id !== CHAPTER;
    return {
      objectType: 'Activity', id: authored || page + (own ? `#lesson/${id}` : '#lesson'),
      definition: { type: 'http://adlnet.gov/expapi/activities/lesson',
                    // The chapter by its title in both languages, as the lesson's files and the
                    // SCORM package's manifest name it: one name in every gradebook.
                    name: own ? said(title) : { 'en-US': 'How attention scores are computed: chapter 3 of Build a Large Language Model (From Scratch)',
                                                'zh-CN': '注意力分数是怎样计算的：《从零构建大模型》第 3 章' } },
    };
  }

  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  // name: a language map, or the lesson's own text (in the learner's language).
  function activity(id, name, definition = {}) {
    const lesson = lessonNow().lesson;
    const under = authored ? `${authored}/` : lesson && lesson !== CHAPTER ? `${page}#lesson/${lesson}/` : `${page}#`;
    return { objectType: 'Activity', id: under + id,
             definition: { name: typeof name === 'string' ? said(name) : name, ...definition } };
  }

  function statement(verb, object, result) {
    const lesson = lessonActivity();
    const s = {
      id: uuid(),
      // The demo does not know the learner: the host puts its own in place of this one.
      actor: { objectType: 'Agent', account: { homePage: location.origin, name: 'anonymous' } },
      verb: VERBS[verb],
      object,
      context: { platform: 'attention-explainer', language: tag(),
                 contextActivities: object.id === lesson.id ? {} : { parent: [lesson] },
                 ...(registration ? { registration } : {}) },
      timestamp: new Date().toISOString(),
      version: '1.0.3',
    };
    if (result) s.result = result;
    return s;
  }

  // A step, named by its title as the lesson gives it ("Step 3: The score loop: every token in
  // turn"), so a gradebook's list of steps reads as the lesson does; the number alone while the
  // titles are not here.
  function stepExperienced(n) {
    const title = (lessonNow().titles || [])[n - 1];
    const name = title ? said(tag() === 'zh-CN' ? `第 ${n} 步：${title}` : `Step ${n}: ${title}`)
                       : { 'en-US': `Lesson step ${n}`, 'zh-CN': `课程第 ${n} 步` };
    return statement('experienced', activity(`step-${n}`, name, { type: 'http://adlnet.gov/expapi/activities/module' }));
  }

  let landed = false;  // a step has been experienced
  function toStatement(kind, d) {
    switch (kind) {
      case 'quiz-answered': {
        const choices = d.choices.map((text, i) => ({ id: `choice-${i}`, description: said(text) }));
        return statement('answered', activity(`step-${d.step}/${d.question_id}`, d.prompt, {
          type: INTERACTION, description: said(d.prompt), interactionType: 'choice', choices,
          correctResponsesPattern: d.correct_choices.map((i) => `choice-${i}`),
        }), { success: d.correct, response: `choice-${d.choice}`,
              extensions: { [ATTEMPT]: d.attempt, ...(d.misconception ? { [MISCONCEPTION]: d.misconception } : {}) } });
      }
      case 'exercise-checked':
        return statement('answered', activity(`practice-${d.exercise}`,
                                              { 'en-US': `Practice exercise ${d.exercise + 1}`, 'zh-CN': `练习 ${d.exercise + 1}` },
                                              { type: INTERACTION, interactionType: 'fill-in' }),
                         { success: d.correct, response: d.entry });
      case 'bug-traced':
        return statement('answered', activity(`debug/${d.bug}`, { 'en-US': `Debug this: ${d.bug}`, 'zh-CN': `调试：${d.bug}` }, {
          type: INTERACTION, interactionType: 'choice',
          choices: [{ id: 'as-it-should-be', description: { 'en-US': 'As it should be', 'zh-CN': '符合预期' } },
                    { id: 'off', description: { 'en-US': 'It is off', 'zh-CN': '有问题' } }],
        }), { success: d.judgment_right, response: d.judged });
      case 'step-changed':
        if (!(d.step > 0)) return null;  // back to free exploration: nothing learned to record
        landed = true;
        return stepExperienced(d.step);
      case 'lesson-completed': {
        // success: passed against the pass mark; without one, every question right.
        const result = {
          score: { raw: d.score, min: 0, max: d.questions, scaled: d.questions ? d.score / d.questions : 0 },
          success: d.pass_mark === null || d.pass_mark === undefined ? d.score === d.questions : d.passed,
          completion: true, duration: `PT${Math.max(0, Math.round(d.seconds))}S`,
        };
        const done = [statement('completed', lessonActivity(), result)];
        if (d.pass_mark !== null && d.pass_mark !== undefined) done.push(statement(d.passed ? 'passed' : 'failed', lessonActivity(), result));
        return done;
      }
      case 'lesson-progress':
        // The step a link opened the lesson at is experienced too (step-changed fires for moves).
        if (landed || !(d.step > 0)) return null;
        landed = true;
        return stepExperienced(d.step);
      default:
        return null;  // quiz-revealed, query-changed, state-changed: nothing for a gradebook
    }
  }

  function send(s) {
    const o = attention.pageOptions();
    if (!o.framed) {
      window.dispatchEvent(new CustomEvent('attention:xapi', { detail: s }));
      return;
    }
    const allowed = o.origins.split(',').map((x) => x.trim()).filter(Boolean);
    for (const target of allowed.length ? allowed : ['*']) {
      try { window.parent.postMessage({ type: 'attention:xapi', statement: s }, target); } catch (e) { /* a malformed origin */ }
    }
  }

  attention.onEvent((kind, detail) => {
    let s = null;
    try {
      lessonRead = attention.lessonStatus();
      s = toStatement(kind, detail);
    } catch (e) { console.warn(`xAPI: no statement for ${kind}: ${e.message}`); }
    lessonRead = null;
    for (const one of Array.isArray(s) ? s : s ? [s] : []) send(one);
  });
  attention.xapi = { toStatement };  // for tests and for hosts that build their own
})();
