// Shared set-up for the browser tests: a static server for dist/ on 127.0.0.1, Debian's Chromium
// with software WebGL2 (SwiftShader), and a page wrapper that records console errors and crashes.
//
// Waiting. A test waits for the page's own signals (attention.ready, stats().pending_frames,
// lesson_loading, code_loading, passes, a reply, an event, a state value), never for a fixed time: software
// WebGL on a busy two-core machine draws a frame in ~100 ms, so a fixed time measures the machine.
// Every wait below gives up after one generous budget, WAIT_MS (60 s), and then says what it was
// waiting for and what the page showed instead.
//   ATTN_TEST_TIME_SCALE=3 ./run_tests.sh   multiplies every budget (default 1; any number > 0),
//                                           for slower machines, emulators or a debugger
// budget(ms) is ms scaled the same way, for the few waits a test makes on its own. sleep() is
// only for a span that is itself measured (no frame may be drawn during it) or for the pace of a
// gesture; each use says so where it is made.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFile, mkdir, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { PNG } from 'pngjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
export const distDir = path.join(repoRoot, 'dist');
export const artifactsDir = path.join(here, 'artifacts');

// ---- the time budget

function readTimeScale() {
  const raw = process.env.ATTN_TEST_TIME_SCALE;
  if (raw === undefined || raw.trim() === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0) {
    throw new Error(`ATTN_TEST_TIME_SCALE must be a number greater than 0 (e.g. 2 or 0.5), not '${raw}'`);
  }
  return scale;
}
export const timeScale = readTimeScale();
// The one budget every wait gets, before scaling.
export const WAIT_MS = 60000;
// ms (default: WAIT_MS) scaled by ATTN_TEST_TIME_SCALE: what a test waits at most.
export function budget(ms = WAIT_MS) { return Math.max(1, Math.round(ms * timeScale)); }
const inSeconds = (ms) => `${Math.round(ms / 100) / 10} s`;
const scaleNote = () => (timeScale === 1 ? '' : ` (ATTN_TEST_TIME_SCALE=${timeScale})`);
const isTimeout = (e) => e && (e.name === 'TimeoutError' || /Timeout \d+ms exceeded/.test(String(e.message)));

// The error a wait gives up with: what it waited for, for how long, and what the page showed.
async function gaveUp(who, what, ms, cause, describe) {
  let now = '';
  if (describe) {
    try { now = `; now: ${await describe()}`; } catch (e) { now = `; the page could not say more (${e.message.split('\n')[0]})`; }
  }
  const why = isTimeout(cause) ? `not within ${inSeconds(ms)}${scaleNote()}` : `failed: ${String(cause && cause.message).split('\n')[0]}`;
  return new Error(`${who ? who + ': ' : ''}${what}: ${why}${now}`, { cause });
}

// Waits until fn(arg), run in the page or frame, returns a truthy value (returned, as a JSHandle).
// what names the condition for the error ("the host to size the frame"); options: timeout (ms,
// default budget()), polling (ms, or 'raf'; default 50), describe (an async function whose text the
// error adds: what the page shows instead), who (the helper named first in the error).
export async function waitFor(page, fn, arg, what, options = {}) {
  const ms = options.timeout ?? budget();
  try {
    return await page.waitForFunction(fn, arg, { timeout: ms, polling: options.polling ?? 50 });
  } catch (e) {
    throw await gaveUp(options.who ?? 'waitFor', `waiting for ${what}`, ms, e, options.describe);
  }
}

// As waitFor, for a condition Node checks (across frames, or on what Node collected): polls the
// async check every 50 ms until it returns a truthy value, which it returns. Same options, but
// polling.
export async function waitUntil(check, what, options = {}) {
  const ms = options.timeout ?? budget();
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) {
      const timeout = Object.assign(new Error(`Timeout ${ms}ms exceeded`), { name: 'TimeoutError' });
      throw await gaveUp(options.who ?? 'waitUntil', `waiting for ${what}`, ms, timeout, options.describe);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

// Resolves as promise does, or fails naming what ("waiting for the reply") once the budget has
// passed (page.evaluate of a promise, say, has no timeout of its own).
export async function within(promise, what, ms = budget()) {
  let timer;
  const late = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`Timeout ${ms}ms exceeded`), { name: 'TimeoutError' })), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } catch (e) {
    throw await gaveUp(null, what, ms, e);
  } finally {
    clearTimeout(timer);
  }
}

