// Catan alone against AIs, as a newcomer meets it (issue 43): the AIs put
// at most one offer an AI turn to the person, only ones the person can
// accept, and an accepted offer is carried out; every place in the log is
// named as the board shows it (never `16:S`, `field 8`); the log keeps
// the whole game; the barbarians' panel says who would lose a city now
// and each attack's outcome is one line of the log; hovering or focusing
// a move in the panel highlights it on the board; the robber's target
// dots leave the number tokens readable.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { serve, browser, artefacts, axeViolations, englishLeft, dropFile, root } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());
const url = () => site.home + 'catan.html';

/** Words that name a place by an internal index. */
const INDEX = /\d+:(N|S|E|W)|\b(field|Feld|place|Ort) \d|#\d/;

async function openPage(context, lang = 'en') {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url());
  await page.evaluate((l) => localStorage.setItem('tabula.lang', l), lang);
  await page.reload();
  await page.waitForSelector('body[data-state="ready"]');
  return { page, errors };
}

async function startGame(page, { who, names, seed = 5, position }) {
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  for (let i = 0; i < 4; i++) {
    await page.selectOption(`#ng-who-${i}`, who[i] ?? 'none');
    if (names?.[i]) await page.fill(`#ng-name-${i}`, names[i]);
  }
  await page.fill('#ng-seed', String(seed));
  if (position) {
    await page.click('#ng-position-box summary');
    await page.fill('#ng-position', position);
  }
  await page.click('#ng-start');
  await page.waitForSelector('body[data-mode="game"]');
}

async function act(page, re) {
  const buttons = await page.$$('button[data-cmd^="game-act:"]');
  for (const b of buttons) {
    if (re.test(await b.textContent())) { await b.click(); return; }
  }
  const all = await page.$$eval('button[data-cmd^="game-act:"]', (els) => els.map((e) => e.textContent));
  throw new Error(`no button ${re}: ${all.join(' | ')}`);
}

const logLines = (page) => page.$$eval('#log li', (els) => els.map((e) => e.textContent));

