// Takes a screenshot of the built page: node screenshot.mjs OUT.png [WIDTH HEIGHT [URL-SUFFIX [DPR]]]
// Used for the README's picture and for looking at what a learner sees after a visual change.
import { startServer, launchBrowser, openSettled } from './harness.mjs';

const [out = 'screenshot.png', width = '1280', height = '800', suffix = '/', dpr = '1'] = process.argv.slice(2);
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await openSettled(browser, server.url + suffix, {
    viewport: { width: Number(width), height: Number(height) }, deviceScaleFactor: Number(dpr) });
  await page.screenshot({ path: out });
  if (page.problems.length) console.error(page.problems.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
