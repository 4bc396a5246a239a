// docs/platforms.md's MkDocs recipe, as written: its mkdocs.yml and its page are copied out of the
// document (YOUR.HOST replaced by the test server), built by Debian's mkdocs with the Material
// theme, and the built site is opened from another origin. The demo must run inside it and the
// frame must take the content's height from attention-host.js alone (data-attention-frame).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, waitFrameFits, demoFrame, repoRoot, saveArtifact }
  from './harness.mjs';

let demo, site, browser, work;
before(async () => { demo = await startServer(); browser = await launchBrowser(); });
after(async () => {
  await browser?.close(); await demo?.close(); await site?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

// The fenced blocks of one "## heading" section of docs/platforms.md, by language.
function recipe(heading) {
  const text = readFileSync(path.join(repoRoot, 'docs/platforms.md'), 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `docs/platforms.md has a "## ${heading}" section`);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  const blocks = {};
  for (const m of section.matchAll(/\n```(\w+)\n([\s\S]*?)\n```/g)) blocks[m[1]] = m[2];
  return blocks;
}

test('static sites: the MkDocs Material recipe builds, shows the demo and sizes its frame', async (t) => {
  const mkdocs = spawnSync('mkdocs', ['--version'], { encoding: 'utf8' });
  if (mkdocs.error || mkdocs.status !== 0) {
    t.skip('mkdocs is missing: install mkdocs and mkdocs-material (scripts/install_deps.sh --tests)');
    return;
  }
  const { yaml, markdown } = recipe('MkDocs (Material)');
  assert.ok(yaml && markdown, 'the recipe has an mkdocs.yml and a page');
  const host = (s) => s.replaceAll('https://YOUR.HOST/attention/', `${demo.url}/`);
  work = mkdtempSync(path.join(os.tmpdir(), 'attention-mkdocs-'));
  mkdirSync(path.join(work, 'docs'));
  writeFileSync(path.join(work, 'mkdocs.yml'), host(yaml));
  writeFileSync(path.join(work, 'docs', 'index.md'), host(markdown));
  const build = spawnSync('mkdocs', ['build', '--quiet', '--site-dir', path.join(work, 'site')], { cwd: work, encoding: 'utf8' });
  assert.equal(build.status, 0, `mkdocs build failed: ${build.stderr}`);

  site = await startServer({ root: path.join(work, 'site') });
  const siteUrl = `http://localhost:${site.port}/`;
  for (const [width, height, label] of [[1366, 768, 'laptop'], [390, 844, 'phone']]) {
    const page = await openPage(browser, siteUrl, { viewport: { width, height },
      ...(width < 500 ? { deviceScaleFactor: 2, isMobile: true, hasTouch: true } : {}) });
    assert.match(await page.evaluate(() => document.querySelector('article h1').textContent), /Attention scores/);
    const frame = await demoFrame(page, 'embed=1');
    await waitReady(frame);
    await waitIdle(frame);
    const state = await frame.evaluate(() => window.attention.getState());
    assert.equal(state.example, 'your-journey');
    assert.equal(state.query, 1);
    await waitFor(page, () => document.querySelector('iframe[data-attention-frame]').getBoundingClientRect().height !== 480,
                  null, `${label}: attention-host.js to size the frame (from its first 480 px)`);
    await waitFrameFits(page, frame, 'iframe[data-attention-frame]');
    const wanted = await frame.evaluate(() => window.attention.contentHeight());
    const got = await page.evaluate(() => document.querySelector('iframe[data-attention-frame]').getBoundingClientRect().height);
    assert.ok(Math.abs(got - wanted) <= 4, `${label}: frame ${got} px, content ${wanted} px`);
    // The page's own text goes on below the demo.
    assert.ok(await page.evaluate(() => [...document.querySelectorAll('article p')].some((p) => p.textContent.includes('largest weight'))));
    await saveArtifact(`mkdocs-${label}.png`, await page.screenshot({ fullPage: true }));
    // The Material theme asks Google Fonts for its typeface, a host this machine cannot resolve.
    const problems = page.problems.filter((p) => !p.includes('net::ERR_NAME_NOT_RESOLVED'));
    assert.deepEqual(problems, [], 'no console errors in the page or the demo');
    await page.context().close();
  }
});
