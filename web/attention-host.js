// For host pages: a tiny client of the demo's postMessage API.
//   const demo = new AttentionFrame(document.querySelector('iframe'));
//   const state = await demo.getState();          // or demo.call('getState')
//   await demo.setState({...state, query: 0});    // rejects with the demo's message if refused
//   demo.on('query-changed', (detail) => ...);     // subscribes on first use
// Replies are matched by id and accepted only from that iframe's window and origin.
// <iframe data-attention-frame ...> needs no code at all: this script attaches to it (see the end).
(function () {
  'use strict';

  function frameOrigin(iframe) {
    const sandbox = iframe.getAttribute('sandbox');
    // A sandbox without allow-same-origin gives the frame an opaque origin: only '*' reaches it.
    if (sandbox !== null && !/(^|\s)allow-same-origin(\s|$)/.test(sandbox)) return '*';
    return new URL(iframe.getAttribute('src') || iframe.src, location.href).origin;
  }

  class AttentionFrame {
    // options: {timeout: ms per call (default 30000), origin: the frame's origin if not its src's,
    //           autoResize: false to keep the frame's height (by default it follows the demo's
    //           content: attention:resize messages)}
    constructor(iframe, options = {}) {
      this.iframe = iframe;
      this.autoResize = options.autoResize !== false;
      this.timeout = options.timeout || 30000;
      this.origin = options.origin || frameOrigin(iframe);
      this.pending = new Map();
      this.handlers = new Map();  // kind -> Set of callbacks
      this.nextId = 1;
      this.subscribed = null;
      this.onMessage = (event) => this.receive(event);
      window.addEventListener('message', this.onMessage);
      // The frame may not be listening yet: say hello now and after every load.
      let resolveReady;
      this.ready = new Promise((resolve) => { resolveReady = resolve; });
      this.helloIds = new Set();
      this.resolveReady = resolveReady;
      this.onLoad = () => {
        this.hello();
        // A reloaded frame has forgotten its subscribers.
        if (this.subscribed) this.subscribed = this.call('subscribe').catch(() => null);
      };
      iframe.addEventListener('load', this.onLoad);
      // A frame still on its initial about:blank (loading="lazy" and below the fold, or not yet
      // fetched) would refuse a message for the demo's origin, and the browser would log it: its
      // load event says hello instead.
      if (!stillBlank(iframe)) this.hello();
    }

    hello() {
      const id = 'hello-' + this.nextId++;
      this.helloIds.add(id);
      this.post({ type: 'attention:hello', id });
    }

    post(message) {
      const target = this.iframe.contentWindow;
      if (target) target.postMessage(message, this.origin);
    }

    receive(event) {
      if (event.source !== this.iframe.contentWindow) return;
      if (this.origin !== '*' && event.origin !== this.origin) return;
      const data = event.data;
      if (!data || typeof data !== 'object') return;
      if (data.type === 'attention:reply') {
        if (this.helloIds.has(data.id)) { this.helloIds.clear(); this.resolveReady(this); return; }
        const call = this.pending.get(data.id);
        if (!call) return;
        this.pending.delete(data.id);
        clearTimeout(call.timer);
        if (data.ok) call.resolve(data.result);
        else call.reject(new Error(data.error));
      } else if (data.type === 'attention:resize') {
        const height = Number(data.height);
        if (this.autoResize && Number.isFinite(height) && height >= 80 && height <= 20000) {
          this.iframe.style.height = `${Math.ceil(height)}px`;
        }
      } else if (data.type === 'attention:scroll-to') {
        // What the learner asked to see (a phone's "watch" link) is top CSS px down the frame,
        // which is as tall as its content and cannot scroll itself: this page scrolls to it.
        const top = Number(data.top);
        const frame = this.iframe.getBoundingClientRect();
        if (Number.isFinite(top) && top >= 0 && top <= frame.height) window.scrollTo(window.scrollX, window.scrollY + frame.top + top);
      } else if (data.type === 'attention:xapi') {  // a demo opened with ?xapi=1 (docs/xapi.md)
        for (const callback of this.handlers.get('xapi') || []) {
          try { callback(data.statement, 'xapi'); } catch (e) { console.error(e); }
        }
      } else if (data.type === 'attention:event') {
        for (const kind of [data.kind, '*']) {
          for (const callback of this.handlers.get(kind) || []) {
            try { callback(data.detail, data.kind); } catch (e) { console.error(e); }
          }
        }
      }
    }

    // call('getState'), call('setState', {state}), call('results'), call('subscribe', {kinds})
    async call(name, payload = {}) {
      await this.ready;
      const id = 'call-' + this.nextId++;
      const type = name.startsWith('attention:') ? name : 'attention:' + name;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          this.pending.delete(id);
          reject(new Error(`${type} got no reply within ${this.timeout} ms`));
        }, this.timeout);
        this.pending.set(id, { resolve, reject, timer });
        this.post({ ...payload, type, id });
      });
    }

    getState() { return this.call('getState'); }
    setState(state) { return this.call('setState', { state }); }
    // options: {matrices: false} for the vectors only (needed past 512 tokens).
    results(options = {}) { return this.call('results', options); }
    // A later session: the learner's record, as a 'lesson-progress' event's detail.record gave it,
    // back into the lesson (its answers count again; docs/grading.md). Resolves to {pending}: true
    // when the lesson's file was not there yet, which checks the record when it arrives (its
    // 'lesson-progress' events then say record_error if it was another lesson's).
    setLessonRecord(record) { return this.call('setLessonRecord', { record }); }

    // callback(detail, kind) for 'query-changed', 'step-changed', 'state-changed', the lesson
    // events ('quiz-answered', 'quiz-revealed', 'exercise-checked', 'bug-traced',
    // 'lesson-completed': docs/lesson-events.md),
    // or '*' for all; 'xapi' for the xAPI statements of a demo opened with ?xapi=1
    // (callback(statement); docs/xapi.md). Returns a function that removes the callback.
    on(kind, callback) {
      if (!this.handlers.has(kind)) this.handlers.set(kind, new Set());
      this.handlers.get(kind).add(callback);
      if (!this.subscribed && kind !== 'xapi') this.subscribed = this.call('subscribe');
      return () => this.handlers.get(kind).delete(callback);
    }

    destroy() {
      window.removeEventListener('message', this.onMessage);
      this.iframe.removeEventListener('load', this.onLoad);
      for (const call of this.pending.values()) { clearTimeout(call.timer); call.reject(new Error('AttentionFrame destroyed')); }
      this.pending.clear();
    }
  }

  function stillBlank(iframe) {
    try {
      const doc = iframe.contentDocument;  // null once another origin's page is in
      return !!doc && doc.URL === 'about:blank';
    } catch (e) {
      return false;
    }
  }

  window.AttentionFrame = AttentionFrame;

  // Static sites (MkDocs, Quarto, Docusaurus ...) where a page cannot run a script of its own: an
  // iframe marked data-attention-frame gets an AttentionFrame (and so its height) from this script
  // alone. Frames added later are found too, and a removed frame's instance is destroyed (sites that
  // swap pages without reloading). iframe.attentionFrame is the instance: use it, not a second one.
  const attached = new Set();
  function attachMarked() {
    for (const iframe of document.querySelectorAll('iframe[data-attention-frame]')) {
      if (!iframe.attentionFrame) { iframe.attentionFrame = new AttentionFrame(iframe); attached.add(iframe); }
    }
    for (const iframe of attached) {
      if (!iframe.isConnected) { iframe.attentionFrame.destroy(); delete iframe.attentionFrame; attached.delete(iframe); }
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', attachMarked);
  else attachMarked();
  if (window.MutationObserver) {
    new MutationObserver(attachMarked).observe(document.documentElement, { childList: true, subtree: true });
  }
})();
