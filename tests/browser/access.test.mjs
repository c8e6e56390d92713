// Every player can play: axe-core finds no violation on any screen of any
// page; a person with only a keyboard starts a game and makes legal moves in
// Star Tigris and in Domains, with focus checked at each dialog (it moves
// in, stays in, comes back; Escape closes); a screen reader is told where
// the board's cursor is and what a move there would do, in short sentences.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, open, screen, parseCell, root, finishedGame, axeViolations, scratchDir, pickLanguage } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');


let site;
before(async () => { site = await serve(); });
after(() => site.close());

async function expectClean(page, where) {
  assert.deepEqual(await axeViolations(page), [], `axe on ${where}`);
}

/** Where the focus is: the element's id, command or tag, and whether it
 * is inside the open dialog layer. */
const focusAt = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return { what: 'body', inOverlay: false };
  return {
    what: a.id ? `#${a.id}` : a.dataset.cmd ? `[data-cmd="${a.dataset.cmd}"]` : a.tagName.toLowerCase(),
    inOverlay: !!a.closest('#overlay'),
    inHeader: !!a.closest('header'),
  };
});

/** Press Tab `n` times; focus never leaves the dialog for the page behind
 * (the language menu too is inert behind a dialog). */
async function tabStaysIn(page, n = 25) {
  for (let i = 0; i < n; i++) {
    await page.keyboard.press('Tab');
    const f = await focusAt(page);
    assert.ok(f.inOverlay || f.what === 'body', `Tab ${i + 1} left the dialog for ${f.what}`);
  }
}

/** Arrow presses that take the board's cursor from `from` to `to` (cell names). */
function arrowsBetween(from, to) {
  const a = parseCell(from);
  const b = parseCell(to);
  const keys = [];
  for (let c = a.col; c < b.col; c++) keys.push('ArrowRight');
  for (let c = a.col; c > b.col; c--) keys.push('ArrowLeft');
  for (let r = a.row; r < b.row; r++) keys.push('ArrowDown');
  for (let r = a.row; r > b.row; r--) keys.push('ArrowUp');
  return keys;
}

