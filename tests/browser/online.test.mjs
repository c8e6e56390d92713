// "Play online" through `tabula serve`: two browsers (two contexts, each
// its own storage) meet in a Vector room — one makes it with two person
// seats and two Tabula bots and shares the link, the other joins by the
// link; they play moves each way, one reloads mid-game and gets its seat
// back, a chat line arrives, no frame a seat receives (and so nothing in
// its page) holds the other person's secret magnitude, and the game is
// played to the end with the record offered (saved and opened in the
// replay). Star Tigris: orders through the board, a watcher, and a
// server killed and started again that both pages rejoin by themselves.
// On a plain static host the page says it has no game server.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, artefacts, axeViolations } from './harness.mjs';
import { startServer, openPage, actIfAble, mySeat, lastState } from './online-harness.mjs';

test('two browsers play Vector online: link, moves both ways, a reload keeps the seat, chat, secrets kept, the record at the end', async () => {
  const server = await startServer();
  const ctxA = await browser();
  const ctxB = await browser();
  const a = await openPage(ctxA, server.base + 'vector.html');
  await a.page.click('#online-open');
  await a.page.waitForSelector('#online-create-room');
  await a.page.waitForSelector('#online-no-rooms');
  assert.equal(await a.page.textContent('#online-link-state'), 'Connected');
  await a.page.fill('#online-name', 'Ada');
  await a.page.selectOption('#online-seat-2', 'random');
  await a.page.selectOption('#online-seat-3', 'random');
  await a.page.fill('#online-opt-rounds', '2');
  await a.page.screenshot({ path: join(artefacts, 'online-lobby.png'), fullPage: true });
  await a.page.click('#online-create-room');
  await a.page.waitForSelector('#online-room');
  const link = await a.page.inputValue('#online-room-link');
  assert.match(link, /vector\.html#online=[a-z0-9]{8}$/);
  // The page's own commands wait while online play shows (its section has
  // the way back); the language stays.
  assert.equal(await a.page.isVisible('header [data-cmd="new"]'), false);
  assert.equal(await a.page.isVisible('header [data-cmd="tourney:open"]'), false);
  assert.equal(await a.page.isVisible('#lang'), true);
  // The link as a QR code too, described in words; it loads as an image.
  const qr = await a.page.$eval('#online-room img.qr', (img) => ({ alt: img.alt, w: img.naturalWidth, src: img.src.slice(0, 19) }));
  assert.equal(qr.alt, "QR code of the room's link, for a phone's camera");
  assert.ok(qr.w > 0, 'the QR code is drawn');
  assert.equal(qr.src, 'data:image/svg+xml,');
  assert.match(await a.page.textContent('#online-turn'), /Waiting for others: 1 seat/);
  assert.equal(await mySeat(a.page), 0);

  // The other joins by the link.
  const b = await openPage(ctxB, link);
  await b.page.waitForSelector('#online-joining [data-online="sit:1"]');
  await b.page.screenshot({ path: join(artefacts, 'online-join.png'), fullPage: true });
  await b.page.fill('#online-name', 'Bea');
  await b.page.click('[data-online="sit:1"]');
  await b.page.waitForSelector('#online-game');
  await a.page.waitForSelector('#online-game');
  assert.equal(await mySeat(b.page), 1);
  assert.match(await a.page.textContent('#online-seats'), /Bea/);

  // A chat line arrives (as text, never markup).
  await a.page.fill('#online-chat-text', 'good luck <b>Bea</b>');
  await a.page.press('#online-chat-text', 'Enter');
  await b.page.waitForFunction(() => document.querySelector('#online-chat-lines')?.textContent.includes('good luck <b>Bea</b>'));
  assert.equal(await b.page.$('#online-chat-lines b b'), null);

  // Play: each clicks whenever it may act; B reloads once both have played.
  const played = { a: 0, b: 0 };
  let reloaded = false;
  let secretSeen = false;
  for (let step = 0; step < 400; step++) {
    if (await a.page.$('#online-record') && await b.page.$('#online-record')) break;
    // While B decides its magnitude after A chose one, B's page shows
    // that A has chosen and never what.
    const aChosen = await b.page.$('#round li[data-seat] .mag-state');
    if (aChosen && await b.page.$('#online-game [data-mag]:not([disabled])')) {
      const states = await b.page.$$eval('#round li .mag-state', (s) => s.map((x) => x.textContent));
      assert.ok(states.every((s) => /chosen|not yet|waiting|choosing/i.test(s)), states.join('|'));
      if (!secretSeen) await b.page.screenshot({ path: join(artefacts, 'online-magnitude.png'), fullPage: true });
      secretSeen = true;
    }
    if (!reloaded && played.a >= 2 && played.b >= 2) {
      reloaded = true;
      await b.page.screenshot({ path: join(artefacts, 'online-playing.png'), fullPage: true });
      await b.page.reload();
      await b.page.waitForSelector('#online-game');
      assert.equal(await mySeat(b.page), 1, 'the reload took seat 2 back');
      assert.match(await b.page.url(), /#online=/);
      // A saw B come back (here again, not reconnecting).
      await a.page.waitForFunction(() => document.querySelector('#online-seats li[data-seat="1"]')?.dataset.status === 'connected');
      continue;
    }
    if (await actIfAble(a.page)) { played.a++; await a.page.waitForTimeout(60); continue; }
    if (await actIfAble(b.page)) { played.b++; await b.page.waitForTimeout(60); continue; }
    await a.page.waitForTimeout(100);
  }
  assert.ok(reloaded, 'B reloaded mid-game');
  assert.ok(played.a >= 4 && played.b >= 4, `moves both ways: ${JSON.stringify(played)}`);
  assert.ok(secretSeen, 'a secret magnitude was waited for');
  await a.page.waitForSelector('#online-record');
  await b.page.waitForSelector('#online-record');
  await a.page.waitForSelector('#winner');
  assert.match(await a.page.textContent('#online-turn'), /over/);
  await a.page.screenshot({ path: join(artefacts, 'online-over.png'), fullPage: true });

  // No state frame a seat received held another seat's magnitude while
  // magnitudes were being chosen.
  for (const [who, seat, frames] of [['A', 0, a.frames], ['B', 1, b.frames]]) {
    const states = frames.filter((f) => f.type === 'state' && f.view?.state);
    assert.ok(states.length > 5, `${who} received states`);
    for (const f of states) {
      assert.equal(f.you, seat);
      if (f.view.state.phase === 'magnitudes') {
        f.view.state.mags.forEach((m, s) => { if (s !== seat) assert.equal(m, null, `${who} saw seat ${s}'s magnitude`); });
      }
    }
  }

  // The record: saved as a file, and opened in the replay.
  const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.click('#online-save')]);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(saved.ruleset, 'vector');
  assert.deepEqual(saved.seats.map((s) => s.name).slice(0, 2), ['Ada', 'Bea']);
  await b.page.click('#online-replay');
  await b.page.waitForSelector('body[data-screen="show"]');
  assert.equal(await b.page.$('body[data-online]'), null);
  await b.page.screenshot({ path: join(artefacts, 'online-replay.png') });
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors.filter((e) => !/WebSocket/.test(e)), []);
  await ctxA.close();
  await ctxB.close();
});

