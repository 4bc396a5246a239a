// After chapter 3 (the book repository's ch04), used as a learner and a course author would: a
// course's link opens GroupedQueryAttention at 1366 x 768; a click turns decode mode on, the prompt
// grows with the + button, the learner steps back through the cache's calls, and every call's rows
// are the full pass's; num_kv_groups lowered to multi-query; the memory calculator typed into; one
// mask four ways, a padded row and the polarity bug; a prefill longer than the sentence refused. On a phone (390 x 844, DPR 2) a link to chunked
// sliding-window decoding: a swipe to the call buttons, taps through the calls, the cache never
// holding more than the window.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openSettled, settleAfter, saveArtifact, waitUntil, waitFor, touchSwipe,
  layoutOf as layout, layoutItem as item, layoutValue as value, clickItem as click } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

const results = (page) => page.evaluate(() => window.attention.results());
const state = (page) => page.evaluate(() => window.attention.getState());
// The laptop's wheel over the panel until the item is on screen, below the panel's title bar
// (the layout keeps the places of items scrolled under it).
async function reveal(page, name) {
  const height = page.viewportSize().height;
  for (let k = 0; k < 40; ++k) {
    const r = await item(page, name);
    if (r.y >= 80 && r.y + r.h <= height - 40) return r;
    await settleAfter(page, async () => {
      await page.mouse.move(600, 400);
      await page.mouse.wheel(0, r.y < 80 ? -100 : 100);
    }, `the wheel towards ${name}`);
  }
  assert.fail(`${name} never scrolled into view`);
}
async function typeInto(page, name, text) {
  await click(page, name);
  await settleAfter(page, () => page.keyboard.press('Control+A'), 'select all');
  await settleAfter(page, () => page.keyboard.type(text), `typing ${text}`);
  await settleAfter(page, () => page.keyboard.press('Enter'), 'Enter');
}
// A call's rows of the decoded output against the full pass's: the same numbers.
function assertDecodedIsFull(module) {
  const d = module.decode;
  assert.equal(d.equals_full_pass_bits, true, `largest difference ${d.max_abs_difference}`);
  assert.deepEqual(d.output, module.output[0], 'the decoded rows are the full pass\'s');
  for (const call of d.calls)
    call.output.forEach((row, i) => assert.deepEqual(row, module.output[0][call.first + i], `token ${call.first + i}`));
}

