// What the page benchmarks share: Chromium's CPU time by process type, and a static server for a
// built folder.
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

// CPU time (ms) used so far by the Chromium processes this script started, by process type. On a
// shared machine the wall clock mostly measures waiting for a core; CPU time per change does not.
const ticksPerSecond = Number(execSync('getconf CLK_TCK').toString()) || 100;
export function chromiumCpuMs() {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), { ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]), stat });
    } catch { /* exited meanwhile */ }
  }
  const total = { renderer: 0, gpu: 0, browser: 0, other: 0 };
  const queue = [process.pid];
  while (queue.length) {
    const pid = queue.pop();
    for (const [child, info] of parents) {
      if (info.ppid !== pid) continue;
      queue.push(child);
      let cmd = '';
      try { cmd = readFileSync(`/proc/${child}/cmdline`, 'utf8'); } catch { continue; }
      if (!cmd.includes('chrom')) continue;
      const f = info.stat.slice(info.stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(f[11]) + Number(f[12])) * 1000 / ticksPerSecond;  // utime + stime
      const type = /--type=renderer/.test(cmd) ? 'renderer' : /--type=gpu-process/.test(cmd) ? 'gpu'
        : /--type=/.test(cmd) ? 'other' : 'browser';
      total[type] += ms;
    }
  }
  return total;
}

// A static server for another build folder than dist/ (the harness serves dist/ only).
export async function serveDir(dir) {
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
  const server = createServer(async (req, res) => {
    const name = path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^\/+/, '') || 'index.html';
    try {
      const body = await readFile(path.join(dir, name));
      res.writeHead(200, { 'Content-Type': types[path.extname(name)] || 'application/octet-stream', 'Cache-Control': 'no-store' });
      res.end(body);
    } catch { res.writeHead(404).end(); }
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((r) => server.close(r)) };
}
