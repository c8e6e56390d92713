// The Domains page in headless Chromium: built-in bots play in the game
// worker and the viewer scrubs the rounds; bots written in the page run in
// workers of their own (one that throws is skipped with its line, one that
// loops forever loses its rounds, and the game still ends); a person
// orders units by clicking, and two people share the screen; games open
// from links and from files of the original program; the rules' constants
// can be changed in the dialog; a reload resumes a game in progress;
// saved records replay natively to the same hash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { serve, browser, root, artefacts, englishLeft, dropFile } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');

async function openDomains(context, url) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url + 'domains.html');
  await page.waitForSelector('body[data-state="ready"]');
  return { page, errors };
}

/** Click a command in the page's bar (closing the dialog that covers it). */
async function bar(page, cmd) {
  if (await page.isVisible('#overlay')) await page.keyboard.press('Escape');
  await page.click(`header [data-cmd="${cmd}"]`);
  // Your bots is in the page's whole module: the page may load it first.
  if (cmd === 'bots') await page.waitForSelector('body[data-state="ready"] #bots:not([hidden]) #bot-code');
}

async function start(page, { seats, board = '12:30', seed = 1, limit = 50 }) {
  if (await page.isHidden('#setup')) await bar(page, 'new');
  await page.selectOption('#players', String(seats.length));
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#seat-${i}`, seats[i]);
  await page.selectOption('#board-size', board);
  await page.fill('#seed', String(seed));
  await page.fill('#limit', String(limit));
  await page.click('[data-cmd="start"]');
  await page.waitForSelector('#setup', { state: 'hidden' });
}

const notes = (page) => page.$$eval('#notes li', (ls) => ls.map((l) => l.textContent));
const gameOver = (page, timeout = 60000, said = 'Game over') =>
  page.waitForFunction((s) => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.startsWith(s)), said, { timeout });

async function saveBot(page, name, code) {
  await bar(page, 'bots');
  await page.click('[data-cmd="bot-new"]');
  await page.fill('#bot-name', name);
  await page.fill('#bot-code', code);
  await page.click('[data-cmd="bot-save"]');
  // The code is run in a worker of its own before it is saved.
  await page.waitForFunction(() => /^(Saved|Not saved)/.test(document.querySelector('#bot-msg').textContent));
  assert.match(await page.textContent('#bot-msg'), /Saved/);
  await page.click('#bots [data-cmd="close"]');
}