test('generation: GQA from a link; a click decodes it; the calls stepped back; the memory calculator typed into', async () => {
  const page = await openSettled(browser, `${server.url}/#example=your-journey&module=grouped-query-attention&panels=module`,
                                 { viewport: { width: 1366, height: 768 } });
  let r = await results(page);
  assert.equal(r.module.name, 'grouped-query-attention');
  assert.equal(r.module.heads, 4);
  assert.equal(r.module.kv_groups, 2);
  assert.deepEqual(Object.keys(r.module.parameters), ['W_key.weight', 'W_value.weight', 'W_query.weight', 'out_proj.weight'],
                   "the repository's order, out_proj without a bias");
  assert.equal(r.module.decode, null, 'decode mode waits for the learner');
  const heads = r.module.batches[0].heads;
  assert.deepEqual(heads[0].keys, heads[1].keys, 'heads 0 and 1 share group 0');
  assert.notDeepEqual(heads[1].keys, heads[2].keys, 'head 2 reads group 1');

  await click(page, 'module:decode');
  r = await results(page);
  assert.equal((await state(page)).module.decode, true);
  assert.equal(r.module.decode.calls.length, 6, 'a prompt of one token, then one call per token');
  // The prompt grows to three tokens with the + button: one call for them, then three.
  await reveal(page, 'module:prefill:plus');
  await click(page, 'module:prefill:plus');
  await click(page, 'module:prefill:plus');
  r = await results(page);
  assert.equal((await state(page)).module.prefill, 3);
  assert.deepEqual(r.module.decode.calls.map((c) => [c.first, c.count, c.key_first, c.key_count]),
                   [[0, 3, 0, 3], [3, 1, 0, 4], [4, 1, 0, 5], [5, 1, 0, 6]]);
  assertDecodedIsFull(r.module);
  assert.equal(r.module.decode.scores_computed, 4 * (9 + 4 + 5 + 6), 'the new queries only');
  assert.equal(r.module.decode.scores_full_pass, 4 * 36);

  // The panel shows the last call; the learner steps back to the prompt's.
  await reveal(page, 'module:call-back');
  assert.equal(await value(page, 'module:call'), '5 1 0 6');
  for (let k = 0; k < 3; ++k) await click(page, 'module:call-back');
  assert.equal(await value(page, 'module:call'), '0 3 0 3');
  await click(page, 'module:call-back');  // already the first: stays
  assert.equal(await value(page, 'module:call'), '0 3 0 3');
  await click(page, 'module:call-next');
  assert.equal(await value(page, 'module:call'), '3 1 0 4');
  assert.equal(await value(page, 'module:decode-equal'), 'bits');
  await saveArtifact('generation-decode-1366x768.png', await page.screenshot());

  // Multi-query attention: one group for all four heads; still the full pass's rows. Beside the
  // field, the values its - and + step through (2 to 4, never 3), so the skip is no surprise.
  await reveal(page, 'module:kv_groups:minus');
  assert.equal(await value(page, 'module:kv-groups-hint'), '(it must divide num_heads: 1, 2, 4)');
  await click(page, 'module:kv_groups:minus');
  r = await results(page);
  assert.equal(r.module.kv_groups, 1);
  assert.equal(r.module.parameters['W_key.weight'].length, 1, 'one key head of width 1');
  assertDecodedIsFull(r.module);

  // The memory calculator: the repository's example prints 4.29 GB with 8 kv heads, 17.18 GB with 32.
  await reveal(page, 'module:kv-heads');
  assert.equal(await value(page, 'module:memory'), '4.29 GB');
  await typeInto(page, 'module:kv-heads', '32');
  assert.equal(await value(page, 'module:memory'), '17.18 GB');

  // One mask four ways: SDPA's routes agree with the book's to float32 rounding; a padded first
  // token sees nothing (NaN from the book's softmax, zeros from SDPA's); the book's mask handed to
  // SDPA keeps exactly the hidden keys.
  await reveal(page, 'module:pads');
  const differences = (await value(page, 'module:mask-differences')).split(' ').map(Number);
  assert.equal(differences.length, 3);
  assert.ok(differences.every((d) => d <= 1e-6), `differences ${differences}`);
  // A batch of two sentences, the second one token shorter and padded on the left: its tokens get
  // exactly the weights they get alone; its pad's query sees nothing.
  await typeInto(page, 'module:pads', '1');
  assert.equal(await value(page, 'module:padded-row'), 'nan 0');
  assert.equal(await value(page, 'module:padded-alone'), '0', 'bit for bit the weights alone');
  assert.equal((await state(page)).module.pads, 1, 'the padding is the state\'s: a link carries it');
  // More pads than the sentence has tokens: said under the field, the last good padding kept.
  await reveal(page, 'module:pads');  // a line about is_causal came above it
  await typeInto(page, 'module:pads', '9');
  assert.match(await value(page, 'module:pads-error'), /^pad tokens is 9 but must be 0\.\.5/);
  assert.equal((await state(page)).module.pads, 1);
  assert.equal(await value(page, 'module:padded-alone'), '0');
  await typeInto(page, 'module:pads', '2');
  assert.equal(await value(page, 'module:pads-error'), undefined, 'a good value takes the message away');
  assert.equal((await state(page)).module.pads, 2);
  await reveal(page, 'module:pads');
  await typeInto(page, 'module:pads', '1');
  await reveal(page, 'grid:module:padded-weights');
  await reveal(page, 'module:polarity-bug');
  await click(page, 'module:polarity-bug');
  assert.equal(await value(page, 'module:polarity-diagonal'), '0', 'a token no longer sees itself');
  // The page's results carry what the panel shows, as attention-cli --json does.
  const masks = (await page.evaluate(() => window.attention.results())).module.masks;
  assert.equal(masks.pads, 1);
  assert.deepEqual(masks.padding.key_padding_mask[1].slice(0, 2), [true, false], 'sentence 2 starts with one pad');
  assert.equal(masks.padding.weights[0][0], 'nan', 'a pad\'s own row by the book\'s softmax');
  assert.equal(masks.polarity_bug_own, 0);
  await saveArtifact('generation-masks-1366x768.png', await page.screenshot());

  // A prompt longer than the sentence: named, and the last good state stays.
  const before = await state(page);
  await reveal(page, 'module:prefill');
  await typeInto(page, 'module:prefill', '9');
  assert.deepEqual(await state(page), before);
  const set = await page.evaluate((s) => window.attention.setState({ ...s, module: { ...s.module, prefill: 9 } }), before);
  assert.equal(set.ok, false);
  assert.match(set.error, /the prefill is 9 tokens but must be from 1 to the 6 tokens of the sequence/);
  await saveArtifact('generation-memory-1366x768.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('generation: a phone link to chunked sliding-window decoding; a swipe and taps step through the cache', async () => {
  const page = await openSettled(browser,
    `${server.url}/index.html?embed=1#example=random-12x8-seed7&module=sliding-window-attention&window=4&decode=1&prefill=7&chunk=3&panels=module`,
    { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const r = await results(page);
  assert.equal(r.module.window, 4);
  assertDecodedIsFull(r.module);
  // Chunks [0,3) [3,6) [6,7), then 7..11 one by one; a chunk reads W - 1 = 3 older keys at most.
  assert.deepEqual(r.module.decode.calls.map((c) => [c.first, c.count, c.key_first, c.key_count, c.cache_rows]),
    [[0, 3, 0, 3, 3], [3, 3, 0, 6, 4], [6, 1, 3, 4, 4], [7, 1, 4, 4, 4], [8, 1, 5, 4, 4], [9, 1, 6, 4, 4],
     [10, 1, 7, 4, 4], [11, 1, 8, 4, 4]]);

  const cdp = await page.context().newCDPSession(page);
  let box = await item(page, 'module:call-back');
  // Up the panel's left edge, beside the grids' row labels: a swipe that starts on a table or a
  // grid scrolling sideways is the page around the demo's (ui/touch_routing.h).
  for (let k = 0; k < 30 && box.y + box.h > 800; ++k) {
    await settleAfter(page, () => touchSwipe(cdp, { x: 30, y: 650 }, { x: 30, y: 290 }, 6), 'a swipe up the panel',
                      { lifted: true });
    box = await item(page, 'module:call-back');
  }
  assert.ok(box.y >= 0 && box.y + box.h <= 844, `the call buttons scrolled into view (y ${box.y})`);
  assert.equal(await value(page, 'module:call'), '11 1 8 4');
  for (let k = 0; k < 6; ++k) {
    box = await item(page, 'module:call-back');
    await settleAfter(page, () => page.touchscreen.tap(box.x + box.w / 2, box.y + box.h / 2), 'a tap on <', { lifted: true });
  }
  await waitUntil(async () => (await value(page, 'module:call')) === '3 3 0 6', 'the second call (the chunk 3..5) shown');
  await saveArtifact('generation-phone.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('generation: another example while decoding pulls the prompt into the shorter sentence, nothing refused', async () => {
  const page = await openSettled(browser,
    `${server.url}/#example=random-12x8-seed7&module=multi-head-attention&decode=1&prefill=7&chunk=3`,
    { viewport: { width: 1366, height: 768 } });
  assert.equal((await state(page)).module.prefill, 7);
  await click(page, 'example');
  await click(page, 'example:three-tokens');
  const s = await state(page);
  assert.equal(s.example, 'three-tokens');
  assert.equal(s.module.decode, true, 'still decoding');
  assert.equal(s.module.prefill, 3, 'the whole (shorter) sentence is the prompt');
  assert.equal(s.module.chunk, 3);
  assertDecodedIsFull((await results(page)).module);
  assert.deepEqual(page.problems, []);
  await page.close();
});

// The lesson after chapter 3 (lessons/en/generation.json): a teacher links it with ?lesson=.
async function lessonSession(options, step) {
  const page = await openSettled(browser, `${server.url}/index.html?lesson=lessons/en/generation.json#step=${step}`, options);
  await waitUntil(async () => (await page.evaluate(() => window.attention.lessonStatus())).lesson === 'generation',
                  'the lesson file to load');
  return page;
}
const lessonStatus = (page) => page.evaluate(() => window.attention.lessonStatus());
test('generation lesson: three steps by clicks at 1366 x 768, each answer covered until revealed', async () => {
  const page = await lessonSession({ viewport: { width: 1366, height: 768 } }, 1);
  assert.equal((await lessonStatus(page)).step, 1);
  // Step 1: how many keys the newest token's call scores. Covered while open.
  assert.equal(await value(page, 'module:call'), '?', 'the calls are covered while the question is open');
  const decodeTable = await page.evaluate(() => window.attention.numbersView().tables.find((t) => t.key === 'decode'));
  assert.deepEqual(decodeTable.rows, [], 'the text version covers the calls too');
  // The step's calls in the text version keep Python's indentation (HTML would fold the spaces).
  const nested = await waitFor(page, () => {
    const inside = [...document.querySelectorAll('#lesson-reader-body code')].filter((c) => c.textContent.startsWith('    '));
    return inside.length >= 2 ? inside.map((c) => {
      const style = getComputedStyle(c);
      return [c.textContent, style.whiteSpace, parseFloat(style.paddingLeft), parseFloat(style.textIndent),
              parseFloat(getComputedStyle(c).fontSize)];
    }) : null;
  }, null, 'the calls inside "with torch.no_grad():" in the text version');
  const calls = await nested.jsonValue();
  for (const [text, space, padding, indent, font] of calls) {
    assert.equal(space, 'pre-wrap', `"${text}" is shown with its spaces`);
    // A wrapped part hangs four columns deeper than the line's own spaces (the first line not moved).
    const spaces = text.length - text.trimStart().length;
    assert.ok(padding > (spaces + 3) * font * 0.5 && indent === -padding, `"${text}": padding ${padding}, indent ${indent}`);
  }
  await click(page, 'lesson:choice:0');
  await click(page, 'lesson:reveal');
  assert.equal(await value(page, 'module:call'), '5 1 0 6', 'revealed: token 5 against keys 0..5');
  await saveArtifact('generation-lesson-step1-1366x768.png', await page.screenshot());

  // Step 2: which heads read group 0.
  await click(page, 'lesson:next');
  assert.equal((await lessonStatus(page)).step, 2);
  assert.equal(await value(page, 'module:groups'), '?');
  await click(page, 'lesson:choice:0');
  await click(page, 'lesson:reveal');
  assert.equal(await value(page, 'module:groups'), 'group 0: heads 0..3; group 1: heads 4..7');

  // Step 3: the window's keys, then the mask's polarity; the heads' weights stay covered until then.
  await click(page, 'lesson:next');
  assert.equal((await lessonStatus(page)).step, 3);
  assert.equal(await value(page, 'module:routes-difference'), '?');
  assert.equal(await value(page, 'grid:module:head0'), '?', 'the band would show which keys');
  await click(page, 'lesson:choice:0');
  await click(page, 'lesson:reveal');
  assert.notEqual(await value(page, 'grid:module:head0'), '?');
  await click(page, 'lesson:next-question');
  assert.equal(await value(page, 'module:mask-differences'), '?', 'the second question covers the libraries\' masks');
  await click(page, 'lesson:choice:0');
  await click(page, 'lesson:reveal');
  assert.notEqual(await value(page, 'module:mask-differences'), '?');
  const { progress } = await lessonStatus(page);
  assert.equal(progress.answered, 4, 'every question of the lesson answered');
  assert.equal(progress.complete, true);
  await saveArtifact('generation-lesson-step3-1366x768.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('generation lesson: on a phone, step 1 answered by taps, then its panel opened from the lesson', async () => {
  const page = await lessonSession({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true,
                                     hasTouch: true }, 1);
  const tap = async (name) => {
    const r = await item(page, name);
    await settleAfter(page, () => page.touchscreen.tap(r.x + r.w / 2, r.y + r.h / 2), `a tap on ${name}`, { lifted: true });
  };
  const choice = await item(page, 'lesson:choice:0');
  await settleAfter(page, () => page.touchscreen.tap(choice.x + choice.w / 2, choice.y + choice.h / 2), 'a tap on 6',
                    { lifted: true });
  const reveal = await item(page, 'lesson:reveal');
  await settleAfter(page, () => page.touchscreen.tap(reveal.x + reveal.w / 2, reveal.y + reveal.h / 2), 'a tap on Reveal',
                    { lifted: true });
  // Under the feedback, "The book's classes ↓" takes the learner to the watched panel: the calls,
  // now revealed (the step's own buttons scrolled up with the feedback).
  await tap('lesson:see:module');
  await waitUntil(async () => (await value(page, 'module:call')) === '5 1 0 6', 'the revealed call in the classes panel');
  await saveArtifact('generation-lesson-phone.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.close();
});
