// Online play on the Catan page and the rooms' clocks, through `tabula
// serve`: two browsers meet in a Catan room from the invitation link with
// a bot in the third seat and play the set-up and several turns on the
// page's own game screen (spots on the board, buttons for the rest); a
// reload mid-game takes the seat back; no frame to a seat holds another
// person's hand, and a watcher's none at all; the clock set in the lobby
// counts down in the room. A person whose browser closes is
// "reconnecting" to the other, then after the room's (short) takeover
// wait a bot plays the seat. The Catan screen in German on a phone, axe
// clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, artefacts, axeViolations, tapBoardAt } from './harness.mjs';
import { startServer, openPage, mySeat, lastState } from './online-harness.mjs';

/** Make a Catan room on `p` (a page at catan.html): seat kinds after the
 * first person seat, and the lobby's clock, if any. */
async function makeCatanRoom(p, { name = 'Ada', seats = ['person', 'greedy'], clock = null, rules = null } = {}) {
  await p.page.click('#online-open');
  await p.page.waitForSelector('#online-create-room');
  await p.page.waitForSelector('#online-no-rooms, #online-rooms li');
  await p.page.fill('#online-name', name);
  await p.page.selectOption('#online-seat-count', String(seats.length + 1));
  for (const [i, kind] of seats.entries()) await p.page.selectOption(`#online-seat-${i + 1}`, kind);
  if (rules) await p.page.selectOption('#online-opt-rules', rules);
  if (clock) await p.page.selectOption('#online-clock', clock);
  await p.page.click('#online-create-room');
  await p.page.waitForSelector('#online-room');
}

/** One Catan decision on `p` when its seat may act: a lit spot on the
 * board (the first of several offered after it), else a button chosen by
 * a plain preference among the server's `legal` actions. False when the
 * seat has nothing to do now. */
async function catanStep(p) {
  const s = lastState(p.frames);
  if (!s || s.phase !== 'playing' || s.legal.length === 0) return false;
  if (!await p.page.$('#online-cg-panel [data-online-act]:not([disabled])')) return false;
  const before = s.state;
  const spots = JSON.parse((await p.page.getAttribute('#online-cg-board', 'data-spots')) || '[]');
  // Buttons that are not moves on the board (those are listed too).
  const others = await p.page.$$('#online-cg-panel > .game-group:not(#board-moves) [data-online-act]:not([disabled]), #online-cg-panel .offer [data-online-act]:not([disabled])');
  if (spots.length && others.length === 0) {
    // Only moves on the board (the set-up, the robber): a lit spot.
    const [x, y] = spots[Math.floor(spots.length / 2)];
    await p.page.click('#online-cg-board', { position: { x, y } });
    for (let i = 0; i < 20 && lastState(p.frames).state === before; i++) {
      if (await p.page.$('#spot-menu [data-online-act]')) {
        await p.page.click('#spot-menu [data-online-act]');
        break;
      }
      await p.page.waitForTimeout(50);
    }
  } else {
    const buttons = await p.page.$$eval('#online-cg-panel [data-online-act]:not([disabled])', (els) => els.map((e) => Number(e.dataset.onlineAct)));
    const text = (i) => JSON.stringify(s.legal[i]);
    const prefer = ['"city"', '"settlement"', 'roll_dice', 'upgrade_progress', 'decline', '"discard"', 'end_turn'];
    let pick = buttons[0];
    for (const want of prefer) {
      const found = buttons.find((i) => text(i).includes(want));
      if (found !== undefined) { pick = found; break; }
    }
    // (A move on the board may sit in the folded list: clicked as a keyboard would.)
    await p.page.$eval(`#online-cg-panel [data-online-act="${pick}"]`, (e) => e.click());
  }
  for (let i = 0; i < 80 && lastState(p.frames).state === before; i++) await p.page.waitForTimeout(50);
  return lastState(p.frames).state > before;
}

/** No state frame `frames` holds shows a hand other than seat `seat`'s
 * (`null`: a watcher, who sees none): other seats' hands are empty, their
 * progress and development cards gone, and the decks hold nothing. */
