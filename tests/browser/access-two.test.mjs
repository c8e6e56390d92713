// Every player, round two (issue 44): the focus never falls to <body>
// (after Start on every page, after Catan's actions, at Vector's game and
// tournament end, on closing a dialog), and never onto a button that
// spends or ends something by surprise; the page behind a dialog is
// inert.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve, browser, axeViolations, pickLanguage } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());

/** Where the focus is: 'body', or the element's id / command / tag and
 * its text, and whether it is in the page's header. */
const focusAt = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (!a || a === document.body) return { what: 'body', text: '', inHeader: false, cmd: '' };
  return {
    what: a.id ? `#${a.id}` : a.dataset.cmd ? `[data-cmd="${a.dataset.cmd}"]` : a.tagName.toLowerCase(),
    text: (a.textContent || '').trim().slice(0, 80),
    inHeader: !!a.closest('header'),
    cmd: a.dataset.cmd || '',
    tag: a.tagName.toLowerCase(),
  };
});

/** Focus is on a named place of the game (not <body>, not the header). */
async function focusOnPlace(page, when) {
  // The page settles the focus after its redraw.
  await page.waitForTimeout(150);
  const f = await focusAt(page);
  assert.notEqual(f.what, 'body', `${when}: the focus fell to <body>`);
  assert.ok(!f.inHeader, `${when}: the focus went back to the header (${f.what})`);
  return f;
}

async function openGame(context, name) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + name + '.html');
  await page.waitForSelector(name === 'star-tigris' ? 'body[data-screen="new"]' : 'body[data-state="ready"]');
  return { page, errors };
}

/** Press a control as a keyboard user does: focus it, Enter. */
async function press(page, selector) {
  await page.focus(selector);
  await page.keyboard.press('Enter');
}

test('after Start the focus is on the game\'s first question on all four pages, never on <body> or back in the header', async () => {
  const context = await browser();
  try {
    {
      const { page, errors } = await openGame(context, 'star-tigris');
      await page.selectOption('#kind1', 'search:easy');
      await press(page, '#start');
      await page.waitForSelector('#decision');
      const f = await focusOnPlace(page, 'Star Tigris');
      assert.match(f.text, /colonist|leader|Orange/i, f.text);
      assert.deepEqual(errors, []);
    }
    {
      const { page, errors } = await openGame(context, 'domains');
      await page.selectOption('#players', '2');
      await page.selectOption('#seat-0', 'person');
      await page.selectOption('#board-size', '12:30');
      await press(page, '[data-cmd="start"]');
      await page.waitForSelector('#person:not([hidden])');
      const f = await focusOnPlace(page, 'Domains');
      // The side panel's heading or, once it is there, the person's orders.
      assert.match(f.text, /orders|round|Domains/i, f.text);
      assert.deepEqual(errors, []);
    }
    {
      const { page, errors } = await openGame(context, 'catan');
      await press(page, '[data-cmd="game-new"]');
      await page.waitForSelector('#newgame:not([hidden]) #ng-start');
      await page.selectOption('#ng-who-1', 'search:easy');
      await page.selectOption('#ng-who-2', 'search:easy');
      await press(page, '#ng-start');
      await page.waitForSelector('body[data-mode="game"]');
      const f = await focusOnPlace(page, 'Catan');
      assert.equal(f.what, '#asked', `Catan: the focus is on ${f.what}`);
      assert.deepEqual(errors, []);
    }
    {
      const { page, errors } = await openGame(context, 'vector');
      if (!(await page.$('#start'))) await press(page, 'header [data-cmd="new"]');
      await page.selectOption('#seat-1', 'random');
      await press(page, '#start');
      await page.waitForSelector('#decision .compass');
      const f = await focusOnPlace(page, 'Vector');
      assert.match(f.text, /direction/, f.text);
      assert.deepEqual(errors, []);
    }
  } finally {
    await context.close();
  }
});