test('Star Tigris: axe finds nothing on any screen', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, site.url);
    await expectClean(page, 'the new-game dialog');
    await page.click('#start');
    await page.waitForSelector('body[data-screen="handoff"]');
    await expectClean(page, 'the hand-off');
    await page.click('#ready');
    await page.waitForSelector('#decision');
    await expectClean(page, 'a turn');
    await page.keyboard.press('1');
    await expectClean(page, 'a turn with a tile picked');
    await page.click('[data-cmd="lessons"]');
    await page.waitForSelector('#lessons .lessons-items li button');
    await expectClean(page, 'the list of lessons');
    await page.click('#open-rules');
    await page.waitForSelector('body[data-lessons="rules"]');
    await page.waitForSelector('canvas.rule-board');
    await expectClean(page, 'the rules');
    await page.keyboard.press('Escape');
    await page.click('[data-cmd="lessons"]');
    await page.waitForSelector('#lessons .lessons-items li button');
    await page.click('#lessons [data-lcmd^="open:"]');
    await page.waitForSelector('#lesson-say');
    await expectClean(page, 'a lesson');
    await page.click('[data-cmd="open-game"]');
    await page.waitForSelector('body[data-screen="open"]');
    await expectClean(page, 'Open a game');
    // A finished game, played natively, in the replay viewer.
    const dir = scratchDir('tabula-access-');
    execFileSync(tabula, ['play', '--seats', 'random,random', '--map', join(root, 'maps', 'star-tigris', 'small.txt'), '--games', '1', '--seed', '3', '--records', dir], { stdio: 'ignore' });
    const record = readdirSync(dir).find((f) => f.endsWith('.json'));
    await page.setInputFiles('#game-file', join(dir, record));
    await page.waitForSelector('body[data-screen="replay"]');
    await expectClean(page, 'the replay viewer');
    await page.click('[data-cmd="editor"]');
    await page.waitForSelector('body[data-screen="editor"]');
    await expectClean(page, 'the map editor');
    await pickLanguage(page, 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await expectClean(page, 'the map editor in German');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Star Tigris by keyboard alone: the dialogs hold focus, Escape closes them, and a turn is played with the arrows and Enter', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, site.url);
    // The new-game dialog has the focus, and Tab stays in it.
    let f = await focusAt(page);
    assert.ok(f.inOverlay, `focus starts in the dialog, not on ${f.what}`);
    await tabStaysIn(page);
    // The second seat is an AI: chosen with the keyboard on its list.
    await page.focus('#name1');
    await page.keyboard.press('Tab');
    assert.equal((await focusAt(page)).what, '#kind1');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.inputValue('#kind1'), 'search:easy');
    await page.focus('#start');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#decision');
    assert.equal(await screen(page), 'play');
    // Focus is not stranded in the page's header after the dialog closed.
    f = await focusAt(page);
    assert.ok(!f.inHeader && !f.inOverlay, `after Start the focus is on ${f.what}`);
    // Pick the first tile, walk the cursor to a lit cell and place it.
    await page.keyboard.press('1');
    const said = await page.textContent('#board-say');
    assert.match(said, /highlighted cells/);
    assert.ok(said.length < 240, said);
    const lit = (await page.textContent('#targets')).replace(/^[^:]*:/, '').trim().split(/\s+/);
    const goal = lit[Math.floor(lit.length / 2)];
    const keys = arrowsBetween('A1', goal);
    for (const k of keys) await page.keyboard.press(k);
    const atGoal = await page.textContent('#board-say');
    assert.match(atGoal, new RegExp(`^${goal}:`), atGoal);
    assert.match(atGoal, /Enter: .*(settles|places)/, atGoal);
    assert.ok(atGoal.length <= 240, atGoal);
    const before = await page.$$eval('#panel li', (l) => l.length);
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('#panel li').length > n, before);
    // Lessons (the page kit's screen in place of the game, not a
    // dialog: the header stays in reach): they take the focus, Escape
    // closes them and focus returns to the button that opened them.
    await page.focus('header [data-cmd="lessons"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#lessons .lessons-items');
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('#lessons')), true, 'Lessons take the focus');
    assert.equal(await page.isVisible('#board'), false, 'the game is out of the way');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#lessons', { state: 'detached' });
    await page.waitForSelector('body[data-screen="play"]');
    assert.equal((await focusAt(page)).what, '[data-cmd="lessons"]');
    assert.equal(await page.$$eval('[inert]', (l) => l.length), 0);
    // Open a game, likewise.
    await page.focus('header [data-cmd="open-game"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-screen="open"]');
    assert.ok((await focusAt(page)).inOverlay);
    await page.keyboard.press('Escape');
    await page.waitForSelector('body[data-screen="play"]');
    assert.equal((await focusAt(page)).what, '[data-cmd="open-game"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Star Tigris: the line said after an AI turn names its orders and stays short', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, site.url);
    await page.selectOption('#kind1', 'search:easy');
    await page.click('#start');
    await page.waitForSelector('#decision');
    // Pass both orders: the AI plays its turn.
    for (let i = 0; i < 2; i++) {
      await page.click('[data-cmd="pass"]');
    }
    await page.waitForFunction(() => /last orders/.test(document.querySelector('#last-turn').textContent), null, { timeout: 30000 });
    // Said once in the news region (the box under the board is not
    // read again), an order a line, each short.
    await page.waitForFunction(() => /last orders/.test(document.querySelector('#news')?.textContent ?? ''));
    const lines = await page.$$eval('#news p', (ps) => ps.map((p) => p.textContent));
    assert.equal(await page.getAttribute('#news', 'aria-relevant'), 'additions');
    for (const said of lines) assert.ok(said.length <= 240, `${said.length} characters: ${said}`);
    assert.match(lines.join(' '), /settles|places|passes|swaps|moves|withdraws|bomb/i, lines.join(' '));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

async function openDomains(context) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + 'domains.html');
  await page.waitForSelector('body[data-state="ready"]');
  return { page, errors };
}

