// Phones: SDL2 never raises the on-screen keyboard, so a demo text field could not be typed into.
// While the demo edits text after a touch, a real <input> (transparent, over the field's cursor)
// takes the focus: the phone shows its keyboard (inputmode=decimal for number fields), and what
// is typed reaches the demo through attn_text_input / attn_text_key. The demo draws the text. A
// <textarea>, not an <input>: text a keyboard inserts with line breaks (its clipboard chip, a
// suggestion) keeps them, as a CSV needs; Enter itself goes to the demo as a key.
// Laptops: an input method (Chinese pinyin, Japanese, Korean) composes only in an element that
// takes text, never on a canvas: typed into a demo text field, "zhuyi" stayed "zhuyi" (a
// learner's walk). So while a text field (not a number) is edited, the same <textarea> takes the
// focus there too: each key goes on to the demo's canvas as it was (SDL reads keys there, and
// what it cancels stays cancelled), a character the key types arrives as text, and a composition
// arrives when it is committed. Keys that belong to a composition stay the input method's.
(function () {
  'use strict';
  const api = window.attention;
  const proxy = document.getElementById('text-proxy');
  const canvas = document.getElementById('canvas');
  if (!proxy) return;
  // One character always stays in the field, so Backspace has something to delete (Android
  // keyboards send no key event for Backspace in an empty field).
  const SENTINEL = '\u200b';
  let last = SENTINEL;
  let composing = false;
  let laptop = false;  // the field is shown for a real keyboard (see above), not a phone's
  const KEYS = { Backspace: 1, Enter: 2, Escape: 3, ArrowLeft: 4, ArrowRight: 5 };

  function reset() {
    proxy.value = SENTINEL;
    last = SENTINEL;
    proxy.setSelectionRange(1, 1);
  }

  // More than a keyboard types at once (a word, a suggestion) is a paste: it goes in as one
  // insertion, as Ctrl+V does on a laptop, not as thousands of typed characters.
  const TYPED_AT_ONCE = 256;

  function send(name, arg) {
    try {
      if (name === 'key') Module._attn_text_key(arg);
      else if (arg.length > TYPED_AT_ONCE || arg.includes('\n')) Module.pasteText(arg);
      else Module.callWithText('attn_text_input', arg, 'the typed text');
    } catch (e) { /* the demo is not running */ }
  }

  // The field's value changed: removed characters become Backspaces, new ones text. This also
  // covers keyboards that compose whole words and rewrite them as you type.
  function sync() {
    const now = proxy.value;
    let same = 0;
    while (same < last.length && same < now.length && last[same] === now[same]) same++;
    for (let i = same; i < last.length; i++) send('key', KEYS.Backspace);
    const added = now.slice(same).replace(/\u200b/g, '');
    if (added) send('text', added);
    last = now;
    if (!composing && (now === '' || now.length > 64)) reset();
  }

  // A paste into the field (the phone's Paste): straight to the demo, whatever its length.
  proxy.addEventListener('paste', (e) => {
    const text = e.clipboardData ? e.clipboardData.getData('text/plain') : '';
    if (!text) return;
    e.preventDefault();
    try { Module.pasteText(text); } catch (err) { /* the demo is not running */ }
  });
  // A line break the keyboard makes itself (Enter while a word is being composed, as Android
  // keyboards do) is Enter for the demo, not a newline in the field: it confirms the field.
  proxy.addEventListener('beforeinput', (e) => {
    if (e.inputType === 'insertLineBreak' || e.inputType === 'insertParagraph') {
      e.preventDefault();
      if (!laptop) send('key', KEYS.Enter);  // (a laptop's Enter went to the demo as a key)
    }
  });
  proxy.addEventListener('compositionstart', () => { composing = true; });
  proxy.addEventListener('compositionend', () => { composing = false; sync(); });
  // (A laptop's composition is the input method's until committed: its pinyin is no token.)
  proxy.addEventListener('input', () => { if (!(laptop && composing)) sync(); });
  // A laptop's keys go on to the canvas, where SDL reads them, as copies (a browser dispatches an
  // event once); what SDL cancels (Backspace, arrows, Ctrl+A) is cancelled here too, so the field
  // only ever receives the characters keys type. Not the keys of a composition: the input
  // method's own (its Backspace edits the pinyin, its Enter commits it).
  function passOn(e) {
    if (!laptop || e.target !== proxy) return;
    e.stopPropagation();
    if (composing || e.isComposing || e.keyCode === 229) return;
    // Tab leaves from the drawing, in the page's order (this field comes later in it).
    if (e.key === 'Tab') canvas.focus({ preventScroll: true });
    const copy = new KeyboardEvent(e.type, {
      key: e.key, code: e.code, location: e.location, repeat: e.repeat, ctrlKey: e.ctrlKey,
      shiftKey: e.shiftKey, altKey: e.altKey, metaKey: e.metaKey, bubbles: true, cancelable: true });
    for (const name of ['keyCode', 'which', 'charCode']) Object.defineProperty(copy, name, { value: e[name] });
    if (!canvas.dispatchEvent(copy)) e.preventDefault();
  }
  proxy.addEventListener('keydown', passOn);
  proxy.addEventListener('keyup', passOn);
  proxy.addEventListener('keydown', (e) => {
    if (composing || laptop) return;
    if (e.key === 'Enter' || e.key === 'Escape') {
      e.preventDefault();
      send('key', KEYS[e.key]);
    } else if (e.key === 'Backspace' && proxy.value === SENTINEL) {
      e.preventDefault();  // nothing of ours to delete: delete in the demo
      send('key', KEYS.Backspace);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      send('key', KEYS[e.key]);
    }
  });

  // The text field the demo is editing, as platform/browser.cpp last reported it (attn_js_text_field):
  // x, y are the cursor's top-left in canvas CSS pixels, line the text height.
  let field = { active: false };

  function show() {
    const box = canvas.getBoundingClientRect();
    const host = proxy.offsetParent ? proxy.offsetParent.getBoundingClientRect() : { left: 0, top: 0 };
    proxy.style.left = `${box.left - host.left + field.x}px`;
    proxy.style.top = `${box.top - host.top + field.y}px`;
    proxy.style.height = `${Math.max(16, field.line)}px`;
    proxy.inputMode = field.numeric ? 'decimal' : 'text';
    // A laptop's pointer goes through to the drawing under it (the next cell, another field).
    proxy.style.pointerEvents = laptop ? 'none' : '';
    if (proxy.hidden) {
      proxy.hidden = false;
      reset();
      proxy.focus({ preventScroll: false });  // the browser scrolls the field above the keyboard
    }
  }

  window.Module.onTextField = (active, x, y, line, numeric) => {
    field = { active, x, y, line, numeric };
    if (!active) {
      if (!proxy.hidden) {
        proxy.hidden = true;
        if (document.activeElement === proxy) canvas.focus({ preventScroll: true });
      }
    } else if (api.pageOptions().touch) {
      laptop = false;
      show();
    } else if (!numeric && (document.activeElement === canvas || document.activeElement === proxy)) {
      laptop = true;  // an input method needs a field to compose in (see above); numbers need none
      show();
    }
  };
  // Put away: by the demo when its field ends (Enter), which blurs the field before it is told, or
  // by the learner leaving it. Focus that would fall to the page goes back to the drawing.
  proxy.addEventListener('blur', (e) => {
    if (laptop && !document.hasFocus()) return;  // another window: the focus comes back here
    proxy.hidden = true;
    if (!e.relatedTarget && document.hasFocus()) canvas.focus({ preventScroll: true });
  });
  // A tap on the field being edited brings the keyboard back (inside the tap: iOS wants that). A
  // click on it again (which focused the drawing) brings the input method's field back.
  canvas.addEventListener('pointerup', (e) => {
    if (!field.active || !proxy.hidden) return;
    if (e.pointerType === 'touch') show();
    else if (laptop && !field.numeric) show();
  });
})();