const mimeTypes = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
  '.png': 'image/png', '.ttf': 'font/ttf', '.svg': 'image/svg+xml', '.woff2': 'font/woff2',
};

// Serves dist/ (and nothing outside it; options.root serves another folder, e.g. a built static
// site). options.headers adds response headers (e.g. a CSP), and
// options.port picks the port (0 = any free one). server.routes maps extra paths to in-memory
// pages ({'/host.html': '<!doctype html>...'}, or {body, type, headers}); tests may add routes once
// they know server.url.
export async function startServer(options = {}) {
  const root = options.root || distDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(root === distDir ? 'dist/ is missing: run ./build_wasm.sh before the browser tests'
                                     : `${root} has no index.html`);
  }
  const routes = new Map(Object.entries(options.routes || {}));
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (routes.has(url.pathname)) {
      const route = routes.get(url.pathname);
      const body = typeof route === 'string' ? route : route.body;
      res.writeHead(200, { 'Content-Type': (route && route.type) || 'text/html; charset=utf-8', 'Cache-Control': 'no-store',
                           ...(options.headers || {}), ...((route && route.headers) || {}) });
      res.end(body);
      return;
    }
    let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    if (file !== root && !file.startsWith(root + path.sep)) { res.writeHead(403).end(); return; }
    if (url.pathname.endsWith('/')) file = path.join(file, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': mimeTypes[path.extname(file)] || 'application/octet-stream',
                           'Cache-Control': 'no-store', ...(options.headers || {}) });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(options.port || 0, '127.0.0.1', resolve));
  const { port } = server.address();
  // close() also ends kept-alive connections, so a test that failed half-way cannot hold the process.
  const close = () => new Promise((r) => { server.close(r); server.closeAllConnections(); });
  return { url: `http://127.0.0.1:${port}`, port, routes, close };
}

export async function launchBrowser() {
  // Playwright gives every launch a fresh temporary profile of its own.
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    timeout: budget(180000),  // Playwright's own default, scaled
    args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--ignore-gpu-blocklist', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync'],
  });
}

// Opens url in a fresh context; page.problems collects console errors, page errors and aborts.
// Playwright's own waits in it (goto, click, screenshot, a waitForFunction given no timeout) get
// the budget too.
// contextOptions: Playwright's, and initScript: a script every frame runs before its own (a
// browser's quirk to stand in for, such as storage that is refused).
export async function openPage(browser, url, { initScript, ...contextOptions } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  if (initScript) await context.addInitScript(initScript);
  context.setDefaultTimeout(budget());
  context.setDefaultNavigationTimeout(budget());
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') page.problems.push(`console.error: ${msg.text()}`); });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  page.on('crash', () => page.problems.push('page crashed'));
  await page.goto(url);
  return page;
}

// ---- the page's signals

// What the demo's counters say now, as text for an error message.
export async function describeStats(page) {
  const s = await page.evaluate(() => (window.attention && window.attention.stats ? window.attention.stats() : null));
  if (!s) return 'window.attention has no stats() yet';
  return `pending_frames=${s.pending_frames}, lesson_loading=${s.lesson_loading}, code_loading=${s.code_loading}, visible=${s.visible}, ` +
         `frames=${s.frames}, passes=${s.passes}`;
}

// Waits until the demo's attention.ready has resolved (its first frame, or the text fallback).
// page may also be a Frame (an embedded demo). timeout: ms, default budget().
export async function waitReady(page, timeout = budget()) {
  const started = Date.now();
  await waitFor(page, () => window.attention && window.attention.ready, null, 'window.attention.ready to exist',
                { timeout, who: 'waitReady', describe: () => page.evaluate(() => `document.readyState=${document.readyState}`) });
  const left = Math.max(1, timeout - (Date.now() - started));
  await within(page.evaluate(() => window.attention.ready.then(() => true)),
               'waitReady: waiting for window.attention.ready to resolve', left);
}