test('on a static host "Play online" says there is no game server and how to run one', async () => {
  const site = await serve();
  after(() => site.close());
  const ctx = await browser();
  const { page, errors } = await openPage(ctx, site.home + 'vector.html');
  await page.click('#online-open');
  await page.waitForSelector('#online-no-server');
  assert.match(await page.textContent('#online-no-server'), /no game server/);
  assert.match(await page.textContent('#online-no-server'), /tabula serve --site/);
  await page.screenshot({ path: join(artefacts, 'online-no-server.png') });
  // Back to the page: its own screen again.
  await page.click('#online-close');
  await page.waitForSelector('#setup');
  assert.equal(await page.isVisible('#setup'), true);
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('German words for online play', async () => {
  const site = await serve();
  after(() => site.close());
  const ctx = await browser({ width: 390, height: 844 }, { locale: 'de-DE', args: ['--no-sandbox', '--disable-gpu', '--lang=de-DE'] });
  const { page, errors } = await openPage(ctx, site.home + 'vector.html');
  assert.equal(await page.textContent('#online-open'), 'Online spielen');
  await page.click('#online-open');
  await page.waitForSelector('#online-no-server');
  assert.match(await page.textContent('#online-no-server'), /keinen Spielserver/);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.screenshot({ path: join(artefacts, 'online-no-server-de-phone.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('a refusal is said in the page\'s language: a seat token the room does not know, in German and in English', async () => {
  const server = await startServer();
  const ctxA = await browser();
  const a = await openPage(ctxA, server.base + 'vector.html');
  await a.page.click('#online-open');
  await a.page.waitForSelector('#online-create-room');
  await a.page.fill('#online-name', 'Ada');
  await a.page.selectOption('#online-seat-2', 'random');
  await a.page.selectOption('#online-seat-3', 'random');
  await a.page.click('#online-create-room');
  await a.page.waitForSelector('#online-room');
  const link = await a.page.inputValue('#online-room-link');
  const room = link.split('#online=')[1];
  for (const [locale, words] of [
    ['de-DE', /^Du hast keinen Platz bekommen: Der Platz dieses Browsers gehört nicht zu diesem Raum\.$/],
    ['en-GB', /^You were not seated: room [a-z0-9]+: the seat token is not one of this room's$/],
  ]) {
    const ctx = await browser({ width: 390, height: 844 }, { locale, args: ['--no-sandbox', '--disable-gpu', `--lang=${locale}`] });
    // This browser believes it holds seat 1 with a token the room never gave.
    await ctx.addInitScript(([r]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('tabula.online.seats', JSON.stringify([{ room: r, ruleset: 'vector', seat: 1, token: 'q'.repeat(16) }]));
    }, [room]);
    const b = await openPage(ctx, link);
    await b.page.waitForSelector('#online-problem');
    const said = (await b.page.textContent('#online-problem')).trim();
    assert.match(said, words);
    const refusal = b.frames.find((f) => f.type === 'refused');
    assert.equal(refusal.code, 'unknown-token');
    // The token is forgotten and the seats are offered to take.
    assert.deepEqual(JSON.parse(await b.page.evaluate(() => localStorage.getItem('tabula.online.seats'))), []);
    await b.page.waitForSelector('#online-joining');
    if (locale === 'de-DE') await b.page.screenshot({ path: join(artefacts, 'online-refused-de-phone.png') });
    assert.deepEqual(b.errors, []);
    await ctx.close();
  }
  assert.deepEqual(a.errors, []);
  await ctxA.close();
});

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


/** Play one Star Tigris order on `p` through its board: click the cell of
 * the first legal action naming one, then (when several things may be
 * done there) its first button; else the first order button. */
async function starTigrisOrder(p) {
  const s = lastState(p.frames);
  const before = s.state;
  const withCell = s.legal.find((a) => actionCell(a));
  if (withCell) {
    const { row, col } = cellOf(actionCell(withCell));
    const size = Number(await p.page.getAttribute('#online-st-board', 'data-cell-size'));
    const [ox, oy] = (await p.page.getAttribute('#online-st-board', 'data-origin')).split(' ').map(Number);
    await p.page.click('#online-st-board', { position: { x: ox + (col + 0.5) * size, y: oy + (row + 0.5) * size } });
    // One thing to do there is played at once; several are offered.
    for (let i = 0; i < 40 && lastState(p.frames).state === before; i++) {
      if (await p.page.$('#online-st-here [data-online-act]')) {
        await p.page.click('#online-st-here [data-online-act]');
        break;
      }
      await p.page.waitForTimeout(50);
    }
  } else {
    await p.page.click('#online-st-orders [data-online-act]');
  }
  for (let i = 0; i < 60 && lastState(p.frames).state === before; i++) await p.page.waitForTimeout(50);
  assert.ok(lastState(p.frames).state > before, 'the order was played');
}

test('two browsers play Star Tigris online with a bot: orders through the board both ways, no other hand in any frame, a watcher sees no hand, a killed and restarted server is rejoined', async () => {
  const server = await startServer();
  const ctxA = await browser();
  const ctxB = await browser();
  const a = await openPage(ctxA, server.base + 'star-tigris.html');
  await a.page.click('#online-open');
  await a.page.waitForSelector('#online-create-room');
  await a.page.fill('#online-name', 'Ada');
  await a.page.selectOption('#online-seat-count', '3');
  await a.page.selectOption('#online-seat-2', 'random');
  await a.page.click('#online-create-room');
  await a.page.waitForSelector('#online-room');
  const link = await a.page.inputValue('#online-room-link');
  assert.match(link, /star-tigris\.html#online=/);
  const b = await openPage(ctxB, link);
  await b.page.waitForSelector('[data-online="sit:1"]');
  await b.page.fill('#online-name', 'Bea');
  await b.page.click('[data-online="sit:1"]');
  await b.page.waitForSelector('#online-st-board');
  await a.page.waitForSelector('#online-st-board');
  const played = { a: 0, b: 0 };
  for (let step = 0; step < 60 && (played.a < 3 || played.b < 3); step++) {
    for (const [key, p] of [['a', a], ['b', b]]) {
      const s = lastState(p.frames);
      if (s && s.legal.length > 0 && s.phase === 'playing') {
        await starTigrisOrder(p);
        played[key]++;
      }
    }
    await a.page.waitForTimeout(100);
  }
  assert.ok(played.a >= 3 && played.b >= 3, JSON.stringify(played));
  await b.page.screenshot({ path: join(artefacts, 'online-star-tigris.png'), fullPage: true });
  assert.deepEqual(await axeViolations(a.page), []);

  // A watcher by the link: the board from no seat, no hand, no move to make.
  const ctxC = await browser();
  const c = await openPage(ctxC, link);
  await c.page.waitForSelector('#online-joining [data-online="watch"]');
  await c.page.click('#online-joining [data-online="watch"]');
  await c.page.waitForSelector('#online-st-board');
  assert.match(await c.page.textContent('#online-room'), /You are watching/);
  assert.equal(await c.page.$('#online-st-hand'), null);
  assert.equal(await c.page.$('#online-game [data-online-act]'), null);
  const watched = c.frames.filter((f) => f.type === 'state');
  assert.ok(watched.length > 0);
  for (const f of watched) {
    assert.equal(f.you, null);
    f.view.players.forEach((p, s) => assert.equal(p.hand ?? null, null, `the watcher got seat ${s}'s hand`));
  }
  await ctxC.close();

  // The server is killed mid-game and started again on the same port
  // with the same rooms: both pages come back to their seats by
  // themselves and play on.
  const at = lastState(a.frames).state;
  server.proc.kill('SIGKILL');
  await a.page.waitForSelector('#online-link-state[data-link="lost"]');
  await a.page.screenshot({ path: join(artefacts, 'online-reconnecting.png') });
  await startServer({ rooms: server.rooms, port: server.port });
  for (const p of [a, b]) {
    await p.page.waitForSelector('#online-link-state[data-link="open"]', { timeout: 20000 });
    await p.page.waitForSelector('#online-st-board');
  }
  assert.equal(await mySeat(a.page), 0);
  assert.equal(await mySeat(b.page), 1);
  assert.equal(lastState(a.frames).state, at, 'the room resumed where it stood');
  const again = { a: 0, b: 0 };
  for (let step = 0; step < 40 && (again.a < 1 || again.b < 1); step++) {
    for (const [key, p] of [['a', a], ['b', b]]) {
      const s = lastState(p.frames);
      if (s && s.legal.length > 0 && s.phase === 'playing') {
        await starTigrisOrder(p);
        again[key]++;
      }
    }
    await a.page.waitForTimeout(100);
  }
  assert.ok(again.a >= 1 && again.b >= 1, `played on after the restart: ${JSON.stringify(again)}`);
  // Each page shows its own hand; no frame a seat got holds another's.
  assert.match(await a.page.textContent('#online-st-hand'), /Your hand/);
  for (const [who, seat, frames] of [['A', 0, a.frames], ['B', 1, b.frames]]) {
    const states = frames.filter((f) => f.type === 'state' && f.view?.players);
    assert.ok(states.length > 3);
    for (const f of states) {
      f.view.players.forEach((p, s) => {
        if (s !== seat) assert.equal(p.hand ?? null, null, `${who} got seat ${s}'s hand`);
      });
      assert.ok(f.view.players[seat].hand, `${who} got its own hand`);
    }
  }
  // (Only the browser's own words about the tries to connect while the
  // server was down.)
  assert.deepEqual(a.errors.filter((e) => !/WebSocket/.test(e)), []);
  assert.deepEqual(b.errors.filter((e) => !/WebSocket/.test(e)), []);
  await ctxA.close();
  await ctxB.close();
});

/** One Domains round's orders on `p`: click a unit of its own on the
 * board, give it the first order offered, then end the orders. */
async function domainsOrders(p) {
  const s = lastState(p.frames);
  const withUnit = s.legal.find((a) => typeof a === 'object' && Object.values(a)[0]?.unit !== undefined);
  if (withUnit) {
    const unit = Object.values(withUnit)[0].unit;
    const at = s.view.board.units[unit].at;
    const cols = s.view.board.cols;
    const size = Number(await p.page.getAttribute('#online-dm-board', 'data-cell'));
    const [row, col] = [Math.floor(at / cols), at % cols];
    await p.page.click('#online-dm-board', { position: { x: (col + 0.5) * size, y: (row + 0.5) * size } });
    await p.page.click('#online-dm-unit [data-online-act]');
    for (let i = 0; i < 60 && lastState(p.frames).state === s.state; i++) await p.page.waitForTimeout(50);
  }
  const before = lastState(p.frames).state;
  await p.page.click('#online-dm-end');
  for (let i = 0; i < 60 && lastState(p.frames).state === before; i++) await p.page.waitForTimeout(50);
  assert.ok(lastState(p.frames).state > before, 'the orders were ended');
}

test('two browsers play Domains online: secret orders through the board, rounds run, neither sees the other\'s orders', async () => {
  const server = await startServer();
  const ctxA = await browser();
  const ctxB = await browser();
  const a = await openPage(ctxA, server.base + 'domains.html');
  await a.page.click('#online-open');
  await a.page.waitForSelector('#online-create-room');
  await a.page.fill('#online-name', 'Ada');
  // The board: 16 × 16 in 60 rounds unless the room's maker picks another.
  assert.equal(await a.page.inputValue('#online-opt-board'), '16:60');
  await a.page.selectOption('#online-opt-board', '12:30');
  await a.page.click('#online-create-room');
  await a.page.waitForSelector('#online-room');
  const link = await a.page.inputValue('#online-room-link');
  assert.match(link, /domains\.html#online=/);
  const b = await openPage(ctxB, link);
  await b.page.waitForSelector('[data-online="sit:1"]');
  await b.page.fill('#online-name', 'Bea');
  await b.page.click('[data-online="sit:1"]');
  await b.page.waitForSelector('#online-dm-board');
  await a.page.waitForSelector('#online-dm-board');
  const opts = lastState(a.frames).view.board.options;
  assert.deepEqual([opts.rows, opts.cols, opts.rounds], [12, 12, 30], 'the room is on the board picked');
  const round = (p) => lastState(p.frames).view.board.round;
  const start = round(a);
  for (let r = 0; r < 3; r++) {
    await domainsOrders(a);
    // A has ended; B still decides and sees only that.
    if (r === 0) await b.page.screenshot({ path: join(artefacts, 'online-domains.png'), fullPage: true });
    await domainsOrders(b);
  }
  for (let i = 0; i < 40 && round(a) < start + 3; i++) await a.page.waitForTimeout(50);
  assert.equal(round(a), start + 3, 'three rounds ran');
  for (const [who, seat, frames] of [['A', 0, a.frames], ['B', 1, b.frames]]) {
    for (const f of frames.filter((x) => x.type === 'state' && x.view?.board)) {
      for (const o of f.view.orders) {
        const unit = Object.values(o)[0]?.unit;
        if (unit !== undefined) assert.equal(f.view.board.units[unit].player, seat, `${who} saw another seat's order`);
      }
    }
  }
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
  await ctxA.close();
  await ctxB.close();
});