test('AIs put at most one offer an AI turn to the person, only ones the person can accept, and an accepted offer is carried out', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await startGame(page, { who: ['human', 'search:easy', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy', 'Di'], seed: 11 });
  await page.click('#ai-pace [data-cmd="game-pace:0"]');
  const asked = new Set();
  let accepted = 0;
  let turns = 0;
  for (let i = 0; i < 6000 && !(await page.$('#end')) && turns < 40; i++) {
    const cmds = await page.$$eval('button[data-cmd^="game-act:"]', (els) => els.map((e) => e.dataset.cmd));
    const lines = await logLines(page);
    turns = lines.filter((l) => /^Dice:/.test(l)).length;
    const offer = await page.$('#open-offer');
    const current = await page.getAttribute('#seats .seat.current', 'data-seat').catch(() => null);
    if (offer && current !== '0' && cmds.some((c) => c.includes('decline'))) {
      // Asked about an AI's offer: it can be accepted, and it is the
      // first this AI turn.
      const key = `${current}/${turns}`;
      assert.ok(!asked.has(key), `asked twice in one AI turn (${key}): ${await page.textContent('#open-offer')}`);
      asked.add(key);
      assert.ok(cmds.some((c) => c.includes('accept')), `asked an offer Ann cannot accept: ${await page.textContent('#open-offer')}`);
      const accept = cmds.find((c) => c.includes('accept'));
      const clicked = await page.$eval(`button[data-cmd='${accept.replace(/'/g, "\\'")}']`, (b) => { b.click(); return true; }).catch(() => false);
      if (!clicked) continue;
      accepted++;
      // Carried out (with Ann, or with another who accepted: the log
      // says with whom and on what terms), never silently withdrawn.
      await page.waitForFunction(() => !document.querySelector('#open-offer'), null, { timeout: 60000 });
      const recent = await logLines(page);
      const mine = recent.findIndex((l) => l === 'Ann: Accept the offer');
      if (mine >= 0) {
        const after = recent.slice(0, mine).join('\n');
        assert.match(after, /trades with \w+: gives \d+ \w+, gets \d+ \w+/, recent.slice(0, 12).join('\n'));
      }
      continue;
    }
    if (cmds.length) {
      const spots = JSON.parse((await page.getAttribute('#board', 'data-spots')) || '[]');
      const askedNow = (await page.textContent('#asked').catch(() => '')) || '';
      if (spots.length && /starting building|road beside/.test(askedNow)) {
        const [x, y] = spots[Math.floor(spots.length / 2)];
        await page.click('#board', { position: { x, y } });
        continue;
      }
      const prefer = ['"city"', '"settlement"', 'roll_dice', '"discard"', 'end_turn'];
      let pick = cmds[0];
      for (const p of prefer) {
        const c = cmds.find((x) => x.includes(p));
        if (c) { pick = c; break; }
      }
      await page.$eval(`button[data-cmd='${pick.replace(/'/g, "\\'")}']`, (b) => b.click());
    } else {
      await page.waitForTimeout(50);
    }
  }
  const lines = await logLines(page);
  const aiOffers = lines.filter((l) => /^(Bo|Cy|Di): Offer \d/.test(l)).length;
  assert.ok(turns >= 10, `the game went on (${turns} turns)`);
  console.log(`AI offers ${aiOffers}, Ann asked ${asked.size}, accepted ${accepted}`);
  assert.ok(aiOffers > 0, 'the AIs made offers');
  await page.screenshot({ path: join(artefacts, 'catan-newcomer-offers.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// Ann and Bo hold a city each, nobody a knight, the ship one step from
// landing, and the dice set to a ship and a 5.
const ATTACK = [
  'players 3',
  'turn 5 player 1 before-roll',
  'city 1 5:NW',
  'city 2 12:NE',
  'barbarians 6',
  'dice 2 3',
  'event ship',
].join('\n');

for (const lang of ['en', 'de']) {
  test(`the barbarians (${lang}): the panel says who would lose a city now, the attack's outcome is one line of the log, and places are named as the board shows them`, async () => {
    const context = await browser();
    const { page, errors } = await openPage(context, lang);
    await startGame(page, { who: ['human', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy'], position: ATTACK });
    const outlook = await page.textContent('#barbarian-outlook');
    assert.match(outlook, lang === 'en'
      ? /If they landed now: Ann and Bo would each lose a city/
      : /Landeten sie jetzt: Ann und Bo verlören je eine Stadt/, outlook);
    await act(page, lang === 'en' ? /Roll the dice/ : /Würfeln/);
    await page.waitForFunction((re) => [...document.querySelectorAll('#log li')].some((l) => new RegExp(re).test(l.textContent)),
      lang === 'en' ? 'The barbarians land' : 'Die Barbaren landen');
    const lines = await logLines(page);
    const attack = lines.filter((l) => /The barbarians land|Die Barbaren landen/.test(l));
    assert.equal(attack.length, 1, lines.join('\n'));
    assert.match(attack[0], lang === 'en'
      ? /strength 2; the knights have only 0: Ann and Bo each lose a city/
      : /Stärke 2; die Ritter haben nur 0: Ann und Bo verlieren je eine Stadt/, attack[0]);
    // Ann chooses the city the barbarians take, named by its hexes.
    await page.waitForFunction(() => document.querySelectorAll('button[data-cmd^="game-act:"]').length > 0);
    const choice = await page.$$eval('button[data-cmd^="game-act:"]', (els) => els.map((e) => e.textContent));
    for (const c of choice) assert.doesNotMatch(c, INDEX, c);
    assert.match(choice.join('|'), lang === 'en' ? /the (corner between|[a-z-]+ corner of) / : /die (Ecke zwischen|\w+ecke von) /);
    const [x, y] = JSON.parse(await page.getAttribute('#board', 'data-spots'))[0];
    await page.click('#board', { position: { x, y } });
    await page.waitForFunction(() => /Ann (chose|wählte):/.test(document.querySelector('#log').textContent));
    const all = await logLines(page);
    for (const l of all) assert.doesNotMatch(l, INDEX, l);
    await page.screenshot({ path: join(artefacts, `catan-newcomer-barbarians-${lang}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a game of AIs: the log keeps the whole game, and no line names a place by an index', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await startGame(page, { who: ['search:easy', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy'], seed: 4 });
  await page.click('#ai-pace [data-cmd="game-pace:0"]');
  await page.waitForFunction(() => document.querySelectorAll('#log li').length > 120, null, { timeout: 240000 });
  const [lines, record] = await page.evaluate(() => [
    [...document.querySelectorAll('#log li')].map((e) => e.textContent),
    JSON.parse(localStorage.getItem('tabula-catan-game')).actions.map((a) => JSON.stringify(a.action)),
  ]);
  const said = lines.filter((l) => /^(Ann|Bo|Cy)( chose)?:|^(Ann|Bo|Cy) has decided/.test(l)).length;
  assert.equal(said, record.length, `every action of the record is in the log: ${lines.length} lines, ${said} actions, ${record.length} in the record`);
  // Newest first: the oldest line, the first building of the set-up, is
  // still there.
  assert.match(lines[lines.length - 1], /^Ann: Build a settlement at the /, lines.slice(-6).join('\n'));
  for (const l of lines) assert.doesNotMatch(l, INDEX, l);
  // The log scrolls instead of growing the page.
  const box = await page.$eval('#log', (e) => ({ scroll: e.scrollHeight, client: e.clientHeight, overflow: getComputedStyle(e).overflowY }));
  assert.ok(box.scroll > box.client && box.overflow === 'auto', JSON.stringify(box));
  assert.deepEqual(errors, []);
  await context.close();
});

test('hovering or focusing a move in the panel highlights it on the board; the robber\'s targets leave the numbers readable', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  const position = ['players 3', 'turn 5 player 1 before-roll', 'barbarians 0 awake', 'dice 3 4'].join('\n');
  await startGame(page, { who: ['human', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy'], position });
  await act(page, /Roll the dice/);
  await page.waitForFunction(() => /robber/.test(document.querySelector('#asked')?.textContent));
  const spots = JSON.parse(await page.getAttribute('#board', 'data-spots'));
  assert.ok(spots.length >= 17, 'the robber may go to any other hex');
  // Round each target hex's centre, on its number token (cream, 255 247
  // 224), no pixel of a white target dot.
  const white = await page.evaluate((spots) => {
    const c = document.querySelector('#board');
    const k = c.width / c.getBoundingClientRect().width;
    const ctx = c.getContext('2d');
    let n = 0;
    for (const [x, y] of spots) {
      const d = ctx.getImageData(Math.round((x - 5) * k), Math.round((y - 5) * k), Math.round(10 * k), Math.round(10 * k)).data;
      for (let i = 0; i < d.length; i += 4) if (d[i] > 245 && d[i + 1] > 245 && d[i + 2] > 240) n++;
    }
    return n;
  }, spots);
  assert.equal(white, 0, 'no target dot covers a number token');
  await page.screenshot({ path: join(artefacts, 'catan-newcomer-robber.png') });
  // The moves listed under the board: hover one, it is highlighted.
  await page.click('#board-moves summary');
  const moves = await page.$$('#board-moves button[data-spot]');
  assert.ok(moves.length >= 17);
  await moves[2].hover();
  const spot2 = await moves[2].getAttribute('data-spot');
  await page.waitForFunction((s) => document.querySelector('#board').dataset.highlight === s, spot2);
  assert.doesNotMatch(await moves[2].textContent(), INDEX);
  await page.screenshot({ path: join(artefacts, 'catan-newcomer-highlight.png') });
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => !document.querySelector('#board').dataset.highlight);
  await moves[4].focus();
  const spot4 = await moves[4].getAttribute('data-spot');
  await page.waitForFunction((s) => document.querySelector('#board').dataset.highlight === s, spot4);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [width, height] of [[1280, 800], [768, 1024]]) {
  for (const lang of ['en', 'de']) {
    test(`at ${width}×${height} (${lang}) the board fits beside the panel, the barbarians show whole, and "Roll the dice" is in view`, async () => {
      const context = await browser({ width, height });
      const { page, errors } = await openPage(context, lang);
      const position = ['players 3', 'turn 5 player 1 before-roll', 'city 1 5:NW', 'barbarians 3'].join('\n');
      await startGame(page, { who: ['human', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy'], position });
      await page.waitForFunction(() => document.querySelector('#board').dataset.spots !== undefined);
      const box = (sel) => page.$eval(sel, (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; });
      const inView = (b, what) => assert.ok(b.left >= 0 && b.top >= 0 && b.right <= width && b.bottom <= height, `${what} in view: ${JSON.stringify(b)}`);
      const board = await box('#board');
      const panel = await box('#panel');
      inView(board, 'the board');
      assert.ok(board.right <= panel.left, `the board beside the panel: ${JSON.stringify([board, panel])}`);
      inView(await box('#barbarians'), 'the barbarians');
      inView(await box('#barbarian-outlook'), 'who would lose a city');
      const roll = await page.$$eval('button[data-cmd^="game-act:"]', (els) => {
        const b = els.find((e) => e.dataset.cmd.includes('roll_dice'));
        const r = b.getBoundingClientRect();
        return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      });
      inView(roll, '"Roll the dice"');
      inView(await box('#asked'), 'what is asked');
      // The barbarians' fields on the board show whole: the canvas's
      // right and left columns are sea, not a cut field.
      const edges = await page.evaluate(() => {
        const c = document.querySelector('#board');
        const d = c.getContext('2d').getImageData(c.width - 2, 0, 1, c.height).data;
        const e = c.getContext('2d').getImageData(1, 0, 1, c.height).data;
        let odd = 0;
        for (const a of [d, e]) for (let i = 0; i < a.length; i += 4) if (Math.abs(a[i] - 0x8e) + Math.abs(a[i + 1] - 0xc5) + Math.abs(a[i + 2] - 0xee) > 30) odd++;
        return odd;
      });
      assert.ok(edges < 6, `nothing cut at the board's sides (${edges} pixels not sea)`);
      await page.screenshot({ path: join(artefacts, `catan-newcomer-${width}x${height}-${lang}.png`) });
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('the map editor starts from the standard board with nothing wrong; a map link opens the editor, says so, and asks before leaving a game', async () => {
  const context = await browser();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url() + '#editor');
  await page.waitForSelector('body[data-state="ready"]');
  assert.equal(await page.getAttribute('body', 'data-mode'), 'editor');
  assert.deepEqual(await page.$$eval('#problems li', (els) => els.map((e) => e.textContent)), [], 'no problem on the first board');
  assert.match(await page.textContent('#problems-summary'), /nothing|no /i);
  await page.click('[data-cmd="link"]');
  const link = await page.inputValue('#link-out');
  assert.match(link, /#map=/);
  // A blank board's problems are each listed once.
  await page.click('[data-cmd="new"]');
  const listed = await page.$$eval('#problems li', (els) => els.map((e) => e.textContent));
  assert.equal(new Set(listed).size, listed.length, listed.join('\n'));
  // A game in progress, then the link: asked first, then the editor says
  // what opened.
  await startGame(page, { who: ['human', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy'] });
  await page.goto(link);
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm'), /game in progress is kept/);
  await page.click('#confirm-go');
  await page.waitForSelector('body[data-mode="editor"]');
  assert.match(await page.textContent('#panel'), /The linked map .* is open in the map editor/);
  assert.deepEqual(await page.$$eval('#problems li', (els) => els.length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

/** A fresh browser at the page's start screen, its errors collected. */
async function openStart() {
  const context = await browser();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url());
  await page.waitForSelector('body[data-state="ready"]');
  return { context, page, errors };
}

test('the page opens on its start screen over the standard board, in both languages; the map editor opens from it, and a reload there stays in it', async () => {
  const { context, page, errors } = await openStart();
  assert.equal(await page.getAttribute('body', 'data-mode'), 'start');
  assert.equal(await page.textContent('#start-h'), 'Catan: Cities & Knights');
  assert.match(await page.getAttribute('#board', 'aria-label'), /^The standard board before a game/);
  assert.ok(await page.$eval('#board', (c) => c.width > 300), 'the board is drawn');
  // The editor's own buttons show with the editor only.
  assert.equal(await page.isVisible('header [data-cmd="download"]'), false);
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: join(artefacts, 'catan-start-1280x800.png') });
  // Play a game: the dialog offers the shipped boards (the play module has
  // no editor's board to offer).
  await page.click('#start-play');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  assert.equal(await page.$('#ng-map option[value="drawn"]'), null);
  await page.keyboard.press('Escape');
  await page.waitForSelector('#newgame', { state: 'hidden' });
  // The map editor: loaded with the page's whole module, at #editor.
  await page.click('#panel [data-cmd="game-editor"]');
  await page.waitForSelector('body[data-mode="editor"] #problems-summary');
  assert.equal(await page.evaluate(() => location.hash), '#editor');
  assert.equal(await page.isVisible('header [data-cmd="download"]'), true);
  await page.reload();
  await page.waitForSelector('body[data-mode="editor"] #problems-summary');
  // German: no English left on the start screen.
  await page.goto(url());
  await page.evaluate(() => localStorage.setItem('tabula.lang', 'de'));
  await page.reload();
  await page.waitForSelector('body[data-state="ready"][data-mode="start"]');
  assert.equal(await page.textContent('#start-h'), 'Catan: Städte & Ritter');
  assert.deepEqual(await englishLeft(page, ['catan/en.txt', 'en.txt']), []);
  await page.screenshot({ path: join(artefacts, 'catan-start-1280x800-de.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('during a game, a dropped map asks before the editor opens, and a game link that does not open is said above the game until closed', async () => {
  const { context, page, errors } = await openStart();
  await startGame(page, { who: ['human', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy'] });
  // A damaged game link: said above the game's panel, which stays.
  await page.evaluate(() => { location.hash = '#game=@@'; });
  await page.waitForSelector('#panel #message.message');
  assert.match(await page.textContent('#panel #message'), /This game link cannot be opened/);
  assert.equal(await page.getAttribute('body', 'data-mode'), 'game');
  await page.click('#panel [data-cmd="message-dismiss"]');
  await page.waitForSelector('#panel #message', { state: 'detached' });
  // A map dropped on the game: asked first; staying keeps the game.
  const map = readFileSync(join(root, 'maps', 'catan', 'small.txt'), 'utf8');
  await dropFile(page, 'island.txt', map);
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm'), /The file holds a map/);
  await page.click('#confirm-stay');
  assert.equal(await page.getAttribute('body', 'data-mode'), 'game');
  // Opening it: the editor (the page's whole module) with the map, the
  // game kept for "Play a game".
  await dropFile(page, 'island.txt', map);
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-go');
  await page.waitForSelector('body[data-mode="editor"] #problems-summary');
  assert.match(await page.textContent('#panel'), /Opened “/);
  assert.deepEqual(errors, []);
  await context.close();
});
