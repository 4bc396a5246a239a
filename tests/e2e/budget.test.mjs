// The page's transfer budget, as the test command's gate: everything the page loads, counted by
// the browser's own requests, at the size of its precompressed .gz copy in dist/ (what a static
// host sends), must stay within 350 KB. bench/page_budget.mjs reports the same figure with the
// other budgets; this test makes the test command fail when a change goes over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, pageTransfer } from './harness.mjs';

const BUDGET_BYTES = 350 * 1000;

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

test(`budget: the page loads at most ${BUDGET_BYTES / 1000} KB gzip`, async () => {
  const { files, transferBytes, brotliBytes } = await pageTransfer(browser, server);
  const sizes = files.map((f) => `${f.file} ${f.gzip}`).join(', ');
  assert.ok(files.some((f) => f.file === 'attention-explainer.wasm'), `the wasm is among the files loaded (${sizes})`);
  for (const f of files) assert.notEqual(f.gzip, f.raw, `${f.file} has its .gz copy in dist/`);
  for (const f of files) assert.ok(f.brotli < f.gzip, `${f.file} has a .br copy in dist/, smaller than its .gz (${f.brotli} vs ${f.gzip})`);
  assert.ok(transferBytes <= BUDGET_BYTES, `${transferBytes} bytes gzip is over the budget of ${BUDGET_BYTES}: ${sizes}`);
  console.log(`page transfer: ${transferBytes} bytes gzip of ${BUDGET_BYTES} (${sizes}); ${brotliBytes} bytes brotli`);
});