// The demo inside an <iframe> of page, found by a part of its URL.
export async function demoFrame(page, urlPart, timeout = budget()) {
  const frame = await waitUntil(
    async () => page.frames().find((f) => f !== page.mainFrame() && f.url().includes(urlPart)),
    `a frame with ${urlPart} in its URL`,
    { timeout, who: 'demoFrame', describe: async () => `frames: ${page.frames().map((f) => f.url() || '(no URL yet)').join(', ')}` });
  return frame;
}

export const frames = (page) => page.evaluate(() => window.attention.stats().frames);
export const passes = (page) => page.evaluate(() => window.attention.stats().passes);
// Not for waiting (see the top of this file): a measured span, or the pace of a gesture.
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Waits until the demo has drawn everything and gone idle (no pending frames, no lesson file on
// its way). It may return at once: after an input, use settleAfter, which waits for the demo to
// have seen it. timeout: ms, default budget().
export async function waitIdle(page, timeout = budget()) {
  try {
    await page.waitForFunction(() => {
      const s = window.attention.stats();
      return s.pending_frames <= 0 && !s.lesson_loading && !s.code_loading;
    }, null, { timeout, polling: 50 });
  } catch (e) {
    throw await gaveUp('waitIdle', 'the demo did not go idle', timeout, e, () => describeStats(page));
  }
}

// Runs action (an input: a click, keys, the wheel, touches; or an API call) on an idle demo, then
// waits until the demo has built a UI pass after it and gone idle again: the input has been seen
// and everything it changed is drawn. (Idle alone may come before an input that the browser has
// acknowledged but not yet delivered: passive wheel and touch listeners, rAF-aligned moves.)
// page is the demo's page or frame, also when the input goes through a host page. what names the
// action for the error. options.lifted: also wait until the demo has seen the finger lift
// (stats().pointer false: a tap's release is over, no hover left under it).
export async function settleAfter(page, action, what = 'the input', options = {}) {
  await waitIdle(page);
  const before = await passes(page);
  const result = await action();
  await waitFor(page, ([n, lifted]) => {
    const s = window.attention.stats();
    return s.passes > n && s.pending_frames <= 0 && !s.lesson_loading && !s.code_loading && !(lifted && s.pointer);
  }, [before, !!options.lifted], `the demo to handle ${what} and go idle (passes > ${before}` +
    `${options.lifted ? ', the finger lifted' : ''})`, { who: 'settleAfter', describe: async () => `${await describeStats(page)}, ` +
    `pointer=${await page.evaluate(() => window.attention.stats().pointer)}` });
  return result;
}

// Waits until nothing moves on page (a demo's page or frame, or a host page): the demo (if any) is
// idle and its counters, the scroll position, the window's and every iframe's size and the
// demo's content height stay the same over `count` animation frames in a row. Resize, scroll and
// intersection events are delivered with animation frames, so then none is on its way. For a
// course page's scroll coming to rest, or a frame the host has just resized.
export async function waitQuiet(page, what = 'the page to come to rest', count = 3) {
  await page.evaluate(() => { delete window.__attnTestQuiet; });
  try {
    await page.waitForFunction((n) => {
      const a = window.attention;
      let s = null;
      try { s = a && a.stats ? a.stats() : null; } catch (e) { s = null; }  // before the runtime is up
      const iframes = [...document.querySelectorAll('iframe')].map((f) => {
        const r = f.getBoundingClientRect();
        return [r.x, r.y, r.width, r.height];
      });
      const busy = !!(s && (s.pending_frames > 0 || s.lesson_loading || s.code_loading));
      const sig = JSON.stringify([scrollX, scrollY, innerWidth, innerHeight, document.documentElement.scrollHeight, iframes,
                                  s && [s.passes, s.frames], a && a.contentHeight ? a.contentHeight() : null]);
      const last = window.__attnTestQuiet;
      if (busy || !last || last.sig !== sig) {
        window.__attnTestQuiet = { sig, busy, count: 0 };
        return false;
      }
      return ++last.count >= n;
    }, count, { timeout: budget(), polling: 'raf' });
  } catch (e) {
    throw await gaveUp('waitQuiet', `waiting for ${what}`, budget(), e,
                       () => page.evaluate(() => JSON.stringify(window.__attnTestQuiet)));
  }
}

// openPage, then waits until the demo is ready and idle: where most tests start.
export async function openSettled(browser, url, contextOptions = {}) {
  const page = await openPage(browser, url, contextOptions);
  await waitReady(page);
  await waitIdle(page);
  return page;
}

// Waits until the host page has set its iframe (selector) to the height the framed demo says its
// content needs (attention.contentHeight(), > 0), within px; returns {height, wanted}. The test
// still asserts the fit it needs: this is the wait for the host's sizing to arrive.
export async function waitFrameFits(page, frame, selector, px = 4) {
  let last = null;
  return waitUntil(async () => {
    const wanted = await frame.evaluate(() => window.attention.contentHeight());
    const height = await page.evaluate((sel) => document.querySelector(sel).getBoundingClientRect().height, selector);
    last = { height, wanted };
    return wanted > 0 && Math.abs(height - wanted) <= px ? last : null;
  }, `the host page to size ${selector} to the demo's content (within ${px} px)`,
  { who: 'waitFrameFits', describe: async () => (last ? `frame ${last.height} px, content ${last.wanted} px` : 'nothing read yet') });
}

export function decodePng(buffer) { return PNG.sync.read(buffer); }

// Statistics of a region of a decoded PNG: how many distinct colours, and the share of pixels that
// differ from the most common one (a blank or single-colour area has ~0).
export function regionStats(png, x0, y0, w, h) {
  const counts = new Map();
  let total = 0;
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(png.height, y0 + h); y++) {
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(png.width, x0 + w); x++) {
      const i = (y * png.width + x) * 4;
      const key = (png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2];
      counts.set(key, (counts.get(key) || 0) + 1);
      total++;
    }
  }
  let top = 0;
  for (const c of counts.values()) top = Math.max(top, c);
  return { distinctColors: counts.size, nonDominantShare: total ? 1 - top / total : 0, total };
}

