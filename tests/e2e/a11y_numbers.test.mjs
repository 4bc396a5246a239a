// The panels' numbers and settings for a keyboard and a screen reader: the page's text version of
// them (web/attention-numbers-reader.js), used with the keyboard only after load and read through
// Chromium's accessibility tree (CDP Accessibility.getFullAXTree) as a screen reader gets it:
// tables with row and column headers holding the book's numbers, native controls that change the
// drawing too, a refused value said and the last good state kept, the lesson's covers kept, a
// phone's reflow, axe-core.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { startServer, launchBrowser, openSettled, settleAfter, waitUntil, waitIdle, waitFor, saveArtifact, budget } from './harness.mjs';

let server, browser;
before(async () => { server = await startServer(); browser = await launchBrowser(); });
after(async () => { await browser?.close(); await server?.close(); });

// The accessibility tree's nodes, in document order, with role, name and parent link.
async function axTree(cdp) {
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const byId = new Map(nodes.map((n) => [n.nodeId, n]));
  return { nodes: nodes.filter((n) => !n.ignored), byId };
}
// A table as a screen reader reads it: [[cell names per row]], headers included, found by name.
async function readTable(cdp, name) {
  const { nodes, byId } = await axTree(cdp);
  const table = nodes.find((n) => n.role?.value === 'table' && n.name?.value === name);
  if (!table) return null;
  const rows = [];
  const walk = (id) => {
    const n = byId.get(id);
    if (!n) return;
    if (n.role?.value === 'row') {
      rows.push((n.childIds || []).map((c) => byId.get(c)).filter(Boolean)
        .filter((c) => ['cell', 'rowheader', 'columnheader'].includes(c.role?.value))
        .map((c) => `${c.role.value === 'cell' ? '' : c.role.value + ':'}${c.name?.value ?? ''}`));
      return;
    }
    for (const c of n.childIds || []) walk(c);
  };
  walk(table.nodeId);
  return rows;
}
const focused = async (cdp) => (await axTree(cdp)).nodes.find((n) => n.role?.value !== 'RootWebArea' &&
  n.properties?.some((p) => p.name === 'focused' && p.value.value));

async function keyboardSession(url, options = {}) {
  const page = await openSettled(browser, url, { viewport: { width: 1366, height: 768 }, ...options });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Accessibility.enable');
  // Each Tab once the page is idle: a text version redrawn as a Tab lands (a class's settings
  // arriving with their script) must not count as a stop passed (it failed so on a busy machine).
  const tabTo = async (role, name, most = 40, back = false) => {
    for (let k = 0; k <= most; ++k) {
      await waitIdle(page);
      const n = await focused(cdp);
      if (n && n.role?.value === role && n.name?.value.startsWith(name)) return n;
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    }
    assert.fail(`Tab never reached the ${role} "${name}"`);
  };
  return { page, cdp, tabTo };
}

