// The page and its floor side by side, from one run (bench/floor_bench.sh builds both first):
//   transfer     every file each loads, compressed here the same way for both (gzip -9, brotli 11)
//   first frame  navigation start to the first frame drawn (median of --repeats loads), and the
//                page's start-up broken down: fetch, compile and instantiate, runtime start to
//                main(), window and GL context, ImGui and its font atlas, shaders, first frame
//   CPU / frame  Chromium's CPU (renderer + GPU process + browser) per frame drawn, at 1280 x 800
//                and 390 x 844 (DPR 2): the floor draws every display frame; the page draws only
//                on change, so its figure is per frame drawn while query changes are made
// and the page / floor ratio of each. Writes bench/results/floor.json and prints a table.
// Usage: node bench/floor_bench.mjs --floor DIR --dist DIR [--repeats N]
import { readFile, writeFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { launchBrowser, waitReady, waitIdle } from '../tests/e2e/harness.mjs';
import { chromiumCpuMs, serveDir } from './bench_lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
if (!args.floor || !args.dist) {
  console.error('usage: node bench/floor_bench.mjs --floor DIR --dist DIR [--repeats N]');
  process.exit(2);
}
const repeats = Number(args.repeats || 5);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : null; };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const laptop = { viewport: { width: 1280, height: 800 } };
const phone = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

// The files a page requests from its own server, compressed here (same settings for both pages).
async function transfer(browser, url, dir) {
  const context = await browser.newContext(laptop);
  const page = await context.newPage();
  const names = new Set();
  page.on('requestfinished', (r) => { const u = new URL(r.url()); if (u.origin === new URL(url).origin) names.add(u.pathname.slice(1) || 'index.html'); });
  await page.goto(url);
  await sleep(3000);
  await context.close();
  const files = [];
  for (const name of [...names].sort()) {
    const data = await readFile(path.join(dir, name)).catch(() => null);
    if (!data) continue;
    files.push({ file: name, raw: data.length, gzip: gzipSync(data, { level: 9 }).length,
                 brotli: brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 } }).length });
  }
  const sum = (k) => files.reduce((a, f) => a + f[k], 0);
  return { files, raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') };
}

// Navigation start to the first frame, and (for the page) where that time went.
async function firstFrame(browser, url, isPage) {
  const context = await browser.newContext(laptop);
  await context.addInitScript(() => {
    // When the wasm finished compiling and instantiating, on the page's clock.
    for (const name of ['instantiateStreaming', 'instantiate']) {
      const original = WebAssembly[name];
      WebAssembly[name] = function (...a) {
        return original.apply(this, a).then((r) => { window.__instantiatedMs ??= performance.now(); return r; });
      };
    }
    // The page's attention.ready resolves inside its first frame.
    let api;
    Object.defineProperty(window, 'attention', { configurable: true, get: () => api, set: (v) => {
      api = v;
      v.ready.then(() => { window.__firstFrameMs = performance.now(); }, () => {});
    } });
  });
  const page = await context.newPage();
  await page.goto(url);
  let t;
  if (isPage) {
    await waitReady(page);
    t = await page.evaluate(async () => {
      await window.attention.ready;
      const s = window.attention.stats().startup;
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      return { wasm_fetched_ms: wasm ? wasm.responseEnd : null, instantiated_ms: window.__instantiatedMs ?? null,
               main_ms: s.init_started_ms, window_ms: s.window_ms, fonts_ms: s.fonts_ms, shaders_ms: s.renderer_ms,
               first_frame_cost_ms: s.first_frame_cost_ms, first_frame_ms: window.__firstFrameMs };
    });
  } else {
    await page.waitForFunction(() => performance.getEntriesByName('floor-first-frame').length > 0, null, { timeout: 30000 });
    t = await page.evaluate(() => {
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
      return { wasm_fetched_ms: wasm ? wasm.responseEnd : null, instantiated_ms: window.__instantiatedMs ?? null,
               first_frame_ms: performance.getEntriesByName('floor-first-frame')[0].startTime };
    });
  }
  await context.close();
  return t;
}

function cpuDelta(a, b) {
  const d = {};
  for (const k of ['renderer', 'gpu', 'browser']) d[k] = b[k] - a[k];
  d.total = d.renderer + d.gpu + d.browser;
  return d;
}
const perFrame = (cpu, frames) => Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, frames ? v / frames : null]));

// The floor: every display frame is drawn; CPU over 3 s divided by the frames drawn.
async function floorCpu(browser, url, options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('floor-first-frame').length > 0, null, { timeout: 30000 });
  await sleep(1000);
  const f0 = await page.evaluate(() => Module._floor_frames());
  const c0 = chromiumCpuMs();
  await sleep(3000);
  const c1 = chromiumCpuMs();
  const frames = await page.evaluate(() => Module._floor_frames()) - f0;
  await context.close();
  return { frames, per_frame: perFrame(cpuDelta(c0, c1), frames) };
}

