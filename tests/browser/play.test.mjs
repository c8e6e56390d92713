// Star Tigris in a real headless Chromium: a whole pass-and-play game, a
// conflict with reinforcements from both sides, hidden hands at every
// hand-off, hostile names, no request off localhost, and the canvas drawn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, open, newGame, screen, ready, targets, clickCell, pixel, rng, root, artefacts, englishLeft, downloadAndVerify } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

/** Check that no hand or hidden score is in the page during a hand-off. */
async function assertNothingHidden(page) {
  const leaks = await page.evaluate(() => ({
    slots: document.querySelectorAll('#panel .slot').length,
    scores: document.querySelectorAll('#panel .score').length,
    decision: !!document.querySelector('#decision'),
    targets: document.querySelector('#targets').textContent,
    text: document.body.innerText,
  }));
  assert.equal(leaks.slots, 0, 'no hand slots during a hand-off');
  assert.equal(leaks.scores, 0, 'no hidden score during a hand-off');
  assert.equal(leaks.decision, false);
  assert.equal(leaks.targets, '');
  assert.ok(!/Your colonists/.test(leaks.text));
}

/** Take one decision or order as the seat to act, choosing with `rand`. */
async function takeStep(page, rand, { bombArtifacts = [] } = {}) {
  if ((await screen(page)) === 'handoff') {
    await assertNothingHidden(page);
    await ready(page);
  }
  const buttons = await page.$$eval('#decision [data-cmd]', (bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.cmd));
  const decision = buttons.find((c) => /^(commit|resolve|take):/.test(c));
  if (decision) {
    const choices = buttons.filter((c) => c.split(':')[0] === decision.split(':')[0]);
    await page.click(`#decision [data-cmd="${choices[Math.floor(rand() * choices.length)]}"]`);
    return;
  }
  // Bomb an artifact when asked to finish the game.
  const bomber = await page.$('#decision [data-cmd="bomber"]:not([disabled])');
  if (bomber && bombArtifacts.length) {
    await page.keyboard.press('b');
    const t = await targets(page);
    const cell = bombArtifacts.find((c) => t.includes(c));
    if (cell) {
      await clickCell(page, cell);
      return;
    }
    await page.keyboard.press('Escape');
  }
  // Otherwise: pick a colonist or leader by key and click a random target.
  for (let tries = 0; tries < 4; tries++) {
    const key = String([1, 2, 3, 4, 5, 6, 7, 8, 9, 0][Math.floor(rand() * 10)]);
    await page.keyboard.press(key);
    const t = await targets(page);
    if (t.length) {
      await clickCell(page, t[Math.floor(rand() * t.length)]);
      return;
    }
    await page.keyboard.press('Escape');
  }
  await page.click('#decision [data-cmd="pass"]');
}

test('a whole 2-player game through the UI, ending on the end screen with the engine\'s scores', async () => {
  const context = await browser();
  const { page, requests, errors } = await open(context, server.url);
  await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 11 });
  const rand = rng(5);
  let steps = 0;
  while ((await screen(page)) !== 'over' && steps < 400) {
    await takeStep(page, rand, { bombArtifacts: steps > 40 ? ['A1', 'G2', 'B7', 'H8'] : [] });
    steps += 1;
  }
  assert.equal(await screen(page), 'over', `the game ended (after ${steps} steps)`);
  await page.screenshot({ path: join(artefacts, 'end-screen-1280x800.png') });
  const shown = await page.$$eval('#final-scores tr[data-seat] td.final', (tds) => tds.map((td) => Number(td.textContent)));
  // The record downloaded from the end screen replays natively to the same scores.
  const { file, out, scores } = await downloadAndVerify(page, 'game-record.json');
  assert.ok(scores, out);
  assert.deepEqual(scores, shown);
  const record = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(record.seats.map((s) => s.name), ['Ada', 'Bo']);
  const network = requests.filter((u) => !/^(data|blob):/.test(u));
  assert.ok(network.length > 2, 'the page, its script and its wasm were fetched');
  const away = network.filter((u) => !u.startsWith(server.home));
  assert.deepEqual(away, [], 'no request leaves the page\'s own host and path');
  assert.deepEqual(errors, []);
  await context.close();
});