test('a11y numbers: keyboard only, the book\'s numbers in tables with headers, settings as native controls', async () => {
  const { page, cdp, tabTo } = await keyboardSession(`${server.url}/index.html`);
  // From the page's start: the drawing, the lesson's text version, then the numbers'.
  await page.keyboard.press('Tab');
  await tabTo('combobox', 'Query position', 40);
  const open = () => page.evaluate(() => document.getElementById('numbers-reader').getBoundingClientRect().height > 100);
  // (The lesson's text version has a query control too; this one is in the numbers' panel.)
  await waitUntil(open, 'the numbers\' panel to open with the focus in it');
  // Query "journey", as section 3.3.1 (where the example starts): away and back by the arrows.
  await page.keyboard.press('ArrowUp');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).query === 0, 'the query at position 0');
  await page.keyboard.press('ArrowDown');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).query === 1, 'the query at position 1');
  const query = await waitUntil(() => readTable(cdp, 'The query inputs[1], "journey": its scores and weights'),
                                'the query\'s table, named by its heading');
  assert.deepEqual(query[0], ['columnheader:key', 'columnheader:score', 'columnheader:÷ sum', 'columnheader:naive softmax',
                              'columnheader:softmax (used)']);
  // The book: attn_scores_2 = tensor([0.9544, 1.4950, 1.4754, 0.8434, 0.7070, 1.0865]).
  assert.deepEqual(query.slice(1).map((r) => r[1]), ['0.9544', '1.4950', '1.4754', '0.8434', '0.7070', '1.0865']);
  assert.equal(query[1][0], 'rowheader:0: Your');
  const context = await readTable(cdp, 'The context vector: weights @ inputs');
  assert.deepEqual(context[1], ['rowheader:context', '0.4419', '0.6515', '0.5683'], 'context_vec_2 as the book prints it');
  assert.equal(context[0][0], 'columnheader:vector', 'the corner header says what the row is (axe: empty-table-header)');
  const matrix = await readTable(cdp, 'Score matrix: inputs @ inputs.T, a row per query, a column per key');
  assert.equal(matrix.length, 7);
  assert.equal(matrix[0][2], 'columnheader:1: journey');
  assert.equal(matrix[2][2], '1.4950');
  // The 3-D plot's geometry as numbers: each arrow's length and angle to the query's.
  const arrows = await readTable(cdp, 'Embeddings as arrows: each token\'s length and its angle to the query');
  assert.deepEqual(arrows[0], ['columnheader:token', 'columnheader:length', 'columnheader:angle to the query']);
  assert.deepEqual(arrows[1], ['rowheader:0: Your', '0.9997', '38.7°']);
  assert.deepEqual(arrows[2], ['rowheader:1: journey', '1.2227', '0.0°']);
  await saveArtifact('a11y-numbers-1366.png', await page.screenshot());

  // The trainable version by Space on its checkbox: the drawing follows, W_query appears.
  await tabTo('checkbox', 'Trainable attention', 4);
  await settleAfter(page, () => page.keyboard.press('Space'), 'the projection switched on');
  assert.equal((await page.evaluate(() => window.attention.getState())).projection.enabled, true);
  await waitUntil(() => readTable(cdp, 'W_query (3 x 2)'), 'W_query\'s table');
  assert.deepEqual((await readTable(cdp, 'The context vector: weights @ values'))[1], ['rowheader:context', '0.3061', '0.8210'],
                   'section 3.4.1: context_vec_2 = tensor([0.3061, 0.8210])');

  // A value that is no number: refused with the validator's words, the last good state kept,
  // the typed text left to mend.
  await tabTo('textbox', 'd_out', 2);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('two');
  await page.keyboard.press('Enter');
  const error = await waitUntil(async () => (await page.locator('#numbers-reader-error').textContent()) || null, 'the refusal beside the field');
  assert.match(error, /^Not changed: .*d_out/);
  assert.equal((await page.evaluate(() => window.attention.getState())).projection.d_out, 2);
  assert.equal(await page.locator('#numbers-reader-d-out').inputValue(), 'two');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'd_out = 3');
  assert.equal((await page.evaluate(() => window.attention.getState())).projection.d_out, 3);
  await waitUntil(() => readTable(cdp, 'W_query (3 x 3)'), 'W_query as 3 x 3');
  assert.equal(await page.locator('#numbers-reader-error').textContent(), '', 'the refusal is gone once a value is taken');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'numbers-reader-d-out', 'the focus stays on the field');
  // The weights' seed, typed: other random weights, as torch.manual_seed(789) would give.
  const wQuery = await readTable(cdp, 'W_query (3 x 3)');
  await tabTo('textbox', 'torch.manual_seed before the weights', 2);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('789');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'seed 789');
  assert.equal((await page.evaluate(() => window.attention.getState())).projection.seed, 789);
  await waitUntil(async () => JSON.stringify(await readTable(cdp, 'W_query (3 x 3)')) !== JSON.stringify(wQuery),
                  'W_query drawn from the new seed');
  // Committed by Tab instead of Enter: the value is taken and the focus goes on to the next
  // control, though the controls are drawn anew (it went to the page's body, the walk found).
  await tabTo('textbox', 'd_out', 2, true);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('4');
  const next = await page.evaluate(() => {
    const all = [...document.querySelectorAll('#numbers-reader-body input, #numbers-reader-body select')];
    return all[all.indexOf(document.activeElement) + 1].id;
  });
  await page.keyboard.press('Tab');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).projection.d_out === 4, 'd_out = 4, by Tab');
  await waitUntil(() => readTable(cdp, 'W_query (3 x 4)'), 'W_query as 3 x 4');
  assert.equal(await page.evaluate(() => document.activeElement.id), next, 'the focus is on the next control, not the page');

  // The book's class: MultiHeadAttention, chosen from a select; its output as a table.
  await tabTo('combobox', 'The book\'s class', 6);
  for (let k = 0; k < 5; ++k) await page.keyboard.press('ArrowDown');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).module?.name === 'multi-head-attention',
                  'MultiHeadAttention chosen');
  await waitUntil(() => readTable(cdp, 'MultiHeadAttention output, batch element 0 (6 x 2)'), 'the class\'s output');
  // Its bias and its batch, as the panel has them: Space on qkv_bias, a batch of one typed.
  await waitFor(page, () => !!document.getElementById('numbers-reader-qkv-bias'), null, 'MultiHeadAttention\'s settings');
  await tabTo('checkbox', 'qkv_bias', 6);
  await settleAfter(page, () => page.keyboard.press('Space'), 'qkv_bias on');
  assert.equal((await page.evaluate(() => window.attention.getState())).module.qkv_bias, true);
  await tabTo('textbox', 'Batch', 4);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'a batch of one');
  assert.equal((await page.evaluate(() => window.attention.getState())).module.batch, 1);
  await waitUntil(async () => (await page.evaluate(() => window.attention.numbersView().tables.filter((x) => x.key === 'module').length)) === 1,
                  'one output table for a batch of one');
  // Each head's weights, as the panel's grids draw them: causal, so the first token weighs itself.
  const head1 = await waitUntil(() => readTable(cdp, 'Head 1\'s weights, a row per query, a column per key'), 'head 1\'s weights');
  assert.deepEqual(head1[0].slice(0, 3), ['columnheader:query \\ key', 'columnheader:0: Your', 'columnheader:1: journey']);
  assert.deepEqual(head1[1], ['rowheader:0: Your', '1.0000', '0.0000', '0.0000', '0.0000', '0.0000', '0.0000']);
  assert.equal(head1.length, 7, 'a row per token under the headers');
  // The panel's other sections as tables: head 0 masked the other ways, each route as near the
  // book's weights as float32 allows, and the heads' shapes.
  const routes = await readTable(cdp, 'Masking head 0 other ways: the largest difference from the book\'s weights, ' +
                                      'masked_fill(mask, -inf) then softmax');
  assert.ok(routes, 'the masking routes\' table');
  assert.deepEqual(routes.map((r) => r[0]), ['columnheader:route', 'rowheader:softmax, then × tril(ones), then ÷ row sums',
    'rowheader:F.scaled_dot_product_attention(q, k, v, attn_mask=~mask)',
    'rowheader:F.scaled_dot_product_attention(q, k, v, attn_mask=bias)',
    'rowheader:F.scaled_dot_product_attention(q, k, v, is_causal=True)']);
  for (const r of routes.slice(1)) assert.ok(Number(r[1]) <= 1e-6, `${r[0]} gives the book's weights: ${r[1]}`);
  assert.deepEqual(await readTable(cdp, 'head_dim = d_out / num_heads: keys split into heads'),
                   [['columnheader:step', 'columnheader:shape'], ['rowheader:keys', '(1, 6, 2)'],
                    ['rowheader:.view(b, n, num_heads, head_dim)', '(1, 6, 2, 1)'], ['rowheader:.transpose(1, 2)', '(1, 2, 6, 1)']]);
  // The bugs the panel plants, in a group a keyboard opens: the shape tracer's without .transpose.
  for (let k = 0; k < 60 && (await focused(cdp))?.name?.value !== 'Break it on purpose: the bugs the classes panel plants'; ++k) {
    await page.keyboard.press('Tab');
  }
  assert.equal((await focused(cdp))?.role?.value, 'DisclosureTriangle', 'the group\'s summary is reached by Tab');
  assert.equal(await readTable(cdp, 'plant the bug: no .transpose(1, 2)'), null, 'closed until opened');
  await page.keyboard.press('Enter');
  const scrambled = await waitUntil(() => readTable(cdp, 'plant the bug: no .transpose(1, 2)'), 'the planted bugs opened');
  assert.deepEqual(scrambled[1], ['rowheader:0', '0: Your', '0: Your', '1: journey', '1: journey', '2: starts', '2: starts'],
                   'head 0\'s rows read the memory head-major: two tokens\' numbers per row pair');
  assert.ok(await readTable(cdp, 'plant the bug: ÷ √d_out, not √head_dim'), 'the scale bug too');
  // Dropout p = 0.5 typed (Shift+Tab back to its field): the mask as a table of 0 and 1 / (1 - p).
  for (let k = 0; k < 80 && !(await focused(cdp))?.name?.value.startsWith('Dropout probability'); ++k) {
    await page.keyboard.press('Shift+Tab');
  }
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0.5');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'dropout 0.5');
  const mask = await waitUntil(() => readTable(cdp, 'Dropout (3.5.2), p = 0.50: head 0\'s mask, 0 or 1 / (1 - p) = 2.00'),
                               'the dropout mask\'s table');
  const cells = mask.slice(1).flatMap((r) => r.slice(1));
  assert.equal(cells.length, 36);
  assert.ok(cells.every((c) => c === '0.0000' || c === '2.0000'), `the mask's cells are 0 or 2: ${cells.join(' ')}`);
  assert.ok(cells.includes('0.0000') && cells.includes('2.0000'), 'some weights dropped, some kept');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('0');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'dropout back to 0');
  assert.equal((await page.evaluate(() => window.attention.getState())).module.dropout, 0);

  // Decoding it with a KV cache (ch04), by Space on its checkbox; the prompt typed: a table of
  // the cache's calls, read as a screen reader reads it.
  await tabTo('checkbox', 'Decode with a KV cache', 12);
  await settleAfter(page, () => page.keyboard.press('Space'), 'decode mode on');
  await tabTo('textbox', 'Prompt tokens', 2);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('3');
  await settleAfter(page, () => page.keyboard.press('Enter'), 'a prompt of 3 tokens');
  assert.equal((await page.evaluate(() => window.attention.getState())).module.prefill, 3);
  const calls = await waitUntil(() => readTable(cdp, 'Decoding with the KV cache: each call'), 'the cache\'s calls');
  assert.deepEqual(calls[0], ['columnheader:call', 'columnheader:new positions', 'columnheader:keys scored',
                              'columnheader:scores, all heads', 'columnheader:cache rows']);
  assert.deepEqual(calls.slice(1), [['rowheader:1', '0..2', '0..2', '18', '3'], ['rowheader:2', '3', '0..3', '8', '4'],
                                    ['rowheader:3', '4', '0..4', '10', '5'], ['rowheader:4', '5', '0..5', '12', '6']]);
  // Head 0's weights call by call, as the panel's < and > step through them: the prompt's three
  // queries, then one per call; a key not yet in the cache is blank; each row head 0's full row.
  const byCall = await waitUntil(() => readTable(cdp, 'Head 0\'s weights, call by call: a row per new query, a column per key'),
                                 'head 0\'s weights call by call');
  const full = await readTable(cdp, 'Head 0\'s weights, a row per query, a column per key');
  assert.deepEqual(byCall.map((r) => r[0]), ['columnheader:call: query \\ key', 'rowheader:call 1: 0: Your', 'rowheader:call 1: 1: journey',
    'rowheader:call 1: 2: starts', 'rowheader:call 2: 3: with', 'rowheader:call 3: 4: one', 'rowheader:call 4: 5: step']);
  assert.deepEqual(byCall[4].slice(5), ['', ''], 'call 2 scores keys 0..3: keys 4 and 5 are not in the cache yet');
  for (let r = 1; r < 7; ++r) {
    const scored = r <= 3 ? 3 : r;
    assert.deepEqual(byCall[r].slice(1, 1 + scored), full[r].slice(1, 1 + scored), `row ${r - 1} is the full pass's`);
  }
  await page.context().close();
});

