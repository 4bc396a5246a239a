// The demo in the learner's language (#31), used as its readers would: a Chinese reader opens a
// course's link with ?lang=zh-CN on a laptop and answers the first step by clicks; a learner half
// way through step 2 in English switches to Chinese with the page's language menu and keeps the
// step, the answer and the data, then goes back by keyboard; a phone (390 x 844, DPR 2) reads and
// answers a step in Chinese with taps, nothing wider than the screen; a wrong lang= is named and
// the page stays English; and the English page fetches none of another language's files.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openSettled, settleAfter, saveArtifact, waitFor, waitQuiet, clickItem as click,
  layoutItem as item, waitIdle } from './harness.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const CHINESE = /[\u4e00-\u9fff]/;
const view = (page) => page.evaluate(() => window.attention.lessonView());
const status = (page) => page.evaluate(() => window.attention.lessonStatus());
// The page's own signal: <html data-language> once a language's files are in the demo, and the
// lesson's text (when a step is open) in that language.
async function languageIs(page, lang, lessonToo = true) {
  await waitFor(page, ([want, lesson]) => {
    if (document.documentElement.dataset.language !== want) return false;
    if (!lesson) return true;
    const v = window.attention.lessonView();
    return v.loaded && /[\u4e00-\u9fff]/.test(v.title || '') === (want === 'zh-CN');
  }, [lang, lessonToo], `the page in ${lang}`);
}

test('language: a Chinese reader opens a course link with ?lang=zh-CN and answers step 1 by clicks', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN#step=1`, { viewport: { width: 1366, height: 768 } });
  const requests = [];  // from here on: answering fetches nothing of the language again
  page.on('request', (r) => requests.push(r.url()));
  await languageIs(page, 'zh-CN');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  let v = await view(page);
  assert.match(v.title, CHINESE, 'the step title is Chinese');
  assert.ok(v.question.choices.some((c) => /第 \d+ 个词元/.test(c)), `positions as the language writes them: ${v.question.choices}`);
  assert.ok(!v.question.choices.some((c) => /\d(st|nd|rd|th)\b/.test(c)), 'no English ordinals');
  // The page's own words: the title, the canvas's name, the text versions' headings.
  const page_words = await page.evaluate(() => ({
    title: document.title, canvas: document.getElementById('canvas').getAttribute('aria-label'),
    reader: document.getElementById('lesson-reader-title').textContent }));
  for (const [what, text] of Object.entries(page_words)) assert.match(text, CHINESE, `${what}: ${text}`);
  await saveArtifact('language-zh-laptop-step1.png', await page.screenshot());
  // Answered by clicks: the right choice is the query's own row (inputs[1], the 2nd token).
  const right = v.question.choices.findIndex((c) => c.includes('第 2 个词元'));
  assert.ok(right >= 0, 'the 2nd token is a choice');
  await click(page, `lesson:choice:${right}`);
  await click(page, 'lesson:reveal');
  v = await view(page);
  assert.equal(v.question.verdict, '正确。');
  assert.match(v.question.reason, CHINESE);
  await saveArtifact('language-zh-laptop-step1-revealed.png', await page.screenshot());
  // The code line the answer shows, in the text version: the Python read in English, its comment in Chinese
  // (WCAG 3.1.2, so a screen reader switches voice).
  await waitFor(page, () => !!document.querySelector('#lesson-reader-body code'), null, 'the code line in the text version');
  const code = await page.evaluate(() => {
    const line = document.querySelector('#lesson-reader-body code'), comment = line.querySelector('span');
    return { lang: line.lang, text: line.textContent, comment: comment?.lang, words: comment?.textContent || '' };
  });
  assert.equal(code.lang, 'en', code.text);
  assert.match(code.text, /^query = inputs\[1\]/);
  assert.equal(code.comment, 'zh-CN', code.text);
  assert.match(code.words, /^# 查询为第 2 个词元/);
  // The numbers' tables: a cell of ASCII words (the token "token 1") is marked English, a Chinese
  // heading is not (WCAG 3.1.2).
  const cells = await page.evaluate(() => [...document.querySelectorAll('#numbers-reader-body th')]
    .map((th) => ({ text: th.textContent, lang: th.lang })));
  const token = cells.find((c) => /token 1/.test(c.text));
  assert.ok(token, 'a heading names the token "token 1"');
  assert.equal(token.lang, 'en', token.text);
  const chinese = cells.filter((c) => CHINESE.test(c.text));
  assert.ok(chinese.length > 0 && chinese.every((c) => c.lang === ''), 'Chinese headings keep the page\'s language');
  assert.ok(!requests.some((u) => /fonts\/zh-CN\.otf/.test(u)), 'the glyphs are not fetched again for the lesson');
  // In the step's Chinese sentences, the ASCII words (inputs[1], query) are marked English; the
  // numbers and the Chinese around them are not.
  const mixed = await page.evaluate(() => [...document.querySelectorAll('#lesson-reader-body p span[lang="en"]')]
    .filter((span) => /[\u4e00-\u9fff]/.test(span.parentElement.textContent))
    .map((span) => ({ words: span.textContent, sentence: span.parentElement.textContent })));
  assert.ok(mixed.some((m) => m.words === 'inputs[1]' && /第 2 个/.test(m.sentence)),
            `inputs[1] is marked English in its Chinese sentence: ${JSON.stringify(mixed.slice(0, 4))}`);
  assert.ok(mixed.every((m) => /[A-Za-z]{2}/.test(m.words) && !/[\u4e00-\u9fff]/.test(m.words)), 'only ASCII words are marked');
  await page.context().close();
});