// The page: ten query changes through setState, each from an idle page; CPU per frame drawn.
async function pageCpu(browser, url, options) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(url);
  await waitReady(page);
  await waitIdle(page, 60000);
  await sleep(500);
  const s0 = await page.evaluate(() => window.attention.stats());
  const c0 = chromiumCpuMs();
  for (let i = 0; i < 10; ++i) {
    await page.evaluate((q) => window.attention.setState({ ...window.attention.getState(), query: q }), i % 6);
    await waitIdle(page, 60000);
  }
  const c1 = chromiumCpuMs();
  const s1 = await page.evaluate(() => window.attention.stats());
  await context.close();
  const frames = s1.frames - s0.frames, cpu = cpuDelta(c0, c1);
  return { changes: 10, frames, passes: s1.passes - s0.passes, per_frame: perFrame(cpu, frames), per_change: perFrame(cpu, 10) };
}

const pageServer = await serveDir(path.resolve(args.dist));
const floorServer = await serveDir(path.resolve(args.floor));
const browser = await launchBrowser();
const ratio = (a, b) => (a != null && b ? Math.round((a / b) * 100) / 100 : null);
try {
  const pageUrl = pageServer.url + '/index.html', floorUrl = floorServer.url + '/floor.html';
  const result = { date: new Date().toISOString(), repeats };
  result.transfer = { page: await transfer(browser, pageUrl, path.resolve(args.dist)),
                      floor: await transfer(browser, floorUrl, path.resolve(args.floor)) };
  const pageFirst = [], floorFirst = [];
  for (let i = 0; i < repeats; ++i) {  // interleaved, so a busy moment hits both
    pageFirst.push(await firstFrame(browser, pageUrl, true));
    floorFirst.push(await firstFrame(browser, floorUrl, false));
  }
  const medians = (runs) => Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]).filter((v) => v != null))]));
  result.first_frame = { page: medians(pageFirst), floor: medians(floorFirst), page_runs: pageFirst, floor_runs: floorFirst };
  result.cpu = {};
  for (const [name, options] of [['1280x800', laptop], ['390x844@2', phone]]) {
    result.cpu[name] = { page: await pageCpu(browser, pageUrl, options), floor: await floorCpu(browser, floorUrl, options) };
  }
  result.ratios = {
    transfer_gzip: ratio(result.transfer.page.gzip, result.transfer.floor.gzip),
    transfer_brotli: ratio(result.transfer.page.brotli, result.transfer.floor.brotli),
    first_frame: ratio(result.first_frame.page.first_frame_ms, result.first_frame.floor.first_frame_ms),
    ...Object.fromEntries(Object.entries(result.cpu).map(([k, v]) => [`cpu_per_frame_${k}`, ratio(v.page.per_frame.total, v.floor.per_frame.total)])),
  };
  await mkdir(path.join(here, 'results'), { recursive: true });
  await writeFile(path.join(here, 'results', 'floor.json'), JSON.stringify(result, null, 1));

  const kb = (b) => (b / 1000).toFixed(1) + ' KB', ms = (v) => (v == null ? '-' : v.toFixed(0) + ' ms');
  const t = result.transfer, f = result.first_frame;
  console.log('| | page | floor | page / floor |\n|---|---|---|---|');
  console.log(`| transfer, gzip -9 | ${kb(t.page.gzip)} | ${kb(t.floor.gzip)} | ${result.ratios.transfer_gzip} |`);
  console.log(`| transfer, brotli 11 | ${kb(t.page.brotli)} | ${kb(t.floor.brotli)} | ${result.ratios.transfer_brotli} |`);
  console.log(`| time to first frame | ${ms(f.page.first_frame_ms)} | ${ms(f.floor.first_frame_ms)} | ${result.ratios.first_frame} |`);
  for (const [k, v] of Object.entries(result.cpu))
    console.log(`| CPU per frame drawn, ${k} | ${ms(v.page.per_frame.total)} | ${ms(v.floor.per_frame.total)} | ${result.ratios[`cpu_per_frame_${k}`]} |`);
  console.log(`\nthe page's first frame (medians, ms from navigation start): wasm fetched ${ms(f.page.wasm_fetched_ms)}, ` +
              `instantiated ${ms(f.page.instantiated_ms)}, main() ${ms(f.page.main_ms)}; then window + GL ${ms(f.page.window_ms)}, ` +
              `ImGui ${ms(f.page.fonts_ms)}, shaders ${ms(f.page.shaders_ms)}, first frame (with the font atlas) ${ms(f.page.first_frame_cost_ms)}` +
              ` (the floor: wasm fetched ${ms(f.floor.wasm_fetched_ms)}, instantiated ${ms(f.floor.instantiated_ms)})`);
  for (const [k, v] of Object.entries(result.cpu))
    console.log(`page at ${k}: ${v.page.frames} frames drawn and ${v.page.passes} UI passes for ${v.page.changes} query changes, ` +
                `CPU per change ${ms(v.page.per_change.total)} (renderer ${ms(v.page.per_change.renderer)}, GPU ${ms(v.page.per_change.gpu)}, ` +
                `browser ${ms(v.page.per_change.browser)}); floor: ${v.floor.frames} frames in 3 s`);
} finally {
  await browser.close();
  await pageServer.close();
  await floorServer.close();
}
