import { startServer, launchBrowser, openSettled, settleAfter, saveArtifact } from './harness.mjs';
const server = await startServer(); const browser = await launchBrowser();
try {
  const page = await openSettled(browser, server.url + '/index.html', { viewport: { width: 1366, height: 768 } });
  const layout = () => page.evaluate(() => window.attention.layout());
  const item = async (n) => (await layout()).find((l) => l.name === n);
  const r = await item('lesson:mode:debug');
  await settleAfter(page, () => page.mouse.click(r.x + r.w/2, r.y + r.h/2), 'debug');
  console.log(JSON.stringify((await layout()).filter(l=>l.name.startsWith('lesson')||l.name.startsWith('panel')), null, 0));
  console.log(JSON.stringify(await page.evaluate(() => window.attention.lessonView()), null, 1).slice(0, 6000));
  await saveArtifact('walk-debug-open.png', await page.screenshot());
  console.log(page.problems);
} finally { await browser.close(); await server.close(); }
