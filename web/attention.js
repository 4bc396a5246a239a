// The page side of the demo: Emscripten's Module settings, the window.attention API, the page
// options (embed mode, theme, reduced motion), waking the paused main loop on input and pausing it
// while hidden or off-screen, keyboard focus in and out of the canvas, and the screen-reader
// mirror of the numbers. attention-share.js (links) and attention-messages.js (postMessage) build
// on the API. No inline script and no eval, so the page runs under a strict Content-Security-Policy.
(function () {
  'use strict';

  const canvas = document.getElementById('canvas');
  const statusBox = document.getElementById('status');
  const statusText = document.getElementById('status-text');
  const progress = document.getElementById('progress');
  let resolveReady, rejectReady, resolveUsable;
  const ready = new Promise((resolve, reject) => { resolveReady = resolve; rejectReady = reject; });
  ready.catch(() => {});  // failures are reported on the page; callers may still await it
  // Resolves once the state API answers: at the first frame, or when the page fell back to text.
  const usable = new Promise((resolve) => { resolveUsable = resolve; });
  let runtimeReady = false;
  let failed = null;
  const changeListeners = new Set();
  const eventListeners = new Set();
  let contentHeight = 0;  // CSS px the page needs: the canvas's content and the embed's bar
  let canvasContentHeight = 0;  // CSS px the canvas's content needs, as C++ last said (onContentHeight)
  let focusWords = '';  // where the drawing's keyboard focus last was, in words (onKeyboardFocus)

  // ---- page options: read from ?query and #fragment (the fragment wins), never part of the state

  const PAGE_KEYS = ['embed', 'theme', 'origins', 'xapi', 'lesson', 'steps', 'pass', 'remember', 'activity',
                     'registration', 'lang'];
  function readPageParams() {
    const params = new Map();
    for (const text of [location.search.slice(1), location.hash.slice(1)]) {
      try {
        for (const [key, value] of new URLSearchParams(text)) if (PAGE_KEYS.includes(key)) params.set(key, value);
      } catch (e) { /* a malformed query string gives no options */ }
    }
    return params;
  }
  const params = readPageParams();
  let framed = false;
  try { framed = window.self !== window.top; } catch (e) { framed = true; }
  const embed = params.get('embed') === '1' || (framed && params.get('embed') !== '0');
  let themeChoice = params.get('theme') || 'light';
  let themeProblem = '';  // said in the demo once it answers (onAppReady), as a refused input is
  if (!['light', 'dark', 'auto'].includes(themeChoice)) {
    themeProblem = `theme=${themeChoice.slice(0, 20)} is not light, dark or auto: showing light`;
    themeChoice = 'light';
  }
  const darkQuery = window.matchMedia ? window.matchMedia('(prefers-color-scheme: dark)') : null;
  const motionQuery = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  // A finger until a mouse says otherwise on a touch-first device (a phone): the demo's touch rules
  // (bigger targets, an embedded view that a swipe scrolls past) hold from the first frame.
  let lastPointerTouch = !!window.matchMedia && window.matchMedia('(pointer: coarse)').matches;

  // A lesson= address as the page reads it: builtIn, the name of a lesson the demo ships
  // ('chapter-3', 'generation') however the link spells it (lessons/en/..., ./lessons/..., the full
  // address on this site), else ''; name, the file's own name, decoded ('my lesson.json').
  const BUILT_IN_LESSON = /\/lessons\/(en|zh-CN)\/(chapter-3|generation)\.json$/;
  const LESSON_NAME = /^(chapter-3|generation)$/;  // lesson=generation: a built-in lesson by its name
  function lessonFileOf(file) {
    if (LESSON_NAME.test(file)) return { builtIn: file, name: `${file}.json` };
    let builtIn = '', name = file;
    try {
      const url = new URL(file, location.href);
      const match = url.origin === location.origin && BUILT_IN_LESSON.exec(url.pathname);
      builtIn = match ? match[2] : '';
      name = url.pathname.split('/').filter(Boolean).pop() || url.hostname;
    } catch (e) { /* not an address: said when the lesson starts */ }
    try { name = decodeURIComponent(name); } catch (e) { /* a stray '%': as written */ }
    return { builtIn, name };
  }
  const lessonParam = params.get('lesson') || '';  // the page's link does not change
  const lessonFile = lessonParam ? lessonFileOf(lessonParam) : { builtIn: '', name: '' };
  function pageOptions() {
    const dark = themeChoice === 'dark' || (themeChoice === 'auto' && !!darkQuery && darkQuery.matches);
    return { embed, framed, theme: dark ? 'dark' : 'light', themeChoice,
             reducedMotion: !!motionQuery && motionQuery.matches, touch: lastPointerTouch,
             origins: params.get('origins') || '', xapi: params.get('xapi') || '', lesson: lessonParam,
             lessonBuiltIn: lessonFile.builtIn, lessonName: lessonFile.name };
  }
  // ?origins=: the hosts this demo talks to; none listed, any host.
  const allowedOrigins = () => pageOptions().origins.split(',').map((o) => o.trim().replace(/\/$/, '')).filter(Boolean);
  let saidBadOrigin = false;
  // Messages to the page that frames the demo: to the ?origins= allowlist, or to any parent without one.
  function tellParent(...messages) {
    if (!framed) return;
    for (const target of allowedOrigins().length ? allowedOrigins() : ['*']) {
      try {
        for (const message of messages) window.parent.postMessage(message, target);
      } catch (e) {  // a malformed origin in the list: the others still get it, and the page says so once
        if (!saidBadOrigin) queueMicrotask(() => refuse(`origins=${target.slice(0, 60)} is not a site's origin: write it as https://lms.your-school.edu`));
        saidBadOrigin = true;
      }
    }
  }
  // The bits platform/browser.cpp reads (attn_js_page_bits) and attn_set_page_options takes.
  // 16: the page may lead on to the demo's lesson after this one: it runs the demo's own chapter,
  // and no course grades it (pass=, steps=, xapi=1, the SCORM package's adapter; a host's
  // setLessonCourse is the engine's to see).
  const leadsOn = () => (!lessonParam || lessonFile.builtIn === 'chapter-3') &&
    !(params.get('pass') || params.get('steps') || params.get('xapi') === '1' || window.attentionScorm);
  function pageBits(o) {
    return (o.embed ? 1 : 0) | (o.theme === 'dark' ? 2 : 0) | (o.reducedMotion ? 4 : 0) | (o.touch ? 8 : 0) |
           (leadsOn() ? 16 : 0);
  }
  function applyPageOptions() {
    const o = pageOptions();
    document.documentElement.dataset.theme = o.theme;
    document.documentElement.classList.toggle('embed', o.embed);
    window.Module.pageBits = pageBits(o);
    if (runtimeReady) Module._attn_set_page_options(window.Module.pageBits);
  }
  for (const query of [darkQuery, motionQuery]) {
    if (query && query.addEventListener) query.addEventListener('change', applyPageOptions);
  }

  // ---- calling into C

  function showError(message) {
    failed = message;
    statusBox.hidden = false;
    statusBox.classList.add('error');
    statusText.textContent = message;
    rejectReady(new Error(message));
  }

  // Text crosses into C++ as UTF-8 bytes with their length, through the heap (a document may be
  // megabytes long): a NUL inside it is one more byte the parser refuses, never the end of the
  // text. Two checks come first, before anything is allocated: text over its limit (a 1 GB
  // string would otherwise grow the wasm heap past what it can hold and abort the page), and a
  // lone surrogate, which is not text at all (Emscripten's own encoder would pair it with the next
  // character and turn invalid JSON into a different, valid document).
  const MiB = 1024 * 1024;
  const LIMITS = {
    attn_load_lesson: 512 * 1024,                         // kMaxCatalogBytes (a lesson file: 256 KiB)
    attn_lesson_unavailable: 4096,
    attn_lesson_file: 4096,
    attn_lesson_restore: 8192,                            // a record is at most 4096 characters
    attn_lesson_set_range: 256,
    attn_lesson_set_pass: 256,
    attn_lesson_intent: 4096,                             // a typed practice answer
    attn_set_state: 16 * MiB,                             // kMaxDocumentBytes
    attn_apply_fragment: 4 * Math.ceil(16 * MiB / 3) + 4096,  // kMaxFragmentBytes
    attn_text_input: 64 * 1024,
    attn_page_refused: 4096,
    attn_paste: 16 * MiB,
    attn_set_language: 256 * 1024,                        // kMaxInterfaceTextBytes
  };
  const encoder = new TextEncoder();

  // The position of the first unpaired surrogate in text, or -1.
  function loneSurrogateAt(text) {
    if (typeof text.isWellFormed === 'function' && text.isWellFormed()) return -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) {
        const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
        if (next >= 0xdc00 && next <= 0xdfff) { i++; continue; }
        return i;
      }
      if (c >= 0xdc00 && c <= 0xdfff) return i;
    }
    return -1;
  }

  // Why text may not cross into name, or null when it may. what names the text in the message.
  function refuseText(name, text, what) {
    const limit = LIMITS[name];
    // Every UTF-16 unit is at least one UTF-8 byte: over the limit in units is over it in bytes.
    if (text.length > limit) {
      return `${what} is ${text.length} characters long but the limit is ${limit} bytes: use fewer tokens`;
    }
    const bad = loneSurrogateAt(text);
    if (bad >= 0) {
      const unit = text.charCodeAt(bad).toString(16).toUpperCase();
      return `${what} has a lone surrogate \\u${unit} at character ${bad}: it is not valid Unicode ` +
        '(a surrogate must come in a high-low pair); remove it or write the whole character';
    }
    return null;
  }

  // Calls the export name(ptr, length, ...extra) with text's UTF-8 bytes and returns the string it
  // returns, or {refused: message} when the text may not cross (nothing is allocated then).
  function callWithText(name, text, what, ...extra) {
    const refused = refuseText(name, text, what);
    if (refused) return { refused };
    const bytes = encoder.encode(text);
    if (bytes.length > LIMITS[name]) {
      return { refused: `${what} is ${bytes.length} bytes long in UTF-8 but the limit is ${LIMITS[name]} bytes: use fewer tokens` };
    }
    const ptr = Module._malloc(Math.max(1, bytes.length));
    if (!ptr) return { refused: `${what} is too large for the memory this page has` };
    try {
      Module.HEAPU8.set(bytes, ptr);  // HEAPU8 read after malloc: a grown heap has a new view
      return Module.UTF8ToString(Module['_' + name](ptr, bytes.length, ...extra));
    } finally {
      Module._free(ptr);
    }
  }
  // Chrome accepts URLs up to 2 MB; a longer view stays out of the address bar and out of links.
  const MAX_LINK_FRAGMENT = 1000000;
  const TOO_LARGE_FOR_A_LINK = 'This view is too large for a link (over 1 MB): save it with Import / Export ' +
    'in the Inputs panel, or use fewer tokens';

  function callString(name) { return Module.UTF8ToString(Module['_' + name]()); }

  // Calls the export name(ptr, length, ptr, length, ..., ...extra) with each text's UTF-8 bytes:
  // as callWithText, for exports that take several texts.
  function callWithTexts(name, texts, what, ...extra) {
    const pointers = [];
    try {
      const args = [];
      for (const text of texts) {
        const refused = refuseText(name, text, what);
        if (refused) return { refused };
        const bytes = encoder.encode(text);
        if (bytes.length > LIMITS[name]) return { refused: `${what} is ${bytes.length} bytes long but the limit is ${LIMITS[name]}` };
        const ptr = Module._malloc(Math.max(1, bytes.length));
        if (!ptr) return { refused: `${what} is too large for the memory this page has` };
        pointers.push(ptr);
        Module.HEAPU8.set(bytes, ptr);
        args.push(ptr, bytes.length);
      }
      return Module.UTF8ToString(Module['_' + name](...args, ...extra));
    } finally {
      for (const ptr of pointers) Module._free(ptr);
    }
  }

  // ---- the learner's language (docs/translating.md): ?lang=zh-CN, else on the full page the
  // browser's first language the demo has, else English. English is compiled in; another language
  // is its interface text (lessons/<lang>/interface.json) and the glyphs its script needs
  // (fonts/<lang>.otf), fetched only when it is chosen, and its lessons (lessons/<lang>/).
  const LANGUAGES = { en: 'English', 'zh-CN': '中文（简体）' };
  // 'zh', 'zh-cn', 'zh-Hans-CN' -> 'zh-CN'; 'en-GB' -> 'en'; a language the demo lacks -> null.
  function languageOf(tag) {
    const t = String(tag || '').toLowerCase();
    if (t === 'en' || t.startsWith('en-')) return 'en';
    if (t === 'zh' || t === 'zh-cn' || t === 'zh-sg' || t.startsWith('zh-hans') || t.startsWith('zh-cn-')) return 'zh-CN';
    return null;
  }
  function chooseLanguage() {
    const asked = params.get('lang');
    if (asked) {
      return languageOf(asked) ? { lang: languageOf(asked) }
        : { lang: 'en', error: `lang=${asked.slice(0, 20)} is not a language this demo has ` +
                               `(${Object.keys(LANGUAGES).join(', ')}): showing English` };
    }
    if (!embed) {
      for (const tag of navigator.languages || [navigator.language]) if (languageOf(tag)) return { lang: languageOf(tag) };
    }
    return { lang: 'en' };
  }
  const chosenLanguage = chooseLanguage();
  let lang = chosenLanguage.lang;
  document.documentElement.lang = lang;
  const languageFiles = new Map();  // lang -> Promise of {words, glyphs}
  function fetchLanguageFiles(code) {
    if (!languageFiles.has(code)) {
      const get = (url) => fetch(url).then((r) => {
        if (!r.ok) throw new Error(`${url} answered HTTP ${r.status}`);
        return r;
      });
      const files = Promise.all([get(`lessons/${code}/interface.json`).then((r) => r.text()),
                                 get(`fonts/${code}.otf`).then((r) => r.arrayBuffer())])
        .then(([words, font]) => ({ words, glyphs: new Uint8Array(font) }));
      files.catch(() => languageFiles.delete(code));  // a later choice tries again
      languageFiles.set(code, files);
    }
    return languageFiles.get(code);
  }
  // A language's files with the deferred code, which reads them (app_set_language is deferred:
  // the English page never downloads it). The deferred code links against the page's wasm, so it
  // is fetched once that runs.
  function fetchLanguage(code) {
    const files = code === 'en' ? Promise.resolve({ words: '', glyphs: new Uint8Array(0) }) : fetchLanguageFiles(code);
    return Promise.all([files, deferredCodeLoaded()]).then(([f]) => f);
  }
  // Another language's files are fetched from the start, beside the wasm, so the first frames can
  // already speak it.
  if (lang !== 'en') fetchLanguageFiles(lang).catch(() => {});
  // The page's own words (headings, buttons, labels, the screen reader's texts) in the language:
  // interface.json's "page" map, keyed by the English the HTML and the text versions write.
  let pageWords = Object.create(null);
  const englishOf = new WeakMap();  // text node (or the document, for its title) -> the English it had
  // What the page writes itself; the text versions redraw in the language, and the mirror holds
  // the learner's own tokens, which are never translated.
  const OWN_WORDS_SKIP = '#lesson-reader-body, #numbers-reader-body, #summary, #mirror-table tbody, #share-status, #fallback-reason';
  const englishAttributes = new WeakMap();  // element -> {attribute: the English it had}
  // words('Practice: {0}', title): the language's text with the values in place of {0}, {1}.
  function words(english, ...values) {
    const text = Object.prototype.hasOwnProperty.call(pageWords, english) ? pageWords[english] : english;
    return values.length ? text.replace(/\{(\d)\}/g, (all, k) => (k < values.length ? String(values[k]) : all)) : text;
  }
  function translatePage() {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => (node.parentElement && node.parentElement.closest(OWN_WORDS_SKIP)
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT) });
    const known = (english) => Object.prototype.hasOwnProperty.call(pageWords, english);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const english = englishOf.has(node) ? englishOf.get(node) : node.nodeValue.trim();
      if (!english || !(known(english) || englishOf.has(node))) continue;
      englishOf.set(node, english);
      const said = words(english);
      const now = node.nodeValue.trim();
      if (now !== said) node.nodeValue = node.nodeValue.replace(now, () => said);
    }
    for (const element of document.querySelectorAll('[aria-label], [aria-roledescription]')) {
      if (element.closest(OWN_WORDS_SKIP)) continue;
      const original = englishAttributes.get(element) || {};
      for (const attribute of ['aria-label', 'aria-roledescription']) {
        if (!element.hasAttribute(attribute)) continue;
        const english = original[attribute] || element.getAttribute(attribute);
        if (!known(english) && !original[attribute]) continue;
        original[attribute] = english;
        element.setAttribute(attribute, words(english));
      }
      englishAttributes.set(element, original);
    }
    if (!englishOf.has(document)) englishOf.set(document, document.title);
    document.title = words(englishOf.get(document));
  }
  // Hands a language's files to the demo: "" when applied, else why not. Applied, the page says so
  // on <html data-language="zh-CN"> (what tests and a host's styles can wait for).
  function applyLanguageFiles(files, code) {
    const refused = refuseText('attn_set_language', files.words, 'the interface text');
    if (refused) return refused;
    const wordBytes = encoder.encode(files.words);
    const wordsPtr = Module._malloc(Math.max(1, wordBytes.length));
    const glyphsPtr = Module._malloc(Math.max(1, files.glyphs.length));
    try {
      if (!wordsPtr || !glyphsPtr) return 'the language\'s files are too large for the memory this page has';
      Module.HEAPU8.set(wordBytes, wordsPtr);
      Module.HEAPU8.set(files.glyphs, glyphsPtr);
      const error = Module.UTF8ToString(Module._attn_set_language(wordsPtr, wordBytes.length, glyphsPtr, files.glyphs.length));
      if (!error) {
        // Only text: a hostile file's objects or numbers are left out (the C++ reader checked its strings).
        pageWords = Object.create(null);
        try {
          const page = files.words ? JSON.parse(files.words).page : null;
          for (const [key, value] of Object.entries(page && typeof page === 'object' ? page : {})) {
            if (typeof value === 'string' && value.length <= 2000) pageWords[key] = value;
          }
        } catch (e) { /* the C++ reader has named what is wrong with the file */ }
        translatePage();
        updateMirror();  // the screen reader's summary, in the new words
        nameLessonFile();  // the band's name for the lesson after the chapter, too
        document.documentElement.dataset.language = code;
      }
      return error;
    } finally {
      if (wordsPtr) Module._free(wordsPtr);
      if (glyphsPtr) Module._free(glyphsPtr);
    }
  }
  // Switches the demo, the page's own text and the lesson (its record kept) to code.
  // Only the latest request is applied: a quick 中文 then English ends in English, whichever
  // files arrive first (the first language's load counts as a request too).
  let languageRequest = 0;
  const superseded = { ok: false, error: 'another language was chosen meanwhile' };
  function setLanguage(code) {
    const wanted = languageOf(code);
    if (!wanted || wanted !== code) {
      return Promise.resolve({ ok: false, error: `${String(code).slice(0, 20)} is not a language this demo has (${Object.keys(LANGUAGES).join(', ')})` });
    }
    const request = ++languageRequest;
    return fetchLanguage(code).then((files) => {
      if (request !== languageRequest) return superseded;
      const error = applyLanguageFiles(files, code);
      if (error) return { ok: false, error };
      const before = lang;
      lang = code;
      document.documentElement.lang = code;
      try {
        const url = new URL(location.href);
        if (params.has('lang') || code !== 'en') url.searchParams.set('lang', code);
        params.set('lang', code);
        history.replaceState(history.state, '', url.href);
      } catch (e) { /* a sandboxed frame may refuse: the language still changes */ }
      if (before !== code && lessonRequested) reloadLesson();
      wake();
      emit('language-changed', { lang: code });
      return { ok: true, error: null };
    }, (e) => (request !== languageRequest ? superseded
      : { ok: false, error: `the ${LANGUAGES[code]} files could not be fetched (${e.message}): check the connection and try again` }));
  }

  // ---- the lesson's files: fetched when the learner first enters the lesson (or a link opens a
  // step), never for the first view. The catalog holds the words of the built-in parts, the lesson
  // file the steps (docs/lessons.md). The built-in lessons come in every language the demo has: a
  // link to lessons/en/generation.json opens lessons/zh-CN/generation.json for a Chinese reader.
  const lessonDir = () => `lessons/${lang}/`;
  // ?lesson=URL: a teacher's lesson file (docs/lessons.md) instead of the chapter. From this site,
  // or from a site origins= lists; it is untrusted text, checked by the C++ reader like any input.
  function lessonAddress() {
    const wanted = params.get('lesson');
    if (!wanted || LESSON_NAME.test(wanted)) return { url: new URL(`${lessonDir()}${wanted || 'chapter-3'}.json`, location.href).href };
    let url;
    try { url = new URL(wanted, location.href); } catch (e) {
      return { error: `lesson=${wanted.slice(0, 80)} is not an address: give the lesson file's URL` };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return { error: 'lesson= must be an http or https address' };
    if (url.origin !== location.origin && !allowedOrigins().includes(url.origin)) {
      return { error: `lesson=${url.href.slice(0, 120)} is on another site (${url.origin}): a lesson loads from ` +
                      'this site, or from a site that origins= lists' };
    }
    // A lesson the demo ships, in the page's language.
    if (lessonFile.builtIn) url.pathname = url.pathname.replace(BUILT_IN_LESSON, `/lessons/${lang}/${lessonFile.builtIn}.json`);
    return { url: url.href };
  }
  // The deferred code (cmake/split_lesson_code.py): a second wasm module that fills in the page's
  // table of functions, with the lesson's code and what else the first view does not run (the
  // book's classes, Import's reader, the PyTorch code). It is fetched with the lesson's files and instantiated before the lesson is
  // handed over, or when a panel first asks for it (onCodeWanted); the C++ is told it is here
  // (attn_code_loaded) and never calls into code that is not; if it ever did, loadSplitModule
  // (below) names the function instead of failing somewhere deeper.
  const DEFERRED_CODE = 'attention-explainer.deferred.wasm';
  function loadDeferredCode() {
    return fetch(DEFERRED_CODE).then((r) => {
      if (!r.ok) throw new Error(`${DEFERRED_CODE} answered HTTP ${r.status}`);
      return r.arrayBuffer();
    }).then((bytes) => WebAssembly.instantiate(bytes, { primary: Module['asm'] }));
  }
  let lessonRequested = false;
  let deferredCode = null;  // the promise of the deferred wasm, fetched once
  function deferredCodeLoaded() {
    if (!deferredCode) {
      deferredCode = loadDeferredCode().then((instance) => { Module._attn_code_loaded(); return instance; });
      deferredCode.catch(() => { deferredCode = null; });  // reported where it is awaited; a later load tries again
    }
    return deferredCode;
  }
  // A panel needs the deferred code (Import reading a text, the PyTorch code shown).
  function loadCode() {
    deferredCodeLoaded().then(() => wake(), (e) => {
      const message = `${e.message} (check the connection)`;
      console.warn('deferred code: ' + message);
      callWithText('attn_code_unavailable', message, 'the message');
    });
  }
  function loadLesson() {
    if (lessonRequested) return;
    lessonRequested = true;
    fetchLessonFiles();
  }
  // After a language change: the lesson's files in the new language. The engine keeps the
  // learner's record across them (the same lesson id in every language), answers given while the
  // files were on their way included.
  function reloadLesson() { fetchLessonFiles(); }
  let lessonLoad = 0;  // only the latest load is handed over: two switches in flight end in the last one's language
  function fetchLessonFiles() {
    const load = ++lessonLoad;
    const text = (url) => fetch(url).then((r) => {
      if (!r.ok) throw Object.assign(new Error(`${url} answered HTTP ${r.status}`), { status: r.status });
      return r.text();
    });
    // The lesson will not come: the band says why, and so does a 'lesson-unavailable' event
    // (the embed maker's step list waits for the lesson's steps until one or the other).
    const unavailable = (message) => {
      lessonRequested = false;  // asked for again (Start after a teacher mended the file) fetches anew
      console.warn('lesson: ' + message);
      callWithText('attn_lesson_unavailable', message, 'the message');
      emit('lesson-unavailable', { error: message });
    };
    const address = lessonAddress();
    if (address.error) {
      unavailable(address.error);
      return;
    }
    const code = deferredCodeLoaded();  // this load waits for this fetch, whatever happens to the shared one
    // A lesson is read with the catalog of its own language ("lang" in the file): a teacher's
    // English lesson keeps English sections under a Chinese interface.
    text(address.url).then((lesson) => {
      let lessonLang = lang;
      try { lessonLang = languageOf(JSON.parse(lesson).lang) || lang; } catch (e) { /* the C++ reader names the problem */ }
      return Promise.all([text(`lessons/${lessonLang}/texts.json`), lesson, code]);
    }).then(([texts, lesson]) => {
      if (load !== lessonLoad) return;
      // Named as the link names it, so a refusal says which of a teacher's files is broken.
      const name = (params.get('lesson') || `${lessonDir()}chapter-3.json`).slice(0, 200);
      const reply = callWithTexts('attn_load_lesson', [texts, lesson, name], 'the lesson file');
      const error = typeof reply === 'object' ? reply.refused : reply;
      if (error) unavailable(error);
      wake();
    }).catch((e) => {
      // The site answered (404: a wrong name or place): the address is what to mend, not the network.
      const mend = e.status === 404 || e.status === 410
        ? 'check that the file is at that address (lesson= in the link, relative to this page)'
        : 'check the connection and reload';
      unavailable(`the lesson's files could not be fetched (${e.message}): ${mend}`);
    });
  }

  // A lesson= page names its lesson in the band before Start, when its file is not fetched yet:
  // the lesson after the chapter by what it is (in the page's language: said again after a
  // language change), a teacher's by its file's name; the chapter needs no name.
  function nameLessonFile() {
    const { lesson, lessonBuiltIn, lessonName } = pageOptions();
    if (!lesson || lessonBuiltIn === 'chapter-3') return;
    callWithText('attn_lesson_file', lessonBuiltIn ? words('the lesson after chapter 3') : lessonName, 'the lesson\'s name');
  }

  // ?steps=11-14&pass=0.8: the course's range and pass mark, set before anything can use the lesson.
  // ?remember=1: the learner's record is kept in this browser's storage for this page and lesson,
  // so a reload does not lose the lesson (an LMS keeps it instead: attention-scorm12.js).
  function applyCourseOptions() {
    nameLessonFile();
    // Graded (xapi=1 too): an open question keeps the learner in the track until it is revealed.
    if (params.has('steps') || params.has('pass') || params.get('xapi') === '1') {
      const result = api.setLessonCourse({ steps: params.get('steps'), pass: params.get('pass'), graded: true });
      if (!result.ok) console.warn('lesson: ' + result.error);
    }
    if (params.get('remember') !== '1') return;
    // One key per lesson however the link names it (lesson=generation or its file's address); the
    // chapter's stays '' as it was before links could name it.
    const keyFor = (name) => `attention-lesson:${location.pathname}:${name}:${params.get('steps') || ''}`;
    const key = keyFor(lessonFile.builtIn === 'chapter-3' ? '' : lessonFile.builtIn || lessonParam);
    let saved = null;
    // (Else a record kept under the link's own spelling, before one key per lesson.)
    try { saved = window.localStorage.getItem(key) || window.localStorage.getItem(keyFor(lessonParam)); } catch (e) { refuse('remember=1: this browser keeps no storage for this page (a frame on another site, or storage blocked), so a reload starts the lesson again'); }
    if (saved) {
      const result = api.setLessonRecord(saved);
      if (!result.ok) refuse(`remember=1: the answers this browser kept could not be used (${result.error}), so the lesson starts again`);
    }
    let unsaved = false;  // said once: the lesson runs on
    api.onEvent((kind, detail) => {
      if (kind !== 'lesson-progress') return;
      try {
        window.localStorage.setItem(key, detail.record);
      } catch (e) {
        if (!unsaved) refuse('remember=1: this browser would not keep the answers (its storage is full or blocked), so a reload starts the lesson again');
        unsaved = true;
      }
    });
  }

  // A page option the demo cannot follow, said in the demo as a refused input is.
  const pageProblems = [];  // each said until the page reloads: a later one joins, never hides, them
  function refuse(message) {
    console.warn(message);
    pageProblems.push(message);
    callWithText('attn_page_refused', pageProblems.join('; ').slice(0, 4000), 'the message');
  }

  // The first language, once the demo answers: a wrong lang= or files that could not come are said
  // in the demo and the page stays English.
  function startLanguage() {
    if (chosenLanguage.error) refuse(chosenLanguage.error);
    if (lang === 'en') {
      document.documentElement.dataset.language = 'en';
      return;
    }
    const request = ++languageRequest;
    fetchLanguage(lang).then((files) => {
      if (request !== languageRequest) return;  // the learner chose another meanwhile
      const error = applyLanguageFiles(files, lang);
      if (error) throw new Error(error);
      wake();
      emit('language-changed', { lang });
    }).catch((e) => {
      if (request !== languageRequest) return;
      refuse(`lang=${lang}: ${e.message}: showing English`);
      lang = 'en';
      document.documentElement.lang = 'en';
      document.documentElement.dataset.language = 'en';
      emit('language-changed', { lang });
    });
  }

  // A promise of the text an export in the deferred code returns (what: that code, named for the
  // message if it cannot be fetched); rejected, not thrown, before the page is ready.
  function deferredString(name, what) {
    if (!runtimeReady) return Promise.reject(new Error(failed || 'attention is not ready yet: await attention.ready first'));
    return deferredCodeLoaded().then(() => callString(name),
                                     (e) => { throw new Error(`${what} could not be fetched: ${e.message}`); });
  }

  function requireRuntime() {
    if (!runtimeReady) throw new Error(failed || 'attention is not ready yet: await attention.ready first');
  }

  function wake() { if (runtimeReady) Module._attn_wake(); }

  // The URL of this page without page options or fragment: what a shared link opens.
  function baseUrl() { return location.href.replace(/[?#].*$/, ''); }

  function escapeAttribute(text) {
    return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  }

  // ---- events: state changes become query-changed / step-changed / state-changed; C++ sends
  // the lesson's through Module.onEvent (quiz-answered, quiz-revealed, exercise-checked,
  // bug-traced, lesson-completed: docs/lesson-events.md).

  function emit(kind, detail) {
    for (const listener of eventListeners) {
      try { listener(kind, detail); } catch (e) { console.error(e); }
    }
  }

  let lastSummary = null;
  let changeQueued = false;
  function stateChanged() {
    if (changeQueued) return;
    changeQueued = true;
    // After the caller's synchronous work (a burst of setState calls gives one event), and never
    // inside C++ (a listener may call setState).
    queueMicrotask(() => {
      changeQueued = false;
      let s;
      try { s = api.summary(); } catch (e) { return; }
      const before = lastSummary;
      lastSummary = s;
      const detail = { version: s.version, example: s.example, query: s.query, token: s.tokens[s.query], step: s.step };
      if (before && before.query !== s.query) emit('query-changed', { query: s.query, token: s.tokens[s.query] });
      if (before && before.step !== s.step) emit('step-changed', { schema: 1, step: s.step });
      emit('state-changed', detail);
      for (const callback of changeListeners) {
        try { callback(); } catch (e) { console.error(e); }
      }
      updateMirror();
    });
  }

  // ---- the hidden DOM copy of the key numbers, announced politely when they change

  let mirrorTimer = 0;
  function updateMirror() {
    clearTimeout(mirrorTimer);
    mirrorTimer = setTimeout(() => {
      let s;
      try { s = api.summary(); } catch (e) { return; }
      // What the screen shows, no more: while the lesson asks for a value, the mirror covers it too.
      const hidden = s.concealed || {};
      const round = (x, digits) => (typeof x === 'number' ? x.toFixed(digits) : String(x));
      // In the page's language (the lesson's reason is in it already); the tokens as typed.
      const list = (values) => values === null ? (hidden.reason || words('hidden')) :
        s.tokens.slice(0, 12).map((t, i) => `${t} ${round(values[i], 2)}`).join(words(', ')) +
        (s.n > 12 ? words(', and {0} more', s.n - 12) : '');
      const kind = s.projected ? words('Scores (queries times keys)') : words('Scores (inputs times the query)');
      const query = hidden.query_token ? words('inputs[{0}] (which token it picks is {1})', s.query, hidden.reason)
                                       : words('"{0}", inputs[{1}]', s.tokens[s.query], s.query);
      // The normalisation by its name on screen, not its id in the document ("softmax-naive").
      const norm = { sum: '÷ sum', 'softmax-naive': 'naive softmax', softmax: 'softmax' }[s.norm] || s.norm;
      document.getElementById('summary').textContent =
        words('Query: {0}. {1}: {2}. Weights ({3}): {4}.', query, kind, list(s.scores), words(norm), list(s.weights));
      const body = document.querySelector('#mirror-table tbody');
      body.replaceChildren();
      // Step 3 asks how many scores the loop makes: a row per score, the query's among them, would
      // count them (a keyboard walk). No rows until it is answered; the summary says why.
      if (hidden.score_count) return;
      s.tokens.forEach((token, i) => {
        const row = document.createElement('tr');
        const score = s.scores === null ? '?' : round(s.scores[i], 4);
        const weight = s.weights === null ? '?' : round(s.weights[i], 4);
        // The position and token head their row (th scope=row), as the numbers' tables do.
        [String(i), token, score, weight].forEach((value, k) => {
          const cell = document.createElement(k < 2 ? 'th' : 'td');
          if (k < 2) cell.setAttribute('scope', 'row');
          // A token of ASCII words ("journey") on a page in another language: read in English.
          if (k === 1 && lang !== 'en' && /^[\x20-\x7e]*[A-Za-z]{2}[\x20-\x7e]*$/.test(value)) cell.lang = 'en';
          cell.textContent = value;
          row.appendChild(cell);
        });
        body.appendChild(row);
      });
    }, 150);
  }

  // ---- the API

  const api = {
    version: 1,
    ready,
    // Resolves when getState/setState/results answer (first frame, or the text fallback).
    whenUsable: () => usable,
    getState() { requireRuntime(); return JSON.parse(callString('attn_get_state')); },
    // Returns {ok: true, error: null} or {ok: false, error: "..."}; a bad state changes nothing.
    setState(state) {
      requireRuntime();
      let text;
      try {
        text = typeof state === 'string' ? state : JSON.stringify(state);
      } catch (e) {
        return { ok: false, error: 'setState needs a plain JSON object: ' + e.message };
      }
      if (typeof text !== 'string') return { ok: false, error: 'setState needs a JSON object, got ' + typeof state };
      const reply = callWithText('attn_set_state', text, 'the document');
      if (typeof reply === 'object') return { ok: false, error: reply.refused };
      return reply ? { ok: false, error: reply } : { ok: true, error: null };
    },
    // Everything attention-cli --json prints; {matrices: false} leaves out the (n, n) and (n, d)
    // matrices (null), which at n = 1024 are three million numbers.
    results(options = {}) {
      requireRuntime();
      return JSON.parse(Module.UTF8ToString(Module._attn_results(options.matrices === false ? 0 : 1)));
    },
    // A promise of the inputs, scores, weights and context vector as an SVG document (for print
    // and PDFs): its code is deferred, fetched on the first call.
    svg() { return deferredString('attn_svg', 'the figure\'s code'); },
    // A promise of the PyTorch code the code panel shows, as text: covered as the panels are while
    // a lesson's question is open, its comments in the page's language. Its generator is deferred
    // code, fetched on the first call.
    pytorchCode() { return deferredString('attn_pytorch_code', 'the code\'s generator'); },
    // query, step, norm, example, and the first 64 tokens with their scores and weights.
    summary() { requireRuntime(); return JSON.parse(callString('attn_summary')); },
    // {frames (drawn), passes (UI passes built; one that changes nothing is not drawn), last_frame_ms,
    //  last_frame_cost_ms, recomputes, visible, pending_frames, state_version, pointer, text_input
    //  (a field of the demo takes typed text), startup: {init_started_ms,
    //  window_ms, fonts_ms, renderer_ms, first_frame_cost_ms}}
    stats() { requireRuntime(); return JSON.parse(callString('attn_stats')); },
    // {mode, step, question, questions (this step's), answer, revealed, first_step, last_step,
    //  progress: {score, answered, questions, complete, passed}, record, lesson (its id, "" while
    //  none is loaded), steps (the lesson's, 0 while none), load_error, pass_mark, course_error,
    //  record_error, watch}: the lesson engine's view.
    lessonStatus() { requireRuntime(); return JSON.parse(callString('attn_lesson_status')); },
    // Fetches the page's lesson (the chapter, or lesson=) if it has not come yet, without starting
    // it: a 'lesson-progress' event says when lessonStatus() knows its steps.
    loadLesson() { requireRuntime(); loadLesson(); },
    // The lesson band as text (the page's HTML copy of the lesson reads it): its step, text, open
    // question and wrap-up, covered exactly as on screen; {loaded: false, ...} before its files came;
    // file: a lesson= page's lesson file by name ("" for the chapter).
    lessonView() { requireRuntime(); return JSON.parse(callString('attn_lesson_view')); },
    // This page with the demo's lesson after its chapter ('generation'), in the language now
    // chosen, with the page's options (those the fragment gives too) and the lesson's own view.
    // '' where the page does not lead on (another lesson, or a course grades this one).
    lessonLink(name) {
      if (!leadsOn() || !LESSON_NAME.test(name)) return '';
      const url = new URL(location.href);
      url.hash = '';
      for (const [key, value] of params) url.searchParams.set(key, value);  // the fragment's too
      url.searchParams.set('lesson', name);
      url.searchParams.set('lang', lang);
      return url.href;
    },
    // The panels' numbers as tables and the settings behind them, covered as on screen (the page's
    // text version of the numbers reads it): {refusal (the last refused change's reason, in the
    // language's words where it has them), refusal_english (it has not: the reason is English),
    // controls: {query, n, d, norm, projection, d_out,
    // scale, causal, lab_scale, module, heads, dropout, training, module_error}, tables: [{key,
    // caption, columns, rows: [[row header, cells...]], note}]}.
    numbersView() { requireRuntime(); return JSON.parse(callString('attn_numbers_view')); },
    // The classes panel's KV-memory calculator for a whole model, in the page's words: preset
    // (0..), kv heads and context as typed. {presets, preset, heads, kv_heads, context, error (a
    // refused number, not used; or the calculator's code still on its way), sizes, arithmetic,
    // estimator, total, cache}.
    kvMemory(preset, kvHeads, context) {
      requireRuntime();
      return JSON.parse(Module.UTF8ToString(Module._attn_kv_memory(preset | 0, Number(kvHeads), Number(context))));
    },
    // One of the learner's lesson actions, as the band's buttons send it: 'start', 'go' (value:
    // the step, shown as the learner left it), 'revisit' (value: the step, asked afresh),
    // 'restore-class' (the step's own class back in the classes panel), 'choose' (value: the
    // choice, from 0), 'reveal', 'next-question', 'restart', 'practice' (value: the exercise), 'predict' (value: the token), 'check' (text: the typed
    // answer), 'show-answer', 'start-over', 'leave'. {ok, error}; a refused action changes nothing.
    lessonIntent(action, value = 0, text = '') {
      requireRuntime();
      if (typeof action !== 'string' || action.length > 40) return { ok: false, error: 'lessonIntent takes the action\'s name as text' };
      if (!Number.isInteger(value) || Math.abs(value) > 1000) {
        return { ok: false, error: `lessonIntent's value must be a whole number (a step or a choice), not ${String(value).slice(0, 40)}` };
      }
      if (typeof text !== 'string') return { ok: false, error: 'lessonIntent\'s text (a typed answer) must be text' };
      if (text.length > LIMITS.attn_lesson_intent) {
        return { ok: false, error: `the answer is ${text.length} characters long; an answer may have at most ${LIMITS.attn_lesson_intent}: ` +
          'type the numbers only, separated by commas or spaces' };
      }
      const reply = callWithTexts('attn_lesson_intent', [action, text], 'the answer', value);
      const error = typeof reply === 'object' ? reply.refused : reply;
      wake();
      return error ? { ok: false, error } : { ok: true, error: null };
    },
    // The language the demo speaks ('en', 'zh-CN') and the ones it has ({code: name}).
    language() { return { lang, languages: { ...LANGUAGES } }; },
    // Switches to another language: the interface, the lesson (its record kept) and ?lang= in the
    // address. A promise of {ok, error}; a language that could not load changes nothing.
    setLanguage(code) { requireRuntime(); return setLanguage(code); },
    // A lesson record saved earlier (lesson-progress's detail.record, SCORM's cmi.suspend_data)
    // back into the lesson: its answers count again (docs/grading.md). {ok, error, pending}; a bad
    // record changes nothing. pending: the lesson's file is not here yet, so whether the record is
    // this lesson's is checked when it arrives (lesson-progress's record_error says if it was not).
    // A lesson whose file could not be loaded takes no record: there is nothing to check it against.
    setLessonRecord(record) {
      requireRuntime();
      if (typeof record !== 'string') return { ok: false, error: 'setLessonRecord takes the record as text (lesson-progress detail.record)' };
      const before = api.lessonStatus();
      if (before.load_error) return { ok: false, error: `the lesson could not be loaded (${before.load_error}), so it takes no record` };
      const reply = callWithText('attn_lesson_restore', record, 'the record');
      const error = typeof reply === 'object' ? reply.refused : reply;
      wake();
      return error ? { ok: false, error } : { ok: true, error: null, pending: before.lesson === '' };
    },
    // A course's settings (docs/grading.md): steps, the range the learner stays in ('11-14', '' for
    // the whole lesson), and pass, the pass mark ('0.8' or '80%', '' for none); a key left out
    // keeps its value. {ok, error, errors}: error says every refusal, errors each by its key
    // ({pass: '...'}); what is refused keeps its last value, and the lesson's header says why.
    setLessonCourse(course = {}) {
      requireRuntime();
      const errors = {};
      if (course.graded !== undefined) Module._attn_lesson_set_graded(course.graded ? 1 : 0);
      for (const [key, name] of [['steps', 'attn_lesson_set_range'], ['pass', 'attn_lesson_set_pass']]) {
        if (course[key] === undefined || course[key] === null) continue;
        const reply = callWithText(name, String(course[key]), key);
        const error = typeof reply === 'object' ? reply.refused : reply;
        if (error) errors[key] = error;
      }
      wake();
      const said = Object.values(errors).join('; ');
      return { ok: !said, error: said || null, errors };
    },
    layout() { requireRuntime(); return JSON.parse(callString('attn_layout')); },
    // The current state as a URL fragment (no '#'): short for an unedited example, else state=...
    // null when the view is too large for a link (a 1024 x 1024 state: Import / Export saves it).
    fragment() {
      requireRuntime();
      const text = Module.UTF8ToString(Module._attn_fragment(MAX_LINK_FRAGMENT));
      return text === '' ? null : text;
    },
    // The height (CSS px) the demo needs to show everything without scrolling; 0 before the first frame.
    // recount: a notice above the demo changed its height (attention-scorm12.js): counted and told again.
    contentHeight(recount) {
      if (recount && canvasContentHeight) Module.onContentHeight(canvasContentHeight);
      return contentHeight;
    },
    // A link that opens this view on its own page.
    link() {
      const fragment = api.fragment();
      if (fragment === null) throw new RangeError(TOO_LARGE_FOR_A_LINK);
      // A reader of another language gets the view in theirs, and a teacher's lesson stays the
      // lesson (page options beside the state).
      const lesson = params.get('lesson');
      return baseUrl() + '#' + fragment + (lang !== 'en' ? '&lang=' + lang : '') +
             (lesson ? '&lesson=' + encodeURIComponent(lesson).replace(/%2F/g, '/') : '');
    },
    // The page's own words in the demo's language (the text versions' headings and buttons).
    words,
    // The page options a link may carry beside the state (?embed=1&lang=zh-CN&lesson=...).
    pageKeys: Object.freeze([...PAGE_KEYS]),
    // An <iframe> snippet showing this view in embed mode; options: {width, height, title}.
    // options: width, height, title, theme; params, the page options a course sets ({origins,
    // xapi, activity, registration, steps, pass, remember, lesson}: docs/platforms.md), and sized:
    // true adds data-attention-frame and the attention-host.js line, so the frame takes the height
    // its content needs (on a phone too).
    embedCode(options = {}) {
      const width = String(options.width || '100%'), height = String(options.height || 600);
      const title = options.title || 'Interactive demo: how attention scores are computed';
      const fragment = api.fragment();
      if (fragment === null) throw new RangeError(TOO_LARGE_FOR_A_LINK);
      const theme = options.theme || themeChoice;  // the page's own theme= unless told otherwise
      const query = new URLSearchParams({ embed: '1' });
      if (theme !== 'light') query.set('theme', theme);
      if (lang !== 'en') query.set('lang', lang);  // the page's language unless params say another
      if (params.get('lesson')) query.set('lesson', params.get('lesson'));  // and its lesson
      for (const [key, value] of Object.entries(options.params || {})) {
        if (!PAGE_KEYS.includes(key) || key === 'embed' || key === 'theme') throw new RangeError(`${key} is not a page option`);
        if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
      }
      const src = baseUrl() + '?' + query.toString().replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%2F/g, '/') + '#' + fragment;
      const frame = `<iframe ${options.sized ? 'data-attention-frame ' : ''}src="${escapeAttribute(src)}" ` +
        `title="${escapeAttribute(title)}" width="${escapeAttribute(width)}" height="${escapeAttribute(height)}" ` +
        'style="border:0;max-width:1100px" loading="lazy" allow="clipboard-write"></iframe>';
      if (!options.sized) return frame;
      return `${frame}\n<script src="${escapeAttribute(baseUrl().replace(/[^/]*$/, '') + 'attention-host.js')}"></script>`;
    },
    // The page's theme, now ('light', 'dark', 'auto'): the embed maker previews its choice with it.
    setTheme(choice) {
      if (!['light', 'dark', 'auto'].includes(choice)) return { ok: false, error: `${choice} is not light, dark or auto` };
      themeChoice = choice;
      applyPageOptions();
      return { ok: true, error: null };
    },
    // Applies a fragment or a whole link: {ok, fell_back, error, warnings}. Bad keys are refused
    // with a message (also shown on the canvas); a link that gives no document shows the default.
    applyLink(link) {
      requireRuntime();
      const text = String(link);
      const hash = text.indexOf('#');
      const reply = callWithText('attn_apply_fragment', hash >= 0 ? text.slice(hash) : text, 'the link');
      if (typeof reply === 'object') return { ok: false, fell_back: false, error: reply.refused, warnings: [] };
      return JSON.parse(reply);
    },
    // {embed, framed, theme, themeChoice, reducedMotion, touch, origins, xapi, lesson, lessonBuiltIn,
    // lessonName}: the page's options as read from its link and the browser (lesson: the lesson=
    // address as given, or '').
    pageOptions,
    onChange(callback) { changeListeners.add(callback); return () => changeListeners.delete(callback); },
    // callback(kind, detail) for query-changed, step-changed, state-changed and lesson events.
    onEvent(callback) { eventListeners.add(callback); return () => eventListeners.delete(callback); },
    wake,
  };
  window.attention = api;
  const loadScript = (src) => document.head.appendChild(Object.assign(document.createElement('script'), { src }));
  // The postMessage API (attention-messages.js) is loaded only when a page can talk to this one: a
  // parent frame, or the window that opened it. Messages that arrive before it has loaded wait
  // for it, in order; with no such page there is nobody to answer, and nothing is loaded.
  // It loads with the first message of its kind: a bare iframe never needs it, a host page's script
  // (attention-host.js says hello at once) does.
  const earlyMessages = [];
  const keepEarly = (e) => {
    if (!earlyMessages.length && !/^attention:/.test(e.data && e.data.type) && !/^\[iFrameSizer\]/.test(e.data)) return;
    if (earlyMessages.push(e) === 1) loadScript('attention-messages.js');
  };
  // (attention-messages.js: the options a framed page talks by, and the hosts it may talk to)
  api.refusePageOption = refuse;
  api.allowedOrigins = allowedOrigins;
  api.takeEarlyMessages = () => {
    window.removeEventListener('message', keepEarly);
    return earlyMessages.splice(0);
  };
  if (framed || window.opener) window.addEventListener('message', keepEarly);
  // ?xapi=1: lesson events also leave as xAPI statements (docs/xapi.md), by a script loaded only then.
  if (params.get('xapi') === '1') loadScript('attention-xapi.js');

  window.Module = {
    canvas,
    callWithText,  // for attention-keyboard.js
    pasteText,     // for attention-keyboard.js
    pageBits: 0,
    visibleNow: true,
    print: (text) => console.log(text),
    printErr: (text) => console.error(text),
    setStatus(text) {
      const m = /\((\d+(?:\.\d+)?)\/(\d+)\)/.exec(text || '');
      if (m) { progress.value = Number(m[1]); progress.max = Number(m[2]); }
    },
    // From web_api_init, before the first frame: the state (with the URL's link) is in place and
    // every state function answers, even while the demo is off-screen and draws nothing.
    onAppReady() {
      runtimeReady = true;
      applyPageOptions();  // the SCORM adapter, a script after this one, has said it is there
      startLanguage();
      if (themeProblem) refuse(themeProblem);
      try { lastSummary = api.summary(); } catch (e) { /* reported elsewhere */ }
      applyCourseOptions();
      resolveUsable(api);
      updateMirror();
    },
    onFirstFrame() {
      statusBox.hidden = true;
      document.body.classList.add('ready');
      if (canvasContentHeight) Module.onContentHeight(canvasContentHeight);
      resolveReady(api);
      observeCanvas();
    },
    onStateChanged: stateChanged,
    onLessonWanted: loadLesson,
    // The wrap-up's "Next lesson" (only drawn where the page may: pageBits' 16).
    onOpenLesson: (name) => { const link = api.lessonLink(name); if (link) location.assign(link); },
    onCodeWanted: loadCode,
    // The height the content needs (CSS px): an embedded demo tells its parent, so a host page can
    // size the frame to it. Three shapes, for the hosts that listen: attention-host.js's own,
    // Canvas's lti.frameResize, and iframe-resizer's (attention-messages.js). Sent to the ?origins= allowlist, or
    // to any parent without one.
    // The bar under an embed ("Open the full demo") shows from the first frame on, which may come
    // after the first height: onFirstFrame says it again, with the bar.
    onContentHeight(height) {
      canvasContentHeight = height;
      const bar = document.getElementById('reader-bar');
      const before = contentHeight;
      // With the notices a page puts above the demo (the SCORM package's "not recorded").
      let notices = 0;
      for (const notice of document.querySelectorAll('body > .page-notice')) notices += notice.offsetHeight;
      contentHeight = Math.ceil(height + notices + (embed && bar ? bar.offsetHeight : 0));
      if (contentHeight !== before) queueMicrotask(() => emit('content-height', { height: contentHeight }));
      if (embed) tellParent({ type: 'attention:resize', height: contentHeight }, { subject: 'lti.frameResize', height: contentHeight });
    },
    // What the learner asked to see (a phone's "watch" link) starts top CSS px down the canvas, in
    // a frame as tall as its content, which the demo cannot scroll: the page around the frame
    // scrolls there instead (attention-host.js; iframe-resizer's scrollToOffset, sent by
    // attention-messages.js on the scroll-request event).
    onPageScroll(top) {
      if (!framed) return;  // the page is the demo: nothing around it to scroll
      const y = Math.round(top + canvas.getBoundingClientRect().top + window.scrollY);
      queueMicrotask(() => emit('scroll-request', { top: y }));
      tellParent({ type: 'attention:scroll-to', top: y });
    },
    // The keyboard's focus moved in the drawing ("causal mask, not checked"): said on the page's
    // status line while the drawing has the focus, so a screen reader hears where it is.
    onKeyboardFocus(text) {
      focusWords = text;
      if (document.activeElement !== canvas) return;
      queueMicrotask(() => window.attentionTextVersion?.sayFocus(text));
    },
    // Lesson events from C++ (docs/lesson-events.md): delivered after the frame that caused them,
    // never inside C++, because a listener may call setState.
    onEvent(kind, detail) { queueMicrotask(() => emit(kind, detail)); },
    onNoGraphics(reason) {
      document.body.classList.add('no-webgl', 'ready');
      statusBox.hidden = true;
      document.getElementById('fallback').hidden = false;
      document.getElementById('fallback-reason').textContent = reason;
      updateMirror();
      rejectReady(new Error(reason));
    },
    // A placeholder of the deferred code was called before attention-explainer.deferred.wasm was in:
    // a bug (an ATTN_LESSON_ENTRY or ATTN_DEFERRED_ENTRY reached without its code); the abort
    // message names the function.
    loadSplitModule(file, imports, functionIndex) {
      throw new Error(`deferred code ran before it was loaded (function ${functionIndex})`);
    },
    onAbort(what) { showError('The demo stopped unexpectedly (' + what + '). Reload the page to start again.'); },
  };
  applyPageOptions();

  // ---- cost at rest: the main loop sleeps while nothing changes; input, a resize or an API call
  // wakes it. Off-screen or hidden, it stays asleep (same-origin iframes are not throttled).

  for (const type of ['pointerdown', 'pointermove', 'pointerup', 'wheel', 'keydown', 'keyup', 'touchstart',
                      'touchmove', 'touchend', 'focus', 'blur']) {
    canvas.addEventListener(type, wake, { passive: true });
  }
  // The canvas's focus ring shows when the keyboard is how the learner moves (Tab, Shift+Tab, the
  // arrows), not after a click or a tap: the browser counts the focus() calls of a click (below)
  // or of the phone keyboard's field closing (attention-keyboard.js) as a script's, and would ring
  // the whole demo for a mouse or a finger. Typed text and Enter say nothing of how one moves.
  let movingByKeys = true;  // nothing pressed yet: a focus now is a script's or a Tab's
  document.addEventListener('pointerdown', () => { movingByKeys = false; }, { capture: true, passive: true });
  document.addEventListener('keydown', (e) => {
    if (/^(Tab|Arrow)/.test(e.key)) movingByKeys = true;
  }, { capture: true, passive: true });
  canvas.addEventListener('focus', () => canvas.classList.toggle('keyboard-focus', movingByKeys));
  // Back in the drawing by Tab: where its focus still is was said (or not) while the page had the
  // focus elsewhere; said again after the drawing's own name.
  canvas.addEventListener('focus', () => {
    if (movingByKeys && focusWords) queueMicrotask(() => window.attentionTextVersion?.sayFocus(focusWords));
  });
  canvas.addEventListener('keydown', (e) => {
    if (/^(Tab|Arrow)/.test(e.key)) canvas.classList.add('keyboard-focus');
  }, { passive: true });
  canvas.addEventListener('pointerdown', (e) => {
    canvas.classList.remove('keyboard-focus');
    // SDL cancels mousedown, so a click would not focus the canvas and typed keys would go nowhere.
    if (document.activeElement !== canvas) canvas.focus({ preventScroll: true });
    const touch = e.pointerType === 'touch';
    if (touch !== lastPointerTouch) { lastPointerTouch = touch; applyPageOptions(); }
    clearTimeout(liftTimer);
    if (runtimeReady) Module._attn_pointer_lifted(0);
  }, { passive: true });
  // A finger has no hover: once the tap has been seen (its release needs one frame with the
  // position), the demo is told the pointer is gone, so no tooltip stays under the lifted finger.
  let liftTimer = 0;
  for (const type of ['pointerup', 'pointercancel']) canvas.addEventListener(type, (e) => {  // cancel: the page took the finger
    if (e.pointerType !== 'touch') return;
    clearTimeout(liftTimer);
    liftTimer = setTimeout(() => { if (runtimeReady) Module._attn_pointer_lifted(1); }, 150);
  }, { passive: true });
  canvas.addEventListener('pointermove', (e) => {
    if (e.pointerType === 'mouse' && runtimeReady && liftTimer) { liftTimer = 0; Module._attn_pointer_lifted(0); }
  }, { passive: true });
  window.addEventListener('resize', wake);
  // Embedded, a finger that lands where the demo has nothing to follow (C++ decides: ui/touch_routing.h)
  // never reaches SDL, which would cancel the touch: the browser scrolls the course page instead
  // (the embedded canvas is touch-action: pan-y), and turns a tap into mouse events for the demo.
  // Over a region that scrolls inside, the finger's first move decides: while the region can
  // scroll that way, it takes the whole swipe and scrolls with each move (the page does not);
  // at its ends the page scrolls. SDL never sees either kind.
  // As the whole page (not embedded) the demo is what scrolls: the same fingers, once they have
  // moved past a tap's wobble, scroll the region under them or the demo's own column; a heatmap,
  // a button or a field under a swipe is not pressed (a tap still is). So it is embedded in a
  // frame shorter than the demo (an LMS's player that does not resize it), except that a swipe
  // the demo's column cannot follow any further is the course page's.
  // The lesson's slider (claim 3) waits for the first move past the wobble: sideways, the finger
  // drags it, as the mouse events it is turned into; up or down, it is a swipe like any other.
  const ownPage = !embed;
  const TAP_SLOP = 8;  // CSS px a tap may wobble before it is a swipe
  let pageTouch = false;
  let asPage = ownPage;  // the gesture's: the demo's own column scrolls (see above)
  let held = null;    // {x, y, slider, start}: where a gesture the first move decides began (canvas px)
  let swiping = null; // {x, y, sideways, lastX, lastY}: a swipe the demo's region took
  let sliding = false;  // the slider follows the finger, by mouse events
  let finger;  // the identifier of the gesture's first finger
  const canvasPoint = (t) => { const r = canvas.getBoundingClientRect(); return [t.clientX - r.left, t.clientY - r.top]; };
  // (Its pointer events wake the loop.)
  const mouse = (type, t) => canvas.dispatchEvent(new MouseEvent(type, { clientX: t.clientX, clientY: t.clientY, bubbles: true }));
  for (const type of ['touchstart', 'touchmove', 'touchend', 'touchcancel']) {
    window.addEventListener(type, (e) => {
      if (e.target !== canvas) return;
      // A new gesture: its first finger is the one followed; another (a thumb resting on the
      // screen) neither moves the gesture nor ends it.
      const fresh = type === 'touchstart' && e.targetTouches.length === e.changedTouches.length;
      if (fresh) finger = e.changedTouches[0].identifier;
      const touch = [...e.changedTouches].find((t) => t.identifier === finger);
      if (!touch && (held || swiping || sliding)) {
        if (sliding && type === 'touchmove' && e.cancelable) e.preventDefault();
        return e.stopImmediatePropagation();
      }
      if (fresh) {
        const [x, y] = canvasPoint(touch);
        // Embedded in a frame shorter than the demo (an LMS's player does not resize it), the demo
        // scrolls its own column as the page would, and at the column's ends the course page does.
        asPage = ownPage || contentHeight > window.innerHeight + 1;
        const claim = runtimeReady ? Module._attn_touch_belongs(x, y, asPage ? 1 : 0) : 1;
        pageTouch = claim !== 1;
        held = claim > 1 || (asPage && claim === 0) ? { x, y, slider: claim === 3, start: touch } : null;
        swiping = null;
        sliding = false;
      } else if (type === 'touchmove' && (held || swiping || sliding)) {  // (its own finger: see above)
        const [x, y] = canvasPoint(touch);
        const dx = held ? x - held.x : 0, dy = held ? y - held.y : 0;
        if (held && ((!asPage && !held.slider) || Math.hypot(dx, dy) >= TAP_SLOP)) {
          if (held.slider && Math.abs(dx) > Math.abs(dy)) {
            sliding = true;
            mouse('mousedown', held.start);
          } else if (ownPage || ((asPage || !held.slider) && Module._attn_touch_scrolls(held.x, held.y, dx, dy, asPage ? 1 : 0))) {
            swiping = { x: held.x, y: held.y, sideways: Math.abs(dx) > Math.abs(dy), lastX: held.x, lastY: held.y };
          }
          held = null;
        }
        if (sliding) {
          mouse('mousemove', touch);
          if (e.cancelable) e.preventDefault();
        }
        if (swiping) {
          Module._attn_touch_scroll_by(swiping.x, swiping.y, x - swiping.lastX, y - swiping.lastY,
                                       (swiping.sideways ? 1 : 0) | (asPage ? 2 : 0));
          swiping.lastX = x;
          swiping.lastY = y;
          if (e.cancelable) e.preventDefault();  // the first move is cancelable: the page never starts
        }
      } else if (type === 'touchend' || type === 'touchcancel') {
        if (sliding) mouse('mouseup', touch);
        held = null;
        swiping = null;
        sliding = false;
      }
      if (pageTouch) e.stopImmediatePropagation();
    }, { capture: true, passive: type !== 'touchmove' });
  }

  // Module.visibleNow is read by web_api_init, so a demo that starts off-screen never draws. Until
  // the IntersectionObserver's first report (it always sends one) the demo counts as off-screen:
  // assuming "on screen" let a fast start draw one frame before the report arrived.
  let onScreen = !('IntersectionObserver' in window);
  function updateVisibility() {
    const visible = onScreen && document.visibilityState === 'visible';
    window.Module.visibleNow = visible;
    if (runtimeReady) Module._attn_set_visible(visible ? 1 : 0);
  }
  document.addEventListener('visibilitychange', updateVisibility);
  updateVisibility();
  if ('IntersectionObserver' in window) {
    new IntersectionObserver((entries) => {
      onScreen = entries[entries.length - 1].isIntersecting;
      updateVisibility();
    }).observe(canvas);
  }

  // SDL2 follows window resizes only; a canvas resized by its page's layout is passed on here.
  // devicePixelRatio alone can change (browser zoom, a window dragged to another screen) while the
  // canvas keeps its CSS size: no resize follows, so the drawing buffer is sized again here. A
  // media query reports the change at once where the browser sends it; a check once a second
  // (a property read, no frame) catches the rest, emulated pixel ratios among them.
  let lastRatio = window.devicePixelRatio;
  function checkPixelRatio() {
    if (window.devicePixelRatio === lastRatio) return;
    lastRatio = window.devicePixelRatio;
    const box = canvas.getBoundingClientRect();
    if (runtimeReady && box.width > 0 && box.height > 0) Module._attn_canvas_resized(box.width, box.height, 1);
  }
  function watchPixelRatio() {
    setInterval(checkPixelRatio, 1000);
    if (!window.matchMedia) return;
    const listen = () => {
      const query = window.matchMedia(`(resolution: ${window.devicePixelRatio}dppx)`);
      query.addEventListener('change', function changed() {
        query.removeEventListener('change', changed);
        checkPixelRatio();
        listen();
      });
    };
    listen();
  }

  function observeCanvas() {
    watchPixelRatio();
    if (!('ResizeObserver' in window)) return;
    new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].contentRect;
      if (runtimeReady && box.width > 0 && box.height > 0) Module._attn_canvas_resized(box.width, box.height, 0);
    }).observe(canvas);
  }

  // ---- keyboard: Tab always moves the browser's focus, so it can leave the canvas (no keyboard
  // trap); inside, arrow keys move between panels and, once Space or Enter has gone into one,
  // between its controls, which Space or Enter uses (ImGui's keyboard navigation). Browser zoom and F-keys stay the browser's too. SDL would otherwise cancel them.
  window.addEventListener('keydown', (e) => {
    if (e.target !== canvas) return;
    const zoom = (e.ctrlKey || e.metaKey) && ['+', '-', '=', '0'].includes(e.key);
    // Ctrl+V / Cmd+V: SDL would cancel the key, and with it the browser's paste event (below),
    // which is the only way a page reads what the learner pastes.
    const paste = (e.ctrlKey || e.metaKey) && !e.altKey && (e.key === 'v' || e.key === 'V');
    if (e.key === 'Tab' || zoom || paste || /^F\d+$/.test(e.key)) e.stopImmediatePropagation();
  }, true);

  // Ctrl+V / Cmd+V on the canvas: SDL2 has no system clipboard on the web, so the browser's paste
  // event hands the text over. With a text field active it is pasted there (attn_paste gives
  // ImGui the text and a Ctrl+V); with none, the Import / Export box opens with it.
  document.addEventListener('paste', (e) => {
    if (e.target !== canvas || !runtimeReady || !e.clipboardData) return;
    const text = e.clipboardData.getData('text/plain');
    if (!text) return;
    e.preventDefault();
    pasteText(text);
  });

  // Pasted text (Ctrl+V on the canvas, or a phone's paste into attention-keyboard.js's field):
  // one insertion at the demo's cursor, or the Import box with no field active. Text the page
  // refuses (over 16 MiB) is named in the demo, where a refused input is, never dropped unsaid.
  function pasteText(text) {
    const reply = callWithText('attn_paste', text, 'the pasted text');
    if (typeof reply === 'object') callWithText('attn_page_refused', `paste: ${reply.refused}`, 'the message');
  }

  canvas.addEventListener('webglcontextlost', (e) => {
    e.preventDefault();
    showError('The graphics context was lost (too many WebGL pages open?). Reload the page to continue.');
  });
  window.addEventListener('error', (e) => {
    if (e.filename && /attention-explainer\.js$/.test(e.filename) && !failed) showError('Could not start: ' + e.message);
  });
})();
