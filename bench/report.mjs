// Turns bench/results/*.json into bench/results/summary.md (and prints it): the core kernels
// natively and in wasm with their ratio, the browser timings, and each target met or missed.
// Usage: node bench/report.mjs [results-dir]
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2] || path.join(here, 'results');
const readJson = async (name) => { try { return JSON.parse(await readFile(path.join(dir, name), 'utf8')); } catch { return null; } };
const median = (xs) => { const s = xs.filter((x) => x !== null && x !== undefined).sort((a, b) => a - b); return s.length ? s[Math.floor(s.length / 2)] : null; };
const ms = (x, digits) => (x === null || x === undefined ? '–' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1)
  : x.toFixed(digits ?? (x >= 1 ? 2 : x >= 0.01 ? 3 : 4)));

// Median CPU time per case over every run file of a platform (core-native-1.json, ...).
async function coreRuns(platform) {
  const files = (await readdir(dir)).filter((f) => f.startsWith(`core-${platform}-`) && f.endsWith('.json'));
  const byName = new Map();
  for (const f of files) {
    const run = await readJson(f);
    for (const c of run?.cases || []) {
      if (!byName.has(c.name)) byName.set(c.name, { ...c, samples: [] });
      byName.get(c.name).samples.push(c.cpu_ms);
    }
  }
  for (const c of byName.values()) c.cpu_ms = median(c.samples);
  return { runs: files.length, cases: byName };
}

const native = await coreRuns('native');
const wasm = await coreRuns('wasm');
const gbench = await readJson('native_gbench.json');
const browser = await readJson('browser.json');
const browserCore = await readJson('browser_core.json');
const machine = await readJson('machine.json');

// Google Benchmark's medians over its repetitions, by case name ("full/n=1024/d=64").
const gbenchMs = new Map((gbench?.benchmarks || []).filter((b) => b.aggregate_name === 'median')
  .map((b) => [b.run_name.replace(/\/real_time$/, ''), { wall: b.real_time, cpu: b.cpu_time }]));

const lines = [];
const say = (s = '') => lines.push(s);
say('# Benchmark results');
say();
if (machine) {
  say(`Measured ${machine.date} on ${machine.cpu} (${machine.cores} cores), load average ${machine.load_before} before and ` +
      `${machine.load_after} after (other builds were running). ${machine.node}, ${machine.emcc}, ${machine.chromium}.`);
  say();
}

// --- core kernels -------------------------------------------------------------------------
const kernels = ['score_matrix_loop', 'score_matrix', 'softmax_rows', 'context', 'projections', 'full', 'query_change',
                 'row_edit', 'row_edit_causal', 'module_full', 'decode_step'];
const ratios = [];
say(`## Core kernels: native vs wasm (CPU ms per run, median of ${native.runs} x 7 batches; ratio = wasm / native)`);
say();
say('Same driver (bench/core_bench_wasm.cpp) and flags (-O3, 128-bit SIMD: SSE2 natively, simd128 in wasm) on both sides; ' +
    'wasm runs under Node. CPU time, not wall time, because the machine is shared.');
for (const k of kernels) {
  say();
  say(`**${k}**`);
  say();
  say('| n \\ d | 3 | 64 | 768 |');
  say('|---|---|---|---|');
  for (const n of [6, 64, 256, 1024]) {
    const cells = [3, 64, 768].map((d) => {
      const name = `${k}/n=${n}/d=${d}`;
      const a = native.cases.get(name)?.cpu_ms, b = wasm.cases.get(name)?.cpu_ms;
      if (a === undefined && b === undefined) return '–';
      const r = a && b ? b / a : null;
      if (r) ratios.push({ name, r, n });
      return `${ms(a)} / ${ms(b)}${r ? ` (${r.toFixed(2)}x)` : ''}`;
    });
    say(`| ${n} | ${cells.join(' | ')} |`);
  }
}
say();
// The kernels the app runs at scale, n >= 64; the lesson's loop is a baseline, reported apart.
const big = ratios.filter((x) => x.n >= 64 && !x.name.startsWith('score_matrix_loop'));
const loop = ratios.filter((x) => x.n >= 64 && x.name.startsWith('score_matrix_loop'));
const maxOf = (xs) => (xs.length ? Math.max(...xs.map((x) => x.r)) : null);
const worst = [...ratios].sort((a, b) => b.r - a.r).slice(0, 5);
say(`wasm/native: median ${median(ratios.map((x) => x.r))?.toFixed(2)}x over all cases; for the app's kernels at ` +
    `n >= 64 median ${median(big.map((x) => x.r))?.toFixed(2)}x, at most ${maxOf(big)?.toFixed(2)}x; the lesson's loop at ` +
    `n >= 64 at most ${maxOf(loop)?.toFixed(2)}x. Largest: ${worst.map((x) => `${x.name} ${x.r.toFixed(2)}x`).join(', ')}.`);