export function pixel(png, x, y) {
  const i = (Math.round(y) * png.width + Math.round(x)) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
}

export async function saveArtifact(name, buffer) {
  await mkdir(artifactsDir, { recursive: true });
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path.join(artifactsDir, name), buffer);
}

// What the page loads, file by file, as the browser requests it, at the size of its precompressed
// .gz copy in dist/ (what a static host sends): {files: [{file, raw, gzip}], rawBytes,
// transferBytes}. The budget test and bench/page_budget.mjs both measure with it.
export async function pageTransfer(browser, server) {
  const page = await openPage(browser, 'about:blank');
  const paths = new Set();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin === server.url) paths.add(url.pathname === '/' ? '/index.html' : url.pathname);
  });
  await page.goto(server.url + '/');
  await waitReady(page);
  await waitIdle(page);
  const files = [];
  for (const p of [...paths].sort()) {
    const file = path.join(distDir, p);
    const raw = (await stat(file)).size;
    const gzip = (await stat(file + '.gz').catch(() => ({ size: raw }))).size;
    const brotli = (await stat(file + '.br').catch(() => ({ size: raw }))).size;
    files.push({ file: p.slice(1), raw, gzip, brotli });
  }
  await page.context().close();
  const total = (key) => files.reduce((a, f) => a + f[key], 0);
  return { files, rawBytes: total('raw'), transferBytes: total('gzip'), brotliBytes: total('brotli') };
}

// The page's widgets as its layout lists them (window.attention.layout()): one by name (asserted to
// be on screen), a recorded value ("value:NAME", the text the screen shows, "?" while covered), and
// a real click near an item's left edge (a check box's box, a button's label).
export const layoutOf = (page) => page.evaluate(() => window.attention.layout());
export async function layoutItem(page, name) {
  const found = (await layoutOf(page)).find((l) => l.name === name);
  assert.ok(found, `${name} is on screen`);
  return found;
}
export const layoutValue = async (page, name) => (await layoutOf(page)).find((l) => l.name === `value:${name}`)?.text;
export async function clickItem(page, name) {
  const r = await layoutItem(page, name);
  await settleAfter(page, () => page.mouse.click(r.x + Math.min(r.w / 2, 12), r.y + r.h / 2), `a click on ${name}`);
}

// A swipe with one finger through CDP, in steps. The 20 ms between moves is the finger's pace (a
// swipe, not a jump), not a wait for anything.
export async function touchSwipe(cdp, from, to, steps = 8) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y, id: 1 }] });
  for (let k = 1; k <= steps; ++k) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{
      x: from.x + (to.x - from.x) * k / steps, y: from.y + (to.y - from.y) * k / steps, id: 1 }] });
    await sleep(20);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

