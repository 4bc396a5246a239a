// What Chinese costs, and the two ways to draw it (docs/translating.md, #31), on the built dist/ in
// headless Chromium (SwiftShader):
//   transfer   gzip bytes the zh-CN page fetches beyond the English first view (the interface
//              text, the glyph subset, the lesson's code), and the English first view itself
//   atlas      the font atlas rebuilt when the language arrives, at DPR 1 and 2: milliseconds with
//              the texture upload, its size and glyph count; English rebuilt the same way beside it
//   browser    the other way, drawing the same characters with the browser's own fonts: the time
//              a canvas takes to draw every character the zh-CN files use at the atlas's pixel
//              size and read the pixels back (what building the atlas from them would start with),
//              0 bytes to fetch, and whether this machine has a Chinese font at all (a character
//              drawn as a box has the same pixels as U+FFFF, which no font has)
// Usage: ./build_wasm.sh && node bench/language_glyphs.mjs  (prints a table, writes bench/results/language_glyphs.json)
import { readFile, writeFile, mkdir, stat } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, launchBrowser, openSettled, waitFor, waitQuiet, pageTransfer, distDir } from '../tests/e2e/harness.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const gzip = async (file) => (await stat(path.join(distDir, file + '.gz'))).size;

const characters = execFileSync('/usr/bin/python3', [path.join(repo, 'scripts/script_font.py'), '--characters',
                                                     path.join(repo, 'lessons'), 'zh-CN']).toString().trim();

async function atlas(browser, server, lang, dpr) {
  const page = await openSettled(browser, `${server.url}/index.html?lang=${lang}`,
                                 { viewport: { width: 1366, height: 768 }, deviceScaleFactor: dpr });
  await waitFor(page, (l) => document.documentElement.dataset.language === l, lang, `the page in ${lang}`);
  if (lang === 'en') {  // English has no language to arrive: ask for it, which rebuilds the atlas the same way
    await page.evaluate(() => window.attention.setLanguage('en'));
  }
  await waitFor(page, () => window.attention.stats().atlas.build_ms > 0, undefined, 'the atlas rebuilt');
  await waitQuiet(page);
  const a = await page.evaluate(() => window.attention.stats().atlas);
  await page.context().close();
  return a;
}

async function browserFonts(browser, server, dpr) {
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 }, deviceScaleFactor: dpr });
  const result = await page.evaluate(([text, scale]) => {
    const size = Math.round(15 * 8 / 7 * scale), cell = size + 2, perRow = 64;
    const chars = [...text];
    const canvas = new OffscreenCanvas(perRow * cell, Math.ceil(chars.length / perRow) * cell);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const start = performance.now();
    ctx.font = `${size}px sans-serif`;
    ctx.textBaseline = 'top';
    chars.forEach((ch, i) => ctx.fillText(ch, (i % perRow) * cell, Math.floor(i / perRow) * cell));
    ctx.getImageData(0, 0, canvas.width, canvas.height);
    const ms = performance.now() - start;
    // A box: the pixels of a character no font has.
    const probe = new OffscreenCanvas(cell, cell).getContext('2d', { willReadFrequently: true });
    probe.font = ctx.font;
    probe.textBaseline = 'top';
    const pixels = (ch) => {
      probe.clearRect(0, 0, cell, cell);
      probe.fillText(ch, 0, 0);
      return probe.getImageData(0, 0, cell, cell).data.join(',');
    };
    const box = pixels('\uffff');
    const boxes = chars.filter((ch) => pixels(ch) === box).length;
    return { ms, width: canvas.width, height: canvas.height, boxes };
  }, [characters, dpr]);
  await page.context().close();
  return result;
}

const server = await startServer();
const browser = await launchBrowser();
const results = { characters: [...characters].length };
try {
  results.transfer = {
    english_first_view_gzip: (await pageTransfer(browser, server)).transferBytes,
    zh_interface_gzip: await gzip('lessons/zh-CN/interface.json'),
    zh_glyphs_gzip: await gzip('fonts/zh-CN.otf'),
    zh_glyphs_raw: (await stat(path.join(distDir, 'fonts/zh-CN.otf'))).size,
    lesson_code_gzip: await gzip('attention-explainer.deferred.wasm'),
  };
  for (const dpr of [1, 2]) {
    results[`dpr${dpr}`] = {
      atlas_en: await atlas(browser, server, 'en', dpr),
      atlas_zh: await atlas(browser, server, 'zh-CN', dpr),
      browser_fonts: await browserFonts(browser, server, dpr),
    };
  }
} finally {
  await browser.close();
  await server.close();
}

const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
const t = results.transfer;
console.log(`zh-CN: ${results.characters} characters drawn on the canvas`);
console.log(`| | subset (chosen) | browser fonts |`);
console.log(`|---|---|---|`);
console.log(`| transfer beyond the English first view (${kb(t.english_first_view_gzip)}) | ${kb(t.zh_interface_gzip + t.zh_glyphs_gzip)} ` +
            `(interface ${kb(t.zh_interface_gzip)}, glyphs ${kb(t.zh_glyphs_gzip)}; the lesson's code ${kb(t.lesson_code_gzip)}, fetched with any lesson) | ` +
            `${kb(t.zh_interface_gzip)} (the interface text only) |`);
for (const dpr of [1, 2]) {
  const r = results[`dpr${dpr}`];
  console.log(`| DPR ${dpr}: glyphs ready | atlas ${r.atlas_zh.build_ms.toFixed(1)} ms (${r.atlas_zh.width} x ${r.atlas_zh.height}, ` +
              `${r.atlas_zh.glyphs} glyphs; English ${r.atlas_en.build_ms.toFixed(1)} ms, ${r.atlas_en.width} x ${r.atlas_en.height}) | ` +
              `${r.browser_fonts.ms.toFixed(1)} ms to draw and read back, before any atlas work; ${r.browser_fonts.boxes} of ` +
              `${results.characters} drawn as boxes on this machine |`);
}
await mkdir(path.join(here, 'results'), { recursive: true });
await writeFile(path.join(here, 'results/language_glyphs.json'), JSON.stringify(results, null, 2) + '\n');
console.log('wrote bench/results/language_glyphs.json');
