// Star Tigris's simultaneous variant in a real headless Chromium: a
// two-person game on one device through several turns, each person giving
// secret orders on their own hand-off screen (nothing of the other's orders
// in the page until everyone has sealed), the resolution in the log order
// by order with skipped orders marked; and a whole game of a person against
// an AI, whose record replays natively.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, open, screen, ready, targets, clickCell, parseCell, rng, artefacts, englishLeft, axeViolations, downloadAndVerify } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

/** Start a game of the variant from the new-game dialog. */
async function startSimultaneous(page, { names = ['Ada', 'Bo'], kinds = [], map = 'small', seed = 3 } = {}) {
  await page.click(`[data-cmd="seats:${names.length}"]`);
  for (let i = 0; i < names.length; i++) await page.fill(`#name${i}`, names[i]);
  for (let i = 0; i < kinds.length; i++) if (kinds[i]) await page.selectOption(`#kind${i}`, kinds[i]);
  await page.selectOption('#map', map);
  await page.fill('#seed', String(seed));
  await page.selectOption('#turns', 'simultaneous');
  await page.click('#start');
  await page.waitForSelector('body:not([data-screen="new"])');
}

/** During a hand-off nothing private is in the page: no hand, no orders. */
async function assertNothingHidden(page, secrets) {
  const leaks = await page.evaluate(() => ({
    slots: document.querySelectorAll('#panel .slot').length,
    decision: !!document.querySelector('#decision'),
    mine: !!document.querySelector('#sim-mine'),
    planned: document.querySelector('#board').dataset.planned ?? '',
    text: document.body.innerText,
  }));
  assert.equal(leaks.slots, 0, 'no hand slots during a hand-off');
  assert.equal(leaks.decision, false);
  assert.equal(leaks.mine, false, 'no list of orders during a hand-off');
  assert.equal(leaks.planned, '', 'no order marked on the board during a hand-off');
  for (const s of secrets) assert.ok(!leaks.text.includes(s), `"${s}" is not in the page`);
}

/** Give one order with a random colonist or leader, or seal; returns the
 * cell ordered on, or null when the seat sealed. */
async function oneOrder(page, rand, prefer = null) {
  if (prefer) {
    for (const key of ['1', '2', '3', '4', '5', '6']) {
      await page.keyboard.press(key);
      if ((await targets(page)).includes(prefer)) {
        await clickCell(page, prefer);
        return prefer;
      }
      await page.keyboard.press('Escape');
    }
  }
  for (let tries = 0; tries < 4; tries++) {
    const key = String([1, 2, 3, 4, 5, 6, 7, 8, 9, 0][Math.floor(rand() * 10)]);
    await page.keyboard.press(key);
    const t = await targets(page);
    if (t.length) {
      const cell = t[Math.floor(rand() * t.length)];
      await clickCell(page, cell);
      return cell;
    }
    await page.keyboard.press('Escape');
  }
  return null;
}

/** Watch the orders played out one by one (when every seat has sealed):
 * step with "Next order" until the end; returns each step's text as it
 * was when it was the current one. */
async function watchResolution(page, { hands = false } = {}) {
  const seen = [];
  while (await page.$('#resolution')) {
    if (!hands) assert.equal(await page.$$eval('#panel .slot', (els) => els.length), 0, 'no hand while the orders are played out');
    const current = await page.$('#resolution li.current');
    if (current) seen.push(await current.textContent());
    await page.click('#resolution-next');
  }
  return seen;
}

/** Take one decision as the seat on screen: commit in a combat turn, take
 * an artifact, or give up to two orders and seal. */
async function takeTurn(page, rand, prefer = null, shot = null) {
  const buttons = await page.$$eval('#decision [data-cmd]', (bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.cmd));
  const decision = buttons.find((c) => /^(commit|take):/.test(c));
  if (decision) {
    const choices = buttons.filter((c) => c.split(':')[0] === decision.split(':')[0]);
    await page.click(`#decision [data-cmd="${choices[Math.floor(rand() * choices.length)]}"]`);
    return [];
  }
  const given = [];
  for (let i = 0; i < 2; i++) {
    const cell = await oneOrder(page, rand, i === 0 ? prefer : null);
    if (!cell) break;
    given.push(cell);
  }
  const mine = await page.$$eval('#sim-mine li', (lis) => lis.map((li) => li.textContent));
  assert.equal(mine.length, given.length, `the panel lists my ${given.length} order(s): ${mine}`);
  const planned = (await page.getAttribute('#board', 'data-planned')) ?? '';
  assert.deepEqual(planned.split(' ').filter(Boolean), given, 'my orders are marked on the board, in order');
  if (shot) await page.screenshot({ path: join(artefacts, shot) });
  await page.click('#decision [data-cmd="pass"]');
  return mine;
}

