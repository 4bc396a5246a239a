// A small REPL: POST JS (async function body) to http://127.0.0.1:PORT/ ; has page, helpers.
import { createServer } from 'node:http';
import * as H from './harness.mjs';
const { startServer, launchBrowser, openSettled, settleAfter, saveArtifact } = H;
const server = await startServer(); const browser = await launchBrowser();
const ctx = { server, browser, H, page: null, pages: {} };
const layout = () => ctx.page.evaluate(() => window.attention.layout());
const find = async (n) => (await layout()).find((l) => l.name === n);
ctx.layout = layout; ctx.find = find;
ctx.open = async (path = '/index.html', opts = { viewport: { width: 1366, height: 768 } }) => {
  if (ctx.page) await ctx.page.context().close();
  ctx.page = await openSettled(browser, server.url + path, opts);
  return 'opened';
};
// scroll until item visible (desktop: wheel over band)
ctx.reach = async (name, foot = null) => {
  const page = ctx.page;
  const vp = page.viewportSize();
  const FOOT = foot ?? vp.height - 44;
  for (let k = 0; k < 40; ++k) {
    const items = await layout();
    const r = items.find((l) => l.name === name);
    if (r && r.y >= 0 && r.y + r.h <= FOOT) return r;
    const band = items.find((l) => l.name === 'panel:lesson');
    const mx = vp.width < 600 ? vp.width / 2 : (band ? band.x + band.w * (k % 2 ? 0.8 : 0.25) : vp.width / 2);
    const my = vp.width < 600 ? 400 : (band ? band.y + band.h * 0.6 : 400);
    await settleAfter(page, async () => { await page.mouse.move(mx, my); await page.mouse.wheel(0, r ? (r.y < 0 ? -150 : 150) : (k < 20 ? 150 : -300)); }, 'scroll to ' + name);
  }
  throw new Error(name + ' never came into view');
};
ctx.click = async (name) => {
  const r = await ctx.reach(name);
  await settleAfter(ctx.page, () => ctx.page.mouse.click(r.x + r.w / 2, r.y + r.h / 2), 'click ' + name);
  return r;
};
ctx.tap = async (name) => {
  const r = await ctx.reach(name);
  await settleAfter(ctx.page, () => ctx.page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2), 'tap ' + name, { lifted: true });
  return r;
};
ctx.type = (t) => settleAfter(ctx.page, () => ctx.page.keyboard.type(t), 'type');
ctx.key = (k) => settleAfter(ctx.page, () => ctx.page.keyboard.press(k), 'key ' + k);
ctx.wheel = (x, y, dy) => settleAfter(ctx.page, async () => { await ctx.page.mouse.move(x, y); await ctx.page.mouse.wheel(0, dy); }, 'wheel');
ctx.shot = async (name) => { await saveArtifact(name, await ctx.page.screenshot()); return 'saved ' + name; };
ctx.view = () => ctx.page.evaluate(() => window.attention.lessonView());
ctx.state = () => ctx.page.evaluate(() => window.attention.getState());
ctx.names = async (prefix = 'lesson') => (await layout()).filter((l) => l.name.startsWith(prefix)).map((l) => `${l.name} @${Math.round(l.x)},${Math.round(l.y)} ${Math.round(l.w)}x${Math.round(l.h)}${l.text ? ' "' + l.text + '"' : ''}`);
const http = createServer(async (req, res) => {
  let body = ''; for await (const c of req) body += c;
  try {
    const fn = new Function('ctx', `return (async () => { const {page, H} = ctx; ${body} })()`);
    const out = await fn(ctx);
    res.end((typeof out === 'string' ? out : JSON.stringify(out, null, 1)) + '\n');
  } catch (e) { res.end('ERROR ' + (e.stack || e) + '\n'); }
});
http.listen(47123, '127.0.0.1', () => console.log('repl ready'));
process.on('SIGTERM', async () => { await browser.close(); await server.close(); process.exit(0); });