function assertNoOtherHand(frames, seat, who) {
  const states = frames.filter((f) => f.type === 'state' && f.view?.state);
  assert.ok(states.length > 0, `${who} received states`);
  for (const f of states) {
    assert.equal(f.you, seat, `${who}'s frames are for its own seat`);
    const { players, decks, dev_deck } = f.view.state;
    players.forEach((p, s) => {
      if (s === seat) return;
      const shown = f.view.backs[s]?.hand_shown;
      if (!shown) assert.ok(p.hand.every((n) => n === 0), `${who} got seat ${s}'s hand in state ${f.state}`);
      if (!f.view.backs[s]?.progress_shown) assert.deepEqual(p.progress, [], `${who} got seat ${s}'s progress cards`);
      assert.deepEqual(p.dev, [], `${who} got seat ${s}'s development cards`);
    });
    for (const d of decks) assert.deepEqual(d, [], `${who} got a deck's order`);
    assert.deepEqual(dev_deck, [], `${who} got the development deck's order`);
  }
}

test('two browsers play Catan online from the link with a bot: set-up and turns on the game screen, a reload keeps the seat, no other hand in any frame, a watcher sees no hand, the clock counts down', async () => {
  const server = await startServer();
  const ctxA = await browser();
  const ctxB = await browser();
  const a = await openPage(ctxA, server.base + 'catan.html');
  await a.page.click('#online-open');
  await a.page.waitForSelector('#online-create-room');
  // Catan's own options and the clocks in the lobby.
  assert.deepEqual(await a.page.$$eval('#online-seat-count option', (o) => o.map((x) => x.value)), ['3', '4']);
  assert.deepEqual(await a.page.$$eval('#online-opt-map option', (o) => o.map((x) => x.value)), ['standard', 'three', 'small']);
  assert.equal(await a.page.inputValue('#online-clock'), 'off', 'no clock by default');
  await a.page.screenshot({ path: join(artefacts, 'online-catan-lobby.png'), fullPage: true });
  await a.page.click('#online-close');
  await makeCatanRoom(a, { clock: '300' });
  const link = await a.page.inputValue('#online-room-link');
  assert.match(link, /catan\.html#online=[a-z0-9]{8}$/);

  const b = await openPage(ctxB, link);
  await b.page.waitForSelector('#online-joining [data-online="sit:1"]');
  await b.page.fill('#online-name', 'Bea');
  await b.page.click('[data-online="sit:1"]');
  for (const p of [a, b]) await p.page.waitForSelector('#online-cg-board[data-spots]');
  assert.equal(await mySeat(a.page), 0);
  assert.equal(await mySeat(b.page), 1);
  // The seats as at one device: names, points, cards counted.
  assert.match(await a.page.textContent('#online-cg-status #seats'), /Ada.*Bea/s);

  const played = { a: 0, b: 0 };
  let reloaded = false;
  let clockSeen = false;
  const turn = () => lastState(a.frames).view.state.turn;
  for (let step = 0; step < 300 && (turn() < 8 || played.a < 8 || played.b < 8); step++) {
    if (!clockSeen && await a.page.$('#online-clock')) {
      // The clock chosen in the lobby (5 minutes) counts down, in words.
      const words = await a.page.textContent('#online-clock');
      assert.match(words, /^Time left for your decision: [45]:\d\d$/);
      assert.equal(await a.page.getAttribute('#online-clock', 'role'), 'timer');
      const first = Number(await a.page.getAttribute('#online-clock', 'data-left-ms'));
      await a.page.waitForTimeout(1300);
      const later = await a.page.$('#online-clock');
      if (later) assert.ok(Number(await later.getAttribute('data-left-ms')) < first, 'the clock counts down');
      await a.page.screenshot({ path: join(artefacts, 'online-catan-clock.png'), fullPage: true });
      // The other person sees whose clock runs, and how long is left.
      if (lastState(b.frames).legal.length === 0) {
        await b.page.waitForSelector('#online-turn-clock');
        assert.match(await b.page.textContent('#online-turn-clock'), /^Ada: [45]:\d\d left to decide$/);
        assert.equal(await b.page.getAttribute('#online-turn-clock', 'role'), 'timer');
      }
      clockSeen = true;
    }
    if (!reloaded && played.a >= 4 && played.b >= 4) {
      // The set-up is done: B reloads mid-game and is back in its seat.
      reloaded = true;
      await b.page.screenshot({ path: join(artefacts, 'online-catan-playing.png'), fullPage: true });
      await b.page.reload();
      await b.page.waitForSelector('#online-cg-board[data-spots]');
      assert.equal(await mySeat(b.page), 1, 'the reload took seat 2 back');
      await a.page.waitForFunction(() => document.querySelector('#online-seats li[data-seat="1"]')?.dataset.status === 'connected');
      continue;
    }
    if (await catanStep(a)) { played.a++; continue; }
    if (await catanStep(b)) { played.b++; continue; }
    await a.page.waitForTimeout(100);
  }
  assert.ok(reloaded, 'B reloaded mid-game');
  // Where the board last changed is marked (the view holds no log).
  assert.match(await a.page.getAttribute('#online-cg-board', 'data-last'), /^[chs]\d+/);
  assert.ok(clockSeen, 'the clock showed on A\'s turn');
  assert.ok(turn() >= 8, `several turns were played (turn ${turn()})`);
  assert.ok(played.a >= 8 && played.b >= 8, `moves both ways: ${JSON.stringify(played)}`);
  // Each page shows its own hand and the others' cards only counted.
  assert.match(await a.page.textContent('#hand'), /lumber/i);
  await a.page.screenshot({ path: join(artefacts, 'online-catan.png'), fullPage: true });
  assert.deepEqual(await axeViolations(a.page), []);

  // A watcher by the link: the board from no seat, no hand, nothing to do.
  const ctxC = await browser();
  const c = await openPage(ctxC, link);
  await c.page.waitForSelector('#online-joining [data-online="watch"]');
  await c.page.click('#online-joining [data-online="watch"]');
  await c.page.waitForSelector('#online-cg-board[data-spots]');
  assert.match(await c.page.textContent('#online-room'), /You are watching/);
  assert.equal(await c.page.$('#hand'), null);
  assert.equal(await c.page.$('#online-game [data-online-act]'), null);
  // A move or two more while C watches.
  for (let step = 0; step < 60 && c.frames.filter((f) => f.type === 'state').length < 3; step++) {
    if (!await catanStep(a) && !await catanStep(b)) await a.page.waitForTimeout(100);
  }
  assertNoOtherHand(c.frames, null, 'the watcher');
  await ctxC.close();

  // No frame to a person holds another's hand; each got its own.
  assertNoOtherHand(a.frames, 0, 'A');
  assertNoOtherHand(b.frames, 1, 'B');
  const own = (frames, seat) => frames.filter((f) => f.type === 'state' && f.view?.state).some((f) => f.view.state.players[seat].hand.some((n) => n > 0));
  assert.ok(own(a.frames, 0) && own(b.frames, 1), 'each seat got its own cards');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors.filter((e) => !/WebSocket/.test(e)), []);
  await ctxA.close();
  await ctxB.close();
});