/** Ann's turn before the roll, with cards for roads and a settlement. */
const BEFORE_ROLL = [
  'players 3',
  'turn 5 player 1 before-roll',
  'city 1 5:NW',
  'road 1 5:N',
  'hand 1 BRICK 4 LUMBER 4 WOOL 2 GRAIN 2',
  'dice 2 3',
  'event TRADE',
].join('\n');

// The same with a small hand, so that no AI's 7 asks this seat to
// discard while the AIs play.
const BEFORE_ROLL_SMALL = BEFORE_ROLL.replace('hand 1 BRICK 4 LUMBER 4 WOOL 2 GRAIN 2', 'hand 1 BRICK 1 LUMBER 1');

test('Catan by keyboard: after "Roll the dice" the focus is on no button that acts; after a move of the board list and after "End the turn" it is on the question', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openGame(context, 'catan');
    await press(page, '[data-cmd="game-new"]');
    await page.waitForSelector('#newgame:not([hidden]) #ng-start');
    await page.selectOption('#ng-who-1', 'search:easy');
    await page.selectOption('#ng-who-2', 'search:easy');
    // The AIs' offers to Ann, or a 7 asking her to discard, would wait
    // for her answer: offers off and a small hand.
    await page.uncheck('#ng-ai-offers');
    await page.click('#ng-position-box summary');
    await page.fill('#ng-position', BEFORE_ROLL_SMALL);
    await press(page, '#ng-start');
    await page.waitForSelector('body[data-mode="game"]');
    await page.click('#ai-pace [data-cmd="game-pace:0"]');
    const roll = await page.$$eval('button[data-cmd^="game-act:"]', (bs) => bs.find((b) => b.dataset.cmd.includes('roll_dice'))?.dataset.cmd);
    assert.ok(roll, 'Ann may roll');
    await press(page, `button[data-cmd='${roll}']`);
    await page.waitForFunction(() => [...document.querySelectorAll('button[data-cmd^="game-act:"]')].some((b) => b.dataset.cmd.includes('end_turn')));
    let f = await focusOnPlace(page, 'after "Roll the dice"');
    assert.ok(!f.cmd.startsWith('game-act:'), `after the roll the focus is on a button that acts: ${f.text}`);
    // A second Enter does nothing: the turn is not ended, no card spent.
    const cards = await page.textContent('#hand');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    assert.equal(await page.textContent('#hand'), cards, 'a second Enter spent nothing');
    assert.ok(await page.$('button[data-cmd*="end_turn"]'), 'a second Enter did not end the turn');
    // A road from the list of board moves, by keyboard.
    await page.click('#board-moves summary');
    const road = await page.$$eval('#board-moves button[data-cmd^="game-act:"]', (bs) => bs.find((b) => /road/i.test(b.textContent))?.dataset.cmd);
    assert.ok(road, 'a road is on the list');
    await press(page, `#board-moves button[data-cmd='${road}']`);
    f = await focusOnPlace(page, 'after a move of the board list');
    assert.ok(!f.cmd.startsWith('game-act:'), `after the road the focus is on a button that acts: ${f.text}`);
    // End the turn: the AIs play; the focus stays on the page's question.
    const end = await page.$$eval('button[data-cmd^="game-act:"]', (bs) => bs.find((b) => b.dataset.cmd.includes('end_turn'))?.dataset.cmd);
    await press(page, `button[data-cmd='${end}']`);
    f = await focusOnPlace(page, 'after "End the turn"');
    assert.equal(f.what, '#asked');
    await page.waitForFunction(() => [...document.querySelectorAll('button[data-cmd^="game-act:"]')].some((b) => b.dataset.cmd.includes('roll_dice')), null, { timeout: 180000 });
    f = await focusOnPlace(page, 'when Ann\'s turn comes again');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Vector by keyboard: a whole game and a tournament, the focus never on <body>; "Your bots" is modal and gives the focus back', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openGame(context, 'vector');
    if (!(await page.$('#start'))) await press(page, 'header [data-cmd="new"]');
    for (const [i, who] of ['human', 'random', 'random', 'random'].entries()) await page.selectOption(`#seat-${i}`, who);
    await page.fill('#rounds', '3');
    await press(page, '#start');
    for (let step = 0; step < 60; step++) {
      await page.waitForFunction(() => document.body.dataset.screen === 'over'
        || document.querySelector('#decision .compass, #decision .magnitudes'), null, { timeout: 20000 });
      await focusOnPlace(page, `Vector, step ${step}`);
      if ((await page.getAttribute('body', 'data-screen')) === 'over') break;
      const b = await page.$('#decision .compass button:not([disabled])') ? '#decision .compass button:not([disabled])' : '#decision .magnitudes button[data-mag="1"]';
      await press(page, b);
    }
    assert.equal(await page.getAttribute('body', 'data-screen'), 'over');
    await focusOnPlace(page, 'Vector, the game\'s end');
    // Your bots: behind it the page is inert, the language menu too
    // (docs/accessibility.md); closed, the focus is back on the button
    // that opened it.
    await press(page, '#decision [data-cmd="new"]');
    await page.waitForSelector('#start');
    await press(page, '#setup-bots');
    await page.waitForSelector('#bots:not([hidden]) #bot-code');
    const live = await page.evaluate(() => [...document.querySelectorAll('button, select, input, textarea, a[href]')]
      .filter((e) => !e.closest('#bots') && !e.closest('[inert]') && !e.closest('dialog') && e.getClientRects().length)
      .map((e) => e.id || e.dataset.cmd || e.tagName));
    assert.deepEqual(live, [], 'nothing behind "Your bots" takes the focus');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#bots[hidden]', { state: 'attached' });
    assert.equal((await focusAt(page)).what, '#setup-bots');
    assert.equal(await page.$$eval('[inert]', (l) => l.length), 0, 'the page is live again');
    // A tournament of bots to its end.
    await press(page, 'header [data-cmd="tourney:open"]');
    await page.waitForSelector('#t-start');
    for (let i = 0; i < 4; i++) await page.selectOption(`#entrant-${i}`, 'random');
    await page.fill('#t-games', '2');
    await page.fill('#t-rounds', '2');
    await press(page, '#t-start');
    await page.waitForSelector('body[data-screen="show"]', { timeout: 60000 });
    await focusOnPlace(page, 'Vector, the tournament\'s end');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

/** The language menu's state: inert (inside an inert element), and
 * whether it takes the focus when asked to (a Tab would not reach it). */
const langState = (page) => page.evaluate(() => {
  const lang = document.querySelector('#lang');
  const before = document.activeElement;
  lang.focus();
  const focused = document.activeElement === lang;
  if (focused && before && before !== document.body) before.focus();
  return { inert: !!lang.closest('[inert]'), focused };
});

test('the language menu is inert behind every dialog, on all four pages (their new-game dialog, Vector\'s "Your bots"), and live again when it closes', async () => {
  const context = await browser();
  try {
    for (const [name, opener, dialog] of [
      ['star-tigris', null, '#overlay:not([hidden]) .dialog'],
      ['domains', null, '#setup:not([hidden])'],
      ['catan', 'header [data-cmd="game-new"]', '#newgame:not([hidden])'],
      // Vector's new game is set up in the page itself; its dialog is "Your bots".
      ['vector', '#setup-bots', '#bots:not([hidden]) #bot-code'],
    ]) {
      const { page, errors } = await openGame(context, name);
      if (name === 'star-tigris') {
        // Star Tigris opens with its new-game dialog, which has nothing
        // behind it to go back to: the menu is inert behind it too; a
        // game started, the dialog opened again can be closed.
        await page.waitForSelector(dialog);
        assert.deepEqual(await langState(page), { inert: true, focused: false }, 'star-tigris: the language menu behind the first dialog');
        await press(page, '#start');
        await page.waitForSelector('body:not([data-screen="new"])');
        await press(page, 'header [data-cmd="new"]');
      }
      // Each page opens with its new-game dialog, or opens it from the header.
      if (name === 'vector' && !(await page.$('#setup-bots'))) await press(page, 'header [data-cmd="new"]');
      if (opener) await press(page, opener);
      else if (!(await page.$(dialog))) await press(page, 'header [data-cmd="new"]');
      await page.waitForSelector(dialog);
      const shut = await langState(page);
      assert.deepEqual(shut, { inert: true, focused: false }, `${name}: the language menu behind the dialog`);
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        assert.notEqual((await focusAt(page)).what, '#lang', `${name}: Tab ${i + 1} reached the language menu behind the dialog`);
      }
      // A click on it reaches nothing either.
      await assert.rejects(page.click('#lang', { timeout: 1500 }), `${name}: the language menu took a click behind the dialog`);
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('#lang').closest('[inert]'), null, { timeout: 5000 })
        .catch(() => assert.fail(`${name}: the dialog did not close on Escape`));
      assert.deepEqual(await langState(page), { inert: false, focused: true }, `${name}: the language menu once the dialog is closed`);
      assert.deepEqual(errors, [], name);
    }
  } finally {
    await context.close();
  }
});

