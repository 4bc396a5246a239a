// Frames that size themselves: an embedded demo posts the height its content needs, and a host
// page on another origin using attention-host.js sets its iframe to it, at three host widths,
// without a resize loop. Canvas's lti.frameResize message carries the same height, and a host using
// iframe-resizer's own parent script (@iframe-resizer/parent from npm, as course sites do) sizes the
// frame the same way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, launchBrowser, openPage, waitReady, waitIdle, waitFor, waitUntil, waitQuiet, waitFrameFits, demoFrame,
  saveArtifact, sleep } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// A course page around the demo's frame (300 px high at first): hostScript is the sizing library
// it loads, script its own code.
function coursePage(demoUrl, hostScript, script) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course page</title>
<link rel="icon" href="data:,"><script src="${hostScript}"></script></head>
<body style="margin:0;padding:8px">
<p>Text before the demo.</p>
<iframe id="demo" src="${demoUrl}" title="attention demo" style="width:100%;height:300px;border:0;display:block"></iframe>
<p id="after">Text after the demo.</p>
<script>${script}</script></body></html>`;
}

function hostPage(demoUrl, options = '{}') {
  return coursePage(demoUrl, `${new URL(demoUrl).origin}/attention-host.js`, `
  window.lti = [];
  window.addEventListener('message', (e) => { if (e.data && e.data.subject === 'lti.frameResize') window.lti.push(e.data.height); });
  window.demo = new AttentionFrame(document.getElementById('demo'), ${options});`);
}

async function openHost(width, fragment, options) {
  const route = `/host-resize-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, hostPage(`${server.url}/index.html?embed=1${fragment}`, options));
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width, height: 700 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitIdle(frame);
  return { page, frame };
}

const frameHeight = (page) => page.evaluate(() => document.getElementById('demo').getBoundingClientRect().height);

// Once the host has sized it, the frame ends within 4 px of the content and stays: a second later
// its height, the demo's frame count and the host's resize calls (resizeCalls, when given) are the
// same.
async function assertFitsAndStays(page, frame, resizeCalls = async () => 0) {
  await waitFrameFits(page, frame, '#demo');
  await waitQuiet(page, 'the course page to come to rest');
  await waitQuiet(frame, 'the demo to come to rest');
  const wanted = await frame.evaluate(() => window.attention.contentHeight());
  const first = await frameHeight(page);
  assert.ok(Math.abs(first - wanted) <= 4, `frame ${first} px, content ${wanted} px`);
  const frames = await frame.evaluate(() => window.attention.stats().frames);
  const calls = await resizeCalls();
  await sleep(1000);  // measured: during 1 s at rest, no resize and no frame (a resize loop would show)
  assert.equal(await frameHeight(page), first, 'the height is stable');
  assert.equal(await resizeCalls(), calls, 'no resize loop');
  assert.equal(await frame.evaluate(() => window.attention.stats().frames), frames, 'and the demo is idle');
  return { wanted, first };
}

for (const width of [360, 768, 1280]) {
  test(`resize: at a host width of ${width} the frame ends where the demo's content ends, and stays`, async () => {
    const { page, frame } = await openHost(width, '#example=your-journey&panels=inputs,weights');
    await waitFor(page, () => document.getElementById('demo').getBoundingClientRect().height !== 300, null,
                  'the host to size the frame (from its first 300 px)');
    const { wanted, first } = await assertFitsAndStays(page, frame);
    // Both panels are on screen inside the frame: their titles are within the canvas.
    const titles = (await frame.evaluate(() => window.attention.layout())).filter((l) => l.name.startsWith('value:title:'));
    assert.equal(titles.length, 2);
    for (const t of titles) assert.ok(t.y + t.h <= first, `${t.name} is inside the frame`);
    // Canvas courses hear the same height.
    assert.ok((await page.evaluate(() => window.lti)).includes(wanted), 'lti.frameResize carries the height');
    await saveArtifact(`resize-host-${width}.png`, await page.screenshot({ fullPage: true }));
    await page.context().close();
  });
}

