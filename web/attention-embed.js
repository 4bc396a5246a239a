// "Make an embed…": the author's tool for an <iframe> snippet (README: Embedding), loaded by
// attention-share.js the first time its button is pressed, so readers never download it. The
// author picks the panels, the theme and the lesson step; the view behind the dialog follows, as
// the preview; the dialog suggests a height from what that view needs, names it in the iframe's
// title, and shows the snippet to copy.
(function () {
  'use strict';
  const api = window.attention;
  const PANELS = [['inputs', 'Inputs and the query'], ['plot', 'Embedding view'], ['loop', 'The score loop'],
                  ['weights', 'Scores to weights'], ['heatmaps', 'All queries at once (heatmaps)'],
                  ['projection', 'Trainable attention'], ['module', "The book's classes (nn.Linear, masks, dropout, heads)"],
                  ['lesson', 'Guided lesson'], ['code', 'PyTorch code']];
  const READER_BAR_PX = 32;  // the embed's "Open the full demo" line under the demo

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
    return [key, box, el('label', { htmlFor: box.id }, box, ' ' + label)];
  });
  const theme = el('select', { id: 'embed-theme' },
                   ...['light', 'dark', 'auto'].map((t) => el('option', { value: t }, t === 'auto' ? 'the reader\'s setting' : t)));
  const step = el('select', { id: 'embed-step' }, el('option', { value: '0' }, 'none: free exploration'),
                  ...Array.from({ length: 14 }, (_, i) => el('option', { value: String(i + 1) }, `step ${i + 1}`)));
  const height = el('input', { type: 'number', id: 'embed-height', min: 200, max: 3000, step: 10 });
  const title = el('input', { type: 'text', id: 'embed-title' });
  const printed = el('input', { type: 'checkbox', id: 'embed-print' });
  const snippet = el('textarea', { id: 'embed-snippet', readOnly: true, rows: 5, spellcheck: false });
  const status = el('span', { id: 'embed-status' });
  status.setAttribute('role', 'status');
  const copyButton = el('button', { type: 'button', id: 'embed-copy' }, 'Copy the embed code');
  const closeButton = el('button', { type: 'button', id: 'embed-close' }, 'Close');
  const field = (label, control) => el('label', { className: 'embed-field' }, label, control);
  dialog.append(
    el('p', { id: 'embed-maker-title', className: 'embed-heading' }, 'Make an embed: the view behind is the preview'),
    el('fieldset', {}, el('legend', {}, 'Panels'), ...boxes.map((b) => b[2])),
    field('Theme ', theme), field('Lesson step ', step), field('Height (px) ', height), field('Title ', title),
    el('label', { htmlFor: printed.id, className: 'embed-field' }, printed,
       ' For print and PDF: the numbers as a figure, shown instead when the page is printed (it shows every number, answers included)'),
    snippet, el('div', { className: 'embed-actions' }, copyButton, closeButton, status));
  document.body.appendChild(dialog);

  let heightEdited = false;
  // The iframe's title names the view, for screen-reader users of the course page.
  function describe(state, panels) {
    const names = panels.map((p) => PANELS.find((x) => x[0] === p)[1].toLowerCase());
    const what = names.length === PANELS.length ? 'all panels' : names.join(', ');
    return `Interactive demo: how attention scores are computed (${what}${state.step ? `; lesson step ${state.step}` : ''})`;
  }

  function suggestedHeight() {
    const need = api.contentHeight();
    return Math.min(3000, Math.max(300, Math.ceil((need || 600) + READER_BAR_PX)));
  }

  // The iframe with the view's figure beside it (attention.svg(), the figure attention-cli --svg
  // draws), hidden on screen and shown instead of the frame when the course page is printed: a
  // WebGL canvas inside an iframe prints blank in most browsers.
  function withFigure(frame) {
    const figure = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(api.svg())}`;
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
    const status = api.lessonStatus();
    const wanted = Number(step.value);
    if (wanted === 0 || watchTickedFor === wanted || status.step !== wanted || status.lesson === '') return false;
    watchTickedFor = wanted;
    let changed = false;
    for (const key of status.watch) {
      const box = boxes.find((b) => b[0] === key);
      if (box && !box[1].checked) { box[1].checked = true; changed = true; }
    }
    return changed;
  }

  function render() {
    if (!dialog.hidden && tickWatched()) { apply(); return; }
    try {
      if (!heightEdited) height.value = String(suggestedHeight());
      const frame = api.embedCode({ theme: theme.value, height: height.value, title: title.value });
      snippet.value = printed.checked ? withFigure(frame) : frame;
    } catch (e) {
      snippet.value = '';
      status.textContent = e.message;
    }
  }

  // The choices go to the live view (the preview); the snippet is rebuilt once it has drawn.
  function apply() {
    const state = api.getState();
    const panels = boxes.filter((b) => b[1].checked).map((b) => b[0]);
    if (!panels.length) { status.textContent = 'Pick at least one panel'; return; }
    const next = { ...state, panels, step: Number(step.value) };
    const result = api.setState(next);
    if (result && result.ok === false) { status.textContent = result.error; return; }
    status.textContent = '';
    title.value = describe(next, panels);
    requestAnimationFrame(() => requestAnimationFrame(render));
  }

  // A lesson step lives in the lesson panel (its text and questions; while a question is open the
  // numbers it asks about are hidden): a step ticks the panel, and no panel means no step.
  const lessonBox = boxes.find((b) => b[0] === 'lesson')[1];
  for (const [, box] of boxes) box.addEventListener('change', () => { if (!lessonBox.checked) step.value = '0'; apply(); });
  step.addEventListener('change', () => { if (step.value !== '0') lessonBox.checked = true; apply(); });
  theme.addEventListener('change', render);
  printed.addEventListener('change', render);
  height.addEventListener('input', () => { heightEdited = true; render(); });
  title.addEventListener('input', render);
  api.onChange(() => { if (!dialog.hidden) render(); });  // contentHeight settles a frame later
  // ... or later still: a step's band grows when the lesson's files arrive.
  api.onEvent((kind) => { if (kind === 'content-height' && !dialog.hidden) render(); });
  copyButton.addEventListener('click', () => {
    const done = () => { status.textContent = 'Copied the embed code'; };
    const byHand = () => {
      snippet.focus();
      snippet.select();
      status.textContent = 'Selected: copy it with Ctrl+C (⌘C on a Mac)';
    };
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext)
      navigator.clipboard.writeText(snippet.value).then(done, byHand);
    else byHand();
  });
  const close = () => { dialog.hidden = true; document.getElementById('copy-embed').focus(); };
  closeButton.addEventListener('click', close);
  dialog.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });

  window.attentionEmbedMaker = {
    open() {
      const state = api.getState();
      // No panels listed means all of them (docs/state-schema.md).
      for (const [key, box] of boxes) box.checked = !state.panels.length || state.panels.includes(key);
      step.value = String(state.step || 0);
      theme.value = api.pageOptions().themeChoice;
      heightEdited = false;
      watchTickedFor = -1;
      title.value = describe(state, state.panels.length ? state.panels : PANELS.map((p) => p[0]));
      status.textContent = '';
      dialog.hidden = false;
      render();
      boxes[0][1].focus();
    },
  };
})();