test('a person whose browser closes is "reconnecting" to the other, then a bot plays the seat after the room\'s takeover wait', async () => {
  const server = await startServer();
  const ctxA = await browser();
  const ctxB = await browser();
  const a = await openPage(ctxA, server.base + 'vector.html');
  await a.page.click('#online-open');
  await a.page.waitForSelector('#online-create-room');
  await a.page.fill('#online-name', 'Ada');
  await a.page.selectOption('#online-seat-2', 'random');
  await a.page.selectOption('#online-seat-3', 'random');
  await a.page.fill('#online-opt-rounds', '3');
  await a.page.fill('#online-takeover', '2');
  await a.page.click('#online-create-room');
  await a.page.waitForSelector('#online-room');
  const link = await a.page.inputValue('#online-room-link');
  const b = await openPage(ctxB, link);
  await b.page.waitForSelector('[data-online="sit:1"]');
  await b.page.fill('#online-name', 'Bea');
  await b.page.click('[data-online="sit:1"]');
  await a.page.waitForSelector('#online-game');
  await b.page.waitForSelector('#online-game');
  await a.page.waitForFunction(() => document.querySelector('#online-seats li[data-seat="1"]')?.dataset.status === 'connected');

  // B's browser closes: A sees it, in words.
  await ctxB.close();
  await a.page.waitForSelector('#online-seats li[data-seat="1"][data-status="reconnecting"]');
  assert.match(await a.page.textContent('#online-seats li[data-seat="1"]'), /reconnecting/);
  assert.match(await a.page.textContent('#online-gone'), /up to 2 seconds/);
  await a.page.screenshot({ path: join(artefacts, 'online-takeover-wait.png'), fullPage: true });
  // After the wait a bot plays B's seat, and the game goes on for A.
  await a.page.waitForSelector('#online-seats li[data-seat="1"][data-status="bot"]', { timeout: 10000 });
  assert.match(await a.page.textContent('#online-seats li[data-seat="1"]'), /played by a bot/);
  const at = lastState(a.frames).state;
  for (let i = 0; i < 100 && lastState(a.frames).state < at + 8; i++) {
    const act = await a.page.$('#online-game [data-online-act]:not([disabled])');
    if (act) await act.click();
    await a.page.waitForTimeout(100);
  }
  assert.ok(lastState(a.frames).state >= at + 8, 'the game went on with the bot in B\'s seat');
  assert.deepEqual(a.errors, []);
  await ctxA.close();
});

