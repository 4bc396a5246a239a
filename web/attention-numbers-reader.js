// The panels' numbers and settings as HTML, for everyone the canvas leaves out: screen readers,
// keyboard users and an accessibility review. The settings the panels change (query position,
// normalisation, the trainable version, sqrt(d_k), the causal mask, the score multiplier, the
// book's classes) are native controls that change the state document; the numbers (inputs, the
// query's scores and weights, the context vector, the score and weight matrices, W_query, W_key,
// W_value, the book's classes' output and the sections of their panel) are tables with row and
// column headers, from attention.numbersView(), which the C++ core writes covered exactly as the
// panels are.
// Hidden until focus enters it, then a panel over the foot of the page, as the lesson's.
(function () {
  'use strict';
  const api = window.attention;
  const shared = window.attentionTextVersion;
  const root = document.getElementById('numbers-reader');
  const body = document.getElementById('numbers-reader-body');
  if (!api || !shared || !root || !body) return;
  const { element, changeSetting, changeState } = shared;
  const QUIET_MS = 150;  // during a drag the tables follow at most this often, not on every frame

  const NORMS = [['sum', '÷ sum'], ['softmax-naive', 'naive softmax'], ['softmax', 'softmax']];
  const CLASSES = [['', 'none'], ['self-attention-v1', 'SelfAttention_v1'], ['self-attention-v2', 'SelfAttention_v2'],
    ['causal-attention', 'CausalAttention'], ['multi-head-wrapper', 'MultiHeadAttentionWrapper'],
    ['multi-head-attention', 'MultiHeadAttention'], ['grouped-query-attention', 'GroupedQueryAttention'],
    ['sliding-window-attention', 'MultiHeadAttentionWithSWA']];

  let shown = '';
  let errorText = null;  // the last refusal (a node), shown beside the controls until a change succeeds
  let errorFor = null;   // the data-focus of the refused control: a redraw puts the line back under it
  let editing = null;   // the number field the learner is typing in: no redraw replaces it
  let committing = false;  // a field's change is being handled: Tab moves the focus only after it
  let lastKey = '';  // the last key pressed in here: a change by Tab waits for the focus to move

  // A refused change keeps the last good state and the typed text, and says why beside the
  // controls (and through the status line). edit: a function that edits the state document (what
  // is typed), or [key, value] for a setting a link can carry (a select, a check box).
  function change(edit) {
    const reply = typeof edit === 'function' ? changeState(edit) : changeSetting(...edit);
    // The refusal as the status line said it (in the page's language where the demo has the words).
    errorText = reply.said;
    const line = document.getElementById('numbers-reader-error');
    if (line) {
      line.replaceChildren(...(errorText ? [errorText.cloneNode(true)] : []));
      line.hidden = !errorText;
      // Right under the field it is about, where a magnified view still shows it (at 400% zoom
      // the panel's foot is screens away).
      const setting = document.activeElement?.closest('#numbers-reader-body .setting');
      const earlier = errorFor;
      errorFor = errorText && setting ? setting.querySelector('[data-focus]')?.getAttribute('data-focus') : null;
      // One line, one refused field: a field refused before this one shows the value in force
      // again, unmarked, rather than be described by this field's reason.
      const before = earlier !== errorFor && body.querySelector(`[data-focus="${earlier}"]`);
      if (before) {
        before.removeAttribute('aria-invalid');
        before.removeAttribute('aria-describedby');
        if (before.type === 'text') before.value = before.defaultValue;  // (a number field: the only kind refused)
      }
      placeRefusal();
      // The refused field says so itself while it holds the refused text; a change taken since
      // redraws it with the value in force, unmarked, and takes the line away (draw()).
      if (errorText && setting && document.activeElement.matches('input')) document.activeElement.setAttribute('aria-invalid', 'true');
      if (errorText) line.scrollIntoView({ block: 'nearest' });  // not under the panel's foot
    }
    if (reply.ok) refresh();
  }

  // The refusal's line right after the setting it is about (errorFor), not at the settings' foot.
  // The refused field alone is described by it (not every field on the page).
  function placeRefusal() {
    const field = errorText && errorFor && body.querySelector(`[data-focus="${errorFor}"]`);
    if (!field) return;
    field.setAttribute('aria-describedby', 'numbers-reader-error');
    field.closest('.setting').after(document.getElementById('numbers-reader-error'));
  }

  // A typed number as the document takes it; text that is no number goes as typed, so the
  // validator names it ("d_out must be a whole number ...") instead of it being dropped.
  const typedNumber = (field) => (field.value.trim() !== '' && Number.isFinite(Number(field.value)) ? Number(field.value) : field.value);

  function labelled(id, label, control) {
    control.id = id;
    control.setAttribute('data-focus', id);
    if (control.type === 'checkbox') return element('p', { class: 'setting check' }, control, element('label', { for: id, text: label }));
    return element('p', { class: 'setting' }, element('label', { for: id, text: label }), control);
  }

  function select(options, value, onChange) {
    const s = element('select', {});
    for (const [v, text] of options) {
      const option = element('option', { value: v, text });
      option.selected = v === value;
      s.append(option);
    }
    s.addEventListener('change', () => onChange(s.value));
    return s;
  }

  function checkbox(checked, onChange) {
    const box = element('input', { type: 'checkbox' });
    box.checked = checked;
    box.addEventListener('change', () => onChange(box.checked));
    return box;
  }

  function numberField(value, attributes, onChange) {
    const field = element('input', { type: 'text', inputmode: 'decimal', autocomplete: 'off', spellcheck: 'false', ...attributes });
    field.value = field.defaultValue = String(value);  // defaultValue: the value in force, after a refusal
    // Taken when the learner commits it (Enter or leaving the field), not on every keystroke.
    field.addEventListener('input', () => { editing = field; });
    // Tab commits the field (its change comes with the key) and then moves the focus: the
    // controls are drawn again once the focus has left the field (draw keeps it where it went),
    // not while the field is still there to be replaced under it. Enter: at once.
    field.addEventListener('change', () => {
      editing = null;
      committing = true;
      try { onChange(typedNumber(field)); } finally { committing = false; }
      if (lastKey !== 'Tab') { setTimeout(refresh, 0); return; }
      committing = true;  // no redraw until the focus has moved on
      const release = () => {
        if (!committing) return;
        committing = false;
        setTimeout(refresh, 0);
      };
      field.addEventListener('focusout', release, { once: true });
      setTimeout(release, 1000);  // a Tab that moved nothing (the last control)
    });
    return field;
  }

  // A class's own settings (seed, d_out, heads, dropout, groups, window, the KV cache, pad tokens)
  // and the cache's memory calculator are in attention-numbers-reader-classes.js, fetched when a
  // class is first chosen, as the classes' own code is: the first view runs no class. It draws
  // them with the tools here (shared.classSettings(c, tools) -> the settings' elements).
  const classesScript = shared.lateScript('attention-numbers-reader-classes.js', () => !!shared.classSettings,
                                          () => { shown = ''; refresh(); });
  function classSettings(c) {
    if (shared.classSettings) return shared.classSettings(c, tools);
    classesScript.load();
    if (classesScript.state() !== 'failed') return [element('p', { class: 'setting hint', role: 'status', text: api.words('The class\'s settings are on their way…') })];
    return [element('p', { class: 'setting wrong', role: 'status', text: api.words('The class\'s settings could not be fetched.') }),
            element('button', { type: 'button', 'data-focus': 'classes-again', text: 'Try again',
                                onclick: () => { classesScript.forget(); shown = ''; refresh(); } })];
  }

  function controls(c) {
    const parts = [shared.queryControl('numbers-reader-query', refresh),
      labelled('numbers-reader-norm', 'Weights by ', select(NORMS, c.norm, (v) => change(['norm', v]))),
      labelled('numbers-reader-projection', 'Trainable attention: W_query, W_key, W_value',
               checkbox(c.projection, (on) => change(['project', on ? 1 : 0])))];
    if (c.projection) {
      const projection = (key) => (v) => change((s) => { s.projection = { ...(s.projection || {}), enabled: true, [key]: v }; });
      parts.push(labelled('numbers-reader-d-out', 'd_out (columns of each W) ', numberField(c.d_out, {}, projection('d_out'))),
                 labelled('numbers-reader-seed', 'torch.manual_seed before the weights ', numberField(c.seed, {}, projection('seed'))),
                 labelled('numbers-reader-scale', 'Divide the scores by √d_k', checkbox(c.scale, (on) => change(['scale', on ? 1 : 0]))));
    }
    parts.push(labelled('numbers-reader-causal', 'Causal mask: each query sees itself and the tokens before it',
                        checkbox(c.causal, (on) => change(['causal', on ? 1 : 0]))),
               labelled('numbers-reader-lab-scale', 'Multiply the scores by ',
                        numberField(c.lab_scale, {}, (v) => change((s) => { s.lab_scale = v; }))),
               labelled('numbers-reader-module', 'The book\'s class run on these inputs ',
                        select(CLASSES, c.module, (v) => {
                          classesScript.forget();  // after a failure, another class fetches again
                          change(['module', v || 'none']);
                        })));
    // The class's own settings come with attention-numbers-reader-classes.js (below).
    if (c.module) parts.push(...classSettings(c));
    // Out of the reading order while it says nothing (the fields stay described by it).
    parts.push(element('p', { id: 'numbers-reader-error', class: 'wrong', hidden: !errorText }, errorText && errorText.cloneNode(true)));
    return element('fieldset', { class: 'settings' }, element('legend', { text: 'Settings' }), ...parts);
  }

  // What the class's settings are drawn with (attention-numbers-reader-classes.js).
  const tools = { labelled, select, checkbox, numberField, change, refresh, forget: () => { shown = ''; } };

  let bugsOpen = false;  // "Break it on purpose" stays as the learner left it across redraws
  // One embedding value, changed by keyboard: the drawing's typed cells and draggable arrow heads
  // (step 4 asks a learner to move an arrow) as three native controls: which token, which
  // dimension, the value. The first 32 tokens and dimensions, as the inputs' table lists them.
  let editToken = 0;
  let editDim = 0;
  function embeddingEditor(view) {
    const inputs = view.tables.find((t) => t.key === 'inputs');
    if (!inputs || !inputs.rows.length) return null;
    const dims = inputs.columns.length - 1;
    // Each row by its own token number ("40: step"): the table lists the first 32 and the query's.
    const numbers = inputs.rows.map((row) => parseInt(row[0], 10));
    if (!numbers.includes(editToken)) editToken = numbers[0];
    editDim = Math.min(editDim, dims - 1);
    const valueOf = () => inputs.rows[numbers.indexOf(editToken)][editDim + 1];
    // While a question asks which token a position picks, positions only, as the query controls.
    const positionsOnly = view.query_control && view.query_control[2];
    // Text that is no number goes as typed, and the validator names it.
    const value = numberField(valueOf(), {}, (v) => change((s) => {
      s.inputs[editToken][editDim] = v;
      s.example = '';  // the data is the learner's own now, as after an edit in the drawing
    }));
    const valueLabel = element('label', { for: 'numbers-reader-edit-value' });
    // Another cell chosen: the field and its label follow in place (a redraw would announce the
    // select again at every arrow key).
    const show = () => {
      value.value = value.defaultValue = valueOf();
      valueLabel.textContent = api.words('Value of inputs[{0}][{1}] ', editToken, editDim);
    };
    show();
    const tokens = select(inputs.rows.map((r, i) => [String(numbers[i]), positionsOnly ? String(numbers[i]) : r[0]]), String(editToken),
                          (v) => { editToken = Number(v); show(); });
    const dim = select(inputs.columns.slice(1).map((name, j) => [String(j), name]), String(editDim), (v) => { editDim = Number(v); show(); });
    value.id = 'numbers-reader-edit-value';
    value.setAttribute('data-focus', value.id);
    return element('fieldset', { class: 'settings' }, element('legend', { text: 'Change an embedding value' }),
      labelled('numbers-reader-edit-token', 'Token ', tokens), labelled('numbers-reader-edit-dim', 'Dimension ', dim),
      element('p', { class: 'setting' }, valueLabel, value));
  }

  function table(t, index) {
    const id = `numbers-reader-table-${index}`;
    const parts = [element('h3', { id, text: t.caption })];
    if (t.rows.length) {
      // A wide table scrolls sideways in its own box; the page never does (reflow at 320 px).
      parts.push(element('div', { class: 'table-scroll', 'data-label': id, 'data-focus': `table-${index}` },
        shared.dataTable(t.columns, t.rows, { 'aria-labelledby': id })));
    }
    if (t.note) parts.push(element('p', { class: 'hint', text: t.note }));
    return parts;
  }

  // A table wider than the panel is reached by Tab and scrolled with the arrow keys: a region
  // named by the table's heading. One that fits is no stop on the way and no landmark: its heading
  // and the table's name say it already (a walk heard each table's name three times, and ten
  // regions in the landmarks' list). Measured while the panel is open (closed, everything overflows).
  function markScrollable() {
    if (!root.matches(':focus-within, .open')) return;
    for (const box of body.querySelectorAll('.table-scroll')) {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      for (const [name, value] of [['tabindex', '0'], ['role', 'region'], ['aria-labelledby', box.dataset.label]]) {
        if (scrolls) box.setAttribute(name, value);
        else box.removeAttribute(name);
      }
    }
  }

  // The PyTorch code the code panel shows (drawn there, so a screen reader could only Copy it), as
  // text: a collapsed group whose code, covered as the panels are, comes with the deferred code
  // when it is first opened, and again with every redraw while it is open.
  let codeOpen = false;
  let codeAsked = 0;
  function pytorchCode() {
    const text = element('pre', { tabindex: '0', role: 'region', 'aria-label': 'PyTorch code', 'data-focus': 'code-text' });
    const details = element('details', { open: codeOpen },
      element('summary', { 'data-focus': 'code', text: 'PyTorch code: runs as it is; each print is followed by its output' }), text);
    const fill = () => {
      if (!details.open) return;
      const asked = ++codeAsked;
      text.textContent = api.words('The code is on its way…');
      api.pytorchCode().then((code) => { if (asked === codeAsked) text.textContent = code; },
                             (e) => { if (asked === codeAsked) text.textContent = api.words('No code: {0}. Close and open this again to try again.', e.message); });
    };
    // (Created open, it fires toggle too: that fills it, once.)
    details.addEventListener('toggle', () => { codeOpen = details.open; fill(); });
    return details;
  }

  // The control that last had the focus here: a redraw that finds the focus fallen to the page
  // (its element replaced by an earlier one, under load) puts it back there.
  let lastFocus = null;
  let lastFocusAt = -Infinity;
  function draw(view) {
    const hadFocus = root.contains(document.activeElement);
    const fell = document.activeElement === document.body && performance.now() - lastFocusAt < 2000;
    const focused = hadFocus ? document.activeElement.getAttribute('data-focus') : fell ? lastFocus : null;
    // The bugs the classes panel plants are one collapsed group, "Break it on purpose", after the
    // numbers: a learner opens it when a step asks them to plant one.
    const planted = view.tables.filter((t) => t.key.startsWith('planted:'));
    const parts = [controls(view.controls), embeddingEditor(view),
                   ...view.tables.filter((t) => !t.key.startsWith('planted:')).flatMap(table)].filter(Boolean);
    if (planted.length) {
      const details = element('details', { open: bugsOpen },
        element('summary', { 'data-focus': 'planted', text: 'Break it on purpose: the bugs the classes panel plants' }),
        ...planted.flatMap((t) => table(t, `planted-${t.key.slice(8)}`)));
      details.addEventListener('toggle', () => { bugsOpen = details.open; markScrollable(); });
      parts.push(details);
    }
    parts.push(pytorchCode());
    body.replaceChildren(...parts);
    // A refusal the demo no longer holds (a change since was taken, here or in the drawing, as the
    // drawing's own "Not changed:" line goes): its line goes too, rather than quote text the
    // redrawn field no longer shows. One still held stays under its own control.
    if (errorText && !view.refusal) {
      errorText = errorFor = null;
      const line = document.getElementById('numbers-reader-error');
      if (line) { line.replaceChildren(); line.hidden = true; }
    }
    placeRefusal();
    markScrollable();  // first: a wide table the focus was on is focusable again
    if (focused) body.querySelector(`[data-focus="${focused}"]`)?.focus();
  }

  // Focus that fell to the page since a control here had it (its element replaced): back on the
  // control that stands in its place.
  function restoreFocus() {
    if (document.activeElement !== document.body || !lastFocus || performance.now() - lastFocusAt > 2000) return;
    body.querySelector(`[data-focus="${lastFocus}"]`)?.focus();
  }

  function refresh() {
    if (committing) return;  // drawn when the commit is done
    const view = shared.readView(() => api.numbersView());
    if (!view) return;
    const drawn = { ...view };
    delete drawn.refusal;  // change()'s to say, not a reason to redraw (it would replace what was typed)
    delete drawn.refusal_english;
    const json = JSON.stringify(drawn);
    if (json === shown) return restoreFocus();
    // Never under the learner's typing: a field being edited keeps its text until committed.
    if (editing && editing === document.activeElement) return;
    shown = json;
    draw(view);
  }

  // A single change (a step, a reveal, a setting) is drawn at once, and so is any change of what
  // the lesson covers: it is covered here in the same moment. A burst (a drag) is drawn at most
  // once per QUIET_MS, and once more when it ends.
  let timer = 0;
  let lastDrawn = -Infinity;
  let lastCovers = '';
  function soon() {
    clearTimeout(timer);
    const now = performance.now();
    let covers = '';
    try { covers = JSON.stringify(api.summary().concealed); } catch (e) { /* not running */ }
    // What the lesson covers changed (a step, a reveal): never a moment late.
    const coversChanged = covers !== lastCovers;
    lastCovers = covers;
    if (coversChanged || now - lastDrawn >= QUIET_MS) {
      lastDrawn = now;
      refresh();
    } else {
      timer = setTimeout(() => { lastDrawn = performance.now(); refresh(); }, QUIET_MS);
    }
  }

  api.whenUsable().then(() => {
    // A link refused as the page opened (the canvas says it under its title): said here too, on
    // the status line and under the settings, for a learner who does not see the canvas.
    // (The page's language may come after: then it is said again, in that language.)
    let linkRefusal = false;
    const sayLinkRefusal = () => {
      const opened = shared.readView(() => api.numbersView());
      if (!opened || !opened.refusal) return;
      errorText = shared.refusal({ ok: false, error: opened.refusal });
      linkRefusal = true;
      shared.say(errorText.cloneNode(true));
    };
    sayLinkRefusal();
    refresh();
    api.onChange(soon);
    api.onEvent((kind) => {
      if (kind === 'language-changed') {
        shown = '';  // the same numbers, in other words
        if (linkRefusal && errorText) sayLinkRefusal();
      }
      soon();
    });
    root.addEventListener('keydown', (e) => { lastKey = e.key; }, true);
    root.addEventListener('pointerdown', () => { lastKey = ''; }, true);
    // Drawn after the focus has landed, not inside its own focus event (a focus() there may be
    // lost to the page).
    root.addEventListener('focusin', (e) => {
      lastFocus = e.target.getAttribute?.('data-focus') || null;
      lastFocusAt = performance.now();
      setTimeout(() => { refresh(); markScrollable(); }, 0);
    });
    root.addEventListener('focusout', (e) => { if (e.relatedTarget && !root.contains(e.relatedTarget)) lastFocus = null; });
    root.addEventListener('pointerdown', () => requestAnimationFrame(markScrollable));
    window.addEventListener('resize', markScrollable);
    shared.openWhileUsed(root);
  }, () => {});
})();
