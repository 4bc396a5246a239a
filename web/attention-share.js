// Deep links and sharing: the URL fragment follows the state (a debounced history.replaceState,
// never location.hash, which would fill the parent page's Back button inside an iframe), an
// address-bar edit (hashchange) applies the new link, and the "Copy link" / "Make an embed…"
// buttons use the clipboard, or show the text to copy by hand where the clipboard is refused.
(function () {
  'use strict';
  const api = window.attention;
  const URL_DELAY_MS = 400;

  // ---- the address bar follows the state

  let written = location.hash;  // the fragment we wrote last, so our own writes are not re-applied
  // Page options given in the fragment (#embed=1&theme=dark&lesson=...) stay there when the state
  // changes: a reload keeps a teacher's lesson, a course's steps and the language.
  const pageKeys = location.hash.slice(1).split('&').filter((pair) => api.pageKeys.includes(pair.split('=')[0]));
  let timer = 0;
  function writeUrlSoon() {
    clearTimeout(timer);
    timer = setTimeout(() => {
      let fragment;
      try { fragment = api.fragment(); } catch (e) { return; }
      // null: too large for a link (decided in C++ from a cheap bound, nothing serialised); the
      // address bar then drops the old view's link, so a reload does not bring back another view.
      showTooLarge(fragment === null);
      // Embedded: the reader bar's link opens this view on a page of its own.
      const full = document.getElementById('open-full');
      if (full) full.href = fragment !== null ? api.link() : location.href.replace(/[?#].*$/, '');
      const parts = (fragment !== null ? [fragment] : []).concat(pageKeys);
      const hash = parts.length ? '#' + parts.join('&') : '';
      if (hash === location.hash) { written = hash; return; }
      try {
        history.replaceState(history.state, '', location.href.replace(/#.*$/, '') + hash);
        written = location.hash;
      } catch (e) {
        // Sandboxed frames (opaque origin) may refuse; the link buttons still work.
      }
    }, URL_DELAY_MS);
  }

  window.addEventListener('hashchange', () => {
    if (location.hash === written) return;
    written = location.hash;
    api.whenUsable().then(() => {
      const outcome = api.applyLink(location.hash);
      if (!outcome.ok) console.warn('link: ' + outcome.error);
    });
  });

  // ---- copy buttons

  const bar = document.getElementById('share');
  const status = document.getElementById('share-status');
  const dialog = document.getElementById('share-dialog');
  const field = document.getElementById('share-text');
  let statusTimer = 0;

  function say(message, ms = 2500) {
    if (!status) return;
    status.textContent = message;
    clearTimeout(statusTimer);
    statusTimer = setTimeout(() => { status.textContent = tooLarge ? TOO_LARGE_NOTE : ''; }, ms);
  }

  // While the view is too large for a link, the bar says so instead of offering a link that cannot be.
  const TOO_LARGE_NOTE = 'Too large for a link: save it with Import / Export';
  let tooLarge = false;
  function showTooLarge(on) {
    if (on === tooLarge || !status) return;
    tooLarge = on;
    status.textContent = on ? TOO_LARGE_NOTE : '';
  }

  // Where the clipboard is refused (insecure page, an iframe without allow="clipboard-write",
  // an old browser), the text is shown selected, to copy by hand.
  function showText(what, text) {
    document.getElementById('share-dialog-title').textContent = `Copy the ${what} (Ctrl+C, or ⌘C on a Mac):`;
    field.value = text;
    dialog.hidden = false;
    field.focus();
    field.select();
  }

  function copy(what, make) {
    let text;
    try { text = make(); } catch (e) { say(e instanceof RangeError ? e.message : 'Not ready yet', 8000); return; }
    const done = () => say(`Copied the ${what}`);
    if (navigator.clipboard && navigator.clipboard.writeText && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, () => showText(what, text));
    } else {
      showText(what, text);
    }
  }

  if (bar) {
    // The language: the demo, the page's words and the lesson switch; the state and the learner's
    // record stay. A language that cannot load is said in the bar, and the choice goes back.
    const choice = document.getElementById('lang-choice');
    choice.value = api.language().lang;
    choice.addEventListener('change', () => {
      api.setLanguage(choice.value).then((result) => {
        if (!result.ok) say(result.error);
        choice.value = api.language().lang;
      });
    });
    api.onEvent((kind) => { if (kind === 'language-changed') choice.value = api.language().lang; });
    document.getElementById('copy-link').addEventListener('click', () => copy('link', api.link));
    // The embed maker (panels, theme, step, height, title; README: Embedding) loads on first use.
    document.getElementById('copy-embed').addEventListener('click', () => {
      if (window.attentionEmbedMaker) { window.attentionEmbedMaker.open(); return; }
      const script = Object.assign(document.createElement('script'), { src: 'attention-embed.js' });
      script.onload = () => window.attentionEmbedMaker.open();
      script.onerror = () => copy('embed code', () => api.embedCode());  // offline: the plain snippet
      document.head.appendChild(script);
    });
    document.getElementById('share-close').addEventListener('click', () => {
      dialog.hidden = true;
      document.getElementById('copy-link').focus();
    });
    dialog.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') document.getElementById('share-close').click();
    });
  }

  api.onChange(writeUrlSoon);
})();
