// Star Tigris and Domains played online on a phone (390 × 844 and
// 320 × 640, touch), through `tabula serve`, as at one device: the board
// of a seated person is drawn larger until every cell or square is at
// least 24 px (measured) and pans in its box (Domains': first showing the
// person's own units); every control is at least 24 px; nothing is wider
// than the screen; a first tap on a cell or square that would play only
// shows it ("Tap again: …" on the line just above the board) and sends
// no order (no new state arrives); the second tap on the same place
// plays. In English and in German.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, artefacts, smallTargets, tapBoardAt, axeViolations } from './harness.mjs';
import { startServer, openPage, lastState } from './online-harness.mjs';

const PHONES = [
  { name: '390x844', viewport: { width: 390, height: 844 }, locale: 'en-GB' },
  { name: '320x640', viewport: { width: 320, height: 640 }, locale: 'de-DE' },
];

const phone = (viewport, locale) => browser(viewport, { hasTouch: true, isMobile: true, deviceScaleFactor: 2, locale });

const WORDS = {
  'en-GB': {
    stHint: /^Tap a cell once to see what it would do/,
    stAgain: /^Tap again: /,
    dmHint: /^Tap a square once to see what it would do/,
    dmAgain: /^Unit \d+ would .+: tap the square again to give the order\.$/,
    tap: /^Tap /,
  },
  'de-DE': {
    stHint: /^Tippe ein Feld einmal an/,
    stAgain: /^Nochmal tippen: /,
    dmHint: /^Tippe ein Feld einmal an/,
    dmAgain: /^Einheit \d+ würde .+: Tippe noch einmal auf das Feld/,
    tap: /^Tippe /,
  },
};

/** Make a room on `p` with the person in seat 1 and a random bot in
 * seat 2, with the given options fields. */
async function makeRoom(p, { board = null } = {}) {
  await p.page.click('#online-open');
  // The page reloads into its whole module for online play: wait for it.
  await p.page.waitForSelector('body[data-state="ready"] #online-create-room, #online-create-room');
  await p.page.waitForSelector('#online-no-rooms, #online-rooms li');
  await p.page.fill('#online-name', 'Ada');
  await p.page.selectOption('#online-seat-count', '2');
  await p.page.selectOption('#online-seat-1', 'random');
  if (board) await p.page.selectOption('#online-opt-board', board);
  await p.page.click('#online-create-room');
  await p.page.waitForSelector('#online-room');
}

/** Nothing wider than the screen (a box that scrolls by itself aside). */
const tooWide = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Wait until the seat of `p` has orders to give. */
async function myTurn(p) {
  for (let i = 0; i < 200; i++) {
    const s = lastState(p.frames);
    if (s && s.phase === 'playing' && s.legal.length > 0) return s;
    await p.page.waitForTimeout(50);
  }
  assert.fail('the seat never had orders to give');
}

/** The line above a box and how far above the box it sits. */
const hintOf = (page, hint, box) => page.$eval(hint, (h, box) => {
  const r = h.getBoundingClientRect();
  const b = document.querySelector(box).getBoundingClientRect();
  return { text: h.textContent, gap: b.top - r.bottom, hidden: h.hidden };
}, box);

/** A board drawn for a finger: every cell at least 24 px by the page's
 * word and measured (the canvas's width over its columns, less its
 * margin), the board wider than its box, which pans. */
async function fingerBoard(page, canvas, box, cols, cellAttr, where) {
  const b = await page.$eval(canvas, (c, attr) => ({ cell: Number(c.getAttribute(attr)), width: c.getBoundingClientRect().width }), cellAttr);
  assert.ok(b.cell >= 24, `${where}: cells of ${b.cell} px`);
  assert.ok(b.width / (cols + 0.8) >= 24, `${where}: the board is ${b.width} px for ${cols} columns`);
  const pans = await page.$eval(box, (x) => ({ pans: x.classList.contains('pans'), scroll: x.scrollWidth, client: x.clientWidth }));
  assert.ok(pans.pans && pans.scroll > pans.client, `${where}: the board pans in its box: ${JSON.stringify(pans)}`);
}

/** Parse a Star Tigris cell name (`C4`): its row and column. */
function cellOf(name) {
  const m = name.match(/^([A-Z]+)(\d+)$/);
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, col: col - 1 };
}

