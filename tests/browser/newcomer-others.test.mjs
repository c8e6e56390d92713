// What a new player met in Vector, Domains and Star Tigris (issue 43,
// items 11 and 13), in headless Chromium:
// - the editors' problem marks show clearly, above the cursor's frame
//   (Vector's "!" badge, Star Tigris's warning sign);
// - Star Tigris: the AI's last orders are shown in full; a piece lost in a
//   conflict the person defended stays marked on the board (faded and
//   crossed out, said in the legend) until that person's next order; the
//   simultaneous variant says a seat's secret orders once, with their
//   count; one vocabulary in the rules and lessons, in both languages.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, open, newGame, ready, screen, targets, clickCell, pixel, artefacts, root } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());

const stUrl = () => site.home + 'star-tigris.html';

/** The canvas pixel (RGBA) at CSS point (x, y) of the canvas `sel`. */
async function canvasPixel(page, sel, x, y) {
  return page.$eval(sel, (el, [x, y]) => {
    const ratio = el.width / el.getBoundingClientRect().width;
    return Array.from(el.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio), 1, 1).data);
  }, [x, y]);
}

test('Vector editor: a problem\'s "!" is a badge drawn above the cursor\'s frame', async () => {
  const context = await browser();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + 'vector.html#editor');
  await page.waitForSelector('#editor');
  await page.selectOption('#ed-start', 'empty');
  await page.click('#ed-load');
  await page.waitForFunction(() => document.querySelector('#ed-check').textContent.includes('can be played'));
  // A points square on a corner square: a problem there, the cursor on it.
  await page.selectOption('#ed-kind', 'points');
  await page.waitForSelector('#ed-payee');
  const box = await page.locator('#board').boundingBox();
  const cell = box.width / 23;
  await page.mouse.click(box.x + 1.5 * cell, box.y + 1.5 * cell);
  await page.waitForSelector('#ed-problems li');
  assert.notEqual(await page.getAttribute('#board', 'data-flaws'), '0');
  await page.screenshot({ path: join(artefacts, 'newcomer-vector-editor-problem.png') });
  // The badge: the square's centre + (0.27, -0.27) squares, radius 0.3.
  const [bx, by] = [1.5 * cell + 0.27 * cell, 1.5 * cell - 0.27 * cell];
  // Inside the disc, beside the "!": the badge's dark red.
  for (const dx of [-0.16, 0.16]) {
    const p = await canvasPixel(page, '#board', bx + dx * cell, by);
    assert.ok(p[0] > 130 && p[1] < 40 && p[2] < 40, `the badge's dark red at ${dx}: ${p}`);
  }
  // The "!" itself: white.
  const mark = await canvasPixel(page, '#board', bx, by - 0.08 * cell);
  assert.ok(mark[0] > 200 && mark[1] > 200 && mark[2] > 200, `a white "!": ${mark}`);
  // Where the disc crosses the cursor's frame (just outside the square's
  // right edge), the badge is on top.
  const over = await canvasPixel(page, '#board', 2 * cell + 0.3, by);
  assert.ok(over[0] > 130 && over[1] < 40 && over[2] < 40, `the badge over the frame: ${over}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Star Tigris editor: a problem cell has a yellow warning sign above the cursor, on any cell', async () => {
  const context = await browser();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(stUrl() + '#editor');
  await page.waitForSelector('body[data-screen="editor"]');
  // Three artifacts, two touching: a warning at C2; the cursor there too.
  await page.keyboard.press('3');
  for (const c of ['B2', 'C2', 'K9']) await clickCell(page, c);
  await page.waitForSelector('#map-problems [data-rule="adjacent-artifacts"]');
  await page.screenshot({ path: join(artefacts, 'newcomer-star-tigris-editor-problem.png') });
  // The sign: base centre at (0.3, 0.5) of the cell, 0.42 cells high
  // (at least 12 px), half as wide as 0.6 of its height each side.
  const size = +(await page.getAttribute('#board', 'data-cell'));
  const h = Math.max(size * 0.42, 12) / size;
  const yellow = (p) => p[0] > 220 && p[1] > 180 && p[2] < 90;
  // Left of the "!", low in the triangle: the sign's yellow.
  const p = await pixel(page, 'C2', 0.3 - 0.3 * h, 0.5 - 0.15 * h);
  assert.ok(yellow(p), `the sign's yellow: ${p}`);
  // Its "!" is black.
  const ink = await pixel(page, 'C2', 0.3, 0.5 - 0.3 * h);
  assert.ok(ink[0] + ink[1] + ink[2] < 200, `a black "!": ${ink}`);
  // Over the cursor's frame (the cell's left edge, 1.5 px in).
  const frame = await pixel(page, 'C2', 1.5 / size, 0.5 - 0.1 * h);
  assert.ok(!(frame[0] < 40 && frame[1] > 60 && frame[2] > 180), `the sign hides the cursor's blue there: ${frame}`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Start Star Tigris against the AI (Ada against Robo). */
async function startVsAi(page, { seed = 4, map = 'small', turns = null } = {}) {
  await page.click('[data-cmd="seats:2"]');
  await page.fill('#name0', 'Ada');
  await page.fill('#name1', 'Robo');
  await page.selectOption('#kind1', 'search:easy');
  await page.selectOption('#map', map);
  await page.fill('#seed', String(seed));
  if (turns) await page.selectOption('#turns', turns);
  await page.click('#start');
}

async function myTurn(page, timeout = 60000) {
  await page.waitForFunction(() => document.body.dataset.screen === 'over' || !!document.querySelector('#decision:not(.waiting)'), null, { timeout });
}

/** One step for the person: a decision, else a random piece, else a pass. */
async function personStep(page, rand) {
  const buttons = await page.$$eval('#decision [data-cmd]', (bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.cmd));
  const decision = buttons.find((c) => /^(commit|resolve|take):/.test(c));
  if (decision) return page.click(`#decision [data-cmd="${decision}"]`);
  await page.keyboard.press(String(1 + Math.floor(rand() * 6)));
  const t = await targets(page);
  if (t.length) return clickCell(page, t[Math.floor(rand() * t.length)]);
  return page.click('#decision [data-cmd="pass"]');
}

function rand0(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

test('Star Tigris: the AI\'s last orders are shown in full, never cut or hidden in a scroll box', async () => {
  const context = await browser();
  const { page, errors } = await open(context, stUrl());
  await startVsAi(page, { seed: 4 });
  const rand = rand0(7);
  const seen = [];
  for (let step = 0; step < 40 && seen.length < 6; step++) {
    await myTurn(page);
    if ((await screen(page)) === 'over') break;
    const said = await page.textContent('#last-turn');
    if (/last orders/.test(said) && !seen.includes(said)) {
      seen.push(said);
      assert.doesNotMatch(said, /…$/, `not cut: ${said}`);
      const box = await page.$eval('#last-turn', (e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
      assert.ok(box.scroll <= box.client + 1, `nothing hidden below the fold of the box (${box.scroll} > ${box.client}): ${said}`);
      // Every log line of Robo's turn is in it.
      if (seen.length === 1) await page.screenshot({ path: join(artefacts, 'newcomer-star-tigris-last-orders.png') });
    }
    await personStep(page, rand);
  }
  assert.ok(seen.length >= 3, `several AI turns seen (${seen.length})`);
  assert.ok(seen.some((s) => s.length > 240), `a long one among them: ${seen.map((s) => s.length).join(', ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Star Tigris: after a conflict, the piece lost stays marked for the person who defended until their next order', async () => {
  const context = await browser();
  const { page, errors } = await open(context, stUrl());
  // As in play.test.mjs: a seed where both hold a scientist.
  let seed = 1;
  for (;; seed++) {
    await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed });
    await ready(page);
    const p1 = await page.textContent('#decision');
    await page.keyboard.press('7');
    await clickCell(page, 'B1');
    await page.click('[data-cmd="pass"]');
    await ready(page);
    const p2 = await page.textContent('#decision');
    if (p1.includes('Scientist') && p2.includes('Scientist')) break;
    assert.ok(seed < 30, 'a seed with scientists in both hands');
  }
  // Bo attacks with a settler leader at A2; Ada defends and wins the tie.
  await page.keyboard.press('7');
  await clickCell(page, 'A2');
  await page.click('#decision [data-cmd="commit:1"]');
  await ready(page);
  await page.click('#decision [data-cmd="commit:1"]');
  assert.match(await page.textContent('#log'), /Bo's settler leader goes home/);
  // Bo's second order, anywhere but A2; then Ada's turn.
  await ready(page);
  await page.click('#decision [data-cmd="pass"]');
  await ready(page);
  assert.match(await page.textContent('#decision'), /settler leader \(on B1\)/, 'Ada\'s turn');
  const lost = await page.getAttribute('#board', 'data-lost');
  assert.equal(lost, 'A2', 'Bo\'s leader lost at A2 is marked for Ada');
  // The mark: a dark red cross through the cell's centre, on a faded piece.
  const centre = await pixel(page, 'A2', 0.5, 0.5);
  assert.deepEqual(centre.slice(0, 3), [122, 0, 0], `the cross at A2's centre: ${centre}`);
  const legend = await page.$$eval('#legend li', (ls) => ls.map((l) => l.textContent));
  assert.ok(legend.some((l) => /faded piece crossed out: lost since your last order/.test(l)), legend.join(' | '));
  // The cell says so too (the keyboard's cursor on A2).
  const box = await page.locator('#board').boundingBox();
  const c = await page.$eval('#board', (el) => ({ cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy }));
  await page.mouse.move(box.x + c.ox + 0.5 * c.cell, box.y + c.oy + 1.5 * c.cell);
  assert.equal(await page.textContent('#cell-info'), 'A2: open cell. Lost since your last order: Bo\'s settler leader.');
  await page.screenshot({ path: join(artefacts, 'newcomer-star-tigris-lost.png') });
  // Ada's next order: the mark is old news.
  await page.click('#decision [data-cmd="pass"]');
  assert.equal(await page.getAttribute('#board', 'data-lost'), '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Star Tigris, all at once: the AI\'s secret orders are said once, with their count', async () => {
  const context = await browser();
  const { page, errors } = await open(context, stUrl());
  await startVsAi(page, { seed: 5, turns: 'simultaneous' });
  const rand = rand0(3);
  let said = '';
  for (let step = 0; step < 30 && !said; step++) {
    await page.waitForFunction(() => document.body.dataset.screen === 'over' || !!document.querySelector('#decision [data-cmd], #resolution'), null, { timeout: 60000 });
    if (await page.$('#resolution')) {
      await page.click('#resolution-next');
      continue;
    }
    const text = await page.textContent('#last-turn');
    if (/gives? \d+ orders?|gives an order/.test(text)) said = text;
    else await personStep(page, rand);
  }
  assert.ok(said, 'the AI sealed its orders before the person');
  assert.equal((said.match(/secret until everyone has sealed/g) ?? []).length, 1, said);
  assert.match(said, /Robo gives 2 orders \(secret until everyone has sealed\)\./);
  await page.screenshot({ path: join(artefacts, 'newcomer-star-tigris-secret-orders.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

/** Every text of a lesson file in one language: `en` the file's own
 * fields, `de` its translation. */
function lessonTexts(file, lang) {
  const lesson = JSON.parse(readFileSync(join(root, 'lessons', 'star-tigris', file), 'utf8'));
  const out = [];
  const walk = (v, key) => {
    if (typeof v === 'string') { if (['title', 'summary', 'say', 'hint', 'wrong'].includes(key)) out.push(v); return; }
    if (Array.isArray(v)) { for (const x of v) walk(x, key); return; }
    if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (k !== 'translations') walk(x, k);
  };
  walk(lang === 'en' ? lesson : lesson.translations?.de ?? {}, '');
  return out;
}

const BANNED = {
  en: /\b((?<!solar )systems?|government|open space)\b/i,
  de: /\b(Region|Regionen|Roboterkolonien?|Regierung\S*)\b/,
};

test('Star Tigris: one vocabulary in the lessons, the rules page and the legend, in English and German; a player is "they"', async () => {
  const files = readdirSync(join(root, 'lessons', 'star-tigris')).filter((f) => f.endsWith('.json'));
  assert.ok(files.length >= 9);
  for (const f of files) {
    const en = lessonTexts(f, 'en');
    const de = lessonTexts(f, 'de');
    assert.ok(en.length > 3 && de.length > 3, `${f}: texts in both languages`);
    for (const s of en) {
      assert.doesNotMatch(s, BANNED.en, `${f}: ${s}`);
      assert.doesNotMatch(s, /\b(he|his|him|himself)\b/i, `${f}: a player is "they": ${s}`);
    }
    for (const s of de) assert.doesNotMatch(s, BANNED.de, `${f}: ${s}`);
  }
  for (const lang of ['en', 'de']) {
    const context = await browser({ width: 1280, height: 800 }, { locale: lang === 'de' ? 'de-DE' : 'en-GB' });
    const page = await context.newPage();
    await page.goto(stUrl());
    await page.waitForSelector('body[data-screen="new"]');
    await page.click('#open-lessons');
    await page.click('#open-rules');
    await page.waitForSelector('body[data-lessons="rules"]');
    await page.waitForSelector('canvas.rule-board');
    assert.doesNotMatch(await page.textContent('body'), BANNED[lang], `${lang}: the rules page`);
    await page.screenshot({ path: join(artefacts, `newcomer-star-tigris-rules-${lang}.png`) });
    await page.goto(stUrl());
    await page.waitForSelector('body[data-screen="new"]');
    await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 2 });
    await ready(page);
    assert.doesNotMatch(await page.textContent('#legend'), BANNED[lang], `${lang}: the legend`);
    await context.close();
  }
});