test('resize: a host can opt out, and the frame keeps its own height', async () => {
  const { page, frame } = await openHost(768, '#example=three-tokens&panels=weights', '{autoResize: false}');
  // The demo has told the host its height: the host page has its lti.frameResize, posted right
  // after attention:resize, so attention-host.js has had (and declined) the resize.
  const wanted = await waitUntil(async () => {
    const height = await frame.evaluate(() => window.attention.contentHeight());
    return height > 0 && (await page.evaluate((h) => window.lti.includes(h), height)) && height;
  }, 'the host page to hear the demo\'s height', { describe: () => page.evaluate(() => `lti: ${JSON.stringify(window.lti)}`) });
  assert.ok(wanted > 0);
  assert.equal(await frameHeight(page), 300);
  await page.context().close();
});

// A host whose sizing script comes after the demo has drawn (loaded async, by a tag manager, or
// added by a site that swaps pages): the demo's first heights went to a page that was not
// listening yet, and nothing changes afterwards to send them again. The host's hello asks.
test('resize: a host script that arrives after the demo has drawn still sizes the frame', async () => {
  const demoUrl = `${server.url}/index.html?embed=1#example=your-journey&panels=inputs,weights`;
  const route = `/host-late-${Math.random().toString(36).slice(2)}.html`;
  server.routes.set(route, `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>course page</title>
<link rel="icon" href="data:,"></head><body style="margin:0;padding:8px"><p>Text before the demo.</p>
<iframe id="demo" data-attention-frame src="${demoUrl}" title="attention demo" style="width:100%;height:300px;border:0;display:block"></iframe>
<p>Text after the demo.</p></body></html>`);
  const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width: 768, height: 700 } });
  const frame = await demoFrame(page, 'index.html');
  await waitReady(frame);
  await waitQuiet(frame, 'the demo to have drawn and told its height to nobody');
  const wanted = await frame.evaluate(() => window.attention.contentHeight());
  assert.ok(wanted > 300, `the content wants more than the frame's 300 px (${wanted})`);
  assert.equal(await frameHeight(page), 300, 'no host script yet: the frame keeps its own height');
  await page.evaluate((src) => { const s = document.createElement('script'); s.src = src; document.body.append(s); },
                      `${server.url}/attention-host.js`);
  // The content then needs a little less (no scrollbar inside the frame): the fit is to what it
  // wants now.
  const fit = await waitFrameFits(page, frame, '#demo');
  assert.ok(fit.height > 300 && Math.abs(fit.height - fit.wanted) <= 4, `the late host sized the frame (${JSON.stringify(fit)})`);
  assert.deepEqual(page.problems, [], 'no console errors in the page or the demo');
  await page.context().close();
});

// iframe-resizer's parent script, as a course site includes it, on a host page of another origin.
function iframeResizerHost(demoUrl) {
  return coursePage(demoUrl, '/iframe-resizer.parent.js', `
  window.resized = [];
  iframeResize({ license: 'GPLv3', checkOrigin: ['${new URL(demoUrl).origin}'], warningTimeout: 0,
                 onResized: (e) => window.resized.push(e.height) }, '#demo');`);
}

