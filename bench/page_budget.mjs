// The page's budgets, measured on the built dist/ in headless Chromium (SwiftShader):
//   transfer   gzip bytes of everything the page loads (html, css, js, wasm) <= 350 KB
//   idle       frames drawn in the 3 s after the page settles == 0
//   hidden     frames drawn while the tab is hidden, across a state change == 0
//   off-screen frames drawn by a demo scrolled out of view == 0
//   5 copies   five demos on one page, all visible and idle: main-thread busy time < 2% of wall time
// Usage: ./build_wasm.sh && node bench/page_budget.mjs   (prints a table, writes bench/results/page_budget.json)
import { readFile, writeFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, demoFrame, frames, sleep, pageTransfer }
  from '../tests/e2e/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const KB = 1000;
const budgets = { transferBytes: 350 * KB, idleFrames: 0, hiddenFrames: 0, offscreenFrames: 0, fiveCopiesBusyPercent: 2 };

// Sum of user + system CPU time (seconds) of every process this script started (the browser and
// its renderer and GPU processes), not counting this Node process itself.
async function chromiumCpuSeconds(rootPid = process.pid) {
  const children = new Map();
  const times = new Map();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = await readFile(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      times.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / 100);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(entry));
    } catch { /* the process ended */ }
  }
  let total = -(times.get(rootPid) || 0);
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop();
    total += times.get(pid) || 0;
    stack.push(...(children.get(pid) || []));
  }
  return total;
}

async function idleFrames(browser, server) {
  const page = await openPage(browser, server.url + '/');
  const started = Date.now();
  await waitReady(page);
  const readyMs = Date.now() - started;
  await waitIdle(page);
  const before = await frames(page);
  await sleep(3000);
  const idle = (await frames(page)) - before;

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const hiddenStart = await frames(page);
  await page.evaluate(() => window.attention.setState({ ...window.attention.getState(), query: 0 }));
  await sleep(1500);
  const hidden = (await frames(page)) - hiddenStart;
  await page.context().close();
  return { readyMs, idle, hidden };
}

async function offscreenFrames(browser, server) {
  server.routes.set('/bench-far.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>far</title>
<link rel="icon" href="data:,"></head><body style="margin:0"><div style="height:3000px"></div>
<iframe src="/index.html" title="demo" style="width:800px;height:500px;border:0"></iframe></body></html>`);
  const page = await openPage(browser, server.url + '/bench-far.html');
  const frame = await demoFrame(page, 'index.html');
  await frame.waitForFunction(() => window.attention && window.attention.whenUsable);
  await frame.evaluate(() => window.attention.whenUsable());
  await sleep(3000);
  const drawn = await frames(frame);
  await page.context().close();
  return drawn;
}

async function fiveCopies(browser, server, seconds = 10) {
  const demos = ['example=your-journey', 'example=three-tokens&query=0', 'example=cat-sat-mat',
                 'example=alignment', 'example=your-journey&project=1'];
  server.routes.set('/bench-five.html', `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>five</title>
<link rel="icon" href="data:,"></head><body style="margin:0;display:grid;grid-template-columns:repeat(3,420px);gap:4px">
${demos.map((d, i) => `<iframe src="/index.html?embed=1&copy=${i}#${d}" title="demo ${i}" style="width:420px;height:320px;border:0"></iframe>`).join('\n')}
</body></html>`);
  const page = await openPage(browser, server.url + '/bench-five.html', { viewport: { width: 1280, height: 700 } });
  const frameList = [];
  for (let i = 0; i < demos.length; i++) frameList.push(await demoFrame(page, `copy=${i}`));
  for (const frame of frameList) { await waitReady(frame); await waitIdle(frame); }
  await sleep(500);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async (name) => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name).value;
  const framesBefore = await Promise.all(frameList.map(frames));
  const taskBefore = await metric('TaskDuration');
  const cpuBefore = await chromiumCpuSeconds();
  const wallStart = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - wallStart) / 1000;
  const taskAfter = await metric('TaskDuration');
  const cpuAfter = await chromiumCpuSeconds();
  const framesAfter = await Promise.all(frameList.map(frames));
  await page.context().close();
  return {
    seconds: Number(wall.toFixed(2)),
    mainThreadBusyPercent: Number((100 * (taskAfter - taskBefore) / wall).toFixed(3)),
    chromiumCpuPercent: Number((100 * (cpuAfter - cpuBefore) / wall).toFixed(2)),
    framesDrawn: framesAfter.reduce((a, f, i) => a + f - framesBefore[i], 0),
  };
}

const server = await startServer();
const browser = await launchBrowser();
let results;
try {
  const size = await pageTransfer(browser, server);
  const idle = await idleFrames(browser, server);
  const offscreen = await offscreenFrames(browser, server);
  const five = await fiveCopies(browser, server);
  results = {
    date: new Date().toISOString(),
    budgets,
    transfer: size,
    readyMs: idle.readyMs,
    idleFrames3s: idle.idle,
    hiddenFrames: idle.hidden,
    offscreenFrames3s: offscreen,
    fiveCopies: five,
    pass: {
      transfer: size.transferBytes <= budgets.transferBytes,
      idle: idle.idle <= budgets.idleFrames,
      hidden: idle.hidden <= budgets.hiddenFrames,
      offscreen: offscreen <= budgets.offscreenFrames,
      fiveCopies: five.mainThreadBusyPercent < budgets.fiveCopiesBusyPercent,
    },
  };
} finally {
  await browser.close();
  await server.close();
}

const kb = (b) => (b / KB).toFixed(1) + ' KB';
const mark = (ok) => (ok ? 'ok' : 'OVER');
console.log('| budget | limit | measured | |');
console.log('| --- | --- | --- | --- |');
console.log(`| transfer (gzip: ${results.transfer.files.map((f) => f.file).join(', ')}) | ${kb(budgets.transferBytes)} | ${kb(results.transfer.transferBytes)} (brotli ${kb(results.transfer.brotliBytes)}, raw ${kb(results.transfer.rawBytes)}) | ${mark(results.pass.transfer)} |`);
console.log(`| frames in 3 s idle after load | 0 | ${results.idleFrames3s} | ${mark(results.pass.idle)} |`);
console.log(`| frames while hidden (with a state change) | 0 | ${results.hiddenFrames} | ${mark(results.pass.hidden)} |`);
console.log(`| frames off-screen, 3 s | 0 | ${results.offscreenFrames3s} | ${mark(results.pass.offscreen)} |`);
console.log(`| 5 visible idle copies: main-thread busy | < ${budgets.fiveCopiesBusyPercent}% | ${results.fiveCopies.mainThreadBusyPercent}% (Chromium CPU ${results.fiveCopies.chromiumCpuPercent}%, ${results.fiveCopies.framesDrawn} frames in ${results.fiveCopies.seconds} s) | ${mark(results.pass.fiveCopies)} |`);
console.log(`\nfirst frame after ${results.readyMs} ms (SwiftShader, local server: not a network figure)`);
for (const f of results.transfer.files) console.log(`  ${f.file.padEnd(28)} ${String(f.raw).padStart(8)} raw ${String(f.gzip).padStart(8)} gzip ${String(f.brotli).padStart(8)} brotli`);
await mkdir(path.join(here, 'results'), { recursive: true });
await writeFile(path.join(here, 'results', 'page_budget.json'), JSON.stringify(results, null, 2) + '\n');
console.log('wrote bench/results/page_budget.json');
process.exitCode = Object.values(results.pass).every(Boolean) ? 0 : 1;
