// The page in headless Chromium (software WebGL: SwiftShader draws on the CPU): time to the first
// frame, setState to the presented frame at n = 6, 256, 1024 (d = 64, projections with d_out = 64),
// frames while dragging at n = 256, and frames drawn while idle. Writes bench/results/browser.json.
// With --core-js, the wasm core benchmark (core_bench_wasm.js) also runs inside a page, to time the
// core in Chromium's own V8: written to browser_core.json beside the output.
// Usage: node bench/browser_bench.mjs [--runs N] [--dist DIR] [--out FILE] [--core-js FILE]
import { createServer } from 'node:http';
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser, openPage, waitReady, waitIdle } from '../tests/e2e/harness.mjs';
import { chromiumCpuMs, serveDir } from './bench_lib.mjs';


const here = path.dirname(fileURLToPath(import.meta.url));
const args = Object.fromEntries(process.argv.slice(2).reduce((pairs, a, i, all) =>
  (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []));
const runs = Number(args.runs || 3);
const out = args.out || path.join(here, 'results', 'browser.json');

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : null; };
const p90 = (xs) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * 0.9))] : null; };


// Runs block() and returns the Chromium CPU time it took, per process type and in total, and the
// number of frames the page drew meanwhile.
let currentPage = null;
async function cpuOf(block) {
  const framesNow = async () => (currentPage ? (await currentPage.evaluate(() => window.attention.stats())).frames : 0);
  const f0 = await framesNow();
  const before = chromiumCpuMs();
  await block();
  const after = chromiumCpuMs();
  const used = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
  used.total = used.renderer + used.gpu + used.browser + used.other;
  used.frames = (await framesNow()) - f0;
  return used;
}
const perChange = (cpu, count) => Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, v / count]));