for (const width of [360, 768, 1280]) {
  test(`resize: iframe-resizer's parent script sizes the frame to the content at a host width of ${width}`, async () => {
    server.routes.set('/iframe-resizer.parent.js', {
      body: readFileSync(new URL('./node_modules/@iframe-resizer/parent/index.umd.js', import.meta.url)),
      type: 'text/javascript' });
    const route = `/host-ifr-${Math.random().toString(36).slice(2)}.html`;
    server.routes.set(route, iframeResizerHost(`${server.url}/index.html?embed=1#example=your-journey&panels=inputs,weights`));
    const page = await openPage(browser, `http://localhost:${server.port}${route}`, { viewport: { width, height: 700 } });
    const frame = await demoFrame(page, 'index.html');
    await waitReady(frame);
    await waitFor(page, () => window.resized.length > 0, null, 'iframe-resizer\'s first resize');
    const { first } = await assertFitsAndStays(page, frame, () => page.evaluate(() => window.resized.length));
    // The embedding view and the heatmaps join: the content is taller, and the frame follows.
    await frame.evaluate(() => window.attention.applyLink('#example=your-journey&panels=inputs,weights,plot,heatmaps'));
    await waitFor(page, (h) => document.getElementById('demo').getBoundingClientRect().height > h + 20, first,
                  `the frame to grow past ${first + 20} px`, { describe: async () => `the frame is at ${await frameHeight(page)} px; ` +
                    `the content wants ${await frame.evaluate(() => window.attention.contentHeight())} px; iframe-resizer set ` +
                    `${JSON.stringify(await page.evaluate(() => window.resized))}` });
    await waitFrameFits(page, frame, '#demo');
    // The frame and the content agree once iframe-resizer's last resize has landed (the content
    // may still settle after the frame first fits): waited for, not read once.
    let taller = 0;
    await waitUntil(async () => {
      taller = await frame.evaluate(() => window.attention.contentHeight());
      return Math.abs((await frameHeight(page)) - taller) <= 4;
    }, 'the frame to follow the content').catch(async () =>
      assert.fail(`frame follows the content (${taller} px; the frame is ${await frameHeight(page)} px)`));
    await saveArtifact(`resize-iframe-resizer-${width}.png`, await page.screenshot({ fullPage: true }));
    assert.deepEqual(page.problems, [], 'no console errors in the page or the demo');
    await page.context().close();
  });
}

// A phone in a frame as tall as its content: the lesson's "watch" links (a step's panel, far below
// its words) cannot scroll the demo, which has nothing to scroll; they scroll the course page to
// the panel instead, with attention-host.js and with iframe-resizer's parent script. Real taps.
for (const host of ['attention-host.js', 'iframe-resizer']) {
  test(`resize: on a phone in a self-sizing frame (${host}), a step's "watch" link scrolls the course page to its panel`, async () => {
    server.routes.set('/iframe-resizer.parent.js', {
      body: readFileSync(new URL('./node_modules/@iframe-resizer/parent/index.umd.js', import.meta.url)),
      type: 'text/javascript' });
    const demoUrl = `${server.url}/index.html?embed=1#step=4`;
    const route = `/host-watch-${Math.random().toString(36).slice(2)}.html`;
    server.routes.set(route, (host === 'iframe-resizer' ? iframeResizerHost(demoUrl) : hostPage(demoUrl))
      .replace('<head>', '<head><meta name="viewport" content="width=device-width, initial-scale=1">'));
    const page = await openPage(browser, `http://localhost:${server.port}${route}`,
      { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const frame = await demoFrame(page, 'index.html');
    await waitReady(frame);
    await waitFor(frame, () => window.attention.lessonStatus().lesson !== '', null, 'the lesson to load');
    await waitFrameFits(page, frame, '#demo');
    await waitQuiet(page);
    await waitIdle(frame);
    const layout = () => frame.evaluate(() => window.attention.layout());
    const watch = (await layout()).find((l) => l.name === 'lesson:watch:plot');
    assert.ok(watch, 'step 4 links to the embedding view it watches');
    const panelTop = async () => {
      const box = (await layout()).find((l) => l.name === 'panel-box:plot');
      const frameTop = await page.evaluate(() => document.getElementById('demo').getBoundingClientRect().top);
      return frameTop + box.y;  // where the panel is on the phone's screen
    };
    assert.ok(await panelTop() > 844, 'the panel starts below the screen');
    const frameBox = await (await frame.frameElement()).boundingBox();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.touchscreen.tap(frameBox.x + watch.x + watch.w / 2, frameBox.y + watch.y + watch.h / 2);
    await waitFor(page, (y) => window.scrollY > y + 200, scrolled, 'the course page to scroll to the panel');
    await waitQuiet(page);
    const top = await panelTop();
    assert.ok(top >= -2 && top < 120, `the panel's top is at the top of the screen (${top} px)`);
    await saveArtifact(`resize-watch-${host}-390.png`, await page.screenshot());
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}