test('a11y numbers: while the lesson asks for the scores, the tables cover them; axe-core finds nothing', async () => {
  const page = await openSettled(browser, `${server.url}/index.html#step=3`,
                                 { viewport: { width: 1366, height: 768 }, bypassCSP: true });
  const after = (heading) => page.evaluate((h) => {
    const e = [...document.querySelectorAll('#numbers-reader h3')].find((x) => x.textContent.startsWith(h));
    return e ? `${e.nextElementSibling.tagName}: ${e.nextElementSibling.textContent}` : '(no such heading)';
  }, heading);
  // The query's table: no rows at all while step 3 asks how many scores there are (a row per
  // key, the query's among them, would count them), the reason in their place.
  await waitUntil(async () => /^P: Covered: /.test(await after('The query inputs[1]')),
                  'the query\'s scores covered while step 3 asks how many there are',
                  { describe: () => after('The query inputs[1]') });
  // Nor does the canvas's own hidden copy of the numbers list a row per score (a keyboard walk).
  await waitUntil(() => page.evaluate(() => /Scores \(inputs times the query\): hidden until you answer/.test(
    document.getElementById('summary').textContent)), 'the summary covering the scores');
  assert.equal(await page.locator('#mirror-table tbody tr').count(), 0, 'no row per score in the hidden copy');
  assert.match(await after('Score matrix'), /^P: Covered: /, 'the score matrix: no table, no shape, the reason');
  assert.match(await after('The context vector'), /^P: Covered: /);
  await page.locator('#numbers-reader-query').focus();
  const axe = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.addScriptTag({ content: axe });
  // Best practice too: a table header with no text (the context vector's corner) was one.
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }));
  assert.deepEqual(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
  // The rules that look at what this panel holds ran and passed (not merely inapplicable).
  for (const rule of ['color-contrast', 'label', 'select-name', 'th-has-data-cells', 'td-headers-attr'])
    assert.ok(result.passes.some((r) => r.id === rule), `axe-core checked and passed ${rule}`);
  await page.context().close();
});

