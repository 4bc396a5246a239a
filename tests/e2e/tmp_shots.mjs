import { startServer, launchBrowser, openSettled, settleAfter, saveArtifact } from './harness.mjs';
const server = await startServer(); const browser = await launchBrowser();
const layout = (page) => page.evaluate(() => window.attention.layout());
async function click(page, name) {
  for (let k = 0; k < 20; ++k) {
    const items = await layout(page); const it = items.find((l) => l.name === name);
    if (it) { await settleAfter(page, () => page.mouse.click(it.x + it.w / 2, it.y + it.h / 2), name); return; }
    const band = items.find((l) => l.name === 'panel:lesson');
    await settleAfter(page, async () => { await page.mouse.move(band.x + band.w * (k % 2 ? 0.8 : 0.25), band.y + band.h * 0.6); await page.mouse.wheel(0, k < 10 ? 150 : -300); }, 'wheel');
  }
  throw new Error('no ' + name);
}
for (const [lang, bug] of [['zh-CN', 'sdpa-book-mask'], ['en', 'sdpa-book-mask'], ['zh-CN', 'cache-mask-no-offset']]) {
  const page = await openSettled(browser, `${server.url}/index.html?lang=${lang}`, { viewport: { width: 1366, height: 768 } });
  await click(page, 'lesson:mode:debug');
  await click(page, `lesson:bug:${bug}`);
  await click(page, 'lesson:trace-judge:right');
  await click(page, 'lesson:trace-judge:off');
  await saveArtifact(`tmp-${lang}-${bug}.png`, await page.screenshot());
  console.log(lang, bug, JSON.stringify(page.problems));
  await page.context().close();
}
await browser.close(); await server.close();