test('built-in bots play in the worker; the viewer steps, jumps and scrubs; the record replays natively', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context, site.home);
    await page.waitForSelector('#setup:not([hidden])');
    // A button keeps its label readable under the pointer (4.5:1 at least).
    await page.hover('#setup [data-cmd="start"]');
    await page.waitForTimeout(100);
    const ratio = await page.$eval('#setup [data-cmd="start"]', (b) => {
      const lum = (c) => {
        const [r, g, bl] = c.match(/\d+(\.\d+)?/g).slice(0, 3).map((x) => {
          const v = Number(x) / 255;
          return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
      };
      const st = getComputedStyle(b);
      const [a, c] = [lum(st.color), lum(st.backgroundColor)];
      return (Math.max(a, c) + 0.05) / (Math.min(a, c) + 0.05);
    });
    assert.ok(ratio >= 4.5, `Start under the pointer: contrast ${ratio.toFixed(2)}:1`);
    await start(page, { seats: ['bot:painter', 'bot:dummy', 'bot:demo'], board: '16:60', seed: 5 });
    // A new game opens on its first rounds and plays at a pace a person
    // can follow (5 rounds a second), not at once to its end.
    await page.waitForFunction(() => /Round \d+ of 60/.test(document.querySelector('#round-label').textContent));
    const early = Number((await page.textContent('#round-label')).match(/Round (\d+)/)[1]);
    assert.ok(early <= 5, `round ${early} a moment after Start`);
    assert.match(await page.getAttribute('#replay-play', 'aria-label'), /^Pause$/, 'the film plays');
    await gameOver(page);
    const watched = Number((await page.textContent('#round-label')).match(/Round (\d+)/)[1]);
    assert.ok(watched < 60, `round ${watched} when the worker is done`);
    // End skips to the newest round.
    await page.keyboard.press('End');
    assert.equal(await page.getAttribute('#scrub', 'max'), '60');
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 60 of 60');
    // At the last round the game ends in the kit's frame, as on every
    // page: who won, the points, and what to do next.
    await page.waitForSelector('#end-slot:not([hidden]) #end #winner');
    assert.match(await page.textContent('#winner'), /^(painter|dummy|demo) wins!$|^A shared win: /);
    assert.match(await page.textContent('#end p'), /^Game over after 60 rounds: .+ with \d+ points\.$/);
    assert.deepEqual(await page.$$eval('#end .end-buttons button', (bs) => bs.map((b) => b.id)), ['end-replay', 'end-save', 'end-link', 'end-new']);
    // Watch the replay: the film plays from its start, the end frame goes
    // until the last round, and the focus is on the film's Pause.
    await page.focus('#end-replay');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'replay-play');
    assert.match(await page.getAttribute('#replay-play', 'aria-label'), /^Pause$/);
    assert.ok(await page.isHidden('#end-slot'));
    // A button of the bar disabled where it stands (|◀ at the first
    // round) hands the focus to Play, on the same bar.
    await page.focus('[data-cmd="film:first"]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.id === 'replay-play');
    assert.ok(await page.isDisabled('[data-cmd="film:first"]'));
    assert.ok(await page.isHidden('#end-slot'), 'no end before the last round');
    await page.evaluate(() => document.activeElement.blur());
    await page.keyboard.press('End');
    // The points chart says which line is whose, not by colour alone.
    assert.deepEqual(await page.$$eval('#chart-legend .chart-key', (ks) => ks.map((k) => k.textContent)), ['painter: solid line', 'dummy: dashed line', 'demo: dotted line']);
    // Notes are one list, newest first, with no numbers to contradict it.
    assert.equal(await page.$eval('#notes', (n) => n.tagName), 'UL');
    assert.match((await notes(page))[0], /^Game over/);
    await page.keyboard.press('Home');
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 0 of 60');
    // The square under the pointer is described: player 0's first unit
    // stands at row 14, column 1 of the 16 × 16 board.
    const cell = Number(await page.getAttribute('#board', 'data-cell'));
    await page.hover('#board', { position: { x: 1.5 * cell, y: 14.5 * cell } });
    assert.equal(await page.textContent('#square-info'), 'Row 15, column 2: painter\'s paint; a unit of painter, energy 5.');
    await page.mouse.move(5, 5);
    assert.equal(await page.textContent('#square-info'), '');
    await page.keyboard.press('ArrowRight');
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 1 of 60');
    await page.keyboard.press('Shift+ArrowRight');
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 11 of 60');
    await page.keyboard.press('ArrowLeft');
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 10 of 60');
    await page.$eval('#scrub', (s) => { s.value = '30'; s.dispatchEvent(new Event('input')); });
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 30 of 60');
    // Playing moves on by itself; a second Space pauses.
    await page.keyboard.press('Space');
    await page.waitForFunction(() => !document.querySelector('#round-label').textContent.includes('Round 30 '));
    await page.keyboard.press('Space');
    const paused = await page.textContent('#round-label');
    await page.waitForTimeout(400);
    assert.equal(await page.textContent('#round-label'), paused);
    await page.keyboard.press('End');
    const scores = await page.$$eval('.score-row', (rs) => rs.map((r) => r.textContent));
    assert.equal(scores.length, 3);
    assert.ok(scores.every((s) => /\d+ · \d+ squares/.test(s)), scores.join('|'));
    await page.screenshot({ path: join(artefacts, 'domains-game.png') });
    // Save: the record replays to the same hash natively.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="save"]')]);
    const file = join(artefacts, 'domains-record.json');
    await download.saveAs(file);
    if (existsSync(tabula)) {
      const out = execFileSync(tabula, ['record', 'verify', file]).toString();
      assert.match(out, /ok|replays/i, out);
    }
    // Export in the original format, and open that file again: same points.
    const [exp] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="export"]')]);
    const txt = join(artefacts, 'domains-export.txt');
    await exp.saveAs(txt);
    const lastLine = readFileSync(txt, 'utf8').trim().split('\n').pop();
    const pts = scores.map((s) => s.match(/(\d+) · /)[1]);
    for (const p of pts) assert.ok(lastLine.includes(` ${p}`), `${lastLine} has ${p}`);
    // A link opens the same game in a new page.
    await page.click('[data-cmd="link"]');
    const link = await page.inputValue('#link-out');
    assert.match(link, /domains\.html#game=/);
    const other = await context.newPage();
    await other.goto(link);
    await other.waitForSelector('body[data-state="ready"]');
    await other.waitForFunction(() => document.querySelector('#scrub').max === '60');
    await other.keyboard.press('End');
    assert.deepEqual(await other.$$eval('.score-row', (rs) => rs.map((r) => r.textContent)), scores);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('more rules: a bad value is refused with its name and the dialog stays; a changed value is played, saved and replayed', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context, site.home);
    await page.waitForSelector('#setup:not([hidden])');
    await page.selectOption('#players', '2');
    await page.selectOption('#seat-0', 'bot:dummy');
    await page.selectOption('#seat-1', 'bot:demo');
    await page.selectOption('#board-size', '12:30');
    await page.fill('#seed', '3');
    await page.click('#more-rules summary');
    await page.fill('#opt-max_units', '0');
    await page.fill('#opt-ability_size', '4');
    await page.click('[data-cmd="start"]');
    const msg = await page.textContent('#setup-msg');
    assert.match(msg, /max_units is 0; it must be from 1 to 40/);
    assert.match(msg, /ability_size is 4; it must be odd/);
    assert.ok(await page.isVisible('#setup'));
    assert.equal(await page.getAttribute('#opt-max_units', 'aria-invalid'), 'true');
    assert.equal(await page.getAttribute('#opt-ability_size', 'aria-invalid'), 'true');
    assert.equal(await page.getAttribute('#opt-energy_max', 'aria-invalid'), 'false');
    await page.screenshot({ path: join(artefacts, 'domains-more-rules.png') });
    await page.click('[data-cmd="rules-standard"]');
    assert.equal(await page.inputValue('#opt-max_units'), '10');
    await page.fill('#opt-max_units', '1');
    await page.fill('#opt-points_per_square', '7');
    await page.click('[data-cmd="start"]');
    await page.waitForSelector('#setup', { state: 'hidden' });
    await gameOver(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="save"]')]);
    const file = join(artefacts, 'domains-more-rules.json');
    await download.saveAs(file);
    const options = JSON.stringify(JSON.parse(readFileSync(file, 'utf8')).options);
    assert.match(options, /"max_units":1\b/);
    assert.match(options, /"points_per_square":7\b/);
    assert.match(options, /"rows":12\b/);
    if (existsSync(tabula)) {
      const out = execFileSync(tabula, ['record', 'verify', file]).toString();
      assert.match(out, /ok|replays/i, out);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('bots written in the page: one plays, one that throws is skipped with its line, one that loops loses its rounds, and the game ends', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context, site.home);
    await bar(page, 'bots');
    const template = await page.inputValue('#bot-code');
    assert.match(template, /function orders\(view\)/);
    await page.click('#bots [data-cmd="close"]');
    await saveBot(page, 'Walker', template);
    await saveBot(page, 'Thrower', 'function orders(view) {\n  if (view.round >= 3) throw new Error("boom");\n  return [];\n}\n');
    await saveBot(page, 'Looper', 'function orders(view) {\n  while (true) {}\n}\n');
    await start(page, { seats: ['saved:0', 'saved:1', 'saved:2', 'bot:demo'], board: '12:30', seed: 3, limit: 50 });
    await gameOver(page, 90000);
    const all = (await notes(page)).join('\n');
    assert.match(all, /Seat 2 \(Thrower\): in round 4, its code stopped with an error: boom \(line 2, column \d+\); it gives no more orders this game/);
    assert.match(all, /Seat 3 \(Looper\): no orders within 50 ms in 30 rounds, the last round 30; they were lost/);
    assert.doesNotMatch(all, /Seat 1 \(Walker\)/, 'the template bot plays without a problem');
    await page.screenshot({ path: join(artefacts, 'domains-user-bots.png') });
    // The walker moved: its units left the start square at some point.
    const walker = await page.$eval('.score-row[data-seat="0"] .pts', (e) => e.textContent);
    assert.ok(Number(walker.split(' ')[0]) > 0, walker);
    // The saved bots survive a reload, and the game's record verifies.
    await page.reload();
    await page.waitForSelector('body[data-state="ready"]');
    await bar(page, 'bots');
    // The bot editor is in the page's whole module: the page may load it.
    await page.waitForSelector('body[data-state="ready"] #bots:not([hidden]) #bot-list button');
    assert.deepEqual(await page.$$eval('#bot-list button', (b) => b.map((x) => x.textContent)), ['Walker', 'Thrower', 'Looper']);
    // Export and import a bot.
    await page.click('#bot-list button >> text=Thrower');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="bot-export"]')]);
    const file = join(artefacts, 'thrower.js');
    await dl.saveAs(file);
    assert.match(readFileSync(file, 'utf8'), /^\/\/ Tabula Domains bot: Thrower\n/);
    writeFileSync(join(artefacts, 'renamed.js'), readFileSync(file, 'utf8').replace('Thrower', 'Imported'));
    await page.setInputFiles('#bot-import', join(artefacts, 'renamed.js'));
    await page.waitForFunction(() => document.querySelector('#bot-name').value === 'Imported');
    await page.click('[data-cmd="bot-save"]');
    await page.waitForFunction(() => document.querySelectorAll('#bot-list button').length === 4);
    // A bot whose code does not parse, or throws as it loads, is not saved;
    // the message gives its line.
    for (const [bad, said] of [
      ['function orders(view) {\n  return [;\n}\n', /Not saved: its code does not run: .*\(line 2, column \d+\)/],
      ['const x = 1;\nnull.y;\nfunction orders(view) { return []; }\n', /Not saved: its code does not run: .*\(line 2, column \d+\)/],
      ['// orders will come later\nconst orders = 3;\n', /Not saved: the code does not define orders\(view\)/],
    ]) {
      await page.click('[data-cmd="bot-new"]');
      // The bot refused before is not saved: the page asks before it goes.
      if (await page.$('#confirm[open]')) await page.click('#confirm-go');
      await page.fill('#bot-name', 'Broken');
      await page.fill('#bot-code', bad);
      await page.click('[data-cmd="bot-save"]');
      await page.waitForFunction(() => /^(Saved|Not saved)/.test(document.querySelector('#bot-msg').textContent));
      assert.match(await page.textContent('#bot-msg'), said);
    }
    assert.equal((await page.$$('#bot-list button')).length, 4, 'nothing broken was saved');
    // A malformed bot file is refused with a reason.
    writeFileSync(join(artefacts, 'empty.js'), 'let x = 1;');
    await page.setInputFiles('#bot-import', join(artefacts, 'empty.js'));
    await page.waitForFunction(() => document.querySelector('#bot-msg').textContent.startsWith('Not imported'));
    assert.match(await page.textContent('#bot-msg'), /does not define orders\(view\)/);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('a person orders a unit by clicking, and a bad order is explained', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context, site.home);
    await start(page, { seats: ['person', 'bot:demo'], board: '12:30', seed: 2 });
    await page.waitForSelector('#person:not([hidden])');
    assert.match(await page.textContent('#progress-text'), /waiting for your orders/);
    const cell = Number(await page.getAttribute('#board', 'data-cell'));
    const click = (row, col, opts = {}) => page.click('#board', { position: { x: (col + 0.5) * cell, y: (row + 0.5) * cell }, ...opts });
    // Player 0 starts at row 10, column 1 of a 12 × 12 board.
    await click(10, 1);
    assert.match(await page.textContent('#person-msg'), /Unit 0: click a square next to it/);
    await click(8, 1);
    assert.match(await page.textContent('#person-msg'), /cannot|Click one of your units/);
    await click(10, 1);
    await click(9, 1);
    assert.match(await page.textContent('#person-msg'), /Unit 0: move up/);
    await page.screenshot({ path: join(artefacts, 'domains-person.png') });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.includes('you gave 1 order')));
    await page.waitForSelector('#person:not([hidden])');
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 1 of 30');
    await page.click('[data-cmd="stop"]');
    assert.ok(await page.isHidden('#progress-row'));
    // What was played can be saved: a record of one round that replays.
    await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.includes('The 1 round played can be watched, saved')));
    assert.equal(await page.textContent('#title'), 'Domains — stopped');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="save"]')]);
    const file = join(artefacts, 'domains-stopped.json');
    await download.saveAs(file);
    const record = JSON.parse(readFileSync(file, 'utf8'));
    assert.ok(record.actions.some((a) => a.seat === 0 && JSON.stringify(a.action).includes('"up"')), JSON.stringify(record.actions.slice(0, 4)));
    if (existsSync(tabula)) {
      const out = execFileSync(tabula, ['record', 'verify', file]).toString();
      assert.match(out, /ok|replays/i, out);
    }
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('two people share the screen: each turn opens on a hand-over that hides the other\'s orders', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context, site.home);
    await start(page, { seats: ['person', 'bot:demo', 'person'], board: '12:30', seed: 2 });
    await page.waitForSelector('#person:not([hidden])');
    assert.match(await page.textContent('#person'), /Round 1: Person 1's orders/);
    assert.match(await page.textContent('#progress-text'), /waiting for Person 1's orders/);
    const cell = Number(await page.getAttribute('#board', 'data-cell'));
    const click = (row, col) => page.click('#board', { position: { x: (col + 0.5) * cell, y: (row + 0.5) * cell } });
    // Clicks do nothing until the person takes over.
    await click(10, 1);
    assert.doesNotMatch(await page.textContent('#person'), /Unit 0/);
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('#person'), /Person 1: orders for round 1/);
    await click(10, 1);
    await click(9, 1);
    assert.match(await page.textContent('#person-msg'), /Unit 0: move up/);
    await page.keyboard.press('Enter');
    // Person 2's hand-over shows nothing of Person 1's orders.
    assert.match(await page.textContent('#person'), /Round 1: Person 2's orders/);
    assert.doesNotMatch(await page.textContent('#person'), /move up/);
    await page.screenshot({ path: join(artefacts, 'domains-hand-over.png') });
    await page.click('[data-cmd="person-ready"]');
    assert.match(await page.textContent('#person'), /Person 2: orders for round 1/);
    // Player 2 starts at the bottom right: row 10, column 10.
    await click(10, 10);
    await click(10, 9);
    assert.match(await page.textContent('#person-msg'), /move left/);
    await page.click('[data-cmd="person-end"]');
    await page.waitForFunction(() => document.querySelector('#round-label').textContent.trim() === 'Round 1 of 30');
    await page.waitForFunction(() => /Round 2: Person 1's orders/.test(document.querySelector('#person').textContent));
    const said = await notes(page);
    assert.ok(said.some((n) => n.includes('Person 1 gave 1 order')), said.join('|'));
    assert.ok(said.some((n) => n.includes('Person 2 gave 1 order')), said.join('|'));
    await page.click('[data-cmd="stop"]');
    assert.ok(await page.isHidden('#person'));
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('a reload resumes the game in progress where it was; a damaged kept game is set aside and said', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context, site.home);
    await start(page, { seats: ['person', 'bot:dummy'], board: '12:30', seed: 4 });
    const cell = Number(await page.getAttribute('#board', 'data-cell'));
    const click = (row, col) => page.click('#board', { position: { x: (col + 0.5) * cell, y: (row + 0.5) * cell } });
    for (const [round, to] of [[1, 9], [2, 8]]) {
      await page.waitForFunction((r) => new RegExp(`Your orders for round ${r}`).test(document.querySelector('#person').textContent), round);
      await click(round === 1 ? 10 : 9, 1);
      await click(to, 1);
      await page.keyboard.press('Enter');
    }
    await page.waitForFunction(() => /Your orders for round 3/.test(document.querySelector('#person').textContent));
    await page.waitForFunction(() => localStorage.getItem('tabula.domains.game')?.includes('"version":1'));
    const before = await page.$$eval('.score-row', (rs) => rs.map((r) => r.textContent));
    await page.reload();
    await page.waitForSelector('body[data-state="ready"]');
    await page.waitForFunction(() => /Your orders for round 3/.test(document.querySelector('#person').textContent));
    assert.ok(await page.isHidden('#setup'));
    assert.equal((await page.textContent('#round-label')).trim(), 'Round 2 of 30');
    assert.equal(await page.getAttribute('#scrub', 'max'), '2');
    assert.deepEqual(await page.$$eval('.score-row', (rs) => rs.map((r) => r.textContent)), before);
    assert.ok((await notes(page)).some((n) => n.startsWith('Resumed the game kept in this browser')));
    // The unit moved up twice before the reload: it answers from row 8.
    await click(8, 1);
    assert.match(await page.textContent('#person-msg'), /Unit 0: click a square/);
    await page.click('[data-cmd="stop"]');
    assert.equal(await page.evaluate(() => localStorage.getItem('tabula.domains.game')), null);
    // A damaged kept game: said, set aside, and the new-game dialog opens.
    await page.evaluate(() => localStorage.setItem('tabula.domains.game', '{"version":1,"game":"game=AAAA","codes":[],"limit":50,"skips":[],"tab":"x"}'));
    await page.reload();
    await page.waitForSelector('body[data-state="ready"]');
    await page.waitForSelector('#setup:not([hidden])');
    const said = (await notes(page)).join('|');
    assert.match(said, /could not be resumed: its game is damaged/);
    const aside = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('tabula.domains.game.unreadable.')).map((k) => localStorage.getItem(k)));
    assert.equal(aside.length, 1);
    assert.match(aside[0], /AAAA/);
    assert.equal(await page.evaluate(() => localStorage.getItem('tabula.domains.game')), null);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('two tabs never overwrite each other\'s kept game: the one that resumed it last keeps it', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page: a, errors } = await openDomains(context, site.home);
    await start(a, { seats: ['person', 'bot:demo'], board: '12:30', seed: 6 });
    const cell = Number(await a.getAttribute('#board', 'data-cell'));
    const order = async (page, round) => {
      await page.waitForFunction((r) => new RegExp(`Your orders for round ${r}`).test(document.querySelector('#person').textContent), round);
      await page.keyboard.press('Enter');
    };
    const holder = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('tabula.domains.game') ?? '{}').tab);
    const tab = (page) => page.evaluate(() => sessionStorage.getItem('tabula.domains.tab'));
    await order(a, 1);
    await a.waitForFunction(() => localStorage.getItem('tabula.domains.game')?.includes('"version":1'));
    await a.waitForFunction(() => /Your orders for round 2/.test(document.querySelector('#person').textContent));
    assert.equal(await holder(a), await tab(a));
    // A second tab resumes the same game and, at its first save, holds it.
    const b = await context.newPage();
    b.on('pageerror', (e) => errors.push(String(e)));
    await b.goto(site.home + 'domains.html');
    await b.waitForSelector('body[data-state="ready"]');
    await b.waitForFunction(() => /Your orders for round 2/.test(document.querySelector('#person').textContent));
    await order(b, 2);
    await b.waitForFunction(() => /Your orders for round 3/.test(document.querySelector('#person').textContent));
    assert.notEqual(await tab(b), await tab(a));
    assert.equal(await holder(b), await tab(b));
    // The first tab plays on, but no longer writes over the kept game;
    // stopping it leaves the second tab's game kept.
    await order(a, 2);
    await a.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.includes('no longer kept in this browser')));
    assert.equal(await holder(a), await tab(b));
    await a.click('[data-cmd="stop"]');
    assert.equal(await holder(a), await tab(b));
    await b.click('[data-cmd="stop"]');
    assert.equal(await a.evaluate(() => localStorage.getItem('tabula.domains.game')), null);
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('a file of the original program opens as a replay of frames; a damaged one is refused with its line', async () => {
  const site = await serve();
  const context = await browser();
  try {
    const { page, errors } = await openDomains(context, site.home);
    const fixture = join(root, 'crates', 'domains', 'tests', 'fixtures', 'playerdemo4-seed3.new.txt');
    await bar(page, 'open');
    await page.setInputFiles('#open-file', fixture);
    await page.waitForFunction(() => document.querySelector('#scrub').max === '500');
    assert.match(await page.textContent('#title'), /original program/);
    await page.keyboard.press('End');
    const scores = await page.$$eval('.score-row .pts', (rs) => rs.map((r) => r.textContent));
    assert.deepEqual(scores, ['38528', '43340', '35242', '33902']);
    await page.screenshot({ path: join(artefacts, 'domains-original.png') });
    // The same game in the program's old format (every cell every round).
    const old = join(artefacts, 'playerdemo4-seed3.old.txt');
    writeFileSync(old, gunzipSync(readFileSync(fixture.replace('.new.txt', '.old.txt.gz'))));
    await bar(page, 'open');
    await page.setInputFiles('#open-file', old);
    await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.includes('old.txt')));
    await page.keyboard.press('End');
    assert.deepEqual(await page.$$eval('.score-row .pts', (rs) => rs.map((r) => r.textContent)), scores);
    const text = readFileSync(fixture, 'utf8').split('\n');
    text[1] = '4 PlayerDemo PlayerDemo';
    await bar(page, 'open');
    await page.fill('#open-text', text.join('\n'));
    await page.click('[data-cmd="open-pasted"]');
    assert.match(await page.textContent('#open-msg'), /line 2/);
    // Nothing changed: the game shown is still the one opened.
    await page.click('#open [data-cmd="close"]');
    assert.equal(await page.getAttribute('#scrub', 'max'), '500');
    // A file dropped anywhere on the page opens as one chosen does; a
    // damaged one dropped is said in the open dialog.
    await dropFile(page, 'dropped.txt', text.join('\n'));
    await page.waitForSelector('#open:not([hidden])');
    assert.match(await page.textContent('#open-msg'), /dropped\.txt.*line 2/);
    await page.click('#open [data-cmd="close"]');
    await dropFile(page, 'dropped.txt', readFileSync(fixture, 'utf8'));
    await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.includes('dropped.txt')));
    assert.equal(await page.getAttribute('#scrub', 'max'), '500');
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