test('a11y numbers: on a phone the panel reflows, a wide table scrolls in its own box and is reached by Tab', async () => {
  const page = await openSettled(browser, `${server.url}/index.html`,
                                 { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await page.locator('#numbers-reader-query').focus();
  await waitUntil(() => page.evaluate(() => document.getElementById('numbers-reader').getBoundingClientRect().height > 100),
                  'the panel open');
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth,
    panel: document.getElementById('numbers-reader').scrollWidth, panelBox: document.getElementById('numbers-reader').clientWidth }));
  assert.ok(widths.page <= widths.view, `the page never scrolls sideways: ${JSON.stringify(widths)}`);
  assert.ok(widths.panel <= widths.panelBox + 1, `nor does the panel: ${JSON.stringify(widths)}`);
  // The 6 x 6 score matrix is wider than a phone: its box scrolls, and Tab stops on it.
  const box = page.locator('#numbers-reader .table-scroll[aria-labelledby]').filter({ has: page.locator('th', { hasText: 'query \\ key' }) }).first();
  assert.equal(await box.getAttribute('tabindex'), '0', 'a table wider than the panel is a Tab stop');
  assert.equal(await box.getAttribute('role'), 'region', 'a region named by its heading');
  const fits = page.locator('#numbers-reader .table-scroll').first();
  assert.equal(await fits.getAttribute('tabindex'), null, 'a table that fits is not');
  // ... nor a landmark: its heading and the table's own name say it (not three times over).
  assert.equal(await fits.getAttribute('role'), null, 'a table that fits is no region');
  assert.equal(await fits.locator('table').getAttribute('aria-labelledby'), await fits.getAttribute('data-label'),
               'the table is named by its heading');
  await box.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await waitUntil(() => box.evaluate((e) => e.scrollLeft > 0), 'the arrow keys scroll the table');
  await saveArtifact('a11y-numbers-390.png', await page.screenshot());
  await page.context().close();
});