test('two people on one device: secret orders behind hand-offs, then the resolution order by order', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  await startSimultaneous(page, { seed: 3 });
  const rand = rng(8);
  let skipped = 0;
  let handoffs = 0;
  for (let turn = 0; turn < 6 && (await screen(page)) !== 'over'; turn++) {
    let firstCell = null;
    let secrets = [];
    for (let seat = 0; seat < 2 && (await screen(page)) !== 'over'; seat++) {
      assert.equal(await screen(page), 'handoff', 'each person gets their own hand-off screen');
      handoffs += 1;
      await assertNothingHidden(page, secrets);
      if (turn === 0 && seat === 0) await page.screenshot({ path: join(artefacts, 'simultaneous-handoff.png') });
      await ready(page);
      const combat = await page.$('#decision [data-cmd^="commit:"]');
      if (!combat && turn === 0 && seat === 0) {
        const order = await page.textContent('#sim-order');
        assert.match(order, /Order of execution this turn: Ada, Bo/);
      }
      // The second person aims at the first person's cell when they can,
      // so that one of the two orders is skipped.
      const shot = turn === 0 && seat === 0 ? 'simultaneous-orders.png' : null;
      const mine = await takeTurn(page, rand, seat === 1 ? firstCell : null, shot);
      if (seat === 0) {
        secrets = mine;
        firstCell = mine.length ? (/[A-Z]+\d+/.exec(mine[0]) ?? [null])[0] : null;
      }
    }
    if (await page.$('#resolution')) {
      if (turn === 0) await page.screenshot({ path: join(artefacts, 'simultaneous-resolution.png') });
      const seen = await watchResolution(page);
      assert.ok(seen.every((l) => /^[✓✗] (Carried out|Skipped):/.test(l)), seen.join(' | '));
      skipped += seen.filter((l) => l.startsWith('✗ Skipped:')).length;
    }
    await page.waitForFunction(() => ['handoff', 'over'].includes(document.body.dataset.screen));
  }
  assert.ok(handoffs >= 8, `${handoffs} hand-offs`);
  const log = await page.textContent('#log');
  assert.match(log, /sealed orders/, 'the orders are revealed in the log');
  assert.match(log, /Carried out:/, 'each order carried out is said');
  assert.ok(skipped >= 1, `an order aimed at a cell taken a moment earlier is skipped (${skipped})`);
  await ready(page);
  await page.screenshot({ path: join(artefacts, 'simultaneous-resolved.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a whole game of a person against an AI in the variant, replayed natively to the same scores', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  await startSimultaneous(page, { names: ['Ada', 'Robo'], kinds: [null, 'search:easy'], seed: 5 });
  const rand = rng(2);
  let steps = 0;
  while ((await screen(page)) !== 'over' && steps < 300) {
    await page.waitForFunction(() => document.body.dataset.screen === 'over' || !!document.querySelector('#decision [data-cmd], #resolution'), null, { timeout: 60000 });
    if ((await screen(page)) === 'over') break;
    if (await page.$('#resolution')) {
      // One person: the own hand stays in view while the orders play out.
      await watchResolution(page, { hands: true });
      continue;
    }
    await takeTurn(page, rand);
    steps += 1;
  }
  assert.equal(await screen(page), 'over', `the game ended (after ${steps} turns of the person)`);
  await page.screenshot({ path: join(artefacts, 'simultaneous-vs-ai-end.png') });
  const shown = await page.$$eval('#final-scores tr[data-seat] td.final', (tds) => tds.map((td) => Number(td.textContent)));
  const { file, out, scores } = await downloadAndVerify(page, 'simultaneous-record.json');
  assert.ok(scores, out);
  assert.deepEqual(scores, shown);

  // The game opens in the replay viewer, which stops when the sealed
  // orders are revealed and then after each order carried out.
  const actions = JSON.parse(readFileSync(file, 'utf8')).actions.length;
  await page.click('#end-replay');
  await page.waitForSelector('body[data-screen="replay"]');
  const len = +(await page.getAttribute('#replay-pos', 'data-len'));
  assert.ok(len > actions, `more positions (${len}) than actions (${actions}): one per order carried out`);
  const lines = await page.$$eval('#replay-log li', (lis) => lis.map((li) => li.textContent));
  const reveal = lines.findIndex((l) => /sealed orders/.test(l));
  assert.ok(reveal >= 0, 'a position shows the orders revealed');
  assert.match(lines[reveal + 1], /Carried out:|Skipped:/, 'the next position carries out the first order');
  await page.click(`#replay-log [data-cmd="replay:seek:${reveal + 1}"]`);
  assert.equal(+(await page.getAttribute('#replay-pos', 'data-pos')), reveal + 1);
  await page.keyboard.press('ArrowRight');
  assert.equal(+(await page.getAttribute('#replay-pos', 'data-pos')), reveal + 2);
  await page.screenshot({ path: join(artefacts, 'simultaneous-replay.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the variant in German: the hand-off, the orders panel, the resolution and the log have no English left', async () => {
  const words = ['en.txt', 'star-tigris/en.txt', 'star-tigris-editor/en.txt', 'star-tigris-lessons/en.txt'];
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  const { page, errors } = await open(context, server.url);
  const german = async (where) => assert.deepEqual(await englishLeft(page, words), [], where);
  await startSimultaneous(page, { names: ['Ada', 'Bo'], seed: 3 });
  assert.match(await page.textContent('#overlay'), /geheime Befehle/);
  await german('the hand-off');
  const rand = rng(8);
  let shot = false;
  for (let step = 0; step < 12 && (await screen(page)) !== 'over'; step++) {
    if (await page.$('#resolution')) {
      await german('the orders played out one by one');
      await watchResolution(page);
      continue;
    }
    await ready(page);
    const orders = await page.$('#decision [data-cmd="pass"]');
    if (orders && !shot) {
      await oneOrder(page, rand);
      await german('the orders panel with an order given');
      await page.screenshot({ path: join(artefacts, 'simultaneous-de-orders.png') });
      shot = true;
      await page.click('#decision [data-cmd="pass"]');
      continue;
    }
    await takeTurn(page, rand);
    if ((await screen(page)) === 'play') await german(`the page after step ${step}`);
  }
  const log = await page.textContent('#log');
  assert.match(log, /versiegelten Befehle/);
  assert.match(log, /Ausgeführt:/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Press Tab until the control with `cmd` has the focus (keyboard only). */
async function tabTo(page, cmd) {
  for (let i = 0; i < 80; i++) {
    if (await page.evaluate((c) => document.activeElement?.dataset?.cmd === c, cmd)) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached ${cmd}`);
}

/** Give one order by keyboard: a colonist's key, the arrows to a lit cell, Enter. */
async function keyboardOrder(page) {
  for (const key of ['1', '2', '3', '4', '5', '6']) {
    await page.keyboard.press(key);
    const t = await targets(page);
    if (!t.length) continue;
    const to = parseCell(t[0]);
    // Where the cursor is: one step away and back, and the board says it.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowRight');
    const at = parseCell(/^([A-Z]+\d+):/.exec(await page.textContent('#board-say'))[1]);
    for (let c = at.col; c < to.col; c++) await page.keyboard.press('ArrowRight');
    for (let c = at.col; c > to.col; c--) await page.keyboard.press('ArrowLeft');
    for (let r = at.row; r < to.row; r++) await page.keyboard.press('ArrowDown');
    for (let r = at.row; r > to.row; r--) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    return t[0];
  }
  return null;
}

test('the variant by keyboard only on a 768-pixel tablet, axe finding nothing on the hand-off, the orders and the resolution', async () => {
  const context = await browser({ width: 768, height: 1024 });
  const { page, errors } = await open(context, server.url);
  await startSimultaneous(page, { seed: 3 });
  const given = [];
  for (let seat = 0; seat < 2; seat++) {
    assert.equal(await screen(page), 'handoff');
    assert.deepEqual(await axeViolations(page), [], 'axe on the hand-off');
    await tabTo(page, 'ready');
    await page.keyboard.press('Enter');
    const cell = await keyboardOrder(page);
    assert.ok(cell, 'an order given with the keys');
    given.push(cell);
    assert.equal(await page.$$eval('#sim-mine li', (l) => l.length), 1);
    if (seat === 0) {
      assert.deepEqual(await axeViolations(page), [], 'axe on the orders panel');
      await page.screenshot({ path: join(artefacts, 'simultaneous-768-orders.png') });
    }
    await tabTo(page, 'pass');
    await page.keyboard.press('Enter');
  }
  await page.waitForSelector('#resolution');
  assert.deepEqual(await axeViolations(page), [], 'axe on the resolution');
  await page.screenshot({ path: join(artefacts, 'simultaneous-768-resolution.png') });
  // "Next order" has the focus: Enter steps through to the next hand-off.
  for (let i = 0; i < 6 && (await page.$('#resolution')); i++) await page.keyboard.press('Enter');
  assert.equal(await page.$('#resolution'), null);
  assert.equal(await screen(page), 'handoff');
  assert.match(await page.textContent('#log'), /Carried out:/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the variant on a 390x844 touch phone: nothing sticks out sideways, orders by touch, the resolution readable', async () => {
  const context = await browser({ width: 390, height: 844 }, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const { page, errors } = await open(context, server.url);
  await startSimultaneous(page, { seed: 3 });
  const wide = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.screenshot({ path: join(artefacts, 'simultaneous-phone-handoff.png') });
  const rand = rng(4);
  for (let seat = 0; seat < 2; seat++) {
    await ready(page);
    const mine = await takeTurn(page, rand, null, seat === 0 ? 'simultaneous-phone-orders.png' : null);
    assert.ok(mine.length <= 2);
    assert.ok((await wide()) <= 0, 'no sideways scrolling');
  }
  await page.waitForSelector('#resolution');
  assert.ok((await wide()) <= 0, 'no sideways scrolling during the resolution');
  const seen = await page.evaluate(() => {
    const board = document.querySelector('#board-area').getBoundingClientRect();
    const next = document.querySelector('#resolution-next').getBoundingClientRect();
    return { below: next.top >= board.bottom - 1, inside: next.bottom <= window.innerHeight };
  });
  assert.deepEqual(seen, { below: true, inside: true }, '"Next order" is in sight, not under the board');
  await page.screenshot({ path: join(artefacts, 'simultaneous-phone-resolution.png') });
  await watchResolution(page);
  assert.deepEqual(errors, []);
  await context.close();
});