// The KV cache's point: the newest token's call against the cache vs the whole sequence again.
for (const n of [256, 1024]) {
  const full = native.cases.get(`module_full/n=${n}/d=64`)?.cpu_ms, step = native.cases.get(`decode_step/n=${n}/d=64`)?.cpu_ms;
  const fullWasm = wasm.cases.get(`module_full/n=${n}/d=64`)?.cpu_ms, stepWasm = wasm.cases.get(`decode_step/n=${n}/d=64`)?.cpu_ms;
  if (full && step)
    say(`KV cache at n = ${n}, d = 64: the newest token's decode step ${ms(step)} ms natively (${ms(stepWasm)} in wasm) ` +
        `against MultiHeadAttention's full pass ${ms(full)} ms (${ms(fullWasm)}): ${(full / step).toFixed(0)}x less work.`);
}
if (gbenchMs.size) {
  say();
  say('Google Benchmark (native, median of 3 repetitions; every case is in bench/results/native_gbench.json), ' +
      'for the cases the targets name and the lesson\'s loop against the fast path:');
  say();
  say('| case | CPU ms | wall ms | plain driver, CPU ms |');
  say('|---|---|---|---|');
  for (const name of ['full/n=1024/d=64', 'query_change/n=1024/d=64', 'row_edit/n=256/d=64', 'row_edit/n=1024/d=64',
                      'row_edit_causal/n=1024/d=64', 'score_matrix_loop/n=1024/d=768', 'score_matrix/n=1024/d=768'])
    say(`| ${name} | ${ms(gbenchMs.get(name)?.cpu)} | ${ms(gbenchMs.get(name)?.wall)} | ${ms(native.cases.get(name)?.cpu_ms)} |`);
}

// --- the core inside Chromium ---------------------------------------------------------------
if (browserCore) {
  say();
  say('## The same core kernels inside headless Chromium (wall ms per run, median of 7 batches)');
  say();
  say('| case | Chromium | Node (CPU) | native (CPU) |');
  say('|---|---|---|---|');
  for (const c of browserCore.cases)
    say(`| ${c.name} | ${ms(c.wall_ms)} | ${ms(wasm.cases.get(c.name)?.cpu_ms)} | ${ms(native.cases.get(c.name)?.cpu_ms)} |`);
}

// --- the page --------------------------------------------------------------------------------
const s = browser?.summary;
if (s) {
  say();
  say(`## The page in headless Chromium (software WebGL), medians of ${browser.runs} runs x 5 changes`);
  say();
  say('setState = the API call (JSON parse + validation); presented = from the call to the end of the first frame ' +
      'that shows the change (includes everything the page does in between); frame = that frame\'s own cost ' +
      '(recompute, UI, GL calls); drawn = from the call until the GPU finished that frame (a 1-pixel readPixels ' +
      'waits for it: SwiftShader rasterises on the CPU, in the GPU process, after the frame function returns); ' +
      'recompute = stats().last_recompute_ms where the page reports it.');
  say();
  say('| n (d = 64, d_out = 64) | change | setState ms | presented ms | drawn ms | frame ms | recompute ms |');
  say('|---|---|---|---|---|---|---|');
  for (const n of [6, 256, 1024]) {
    for (const kind of ['full', 'query', 'row_edit', 'row_edit_causal']) {
      const x = s.sizes[n][kind];
      say(`| ${n} | ${kind} | ${ms(x.set_ms, 1)} | ${ms(x.presented_ms, 1)} | ${ms(x.drawn_ms, 1)} | ` +
          `${ms(x.frame_ms, 1)} | ${ms(x.recompute_ms, 1)} |`);
    }
    say(`| ${n} | redraw (hover, no change) | | | ${ms(s.sizes[n].redraw_drawn_ms, 1)} | ${ms(s.sizes[n].redraw_frame_ms, 1)} | |`);
  }
  say();
  say('Chromium CPU time per change (ms, all its processes; the wall clock above mostly measures waiting for a core ' +
      'on this shared machine). Each change waits for the page to go idle, so all its frames count: renderer = the page ' +
      '(wasm, JS, GL command encoding), gpu = the GPU process (SwiftShader rasterising every frame), browser = the ' +
      'browser process (URL updates, compositing).');
  say();
  say('| n | change | renderer | gpu | browser | total | frames |');
  say('|---|---|---|---|---|---|---|');
  for (const n of [6, 256, 1024]) {
    for (const kind of ['full', 'query', 'row_edit', 'redraw']) {
      const c = s.sizes[n].cpu_per_change?.[kind];
      if (c) say(`| ${n} | ${kind === 'redraw' ? 'redraw (hover)' : kind} | ${ms(c.renderer, 0)} | ${ms(c.gpu, 0)} | ` +
                 `${ms(c.browser, 0)} | ${ms(c.total, 0)} | ${c.frames?.toFixed(1)} |`);
    }
  }
  const dc = s.drag_n256.cpu_per_change, mc = s.mouse_drag?.cpu_per_move;
  if (dc) say(`| 256 | drag step (setState) | ${ms(dc.renderer, 0)} | ${ms(dc.gpu, 0)} | ${ms(dc.browser, 0)} | ` +
              `${ms(dc.total, 0)} | ${dc.frames?.toFixed(1)} |`);
  if (mc) say(`| 256 | mouse move on an arrow | ${ms(mc.renderer, 0)} | ${ms(mc.gpu, 0)} | ${ms(mc.browser, 0)} | ` +
              `${ms(mc.total, 0)} | ${mc.frames?.toFixed(1)} |`);
  say();
  say(`Time to first frame (navigation start to attention.ready, local server): ${ms(s.first_frame_ms, 0)} ms ` +
      `(the response ends at ${ms(s.response_end_ms, 0)} ms).`);
  say(`Dragging at n = 256 through setState (one moved embedding, then wait for the frame, 40 times): drawn ` +
      `${ms(s.drag_n256.drawn_ms_median, 1)} ms median (p90 ${ms(s.drag_n256.drawn_ms_p90, 1)}), frame function ` +
      `${ms(s.drag_n256.frame_ms_median, 1)} ms median (p90 ${ms(s.drag_n256.frame_ms_p90, 1)}), of which the setState ` +
      `call (JSON parse) ${ms(s.drag_n256.set_ms_median, 1)} ms.`);
  if (s.mouse_drag)
    say(`A real mouse drag of an arrow at n = 256: frame ${ms(s.mouse_drag.frame_ms_median, 1)} ms median, ` +
        `${s.mouse_drag.frames_per_move.toFixed(1)} frames and ${s.mouse_drag.recomputes_per_move.toFixed(1)} recomputes ` +
        'per mouse move.');
  say(`Frames drawn in 3 s of idling: ${[6, 256, 1024].map((n) => `n = ${n}: ${s.sizes[n].idle_frames_3s}`).join(', ')}.`);
}