// ---------------------------------------------------------------------
// Live regions (issue 44, item 3): what a screen reader is told, recorded
// as it changes. Every change of a live region (aria-live, role log,
// status or alert) is one announcement: the text added or changed (all
// of the region when it is aria-atomic). A list re-read whole after every
// action, a "thinking" line said every few hundred milliseconds or a
// long text cut short show up here.

/** Start recording what live regions announce (into window.__said). */
const record = (page) => page.evaluate(() => {
  window.__said = [];
  const regionOf = (n) => {
    const e = n.nodeType === 1 ? n : n.parentElement;
    return e && e.closest('[aria-live]:not([aria-live="off"]), [role="log"], [role="status"], [role="alert"]');
  };
  new MutationObserver((muts) => {
    const batch = new Map();
    for (const m of muts) {
      const r = regionOf(m.target);
      if (!r || r.closest('[inert], [hidden]')) continue;
      if (!batch.has(r)) batch.set(r, []);
      if (r.getAttribute('aria-atomic') === 'true') batch.get(r).push(null);
      else if (m.type === 'characterData') batch.get(r).push(m.target.data);
      else for (const a of m.addedNodes) batch.get(r).push(a.textContent);
    }
    for (const [r, parts] of batch) {
      const text = (parts.includes(null) ? r.textContent : parts.join(' ')).replace(/\u00a0/g, ' ').trim();
      if (text) window.__said.push({ where: r.id || r.className || r.tagName, text });
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
});

/** What was announced since the last call (and forget it). */
const said = (page) => page.evaluate(() => window.__said.splice(0));

/** Each announcement brief; at most `most` of them for one action. */
function brief(list, most, when) {
  for (const s of list) assert.ok(s.text.length <= 240, `${when}: ${s.text.length} characters said at once in ${s.where}: ${s.text}`);
  assert.ok(list.length <= most, `${when}: ${list.length} announcements: ${list.map((s) => `[${s.where}] ${s.text}`).join(' | ')}`);
}

test('Catan: the log is no live region; only its new lines are said, each once, briefly, a few per action', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openGame(context, 'catan');
    await page.click('[data-cmd="game-new"]');
    await page.waitForSelector('#newgame:not([hidden]) #ng-start');
    await page.selectOption('#ng-who-1', 'search:easy');
    await page.selectOption('#ng-who-2', 'search:easy');
    // The AIs' offers to this seat would wait for its answer; off here.
    await page.uncheck('#ng-ai-offers');
    await page.click('#ng-position-box summary');
    await page.fill('#ng-position', BEFORE_ROLL_SMALL);
    await page.click('#ng-start');
    await page.waitForSelector('body[data-mode="game"]');
    await page.click('#ai-pace [data-cmd="game-pace:0"]');
    assert.equal(await page.getAttribute('#log', 'aria-live'), null, 'the log is not re-read');
    await record(page);
    const act = async (re) => {
      const cmd = await page.$$eval('button[data-cmd^="game-act:"]', (bs, re) => bs.find((b) => new RegExp(re).test(b.dataset.cmd))?.dataset.cmd, re);
      assert.ok(cmd, `a button ${re}`);
      await page.$eval(`button[data-cmd='${cmd}']`, (b) => b.click());
      await page.waitForTimeout(300);
    };
    await act('roll_dice');
    let s = await said(page);
    brief(s, 4, 'the roll');
    assert.ok(s.some((x) => x.where === 'news' && /Player 1/.test(x.text)), `the roll is said: ${JSON.stringify(s)}`);
    await act('road');
    brief(await said(page), 4, 'a road');
    await act('end_turn');
    await page.waitForFunction(() => [...document.querySelectorAll('button[data-cmd^="game-act:"]')].some((b) => b.dataset.cmd.includes('roll_dice')), null, { timeout: 180000 });
    await page.waitForTimeout(300);
    s = await said(page);
    // Two AIs' turns: each new line of the log once, nothing re-read.
    brief(s, 40, 'the AIs\' turns');
    const texts = s.map((x) => x.text);
    assert.equal(new Set(texts).size, texts.length, `nothing said twice: ${texts.join(' | ')}`);
    assert.ok(s.every((x) => x.where !== 'log'), 'the log is never read out whole');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Vector: the panel is no live region; the question, who thinks and each round are said once', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openGame(context, 'vector');
    if (!(await page.$('#start'))) await page.click('header [data-cmd="new"]');
    for (const [i, who] of ['human', 'search:easy', 'random', 'search:easy'].entries()) await page.selectOption(`#seat-${i}`, who);
    await page.fill('#rounds', '3');
    assert.equal(await page.getAttribute('#panel', 'aria-live'), null);
    await record(page);
    await page.click('#start');
    let all = [];
    for (let step = 0; step < 40; step++) {
      await page.waitForFunction(() => document.body.dataset.screen === 'over'
        || document.querySelector('#decision .compass, #decision .magnitudes'), null, { timeout: 20000 });
      await page.waitForTimeout(100);
      const s = await said(page);
      brief(s, 12, `Vector, step ${step}`);
      all = all.concat(s);
      if ((await page.getAttribute('body', 'data-screen')) === 'over') break;
      const b = await page.$('#decision .compass button:not([disabled])') ? '#decision .compass button:not([disabled])' : '#decision .magnitudes button[data-mag="1"]';
      await page.click(b);
    }
    const texts = all.map((x) => x.text);
    for (let i = 1; i < texts.length; i++) assert.notEqual(texts[i], texts[i - 1], `said twice in a row: ${texts[i]}`);
    assert.ok(texts.some((t) => /thinking/.test(t)), `who thinks is said: ${texts.join(' | ')}`);
    assert.ok(texts.some((t) => /^Round \d+ of 3/.test(t)), `each round is said: ${texts.join(' | ')}`);
    assert.ok(texts.some((t) => /win|tie/i.test(t)), `the end is said: ${texts.join(' | ')}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Domains: a key says only its own news, once, with no "click" and no square named twice', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openGame(context, 'domains');
    await page.selectOption('#players', '2');
    await page.selectOption('#seat-0', 'person');
    await page.selectOption('#board-size', '12:30');
    await page.click('[data-cmd="start"]');
    await page.waitForSelector('#person:not([hidden])');
    assert.equal(await page.getAttribute('#notes', 'aria-live'), null);
    await record(page);
    for (const key of ['u', 'ArrowUp', 'ArrowLeft', 'ArrowDown', ' ', 'Enter', 'u', 'ArrowRight', ' ', 'Enter']) {
      await page.keyboard.press(key);
      await page.waitForTimeout(key === 'Enter' ? 1200 : 100);
      const s = await said(page);
      brief(s, 3, `the key ${key}`);
      for (const x of s) {
        assert.doesNotMatch(x.text, /\bclick/i, `a keyboard user is told to click: ${x.text}`);
        assert.ok((x.text.match(/Row \d+, column \d+/g) || []).length <= 1, `a square named twice: ${x.text}`);
      }
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

test('Star Tigris: the AI\'s orders are said once, each order whole', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openGame(context, 'star-tigris');
    await page.selectOption('#kind1', 'search:easy');
    await page.click('#start');
    await page.waitForSelector('#decision');
    assert.equal(await page.getAttribute('#last-turn', 'aria-live'), null, 'the box under the board is not said again');
    await record(page);
    for (let i = 0; i < 2; i++) await page.click('[data-cmd="pass"]');
    await page.waitForFunction(() => /last orders/.test(document.querySelector('#last-turn').textContent), null, { timeout: 30000 });
    await page.waitForTimeout(300);
    const s = await said(page);
    brief(s, 10, 'the AI\'s turn');
    const orders = s.filter((x) => /last orders/.test(x.text));
    assert.equal(orders.length, 1, `the AI's orders said once: ${JSON.stringify(s)}`);
    assert.match(orders[0].text, /settles|places|passes|swaps|moves|withdraws|bomb/i);
    for (const x of s) assert.doesNotMatch(x.text, /…$/, `cut short: ${x.text}`);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
});

// ---------------------------------------------------------------------
// axe mid-game with scrolled logs (item 8), names and words (item 10).

/** The accessible names of the page's links, as Chromium computes them. */
async function linkNames(page) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  return nodes.filter((n) => !n.ignored && n.role?.value === 'link').map((n) => n.name?.value ?? '');
}

test('the home page: every link has a name of its own ("Play Star Tigris", not four "Play"), in English and German', async () => {
  const context = await browser();
  try {
    const page = await context.newPage();
    await page.goto(site.home);
    await page.waitForSelector('main');
    for (const lang of ['en', 'de']) {
      if (lang === 'de') {
        await pickLanguage(page, 'de');
        await page.waitForFunction(() => document.documentElement.lang === 'de');
      }
      const names = (await linkNames(page)).filter((n) => n.trim());
      const twice = names.filter((n, i) => names.indexOf(n) !== i);
      assert.deepEqual(twice, [], `${lang}: links of the same name: ${names.join(' | ')}`);
      assert.ok(names.some((n) => /Catan/.test(n) && new RegExp(lang === 'de' ? 'Spielen' : 'Play').test(n)), names.join(' | '));
      assert.deepEqual(await axeViolations(page), [], `axe on the home page (${lang})`);
    }
  } finally {
    await context.close();
  }
});

test('axe mid-game: Catan with its log scrolled (the log is reached by Tab) and the saved game\'s warning in words; Star Tigris with the AI\'s orders shown', async () => {
  const context = await browser();
  try {
    const { page, errors } = await openGame(context, 'catan');
    await page.click('[data-cmd="game-new"]');
    await page.waitForSelector('#newgame:not([hidden]) #ng-start');
    await page.selectOption('#ng-who-1', 'search:easy');
    await page.selectOption('#ng-who-2', 'search:easy');
    await page.click('#ng-position-box summary');
    await page.fill('#ng-position', BEFORE_ROLL);
    await page.click('#ng-start');
    await page.waitForSelector('body[data-mode="game"]');
    await page.click('#ai-pace [data-cmd="game-pace:0"]');
    // Turns until the log is longer than its box (the person rolls,
    // ends the turn, or takes the first choice offered).
    const long = () => page.$eval('#log', (l) => l.scrollHeight > l.clientHeight);
    for (let step = 0; step < 400 && !(await long()); step++) {
      const cmds = await page.$$eval('button[data-cmd^="game-act:"]', (bs) => bs.map((b) => b.dataset.cmd));
      const pick = cmds.find((c) => c.includes('roll_dice')) ?? cmds.find((c) => c.includes('end_turn')) ?? cmds[0];
      if (pick) await page.$eval(`button[data-cmd='${pick}']`, (b) => b.click());
      else await page.waitForTimeout(250);
    }
    const scrolls = await page.$eval('#log', (l) => { l.scrollTop = l.scrollHeight; return l.scrollHeight > l.clientHeight; });
    assert.ok(scrolls, 'the log is long enough to scroll');
    assert.deepEqual(await axeViolations(page), [], 'axe on a Catan game with its log scrolled');
    assert.equal(await page.getAttribute('#log', 'tabindex'), '0');
    const warning = await page.$eval('#save-warning', (p) => ({ text: p.textContent, shown: p.getClientRects().length > 0 }));
    assert.ok(warning.shown, 'the warning is shown');
    assert.match(warning.text, /hidden ones too/);
    assert.equal(await page.getAttribute('#game-save', 'aria-describedby'), 'save-warning');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
  }
  const context2 = await browser();
  try {
    const { page, errors } = await openGame(context2, 'star-tigris');
    await page.selectOption('#kind1', 'search:easy');
    await page.click('#start');
    await page.waitForSelector('#decision');
    for (let i = 0; i < 2; i++) await page.click('[data-cmd="pass"]');
    await page.waitForFunction(() => /last orders/.test(document.querySelector('#last-turn').textContent), null, { timeout: 30000 });
    await page.$$eval('.log-scroll', (ls) => ls.forEach((l) => { l.scrollTop = 0; }));
    assert.deepEqual(await axeViolations(page), [], 'axe on Star Tigris with the AI\'s orders shown');
    assert.deepEqual(errors, []);
  } finally {
    await context2.close();
  }
});

// ---------------------------------------------------------------------
// Reduced motion (item 9): every page reads it.

test('with reduced motion asked for, nothing moves by itself: no running animation on any page, and a Domains game of bots waits for Play', async () => {
  const context = await browser(undefined, { reducedMotion: 'reduce' });
  try {
    const running = (page) => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
    {
      const { page, errors } = await openGame(context, 'domains');
      await page.selectOption('#players', '2');
      await page.selectOption('#seat-0', 'bot:demo');
      await page.selectOption('#seat-1', 'bot:demo');
      await page.click('[data-cmd="start"]');
      await page.waitForSelector('#setup', { state: 'hidden' });
      await page.waitForTimeout(1500);
      assert.match(await page.textContent('#round-label'), /Round 0\b/, 'the game waits at its first round');
      assert.match(await page.textContent('#notes'), /reduced motion/);
      await page.click('#replay-play');
      await page.waitForFunction(() => /Round [1-9]/.test(document.querySelector('#round-label').textContent));
      assert.equal(await running(page), 0, 'Domains: no animation');
      assert.deepEqual(errors, []);
    }
    {
      const { page, errors } = await openGame(context, 'star-tigris');
      await page.selectOption('#kind1', 'search:easy');
      await page.click('#start');
      await page.waitForSelector('#decision');
      for (let i = 0; i < 2; i++) await page.click('[data-cmd="pass"]');
      await page.waitForTimeout(200);
      assert.equal(await running(page), 0, 'Star Tigris: no animation while the AI thinks');
      assert.deepEqual(errors, []);
    }
    for (const name of ['catan', 'vector']) {
      const { page, errors } = await openGame(context, name);
      assert.equal(await running(page), 0, `${name}: no animation`);
      assert.deepEqual(errors, []);
    }
  } finally {
    await context.close();
  }
});
