// Accessibility and robustness: the screen-reader mirror announces the numbers, the preferences
// reach the app (reduced motion: nothing plays by itself), the page runs under a strict CSP header,
// and without WebGL2 it shows the numbers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, openSettled, waitReady, waitIdle, waitFor, waitUntil, clickInFrame, saveArtifact, decodePng, pixel,
  layoutItem, layoutOf, clickItem as click } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const summaryText = (page) => page.evaluate(() => document.getElementById('summary').textContent);
const summaryNow = (page) => () => summaryText(page).then((t) => `#summary: "${t.slice(0, 200)}"`);

test('a11y: the numbers as text and a table; a burst of changes is announced once, after it ends', async () => {
  const page = await openPage(browser, server.url + '/');
  await waitReady(page);
  await waitFor(page, () => document.getElementById('summary').textContent !== '', null, 'the live region\'s first text');
  assert.equal(await summaryText(page),
    'Query: "journey", inputs[1]. Scores (inputs times the query): Your 0.95, journey 1.50, starts 1.48, with 0.84, one 0.71, step 1.09. ' +
    'Weights (softmax): Your 0.14, journey 0.24, starts 0.23, with 0.12, one 0.11, step 0.16.');
  // The summary describes the drawing; announcements go through one polite status line.
  assert.equal(await page.getAttribute('#summary', 'aria-live'), null);
  assert.equal(await page.getAttribute('#announcer', 'role'), 'status');
  const rows = await page.$$eval('#mirror-table tbody tr', (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows[1], ['1', 'journey', '1.4950', '0.2379']);
  const headers = await page.$$eval('#mirror-table tbody tr:first-child th[scope="row"]', (ths) => ths.map((th) => th.textContent));
  assert.deepEqual(headers, ['0', 'Your'], 'the position and token head their row');

  await page.evaluate(() => window.attention.setState({ tokens: ['token 0', 'token 1', 'token 2'],
    inputs: [[1, 0], [2, 2], [0, 1]], query: 0, norm: 'sum' }));
  await waitFor(page, () => document.getElementById('summary').textContent.startsWith('Query: "token 0"'), null,
                'the live region to announce the new state', { describe: summaryNow(page) });
  assert.equal(await summaryText(page),
    'Query: "token 0", inputs[0]. Scores (inputs times the query): token 0 1.00, token 1 2.00, token 2 0.00. ' +
    'Weights (÷ sum): token 0 0.33, token 1 0.67, token 2 0.00.');

  // A drag's worth of changes (30, 20 ms apart): one announcement, of where it ended, not thirty.
  await page.evaluate(() => {
    window.__announcements = [];
    new MutationObserver(() => {
      const text = document.getElementById('announcer').textContent;
      if (text) window.__announcements.push(text);
    }).observe(document.getElementById('announcer'), { childList: true, characterData: true, subtree: true });
  });
  await page.evaluate(async () => {
    for (let k = 1; k <= 30; ++k) {
      const reply = window.attention.setState({ tokens: ['token 0', 'token 1', 'token 2'],
        inputs: [[1, 0], [2, 2], [k / 10, 0]], query: 0, norm: 'sum' });
      if (!reply.ok) throw new Error(reply.error);
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  await waitFor(page, () => window.__announcements.length > 0, null, 'the burst to be announced');
  const announcements = await page.evaluate(() => window.__announcements);
  assert.equal(announcements.length, 1, `one announcement: ${JSON.stringify(announcements)}`);
  assert.match(announcements[0], /^Query: "token 0", inputs\[0\]\. Scores \(inputs times the query\): token 0 1\.00, token 1 2\.00, token 2 3\.00\./);

  // With W_query, W_key, W_value on, the mirror says it reads the projected scores (one truth:
  // the panels follow queries @ keys.T too), and its numbers are the book's 1.2705, 1.8524, ...
  await page.evaluate(() => window.attention.applyLink('#example=your-journey&query=1&project=1&seed=123&d_out=2'));
  await waitFor(page, () => document.getElementById('summary').textContent.includes('queries times keys'), null,
                'the live region to announce the projection', { describe: summaryNow(page) });
  assert.match(await summaryText(page), /^Query: "journey", inputs\[1\]\. Scores \(queries times keys\): Your 1\.27, journey 1\.85, starts 1\.81,/);

  assert.match(await page.title(), /^Attention scores, step by step/);
  assert.ok((await page.getAttribute('meta[name=description]', 'content')).length > 60);
  assert.equal(await page.getAttribute('#canvas', 'tabindex'), '0');
  assert.match(await page.$eval('#canvas-help', (e) => e.textContent), /arrow keys .* n and b go to the next and the previous step; Tab leaves it/);
  await page.context().close();
});

// Records what the status line says (window.__said) and returns pressAndHear(key, expected): press
// key, then wait for the line to say expected, after the key and not before it.
async function hearing(page) {
  await page.evaluate(() => {
    window.__said = [];
    new MutationObserver(() => { const t = document.getElementById('announcer').textContent; if (t) window.__said.push(t); })
      .observe(document.getElementById('announcer'), { childList: true, characterData: true, subtree: true });
  });
  return async (key, expected, act = () => page.keyboard.press(key)) => {
    const n = await page.evaluate(() => window.__said.length);
    await act();
    await waitUntil(() => page.evaluate(([e, n]) => window.__said.slice(n).includes(e), [expected, n]),
                    `${key} to say "${expected}"`, { describe: () => page.evaluate(() => JSON.stringify(window.__said)) });
  };
}

// The drawing is one element to the browser: as the arrow keys move its focus, the status line
// says where it is, so a screen reader is not silent there (a walk heard nothing at all).
test('a11y: the keyboard\'s moves in the drawing are said on the status line: the panel, then the control', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  const pressAndHear = await hearing(page);
  await page.locator('#canvas').focus();
  await pressAndHear('ArrowDown', 'Guided lesson, panel');
  await pressAndHear('ArrowDown', '1 Inputs: pick the query, panel');  // panel 1 first, as it reads
  await pressAndHear('ArrowRight', 'Embeddings: every token is a vector, panel');
  await pressAndHear('ArrowDown', '3 Scores to weights, and the context vector, panel');
  await pressAndHear('Enter', 'divide by sum, not checked');
  await pressAndHear('ArrowRight', 'naive softmax, not checked');
  await pressAndHear('ArrowRight', 'softmax, checked');
  await pressAndHear('Escape', '3 Scores to weights, and the context vector, panel');
  // A click is not the keyboard: what it lands on is not said (the learner sees it).
  const before = await page.evaluate(() => window.__said.length);
  await click(page, 'norm:sum');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).norm === 'sum', 'the click to apply');
  await waitIdle(page);
  assert.deepEqual(await page.evaluate((n) => window.__said.slice(n).filter((t) => /, (panel|checked|not checked)$/.test(t)), before),
                   [], 'nothing said about the clicked control');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// By the arrow keys from the drawing's top to the query position's field, hearing each stop.
async function toQueryPosition(page, pressAndHear) {
  await page.locator('#canvas').focus();
  await pressAndHear('ArrowDown', 'Guided lesson, panel');
  await pressAndHear('ArrowDown', '1 Inputs: pick the query, panel');
  await pressAndHear('Enter', 'example: your-journey, list');
  await pressAndHear('ArrowDown', 'query position: 1, text field');
}

// A keyboard walk typed "3" on the focused query position and nothing happened: typing on a
// focused field types into it, as on a web page, and a letter a number refuses is said.
test('a11y: typing on the drawing\'s focused field types into it; a letter it refuses is said', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  const pressAndHear = await hearing(page);
  await toQueryPosition(page, pressAndHear);
  await pressAndHear('3', 'query position: 1, editing');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).query === 3, 'the typed 3 to apply');
  await pressAndHear('x', 'numbers only');
  await pressAndHear('Enter', 'query position: 3');
  assert.equal((await page.evaluate(() => window.attention.getState())).query, 3);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// Ctrl+V on the focused field opened the Import box instead, with the pasted number in it: the
// field takes a paste as it takes typing, its text replaced as a browser's field does.
test('a11y: Ctrl+V on the drawing\'s focused field pastes into it, not into the Import box', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await page.evaluate(() => navigator.clipboard.writeText('4'));
  const pressAndHear = await hearing(page);
  await toQueryPosition(page, pressAndHear);
  await pressAndHear('Control+V', 'query position: 1, editing');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).query === 4, 'the pasted 4 to apply',
                  { describe: async () => JSON.stringify((await page.evaluate(() => window.attention.getState())).query) });
  await pressAndHear('Enter', 'query position: 4');
  assert.ok(!(await layoutOf(page)).some((l) => l.name === 'import:apply'), 'the Import box stayed shut');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a11y: Tab from the drawing opens the text version; Escape keeps the focus in it, Shift+Tab goes back', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  await page.locator('#canvas').focus();
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => document.activeElement && document.activeElement.closest('.text-version'));
  const opened = await page.evaluate(() => document.activeElement.closest('.text-version').getBoundingClientRect().height);
  assert.ok(opened > 100, `the text version opened over the page: ${opened} px`);
  const first = await page.evaluate(() => document.activeElement.outerHTML);
  // A screen reader's user presses Escape often: it must not throw them out of the lesson.
  await page.keyboard.press('Escape');
  await waitIdle(page);  // and two frames for any handler of the key to have moved the focus
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.equal(await page.evaluate(() => document.activeElement.outerHTML), first, 'Escape left the focus where it was');
  assert.ok(await page.evaluate(() => document.activeElement.closest('.text-version').getBoundingClientRect().height > 100),
    'the text version stays open');
  await page.keyboard.press('Shift+Tab');
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'canvas')
    .catch(() => assert.fail('Shift+Tab gave the focus back to the drawing'));
  const closed = await page.evaluate(() => [...document.querySelectorAll('.text-version')].map((e) => e.getBoundingClientRect().height));
  assert.ok(closed.every((h) => h <= 1), `both text versions are closed again: ${closed}`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The drawing's own ring (web/style.css): there for the keyboard, not after a click or a tap,
// which the browser would otherwise ring as a script's focus().
test('a11y: the drawing\'s focus ring shows when the keyboard brings the focus, not after a click or a tap', async () => {
  const ringAt = async (page) => {  // the left edge, halfway down: the ring's colour or the page's
    const png = decodePng(await page.screenshot());
    const [r, g, b] = pixel(png, 1, png.height / 2);
    return r === 0x00 && g === 0x72 && b === 0xb2;
  };
  const page = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  await page.mouse.click(683, 740);  // the drawing's foot, no control there
  await page.waitForFunction(() => document.activeElement?.id === 'canvas');
  assert.equal(await ringAt(page), false, 'no ring after a click');
  await page.keyboard.press('ArrowDown');  // then the keyboard: the ring shows where the focus is
  await page.waitForFunction(() => getComputedStyle(document.activeElement).outlineStyle === 'solid');
  assert.equal(await ringAt(page), true, 'the ring once the keyboard is used');
  await page.mouse.click(683, 740);  // a click again: no ring
  await page.waitForFunction(() => getComputedStyle(document.activeElement).outlineStyle === 'none');
  await page.keyboard.press('Tab');  // out to the text version, and Shift+Tab back into the drawing
  await page.waitForFunction(() => document.activeElement?.closest('.text-version'));
  await page.keyboard.press('Shift+Tab');
  await page.waitForFunction(() => document.activeElement?.id === 'canvas');
  assert.equal(await ringAt(page), true, 'the ring when Shift+Tab brings the focus');
  assert.deepEqual(page.problems, []);
  await page.context().close();
  const phone = await openSettled(browser, `${server.url}/index.html`,
                                  { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.touchscreen.tap(300, 18);  // the title bar, no control there
  await phone.waitForFunction(() => document.activeElement?.id === 'canvas');
  assert.equal(await ringAt(phone), false, 'no ring around the phone\'s screen after a tap');
  // A number typed on the phone's keyboard, Enter: its field goes and the focus comes back to the
  // drawing, still without the ring.
  const field = (await phone.evaluate(() => window.attention.layout())).find((l) => l.name === 'query:input');
  await phone.touchscreen.tap(field.x + field.w / 2, field.y + field.h / 2);
  await phone.waitForFunction(() => document.activeElement?.id === 'text-proxy');
  await phone.keyboard.press('Backspace');
  await phone.keyboard.type('2');
  await phone.keyboard.press('Enter');
  await phone.waitForFunction(() => document.activeElement?.id === 'canvas');
  assert.equal(await ringAt(phone), false, 'no ring when the phone\'s keyboard is put away');
  assert.deepEqual(phone.problems, []);
  await phone.context().close();
});

test('a11y: on a laptop the open text version stands beside the panels the step watches, not over them', async () => {
  // Over the foot of the page it covered the panels a step says to watch (steps 1 and 3: the
  // inputs, the loop, the weights); down the free side a sighted keyboard user reads both.
  const clearOfWatched = async (page, step) => {
    const panel = await page.evaluate(() => {
      const r = document.getElementById('lesson-reader').getBoundingClientRect();
      return { x: r.x, y: r.y, w: r.width, h: r.height };
    });
    if (!(panel.h > 400 && panel.w >= 300)) return `step ${step}: the text version is not open and readable: ${JSON.stringify(panel)}`;
    const watched = (await page.evaluate(() => window.attention.layout())).filter((l) => l.name.startsWith('highlight:'));
    if (!watched.length) return `step ${step} watches no panels`;
    for (const r of watched) {
      const apart = r.x + r.w <= panel.x || r.x >= panel.x + panel.w || r.y + r.h <= panel.y || r.y >= panel.y + panel.h;
      if (!apart) return `step ${step}: ${r.name} ${JSON.stringify(r)} is under the text version ${JSON.stringify(panel)}`;
    }
    return '';
  };
  for (const step of [1, 3, 9, 10]) {
    const page = await openSettled(browser, `${server.url}/index.html#step=${step}`, { viewport: { width: 1366, height: 768 } });
    await page.locator('#canvas').focus();
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.activeElement && document.activeElement.closest('#lesson-reader'));
    assert.equal(await clearOfWatched(page, step), '');
    await saveArtifact(`a11y-text-version-beside-step${step}.png`, await page.screenshot());
    if (step === 10) {
      // Next step by keyboard: step 11 watches the book's classes, on the side the panel stood;
      // it moves once the drawing shows the new step, without another key.
      await page.locator('#lesson-reader button[data-focus="next"]').focus();
      await page.keyboard.press('Enter');
      await waitFor(page, () => window.attention.getState().step === 11 || null, null, 'step 11');
      let why = '';
      await waitUntil(async () => !(why = await clearOfWatched(page, 11)), 'the text version to move clear of step 11\'s panels',
                      { describe: () => why });
      await saveArtifact('a11y-text-version-beside-step11-after-next.png', await page.screenshot());
    }
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('a11y: reduced motion, dark theme (auto) and framing reach the app as page options', async () => {
  const page = await openPage(browser, server.url + '/?theme=auto', { reducedMotion: 'reduce', colorScheme: 'dark' });
  await waitReady(page);
  assert.deepEqual(await page.evaluate(() => window.attention.pageOptions()),
    { embed: false, framed: false, theme: 'dark', themeChoice: 'auto', reducedMotion: true, touch: false, origins: '',
      xapi: '', lesson: '', lessonBuiltIn: '', lessonName: '' });
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await waitFor(page, () => window.attention.pageOptions().theme === 'light', null, 'the theme to follow prefers-color-scheme: light');
  await page.context().close();
});

test('a11y: with reduced motion the loop never plays by itself: one press fills every slot', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`,
                                 { viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' });
  // The loop's current dot product: the last token's (1.0865) once every slot is filled.
  const dot = () => page.evaluate(() => window.attention.layout().find((i) => i.name === 'value:loop:dot')?.text ?? null);
  assert.equal(await dot(), '0.9544', 'the loop starts at the first token');
  await clickInFrame(page, page.mainFrame(), 'loop:play');
  // At once, not one slot per 0.9 s: the click's own frame shows the last (Play shows the first).
  assert.equal(await dot(), '1.0865', 'every slot filled by one press');
  await saveArtifact('a11y-reduced-motion-1366.png', await page.screenshot());
  await page.context().close();
});

test('csp: the page runs under "default-src \'self\'; script-src \'self\' \'wasm-unsafe-eval\'" sent as a header', async () => {
  const strict = await startServer({ headers: {
    'Content-Security-Policy': "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'" } });
  const page = await openPage(browser, strict.url + '/#example=cat-sat-mat');
  try {
    await waitReady(page);
    assert.deepEqual((await page.evaluate(() => window.attention.results())).scores, [1, 5, 2]);
    assert.deepEqual(page.problems, [], 'no CSP violation or other error');
  } finally {
    await page.context().close();
    await strict.close();
  }
});

test('no WebGL2: a readable message and the numbers as text instead of a dead canvas', async () => {
  const page = await openPage(browser, 'about:blank');
  await page.addInitScript(() => {
    const original = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
      return kind === 'webgl2' ? null : original.call(this, kind, ...rest);
    };
  });
  await page.goto(server.url + '/#example=three-tokens');
  await waitFor(page, () => { const e = document.querySelector('#fallback:not([hidden])'); return e && e.getClientRects().length > 0; },
                null, 'the WebGL2 fallback message');
  assert.match(await page.$eval('#fallback-reason', (e) => e.textContent),
    /^This browser could not start WebGL2, which the interactive view needs \(.+\)\. Try another browser or enable hardware acceleration\.$/);
  await waitFor(page, () => document.querySelectorAll('#mirror-table tbody tr').length === 3, null, 'the fallback table\'s 3 rows');
  assert.ok(await page.isVisible('#mirror-table'), 'the table is shown, not only to screen readers');
  assert.match(await summaryText(page), /^Query: "token 1", inputs\[1\]\. Scores \(inputs times the query\): token 0 2\.00, token 1 8\.00, token 2 2\.00\./);
  assert.equal(await page.evaluate(() => window.attention.getState().example), 'three-tokens');
  await page.context().close();
});

test('reflow: at 320 CSS px (400% zoom) the view ends above the share bar, so no content is ever under it', async () => {
  for (const viewport of [{ width: 320, height: 256 }, { width: 320, height: 640 }, { width: 390, height: 844 }]) {
    for (const hash of ['', '#step=4', '#panels=inputs,weights']) {
      const page = await openSettled(browser, `${server.url}/index.html${hash}`, { viewport });
      const column = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'view:column');
      const bar = await page.evaluate(() => {
        const r = document.getElementById('share').getBoundingClientRect();
        return { top: r.top, height: r.height };
      });
      const where = `${viewport.width}x${viewport.height}${hash}`;
      assert.ok(column, `${where}: the view's column is drawn`);
      assert.ok(bar.height > 0, `${where}: the share bar shows`);
      assert.ok(column.y + column.h <= bar.top + 0.5,
                `${where}: the view ends at ${column.y + column.h}, above the share bar at ${bar.top}`);
      if (hash === '' && viewport.height === 256) await saveArtifact('reflow-320x256.png', await page.screenshot());
      await page.context().close();
    }
  }
});

// WCAG 1.4.1: the selected mode tab, exercise and bug are told by a bar along their foot, not by
// their fill alone. Read from the screen: the share of dark pixels in each button's bottom strip.
test('a11y: the selected lesson tab, exercise and bug carry a bar, not only a fill (1.4.1)', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=1`, { viewport: { width: 1366, height: 768 } });
  const barShare = async (name) => {
    const item = await layoutItem(page, name);
    const png = decodePng(await page.screenshot());
    let dark = 0, total = 0;
    for (let y = Math.round(item.y + item.h) - 4; y < Math.round(item.y + item.h) - 1; ++y)
      for (let x = Math.round(item.x) + 8; x < Math.round(item.x + item.w) - 8; ++x, ++total) {
        const [r, g, b] = pixel(png, x, y);
        if (0.2126 * r + 0.7152 * g + 0.0722 * b < 90) ++dark;
      }
    return dark / total;
  };
  const marked = async (selected, others) => {
    assert.ok(await barShare(selected) > 0.8, `${selected} has a bar along its foot`);
    for (const other of others) assert.ok(await barShare(other) < 0.1, `${other} has none`);
  };
  await marked('lesson:mode:track', ['lesson:mode:practice', 'lesson:mode:debug']);
  await click(page, 'lesson:mode:practice');
  await marked('lesson:mode:practice', ['lesson:mode:track']);
  await marked('lesson:exercise:0', ['lesson:exercise:1', 'lesson:exercise:2']);
  await click(page, 'lesson:exercise:1');
  await marked('lesson:exercise:1', ['lesson:exercise:0']);
  await click(page, 'lesson:mode:debug');
  await marked('lesson:bug:wrong-query', ['lesson:bug:wrong-slot']);
  await saveArtifact('a11y-selected-bars.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