// --- targets ---------------------------------------------------------------------------------
say();
say('## Targets');
say();
say('| target | measured | met |');
say('|---|---|---|');
const row = (what, value, limit, unit = 'ms') =>
  say(`| ${what} < ${limit} ${unit} | ${value === null || value === undefined ? '–' : ms(value, 1) + ' ' + unit} | ` +
      `${value === null || value === undefined ? '?' : value < limit ? 'yes' : 'no'} |`);
const inChromium = (name) => browserCore?.cases.find((c) => c.name === name)?.wall_ms;
const inNode = (name) => wasm.cases.get(name)?.cpu_ms;
row('full recompute n = 1024, d = 64, projections: core in Chromium (wall)', inChromium('full/n=1024/d=64'), 50);
row('full recompute n = 1024, d = 64, projections: core in wasm under Node (CPU)', inNode('full/n=1024/d=64'), 50);
row('full recompute n = 1024: the whole frame, until drawn', s?.sizes[1024].full.drawn_ms, 50);
row('full recompute n = 1024: Chromium CPU per change (all processes)', s?.sizes[1024].cpu_per_change?.full.total, 50);
row('query change n = 1024: core in Chromium (wall)', inChromium('query_change/n=1024/d=64'), 5);
row('query change n = 1024: the frame function (no upload)', s?.sizes[1024].query.frame_ms, 5);
row('query change n = 1024: Chromium CPU per change (all processes)', s?.sizes[1024].cpu_per_change?.query.total, 5);
row('drag n = 256: one-row recompute, core in Chromium (wall)', inChromium('row_edit/n=256/d=64'), 16);
row('drag n = 256: recompute + frame, until drawn', s?.drag_n256.drawn_ms_median, 16);
row('drag n = 256: Chromium CPU per drag step (all processes)', s?.drag_n256.cpu_per_change?.total, 16);
say(`| wasm/native <= 2.0, the app's kernels at n >= 64 | max ${maxOf(big)?.toFixed(2)}x | ${maxOf(big) <= 2.0 ? 'yes' : 'no'} |`);
say(`| wasm/native <= 2.0, all cases | max ${maxOf(ratios)?.toFixed(2)}x | ${maxOf(ratios) <= 2.0 ? 'yes' : 'no'} |`);
row('time to first frame, local server', s?.first_frame_ms, 1000);

const text = lines.join('\n') + '\n';
await writeFile(path.join(dir, 'summary.md'), text);
process.stdout.write(text);