test('Domains: axe finds nothing on any screen', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context);
    await expectClean(page, 'the new-game dialog');
    await page.selectOption('#players', '2');
    await page.selectOption('#seat-0', 'person');
    await page.selectOption('#board-size', '12:30');
    await page.click('[data-cmd="start"]');
    await page.waitForSelector('#person:not([hidden])');
    await expectClean(page, 'a person\'s orders');
    await page.click('header [data-cmd="open"]');
    await expectClean(page, 'Open a game');
    await page.keyboard.press('Escape');
    // Two people on one screen: the hand-over.
    await page.click('header [data-cmd="new"]');
    await page.selectOption('#players', '3');
    await page.selectOption('#seat-0', 'person');
    await page.selectOption('#seat-2', 'person');
    await page.selectOption('#board-size', '12:30');
    await page.click('[data-cmd="start"]');
    // The person's game is in progress: the page asks first.
    await page.waitForSelector('#confirm[open]');
    await expectClean(page, 'the question before a game is replaced');
    await page.click('#confirm-go');
    await page.waitForSelector('#person:not([hidden])');
    assert.match(await page.textContent('#person'), /Person 1/);
    await expectClean(page, 'the hand-over');
    // Bots only: a game watched as it plays.
    await page.click('header [data-cmd="new"]');
    await page.selectOption('#players', '2');
    await page.selectOption('#seat-0', 'bot:demo');
    await page.selectOption('#seat-1', 'bot:demo');
    await page.click('[data-cmd="start"]');
    await page.waitForSelector('#confirm[open]');
    await page.click('#confirm-go');
    await page.waitForSelector('#setup', { state: 'hidden' });
    await page.waitForFunction(() => /Round [1-9]/.test(document.querySelector('#round-label').textContent));
    await expectClean(page, 'a game of bots, watched');
    // A step by key says the round and the points, once; playing says nothing per round.
    assert.equal(await page.getAttribute('#round-label', 'aria-live'), null);
    await page.keyboard.press('Home');
    assert.match(await page.textContent('#board-say'), /^Round 0 of 30: .*\d/);
    await page.click('header [data-cmd="bots"]');
    // Your bots is in the page's whole module: the page may load it first.
    await page.waitForSelector('body[data-state="ready"] #bots:not([hidden]) #bot-code');
    await expectClean(page, 'Your bots');
    await page.keyboard.press('Escape');
    await pickLanguage(page, 'de');
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    await expectClean(page, 'the game in German');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Domains by keyboard alone: the setup holds focus, and a person orders a unit with U, the arrows and Space', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context);
    assert.ok((await focusAt(page)).inOverlay, 'the setup has the focus');
    await tabStaysIn(page);
    // Two players, the first a person, on the quick board: by keys on the lists.
    await page.focus('#players');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    assert.equal(await page.inputValue('#players'), '3');
    await page.keyboard.press('Home');
    assert.equal(await page.inputValue('#players'), '2');
    await page.focus('#seat-0');
    for (let i = 0; i < 10 && (await page.inputValue('#seat-0')) !== 'person'; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.inputValue('#seat-0'), 'person');
    await page.focus('#board-size');
    await page.keyboard.press('End');
    assert.equal(await page.inputValue('#board-size'), '12:30');
    await page.focus('#seed');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.focus('[data-cmd="start"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#person:not([hidden])');
    assert.equal(await page.$$eval('[inert]', (l) => l.length), 0, 'the page is live again');
    // U picks the first unit; its square is said.
    await page.keyboard.press('u');
    assert.match(await page.textContent('#person-msg'), /Unit 0/);
    await page.keyboard.press('ArrowUp');
    const said = await page.textContent('#board-say');
    assert.match(said, /^Row 10, column 2: .*Space: unit 0 move up/, said);
    await page.keyboard.press(' ');
    assert.match(await page.textContent('#person-msg'), /Unit 0: move up/);
    assert.match(await page.textContent('#board-say'), /Unit 0: move up/);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.includes('you gave 1 order')));
    // To the end of the game by keyboard: Enter ends each round's orders.
    const over = () => page.evaluate(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.startsWith('Game over')));
    for (let round = 0; round < 40 && !(await over()); round++) {
      await page.waitForFunction(() => !document.querySelector('#person').hidden
        || [...document.querySelectorAll('#notes li')].some((l) => l.textContent.startsWith('Game over')));
      if (await over()) break;
      await page.keyboard.press('Enter');
    }
    assert.ok(await over(), 'the game ends');
    assert.match(await page.textContent('#news'), /Game over/, 'the end is said');
    // Your bots: focus in, Escape out, focus back on its button.
    await page.focus('header [data-cmd="bots"]');
    // The bot editor is in the page's whole module: the page loads it.
    await Promise.all([page.waitForNavigation(), page.keyboard.press('Enter')]);
    await page.waitForSelector('body[data-state="ready"] #bots:not([hidden])');
    assert.ok((await focusAt(page)).inOverlay);
    assert.equal(await page.$eval('header [data-cmd="new"]', (b) => b.closest('[inert]') !== null), true);
    await page.keyboard.press('Escape');
    assert.equal((await focusAt(page)).what, '[data-cmd="bots"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the home page: axe finds nothing, in English and German', async () => {
  const context = await browser();
  try {
    const page = await context.newPage();
    await page.goto(site.home);
    await page.waitForSelector('main');
    await expectClean(page, 'the home page');
    const lang = await page.$('#lang');
    if (lang) {
      await pickLanguage(page, 'de');
      await page.waitForFunction(() => document.documentElement.lang === 'de');
      await expectClean(page, 'the home page in German');
    }
  } finally {
    await context.close();
  }
});