const STAR_TIGRIS_WORDS = ['en.txt', 'star-tigris/en.txt', 'star-tigris-editor/en.txt', 'star-tigris-lessons/en.txt'];

test('a whole Star Tigris game in German: every screen on the way has no English left; pictures in both languages at both sizes', async () => {
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  const { page, errors } = await open(context, server.url);
  const german = async (where) => assert.deepEqual(await englishLeft(page, STAR_TIGRIS_WORDS), [], where);
  await german('the new-game dialog');
  await page.screenshot({ path: join(artefacts, 'star-tigris-de-new-1280x800.png') });
  await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 11 });
  const rand = rng(5);
  let steps = 0;
  let sawHandoff = false;
  let sawWhy = false;
  let checked = 0;
  while ((await screen(page)) !== 'over' && steps < 400) {
    if (!sawHandoff && (await screen(page)) === 'handoff') {
      await german('the hand-off screen');
      sawHandoff = true;
    }
    await takeStep(page, rand, { bombArtifacts: steps > 40 ? ['A1', 'G2', 'B7', 'H8'] : [] });
    steps += 1;
    if (steps - checked >= 15 && (await screen(page)) === 'play') {
      checked = steps;
      // Hover a cell (its words), open the legend and a "Why?".
      const box = await page.locator('#board').boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.evaluate(() => { const d = document.querySelector('#legend'); if (d) d.open = true; });
      const why = await page.$('#log .why-button');
      const first = why && !sawWhy;
      if (why) { await why.click(); sawWhy = true; }
      await german(`the game at step ${steps}`);
      if (first) await page.screenshot({ path: join(artefacts, 'star-tigris-de-play-1280x800.png') });
    }
  }
  assert.equal(await screen(page), 'over', `the game ended (after ${steps} steps)`);
  assert.ok(sawHandoff, 'a hand-off was seen');
  assert.ok(sawWhy, 'a Why? was opened');
  assert.match(await page.textContent('#winner'), /gewinnt|Geteilter Sieg/);
  await german('the end screen');
  await page.screenshot({ path: join(artefacts, 'star-tigris-de-end-1280x800.png') });
  await page.click('#end-replay');
  await page.waitForSelector('body[data-screen="replay"]');
  await page.keyboard.press('ArrowRight');
  await german('the replay');
  await page.screenshot({ path: join(artefacts, 'star-tigris-de-replay-1280x800.png') });
  await page.click('header [data-cmd="open-game"]');
  await german('the open-a-game dialog');
  await page.keyboard.press('Escape');
  // The same page on a tablet, and in English at both sizes.
  for (const [lang, size] of [['de', { width: 768, height: 1024 }], ['en', { width: 1280, height: 800 }], ['en', { width: 768, height: 1024 }]]) {
    await page.evaluate((l) => { localStorage.setItem('tabula.lang', l); localStorage.removeItem('tabula.star-tigris.autosave'); }, lang);
    await page.setViewportSize(size);
    await page.goto(server.url);
    await page.waitForSelector('body[data-screen="new"]');
    await newGame(page, { names: ['Ada', 'Bo'], map: 'default', seed: 3 });
    await ready(page);
    await page.keyboard.press('1');
    await page.screenshot({ path: join(artefacts, `star-tigris-${lang}-play-${size.width}x${size.height}.png`) });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('an internal conflict with reinforcements from both sides, through the panel', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  // Find a seed where both players hold a scientist.
  let seed = 1;
  for (;; seed++) {
    await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed });
    await ready(page);
    const p1 = await page.textContent('#decision');
    await page.keyboard.press('7'); // settler leader
    await clickCell(page, 'B1'); // beside the artifact colony at A1
    await page.click('[data-cmd="pass"]');
    await ready(page);
    const p2 = await page.textContent('#decision');
    if (p1.includes('Scientist') && p2.includes('Scientist')) break;
    assert.ok(seed < 30, 'a seed with scientists in both hands');
  }
  // Bo places a settler leader at A2: the region of A1 already has Ada's.
  await page.keyboard.press('7');
  await clickCell(page, 'A2');
  const panel = await page.textContent('#decision');
  assert.match(panel, /Internal conflict: settler leaders/);
  assert.match(panel, /▲ Attacker Bo: 1/);
  assert.match(panel, /● Defender Ada: 1/);
  await page.screenshot({ path: join(artefacts, 'conflict-1280x800.png') });
  // The two sides differ in shape, not only in hue, on any cell: the
  // attacker's frame is dashed with a triangle, the defender's solid with a
  // dot, each with a white edge.
  const sides = await page.$eval('#board', (b) => ({ attack: b.dataset.attack.split(' ').filter(Boolean), defend: b.dataset.defend.split(' ').filter(Boolean) }));
  assert.ok(sides.attack.length && sides.defend.length, JSON.stringify(sides));
  const dark = (p) => p[0] + p[1] + p[2] < 300;
  const size = +(await page.getAttribute('#board', 'data-cell'));
  // A cell behind both sides shows both: the attacker's frame near the
  // edge (inset 0.1), the defender's inside it (inset 0.2).
  for (const [cell, dashed] of [...sides.attack.map((c) => [c, true]), ...sides.defend.map((c) => [c, false])]) {
    const inset = dashed ? 0.1 : 0.2;
    const row = [];
    for (let i = 0; i < 20; i++) row.push(await pixel(page, cell, 0.32 + i * 0.02, inset));
    const gaps = row.filter((p) => !dark(p)).length;
    if (dashed) assert.ok(gaps >= 4, `${cell}: the attacker's frame is dashed (${gaps} gaps)`);
    else assert.equal(gaps, 0, `${cell}: the defender's frame is solid`);
    // A white edge just outside the frame, whatever the cell's colour.
    const edge = await pixel(page, cell, 0.5, inset - 0.045 - 1.8 / size);
    assert.ok(edge[0] > 200 && edge[1] > 200 && edge[2] > 200, `${cell}: white edge ${edge}`);
  }
  await page.click('#decision [data-cmd="commit:1"]');
  // The defender decides next: hand-off, with nothing of Bo's showing.
  assert.equal(await screen(page), 'handoff');
  await assertNothingHidden(page);
  assert.match(await page.textContent('#overlay'), /Pass the device to Ada to decide on reinforcements/);
  await ready(page);
  assert.match(await page.textContent('#decision'), /Attacker Bo: 1 \+ 1 committed = 2/);
  await page.click('#decision [data-cmd="commit:1"]');
  const log = await page.textContent('#log');
  assert.match(log, /Ada wins 2 to 2 \(a tie goes to the defender\); Bo's settler leader goes home\./);
  assert.match(log, /Ada scores 1 technology for winning the conflict\./);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hostile name shows as text and never runs', async () => {
  const context = await browser();
  const { page, dialogs, errors } = await open(context, server.url);
  const evil = '<img src=x onerror=alert(1)>';
  await newGame(page, { names: [evil, 'Bo'], map: 'small', seed: 3 });
  assert.equal(await page.$('img'), null, 'no image element was made');
  assert.match(await page.textContent('#overlay'), /Pass the device to <img src=x onerror=alert\(1\)>/);
  await ready(page);
  assert.ok((await page.textContent('#panel')).includes(evil));
  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the board is drawn on the canvas, at a desk and on a tablet', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }]) {
    const context = await browser(viewport);
    const { page } = await open(context, server.url);
    await newGame(page, { names: ['Ada', 'Bo'], map: 'default', seed: 2 });
    await ready(page);
    // Default map: B2 is an artifact (a red scientist colony), E1 uninhabitable, A1 open.
    const [r, g, b] = await pixel(page, 'B2', 0.5, 0.85);
    assert.ok(r > 180 && g < 90 && b < 90, `B2 is a red scientist colony: ${[r, g, b]}`);
    const open1 = await pixel(page, 'A1', 0.5, 0.5);
    assert.deepEqual(open1.slice(0, 3), [0xee, 0xf2, 0xf7], 'A1 is an open cell');
    const m = await pixel(page, 'E1', 0.1, 0.1);
    assert.deepEqual(m.slice(0, 3), [0xd8, 0xc7, 0xa0], 'E1 is uninhabitable');
    const width = await page.$eval('#board', (el) => el.getBoundingClientRect().width);
    assert.ok(width <= viewport.width, 'the board fits the window');
    await page.keyboard.press('1');
    await page.screenshot({ path: join(artefacts, `board-${viewport.width}x${viewport.height}.png`) });
    await page.click('[data-cmd="regions"]');
    await page.screenshot({ path: join(artefacts, `regions-${viewport.width}x${viewport.height}.png`) });
    await context.close();
  }
});