/** Nothing English on the page (the site's, the bots' and the Domains page's
 * catalogues, and common English words). Text marked as code is left out:
 * the names of the original program's constants under "More rules"
 * (`rounds_to_pop`) are code, not words. */
async function noEnglish(page, where) {
  await page.$$eval('code', (cs) => cs.forEach((c) => { c.dataset.shown = c.style.display; c.style.display = 'none'; }));
  const left = await englishLeft(page, ['en.txt', 'bots/en.txt', 'domains/en.txt']);
  await page.$$eval('code', (cs) => cs.forEach((c) => { c.style.display = c.dataset.shown; }));
  assert.deepEqual(left, [], where);
}

test('Domains in German', async () => {
  const site = await serve();
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  try {
    const { page, errors } = await openDomains(context, site.home);
    await page.waitForFunction(() => document.documentElement.lang === 'de');
    // The new-game dialog, with its rules' constants open.
    await page.waitForSelector('#setup:not([hidden])');
    assert.equal(await page.textContent('#setup-h'), 'Neues Spiel');
    await page.click('#more-rules summary');
    await noEnglish(page, 'the new-game dialog');
    // A bad value is refused in German, naming the option by its code.
    await page.fill('#opt-ability_size', '4');
    await page.click('[data-cmd="start"]');
    assert.match(await page.textContent('#setup-msg'), /^Weitere Regeln:\nSeitenlänge einer Fähigkeitszone \(ungerade\): ability_size ist 4; der Wert muss ungerade sein/);
    await noEnglish(page, 'a refused value');
    await page.screenshot({ path: join(artefacts, 'domains-de-setup-1280.png') });
    await page.click('[data-cmd="rules-standard"]');
    await page.click('#more-rules summary');
    // Built-in bots play a game to its end.
    await start(page, { seats: ['bot:painter', 'bot:dummy', 'bot:demo'], board: '12:30', seed: 5 });
    await page.waitForFunction(() => /^Runde \d+ von 30$/.test(document.querySelector('#round-label').textContent.trim()));
    assert.match(await page.textContent('#progress-text'), /^\d+ von 30 Runden gespielt$/);
    await noEnglish(page, 'a game being played');
    await gameOver(page, 60000, 'Spielende nach 30 Runden: ');
    await page.keyboard.press('End');
    assert.equal((await page.textContent('#round-label')).trim(), 'Runde 30 von 30');
    assert.equal(await page.textContent('#title'), 'Domains – Spiel vorbei');
    assert.deepEqual(await page.$$eval('#chart-legend .chart-key', (ks) => ks.map((k) => k.textContent)), ['painter: durchgezogene Linie', 'dummy: gestrichelte Linie', 'demo: gepunktete Linie']);
    assert.ok((await page.$$eval('.score-row .pts', (rs) => rs.map((r) => r.textContent))).every((s) => /^\d+ · \d+ Felder?$/.test(s)));
    const cell = Number(await page.getAttribute('#board', 'data-cell'));
    await page.keyboard.press('Home');
    await page.hover('#board', { position: { x: 1.5 * cell, y: 10.5 * cell } });
    assert.match(await page.textContent('#square-info'), /^Zeile 11, Spalte 2: Farbe von painter; eine Einheit von painter, Energie \d+\.$/);
    await noEnglish(page, 'the end of a game');
    await page.screenshot({ path: join(artefacts, 'domains-de-1280.png') });
    // A person gives an order by clicking, then stops the game.
    await start(page, { seats: ['person', 'bot:demo'], board: '12:30', seed: 2 });
    await page.waitForSelector('#person:not([hidden])');
    assert.match(await page.textContent('#person'), /^Deine Befehle für Runde 1/);
    assert.match(await page.textContent('#progress-text'), /wartet auf deine Befehle$/);
    const click = (row, col) => page.click('#board', { position: { x: (col + 0.5) * cell, y: (row + 0.5) * cell } });
    await click(10, 1);
    assert.match(await page.textContent('#person-msg'), /^Einheit 0: Klicke auf ein Nachbarfeld/);
    await click(8, 1);
    assert.match(await page.textContent('#person-msg'), /^Einheit 0 kann nicht nach oben ziehen|^Klicke auf eine deiner Einheiten/);
    await click(10, 1);
    await click(9, 1);
    assert.equal(await page.textContent('#person-msg'), 'Einheit 0: nach oben ziehen.');
    // The one person playing is told of their own things, not by a name.
    assert.equal(await page.textContent('#square-info'), 'Zeile 10, Spalte 2: deine Farbe.');
    await noEnglish(page, 'a person giving orders');
    await page.screenshot({ path: join(artefacts, 'domains-de-person-1280.png') });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent === 'Runde 1: Du hast 1 Befehl gegeben.'));
    await page.waitForSelector('#person:not([hidden])');
    await page.click('[data-cmd="stop"]');
    await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.startsWith('Die 1 gespielte Runde kannst du ansehen')));
    assert.equal(await page.textContent('#title'), 'Domains – abgebrochen');
    await noEnglish(page, 'a stopped game');
    // The bot editor: a new bot's comments in German around the same code.
    await bar(page, 'bots');
    const template = await page.inputValue('#bot-code');
    assert.match(template, /^\/\/ Ein Domains-Bot\. Tabula ruft orders\(view\)/);
    assert.match(template, /\n\/\/ view\.me {24}deine Spielernummer \(0-3\)\n/);
    assert.match(template, /\nfunction orders\(view\) \{\n/);
    assert.equal(await page.inputValue('#bot-name'), 'Mein Bot');
    await noEnglish(page, 'the bot editor');
    await page.screenshot({ path: join(artefacts, 'domains-de-bots-1280.png') });
    await page.click('[data-cmd="bot-save"]');
    await page.waitForFunction(() => document.querySelector('#bot-msg').textContent.startsWith('„Mein Bot“ gespeichert'));
    await page.fill('#bot-code', 'function orders(view) {\n  return [;\n}\n');
    await page.click('[data-cmd="bot-save"]');
    await page.waitForFunction(() => document.querySelector('#bot-msg').textContent.startsWith('Nicht gespeichert'));
    assert.match(await page.textContent('#bot-msg'), /^Nicht gespeichert: Sein Code läuft nicht: .*\(Zeile 2, Spalte \d+\)\.$/);
    // The open dialog, and a link it cannot read.
    await bar(page, 'open');
    assert.equal(await page.textContent('#open-h'), 'Spiel öffnen');
    await noEnglish(page, 'the open dialog');
    await page.fill('#open-text', site.home + 'domains.html#game=AAAA');
    await page.click('[data-cmd="open-pasted"]');
    assert.match(await page.textContent('#open-msg'), /^Der eingefügte Text ließ sich nicht öffnen: Dieser Link ist beschädigt/);
    await noEnglish(page, 'a damaged link');
    await page.screenshot({ path: join(artefacts, 'domains-de-open-1280.png') });
    assert.deepEqual(errors, []);
  } finally {
    await context.close();
    site.close();
  }
});