test('Star Tigris: the end of a game is a dialog that takes the focus, reads cleanly and is left by keyboard', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, site.url);
    // A finished game kept by the browser reopens on its end screen.
    await page.evaluate((text) => localStorage.setItem('tabula.star-tigris.autosave', text), finishedGame());
    await page.reload();
    await page.waitForSelector('body[data-screen="over"]');
    const f = await focusAt(page);
    assert.ok(f.inOverlay, `the end screen has the focus (it is on ${f.what})`);
    await expectClean(page, 'the end screen');
    await tabStaysIn(page, 10);
    // "Replay the game" by keyboard.
    await page.focus('#end-replay');
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-screen="replay"]');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Star Tigris by keyboard alone, start to end: a game against the AI on the small map, every order by keys', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, site.url);
    // Set up by keys: 2 players, the second an AI, the small map.
    await page.focus('#kind1');
    await page.keyboard.press('ArrowDown');
    await page.focus('#map');
    for (let i = 0; i < 10 && (await page.inputValue('#map')) !== 'small'; i++) await page.keyboard.press('ArrowDown');
    assert.equal(await page.inputValue('#map'), 'small');
    await page.focus('#seed');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('9');
    await page.keyboard.press('Enter');
    const myTurn = () => page.waitForFunction(() => document.body.dataset.screen === 'over' || !!document.querySelector('#decision:not(.waiting)'), null, { timeout: 60000 });
    /** Press a button of the panel as a keyboard user does: focus it, Enter. */
    const press = async (cmd) => {
      await page.focus(`#decision [data-cmd="${cmd}"]`);
      await page.keyboard.press('Enter');
    };
    /** Where the cursor is: an arrow there and back says its cell. */
    const cursorAt = async () => {
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowLeft');
      return (await page.textContent('#board-say')).split(':')[0].trim();
    };
    const lit = async () => (await page.textContent('#targets')).replace(/^[^:]*:/, '').trim().split(/\s+/).filter(Boolean);
    const placeOn = async (goal) => {
      for (const k of arrowsBetween(await cursorAt(), goal)) await page.keyboard.press(k);
      assert.match(await page.textContent('#board-say'), new RegExp(`^${goal}:.*Enter: `));
      await page.keyboard.press('Enter');
    };
    let orders = 0;
    while (orders < 200) {
      await myTurn();
      if ((await screen(page)) === 'over') break;
      // Keys act on the board, not on a button left focused by the last press.
      await page.focus('#board');
      const buttons = await page.$$eval('#decision [data-cmd]', (bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.cmd));
      const decision = buttons.find((c) => /^(commit|resolve|take):/.test(c));
      if (decision) {
        await press(decision);
      } else if (orders >= 6 && buttons.includes('bomber')) {
        // Finish the game: bomb the artifacts until two or fewer are left.
        await page.keyboard.press('b');
        const t = await lit();
        const cell = ['A1', 'G2', 'B7', 'H8'].find((c) => t.includes(c));
        if (cell) await placeOn(cell); else { await page.keyboard.press('Escape'); await press('pass'); }
      } else {
        await page.keyboard.press('1');
        const t = await lit();
        if (t.length) await placeOn(t[0]); else { await page.keyboard.press('Escape'); await press('pass'); }
      }
      orders += 1;
    }
    assert.equal(await screen(page), 'over', `the game ended (after ${orders} orders)`);
    assert.ok((await focusAt(page)).inOverlay, 'the end screen has the focus');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('a Star Tigris lesson by keyboard: the learner picks with Enter, walks the cursor to the cell and plays it', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, site.url);
    await page.focus('#open-lessons');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-lcmd="open:01-basic-round"]');
    await page.focus('[data-lcmd="open:01-basic-round"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#lesson-say');
    // Step on to the learner's move (lessons/star-tigris/01-basic-round.json, step 3: colonize mining D2).
    for (let i = 0; i < 5 && !(await page.isDisabled('[data-lcmd="next"]')); i++) await page.keyboard.press('ArrowRight');
    assert.ok(await page.isDisabled('[data-lcmd="next"]'), 'a step waits for the learner');
    await page.focus('[data-lcmd="piece:colonist:mining"]');
    await page.keyboard.press('Enter');
    // The kit's board: the arrow keys go from place to place, the
    // picked piece's cells first (not a grid walk).
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'lesson-board', 'the board has the focus');
    for (let i = 0; i < 60 && !/^D2: /.test(await page.textContent('#lesson-cursor')); i++) await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#lesson-cursor'), /^D2: .*Enter: /);
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('.lesson-right'), /Well done/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('the Star Tigris map editor by keyboard: the cursor\'s cell is said, and what is painted there', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, site.url);
    await page.focus('#overlay [data-cmd="editor"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-screen="editor"]');
    await page.focus('#board');
    await page.keyboard.press('ArrowRight');
    const first = await page.textContent('#board-say');
    assert.match(first, /^[A-Z]+\d+: (Open cell|Uninhabitable|Artifact)\.$/, first);
    const cell = first.split(':')[0];
    // Paint it uninhabitable (key 2, Enter), step away and back: the cell says so.
    await page.keyboard.press('2');
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await page.textContent('#board-say'), `${cell}: Uninhabitable.`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});