// Deterministic embeddings in [-1, 1) (mulberry32): the values do not matter, the sizes do.
function randomState(n, d, seed, extra = {}) {
  let a = seed >>> 0;
  const rand = () => { a = (a + 0x6D2B79F5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const inputs = Array.from({ length: n }, () => Array.from({ length: d }, () => Math.fround(rand() * 2 - 1)));
  return { tokens: inputs.map((_, i) => `t${i}`), inputs, query: Math.min(1, n - 1),
           projection: { enabled: true, seed: 123, d_out: 64 }, ...extra };
}

// Installs window.__benchGpuSync in the page: it waits until the GPU has finished everything drawn
// so far (a 1-pixel readPixels cannot return before the frame is rasterised; SwiftShader does that
// on the CPU, in another process, after the frame function has returned) and returns
// performance.now(). Installed through the debugger protocol, so the page's CSP does not apply.
async function installGpuSync(page) {
  await page.evaluate(() => {
    window.__benchGpuSync = () => {
      const gl = window.Module && window.Module.ctx;
      if (gl) {
        const bound = gl.getParameter(gl.READ_FRAMEBUFFER_BINDING);
        gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
        gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
        gl.bindFramebuffer(gl.READ_FRAMEBUFFER, bound);
      }
      return performance.now();
    };
  });
}

// In the page: setState(text), then wait for the first frame that ran the recompute. From the
// call: presented_ms to the end of that frame function (stats().last_frame_ms, performance.now()
// clock), drawn_ms until the GPU finished drawing it. set_ms is the call itself (JSON parse and
// validation), frame_ms the frame function's own cost.
async function timeSetState(page, stateText) {
  return page.evaluate(async (text) => {
    const sync = window.__benchGpuSync;
    const a = window.attention;
    const before = a.stats();
    const t0 = performance.now();
    const outcome = a.setState(text);
    const t1 = performance.now();
    if (!outcome.ok) throw new Error(outcome.error);
    const [s, drawn] = await new Promise((resolve) => {
      const poll = () => {
        const now = a.stats();
        if (now.frames > before.frames && now.recomputes > before.recomputes) resolve([now, sync()]);
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
    return { set_ms: t1 - t0, presented_ms: s.last_frame_ms - t0, drawn_ms: drawn - t0, frame_ms: s.last_frame_cost_ms,
             recompute_ms: s.last_recompute_ms ?? null, frames_between: s.frames - before.frames };
  }, stateText);
}

async function firstFrame(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // Note when attention.ready resolves (it resolves inside the first frame) on the page's clock.
  await context.addInitScript(() => {
    let api;
    Object.defineProperty(window, 'attention', { configurable: true, get: () => api, set: (v) => {
      api = v;
      v.ready.then(() => { window.__firstFrameMs = performance.now(); }, () => {});
    } });
  });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(url);
  await waitReady(page);
  const t = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { first_frame_ms: window.__firstFrameMs, response_end_ms: nav.responseEnd,
             dom_content_loaded_ms: nav.domContentLoadedEventEnd, load_ms: nav.loadEventEnd };
  });
  await context.close();
  return { ...t, problems };
}

// Frames with no change at all (the mouse hovering over the canvas): the cost of drawing alone,
// as the frame function's cost and as the time until the GPU finished the frame.
async function redrawCosts(page) {
  await waitIdle(page, 60000);
  const costs = [];
  for (let i = 0; i < 10; ++i) {
    const before = (await page.evaluate(() => window.attention.stats())).frames;
    const t0 = await page.evaluate(() => performance.now());
    await page.mouse.move(640 + (i % 2) * 3, 790);
    costs.push(await page.evaluate(([f, start]) => new Promise((resolve) => {
      const poll = () => {
        const s = window.attention.stats();
        if (s.frames > f) resolve({ frame_ms: s.last_frame_cost_ms, drawn_ms: window.__benchGpuSync() - start });
        else requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    }), [before, t0]));
  }
  return costs;
}

async function idleFrames(page, ms) {
  await waitIdle(page, 60000);
  const f0 = (await page.evaluate(() => window.attention.stats())).frames;
  await page.waitForTimeout(ms);
  return (await page.evaluate(() => window.attention.stats())).frames - f0;
}

// One run: a fresh page; every change starts from an idle page, as a reader's click does.
async function oneRun(browser, url, run) {
  const page = await openPage(browser, url);
  await waitReady(page);
  await installGpuSync(page);
  currentPage = page;
  const result = { sizes: {}, drag: null, mouse_drag: null, idle_frames: {} };
  for (const n of [6, 256, 1024]) {
    const d = 64;
    const base = randomState(n, d, 1 + run);
    const samples = { shape_change: [], full: [], query: [], row_edit: [], row_edit_causal: [] };
    await waitIdle(page, 60000);
    samples.shape_change.push(await timeSetState(page, JSON.stringify(base)));
    // Each change waits for the page to go idle first, so its settling frames count to it.
    const other = randomState(n, d, 100);
    const fullTexts = [0, 1, 2, 3, 4].map((rep) => JSON.stringify(randomState(n, d, 200 + rep)));
    samples.cpu = {};
    samples.cpu.full = perChange(await cpuOf(async () => {
      for (const text of fullTexts) { await waitIdle(page, 60000); samples.full.push(await timeSetState(page, text)); }
      await waitIdle(page, 60000);
    }), fullTexts.length);
    await timeSetState(page, JSON.stringify(other));
    samples.cpu.query = perChange(await cpuOf(async () => {
      for (let rep = 0; rep < 5; ++rep) {
        await waitIdle(page, 60000);
        other.query = (other.query + 1) % n;
        samples.query.push(await timeSetState(page, JSON.stringify(other)));
      }
      await waitIdle(page, 60000);
    }), 5);
    samples.cpu.row_edit = perChange(await cpuOf(async () => {
      for (let rep = 0; rep < 5; ++rep) {
        await waitIdle(page, 60000);
        other.inputs[Math.floor(n / 2)][0] += 0.125;
        samples.row_edit.push(await timeSetState(page, JSON.stringify(other)));
      }
      await waitIdle(page, 60000);
    }), 5);
    const causal = { ...randomState(n, d, 7), causal: true };
    await waitIdle(page, 60000);
    await timeSetState(page, JSON.stringify(causal));
    for (let rep = 0; rep < 5; ++rep) {
      await waitIdle(page, 60000);
      causal.inputs[Math.floor(n / 2)][0] += 0.125;
      samples.row_edit_causal.push(await timeSetState(page, JSON.stringify(causal)));
    }
    samples.cpu.redraw = perChange(await cpuOf(async () => {
      samples.redraw = await redrawCosts(page);
      await waitIdle(page, 60000);
    }), 10);
    result.sizes[n] = samples;
    result.idle_frames[n] = await idleFrames(page, 3000);
  }

  // Dragging through the API at n = 256: one moved embedding per frame, as a mouse drag gives.
  const drag = randomState(256, 64, 3);
  await waitIdle(page, 60000);
  await timeSetState(page, JSON.stringify(drag));
  const steps = [];
  const texts = [];
  for (let i = 0; i < 40; ++i) {
    drag.inputs[10][0] += 0.01;
    drag.inputs[10][1] -= 0.01;
    texts.push(JSON.stringify(drag));
  }
  result.drag_cpu = perChange(await cpuOf(async () => {
    for (const text of texts) steps.push(await timeSetState(page, text));
    await waitIdle(page, 60000);
  }), texts.length);
  result.drag = steps;

  // A real mouse drag on an arrow of the embedding view, if the page names one.
  const layout = await page.evaluate(() => window.attention.layout());
  const arrow = layout.find((l) => l.name === 'arrow:10') || layout.find((l) => l.name.startsWith('arrow:'));
  if (arrow) {
    await waitIdle(page, 60000);
    const s0 = await page.evaluate(() => window.attention.stats());
    const t0 = Date.now();
    const x = arrow.x + arrow.w / 2, y = arrow.y + arrow.h / 2;
    const costs = [];
    const cpu = await cpuOf(async () => {
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 30; ++i) {
        await page.mouse.move(x + i * 2, y - i);
        costs.push((await page.evaluate(() => window.attention.stats())).last_frame_cost_ms);
      }
      await page.mouse.up();
      await waitIdle(page, 60000);
    });
    const s1 = await page.evaluate(() => window.attention.stats());
    result.mouse_drag = { arrow: arrow.name, moves: 30, wall_ms: Date.now() - t0, frames: s1.frames - s0.frames,
                          recomputes: s1.recomputes - s0.recomputes, frame_costs_ms: costs, cpu_per_move: perChange(cpu, 30) };
  }
  result.problems = page.problems;
  await page.context().close();
  return result;
}

function summarise(first, runsData) {
  const pick = (n, kind, field) => runsData.flatMap((r) => r.sizes[n][kind].map((s) => s[field]));
  const sizes = {};
  for (const n of [6, 256, 1024]) {
    sizes[n] = {};
    for (const kind of ['shape_change', 'full', 'query', 'row_edit', 'row_edit_causal']) {
      sizes[n][kind] = Object.fromEntries(['set_ms', 'presented_ms', 'drawn_ms', 'frame_ms', 'recompute_ms']
        .map((f) => [f, median(pick(n, kind, f).filter((x) => x !== null))]));
    }
    sizes[n].cpu_per_change = Object.fromEntries(['full', 'query', 'row_edit', 'redraw'].map((kind) =>
      [kind, Object.fromEntries(['renderer', 'gpu', 'browser', 'total', 'frames'].map((p) =>
        [p, median(runsData.map((r) => r.sizes[n].cpu[kind][p]))]))]));
    sizes[n].redraw_frame_ms = median(runsData.flatMap((r) => r.sizes[n].redraw.map((x) => x.frame_ms)));
    sizes[n].redraw_drawn_ms = median(runsData.flatMap((r) => r.sizes[n].redraw.map((x) => x.drawn_ms)));
    sizes[n].idle_frames_3s = median(runsData.map((r) => r.idle_frames[n]));
  }
  const dragSteps = runsData.flatMap((r) => r.drag);
  const mouse = runsData.map((r) => r.mouse_drag).filter(Boolean);
  return {
    first_frame_ms: median(first.map((f) => f.first_frame_ms)),
    response_end_ms: median(first.map((f) => f.response_end_ms)),
    sizes,
    drag_n256: {
      presented_ms_median: median(dragSteps.map((s) => s.presented_ms)), presented_ms_p90: p90(dragSteps.map((s) => s.presented_ms)),
      frame_ms_median: median(dragSteps.map((s) => s.frame_ms)), frame_ms_p90: p90(dragSteps.map((s) => s.frame_ms)),
      drawn_ms_median: median(dragSteps.map((s) => s.drawn_ms)), drawn_ms_p90: p90(dragSteps.map((s) => s.drawn_ms)),
      recompute_ms_median: median(dragSteps.map((s) => s.recompute_ms).filter((x) => x !== null)),
      set_ms_median: median(dragSteps.map((s) => s.set_ms)),
      cpu_per_change: Object.fromEntries(['renderer', 'gpu', 'browser', 'total', 'frames'].map((p) =>
        [p, median(runsData.map((r) => r.drag_cpu[p]))])),
    },
    mouse_drag: mouse.length ? {
      frame_ms_median: median(mouse.flatMap((m) => m.frame_costs_ms)), frames_per_move: median(mouse.map((m) => m.frames / m.moves)),
      recomputes_per_move: median(mouse.map((m) => m.recomputes / m.moves)),
      cpu_per_move: Object.fromEntries(['renderer', 'gpu', 'browser', 'total', 'frames'].map((p) =>
        [p, median(mouse.map((m) => m.cpu_per_move[p]))])),
    } : null,
  };
}

// The core benchmark's own driver in a blank page: its stdout arrives as console messages.
async function coreInBrowser(browser, coreJs) {
  const filter = ['full/n=256/d=64', 'full/n=1024/d=64', 'query_change/n=1024/d=64', 'row_edit/n=256/d=64',
                  'row_edit/n=1024/d=64', 'row_edit_causal/n=1024/d=64', 'score_matrix/n=1024/d=64',
                  'softmax_rows/n=1024/d=64', 'context/n=1024/d=64'].join(',');
  const script = await readFile(coreJs, 'utf8');
  const server = createServer((req, res) => {
    if (req.url.startsWith('/core_bench.js')) { res.writeHead(200, { 'Content-Type': 'text/javascript' }); res.end(script); return; }
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end(`<!doctype html><script>var Module = { arguments: ['--filter', '${filter}'], ` +
            `print: (t) => console.log(t), printErr: (t) => console.error(t) };</script><script src="/core_bench.js"></script>`);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const page = await browser.newPage();
  let text = '';
  const done = new Promise((resolve, reject) => {
    page.on('console', (m) => { text += m.text() + '\n'; if (text.includes('"checksum"')) resolve(); });
    page.on('pageerror', reject);
  });
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await done;
  await page.close();
  await new Promise((r) => server.close(r));
  return JSON.parse(text);
}

const server = args.dist ? await serveDir(path.resolve(args.dist)) : await startServer();
const browser = await launchBrowser();
try {
  if (args['core-js']) {
    process.stderr.write('browser_bench: the core kernels inside Chromium\n');
    const core = await coreInBrowser(browser, args['core-js']);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(path.join(path.dirname(out), 'browser_core.json'), JSON.stringify(core, null, 1));
  }
  const first = [];
  for (let i = 0; i < Math.max(runs, 5); ++i) first.push(await firstFrame(browser, server.url + '/'));
  const runsData = [];
  for (let i = 0; i < runs; ++i) {
    process.stderr.write(`browser_bench: run ${i + 1} of ${runs}\n`);
    runsData.push(await oneRun(browser, server.url + '/', i));
  }
  const report = { date: new Date().toISOString(), runs, summary: summarise(first, runsData), first_frame: first, raw: runsData };
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(report, null, 1));
  console.log(JSON.stringify(report.summary, null, 1));
  const problems = [...first.flatMap((f) => f.problems), ...runsData.flatMap((r) => r.problems)];
  if (problems.length) console.error('browser_bench: the page reported problems:\n' + problems.join('\n'));
} finally {
  await browser.close();
  await server.close();
}