test('language: switching mid-lesson keeps the step, the answer and the data; back to English by keyboard', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=2`, { viewport: { width: 1366, height: 768 } });
  await languageIs(page, 'en', false);
  await click(page, 'lesson:choice:0');
  await click(page, 'lesson:reveal');
  const before = await status(page);
  assert.equal(before.progress.answered, 1);
  const state = await page.evaluate(() => window.attention.getState());
  // The page's language menu, as a mouse user picks from it.
  await settleAfter(page, () => page.selectOption('#lang-choice', 'zh-CN'), 'choosing 中文');
  await languageIs(page, 'zh-CN');
  const after = await status(page);
  assert.equal(after.step, 2, 'the same step');
  assert.equal(after.progress.answered, 1, 'the answer is kept');
  assert.equal(after.revealed, true, 'still revealed');
  assert.deepEqual(await page.evaluate(() => window.attention.getState()), state, 'the same data and settings');
  assert.match(page.url(), /[?&]lang=zh-CN/, 'the address says the language, so a reload keeps it');
  assert.match(await page.evaluate(() => window.attention.link()), /lang=zh-CN/, 'a shared link carries it');
  assert.match((await view(page)).question.verdict, CHINESE);
  // The menu is named in the page's language; each language in it names itself, in its own voice.
  assert.equal(await page.getAttribute('#lang-choice', 'aria-label'), '语言');
  assert.equal(await page.$eval('#lang-choice option[value="en"]', (o) => o.lang), 'en');
  // The screen reader's copy of the numbers follows the switch: its summary, the table's name and
  // headers, as the accessibility tree gives them (the learner's tokens stay as typed).
  await waitFor(page, () => document.getElementById('summary').textContent.startsWith('查询：'), null,
                'the summary in Chinese');
  const mirror = await page.locator('#mirror').ariaSnapshot();
  for (const said of ['查询：“token 1”，inputs[1]', '分数（输入乘以查询）：token 0 2.00、token 1 8.00、token 2 2.00', '权重（softmax）：',
                      'table "当前查询的分数和权重"', 'columnheader "位置"', 'columnheader "权重"'])
    assert.ok(mirror.includes(said), `the mirror says ${said}:\n${mirror}`);
  assert.doesNotMatch(mirror, /Query:|Scores|Weights|position|weight\b/, 'no English left in the mirror');
  // The data's own words are read in English: a token in the mirror, a class's name in a menu.
  assert.equal(await page.$eval('#mirror-table tbody tr th:nth-child(2)', (e) => e.lang), 'en', 'the token "token 0"');
  await waitFor(page, () => document.querySelector('#numbers-reader-module option[value="multi-head-attention"]')?.lang === 'en',
                null, 'MultiHeadAttention\'s option marked English');
  await saveArtifact('language-switched-zh.png', await page.screenshot());
  // Back by keyboard: Tab to the menu, an arrow key picks English.
  await page.focus('#lang-choice');
  await settleAfter(page, () => page.keyboard.press('ArrowUp'), 'ArrowUp on the menu');
  await languageIs(page, 'en');
  assert.equal((await status(page)).progress.answered, 1);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.getAttribute('#lang-choice', 'aria-label'), 'Language');
  assert.doesNotMatch(await page.evaluate(() => document.title), CHINESE);
  await waitFor(page, () => document.getElementById('summary').textContent.startsWith('Query: "token 1", inputs[1]. Scores'),
                null, 'the summary in English again');
  assert.match(await page.locator('#mirror').ariaSnapshot(), /table "Scores and weights for the current query"/);
  await page.context().close();
});

test('language: a phone reads and answers a Chinese step with taps, nothing wider than the screen', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN#step=4`, PHONE);
  await languageIs(page, 'zh-CN');
  const width = await page.evaluate(() => document.scrollingElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scroll: ${width}`);
  for (const name of ['lesson:choice:0', 'lesson:choice:1']) {
    const r = await item(page, name);
    assert.ok(r && r.x >= 0 && r.x + r.w <= 390.5, `${name} wraps inside the screen: ${JSON.stringify(r)}`);
  }
  await saveArtifact('language-zh-phone-step4.png', await page.screenshot());
  const r = await item(page, 'lesson:choice:0');
  await settleAfter(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2), 'a tap on the first choice', { lifted: true });
  const reveal = await item(page, 'lesson:reveal');
  await settleAfter(page, () => page.touchscreen.tap(reveal.x + reveal.w / 2, reveal.y + reveal.h / 2), 'a tap on reveal', { lifted: true });
  const v = await view(page);
  assert.ok(['正确。', '不太对。'].includes(v.question.verdict), `a Chinese verdict: ${v.question.verdict}`);
  await saveArtifact('language-zh-phone-step4-revealed.png', await page.screenshot());
  await page.context().close();
});

// A teacher's English lesson under a Chinese interface keeps its own words (docs/lessons.md), but
// the band's chrome and what the panels say of covered values follow the interface: no English
// phrase inside a Chinese sentence.
test('language: an English lesson under ?lang=zh-CN: its steps in English, the chrome and the covers in Chinese', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN&lesson=lessons/examples/my-sentence.json#step=1`,
                                 { viewport: { width: 1366, height: 768 } });
  await waitFor(page, () => window.attention.lessonStatus().lesson === 'my-sentence', null, 'the teacher\'s lesson to load');
  const view = await page.evaluate(() => window.attention.lessonView());
  assert.equal(view.title, 'Which word is the query?', 'the lesson\'s own words stay English');
  assert.equal(view.indicator, '第 1 步，共 3 步', 'the step indicator is the interface\'s');
  const captions = (await page.evaluate(() => window.attention.numbersView())).tables.map((t) => t.caption).join(' | ');
  assert.match(captions, /回答问题后才会显示/, 'a covered value is said in Chinese');
  assert.doesNotMatch(captions, /hidden until/);
  await saveArtifact('language-english-lesson-zh.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('language: a wrong Check in Chinese practice keeps the covers in Chinese', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN`, { viewport: { width: 1366, height: 768 } });
  await click(page, 'lesson:mode:practice');
  await waitFor(page, () => window.attention.lessonStatus().lesson !== '', null, 'the lesson to load');
  await click(page, 'lesson:predict:1');
  await click(page, 'lesson:practice:input');
  await settleAfter(page, () => page.keyboard.type('0 3 1'), 'typing the scores');
  await click(page, 'lesson:practice:check');
  const notes = (await page.evaluate(() => window.attention.numbersView())).tables.map((t) => t.note).join(' | ');
  assert.match(notes, /完成练习后才会显示/, `the covers say why in Chinese after the Check: ${notes}`);
  assert.doesNotMatch(notes, /hidden until/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('language: a wrong lang= is named and the page stays English; English fetches no other language', async () => {
  const requests = [];
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${server.url}/index.html?lang=klingon`);
  await waitFor(page, () => document.documentElement.dataset.language === 'en' && window.attention.summary().error !== '',
                undefined, 'the refusal');
  const { error } = await page.evaluate(() => window.attention.summary());
  assert.match(error, /lang=klingon is not a language this demo has \(en, zh-CN\)/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.ok(!requests.some((u) => /fonts\/|interface\.json|lessons\//.test(u)),
            `the English first view fetches no language files: ${requests.filter((u) => /fonts|lessons/.test(u))}`);
  await context.close();
});

// A teacher's walk: with a step in the link, the step set up when the lesson's file arrived
// cleared the refusal before it was ever drawn. It stays said once the lesson is in.
test('language: a wrong lang= in a link to a lesson step is still said once the step is on screen', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=fr#step=2`, { viewport: { width: 1366, height: 768 } });
  await waitFor(page, () => window.attention.lessonStatus().lesson !== '' && window.attention.getState().step === 2,
                undefined, 'the lesson at step 2');
  await waitIdle(page);
  const { error } = await page.evaluate(() => window.attention.summary());
  assert.match(error, /lang=fr is not a language this demo has/);
  const drawn = (await page.evaluate(() => window.attention.layout())).find((l) => l.name === 'value:input-error');
  assert.ok(drawn && /lang=fr/.test(drawn.text), `the refusal is drawn: ${JSON.stringify(drawn)}`);
  await page.context().close();
});

// A learner's walk: on a laptop with a Chinese input method, a token typed into its field stayed
// as its pinyin: an input method composes only in an element that takes text, never on a canvas.
// The demo's field now has one under its cursor while it is edited (attention-keyboard.js): the
// composition is committed into the token, and keys still work as keys.
test('language: a laptop\'s input method types Chinese into a token\'s field; Backspace and Enter stay keys', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN`, { viewport: { width: 1366, height: 768 } });
  const label = await item(page, 'label:1');
  await settleAfter(page, () => page.mouse.click(label.x + label.w / 2, label.y + label.h / 2), 'a click into the label');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', undefined, 'a field for the input method');
  await settleAfter(page, () => page.keyboard.press('Control+A'), 'Ctrl+A');
  await settleAfter(page, () => page.keyboard.press('Backspace'), 'Backspace');
  // Pinyin composed, then committed: the keys of the composition are the input method's.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'zhu', selectionStart: 3, selectionEnd: 3 });
  await cdp.send('Input.imeSetComposition', { text: 'zhuyi', selectionStart: 5, selectionEnd: 5 });
  await waitIdle(page);
  assert.equal((await page.evaluate(() => window.attention.getState())).tokens[1], '', 'the pinyin is no token while it is composed');
  await settleAfter(page, () => cdp.send('Input.insertText', { text: '注意' }), 'the committed composition');
  await settleAfter(page, () => page.keyboard.type('力x'), 'typed on');  // a character no key types, then one a key does
  await settleAfter(page, () => page.keyboard.press('Backspace'), 'Backspace');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'Enter');
  await waitFor(page, () => window.attention.getState().tokens[1] === '注意力', undefined, 'the token 注意力')
    .catch(async () => assert.fail(`the token reads ${JSON.stringify((await page.evaluate(() => window.attention.getState())).tokens[1])}`));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'canvas', 'Enter ends the edit; the focus is the drawing\'s again');
  await saveArtifact('zh-ime-token-1366.png', await page.screenshot());
  // Tab from a field being edited goes where Tab from the drawing goes, in the page's order.
  await page.focus('canvas');
  await page.keyboard.press('Tab');
  const afterCanvas = await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent);
  await settleAfter(page, () => page.mouse.click(label.x + label.w / 2, label.y + label.h / 2), 'a click into the label again');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', undefined, 'the field for the input method again');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent), afterCanvas,
               'Tab from the field leaves the drawing in its place in the page');
  // A click on the field being edited, again: the input method's field comes back (a walk's
  // "kai" went in as letters). And a click lands on the drawing even where that field lies.
  const label2 = await item(page, 'label:2');
  const at = [label2.x + label2.w / 2, label2.y + label2.h / 2];
  await settleAfter(page, () => page.mouse.click(...at), 'a click into token 2');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', undefined, 'the field for the input method');
  assert.equal(await page.evaluate(() => {
    const r = document.getElementById('text-proxy').getBoundingClientRect();
    return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.id;
  }), 'canvas', 'a click where the input method\'s field lies reaches the drawing');
  await settleAfter(page, () => page.mouse.click(...at), 'a second click into token 2');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', undefined, 'the field for the input method, after the second click');
  await settleAfter(page, () => page.keyboard.press('End'), 'End');
  await cdp.send('Input.imeSetComposition', { text: 'kai', selectionStart: 3, selectionEnd: 3 });
  await settleAfter(page, () => cdp.send('Input.insertText', { text: '开' }), 'the committed composition');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'Enter');
  await waitFor(page, () => window.attention.getState().tokens[2].endsWith('开'), undefined, 'token 2 ending in 开')
    .catch(async () => assert.fail(`token 2 reads ${JSON.stringify((await page.evaluate(() => window.attention.getState())).tokens[2])}`));
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A learner's own words in a script the page ships no glyphs for (a whale, 鲸鱼, on the English
// page; on the Chinese page a character beyond its subset) are drawn by the browser's fonts into
// the demo's atlas, not as "�". Typed as an input method commits them, then looked at: the field's
// pixels with 鲸鱼 differ from the same field with two "�" typed.
async function typeToken(page, cdp, label, text) {
  await settleAfter(page, () => page.mouse.click(label.x + label.w / 2, label.y + label.h / 2), 'a click into the label');
  await waitFor(page, () => document.activeElement?.id === 'text-proxy', undefined, 'a field for the input method');
  await settleAfter(page, () => page.keyboard.press('Control+A'), 'Ctrl+A');
  await settleAfter(page, () => page.keyboard.press('Backspace'), 'Backspace');
  await settleAfter(page, () => cdp.send('Input.insertText', { text }), 'the committed composition');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'Enter');
  await waitFor(page, (want) => window.attention.getState().tokens[1] === want, text, `the token ${text}`);
  // The page's own signal: nothing it shows lacks a glyph, and the atlas that has them is drawn.
  await waitFor(page, () => window.attention.stats().atlas.lacking_glyphs === 0 && window.attention.stats().pending_frames <= 0,
                undefined, 'every character of the token drawn');
  await waitIdle(page);
  return page.screenshot({ clip: { x: label.x, y: label.y, width: label.w, height: label.h } });
}

for (const lang of ['en', 'zh-CN']) {
  test(`language: a token named in characters no shipped font has is drawn by the browser's fonts, not "�" (${lang})`, async () => {
    const page = await openSettled(browser, `${server.url}/index.html?lang=${lang}`, { viewport: { width: 1366, height: 768 } });
    if (lang !== 'en') await languageIs(page, lang, false);
    const cdp = await page.context().newCDPSession(page);
    const label = await item(page, 'label:1');
    const atlas = () => page.evaluate(() => window.attention.stats().atlas);
    assert.equal((await atlas()).drawn_glyphs, 0, 'the first view draws no glyph of its own');
    const whale = await typeToken(page, cdp, label, lang === 'en' ? '鲸鱼' : '注意鲸');
    const after = await atlas();
    // On the Chinese page 注意 is the subset's, drawn as the interface is: only 鲸 is the browser's.
    assert.equal(after.drawn_glyphs, lang === 'en' ? 2 : 1, `characters drawn by the browser: ${JSON.stringify(after)}`);
    const replacement = await typeToken(page, cdp, label, lang === 'en' ? '\ufffd\ufffd' : '注意\ufffd');
    assert.notDeepEqual(whale, replacement, 'the whale is not drawn as "�"');
    await typeToken(page, cdp, label, lang === 'en' ? '鲸鱼' : '注意鲸');
    await saveArtifact(`drawn-glyphs-${lang}-1366.png`, await page.screenshot());
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('language: a Chinese teacher makes an embed: the maker speaks Chinese and its snippet keeps lang=zh-CN', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN#example=your-journey&query=1`,
                                 { viewport: { width: 1366, height: 768 } });
  await languageIs(page, 'zh-CN', false);
  assert.match(await page.textContent('#copy-embed'), CHINESE, 'the share bar is Chinese');
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  assert.match(await page.textContent('#embed-maker-title'), CHINESE);
  await page.selectOption('#embed-step', '3');
  await waitFor(page, () => /lang=zh-CN/.test(document.getElementById('embed-snippet').value) &&
                /step=3/.test(document.getElementById('embed-snippet').value), undefined, 'the snippet for step 3');
  const snippet = await page.inputValue('#embed-snippet');
  assert.match(snippet, /title="交互式演示：注意力分数是如何计算的（[^"]*第 3 步）"/, `the iframe's title in Chinese: ${snippet}`);
  await saveArtifact('language-zh-embed-maker.png', await page.screenshot());
  await page.context().close();
});

