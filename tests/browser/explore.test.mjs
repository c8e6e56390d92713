// The Vector board a screen reader explores (issue 44, item 2; the page
// kit's explore): the board takes the focus; the arrow keys move a
// cursor from square to square and each square is said with what it does
// and whether the Vector stands there; S says the board; after a round its
// summary (where the Vector went, who scored) is shown above the cards
// played and said once where the board speaks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve, browser, artefacts, axeViolations } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());

const said = (page) => page.textContent('#explore-said').then((t) => t.replace(/\u00a0$/, ''));

test('vector: the board is explored square by square by keyboard, and each round is summed up in words', async () => {
  const ctx = await browser({ width: 1280, height: 900 });
  const page = ctx.pages()[0];
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(site.home + 'vector.html');
  await page.waitForSelector('body[data-state="ready"]');
  if (!(await page.$('#start'))) await page.click('header [data-cmd="new"]');
  for (let i = 0; i < 4; i++) await page.selectOption(`#seat-${i}`, i === 0 ? 'human' : 'random');
  await page.fill('#name-0', 'Ann');
  await page.fill('#rounds', '3');
  await page.fill('#seed', '5');
  await page.click('#start');
  await page.waitForSelector('#decision .compass');
  // The board is reached by Tab and says how to explore it.
  assert.equal(await page.getAttribute('#board', 'tabindex'), '0');
  assert.match(await page.getAttribute('#board', 'aria-label'), /arrow keys go from square to square; S says the board/);
  await page.focus('#board');
  // The first arrow puts the cursor where the Vector stands.
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => document.querySelector('#explore-said')?.textContent.length > 0);
  assert.match(await said(page), /^Row 10, column 10: .*The Vector stands here\.$/);
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => /^Row 9, column 10: /.test(document.querySelector('#explore-said').textContent));
  assert.equal(await page.getAttribute('#board', 'data-cursor'), String(9 * 21 + 10));
  await page.keyboard.press('Home');
  await page.waitForFunction(() => /^Row 9, column 0: /.test(document.querySelector('#explore-said').textContent));
  // Every square says what it does in the legend's words.
  assert.doesNotMatch(await said(page), /undefined|\{|\}/);
  // S: the board in a few sentences.
  await page.keyboard.press('s');
  await page.waitForFunction(() => /The Vector stands on row 10, column 10\./.test(document.querySelector('#explore-said').textContent));
  assert.match(await said(page), /Scores: Ann \(North\) 0, East 0, South 0, West 0\. Teams: North and South 0, East and West 0\./);
  // The arrows did not choose a direction; the digits still do.
  assert.ok(await page.$('#decision .compass'));
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board');
  // Play the first round with the mouse; its summary is shown and said.
  for (let step = 0; step < 20 && !(await page.$('#round-summary')); step++) {
    await page.waitForSelector('#decision .compass, #decision .magnitudes, #round-summary');
    if (await page.$('#decision .compass')) {
      const dir = await page.$eval('#decision .compass button:not([disabled])', (b) => b.dataset.dir);
      await page.click(`#decision .compass button[data-dir="${dir}"]`);
    } else if (await page.$('#decision .magnitudes')) {
      await page.click('#decision .magnitudes button[data-mag="2"]');
    }
  }
  const summary = await page.textContent('#round-summary');
  assert.match(summary, /^Last round the Vector went from row 10, column 10 to row \d+, column \d+\./);
  assert.match(summary, /(scored \d+ points?|lost \d+ points?|Nobody scored)\./);
  // Said once where the board speaks, apart from the round's lines.
  await page.waitForFunction((s) => document.querySelector('#explore-said').textContent.startsWith(s), summary.slice(0, 60));
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: join(artefacts, 'vector-explore.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('vector: the board editor says each square its cursor reaches', async () => {
  const ctx = await browser({ width: 1280, height: 900 });
  const page = ctx.pages()[0];
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + 'vector.html#editor');
  await page.waitForSelector('body[data-screen="editor"]');
  assert.equal(await page.getAttribute('#board', 'role'), 'application');
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^Row \d+, column \d+: /.test(document.querySelector('#explore-said')?.textContent ?? ''));
  const first = await said(page);
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction((f) => document.querySelector('#explore-said').textContent.replace(/\u00a0$/, '') !== f, first);
  const [, r1] = first.match(/^Row (\d+),/);
  const [, r2] = (await said(page)).match(/^Row (\d+),/);
  assert.equal(Number(r2), Number(r1) + 1, 'one row down');
  assert.deepEqual(errors, []);
  await ctx.close();
});
