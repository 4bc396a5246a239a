// "Make an embed…": the author's tool for an <iframe> snippet (README: Embedding), loaded by
// attention-share.js the first time its button is pressed, so readers never download it. The
// author picks the panels, the theme and the lesson step; the view behind the dialog follows, as
// the preview (the theme too); the dialog names the view in the iframe's title and shows the
// snippet to copy. A course's settings (steps, pass mark, xAPI, its activity, the origins allowed
// to talk to the demo) go into the snippet's address; the same choices can be downloaded as a
// SCORM 1.2 package.
//
// Height: by default the snippet sizes itself (data-attention-frame and attention-host.js: the
// frame takes the height its content needs, on a phone too). For platforms that remove scripts,
// "No script" gives a fixed height measured at a phone's width (390 px) in a hidden copy of the
// view, so a phone never gets a frame with a scroll box inside.
(function () {
  'use strict';
  const api = window.attention;
  const PANELS = [['inputs', 'Inputs and the query'], ['plot', 'Embedding view'], ['loop', 'The score loop'],
                  ['weights', 'Scores to weights'], ['heatmaps', 'All queries at once (heatmaps)'],
                  ['projection', 'Trainable attention'], ['module', 'The book\'s classes (nn.Linear, masks, dropout, heads)'],
                  ['lesson', 'Guided lesson'], ['code', 'PyTorch code']];
  // Every panel but the PyTorch code is the whole demo, as the page opens (no panels= in the link):
  // the code stays behind its button there. Ticked with the rest, the code window opens over the
  // lesson, which a teacher's walk found covering the question on a phone.
  const WHOLE_DEMO = PANELS.map((p) => p[0]).filter((p) => p !== 'code');
  const listedPanels = (panels) =>
    (panels.length === WHOLE_DEMO.length && WHOLE_DEMO.every((p) => panels.includes(p)) ? [] : panels);
  // The maker's own words in the page's language (interface.json's "page" map). Each label is a
  // function of the language, set again when the learner switches it while the maker is open.
  const words = (english, ...values) => api.words(english, ...values);
  const relabels = [];
  const live = (say) => {  // a text node that follows the language
    const node = document.createTextNode(say());
    relabels.push(() => { node.nodeValue = say(); });
    return node;
  };
  const livePlaceholder = (input, say) => {
    input.placeholder = say();
    relabels.push(() => { input.placeholder = say(); });
    return input;
  };
  const READER_BAR_PX = 32;  // the embed's "Open the full demo" line under the demo
  const PHONE = { width: 390, height: 844 };

  document.head.appendChild(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: 'attention-embed.css' }));

  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  const dialog = el('div', { id: 'embed-maker', className: 'embed-maker', hidden: true });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-labelledby', 'embed-maker-title');
  const boxes = PANELS.map(([key, label]) => {
    const box = el('input', { type: 'checkbox', id: `embed-panel-${key}`, value: key });
    return [key, box, el('label', { htmlFor: box.id }, box, live(() => ' ' + words(label)))];
  });
  const theme = el('select', { id: 'embed-theme' },
                   ...['light', 'dark', 'auto'].map((t) => el('option', { value: t },
                                                              live(() => (t === 'auto' ? words('the reader\'s setting') : words(t))))));
  const step = el('select', { id: 'embed-step' }, el('option', { value: '0' }, live(() => words('none: free exploration'))));
  // The lesson's steps, as many as the page's lesson has (the chapter's, or a lesson= file's). Until
  // its file has come (the maker asks for it) the list says so, and the step wanted is chosen when
  // the file arrives.
  const loadingSteps = el('option', { value: '', disabled: true });
  let wantedStep = 0;
  let autoStep = false;  // wantedStep is the lesson= page's first step, not yet shown
  let listedTitles = '';
  function listSteps() {
    const status = api.lessonStatus();
    // The chapter has 14 steps before its file says so; a lesson that will not come says why.
    const count = status.steps || (api.pageOptions().lesson || status.load_error ? 0 : 14);
    loadingSteps.textContent = status.load_error ? words('the lesson could not be loaded: see the lesson band')
                                                 : words('the lesson\'s steps are loading…');
    // Each step by its number and, once the lesson's file is here, its title (in the page's language).
    const titles = status.titles || [];
    const listed = loadingSteps.parentNode ? 0 : step.options.length - 1;
    if (count !== listed || (!count && !loadingSteps.parentNode) || titles.join('\n') !== listedTitles) {
      listedTitles = titles.join('\n');
      while (step.options.length > 1) step.remove(1);
      if (!count) step.append(loadingSteps);
      for (let i = 1; i <= count; ++i) {
        const title = titles[i - 1];
        step.append(el('option', { value: String(i) }, title ? `${i}. ${title}` : live(() => words('step {0}', i))));
      }
    }
    step.value = String(wantedStep <= count ? wantedStep : 0);
    // A lesson= page's first step, wanted as the maker opened, is shown once its file is here;
    // once only: a later step chosen in the preview (Next) is the author's.
    if (autoStep && !dialog.hidden && step.value === String(wantedStep) && api.getState().step !== wantedStep) {
      autoStep = false;
      lessonBox.checked = true;
      apply();
    }
  }
  const height = el('input', { type: 'number', id: 'embed-height', min: 200, max: 20000, step: 10 });
  const title = el('input', { type: 'text', id: 'embed-title' });
  const noScript = el('input', { type: 'checkbox', id: 'embed-no-script' });
  const printed = el('input', { type: 'checkbox', id: 'embed-print' });
  const text = (id, placeholder) => el('input', { type: 'text', id, placeholder, spellcheck: false });
  const steps = livePlaceholder(text('embed-steps', ''), () => words('all, or a range such as 11-14'));
  const pass = livePlaceholder(text('embed-pass', ''), () => words('none, or a share such as 0.8'));
  const xapi = el('input', { type: 'checkbox', id: 'embed-xapi' });
  const activity = text('embed-activity', 'https://your.course/attention/week-3');
  const origins = text('embed-origins', 'https://lms.your-school.edu');
  const snippet = el('textarea', { id: 'embed-snippet', readOnly: true, rows: 5, spellcheck: false });
  const heightNote = el('p', { id: 'embed-height-note', className: 'embed-note' });
  const status = el('span', { id: 'embed-status' });
  status.setAttribute('role', 'status');
  const copyButton = el('button', { type: 'button', id: 'embed-copy' }, live(() => words('Copy the embed code')));
  const scormButton = el('button', { type: 'button', id: 'embed-scorm' }, live(() => words('Download a SCORM package')));
  const closeButton = el('button', { type: 'button', id: 'embed-close' }, live(() => words('Close')));
  const field = (label, control) => el('label', { className: 'embed-field' }, live(() => words(label)), control);
  const check = (control, label) => el('label', { htmlFor: control.id, className: 'embed-check' }, control,
                                       live(() => ' ' + words(label)));
  dialog.append(
    el('p', { id: 'embed-maker-title', className: 'embed-heading' }, live(() => words('Make an embed: the view behind is the preview'))),
    el('fieldset', {}, el('legend', {}, live(() => words('Panels'))), ...boxes.map((b) => b[2])),
    field('Theme ', theme), field('Lesson step ', step), field('Title ', title),
    el('fieldset', { className: 'embed-course' }, el('legend', {}, live(() => words('For a course (docs/grading.md)'))),
       field('Steps ', steps), field('Pass mark ', pass), check(xapi, 'Send xAPI statements to the course page'),
       field('Activity IRI ', activity), field('Course site(s) ', origins)),
    check(noScript, 'No script (for platforms that remove it): a fixed height that fits a phone'),
    field('Height (px) ', height), heightNote,
    check(printed, 'For print and PDF: the numbers as a figure, shown instead when the page is printed (it shows every number, answers included)'),
    el('label', { className: 'embed-code' }, live(() => words('Embed code')), snippet), el('div', { className: 'embed-actions' }, copyButton, scormButton, closeButton, status));
  document.body.appendChild(dialog);
  // Tab goes round the dialog's own controls until Close or Escape: the view behind is the preview
  // it drives. (Not aria-modal: the preview stays there to look at and to click.)
  dialog.addEventListener('keydown', (e) => {
    if (e.key !== 'Tab') return;
    const stops = [...dialog.querySelectorAll('input, select, textarea, button')].filter((c) => !c.disabled && c.offsetParent !== null);
    if (!stops.length) return;
    const [first, last] = [stops[0], stops[stops.length - 1]];
    if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  });

  let heightEdited = false;
  let titleEdited = false;  // the author wrote the iframe's title: a language switch keeps it
  let themeBefore = null;  // the page's theme when the dialog opened: back to it on close
  // The page's own course settings (its link's steps= and pass=): the preview gets them back on close.
  const pageCourse = { steps: new URLSearchParams(location.search).get('steps') || '',
                       pass: new URLSearchParams(location.search).get('pass') || '' };
  // The iframe's title names the view, for screen-reader users of the course page.
  function describe(state, panels) {
    const names = panels.map((p) => words(PANELS.find((x) => x[0] === p)[1]).toLowerCase());
    const what = (!panels.length || names.length === PANELS.length ? words('all panels') : names.join(words(', '))) +
                 (state.step ? words('; lesson step {0}', state.step) : '');
    return words('Interactive demo: how attention scores are computed ({0})', what);
  }

  // ---- the course's settings: checked as they are typed, each with a message that names it
  // {params, errors}: errors are [field, message] pairs, each naming what to write instead.
  // forPackage: for the SCORM package, which carries a copy of another site's lesson, so that
  // site need not be listed.
  function courseParams(forPackage = false) {
    const errors = [];
    const params = {};
    const stepsText = steps.value.trim(), passText = pass.value.trim();
    // The preview takes them (the lesson's header says a bad one as the reader would see it).
    const result = api.setLessonCourse({ steps: stepsText, pass: passText });
    if (!result.ok) {
      for (const [key, message] of Object.entries(result.errors)) errors.push([key === 'pass' ? pass : steps, message]);
    } else { params.steps = stepsText; params.pass = passText; }
    const sites = origins.value.split(',').map((o) => o.trim()).filter(Boolean);
    for (const site of sites) {
      let origin = null;
      try { origin = new URL(site).origin; } catch (e) { /* said below */ }
      if (origin !== site.replace(/\/$/, '')) errors.push([origins, `${site} is not a site's origin: write it as https://lms.your-school.edu`]);
    }
    // A lesson kept on another site loads in the frame only from a site origins= lists, and
    // origins= also names the course pages the frame talks to (its height): both go in it.
    const lessonSite = forPackage ? null : lessonOrigin();
    if (lessonSite && !sites.length) {
      errors.push([origins, words('The lesson comes from {0}: write the course\'s site(s) here, and the lesson\'s site goes in with them', lessonSite)]);
    }
    const listed = [...new Set([...sites.map((s) => s.replace(/\/$/, '')), ...(lessonSite ? [lessonSite] : [])])];
    if (sites.length && !errors.some(([control]) => control === origins)) params.origins = listed.join(',');
    if (xapi.checked) params.xapi = '1';
    const iri = activity.value.trim();
    if (iri) {
      let url = null;
      try { url = new URL(iri); } catch (e) { /* said below */ }
      if (!url || !/^(https?|urn|tag):$/.test(url.protocol) || url.hash) {
        errors.push([activity, `${iri} is not an absolute IRI without a #fragment (such as https://your.course/attention/week-3)`]);
      } else {
        params.activity = iri;
        if (!xapi.checked) errors.push([activity, 'An activity IRI names the lesson in xAPI statements: tick "Send xAPI statements" too']);
      }
    }
    return { params, errors: errors.map(([, message]) => message), fields: errors.map(([control]) => control) };
  }

  // The fields a snippet cannot carry as typed, marked for assistive technology (and outlined).
  function markFields(wrongFields) {
    for (const control of [steps, pass, origins, activity]) {
      for (const [name, value] of [['aria-invalid', 'true'], ['aria-describedby', 'embed-status']]) {
        if (wrongFields.includes(control)) control.setAttribute(name, value);
        else control.removeAttribute(name);
      }
    }
  }

  // The site of the page's lesson= when that is another site's file, else null.
  function lessonOrigin() {
    const lesson = api.pageOptions().lesson;
    if (!lesson || api.pageOptions().lessonBuiltIn) return null;
    let url = null;
    try { url = new URL(lesson, location.href); } catch (e) { return null; }
    return url.origin !== location.origin ? url.origin : null;
  }

  // ---- height
  function measuredHeight() {
    const need = api.contentHeight();
    return Math.min(20000, Math.max(300, Math.ceil((need || 600) + READER_BAR_PX)));
  }
  // The same view at a phone's width, in a hidden copy of the page (same origin: its attention
  // API is read directly); drawn, so that it lays out, but transparent and under everything.
  let phone = null;  // {frame, key, height}
  function measureOnPhone(src) {
    if (phone && phone.key === src) return phone.height;
    if (phone) phone.frame.remove();
    const frame = el('iframe', { src, title: 'the view at a phone\'s width (measuring)', tabIndex: -1 });
    frame.setAttribute('aria-hidden', 'true');
    frame.className = 'embed-phone-probe';
    Object.assign(frame.style, { width: `${PHONE.width}px`, height: `${PHONE.height}px` });
    document.body.appendChild(frame);
    phone = { frame, key: src, height: 0 };
    const current = phone;
    // On a phone the panels take their share of the frame's height, so the content a frame needs
    // depends on the frame: the probe is made that tall and measured again until the two agree.
    let rounds = 0;
    const poll = () => {
      if (phone !== current) return;
      let need = 0;
      try {
        const a = frame.contentWindow.attention;
        const s = a && a.stats && a.stats();
        if (s && s.frames > 0 && s.pending_frames <= 0 && !s.lesson_loading) need = a.contentHeight();
      } catch (e) { /* not ready yet */ }
      if (need > 0 && Math.abs(need - frame.offsetHeight) > 2 && ++rounds <= 6) {
        frame.style.height = `${Math.ceil(need)}px`;
        need = 0;
      }
      if (need > 0) {
        // A phone's own rendering (its pixel density, its fonts) lays the text out a little
        // differently from this copy: 8% more, so the frame never ends up with a scroll box inside.
        current.height = Math.min(20000, Math.ceil((need * 1.08 + READER_BAR_PX) / 10) * 10);
        render();
      } else {
        setTimeout(poll, 100);
      }
    };
    frame.addEventListener('load', poll);
    return 0;
  }

  let figuresAsked = 0;  // renders so far: a figure is used by the render that asked for it only
  function render() {
    ++figuresAsked;  // a figure still on its way belongs to a snippet this render replaces
    if (!dialog.hidden && tickWatched()) { apply(); return; }
    try {
      const { params, errors, fields } = courseParams();
      markFields(fields);
      // A snippet without a setting the author typed would grade differently from what the
      // preview shows: none until every field is right (as for the SCORM package).
      if (errors.length) {
        snippet.value = '';
        status.textContent = words('No embed code until this is mended: {0}', errors.join('; '));
        return;
      }
      status.textContent = '';
      const sized = !noScript.checked;
      let suggested = measuredHeight();
      if (sized) {
        heightNote.textContent = words('The frame takes the height its content needs (attention-host.js, one line in the snippet); {0} px is where it starts.',
                                       suggested);
      } else {
        const probe = measureOnPhone(api.embedCode({ theme: theme.value, params }).match(/src="([^"]*)"/)[1].replace(/&amp;/g, '&'));
        if (probe > 0) {
          heightNote.textContent = words('Fixed at {0} px: what this view needs on a {1} px phone ({2} px, with room to spare) and here at {3} px ({4} px). Wider screens show space below it.',
                                         Math.max(probe, suggested), PHONE.width, probe, innerWidth, suggested);
          suggested = Math.max(probe, suggested);
        } else {
          heightNote.textContent = words('Measured here at {0} px, far from a phone\'s {1} px, where the view is taller: measuring it at a phone\'s width…',
                                         innerWidth, PHONE.width);
        }
      }
      if (!heightEdited) height.value = String(suggested);
      const frame = api.embedCode({ theme: theme.value, height: height.value, title: title.value, params, sized });
      const made = figuresAsked;  // a later render's snippet wins over this one's figure
      if (!printed.checked) {
        snippet.value = frame;
        return;
      }
      // The figure's code comes with the first one: no snippet without the figure asked for.
      snippet.value = '';
      status.textContent = words('The figure for print is on its way…');
      api.svg().then((svg) => {
        if (made !== figuresAsked) return;
        snippet.value = withFigure(frame, svg);
        status.textContent = '';
      }, (e) => {
        if (made === figuresAsked) status.textContent = words('No figure for print: {0}', e.message);
      });
    } catch (e) {
      snippet.value = '';
      status.textContent = e.message;
    }
  }

  // The iframe with the view's figure beside it (attention.svg(), the figure attention-cli --svg
  // draws), hidden on screen and shown instead of the frame when the course page is printed: a
  // WebGL canvas inside an iframe prints blank in most browsers.
  function withFigure(frame, svg) {
    const figure = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    const alt = `${title.value}: the inputs, scores, weights and context vector as a figure`.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    // Hidden by its own style attribute too: course platforms (Canvas, Moodle's filters) may strip
    // the <style> block, and the figure must then stay off screen rather than show under the demo.
    return `<figure class="attention-demo" style="margin:0">\n${frame}\n` +
      `<img class="attention-print" style="display:none" alt="${alt}" src="${figure}">\n</figure>\n` +
      '<style>@media print{.attention-demo iframe{display:none}.attention-print{display:block!important;max-width:100%}}</style>';
  }

  // A step chosen here brings the panels it watches (its "watch:" line): they are ticked once the
  // lesson's file has said which they are, once per step chosen; the author may untick them again.
  let watchTickedFor = -1;
  function tickWatched() {
    const lesson = api.lessonStatus();
    const wanted = Number(step.value);
    if (wanted === 0 || watchTickedFor === wanted || lesson.step !== wanted || lesson.lesson === '') return false;
    watchTickedFor = wanted;
    let changed = false;
    for (const key of lesson.watch) {
      const box = boxes.find((b) => b[0] === key);
      if (box && !box[1].checked) { box[1].checked = true; changed = true; }
    }
    return changed;
  }

  // The choices go to the live view (the preview); the snippet is rebuilt once it has drawn.
  function apply() {
    const state = api.getState();
    const ticked = boxes.filter((b) => b[1].checked).map((b) => b[0]);
    if (!ticked.length) { status.textContent = words('Pick at least one panel'); return; }
    const panels = listedPanels(ticked);
    const next = { ...state, panels, step: Number(step.value) };
    // A step opens as the lesson sets it up (step 11 turns on the book's classes it runs), through
    // a step-only link, as a reader's would; the snippet then carries that setup.
    const result = next.step > 0 ? api.applyLink(`#step=${next.step}` + (panels.length ? `&panels=${panels.join(',')}` : ''))
                                 : api.setState(next);
    if (result && result.ok === false) { status.textContent = result.error; return; }
    status.textContent = '';
    title.value = describe(next, panels);
    requestAnimationFrame(() => requestAnimationFrame(render));
  }

  // ---- the SCORM 1.2 package of these choices: the site's own package files (its manifest lists
  // them), with a manifest whose item launches this range and pass mark and carries the mastery
  // score. A zip written here (stored, not compressed: the wasm is compressed already).
  const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  function crc32(bytes) {
    let c = 0xffffffff;
    for (let i = 0; i < bytes.length; ++i) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  }
  function zip(files) {  // [{name, bytes}] -> Blob
    const encoder = new TextEncoder();
    const parts = [], central = [];
    let offset = 0;
    for (const { name, bytes } of files) {
      const nameBytes = encoder.encode(name);
      const crc = crc32(bytes);
      const local = new DataView(new ArrayBuffer(30));
      local.setUint32(0, 0x04034b50, true); local.setUint16(4, 20, true); local.setUint16(6, 0x0800, true);
      local.setUint32(14, crc, true); local.setUint32(18, bytes.length, true); local.setUint32(22, bytes.length, true);
      local.setUint16(26, nameBytes.length, true);
      parts.push(local, nameBytes, bytes);
      const entry = new DataView(new ArrayBuffer(46));
      entry.setUint32(0, 0x02014b50, true); entry.setUint16(4, 20, true); entry.setUint16(6, 20, true);
      entry.setUint16(8, 0x0800, true); entry.setUint32(16, crc, true); entry.setUint32(20, bytes.length, true);
      entry.setUint32(24, bytes.length, true); entry.setUint16(28, nameBytes.length, true); entry.setUint32(42, offset, true);
      central.push(entry, nameBytes);
      offset += 30 + nameBytes.length + bytes.length;
    }
    const size = central.reduce((n, p) => n + p.byteLength, 0);
    const end = new DataView(new ArrayBuffer(22));
    end.setUint32(0, 0x06054b50, true); end.setUint16(8, files.length, true); end.setUint16(10, files.length, true);
    end.setUint32(12, size, true); end.setUint32(16, offset, true);
    return new Blob([...parts, ...central, end], { type: 'application/zip' });
  }
  const escapeXml = (t) => t.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  async function scormPackage() {
    const { params, errors } = courseParams(true);
    if (errors.length) throw new Error(errors.join('; '));
    const manifestText = await (await fetch('imsmanifest.xml')).text();
    const names = [...manifestText.matchAll(/<file href="([^"]+)"\/>/g)].map((m) => m[1]);
    if (!names.includes('scorm.html')) throw new Error('this site has no SCORM package to start from (imsmanifest.xml)');
    // The launch link: the course's settings, and the view the author chose (its panels, its step).
    const launch = new URLSearchParams();
    for (const key of ['steps', 'pass']) if (params[key]) launch.set(key, params[key]);
    if (api.language().lang !== 'en') launch.set('lang', api.language().lang);  // the package speaks the page's language
    // A teacher's lesson (the page's lesson=) goes into the package and the launch opens it there:
    // the LMS serves the package alone. The chapter is in the package already.
    const lessonFiles = [];
    // A built-in lesson however the link spells it (the page reads the address: pageOptions()).
    const { lesson: pageLesson, lessonBuiltIn: builtIn, lessonName } = api.pageOptions();
    if (builtIn && builtIn !== 'chapter-3') {
      // A lesson the demo ships: in every language, at its own place, so a launch in Chinese (or a
      // learner who switches language in the LMS) reads it in that language, as on the site.
      for (const code of Object.keys(api.language().languages)) {
        const name = `lessons/${code}/${builtIn}.json`;
        const reply = await fetch(name);
        if (!reply.ok) throw new Error(`${name} answered HTTP ${reply.status}: the package would be incomplete`);
        lessonFiles.push({ name, bytes: new Uint8Array(await reply.arrayBuffer()) });
      }
      launch.set('lesson', `lessons/${api.language().lang}/${builtIn}.json`);
    } else if (pageLesson && !builtIn) {
      // From this site, or from another that origins= lets the page read (it loaded the lesson):
      // the package holds a copy either way, since an LMS serves the package alone.
      // (A site origins= does not list, or one that refuses the read, fails the fetch itself.)
      const url = new URL(pageLesson, location.href);
      if (url.origin !== location.origin && !api.pageOptions().origins.split(',').map((o) => o.trim()).includes(url.origin)) {
        throw new Error(`the lesson ${url.href} is on another site that origins= does not list: list it, or copy the ` +
                        'file to this site, to put it in a package');
      }
      const reply = await fetch(url.href).catch((e) => {
        throw new Error(`the lesson ${url.href} could not be read (${e.message}): copy the file to this site to put it in a package`);
      });
      if (!reply.ok) throw new Error(`the lesson ${url.href} answered HTTP ${reply.status}`);
      // Its name in the package: the file's name as the band says it, as a plain file name ending
      // in .json (an address may end in '/', lesson.php or nothing an LMS would serve as JSON).
      const base = lessonName.replace(/\.json$/i, '').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
      const name = `lessons/custom/${(base || 'lesson').slice(0, 60)}.json`;
      lessonFiles.push({ name, bytes: new Uint8Array(await reply.arrayBuffer()) });
      launch.set('lesson', name);
    }
    const fragment = api.fragment() || '';
    const parameters = `?${launch.toString().replace(/%2C/g, ',').replace(/%2F/g, '/')}#${fragment}`;
    const share = params.pass ? Number(params.pass.replace('%', '')) * (params.pass.endsWith('%') ? 1 : 100) : null;
    const item = '<item identifier="attention-lesson" identifierref="attention-sco" isvisible="true"';
    if (!manifestText.includes(item + '>')) throw new Error('this site\'s imsmanifest.xml has no lesson item to launch');
    let manifest = manifestText.replace(item + '>', `${item} parameters="${escapeXml(parameters)}">`);
    // The LMS lists the item by the lesson's title in the page's language (the file's own text,
    // escaped): another lesson's, or the chapter's in Chinese (the manifest has it in English).
    const view = api.lessonView();
    if (view.loaded && view.lesson_title) {
      manifest = manifest.replace(/(<item identifier="attention-lesson"[^>]*>\s*<title>)[^<]*(<\/title>)/,
                                  (all, open, close) => open + escapeXml(view.lesson_title.slice(0, 200)) + close);
    }
    if (share !== null) manifest = manifest.replace(/(<item identifier="attention-lesson"[^>]*>\s*<title>[^<]*<\/title>)/,
                                                    `$1\n        <adlcp:masteryscore>${Math.round(share)}</adlcp:masteryscore>`);
    for (const { name } of lessonFiles) manifest = manifest.replace('</resource>', `  <file href="${escapeXml(name)}"/>\n    </resource>`);
    const files = [{ name: 'imsmanifest.xml', bytes: new TextEncoder().encode(manifest) }, ...lessonFiles];
    for (const name of names) {
      const reply = await fetch(name);
      if (!reply.ok) throw new Error(`${name} answered HTTP ${reply.status}: the package would be incomplete`);
      files.push({ name, bytes: new Uint8Array(await reply.arrayBuffer()) });
    }
    // Its file's name says what is in it beyond the chapter in English, so that a teacher's
    // packages (a lesson, its steps, its pass mark, a language) do not overwrite one another in
    // Downloads: attention-scorm12.zip, attention-scorm12-generation-steps-2-3-pass-80-zh-CN.zip.
    const lessonStem = (launch.get('lesson') || '').replace(/^.*\//, '').replace(/\.json$/, '');
    const parts = [lessonStem, launch.get('steps') && `steps-${launch.get('steps')}`,
                   share !== null && `pass-${Math.round(share)}`, launch.get('lang')].filter(Boolean);
    const name = ['attention-scorm12', ...parts].join('-').replace(/[^A-Za-z0-9_-]+/g, '-') + '.zip';
    return { blob: zip(files), name };
  }
  scormButton.addEventListener('click', () => {
    status.textContent = words('Building the SCORM package…');
    scormPackage().then(({ blob, name }) => {
      const link = el('a', { href: URL.createObjectURL(blob), download: name });
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      status.textContent = words('Downloaded {0} ({1} KB): import it into your LMS', name, Math.round(blob.size / 1000));
    }).catch((e) => { status.textContent = words('No package: {0}', e.message); });
  });

  // A lesson step lives in the lesson panel (its text and questions; while a question is open the
  // numbers it asks about are hidden): a step ticks the panel, and no panel means no step.
  const lessonBox = boxes.find((b) => b[0] === 'lesson')[1];
  for (const [, box] of boxes) box.addEventListener('change', () => { if (!lessonBox.checked) { step.value = '0'; wantedStep = 0; } apply(); });
  step.addEventListener('change', () => { autoStep = false; wantedStep = Number(step.value); if (step.value !== '0') lessonBox.checked = true; apply(); });
  theme.addEventListener('change', () => { api.setTheme(theme.value); render(); });
  for (const control of [printed, noScript, xapi]) control.addEventListener('change', render);
  for (const control of [steps, pass, activity, origins, title]) control.addEventListener('input', render);
  title.addEventListener('input', () => { titleEdited = true; });
  height.addEventListener('input', () => { heightEdited = true; render(); });
  api.onChange(() => { if (!dialog.hidden) render(); });  // contentHeight settles a frame later
  // ... or later still: a step's band grows when the lesson's files arrive.
  api.onEvent((kind) => { if (kind === 'content-height' && !dialog.hidden) render(); });
  // The lesson's file arrived (the maker opened before it had): its own steps are listed.
  api.onEvent((kind) => { if (kind === 'lesson-progress' || kind === 'lesson-unavailable') listSteps(); });
  // Another language while the maker is open: its words follow, the iframe's title too unless the
  // author wrote their own, and the snippet (which carries lang=) is made again.
  api.onEvent((kind) => {
    if (kind !== 'language-changed') return;
    for (const relabel of relabels) relabel();
    if (dialog.hidden) return;
    status.textContent = '';
    if (!titleEdited) {
      const panels = listedPanels(boxes.filter((b) => b[1].checked).map((b) => b[0]));
      title.value = describe({ step: Number(step.value) }, panels);
    }
    render();
  });
  copyButton.addEventListener('click', () => {
    if (!snippet.value) {  // nothing to copy: why is said again, now that the author asks
      const why = courseParams().errors.join('; ');
      const said = why ? words('No embed code until this is mended: {0}', why) : status.textContent;
      status.textContent = '';
      requestAnimationFrame(() => { status.textContent = said; });
      return;
    }
    const done = () => { status.textContent = words('Copied the embed code'); };
    const byHand = () => {
      snippet.focus();
      snippet.select();
      status.textContent = words('Selected: copy it with Ctrl+C (⌘C on a Mac)');
    };
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext)
      navigator.clipboard.writeText(snippet.value).then(done, byHand);
    else byHand();
  });
  const close = () => {
    dialog.hidden = true;
    if (phone) { phone.frame.remove(); phone = null; }
    if (themeBefore !== null) api.setTheme(themeBefore);
    api.setLessonCourse(pageCourse);
    document.getElementById('copy-embed').focus();
  };
  closeButton.addEventListener('click', close);
  dialog.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });

  window.attentionEmbedMaker = {
    open() {
      const state = api.getState();
      // No panels listed means the whole demo (docs/state-schema.md), its code behind its button.
      for (const [key, box] of boxes) box.checked = state.panels.length ? state.panels.includes(key) : WHOLE_DEMO.includes(key);
      // A page with a lesson= file is there for that lesson: its first step, not the book's
      // sentence behind a Start button (a teacher's walk embedded "none" and saw the book's).
      autoStep = !state.step && Boolean(api.pageOptions().lesson);
      wantedStep = state.step || (autoStep ? 1 : 0);
      listSteps();
      api.loadLesson();
      themeBefore = api.pageOptions().themeChoice;
      theme.value = themeBefore;
      heightEdited = false;
      titleEdited = false;
      watchTickedFor = -1;
      title.value = describe(state, state.panels);
      status.textContent = '';
      dialog.hidden = false;
      render();
      listSteps();  // the wanted step, if the lesson's file is here already
      boxes[0][1].focus();
    },
  };
})();
