// The page's transfer budget, as the test command's gate: everything the page loads, counted by
// the browser's own requests, at the size of its precompressed .gz copy in dist/ (what a static
// host sends), must stay within 350 KB. bench/page_budget.mjs reports the same figure with the
// other budgets; this test makes the test command fail when a change goes over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, distDir } from './harness.mjs';

const BUDGET_BYTES = 350 * 1000;

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test(`budget: the page loads at most ${BUDGET_BYTES / 1000} KB gzip`, async () => {
  const page = await openPage(browser, 'about:blank');
  const paths = new Set();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin === server.url) paths.add(url.pathname === '/' ? '/index.html' : url.pathname);
  });
  await page.goto(server.url + '/');
  await waitReady(page);
  await waitIdle(page);
  let total = 0;
  const sizes = [];
  for (const p of [...paths].sort()) {
    const file = path.join(distDir, p);
    const gz = await stat(file + '.gz');  // every file the page loads has its .gz copy
    sizes.push(`${p.slice(1)} ${gz.size}`);
    total += gz.size;
  }
  assert.ok(paths.has('/attention-explainer.wasm'), `the wasm is among the files loaded (${[...paths].join(', ')})`);
  assert.ok(total <= BUDGET_BYTES, `${total} bytes gzip is over the budget of ${BUDGET_BYTES}: ${sizes.join(', ')}`);
  console.log(`page transfer: ${total} bytes gzip of ${BUDGET_BYTES} (${sizes.join(', ')})`);
  await page.context().close();
});
