// Shared set-up for the browser tests: a static server for dist/ on 127.0.0.1, Debian's Chromium
// with software WebGL2 (SwiftShader), and a page wrapper that records console errors and crashes.
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
    args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
           '--ignore-gpu-blocklist', '--disable-quic', '--no-first-run', '--disable-background-networking',
           '--disable-component-update', '--disable-sync'],
  });
}

// Opens url in a fresh context; page.problems collects console errors, page errors and aborts.
export async function openPage(browser, url, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => { if (msg.type() === 'error') page.problems.push(`console.error: ${msg.text()}`); });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  page.on('crash', () => page.problems.push('page crashed'));
  await page.goto(url);
  return page;
}

// page may also be a Frame (an embedded demo).
export async function waitReady(page, timeout = 30000) {
  await page.waitForFunction(() => window.attention && window.attention.ready, null, { timeout });
  await page.evaluate(() => window.attention.ready);
}

// The demo inside an <iframe> of page, found by a part of its URL.
export async function demoFrame(page, urlPart, timeout = 30000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const frame = page.frames().find((f) => f !== page.mainFrame() && f.url().includes(urlPart));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error(`no frame with ${urlPart} in its URL`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const frames = (page) => page.evaluate(() => window.attention.stats().frames);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Waits until the demo has drawn everything and gone idle (no pending frames, no lesson file on its way).
export async function waitIdle(page, timeout = 10000) {
  await page.waitForFunction(() => {
    const s = window.attention.stats();
    return s.pending_frames <= 0 && !s.lesson_loading;
  }, null, { timeout, polling: 50 });
}

// openPage, then waits until the demo is ready and idle: where most tests start.
export async function openSettled(browser, url, contextOptions = {}) {
  const page = await openPage(browser, url, contextOptions);
  await waitReady(page);
  await waitIdle(page);
  return page;
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
  await page.mouse.click(box.x + canvas.x + item.x + item.w / 2, box.y + canvas.y + item.y + item.h / 2);
  await frame.waitForTimeout(60);
  await waitIdle(frame);
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
// came within timeout ms).
export function postToDemo(host, message, timeout = 5000) {
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