test('the board explains itself: a legend beside it, and the cell under the pointer in words', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 2 });
  await ready(page);
  const legend = await page.$$eval('#legend li', (ls) => ls.map((l) => l.textContent));
  assert.ok(legend.length >= 10, legend.join(' | '));
  assert.ok(legend.some((l) => /uninhabitable cells: only mining robots settle here/.test(l)));
  assert.ok(legend.some((l) => /★alien artifact/.test(l)));
  assert.ok(await page.$eval('#legend', (d) => d.open), 'the legend is open at first');
  // The artifact colony at A1 of the small map, under the pointer.
  const c = await page.$eval('#board', (el) => ({ cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy }));
  await page.mouse.move(c.ox + 0.5 * c.cell + (await page.$eval('#board', (b) => b.getBoundingClientRect().x)), c.oy + 0.5 * c.cell + (await page.$eval('#board', (b) => b.getBoundingClientRect().y)));
  await page.waitForFunction(() => document.querySelector('#cell-info')?.textContent.startsWith('A1:'));
  assert.equal(await page.textContent('#cell-info'), 'A1: open cell; a scientist colony; an alien artifact (★).');
  assert.equal(await page.getAttribute('#board', 'title'), 'A1: open cell; a scientist colony; an alien artifact (★).');
  await page.screenshot({ path: join(artefacts, 'legend-1280x800.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the panel keeps what the reader left: a closed legend stays closed, the log shows its newest entry, unchanged parts are not rebuilt', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 2 });
  await ready(page);
  await page.click('#legend summary');
  assert.equal(await page.$eval('#legend', (d) => d.open), false);
  // Tag the elements on the page: a redraw that rebuilt them would lose the tag.
  await page.evaluate(() => { document.getElementById('legend').__kept = true; document.getElementById('log').__kept = true; });
  const rand = rng(7);
  for (let i = 0; i < 12; i++) {
    await takeStep(page, rand);
    // Pointer moves over the board redraw the preview only.
    const box = await page.$eval('#board', (b) => b.getBoundingClientRect().toJSON());
    await page.mouse.move(box.x + box.width * rand(), box.y + box.height * rand());
  }
  await ready(page);
  const state = await page.evaluate(() => {
    const log = document.getElementById('log');
    const box = log.parentElement.getBoundingClientRect();
    const last = log.lastElementChild.getBoundingClientRect();
    return {
      open: document.getElementById('legend').open,
      legendKept: document.getElementById('legend').__kept === true,
      logKept: log.__kept === true,
      entries: log.children.length,
      newestInSight: last.bottom <= box.bottom + 1 && last.top >= box.top - 1,
      scrolls: log.parentElement.scrollHeight > log.parentElement.clientHeight,
    };
  });
  assert.equal(state.open, false, 'the legend the reader closed stays closed');
  assert.ok(state.legendKept && state.logKept, 'the legend and the log are the same elements after a dozen orders');
  assert.ok(state.entries >= 12, `the log grew (${state.entries} entries)`);
  assert.ok(state.scrolls, 'the log is longer than its box');
  assert.ok(state.newestInSight, 'the newest log entry is in sight');
  await page.screenshot({ path: join(artefacts, 'panel-kept-1280x800.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Escape closes the dialogs: new game, open a game, lessons', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 2 });
  await ready(page);
  for (const [cmd, screenName] of [['new', 'new'], ['open-game', 'open'], ['lessons', 'lessons']]) {
    await page.click(`header [data-cmd="${cmd}"]`);
    // The lessons are the page kit's screen (#lessons), not a dialog of the page.
    await page.waitForSelector(screenName === 'lessons' ? '#lessons .lessons-items' : `body[data-screen="${screenName}"]`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lessons', { state: 'detached' });
    // The lessons come with the page's whole module (page kit, on_demand):
    // the page loaded again, and a resumed game is handed over again.
    if (screenName === 'lessons') await ready(page);
    await page.waitForSelector('body[data-screen="play"]');
  }
  // From inside a field too.
  await page.click('header [data-cmd="new"]');
  await page.focus('#name0');
  await page.keyboard.press('Escape');
  await page.waitForSelector('body[data-screen="play"]');
  assert.deepEqual(errors, []);
  await context.close();
});
