// Every game on a phone (390 × 844 and 320 × 640, touch): a few turns
// played by tapping, nothing wider than the screen, every control at
// least 24 px each way, a board cell under 24 px taken in two taps (the
// first shows what would happen, the second does it), and words that say
// "tap". Screenshots go to artefacts/ to be looked at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve, browser, artefacts, parseCell, finishedGame, smallTargets, tapBoardAt } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());

const PHONES = [
  { name: '390x844', viewport: { width: 390, height: 844 } },
  { name: '320x640', viewport: { width: 320, height: 640 } },
];

const phone = (viewport) => browser(viewport, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

/** What sticks out sideways: the page's width beyond the screen's, and the
 * elements whose right edge passes it. */
const overflow = (page) => page.evaluate(() => {
  const w = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return false;
      // Inside a box that scrolls on its own is fine.
      for (let p = e.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (/(auto|scroll|hidden)/.test(s.overflowX) && p !== document.body && p !== document.documentElement) return false;
      }
      return r.right > w + 1 || r.left < -1;
    })
    .slice(0, 5)
    .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : ''} (${Math.round(e.getBoundingClientRect().left)}–${Math.round(e.getBoundingClientRect().right)})`);
  return { scroll: document.documentElement.scrollWidth - w, wide };
});

async function noOverflow(page, where) {
  const o = await overflow(page);
  assert.ok(o.scroll <= 0 && o.wide.length === 0, `${where}: ${o.scroll}px too wide; ${o.wide.join(', ')}`);
}

async function bigEnough(page, where) {
  assert.deepEqual(await smallTargets(page), [], `${where}: controls under 24 px`);
}

/** Tap the centre of a Star Tigris cell (panned into sight). */
async function tapCell(page, name) {
  const { col, row } = parseCell(name);
  const c = await page.$eval('#board', (el) => ({ cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy }));
  await tapBoardAt(page, [c.ox + (col + 0.5) * c.cell, c.oy + (row + 0.5) * c.cell]);
}

/** The board drawn for a finger: every cell at least 24 px (the page's
 * own `data-cell`, and measured: the canvas's width over its columns),
 * the board wider than its box, which pans. */
async function fingerBoard(page, cols, where) {
  const b = await page.$eval('#board', (c) => ({ cell: +c.dataset.cell, width: c.getBoundingClientRect().width }));
  assert.ok(b.cell >= 24, `${where}: cells of ${b.cell} px`);
  assert.ok(b.width / cols >= 24, `${where}: the board is ${b.width} px for ${cols} columns`);
  assert.ok(await page.$eval('#board-box', (x) => x.classList.contains('pans') && x.scrollWidth > x.clientWidth), `${where}: the board pans in its box`);
}

const tapCatanSpot = (page, at) => tapBoardAt(page, at);

for (const { name, viewport } of PHONES) {
  test(`Star Tigris on a ${name} phone: a few turns by tapping, nothing too wide or too small`, async () => {
    const context = await phone(viewport);
    try {
      const page = context.pages()[0] ?? await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(site.url);
      await page.waitForSelector('body[data-screen="new"]');
      await noOverflow(page, 'the new-game dialog');
      await bigEnough(page, 'the new-game dialog');
      await page.screenshot({ path: join(artefacts, `phone-${name}-star-tigris-new.png`) });
      await page.selectOption('#kind1', 'search:easy');
      await page.tap('#start');
      await page.waitForSelector('#decision');
      await noOverflow(page, 'a turn');
      await bigEnough(page, 'a turn');
      assert.match(await page.textContent('#decision .hint'), /tap/i, 'the hint speaks of tapping');
      // Every cell a finger taps is at least 24 px: the board is drawn
      // larger than the screen (18 to 22 px would fit) and pans in its box.
      await fingerBoard(page, Number(await page.getAttribute('#board', 'data-cols')), 'Star Tigris');
      for (let turn = 0; turn < 3; turn++) {
        await page.waitForSelector('#decision [data-cmd="slot:1"], #decision [data-cmd^="slot:"]', { timeout: 30000 });
        await page.waitForFunction(() => !!document.querySelector('#decision'), null, { timeout: 30000 });
        const slot = await page.$('#decision [data-cmd^="slot:"]:not([disabled])');
        if (!slot) break;
        await slot.tap();
        // The board's box stays in sight while a piece is picked below it.
        const board = await page.$eval('#board-box', (b) => { const r = b.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
        assert.ok(board.top >= -1 && board.bottom <= viewport.height + 1, `the board is at ${Math.round(board.top)}–${Math.round(board.bottom)} after a pick`);
        const lit = (await page.textContent('#targets')).replace(/^[^:]*:/, '').trim().split(/\s+/).filter(Boolean);
        if (lit.length === 0) break;
        const before = await page.$$eval('#panel li', (l) => l.length);
        await tapCell(page, lit[0]);
        // A finger's first tap previews, nothing is played yet; the line
        // just above the board says what a second tap would do.
        assert.equal(await page.$$eval('#panel li', (l) => l.length), before, 'one tap only previews');
        assert.match(await page.textContent('#preview'), new RegExp(`^${lit[0]}:`));
        const hint = await page.$eval('#board-hint', (h) => { const r = h.getBoundingClientRect(); const b = document.querySelector('#board-box').getBoundingClientRect(); return { text: h.textContent, gap: b.top - r.bottom, hidden: h.hidden }; });
        assert.equal(hint.hidden, false);
        assert.match(hint.text, new RegExp(`^Tap again: .*${lit[0]}`));
        assert.ok(hint.gap >= -1 && hint.gap < 24, `the line is ${hint.gap} px above the board`);
        await tapCell(page, lit[0]);
        await page.waitForFunction((n) => document.querySelectorAll('#panel li').length > n, before);
        if (turn === 0) await page.screenshot({ path: join(artefacts, `phone-${name}-star-tigris-play.png`) });
        // The AI plays between the person's turns.
        await page.waitForFunction(() => !!document.querySelector('#decision [data-cmd^="slot:"]'), null, { timeout: 30000 });
      }
      await noOverflow(page, 'after a few turns');
      await page.tap('header [data-cmd="lessons"]');
      await page.waitForSelector('#lessons .lessons-items li button');
      await noOverflow(page, 'the lessons');
      await page.screenshot({ path: join(artefacts, `phone-${name}-star-tigris-lessons.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  test(`Catan on a ${name} phone: the first tap shows, the second builds; every target at least 24 px; the instruction beside the board`, async () => {
    const context = await phone(viewport);
    try {
      const page = context.pages()[0] ?? await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(site.home + 'catan.html');
      await page.waitForSelector('body[data-state="ready"]');
      await page.tap('[data-cmd="game-new"]');
      await page.waitForSelector('#newgame:not([hidden]) #ng-start');
      await page.selectOption('#ng-who-1', 'search:easy');
      await page.selectOption('#ng-who-2', 'none');
      await page.fill('#ng-name-0', 'Ann');
      await page.fill('#ng-seed', '5');
      await page.tap('#ng-start');
      await page.waitForSelector('body[data-mode="game"]');
      await page.click('#ai-pace [data-cmd="game-pace:0"]');
      await noOverflow(page, 'a game');
      await bigEnough(page, 'a game');
      // Every board target is at least 24 px: the board is drawn larger
      // than the screen and pans in its box.
      const target = Number(await page.getAttribute('#board', 'data-target'));
      assert.ok(target >= 24, `targets of ${target} px`);
      assert.ok(await page.$eval('#board-box', (b) => b.classList.contains('pans') && b.scrollWidth > b.clientWidth));
      const spots = JSON.parse(await page.getAttribute('#board', 'data-spots'));
      let closest = Infinity;
      for (let i = 0; i < spots.length; i++) for (let j = i + 1; j < spots.length; j++) {
        closest = Math.min(closest, Math.hypot(spots[i][0] - spots[j][0], spots[i][1] - spots[j][1]));
      }
      assert.ok(closest >= 24, `lit places ${closest} px apart`);
      // The instruction stands right above the board, in sight.
      const hint = await page.$eval('#board-hint', (h) => { const r = h.getBoundingClientRect(); const b = document.querySelector('#board-box').getBoundingClientRect(); return { text: h.textContent, bottom: r.bottom, gap: b.top - r.bottom, hidden: h.hidden }; });
      assert.equal(hint.hidden, false);
      assert.match(hint.text, /^Tap a place once to see what it would do; tap it again to do it\.$/);
      assert.ok(hint.gap >= -1 && hint.gap < 24, `the instruction is ${hint.gap} px above the board`);
      // The first tap on a free corner builds nothing: it shows the ghost
      // and says what a second tap would do.
      const spot = spots[Math.floor(spots.length / 2)];
      // Where the board is laid out on the page, whatever its scrolling.
      const boardTop = () => page.$eval('#board', (c) => { let y = 0; for (let e = c; e; e = e.offsetParent) y += e.offsetTop; return y; });
      const topBefore = await boardTop();
      await tapCatanSpot(page, spot);
      await page.waitForFunction(() => /Tap again: /.test(document.querySelector('#board-hint').textContent));
      assert.match(await page.textContent('#board-hint'), /^Tap again: Build a settlement at the /);
      // The board did not move: a second tap lands where the first did.
      assert.equal(await boardTop(), topBefore);
      assert.match(await page.getAttribute('#board', 'data-preview'), /^settlement \d+$/);
      assert.doesNotMatch(await page.textContent('#log'), /Ann: Build/, 'one tap only previews');
      assert.match(await page.textContent('#asked'), /starting building|settlement/i);
      // The same words for a screen reader (said a moment after the region is made).
      await page.waitForFunction(() => /: nothing built\. Tap again: Build a settlement/.test(document.querySelector('#explore-said')?.textContent ?? ''));
      await page.screenshot({ path: join(artefacts, `phone-${name}-catan-preview.png`) });
      // Another place moves the preview; nothing is built either.
      const other = spots.find((s) => Math.hypot(s[0] - spot[0], s[1] - spot[1]) > 60);
      const first = await page.textContent('#board-hint');
      await tapCatanSpot(page, other);
      await page.waitForFunction((t) => document.querySelector('#board-hint').textContent !== t, first);
      assert.match(await page.textContent('#board-hint'), /Tap again: Build a settlement/);
      assert.doesNotMatch(await page.textContent('#log'), /Ann: Build/);
      // The second tap on the same place builds.
      await tapCatanSpot(page, other);
      await page.waitForFunction(() => /Ann: Build a settlement/.test(document.querySelector('#log').textContent));
      await page.waitForFunction(() => /Place a road/.test(document.querySelector('#asked')?.textContent));
      assert.match(await page.textContent('#board-hint'), /^Tap a place once/);
      // The road: two taps again.
      const roads = JSON.parse(await page.getAttribute('#board', 'data-spots'));
      await tapCatanSpot(page, roads[0]);
      await page.waitForFunction(() => /Tap again: Build a road/.test(document.querySelector('#board-hint').textContent));
      assert.doesNotMatch(await page.textContent('#log'), /Ann: Build a road/);
      await tapCatanSpot(page, roads[0]);
      await page.waitForFunction(() => /Ann: Build a road/.test(document.querySelector('#log').textContent));
      await noOverflow(page, 'after the set-up');
      await page.screenshot({ path: join(artefacts, `phone-${name}-catan-built.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });

  for (const [size, n] of [['16:60', 16], ['50:500', 50]]) test(`Domains on a ${name} phone, ${n} × ${n}: a person's orders by tapping, every square at least 24 px, nothing too wide or too small`, async () => {
    const context = await phone(viewport);
    try {
      const page = context.pages()[0] ?? await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(site.home + 'domains.html');
      await page.waitForSelector('body[data-state="ready"]');
      await noOverflow(page, 'the setup');
      await bigEnough(page, 'the setup');
      if (n === 16) await page.screenshot({ path: join(artefacts, `phone-${name}-domains-setup.png`) });
      await page.selectOption('#players', '2');
      await page.selectOption('#seat-0', 'person');
      await page.selectOption('#board-size', size);
      await page.fill('#seed', '2');
      await page.tap('[data-cmd="start"]');
      await page.waitForSelector('#person:not([hidden])');
      await noOverflow(page, 'a person\'s orders');
      await bigEnough(page, 'a person\'s orders');
      assert.match(await page.textContent('#person-msg'), /tap/i);
      // Every square a finger taps is at least 24 px (17 to 21 px would
      // fit on 16 × 16, 6 or 7 px on 50 × 50): the board pans in its box.
      await fingerBoard(page, n, `Domains ${n} × ${n}`);
      const cell = Number(await page.getAttribute('#board', 'data-cell'));
      // The panned board opens on the person's units (unit 0 and the square
      // above it, where it would move, in sight in the box), and the box in
      // the window above the orders, none of it covered by them.
      await page.waitForTimeout(300);
      const opened = await page.evaluate(() => {
        const box = document.querySelector('#board-box');
        const b = box.getBoundingClientRect();
        const o = document.querySelector('#person').getBoundingClientRect();
        return { left: box.scrollLeft, top: box.scrollTop, width: box.clientWidth, height: box.clientHeight, boxTop: b.top, covered: b.bottom - o.top };
      });
      for (const [row, col] of [[n - 2, 1], [n - 3, 1]]) {
        const [x, y] = [(col + 0.5) * cell, (row + 0.5) * cell];
        assert.ok(x >= opened.left && x <= opened.left + opened.width && y >= opened.top && y <= opened.top + opened.height,
          `the square (${row}, ${col}) of the person's unit is out of sight: ${JSON.stringify(opened)}`);
      }
      assert.ok(opened.boxTop >= 0 && opened.covered <= 0, `the board's box opens in sight, uncovered: ${JSON.stringify(opened)}`);
      const tap = (row, col) => tapBoardAt(page, [(col + 0.5) * cell, (row + 0.5) * cell]);
      const hint = () => page.$eval('#board-hint', (h) => { const r = h.getBoundingClientRect(); const b = document.querySelector('#board-box').getBoundingClientRect(); return { text: h.textContent, gap: b.top - r.bottom, hidden: h.hidden }; });
      assert.match((await hint()).text, /^Tap a square once to see what it would do/);
      await tap(n - 2, 1);
      assert.match(await page.textContent('#person-msg'), /Unit 0: tap a square/);
      // The first tap on an order's square says what it would be, in the
      // orders and on the line just above the board; no order is given.
      await tap(n - 3, 1);
      assert.match(await page.textContent('#person-msg'), /Unit 0 would move up: tap the square again/);
      const h = await hint();
      assert.equal(h.hidden, false);
      assert.match(h.text, /^Unit 0 would move up: tap the square again/);
      assert.ok(h.gap >= -1 && h.gap < 24, `the line is ${h.gap} px above the board`);
      assert.doesNotMatch(await page.textContent('#person'), /Unit 0: move up/, 'one tap gives no order');
      // The orders never cover the board's box: with the line above the
      // board at the top of the screen, the whole box is above them.
      await page.$eval('#board-hint', (h) => h.scrollIntoView({ block: 'start' }));
      const covered = await page.evaluate(() => document.querySelector('#board-box').getBoundingClientRect().bottom - document.querySelector('#person').getBoundingClientRect().top);
      assert.ok(covered <= 0, `the orders cover ${covered} px of the board's box`);
      await page.screenshot({ path: join(artefacts, `phone-${name}-domains-${n}-preview.png`) });
      await tap(n - 3, 1);
      assert.match(await page.textContent('#person-msg'), /Unit 0: move up/);
      // "End my orders" is within reach without scrolling.
      const end = await page.$eval('[data-cmd="person-end"]', (b) => b.getBoundingClientRect().bottom);
      assert.ok(end <= viewport.height, `End my orders at ${Math.round(end)}px, below the fold`);
      await page.screenshot({ path: join(artefacts, `phone-${name}-domains-${n}-orders.png`) });
      await page.tap('[data-cmd="person-end"]');
      await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.includes('you gave 1 order')));
      await noOverflow(page, 'after a round');
      if (n === 16) {
        // A game of bots alone, which nobody taps, is shown whole.
        await page.tap('header [data-cmd="new"]');
        await page.waitForSelector('#setup:not([hidden])');
        await page.selectOption('#seat-0', 'bot:dummy');
        await page.tap('[data-cmd="start"]');
        if (await page.$('#confirm-go')) await page.tap('#confirm-go');
        await page.waitForSelector('#setup', { state: 'hidden' });
        await page.waitForFunction(() => !document.querySelector('#board-box').classList.contains('pans'));
        const whole = await page.$eval('#board', (c) => ({ width: c.getBoundingClientRect().width, right: c.getBoundingClientRect().right }));
        assert.ok(whole.right <= viewport.width, `the bots' board is ${whole.width} px wide, to ${whole.right}`);
        // The bot editor is in the page's whole module: the page loads it.
        await Promise.all([page.waitForNavigation(), page.tap('header [data-cmd="bots"]')]);
        await page.waitForSelector('body[data-state="ready"] #bots:not([hidden])');
        await noOverflow(page, 'Your bots');
        await page.screenshot({ path: join(artefacts, `phone-${name}-domains-bots.png`) });
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}

for (const { name, viewport } of PHONES) {
  test(`Star Tigris on a ${name} phone: the end screen fits, its scores in sight`, async () => {
    const context = await phone(viewport);
    try {
      const page = context.pages()[0] ?? await context.newPage();
      await page.goto(site.url);
      await page.waitForSelector('body[data-screen="new"]');
      await page.evaluate((text) => localStorage.setItem('tabula.star-tigris.autosave', text), finishedGame());
      await page.reload();
      await page.waitForSelector('body[data-screen="over"]');
      await noOverflow(page, 'the end screen');
      await bigEnough(page, 'the end screen');
      const table = await page.$eval('table.scores', (t) => {
        const r = t.getBoundingClientRect();
        const box = t.closest('.dialog').getBoundingClientRect();
        return { right: r.right, boxRight: box.right, width: t.scrollWidth, shown: t.clientWidth };
      });
      assert.ok(table.right <= table.boxRight + 1 && table.width <= table.shown + 1, `the score table is ${table.width}px in ${table.shown}px`);
      await page.screenshot({ path: join(artefacts, `phone-${name}-star-tigris-end.png`) });
    } finally {
      await context.close();
    }
  });
}

for (const { name, viewport } of PHONES) {
  test(`Vector on a ${name} phone: the game by taps on its buttons (its board takes no taps), and the editor's squares of 24 px painted in two taps`, async () => {
    const context = await phone(viewport);
    try {
      const page = context.pages()[0] ?? await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(site.home + 'vector.html');
      await page.waitForSelector('body[data-state="ready"]');
      if (!(await page.$('#start'))) await page.tap('header [data-cmd="new"]');
      await noOverflow(page, 'the set-up');
      await bigEnough(page, 'the set-up');
      for (let i = 0; i < 4; i++) await page.selectOption(`#seat-${i}`, i === 0 ? 'human' : 'random');
      await page.fill('#rounds', '2');
      await page.fill('#seed', '5');
      await page.tap('#start');
      await page.waitForSelector('#decision .compass');
      await noOverflow(page, 'the game');
      await bigEnough(page, 'the game');
      // The game's board takes no taps (a move is a button): a tap on it
      // decides nothing, and it is shown whole.
      const whole = await page.$eval('#board', (c) => c.getBoundingClientRect().right);
      assert.ok(whole <= viewport.width, `the game's board reaches ${whole} px`);
      const asked = await page.textContent('#decision');
      const b = await page.$eval('#board', (c) => { const r = c.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; });
      await page.touchscreen.tap(b[0], b[1]);
      await page.waitForTimeout(300);
      assert.equal(await page.textContent('#decision'), asked, 'a tap on the board decided nothing');
      // A round by taps on the buttons.
      for (let step = 0; step < 20 && !(await page.$('#round-summary')); step++) {
        await page.waitForSelector('#decision .compass, #decision .magnitudes, #round-summary');
        if (await page.$('#decision .compass')) await page.tap('#decision .compass button:not([disabled])');
        else if (await page.$('#decision .magnitudes')) await page.tap('#decision .magnitudes button[data-mag="2"]');
      }
      await noOverflow(page, 'after a round');
      await bigEnough(page, 'after a round');
      await page.screenshot({ path: join(artefacts, `phone-${name}-vector-game.png`) });
      // The editor is in the page's whole module: the page loads it.
      await Promise.all([page.waitForNavigation(), page.tap('header [data-cmd="edit:open"]')]);
      await page.waitForSelector('body[data-state="ready"] #editor');
      await page.selectOption('#ed-start', 'empty');
      await page.tap('#ed-load');
      await page.waitForFunction(() => document.querySelector('#ed-check').textContent.includes('can be played'));
      await page.selectOption('#ed-kind', 'move');
      await page.waitForSelector('#ed-dir');
      await page.selectOption('#ed-dir', 'S');
      await page.fill('#ed-steps', '2');
      await page.press('#ed-steps', 'Tab');
      await page.waitForFunction(() => document.querySelector('#ed-paints').textContent.startsWith('Paints ↓2'));
      await noOverflow(page, 'the editor');
      await bigEnough(page, 'the editor');
      // Every square at least 24 px (measured: the canvas over its 21
      // squares and the goals' two rows), the board panning in its box.
      const ed = await page.$eval('#board', (c) => c.getBoundingClientRect().width);
      assert.ok(ed / 23 >= 24, `the editor's board is ${ed} px`);
      assert.ok(await page.$eval('#board-box', (x) => x.classList.contains('pans') && x.scrollWidth > x.clientWidth), 'the editor\'s board pans in its box');
      assert.match(await page.textContent('#board-hint'), /^Tap a square once to frame it/);
      // A first tap frames the square and says what the second paints;
      // it paints nothing. The second paints it.
      const cellPx = ed / 23;
      const tapSquare = (row, col) => tapBoardAt(page, [(col + 1.5) * cellPx, (row + 1.5) * cellPx]);
      const label = () => page.getAttribute('#board', 'aria-label');
      await tapSquare(6, 7);
      await page.waitForFunction(() => /^Tap again: paint row 6, column 7 — /.test(document.querySelector('#board-hint').textContent));
      const paint = (await page.textContent('#board-hint')).replace(/^Tap again: paint row 6, column 7 — /, '').replace(/\.$/, '');
      assert.match(await label(), /row 6, column 7: /);
      assert.ok(!(await label()).endsWith(paint), `one tap painted: ${await label()}`);
      const hint = await page.$eval('#board-hint', (h) => h.getBoundingClientRect().bottom);
      const top = await page.$eval('#board-box', (x) => x.getBoundingClientRect().top);
      assert.ok(top - hint >= -1 && top - hint < 24, 'the line is just above the board');
      await page.screenshot({ path: join(artefacts, `phone-${name}-vector-editor-preview.png`) });
      await tapSquare(6, 7);
      await page.waitForFunction((p) => document.querySelector('#board').getAttribute('aria-label').endsWith(p), paint);
      await noOverflow(page, 'the editor after painting');
      await page.screenshot({ path: join(artefacts, `phone-${name}-vector-editor.png`) });
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
    }
  });
}