test('the Catan online screen in German on a phone: words, no sideways scrolling, axe clean', async () => {
  const server = await startServer();
  const ctx = await browser({ width: 390, height: 844 }, { locale: 'de-DE', args: ['--no-sandbox', '--disable-gpu', '--lang=de-DE'] });
  const p = await openPage(ctx, server.base + 'catan.html');
  assert.equal(await p.page.textContent('#online-open'), 'Online spielen');
  await p.page.click('#online-open');
  await p.page.waitForSelector('#online-create-room');
  assert.match(await p.page.textContent('#online-create'), /Zeit für jede Entscheidung/);
  assert.match(await p.page.textContent('#online-create'), /Städte & Ritter/);
  assert.equal(await p.page.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.deepEqual(await axeViolations(p.page), []);
  await p.page.screenshot({ path: join(artefacts, 'online-catan-lobby-de-phone.png'), fullPage: true });
  await p.page.click('#online-close');
  await makeCatanRoom(p, { name: 'Ada', seats: ['greedy', 'greedy'], clock: '60' });
  await p.page.waitForSelector('#online-cg-board[data-spots]');
  await p.page.waitForSelector('#online-clock');
  assert.match(await p.page.textContent('#online-clock'), /^Zeit für deine Entscheidung: noch [01]:\d\d$/);
  assert.match(await p.page.textContent('#online-turn'), /Du bist am Zug/);
  assert.match(await p.page.textContent('#asked'), /Ada/);
  // Play the set-up on the phone.
  for (let i = 0; i < 40 && lastState(p.frames).view.state.phase === 'setup'; i++) {
    if (!await catanStep(p)) await p.page.waitForTimeout(100);
  }
  assert.equal(await p.page.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.deepEqual(await axeViolations(p.page), []);
  await p.page.screenshot({ path: join(artefacts, 'online-catan-de-phone.png'), fullPage: true });
  assert.deepEqual(p.errors, []);
  await ctx.close();
});

test('catan: a game played online to its end is offered as a record, which opens in the page\'s replay', async () => {
  const server = await startServer();
  const ctx = await browser();
  const maker = await openPage(ctx, server.base + 'catan.html');
  // A short game of three bots, made by a plain WebSocket client.
  const room = await maker.page.evaluate((url) => new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === 'created') { resolve(m.room); ws.close(); }
      if (m.type === 'refused') reject(new Error(m.reason));
    };
    ws.onopen = () => ws.send(JSON.stringify({ type: 'create', ruleset: 'catan', seats: ['bot:random', 'bot:random', 'bot:random'], options: { round_limit: 3 }, seed: 5 }));
  }), server.base.replace(/^http/, 'ws') + 'play');
  const other = await browser();
  const w = await openPage(other, `${server.base}catan.html#online=${room}`);
  await w.page.waitForSelector('#online-joining [data-online="watch"]');
  await w.page.click('#online-joining [data-online="watch"]');
  await w.page.waitForSelector('#online-replay', { timeout: 60000 });
  const sent = w.frames.find((f) => f.type === 'record');
  assert.ok(sent, 'the record came');
  const record = JSON.parse(sent.record);
  assert.equal(record.ruleset, 'catan');
  await w.page.click('#online-replay');
  await w.page.waitForSelector('body[data-mode="replay"]');
  assert.equal(await w.page.getAttribute('#replay-pos', 'max'), String(record.actions.length), 'the whole game is in the replay');
  assert.deepEqual(w.errors, []);
  await ctx.close();
  await other.close();
});