test('language: the embed maker follows a language switch while it is open, its snippet and iframe title too', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN#example=your-journey&query=1`,
                                 { viewport: { width: 1366, height: 768 } });
  await languageIs(page, 'zh-CN', false);
  await page.click('#copy-embed');
  await page.waitForSelector('#embed-maker:not([hidden])');
  assert.match(await page.textContent('#embed-copy'), CHINESE);
  assert.match(await page.getAttribute('#embed-steps', 'placeholder'), CHINESE);
  // English from the page's menu, the maker still open.
  await settleAfter(page, () => page.selectOption('#lang-choice', 'en'), 'choosing English');
  await languageIs(page, 'en', false);
  await waitFor(page, () => !/lang=zh-CN/.test(document.getElementById('embed-snippet').value), undefined,
                'the snippet without lang=zh-CN');
  assert.equal(await page.textContent('#embed-copy'), 'Copy the embed code');
  assert.equal(await page.textContent('#embed-maker-title'), 'Make an embed: the view behind is the preview');
  assert.equal(await page.getAttribute('#embed-steps', 'placeholder'), 'all, or a range such as 11-14');
  assert.doesNotMatch(await page.textContent('#embed-maker'), CHINESE, 'no Chinese left in the maker');
  assert.match(await page.inputValue('#embed-snippet'), /title="Interactive demo: how attention scores are computed/);
  // A title the author wrote stays theirs across the next switch.
  await page.fill('#embed-title', 'Week 3: attention');
  await settleAfter(page, () => page.selectOption('#lang-choice', 'zh-CN'), 'choosing 中文');
  await languageIs(page, 'zh-CN', false);
  await waitFor(page, () => /lang=zh-CN/.test(document.getElementById('embed-snippet').value), undefined,
                'the snippet with lang=zh-CN');
  assert.match(await page.textContent('#embed-copy'), CHINESE);
  assert.match(await page.inputValue('#embed-snippet'), /title="Week 3: attention"/);
  await saveArtifact('language-embed-maker-switched.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('language: a quick 中文 then English on the menu ends in English, the lesson too', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=2`, { viewport: { width: 1366, height: 768 } });
  await languageIs(page, 'en', false);
  // The Chinese glyphs are held back until English has been chosen, as on a slow connection.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/fonts/zh-CN.otf', async (route) => { await held; await route.continue(); });
  const chineseFiles = page.waitForResponse((r) => r.url().includes('fonts/zh-CN.otf'));
  await page.selectOption('#lang-choice', 'zh-CN');
  await page.selectOption('#lang-choice', 'en');
  await languageIs(page, 'en', false);
  release();
  // Both requests settle; the latest one is what stays.
  await chineseFiles;
  await waitQuiet(page);
  await waitFor(page, () => !window.attention.stats().lesson_loading, undefined, 'the lesson loads to settle');
  await languageIs(page, 'en');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.inputValue('#lang-choice'), 'en', 'the menu says what the page speaks');
  assert.doesNotMatch((await view(page)).title, CHINESE, 'an English lesson under the English interface');
  await page.context().close();
});