// Clicks a named widget inside the frame (or the page's main frame), as a learner would: with the
// page's mouse.
export async function clickInFrame(page, frame, name) {
  const box = frame === page.mainFrame() ? { x: 0, y: 0 } : await (await frame.frameElement()).boundingBox();
  const canvas = await frame.evaluate(() => {
    const r = document.getElementById('canvas').getBoundingClientRect();
    return { x: r.x, y: r.y };
  });
  const items = await frame.evaluate(() => window.attention.layout());
  const item = items.find((l) => l.name === name);
  assert.ok(item, `${name} is on screen (have: ${items.map((l) => l.name).filter((n) => n.startsWith('lesson')).join(', ')})`);
  await settleAfter(frame, () => page.mouse.click(box.x + canvas.x + item.x + item.w / 2, box.y + canvas.y + item.y + item.h / 2),
                    `a click on ${name}`);
}

// A course page that frames the demo at demoUrl (1280 x 800) with attention-host.js from the
// demo's origin; listen is the page's own script, with `demo` an AttentionFrame of the iframe.
export function hostPageFraming(demoUrl, listen) {
  const demoOrigin = new URL(demoUrl).origin;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course page</title>
<link rel="icon" href="data:,"><script src="${demoOrigin}/attention-host.js"></script></head><body style="margin:0">
<iframe id="demo" src="${demoUrl}" title="attention demo" style="width:1280px;height:800px;border:0"></iframe>
<script>
  const demo = new AttentionFrame(document.getElementById('demo'));
  ${listen}
</script></body></html>`;
}

// A course page on another origin (http://localhost:PORT) framing the demo (http://127.0.0.1:PORT
// + path), ready and idle: where postMessage requests come from (the demo loads its postMessage
// bridge because it is framed). Returns {host, frame}.
export async function openFramedDemo(browser, server, path = '/index.html') {
  const route = `/host-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>host</title>
<link rel="icon" href="data:,"></head><body style="margin:0">
<iframe id="demo" src="${server.url}${path}" title="demo" style="width:1280px;height:800px;border:0"></iframe>
</body></html>`);
  const host = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 1300, height: 820 } });
  const frame = await demoFrame(host, path.split('#')[0].split('?')[0]);
  await waitReady(frame);
  await waitIdle(frame);
  return { host, frame };
}

// Posts a message from the host page to the framed demo and waits for its reply (null when none
// came within timeout ms, default budget(): the caller asserts that a reply came).
export function postToDemo(host, message, timeout = budget()) {
  return host.evaluate(([msg, ms]) => new Promise((resolve) => {
    const timer = setTimeout(() => { window.removeEventListener('message', on); resolve(null); }, ms);
    function on(e) {
      if (e.data && e.data.type === 'attention:reply' && e.data.id === msg.id) {
        clearTimeout(timer);
        window.removeEventListener('message', on);
        resolve(e.data);
      }
    }
    window.addEventListener('message', on);
    document.getElementById('demo').contentWindow.postMessage(msg, '*');
  }), [message, timeout]);
}

// Answers every question of the lesson step on screen with its first choice, by clicks (the
// engine's lessonStatus() says how many the step asks); returns how many were revealed.
export async function answerStepWithFirstChoices(page, frame) {
  const { questions } = await frame.evaluate(() => window.attention.lessonStatus());
  for (let q = 0; q < questions; ++q) {
    if (q > 0) await clickInFrame(page, frame, 'lesson:next-question');
    await clickInFrame(page, frame, 'lesson:choice:0');
    await clickInFrame(page, frame, 'lesson:reveal');
  }
  return questions;
}

// Walks steps first..last of the track with the Next button, answering every question of each with
// its first choice by clicks; returns how many questions were revealed.
export async function answerTrackWithFirstChoices(page, frame, first, last) {
  let asked = 0;
  for (let step = first; step <= last; ++step) {
    const status = await frame.evaluate(() => window.attention.lessonStatus());
    assert.equal(status.step, step, `the walk is on step ${step}`);
    asked += await answerStepWithFirstChoices(page, frame);
    if (step < last) await clickInFrame(page, frame, 'lesson:next');
  }
  return asked;
}