test('with the server\'s Catan port open, the page makes a room with a seat for a program on that port; a game whose port is closed offers none', async () => {
  const server = await startServer({ more: ['--catan-port', '0'] });
  const ctx = await browser();
  const a = await openPage(ctx, server.base + 'catan.html');
  const welcome = () => a.frames.find((f) => f.type === 'welcome');
  await a.page.click('#online-open');
  await a.page.waitForSelector('#online-create-room');
  assert.deepEqual(welcome().clients, ['catan']);
  const kinds = await a.page.$$eval('#online-seat-1 option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(kinds.find(([v]) => v === 'client'), ['client', 'A program on the server\'s game port']);
  await a.page.waitForSelector('#online-no-rooms, #online-rooms li');
  await a.page.fill('#online-name', 'Ada');
  await a.page.selectOption('#online-seat-count', '3');
  await a.page.selectOption('#online-seat-1', 'client');
  await a.page.selectOption('#online-seat-2', 'greedy');
  await a.page.click('#online-create-room');
  await a.page.waitForSelector('#online-room');
  await a.page.waitForFunction(() => document.querySelector('#online-seats')?.textContent.includes('A program on the server'));
  const s = lastState(a.frames);
  assert.deepEqual(s.seats.map((x) => x.kind), ['person', 'client', 'bot:greedy']);
  assert.equal(s.seats[1].status, 'open');
  assert.equal(s.phase, 'waiting');
  assert.deepEqual(a.errors, []);
  // Vector's page on the same server: no Vector port, no such seat.
  const v = await openPage(await browser(), server.base + 'vector.html');
  await v.page.click('#online-open');
  await v.page.waitForSelector('#online-create-room');
  const vkinds = await v.page.$$eval('#online-seat-1 option', (os) => os.map((o) => o.value));
  assert.ok(!vkinds.includes('client'), vkinds.join(' '));
  assert.deepEqual(v.errors, []);
  await ctx.close();
});