test('language: the full page follows a Chinese browser; an embed keeps English unless its link says lang=', async () => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'zh-CN' });
  const full = await context.newPage();
  await full.goto(`${server.url}/index.html#step=1`);
  await languageIs(full, 'zh-CN');
  const embedded = await context.newPage();
  await embedded.goto(`${server.url}/index.html?embed=1#step=1`);
  await languageIs(embedded, 'en');
  assert.doesNotMatch((await view(embedded)).title, CHINESE);
  await context.close();
});

test('language: a setting the class cannot take is refused in Chinese, with the typed numbers, on the canvas and in the text version', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN#example=your-journey&module=multi-head-attention&panels=module`,
                                 { viewport: { width: 1366, height: 768 } });
  await languageIs(page, 'zh-CN', false);
  await waitFor(page, () => window.attention.layout().some((l) => l.name === 'module:heads'), null, 'the class\'s settings drawn');
  // MultiHeadAttention(d_out=2, num_heads=2): 3 heads do not split d_out = 2. Typed, as a learner does.
  await click(page, 'module:heads');
  await page.keyboard.press('Backspace');
  await settleAfter(page, () => page.keyboard.type('3'), 'typing 3 heads');
  const said = await (await waitFor(page, () => window.attention.layout().find((l) => l.name === 'value:module:refusal')?.text,
                                    null, 'the refusal under the settings')).jsonValue();
  assert.equal(said, 'd_out 必须能被 num_heads 整除：d_out = 2 无法分成 3 个等宽的头');
  assert.equal((await page.evaluate(() => window.attention.getState())).module.heads, 2, 'the last good setting stays');
  // The text version reads the same refusal in the same language, also when its own field sends
  // the state (setState, as its number fields do); the page's API keeps English.
  assert.equal(await page.evaluate(() => window.attention.numbersView().refusal), said);
  assert.match(await page.evaluate(() => window.attention.setState({ ...window.attention.getState(), module: { name: 'multi-head-attention', heads: 3 } }).error),
               /^module: d_out must be divisible by num_heads/);
  assert.equal(await page.evaluate(() => window.attention.numbersView().refusal), said);
  await saveArtifact('language-refusal-zh.png', await page.screenshot());
  await page.context().close();
});

test('language: pasted embeddings that cannot be read are refused in Chinese, the numbers and code as typed', async () => {
  const page = await openSettled(browser, `${server.url}/index.html?lang=zh-CN`, { viewport: { width: 1366, height: 768 } });
  await languageIs(page, 'zh-CN', false);
  const before = await page.evaluate(() => window.attention.getState());
  await click(page, 'import:open');
  await click(page, 'import:text');
  await page.focus('canvas');  // keys reach SDL only while the canvas has the browser's focus
  await settleAfter(page, () => page.keyboard.type('[[1,2],[3,x]]'), 'typing a matrix with a letter in it');
  const said = await (await waitFor(page, () => window.attention.layout().find((l) => l.name === 'value:import:error')?.text,
                                    null, 'the importer\'s message')).jsonValue();
  assert.equal(said, '第 2 行，第 2 个值（文本第 1 行第 11 列）："x" 不是数字：请写普通数字，如 0.43 或 -1.5e-3');
  await saveArtifact('language-import-zh.png', await page.screenshot());
  assert.deepEqual(await page.evaluate(() => window.attention.getState()), before, 'nothing applied');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