// The lesson after the chapter asks for two things the drawing has beside the class: the masks'
// padded batch (pad tokens) and the cache's memory calculator. With the keyboard only, both here
// too, with the numbers the drawing gives; a refused number is said and not used. Their settings
// come with the class: the first view does not fetch them.
test('a11y numbers: keyboard only, the pad tokens and the KV-memory calculator, as the drawing has them', async () => {
  const scripts = (page) => page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name.split('/').pop()));
  const first = await openSettled(browser, `${server.url}/index.html`, { viewport: { width: 1366, height: 768 } });
  assert.ok(!(await scripts(first)).includes('attention-numbers-reader-classes.js'), 'no class, no class settings fetched');
  await first.context().close();

  const { page, cdp, tabTo } = await keyboardSession(`${server.url}/index.html#module=multi-head-attention`);
  const said = () => page.evaluate(() => document.getElementById('numbers-reader-body').innerText);
  const status = () => page.evaluate(() => document.getElementById('announcer').textContent);
  // demo: the number changes the demo's state (the calculator's are the text version's own, and
  // the test waits for what it says instead).
  const typeInto = async (label, text, what, demo = true) => {
    await tabTo('textbox', label, 80);
    await page.keyboard.press('Control+A');
    await page.keyboard.type(text);
    if (demo) await settleAfter(page, () => page.keyboard.press('Enter'), what);
    else await page.keyboard.press('Enter');
  };
  await page.keyboard.press('Tab');
  await typeInto('Pad tokens', '2', 'two pad tokens');
  assert.equal((await page.evaluate(() => window.attention.getState())).module.pads, 2);
  assert.deepEqual(await waitUntil(() => readTable(cdp, 'key_padding_mask (True = ignored)'), 'the padding mask'),
                   [['columnheader:sentence \\ key', ...[0, 1, 2, 3, 4, 5].map((i) => `columnheader:${i}`)],
                    ['rowheader:sentence 1', 'False', 'False', 'False', 'False', 'False', 'False'],
                    ['rowheader:sentence 2', 'True', 'True', 'False', 'False', 'False', 'False']]);
  const padded = await readTable(cdp, 'Sentence 2, head 0\'s weights: masked_fill(causal_mask | key_padding_mask, -inf), a key hidden by either mask');
  assert.ok(padded, 'sentence 2\'s weights');
  assert.deepEqual(padded[1].slice(0, 2), ['rowheader:0: [pad]', 'nan'], 'a pad\'s own query sees no key');
  assert.deepEqual(padded[3].slice(0, 4), ['rowheader:2: Your', '0.0000', '0.0000', '1.0000'], '"Your" sees only itself');
  assert.match(await said(), /the book's softmax of all -inf gives NaN \(0 \/ 0\), while scaled_dot_product_attention returns zeros/);
  // Six tokens: at most five pads. Said, and the two kept.
  await typeInto('Pad tokens', '6', 'six pad tokens');
  await waitUntil(async () => (/pads is 6 but must be from 0 to 5/.test(await status()) ? true : null), 'the refusal said');
  assert.equal((await page.evaluate(() => window.attention.getState())).module.pads, 2, 'the last good number kept');

  // GroupedQueryAttention, the next class in the menu: its calculator, the repository's example.
  await tabTo('combobox', 'The book\'s class', 80, true);
  await settleAfter(page, () => page.keyboard.press('ArrowDown'), 'GroupedQueryAttention');
  await waitUntil(async () => (/With 8 kv heads: 4\.29 GB; multi-head \(32 kv heads\) would keep 17\.18 GB, 4\.00× as much\./.test(await said()) ? true : null),
                  'the repository\'s example, as memory_estimator_gqa.py prints it');
  await typeInto('kv heads (of 32)', '4', 'four kv heads', false);
  await waitUntil(async () => (/With 4 kv heads: 2\.15 GB; multi-head \(32 kv heads\) would keep 17\.18 GB, 8\.00× as much\./.test(await said()) ? true : null),
                  'four kv heads keep half as much');
  await typeInto('kv heads (of 32)', '5', 'five kv heads', false);
  await waitUntil(async () => (/kv heads is 5 but must divide the 32 heads: 1, 2, 4, 8, 16, 32/.test(await status()) ? true : null),
                  'the refusal on the status line');
  await waitUntil(async () => (/kv heads is 5 but must divide the 32 heads/.test(await said()) ? true : null), 'and under the fields');
  assert.match(await said(), /With 4 kv heads: 2\.15 GB/, 'the last good model kept');
  const field = await tabTo('textbox', 'kv heads (of 32)', 4, true);
  assert.ok(field.properties.some((p) => p.name === 'invalid' && p.value.value !== 'false'), 'the field says it is invalid');
  await typeInto('Context length in tokens', '65536', 'twice the context', false);
  await waitUntil(async () => (/With 4 kv heads: 4\.29 GB/.test(await said()) ? true : null), 'twice the context, twice the cache');
  assert.doesNotMatch(await said(), /kv heads is 5/, 'a number taken: the refusal goes');
  // The book's GPT-2 small from the model menu: fp32, 12 heads, its 1,024 tokens.
  await tabTo('combobox', 'Model', 10, true);
  await page.keyboard.press('End');
  await waitUntil(async () => (/768 wide, 12 heads, 12 layers\./.test(await said()) && /With 12 kv heads: 0\.08 GB\./.test(await said()) ? true : null),
                  'GPT-2 small\'s cache');
  await saveArtifact('a11y-numbers-memory.png', await page.screenshot());
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// The class's settings come with their own script: refused by the server, said, with a button
// that fetches it again.
test('a11y numbers: the class settings\' script refused is said, and Try again fetches it', async () => {
  const { page, cdp, tabTo } = await keyboardSession(`${server.url}/index.html`);
  let refuse = true;
  await page.route('**/attention-numbers-reader-classes.js',
                   (route) => (refuse ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  await page.keyboard.press('Tab');
  await tabTo('combobox', 'The book\'s class', 80);
  for (let k = 0; k < 3; ++k) await settleAfter(page, () => page.keyboard.press('ArrowDown'), 'the next class');  // CausalAttention
  await waitUntil(async () => (await axTree(cdp)).nodes.find((n) => n.name?.value === 'The class\'s settings could not be fetched.'),
                  'the refusal said');
  refuse = false;
  await tabTo('button', 'Try again', 3);
  await page.keyboard.press('Enter');
  await waitUntil(async () => (await axTree(cdp)).nodes.find((n) => n.role?.value === 'textbox' && n.name?.value === 'Dropout probability'),
                  'the class\'s settings, fetched this time');
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource.*503/.test(p)), []);
  await page.context().close();
});

test('a11y numbers: keyboard only, the book\'s classes whose code could not be fetched say so, and a new choice fetches it', async () => {
  // The classes' code comes when first used (core/view/deferred_code.h). Refused once, the text
  // version's table says why instead of showing nothing; the next class chosen fetches it again.
  const { page, cdp, tabTo } = await keyboardSession(`${server.url}/index.html`);
  let refuse = true;
  await page.route('**/attention-explainer.deferred.wasm',
                   (route) => (refuse ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  await page.keyboard.press('Tab');
  await tabTo('combobox', 'The book\'s class', 80);
  // A native select: the arrow key picks the next class, as a screen-reader user would.
  await settleAfter(page, () => page.keyboard.press('ArrowDown'), 'ArrowDown on the class menu');
  const said = () => page.evaluate(() => document.getElementById('numbers-reader-body').textContent);
  const reason = await waitUntil(async () => (/could not be fetched/.test(await said()) ? said() : null),
                                 'the text version to say the classes\' code could not be fetched');
  assert.match(reason, /HTTP 503/);
  const { nodes } = await axTree(cdp);
  assert.ok(nodes.some((n) => /could not be fetched/.test(n.name?.value || '')), 'a screen reader hears why');
  refuse = false;
  await settleAfter(page, () => page.keyboard.press('ArrowDown'), 'ArrowDown again: another class');
  const table = await waitUntil(async () => (await page.evaluate(() => window.attention.results({ matrices: false }).module)) || null,
                                'the classes to run once their code is in');
  assert.ok(table.name, 'the class ran');
  await waitUntil(async () => (!/could not be fetched/.test(await said()) ? true : null), 'the reason to go');
  assert.deepEqual(page.problems.filter((p) => !/Failed to load resource.*503/.test(p)), []);
  await page.context().close();
});

// In Chinese a refusal reads as the field's line says it, on the status line too ("That did not
// work:" in English was said there): 未改变：and the reason; a reason the demo has no Chinese
// words for is marked lang="en", so a screen reader switches voice. The line sits under the field.
test('a11y numbers: in Chinese a refused value is said in Chinese, its English reason marked as English, under its field', async () => {
  const { page, tabTo } = await keyboardSession(`${server.url}/index.html?lang=zh-CN`);
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN', null, { timeout: budget() });
  await page.locator('#numbers-reader-query').focus();
  await tabTo('textbox', '将分数乘以', 20);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  const line = await waitUntil(async () => (await page.locator('#numbers-reader-error').textContent()) || null, 'the refusal');
  assert.match(line, /^未改变：/);
  const english = await page.evaluate(() => document.querySelector('#numbers-reader-error [lang="en"]')?.textContent || '');
  assert.match(english, /lab_scale/, 'the untranslated reason is marked as English');
  assert.ok(!/That did not work/.test(await page.evaluate(() => document.querySelector('[role=status]')?.textContent || '')));
  const said = await page.evaluate(() => [...document.querySelectorAll('[role=status]')].map((s) => s.textContent).join(' | '));
  assert.match(said, /未改变：/, `the status line says it as the field does: ${said}`);
  // Right after the field's own setting.
  assert.equal(await page.evaluate(() => document.getElementById('numbers-reader-error').previousElementSibling
    .contains(document.activeElement)), true, 'the line follows the field');
  assert.equal((await page.evaluate(() => window.attention.getState())).lab_scale, 1, 'the last good value is kept');
  assert.equal(await page.getAttribute('#numbers-reader-lab-scale', 'aria-invalid'), 'true', 'the field says it was refused');
  // The learner moves on and a change is taken elsewhere (the drawing's query): the demo no longer
  // holds the refusal (the drawing's "Not changed:" goes), so the line goes too, and the field shows
  // the value in force, unmarked; it never quotes text the field no longer shows.
  await page.keyboard.press('Tab');
  await settleAfter(page, () => page.evaluate(() => window.attention.applyLink('#query=2')), 'query 2');
  await waitUntil(() => page.evaluate(() => document.querySelector('#numbers-reader-query')?.value === '2'), 'the panel redrawn');
  await waitUntil(() => page.evaluate(() => document.getElementById('numbers-reader-error').hidden), 'the refusal\'s line to go');
  assert.equal(await page.inputValue('#numbers-reader-lab-scale'), '1', 'the field shows the value in force');
  assert.equal(await page.getAttribute('#numbers-reader-lab-scale', 'aria-invalid'), null, 'unmarked');
  assert.equal((await page.evaluate(() => window.attention.numbersView())).refusal, '', 'as the demo holds no refusal');
  await page.context().close();
});

// An accessibility review's find: a second field refused while the first still held its refused
// text left the first marked invalid and described by the second one's reason. One line, one
// refused field: the first shows the value in force again, unmarked.
test('a11y numbers: keyboard only, a second refused field takes the refusal; the first shows the value in force, unmarked', async () => {
  const { page, cdp, tabTo } = await keyboardSession(`${server.url}/index.html`);
  await page.locator('#numbers-reader-query').focus();
  await tabTo('textbox', 'Multiply the scores by', 20);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('1e9');
  await page.keyboard.press('Enter');
  await waitUntil(async () => /lab_scale/.test(await page.locator('#numbers-reader-error').textContent()) || null, 'the first refusal');
  assert.equal(await page.getAttribute('#numbers-reader-lab-scale', 'aria-invalid'), 'true');
  await tabTo('textbox', 'Value of inputs', 12);
  await page.keyboard.press('Control+A');
  await page.keyboard.type('x');
  await page.keyboard.press('Enter');
  await waitUntil(async () => /inputs\[0\]\[0\]/.test(await page.locator('#numbers-reader-error').textContent()) || null, 'the second refusal');
  const scale = (await axTree(cdp)).nodes.find((n) => n.role?.value === 'textbox' && n.name?.value.startsWith('Multiply the scores by'));
  const property = (name) => scale.properties?.find((p) => p.name === name)?.value.value;
  assert.equal(await page.inputValue('#numbers-reader-lab-scale'), '1', 'the first field shows the value in force');
  assert.ok(!property('invalid') || property('invalid') === 'false', `unmarked: ${JSON.stringify(scale.properties)}`);
  assert.ok(!/inputs\[0\]\[0\]/.test(scale.description?.value || ''), `not described by the other field's reason: ${scale.description?.value}`);
  const value = (await focused(cdp));
  assert.match(value.name.value, /^Value of inputs/);
  assert.ok(value.properties.some((p) => p.name === 'invalid' && p.value.value === 'true'), 'the field refused now is marked');
  assert.match(value.description?.value || '', /^Not changed: inputs\[0\]\[0\] is not a number/);
  assert.equal((await page.evaluate(() => window.attention.getState())).lab_scale, 1, 'the last good value is kept');
  await page.context().close();
});

// Step 4 asks a learner to drag an arrow head; in the text version an embedding value is changed
// with three native controls (token, dimension, value), by keyboard alone.
test('a11y numbers: keyboard only, an embedding value changed by token, dimension and value', async () => {
  const { page, cdp, tabTo } = await keyboardSession(`${server.url}/index.html`);
  await page.locator('#numbers-reader-query').focus();
  await tabTo('combobox', 'Token', 30);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');  // token 2, "starts"
  await waitUntil(() => page.evaluate(() => document.activeElement.id === 'numbers-reader-edit-token' &&
                                             document.activeElement.value === '2'), 'token 2 chosen, the focus kept');
  await tabTo('combobox', 'Dimension', 2);
  await page.keyboard.press('ArrowDown');  // x[1]
  await tabTo('textbox', 'Value of inputs[2][1]', 2);
  assert.equal(await page.locator('#numbers-reader-edit-value').inputValue(), '0.85', 'the value of inputs[2][1] as the book has it');
  await page.keyboard.press('Control+A');
  await page.keyboard.type('-0.5');
  await page.keyboard.press('Enter');
  await waitUntil(async () => (await page.evaluate(() => window.attention.getState())).inputs[2][1] === -0.5, 'inputs[2][1] = -0.5');
  const state = await page.evaluate(() => window.attention.getState());
  assert.equal(state.example, '', 'the data is the learner\'s own now');
  assert.equal(state.inputs[2][0], 0.57, 'the rest as it was');
  const inputs = await waitUntil(() => readTable(cdp, 'Inputs: 6 token embeddings (6 x 3)'), 'the inputs\' table');
  assert.equal(inputs[3][2], '-0.50', 'the table follows');
  // A word is refused by name and the value stays.
  await page.keyboard.press('Control+A');
  await page.keyboard.type('half');
  await page.keyboard.press('Enter');
  await waitUntil(async () => /^Not changed: .*inputs\[2\]\[1\]/.test(await page.locator('#numbers-reader-error').textContent()) || null,
                  'the refusal names the value');
  assert.equal((await page.evaluate(() => window.attention.getState())).inputs[2][1], -0.5);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

// A link with a mistake is refused under the canvas's title; a learner who does not see the
// canvas hears it on the status line and finds it under the settings, in the page's language.
test('a11y numbers: a link refused as the page opens is said on the status line and under the settings', async () => {
  for (const [query, said] of [['', /^Not changed: query is "abc" in the link, not a whole number/],
                               ['?lang=zh-CN', /^未改变：链接中的查询 query 为 "abc"，不是整数/]]) {
    const page = await openSettled(browser, `${server.url}/index.html${query}#query=abc`, { viewport: { width: 1366, height: 768 } });
    const line = await waitUntil(async () => {
      const text = await page.locator('#numbers-reader-error').textContent();
      return said.test(text) ? text : null;
    }, `the refusal under the settings (${query || 'en'})`);
    assert.match(line, /\(the rest of the link was applied\)$|（链接的其余部分已应用）$/);
    const status = await page.evaluate(() => [...document.querySelectorAll('[role=status]')].map((s) => s.textContent).join(' | '));
    assert.match(status, said, `the status line says it: ${status}`);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

// The PyTorch code is drawn in its panel: a screen reader could only Copy it. The numbers' text
// version has it as text, covered as the panel covers it while a question is open.
test('a11y numbers: keyboard only, the PyTorch code as text, its printed outputs covered while a question asks for them', async () => {
  const { page, cdp, tabTo } = await keyboardSession(`${server.url}/index.html#step=3`);
  await page.locator('#canvas').focus();
  await tabTo('DisclosureTriangle', 'PyTorch code: runs as it is');
  await page.keyboard.press('Enter');
  await tabTo('region', 'PyTorch code');
  const code = () => page.evaluate(() => document.querySelector('#numbers-reader pre[data-focus="code-text"]')?.textContent || '');
  await waitUntil(async () => (await code()).includes('import torch'), 'the code to arrive', { describe: code });
  const covered = await code();
  assert.match(covered, /query = inputs\[1\]/);
  assert.match(covered, /print\(res\)\n# \(hidden until you answer/, 'the outputs say why they are covered');
  assert.ok(!/^# tensor/m.test(covered), 'nothing printed while step 3 asks about the scores');
  // Out of the lesson (through the page's API: the lesson's own keyboard walk is a11y_lesson's),
  // nothing is covered: the outputs come with the next redraw.
  await page.evaluate(() => window.attention.lessonIntent('leave'));
  await waitUntil(async () => /print\(res\)\n# tensor\(2\.\)/.test(await code()), 'the outputs once out of the lesson', { describe: code });
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
