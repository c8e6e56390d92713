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
  // A rectangle by keys (the kit's sketch, as in Star Tigris's editor):
  // Space at one corner, the arrows, Space at the other; Escape drops
  // one half drawn; Ctrl+Z takes the whole rectangle back.
  const square = async () => (await said(page)).replace(/^Row \d+, column \d+: /, '');
  const press = async (key) => {
    const before = await said(page);
    await page.keyboard.press(key);
    await page.waitForFunction((b) => document.querySelector('#explore-said').textContent.replace(/\u00a0$/, '') !== b, before);
  };
  await page.click('[data-cmd="edit:tool-rect"]');
  await page.focus('#board');
  await press('ArrowRight');
  const blank = await square();
  await page.keyboard.press('Space');
  await press('ArrowRight');
  await press('ArrowRight');
  await page.keyboard.press('Space');
  await press('ArrowLeft');
  const painted = await square();
  assert.notEqual(painted, blank, 'the middle of the rectangle is painted');
  await page.keyboard.press('Space');
  await press('ArrowDown');
  assert.equal(await square(), painted, 'a rectangle half drawn follows the cursor');
  await page.keyboard.press('Escape');
  await press('ArrowUp');
  await press('ArrowDown');
  assert.equal(await square(), blank, 'Escape dropped the rectangle half drawn');
  await page.keyboard.press('Control+z');
  await press('ArrowUp');
  assert.equal(await square(), blank, 'undo took the rectangle back');
  assert.deepEqual(errors, []);
  await ctx.close();
});

// Catan's game board (issue 44, item 1): explored through the same kit
// module. The arrows go from hex to corner to side, each said in the
// lessons' place words with what stands there and what Enter would do;
// N goes to the next place to act; Enter does it; S says the board; and
// the board is in the accessibility tree as lists a screen reader walks.
const catanSaid = (page) => page.textContent('#explore-said').then((t) => t.replace(/\u00a0$/, ''));

async function catanPress(page, key) {
  const before = await page.evaluate(() => document.querySelector('#explore-said')?.textContent ?? '');
  await page.keyboard.press(key);
  await page.waitForFunction((b) => (document.querySelector('#explore-said')?.textContent ?? '') !== b, before);
  return catanSaid(page);
}

/** Every name Chromium's accessibility tree gives the page's text. */
async function axTexts(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.filter((n) => !n.ignored).map((n) => ({ role: n.role?.value, name: n.name?.value ?? '' }));
}