test('screenshots of the Domains page in German and English, wide and narrow', async () => {
  const site = await serve();
  try {
    for (const [lang, locale] of [['de', 'de-DE'], ['en', 'en-GB']]) {
      for (const viewport of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }]) {
        const context = await browser(viewport, { locale });
        try {
          const { page, errors } = await openDomains(context, site.home);
          const name = `domains-${lang}-${viewport.width}`;
          await page.waitForSelector('#setup:not([hidden])');
          await page.click('#more-rules summary');
          await page.screenshot({ path: join(artefacts, `${name}-setup.png`) });
          await page.click('#more-rules summary');
          await start(page, { seats: ['bot:painter', 'bot:dummy', 'bot:demo', 'person'], board: '16:60', seed: 5 });
          await page.waitForSelector('#person:not([hidden])');
          await page.screenshot({ path: join(artefacts, `${name}-person.png`), fullPage: true });
          await page.click('[data-cmd="stop"]');
          await start(page, { seats: ['bot:painter', 'bot:dummy', 'bot:demo'], board: '16:60', seed: 5 });
          await gameOver(page, 60000, lang === 'de' ? 'Spielende' : 'Game over');
          await page.keyboard.press('End');
          await page.screenshot({ path: join(artefacts, `${name}.png`), fullPage: true });
          await bar(page, 'bots');
          await page.screenshot({ path: join(artefacts, `${name}-bots.png`) });
          await bar(page, 'open');
          await page.screenshot({ path: join(artefacts, `${name}-open.png`) });
          if (lang === 'de') await noEnglish(page, `${name}: the open dialog`);
          // No button's words overflow it.
          const cut = await page.$$eval('button', (bs) => bs.filter((b) => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent));
          assert.deepEqual(cut, [], `${name}: buttons whose words do not fit`);
          assert.deepEqual(errors, []);
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    site.close();
  }
});
