// What the page's two text versions share (attention-lesson-reader.js: the lesson;
// attention-numbers-reader.js: the numbers and settings): building elements, the one polite
// status line (#announcer), the query position as a native select, settings changed by their link
// keys or through the state document (the demo's own validators refuse a bad value with their
// message, and nothing changes), and the panel that opens over the foot of the page while it has
// the focus.
(function () {
  'use strict';
  const api = window.attention;
  const announcer = document.getElementById('announcer');

  // Text and labels go through the page's words: in another language, a fixed English text the
  // language translates ("Leave the lesson") is shown in it; the lesson's own text comes translated.
  const words = (text) => (window.attention && window.attention.words ? window.attention.words(text) : text);
  const ASCII_WORDS = /^[\x20-\x7e]*[A-Za-z]{2}[\x20-\x7e]*$/;
  function element(tag, attributes = {}, ...children) {
    const e = document.createElement(tag);
    // Code is Python as the book prints it: read in English on a page in any language (WCAG 3.1.2).
    if (tag === 'code' && document.documentElement.lang !== 'en') e.lang = 'en';
    // So is a table cell of ASCII words (a token "journey", True, nan): the data's own language.
    // And an option of ASCII words (a class's name, MultiHeadAttention): an option holds text only,
    // so the option itself carries the language.
    if (/^(t[hd]|option)$/.test(tag) && document.documentElement.lang !== 'en' && ASCII_WORDS.test(words(attributes.text || ''))) e.lang = 'en';
    for (const [key, value] of Object.entries(attributes)) {
      if (key === 'text') continue;
      if (key === 'aria-label' || key === 'title') e.setAttribute(key, words(value));
      else if (key === 'onclick') e.addEventListener('click', value);
      else if (value === true) e.setAttribute(key, '');
      else if (value !== false && value !== undefined) e.setAttribute(key, value);
    }
    if ('text' in attributes) put(e, tag, words(attributes.text));
    for (const child of children) if (child) e.append(child);
    return e;
  }

  // In a Chinese sentence, a run of ASCII words (a token "journey", inputs[1], x @ W_query) is
  // English: its own span with lang="en", so a screen reader reads it with an English voice
  // (WCAG 3.1.2). Numbers and a single letter stay in the sentence's voice; an option holds text only.
  const WIDE = /[\u3000-\u9fff\uff00-\uffef]/;
  function put(e, tag, text) {
    if (document.documentElement.lang === 'en' || e.lang || tag === 'option' || !WIDE.test(text)) {
      e.textContent = text;
      return;
    }
    text.split(/([!-~](?:[ -~]*[!-~])?)/).forEach((part, i) => {
      if (i % 2 && /[A-Za-z]{2}/.test(part)) e.append(element('span', { lang: 'en' }, part));
      else if (part) e.append(part);
    });
  }

  function announce(text) {
    // A new text node each time: the same words twice are announced twice. Sentences joined with
    // ' ' lose the spaces beside a full-width mark, as Chinese sets them ("。答案", not "。 答案").
    announcer.textContent = '';
    announcer.append(typeof text === 'string' ? document.createTextNode(text.replace(/ *([\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]) */g, '$1')) : text);
  }

  // One status line for one change: what a key press says (n: a new step) and where the drawing's
  // keyboard focus went with it (the step's first choice) are one utterance, the change first;
  // else the focus would replace the change before it is read. A later key starts a new change.
  let lastSaid = '', saidAfterKey = false;
  document.addEventListener('keydown', () => { saidAfterKey = false; }, true);
  function say(text) {
    lastSaid = typeof text === 'string' ? text : '';
    saidAfterKey = true;
    announce(text);
  }
  // Where the drawing's keyboard focus is ("causal mask, not checked"): web/attention.js. After
  // the same key's change it is added to the line: the line is not atomic (aria-atomic="false" on
  // #announcer, where role=status would make it so), so a screen reader reads what was added, not
  // the step again. No space after a full-width mark, as Chinese sets it.
  function sayFocus(text) {
    if (!(saidAfterKey && lastSaid)) return announce(text);
    append(lastSaid, text);
  }
  // A full stop between them where the line's words end without one ("…then sum. 5, not checked").
  function append(before, text) {
    const joiner = /[\u3000-\u303f\uff00-\uffef]$/.test(before) ? '' : /[.!?:;)]$/.test(before) ? ' '
      : WIDE.test(before) ? '。' : '. ';
    announcer.append(document.createTextNode(`${joiner}${text}`));
  }
  // The numbers once a burst of edits has ended come after what the line says by then (the
  // drawing's focus, moved on meanwhile), not over it (a walk lost "…, selected, 1 of 4" to them).
  function sayAfter(text) {
    const now = announcer.textContent;
    if (!now) return announce(text);
    append(now, text);
  }

  // A refused change as the learner reads it, beside the field and on the status line alike:
  // "Not changed: " and the reason. The reason is the core's sentence in the page's language
  // where the demo has its words, else the API's English, then marked as English (lang="en")
  // so a screen reader reads it with an English voice. A node, or null for a change that went.
  function refusal(reply) {
    if (reply.ok) return null;
    const view = readView(() => api.numbersView());
    const [before, after] = api.words('Not changed: {0}', '\u0000').split('\u0000');
    const english = view?.refusal ? view.refusal_english : api.language().lang !== 'en';
    const reason = element('span', { lang: english ? 'en' : false });
    reason.textContent = view?.refusal || reply.error;
    const node = element('span', { class: 'refusal' });
    node.append(before, reason, after || '');
    return node;
  }

  // One setting by its link key (query, norm, project, scale, causal, module): applied on top of
  // what is shown, as a link's key would be, without copying the whole document (at 1024 x 1024
  // that is megabytes of JSON each way, for every arrow key on a select). {ok, error, said}: said,
  // the refusal's node as the status line says it (null when the change went).
  function changeSetting(key, value) {
    let reply;
    try { reply = api.applyLink(`#${key}=${encodeURIComponent(String(value))}`); } catch (e) { reply = { ok: false, error: e.message }; }
    reply.said = refusal(reply);
    if (reply.said) say(reply.said.cloneNode(true));
    return reply;
  }

  // change(state) edits the document in place; {ok, error, said}. A refusal is said, not dropped.
  // For what a learner types (its refusal names the field as the document does).
  function changeState(change) {
    let reply;
    try {
      const state = api.getState();
      change(state);
      reply = api.setState(state);
    } catch (e) { reply = { ok: false, error: e.message }; }
    reply.said = refusal(reply);
    if (reply.said) say(reply.said.cloneNode(true));
    return reply;
  }

  // The query position, as the Inputs panel's control. While a question asks which token a
  // position picks, the options give positions only, as the drawing does. after(): redraw.
  function queryControl(id, after) {
    let summary;
    try { summary = api.summary(); } catch (e) { return null; }
    const hideTokens = !!(summary.concealed && summary.concealed.query_token);
    const select = element('select', { id, 'data-focus': 'query' });
    // (The summary names the first 64 tokens; later positions are given by number.)
    for (let i = 0; i < summary.n; ++i) {
      const token = summary.tokens[i];
      const option = element('option', { value: String(i), text: hideTokens || token === undefined ? String(i) : `${i}: ${token}` });
      option.selected = i === summary.query;
      select.append(option);
    }
    select.addEventListener('change', () => {
      changeSetting('query', Number(select.value));
      after();
    });
    return element('p', { class: 'query-control' }, element('label', { for: id, text: 'Query position ' }), select);
  }

  // A text version's view from read() (an API call returning its JSON), with what the query
  // control shows folded in, so a change of either redraws; null while the demo is not running.
  function readView(read) {
    let view;
    try { view = read(); } catch (e) {
      // Not running yet, or the text fallback: nothing to show. Anything else is a bug to see.
      if (!/not ready/.test(e.message)) console.error(e);
      return null;
    }
    try {
      const summary = api.summary();
      view.query_control = [summary.query, summary.n, !!(summary.concealed && summary.concealed.query_token)];
    } catch (e) { /* no summary: no control */ }
    return view;
  }

  // A table of text cells: column headers, and each row's first cell as its row header.
  function dataTable(columns, rows, attributes = {}, ...before) {
    const head = element('tr');
    for (const h of columns) head.append(element('th', { scope: 'col', text: h }));
    const body = element('tbody');
    for (const row of rows) {
      const tr = element('tr', {}, element('th', { scope: 'row', text: row[0] }));
      for (const cell of row.slice(1)) tr.append(element('td', { text: cell }));
      body.append(tr);
    }
    return element('table', attributes, ...before, element('thead', {}, head), body);
  }

  // A pointer inside keeps the panel open (a click on its text takes the focus from it); a
  // pointer or the focus elsewhere closes it. Shift+Tab from its first control goes back to the
  // drawing. Escape does not: a screen reader's user presses it often (to leave a field, to stop
  // a menu), and a walk found it threw them out of the lesson into the drawing, which says less.
  function openWhileUsed(root) {
    root.addEventListener('focusin', () => place(root));
    root.addEventListener('pointerdown', () => { root.classList.add('open'); place(root); });
    document.addEventListener('pointerdown', (e) => { if (!root.contains(e.target)) root.classList.remove('open'); });
    document.addEventListener('focusin', (e) => { if (!root.contains(e.target)) root.classList.remove('open'); });
  }

  // Where the open panel stands: over the foot of the page; or, on a screen wide enough for three
  // columns of panels, down the side whose column holds none of the panels the lesson's step says
  // to watch (the layout's "highlight:" rectangles), so that a sighted keyboard user reads the step
  // beside what it asks them to watch instead of over it. Placed again as the focus moves in it
  // (a new step takes the focus to its heading).
  const SIDE_FROM_WIDTH = 1100;  // CSS px: the demo's three-column layout (src/ui/ui.cpp)
  const SIDE_MIN = 300, SIDE_MAX = 492;  // CSS px, the panel's padding and border included
  function place(root) {
    let side = '', width = 0;
    const canvas = document.getElementById('canvas');
    if (innerWidth >= SIDE_FROM_WIDTH && canvas) {
      let watched = [];
      try { watched = api.layout().filter((l) => l.name.startsWith('highlight:')); } catch (e) { /* not running yet */ }
      const left = canvas.getBoundingClientRect().left;
      // The room beside the watched panels on each side, less a margin.
      const right = innerWidth - 16 - Math.max(...watched.map((r) => left + r.x + r.w));
      const before = Math.min(...watched.map((r) => left + r.x)) - 16;
      if (watched.length && right >= SIDE_MIN) side = 'right', width = Math.min(SIDE_MAX, right);
      else if (watched.length && before >= SIDE_MIN) side = 'left', width = Math.min(SIDE_MAX, before);
    }
    root.classList.toggle('side-right', side === 'right');
    root.classList.toggle('side-left', side === 'left');
    // Its width through a property the side rules read (a closed panel keeps its 1 px); CSSOM:
    // allowed by the page's CSP.
    root.style.setProperty('--side-width', `${Math.floor(width)}px`);
  }

  // Placed again once the drawing shows a new step (its watched panels framed where they now are):
  // each animation frame until the demo has no frames left to draw, at most a second.
  function placeWhenDrawn(root) {
    let ticks = 0, quiet = 0;
    const tick = () => {
      place(root);
      let pending = 0;
      try { pending = api.stats().pending_frames; } catch (e) { /* not running yet */ }
      quiet = pending ? 0 : quiet + 1;
      if (quiet < 2 && ++ticks < 60) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  // A part of a text version fetched when first used (Practice and Debug this, a class's settings):
  // load() fetches src once; registered() says whether it ran and registered itself; drawn() redraws
  // when it came or failed. state(): null, 'loading' or 'failed' (fetched again only after forget()).
  function lateScript(src, registered, drawn) {
    let state = null;
    return {
      state: () => state,
      forget() { if (state === 'failed') state = null; },
      load() {
        if (registered() || state) return;
        state = 'loading';
        const script = element('script', { src });
        // Loaded but not registered (it failed as it ran): failed, not fetched again and again.
        script.onload = () => { state = registered() ? null : 'failed'; drawn(); };
        script.onerror = () => { script.remove(); state = 'failed'; drawn(); };
        document.head.append(script);
      },
    };
  }

  window.attentionTextVersion = { element, say, sayFocus, sayAfter, refusal, changeSetting, changeState, queryControl, readView, dataTable, openWhileUsed, placeWhenDrawn, lateScript };
})();