test('catan: the game board is explored place by place by keyboard, Enter acts, and a screen reader finds every hex and piece', async () => {
  const ctx = await browser({ width: 1280, height: 900 });
  const page = ctx.pages()[0];
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(site.home + 'catan.html');
  await page.waitForSelector('body[data-state="ready"]');
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  const who = ['human', 'search:easy', 'search:easy', 'none'];
  for (let i = 0; i < 4; i++) await page.selectOption(`#ng-who-${i}`, who[i]);
  for (const [i, n] of ['Ann', 'Bo', 'Cy'].entries()) await page.fill(`#ng-name-${i}`, n);
  await page.fill('#ng-seed', '2');
  await page.click('#ng-start');
  await page.waitForSelector('body[data-mode="game"]');
  await page.click('#ai-pace [data-cmd="game-pace:0"]');
  // The game's board has the game's words, never the editor's.
  assert.equal(await page.getAttribute('#board', 'role'), 'application');
  assert.equal(await page.getAttribute('#board', 'tabindex'), '0');
  assert.match(await page.getAttribute('#board', 'aria-label'), /arrow keys go from place to place \(hexes, corners and sides\).*S says the board/);
  assert.equal(await page.getAttribute('#board-area', 'aria-label'), "The game's board");
  await page.focus('#board');
  await page.waitForTimeout(100);
  assert.doesNotMatch((await page.textContent('#explore-said').catch(() => '')) ?? '', /paint|water/);
  assert.doesNotMatch(await page.textContent('#board-say'), /paint/);
  // The first arrow: the first place where Ann can act (a free corner).
  let said = await catanPress(page, 'ArrowRight');
  assert.match(said, /^The (corner between .+|[a-z-]+ corner of .+): nothing built\. Enter: Build a settlement at the /, said);
  assert.match(await page.getAttribute('#board', 'data-cursor'), /^c\d+$/);
  // Walk the board: hexes, corners and sides, each in board words.
  const kinds = new Set();
  const walked = [said];
  // Along a row (corners, sides and hexes lie on the board's rows), then
  // down a row.
  const cycle = ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown'];
  for (let i = 0; i < 32 && kinds.size < 3; i++) {
    const key = cycle[i % cycle.length];
    said = await catanPress(page, key);
    walked.push(said);
    const cursor = await page.getAttribute('#board', 'data-cursor');
    kinds.add(cursor[0]);
    if (cursor[0] === 'h') assert.match(said, /^(Forest|Hills|Pasture|Fields|Mountains) \d+( in the [a-z-]+| in the middle)?[:.]|^Desert: no number/, said);
    if (cursor[0] === 's') assert.match(said, /^The (side between .+ and .+|[a-z-]+ coast of .+): /, said);
    if (cursor[0] === 'c') assert.match(said, /^The (corner between|[a-z-]+ corner of) /, said);
  }
  assert.deepEqual([...kinds].sort(), ['c', 'h', 's'], `the walk met hexes, corners and sides: ${walked.join(' | ')}`);
  for (const w of walked) assert.doesNotMatch(w, /\b\d+:(N|NE|E|SE|S|SW|W|NW)\b|paint|undefined|\{|\}/, w);
  // N: the next place to act; Enter builds there, as a click does.
  said = await catanPress(page, 'n');
  const m = said.match(/Enter: (Build a settlement at the .+)\.$/);
  assert.ok(m, said);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Place a road/.test(document.querySelector('#asked')?.textContent));
  assert.match(await page.textContent('#log'), new RegExp('Ann: ' + m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  // The cursor's place now holds Ann's settlement with her number.
  said = await catanPress(page, 'ArrowUp');
  said = await catanPress(page, 'ArrowDown');
  said = await catanPress(page, 'n');
  assert.match(said, /: no road\. Enter: Build a road (at|on) the /, said);
  await page.keyboard.press('Enter');
  // The AIs place theirs; then Ann's second settlement is asked.
  await page.waitForFunction(() => /starting building|settlement/i.test(document.querySelector('#asked')?.textContent ?? '') && !document.querySelector('.thinking'), null, { timeout: 60000 });
  said = await catanPress(page, 's');
  assert.match(said, /^The board: 19 hexes\. Ann \(1\): 1 settlement, 0 cities, 1 road, 0 knights\. Bo \(2\): 1 settlement, [01] cit(y|ies), [12] roads?, 0 knights\. Cy \(3\): /, said);
  assert.match(said, /The robber is on Desert\./, said);
  assert.match(said, /You can act at \d+ places \(N goes to the next\)\.$/, said);
  // The accessibility tree: every hex's land and number, every piece.
  const ax = await axTexts(page);
  const items = ax.filter((n) => n.role === 'listitem' || n.role === 'StaticText').map((n) => n.name);
  const hexes = [...new Set(items.filter((t) => /^(Forest|Hills|Pasture|Fields|Mountains) \d+|^Desert\b/.test(t)))]
    .filter((t) => /[.:]/.test(t));
  const lands = {};
  const numbers = [];
  for (const h of hexes) {
    const [, land, n] = h.match(/^(\w+)(?: (\d+))?/);
    lands[land] = (lands[land] ?? 0) + 1;
    if (n) numbers.push(+n);
  }
  assert.deepEqual(lands, { Desert: 1, Fields: 4, Forest: 4, Hills: 3, Mountains: 3, Pasture: 4 }, hexes.join(' | '));
  assert.deepEqual(numbers.sort((a, b) => a - b), [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12]);
  // Every piece built so far (the log's builds) is in the tree, by its
  // place and its owner's name and number.
  const log = await page.$$eval('#log li', (els) => els.map((e) => e.textContent));
  const builds = log.map((l) => l.match(/^(Ann|Bo|Cy): Build an? (settlement|city|road) (?:at|on) the (.+)$/)).filter(Boolean);
  assert.ok(builds.length >= 4, log.join(' | '));
  const seat = { Ann: 1, Bo: 2, Cy: 3 };
  for (const [, who, piece, place] of builds) {
    const line = `The ${place}: ${who}'s ${piece}, marked ${seat[who]}.`;
    assert.ok(items.includes(line), `${line} in the accessibility tree: ${items.filter((i) => i.includes(who)).join(' | ')}`);
  }
  assert.ok(items.includes('The board in words'));
  assert.ok(await page.$eval('#board-text', (e) => e.classList.contains('sr-only')), 'shown to a screen reader only');
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: join(artefacts, 'catan-explore.png') });
  // The editor's board is the editor's again.
  await page.click('#to-editor');
  await page.waitForSelector('body[data-mode="editor"]');
  assert.match(await page.getAttribute('#board', 'aria-label'), /uses the tool on its hex/);
  assert.equal(await page.$('#board-text'), null);
  assert.deepEqual(errors, []);
  await ctx.close();
});