/** The cell a Star Tigris action names, if any. */
function actionCell(a) {
  if (typeof a !== 'object' || a === null) return null;
  const body = Object.values(a)[0];
  return body?.at ?? body?.to ?? null;
}

for (const { name, viewport, locale } of PHONES) {
  const words = WORDS[locale];

  test(`Star Tigris online on a ${name} phone (${locale}): cells of 24 px, the board pans, a first tap only shows, the second plays`, async () => {
    const server = await startServer();
    const ctx = await phone(viewport, locale);
    const p = await openPage(ctx, server.base + 'star-tigris.html');
    await makeRoom(p);
    await p.page.waitForSelector('#online-st-board[data-cell-size]');
    const board = '#online-st-board';
    const box = '#online-st-box';
    let s = await myTurn(p);
    await p.page.waitForSelector('#online-st-hint:not([hidden])');
    await fingerBoard(p.page, board, box, s.view.width, 'data-cell-size', `Star Tigris ${name}`);
    assert.deepEqual(await smallTargets(p.page), [], 'controls under 24 px');
    assert.ok(await tooWide(p.page) <= 0, 'wider than the screen');
    assert.match((await hintOf(p.page, '#online-st-hint', box)).text, words.stHint);
    assert.match(await p.page.textContent('#online-st-choices .hint'), words.tap);
    // Play until a cell with one order comes up (a cell with several
    // offers its buttons and plays nothing): its first tap sends nothing.
    const tapCell = async (cell) => {
      const { row, col } = cellOf(cell);
      const size = Number(await p.page.getAttribute(board, 'data-cell-size'));
      const [ox, oy] = (await p.page.getAttribute(board, 'data-origin')).split(' ').map(Number);
      await tapBoardAt(p.page, [ox + (col + 0.5) * size, oy + (row + 0.5) * size], box, board);
    };
    let tested = false;
    for (let turn = 0; turn < 12 && !tested; turn++) {
      s = await myTurn(p);
      const before = s.state;
      const cells = s.legal.map(actionCell).filter(Boolean);
      const one = cells.find((c) => cells.filter((x) => x === c).length === 1);
      if (one) {
        await tapCell(one);
        await p.page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#online-st-hint')?.textContent ?? ''), words.stAgain.source);
        const h = await hintOf(p.page, '#online-st-hint', box);
        assert.equal(h.hidden, false);
        assert.ok(h.gap >= -1 && h.gap < 24, `the line is ${h.gap} px above the board`);
        await p.page.waitForTimeout(400);
        assert.equal(lastState(p.frames).state, before, 'one tap sent no order');
        await p.page.screenshot({ path: join(artefacts, `online-phone-${name}-star-tigris-preview.png`) });
        await tapCell(one);
        for (let i = 0; i < 60 && lastState(p.frames).state === before; i++) await p.page.waitForTimeout(50);
        assert.ok(lastState(p.frames).state > before, 'the second tap played');
        tested = true;
      } else {
        // Several orders on every cell: a tap shows them as buttons.
        const withCell = s.legal.find(actionCell);
        if (withCell) {
          await tapCell(actionCell(withCell));
          await p.page.waitForSelector('#online-st-here [data-online-act]');
          await p.page.waitForTimeout(300);
          assert.equal(lastState(p.frames).state, before, 'a tap on a cell of several orders sends none');
          await p.page.tap('#online-st-here [data-online-act]');
        } else {
          await p.page.tap('#online-st-orders [data-online-act]');
        }
        for (let i = 0; i < 60 && lastState(p.frames).state === before; i++) await p.page.waitForTimeout(50);
      }
    }
    assert.ok(tested, 'a cell of one order came up');
    assert.deepEqual(await axeViolations(p.page), []);
    await p.page.screenshot({ path: join(artefacts, `online-phone-${name}-star-tigris.png`), fullPage: true });
    assert.deepEqual(p.errors, []);
    await ctx.close();
  });

  test(`Domains online on a ${name} phone (${locale}): squares of 24 px, the board pans showing the person's units, a first tap only shows, the second gives the order`, async () => {
    const server = await startServer();
    const ctx = await phone(viewport, locale);
    const p = await openPage(ctx, server.base + 'domains.html');
    await makeRoom(p, { board: '16:60' });
    await p.page.waitForSelector('#online-dm-board[data-cell]');
    const board = '#online-dm-board';
    const box = '#online-dm-box';
    const s = await myTurn(p);
    const cols = s.view.board.cols;
    await p.page.waitForSelector('#online-dm-hint:not([hidden])');
    await p.page.waitForFunction(() => document.querySelector('#online-dm-box').classList.contains('pans'));
    await p.page.waitForTimeout(200);
    const size = Number(await p.page.getAttribute(board, 'data-cell'));
    assert.ok(size >= 24, `squares of ${size} px`);
    const bw = await p.page.$eval(board, (c) => c.getBoundingClientRect().width);
    assert.ok(bw / cols >= 24, `the board is ${bw} px for ${cols} columns`);
    assert.deepEqual(await smallTargets(p.page), [], 'controls under 24 px');
    assert.ok(await tooWide(p.page) <= 0, 'wider than the screen');
    // The panned board opens on the person's own units: each is in sight.
    const mine = s.view.board.units.map((u, i) => ({ ...u, i })).filter((u) => u.player === lastState(p.frames).you);
    assert.ok(mine.length > 0);
    const seen = await p.page.$eval(box, (b) => ({ left: b.scrollLeft, top: b.scrollTop, width: b.clientWidth, height: b.clientHeight, sw: b.scrollWidth }));
    assert.ok(seen.sw > seen.width, 'the box pans');
    for (const u of mine) {
      const [x, y] = [(u.at % cols + 0.5) * size, (Math.floor(u.at / cols) + 0.5) * size];
      assert.ok(x >= seen.left && x <= seen.left + seen.width && y >= seen.top && y <= seen.top + seen.height,
        `unit ${u.i} at (${x}, ${y}) is out of sight: ${JSON.stringify(seen)}`);
    }
    assert.match((await hintOf(p.page, '#online-dm-hint', box)).text, words.dmHint);
    assert.match(await p.page.textContent('.online-dm-side .hint'), words.tap);
    await p.page.screenshot({ path: join(artefacts, `online-phone-${name}-domains-opened.png`) });
    // A tap on one of the person's units picks it (no order).
    const unit = s.legal.map((a) => (typeof a === 'object' ? Object.values(a)[0]?.unit : undefined)).find((u) => u !== undefined);
    const at = s.view.board.units[unit].at;
    const [row, col] = [Math.floor(at / cols), at % cols];
    const tap = (r, c) => tapBoardAt(p.page, [(c + 0.5) * size, (r + 0.5) * size], box, board);
    const before = s.state;
    await tap(row, col);
    await p.page.waitForSelector('#online-dm-unit');
    // A square the unit may move to: its first tap only shows the order.
    const move = s.legal.find((a) => a.move && a.move.unit === unit && a.move.dir !== 'none');
    assert.ok(move, JSON.stringify(s.legal));
    const delta = { up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1], up_left: [-1, -1], up_right: [-1, 1], down_left: [1, -1], down_right: [1, 1] }[move.move.dir];
    const [tr, tc] = [row + delta[0], col + delta[1]];
    await tap(tr, tc);
    await p.page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#online-dm-hint')?.textContent ?? ''), words.dmAgain.source);
    const h = await hintOf(p.page, '#online-dm-hint', box);
    assert.equal(h.hidden, false);
    assert.ok(h.gap >= -1 && h.gap < 24, `the line is ${h.gap} px above the board`);
    await p.page.waitForTimeout(400);
    assert.equal(lastState(p.frames).state, before, 'one tap sent no order');
    assert.equal(lastState(p.frames).view.orders.length, 0, 'no order given');
    await p.page.screenshot({ path: join(artefacts, `online-phone-${name}-domains-preview.png`) });
    await tap(tr, tc);
    for (let i = 0; i < 60 && lastState(p.frames).state === before; i++) await p.page.waitForTimeout(50);
    assert.ok(lastState(p.frames).state > before, 'the second tap gave the order');
    assert.equal(lastState(p.frames).view.orders.length, 1, 'one order given');
    // The orders end by their button, within reach.
    const endBefore = lastState(p.frames).state;
    await p.page.tap('#online-dm-end');
    for (let i = 0; i < 60 && lastState(p.frames).state === endBefore; i++) await p.page.waitForTimeout(50);
    assert.ok(lastState(p.frames).state > endBefore, 'the orders were ended');
    assert.deepEqual(await axeViolations(p.page), []);
    await p.page.screenshot({ path: join(artefacts, `online-phone-${name}-domains.png`), fullPage: true });
    assert.deepEqual(p.errors, []);
    await ctx.close();
  });
}