test('the online Catan board is explored and played as at one device: its places said by keyboard, the board in words, and on a phone every target 24 px with a first tap that only shows', async () => {
  const server = await startServer();
  const ctx = await browser({ width: 390, height: 844 }, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const p = await openPage(ctx, server.base + 'catan.html');
  await makeCatanRoom(p, { name: 'Ada', seats: ['greedy', 'greedy'] });
  await p.page.waitForSelector('#online-cg-board[data-spots]');
  const board = '#online-cg-board';
  // The board is a place to explore, named by its keys, not a picture.
  assert.equal(await p.page.getAttribute(board, 'role'), 'application');
  assert.equal(await p.page.getAttribute(board, 'tabindex'), '0');
  assert.match(await p.page.getAttribute(board, 'aria-label'), /arrow keys go from place to place/);
  // The board in words for a screen reader: every hex with its land.
  const hexes = await p.page.$$eval('#online-board-text-hexes + ul li', (l) => l.map((x) => x.textContent));
  assert.ok(hexes.length >= 19, `${hexes.length} hexes in words`);
  assert.ok(hexes.some((h) => /^Hills \d+/.test(h)) && hexes.some((h) => /Desert/.test(h)), hexes.join(' | '));
  // On a phone every target is at least 24 px: the board is drawn larger
  // and pans in its box.
  assert.ok(Number(await p.page.getAttribute(board, 'data-target')) >= 24);
  const pans = await p.page.$eval('#online-cg-box', (b) => ({ pans: b.classList.contains('pans'), scroll: b.scrollWidth, client: b.clientWidth }));
  assert.ok(pans.pans && pans.scroll > pans.client, `the board pans in its box: ${JSON.stringify(pans)}`);
  const hint = () => p.page.$eval('#online-cg-hint', (h) => { const r = h.getBoundingClientRect(); const b = document.querySelector('#online-cg-box').getBoundingClientRect(); return { text: h.textContent, gap: b.top - r.bottom, hidden: h.hidden }; });
  assert.match((await hint()).text, /^Tap a place once to see what it would do/);
  // The first tap on a lit corner builds nothing: the line above the board
  // says what a second tap would do; the second tap builds.
  const spots = JSON.parse(await p.page.getAttribute(board, 'data-spots'));
  const spot = spots[Math.floor(spots.length / 2)];
  const tapAt = (at) => tapBoardAt(p.page, at, '#online-cg-box', board);
  const state = () => lastState(p.frames).state;
  const before = state();
  await tapAt(spot);
  await p.page.waitForTimeout(500);
  await p.page.waitForFunction(() => /^Tap again: Build a settlement at the /.test(document.querySelector('#online-cg-hint')?.textContent));
  const h = await hint();
  assert.equal(h.hidden, false);
  assert.ok(h.gap >= -1 && h.gap < 24, `the line is ${h.gap} px above the board`);
  await p.page.waitForTimeout(300);
  assert.equal(state(), before, 'one tap sent nothing');
  assert.match(await p.page.getAttribute(board, 'data-preview'), /^settlement \d+$/);
  await p.page.waitForFunction(() => /nothing built\. Tap again: Build a settlement/.test(document.querySelector('#explore-said')?.textContent ?? ''));
  await p.page.screenshot({ path: join(artefacts, 'online-catan-phone-preview.png') });
  await tapAt(spot);
  for (let i = 0; i < 60 && state() === before; i++) await p.page.waitForTimeout(50);
  assert.ok(state() > before, 'the second tap built');
  await p.page.waitForFunction(() => /Place a road/.test(document.querySelector('#asked')?.textContent ?? ''));
  assert.ok((await p.page.$$eval('#online-board-text-pieces + ul li', (l) => l.map((x) => x.textContent))).some((t) => /Ada's settlement, marked 1/.test(t)), 'the settlement is in the board in words');
  // By keyboard: the arrows say places by their names, N goes to a place
  // to act at and says what Enter does there, Enter does it.
  await p.page.focus(board);
  await p.page.keyboard.press('ArrowRight');
  await p.page.waitForFunction(() => /^(Fields|Hills|Forest|Pasture|Mountains|Desert|Sea|Gold|The )/.test(document.querySelector('#explore-said')?.textContent ?? ''));
  assert.doesNotMatch(await p.page.textContent('#explore-said'), /\d+:[NSEW]/, 'no internal index');
  await p.page.keyboard.press('n');
  await p.page.waitForFunction(() => /Enter: Build a road (at|on) the /.test(document.querySelector('#explore-said')?.textContent ?? ''), null, { timeout: 5000 })
    .catch(async () => assert.fail(`N said: ${await p.page.textContent('#explore-said')}`));
  const roadBefore = state();
  await p.page.keyboard.press('Enter');
  for (let i = 0; i < 60 && state() === roadBefore; i++) await p.page.waitForTimeout(50);
  assert.ok(state() > roadBefore, 'Enter built the road');
  assert.equal(await p.page.evaluate(() => document.activeElement?.id), 'online-cg-board', 'the focus stays on the board');
  await p.page.keyboard.press('s');
  await p.page.waitForFunction(() => /Ada/.test(document.querySelector('#explore-said')?.textContent ?? ''));
  assert.deepEqual(await axeViolations(p.page), []);
  await p.page.screenshot({ path: join(artefacts, 'online-catan-phone-built.png'), fullPage: true });
  assert.deepEqual(p.errors, []);
  await ctx.close();
});
