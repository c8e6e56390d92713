// The Vector page in headless Chromium: a game of one person against
// three AIs played to the end through the page; pass-and-play with a
// hand-off before each secret magnitude and no other person's magnitude
// in the page; a reload resumes; screenshots at 1280×800 and on a
// 768-pixel tablet, in English and German; no request leaves the host.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { serve, browser, artefacts, axeViolations, root, scratchDir, pickLanguage, tapBoardAt, dropFile, killNextThink, unreadableKeptGame } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());
const url = () => site.home + 'vector.html';

async function openPage(context) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  const requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(url());
  await page.waitForSelector('body[data-state="ready"]');
  return { page, errors, requests };
}

async function startGame(page, { who, names = [], rounds = 12, seed = 5, board = 'starter' }) {
  if (!(await page.$('#start'))) await page.click('header [data-cmd="new"]');
  await page.waitForSelector('#start');
  for (let i = 0; i < 4; i++) {
    await page.selectOption(`#seat-${i}`, who[i]);
    if (names[i]) await page.fill(`#name-${i}`, names[i]);
  }
  await page.selectOption('#board-choice', board);
  await page.fill('#rounds', String(rounds));
  await page.fill('#seed', String(seed));
  await page.click('#start');
  await page.waitForSelector('body[data-screen="game"], body[data-screen="over"]');
}

/** What the page offers a person now: 'handoff', 'direction', 'magnitude', 'over' or null. */
async function offered(page) {
  return page.evaluate(() => {
    if (document.body.dataset.screen === 'over') return 'over';
    if (document.querySelector('#decision #ready')) return 'handoff';
    if (document.querySelector('#decision .compass')) return 'direction';
    if (document.querySelector('#decision .magnitudes')) return 'magnitude';
    return null;
  });
}

/** Play as the people until the game ends; each step checked. */
async function playToEnd(page, { onHandoff } = {}) {
  for (let step = 0; step < 400; step++) {
    await page.waitForFunction(() => document.body.dataset.screen === 'over'
      || document.querySelector('#decision #ready, #decision .compass, #decision .magnitudes'), null, { timeout: 20000 });
    const what = await offered(page);
    if (what === 'over') return step;
    if (what === 'handoff') {
      if (onHandoff) await onHandoff(page);
      await page.click('#decision #ready');
    } else if (what === 'direction') {
      const dirs = await page.$$eval('#decision .compass button:not([disabled])', (bs) => bs.map((b) => b.dataset.dir));
      assert.ok(dirs.length > 0, 'some direction is allowed');
      await page.click(`#decision .compass button[data-dir="${dirs[step % dirs.length]}"]`);
    } else if (what === 'magnitude') {
      await page.click(`#decision .magnitudes button[data-mag="${1 + (step % 3)}"]`);
    }
  }
  assert.fail('the game did not end in 400 steps');
}

test('a game of one person against three AIs, played through the page to the end', async () => {
  const context = await browser();
  const { page, errors, requests } = await openPage(context);
  await page.screenshot({ path: join(artefacts, 'vector-setup.png') });
  assert.deepEqual(await axeViolations(page), [], 'axe on the set-up');
  await startGame(page, { who: ['human', 'search:easy', 'random', 'greedy'], names: ['Ann'], rounds: 4, seed: 7 });
  await page.waitForSelector('#decision .compass');
  assert.match(await page.textContent('#decision h2'), /Ann: choose a direction/);
  // The AIs' pace, the kit's picker as on every page: Normal at first.
  assert.equal(await page.getAttribute('#ai-pace [data-cmd="ai-pace:600"]', 'aria-pressed'), 'true');
  await page.click('#ai-pace [data-cmd="ai-pace:0"]');
  await page.waitForSelector('#ai-pace [data-cmd="ai-pace:0"][aria-pressed="true"]');
  await page.screenshot({ path: join(artefacts, 'vector-game-1280x800.png') });
  assert.deepEqual(await axeViolations(page), [], 'axe on the game');
  await playToEnd(page);
  const winner = await page.textContent('#winner');
  const scores = await page.$$eval('#scores tr[data-seat] .score', (cs) => cs.map((c) => Number(c.dataset.score)));
  const ns = scores[0] + scores[2];
  const ew = scores[1] + scores[3];
  assert.equal(Number(await page.textContent('#scores tr[data-team="NS"] .score')), ns);
  // The winner is the team with more points (a goal has already doubled its owner's score).
  if (ns > ew) assert.match(winner, /North and South win/);
  else if (ew > ns) assert.match(winner, /East and West win/);
  else assert.match(winner, /tie/);
  await page.screenshot({ path: join(artefacts, 'vector-over.png') });
  assert.deepEqual(await axeViolations(page), [], 'axe on the end');
  // The finished game, again, round by round.
  await page.click('#end-replay');
  await page.waitForSelector('body[data-screen="show"] #show[data-round="0"]');
  await page.keyboard.press('End');
  await page.waitForSelector('#show-end');
  assert.equal((await page.textContent('#show-end')).trim(), winner.trim());
  await page.keyboard.press('Escape');
  await page.waitForSelector('body[data-screen="over"]');
  // The finished game as a link: it opens as the slideshow and ends the same.
  await page.click('#end-link');
  await page.waitForSelector('#link-out');
  const link = await page.inputValue('#link-out');
  assert.match(link, /vector\.html#game=/);
  const other = await context.newPage();
  await other.goto(link);
  await other.waitForSelector('body[data-screen="show"] #show[data-round="0"]');
  await other.keyboard.press('End');
  await other.waitForSelector('#show-end');
  assert.equal((await other.textContent('#show-end')).trim(), winner.trim());
  await other.goto(url() + '?bad#game=AAAAdamaged');
  await other.waitForSelector('#open-problem');
  assert.match(await other.textContent('#open-problem'), /This link does not open a game: this link is damaged/);
  await other.close();
  assert.ok(requests.every((u) => u.startsWith(site.home) || u.startsWith('data:')), `no other host: ${requests.join(' ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('an AI worker that dies mid-think is replaced, said, and the game goes on', async () => {
  const context = await browser();
  await killNextThink(context);
  const { page, errors } = await openPage(context);
  await startGame(page, { who: ['human', 'search:easy', 'search:easy', 'search:easy'], names: ['Ann'], rounds: 2, seed: 4 });
  await page.evaluate(() => { window.__killNextThink = true; });
  // Twice the AI's budget and the time to start later, it is replaced
  // and asked again; the page says so, as every page does.
  const said = page.waitForFunction(() => /The AI did not answer in time; it was restarted and asked again\./.test(document.querySelector('#panel').textContent), null, { timeout: 60000 });
  await playToEnd(page);
  await said;
  assert.ok(await page.evaluate(() => window.__killed === true));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a kept game that no longer reads is said, set aside and downloadable, never dropped', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await unreadableKeptGame(page, { key: 'tabula-vector-game', said: '#open-problem', file: 'vector-unreadable-save.json' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('pass and play: a hand-off before each secret magnitude, no other magnitude in the page, and a reload resumes', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await startGame(page, { who: ['human', 'random', 'human', 'random'], names: ['Ann', '', 'Cy'], rounds: 3, seed: 3, board: 'crossfire' });
  assert.equal(await page.getAttribute('#board', 'data-board'), 'Crossfire');
  let handoffs = 0;
  // Directions are public: no hand-off for them. Before each magnitude the device changes hands.
  for (let i = 0; i < 12 && handoffs < 2; i++) {
    await page.waitForFunction(() => document.querySelector('#decision #ready, #decision .compass, #decision .magnitudes'), null, { timeout: 20000 });
    const what = await offered(page);
    if (what === 'handoff') {
      handoffs += 1;
      const text = await page.textContent('#decision');
      assert.match(text, /Pass the device to (Ann|Cy)/);
      await page.click('#decision #ready');
      await page.waitForSelector('#decision .magnitudes');
      await page.click('#decision .magnitudes button[data-mag="2"]');
      // No magnitude value of this round is in the page until all are revealed.
      const round = await page.textContent('#round');
      assert.ok(!/squares/.test(round), round);
      assert.ok(!(await page.content()).includes('data-mag-value'));
    } else if (what === 'direction') {
      await page.click('#decision .compass button:not([disabled])');
    }
  }
  assert.equal(handoffs, 2, 'both people got a hand-off before their magnitude');
  // After the round, the magnitudes are revealed together.
  await page.waitForSelector('#last-round li');
  assert.equal(await page.locator('#last-round li').count(), 4);
  const before = await page.getAttribute('#board', 'data-pos');
  await page.reload();
  await page.waitForSelector('body[data-state="ready"]');
  await page.waitForSelector('body[data-screen="game"]');
  assert.equal(await page.getAttribute('#board', 'data-pos'), before);
  assert.equal(await page.getAttribute('#board', 'data-board'), 'Crossfire', 'the board is kept too');
  assert.equal(await page.locator('#last-round li').count(), 4);
  await playToEnd(page);
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots in English and German, at 1280×800 and on a 768-pixel tablet; the board says its squares', async () => {
  for (const [lang, viewport] of [['en', { width: 768, height: 1024 }], ['de', { width: 1280, height: 800 }]]) {
    const context = await browser(viewport);
    const { page, errors } = await openPage(context);
    if (lang === 'de') {
      await pickLanguage(page, 'de');
      await page.waitForSelector('body[data-state="ready"]');
      await page.waitForFunction(() => document.documentElement.lang === 'de');
    }
    await startGame(page, { who: ['human', 'random', 'random', 'random'], rounds: 12, seed: 11 });
    await page.waitForSelector('#decision .compass');
    // Hovering a square says what it does, in words.
    const box = await page.$eval('#board', (b) => { const r = b.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width }; });
    const cell = box.w / 23;
    await page.mouse.move(box.x + cell * (1 + 13 + 0.5), box.y + cell * (1 + 2 + 0.5));
    await page.waitForFunction(() => document.querySelector('#hover').textContent.length > 0);
    const said = await page.textContent('#hover');
    assert.match(said, lang === 'de' ? /Feld Zeile 2, Spalte 13: 10 Punkte/ : /Square row 2, column 13: 10 points/);
    await page.click('#decision .compass button:not([disabled])');
    await page.screenshot({ path: join(artefacts, `vector-${lang}-${viewport.width}.png`), fullPage: true });
    // The editor and the bots dialog in the same language and size.
    await page.click('header [data-cmd="edit:open"]');
    await page.waitForSelector('#editor');
    assert.match(await page.textContent('#editor h2'), lang === 'de' ? /Bretteditor/ : /Board editor/);
    await page.screenshot({ path: join(artefacts, `vector-editor-${lang}-${viewport.width}.png`), fullPage: true });
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(over <= 0, `the editor is ${over} px too wide`);
    await page.click('header [data-cmd="tourney:open"]');
    await page.click('#t-bots');
    await page.waitForSelector('#bots:not([hidden]) #bot-code');
    assert.match(await page.inputValue('#bot-code'), lang === 'de' ? /^\/\/ Ein Vector-Bot\./ : /^\/\/ A Vector bot\./);
    await page.screenshot({ path: join(artefacts, `vector-bots-${lang}-${viewport.width}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a tournament record from tabula tournament opens as the 2009 slideshow: rounds, games, points; a damaged one is refused', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  const file = join(root, 'tests', 'fixtures', 'vector', 'tournament-3.json');
  await page.setInputFiles('#open-file', file);
  await page.waitForSelector('body[data-screen="show"] #show[data-game="0"][data-round="0"]');
  assert.equal(await page.getAttribute('#board', 'data-pos'), '10 10', 'each game starts at the centre');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#show[data-round="1"]');
  assert.match(await page.textContent('#show-where'), /After round 1 of/);
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('#show[data-round="0"]');
  // ↓ goes to the next game's end; twice is the third game.
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#show[data-game="1"] #show-end');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#show[data-game="2"] #show-end');
  await page.keyboard.press('Home');
  await page.waitForSelector('#show[data-game="2"][data-round="0"]');
  await page.keyboard.press('End');
  await page.waitForSelector('#show[data-game="2"] #show-end');
  // The points after the last game are the file's standings.
  const t = JSON.parse(readFileSync(file, 'utf8'));
  const rows = await page.$$eval('#standings tbody tr', (rs) => rs.map((r) => [r.cells[0].textContent, Number(r.cells[1].textContent)]));
  for (const st of t.standings) assert.ok(rows.some(([n, p]) => n === t.entrants[st.entrant].name && p === st.points), JSON.stringify(rows));
  // Space plays on from the game's start.
  await page.keyboard.press('Home');
  await page.keyboard.press(' ');
  await page.waitForSelector('#show[data-round="2"]', { timeout: 15000 });
  await page.keyboard.press(' ');
  await page.screenshot({ path: join(artefacts, 'vector-slideshow.png') });
  assert.deepEqual(await axeViolations(page), [], 'axe on the slideshow');
  await page.keyboard.press('Escape');
  // A tampered record: refused in words, nothing shown.
  const dir = scratchDir('tabula-vector-');
  const bad = join(dir, 'tampered.json');
  writeFileSync(bad, readFileSync(file, 'utf8').replace('"magnitude": 3', '"magnitude": 7'));
  await page.setInputFiles('#open-file', bad);
  // (Said in the open dialog, which opens for it.)
  await page.waitForSelector('#open:not([hidden]) #open-msg:not(:empty)');
  assert.match(await page.textContent('#open-msg'), /tampered\.json was not opened: the tournament does not replay/);
  assert.notEqual(await page.getAttribute('body', 'data-screen'), 'show');
  // Which game, which action and why, in words; never a decoder's.
  assert.match(await page.textContent('#open-msg'), /does not replay: game 1: action \d+ \(seat \d\) cannot be played/);
  // The good file dropped anywhere on the page opens too.
  await dropFile(page, 'tournament-3.json', readFileSync(file, 'utf8'), 'application/json');
  await page.waitForSelector('body[data-screen="show"] #show[data-game="0"][data-round="0"]');
  assert.equal(await page.isVisible('#open'), false, 'the dialog with the refusal closed');
  // "Open a record" (the kit's dialog): what is pasted and is no record is
  // said in the dialog, which Escape closes; a record pasted opens.
  await page.keyboard.press('Escape');
  await page.click('header [data-cmd="open"]');
  await page.waitForSelector('#open:not([hidden]) #open-text');
  await page.fill('#open-text', 'not a record');
  await page.click('#open [data-cmd="open-pasted"]');
  assert.equal(await page.textContent('#open-msg'), 'The pasted text was not opened: it is not a saved game: it stops making sense at line 1, column 2');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#open', { state: 'hidden' });
  await page.click('header [data-cmd="open"]');
  assert.equal(await page.textContent('#open-msg'), '', 'a new try starts without the old refusal');
  await page.fill('#open-text', JSON.stringify(t.games[1].record));
  await page.click('#open [data-cmd="open-pasted"]');
  await page.waitForSelector('body[data-screen="show"] #show[data-game="0"][data-round="0"]');
  assert.equal(await page.isVisible('#open'), false, 'the dialog closed');
  assert.equal(await page.getAttribute('#board', 'data-pos'), '10 10');
  assert.deepEqual(errors, []);
  await context.close();
});

async function runTournament(page, { entrants, games, rounds, limit, seed = 1 }) {
  await page.click('header [data-cmd="tourney:open"]');
  await page.waitForSelector('#t-start');
  for (let i = 0; i < 4; i++) await page.selectOption(`#entrant-${i}`, entrants[i]);
  await page.fill('#t-games', String(games));
  await page.fill('#t-rounds', String(rounds));
  await page.fill('#t-limit', String(limit));
  await page.fill('#t-seed', String(seed));
  await page.click('#t-start');
}

test('a tournament of built-in bots runs in the page, shown live, then as the slideshow; its record verifies', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await runTournament(page, { entrants: ['search:easy', 'random', 'greedy', 'random'], games: 3, rounds: 4, limit: 2 });
  await page.waitForSelector('#tourney-live #t-progress');
  await page.screenshot({ path: join(artefacts, 'vector-tournament-live.png') });
  await page.waitForSelector('body[data-screen="show"]', { timeout: 60000 });
  const total = async () => (await page.$$eval('#standings tbody tr', (rs) => rs.map((r) => Number(r.cells[1].textContent)))).reduce((a, b) => a + b, 0);
  assert.equal(await total(), 2, 'after the first game: two points, a win each for two seats or four halves');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#show[data-game="2"]');
  assert.equal(await total(), 6, 'two points a game');
  await page.screenshot({ path: join(artefacts, 'vector-tournament-show.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-tournament')]);
  const dir = scratchDir('tabula-vector-');
  const file = join(dir, 'tournament.json');
  await download.saveAs(file);
  const t = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(t.format, 'tabula-tournament');
  assert.equal(t.games.length, 3);
  const out = execFileSync(join(root, 'target', 'release', 'tabula'), ['record', 'verify', file]).toString();
  assert.match(out, /ok \(tournament of 3 games, 4 entrants, results replay\)/);
  // Shared as a link: it opens as the same slideshow elsewhere.
  await page.click('#link-tournament');
  const link = await page.inputValue('#tournament-link');
  assert.match(link, /vector\.html#tournament=/);
  const other = await browser();
  const p2 = await other.newPage();
  await p2.goto(link);
  await p2.waitForSelector('body[data-screen="show"]');
  await p2.keyboard.press('ArrowDown');
  await p2.keyboard.press('ArrowDown');
  await p2.waitForSelector('#show[data-game="2"]');
  assert.deepEqual(await p2.$$eval('#standings tbody tr', (rs) => rs.map((r) => r.textContent)),
    await page.$$eval('#standings tbody tr', (rs) => rs.map((r) => r.textContent)));
  // A damaged link is refused in words: pasted into the open tab, at
  // once (the page follows its address's changes), and on a fresh load.
  await p2.goto(link.slice(0, -20) + 'x');
  await p2.waitForSelector('#open-problem');
  assert.match(await p2.textContent('#panel'), /damaged/);
  await p2.goto('about:blank');
  await p2.goto(link.slice(0, -20) + 'x');
  await p2.waitForSelector('body[data-state="ready"]');
  assert.match(await p2.textContent('#panel'), /damaged/);
  await other.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a bot over the time limit disqualifies its team for the game, and the tournament finishes', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await runTournament(page, { entrants: ['search:hard', 'random', 'random', 'random'], games: 2, rounds: 3, limit: 0.001 });
  await page.waitForSelector('body[data-screen="show"]', { timeout: 60000 });
  // Step to a game in which the slow bot played: its disqualification is listed.
  let seen = false;
  for (let g = 0; g < 2 && !seen; g++) {
    if (g > 0) await page.keyboard.press('ArrowDown');
    seen = (await page.$('#faults li')) !== null;
  }
  assert.ok(seen, 'a disqualification is shown');
  // search:hard always takes more than 1 ms (it plays every game); under
  // load another bot may be late too, which is the same rule.
  assert.match(await page.textContent('#faults'), /disqualified: took \d+ ms, over its 1 ms/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Write and save a bot in the "Your bots" dialog (opened from `opener`). */
async function saveBot(page, name, code) {
  await page.click('[data-cmd="bot-new"]');
  // A bot refused before is not saved: the page asks before it goes.
  if (await page.$('#confirm[open]')) await page.click('#confirm-go');
  await page.fill('#bot-name', name);
  if (code !== null) await page.fill('#bot-code', code);
  await page.click('[data-cmd="bot-save"]');
  await page.waitForFunction(() => /^(Saved|Not saved)/.test(document.querySelector('#bot-msg').textContent));
  assert.match(await page.textContent('#bot-msg'), /^Saved/, `${name} is saved`);
}

const LOOPER = 'function direction(view) {\n  return view.legal[0];\n}\nfunction magnitude(view) {\n  while (true) {}\n}\n';
const THROWER = 'function direction(view) {\n  return view.legal[view.legal.length - 1];\n}\nfunction magnitude(view) {\n  throw new Error("boom");\n}\n';
const SIDESTEP = 'function direction(view) {\n  return view.legal[(view.round + view.me) % view.legal.length];\n}\nfunction magnitude(view) {\n  return view.legal[view.legal.length - 1];\n}\n';

test('bots written in the page: a tournament of four, one loops forever and one throws — both disqualified with their team, the tournament finishes and verifies', async () => {
  const context = await browser();
  const { page, errors, requests } = await openPage(context);
  await page.click('header [data-cmd="tourney:open"]');
  await page.click('#t-bots');
  await page.waitForSelector('#bots:not([hidden]) #bot-code');
  const template = await page.inputValue('#bot-code');
  assert.match(template, /^\/\/ A Vector bot\./);
  assert.match(template, /function direction\(view\)/);
  assert.match(template, /function magnitude\(view\)/);
  // A bot without magnitude(view) is refused before it is saved, by name.
  await page.click('[data-cmd="bot-new"]');
  await page.fill('#bot-code', 'function direction(view) { return "N"; }\n// magnitude');
  await page.click('[data-cmd="bot-save"]');
  await page.waitForFunction(() => /^Not saved/.test(document.querySelector('#bot-msg').textContent));
  assert.match(await page.textContent('#bot-msg'), /does not define magnitude\(view\)/);
  await saveBot(page, 'Homing', null);
  await saveBot(page, 'Looper', LOOPER);
  await saveBot(page, 'Thrower', THROWER);
  await saveBot(page, 'Sidestep', SIDESTEP);
  assert.deepEqual(await page.$$eval('#bot-list button', (b) => b.map((x) => x.textContent)), ['Homing', 'Looper', 'Thrower', 'Sidestep']);
  assert.deepEqual(await axeViolations(page), []);
  await page.screenshot({ path: join(artefacts, 'vector-bots.png') });
  await page.keyboard.press('Escape');
  await page.waitForSelector('#bots[hidden]', { state: 'attached' });
  await runTournament(page, { entrants: ['saved:0', 'saved:1', 'saved:2', 'saved:3'], games: 2, rounds: 3, limit: 0.5 });
  await page.waitForSelector('body[data-screen="show"]', { timeout: 60000 });
  for (let g = 0; g < 2; g++) {
    if (g > 0) await page.keyboard.press('ArrowDown');
    await page.waitForSelector(`#show[data-game="${g}"]`);
    const faults = await page.textContent('#faults');
    assert.match(faults, /Looper \(\w+\) disqualified: took \d+ ms, over its 500 ms/, `game ${g + 1}: the looping bot`);
    assert.match(faults, /Thrower \(\w+\) disqualified: failed: its code stopped with an error: boom \(line 5, column \d+\)/, `game ${g + 1}: the throwing bot`);
  }
  await page.screenshot({ path: join(artefacts, 'vector-bots-tournament.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-tournament')]);
  const dir = scratchDir('tabula-vector-');
  const file = join(dir, 'tournament.json');
  await download.saveAs(file);
  const t = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(t.entrants.map((e) => [e.name, e.player]), [['Homing', 'bot:script'], ['Looper', 'bot:script'], ['Thrower', 'bot:script'], ['Sidestep', 'bot:script']]);
  assert.ok(t.games.every((g) => g.disqualified.length === 2), 'both bad bots are out in every game');
  const out = execFileSync(join(root, 'target', 'release', 'tabula'), ['record', 'verify', file]).toString();
  assert.match(out, /ok \(tournament of 2 games, 4 entrants, results replay\)/);
  assert.ok(requests.every((r) => r.startsWith(site.home) || r.startsWith('blob:') || r.startsWith('data:')), requests.join('\n'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game with bots written in the page: one plays, one that throws hands its seat to the random AI, and the game ends', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await page.waitForSelector('#setup-bots');
  await page.click('#setup-bots');
  await saveBot(page, 'Homing', null);
  await saveBot(page, 'Thrower', THROWER);
  await page.click('#bots [data-cmd="bots-close"]');
  // The saved bots are offered for the seats at once.
  await startGame(page, { who: ['saved:0', 'saved:1', 'random', 'random'], rounds: 3 });
  await page.waitForSelector('body[data-screen="over"]', { timeout: 60000 });
  assert.match(await page.textContent('#panel'), /The bot of Thrower is out: its code stopped with an error: boom \(line 5, column \d+\)\. The random AI plays the seat from now on\./);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Click the centre of board square (row, col) on the canvas. */
async function clickSquare(page, row, col) {
  const box = await page.locator('#board').boundingBox();
  const cell = box.width / 23;
  await page.mouse.click(box.x + (col + 1.5) * cell, box.y + (row + 1.5) * cell);
}

async function exportBoard(page) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#ed-export')]);
  const file = join(scratchDir('tabula-vector-'), 'board.txt');
  await dl.saveAs(file);
  return readFileSync(file, 'utf8');
}

const squares = (text) => text.split('\n').map((l) => l.split('#')[0].trim()).filter((l) => l);

test('the board editor: paint four times over, undo, problems marked and said by line, a bad file refused by line, a link, and play this board', async () => {
  const context = await browser();
  const { page, errors, requests } = await openPage(context);
  await page.click('header [data-cmd="edit:open"]');
  await page.waitForSelector('#editor');
  await page.selectOption('#ed-start', 'empty');
  await page.click('#ed-load');
  await page.waitForFunction(() => document.querySelector('#ed-check').textContent.includes('can be played'));
  await page.fill('#ed-name', 'Class board');
  await page.selectOption('#ed-kind', 'move');
  await page.waitForSelector('#ed-dir');
  await page.selectOption('#ed-dir', 'S');
  await page.fill('#ed-steps', '2');
  await page.press('#ed-steps', 'Tab');
  await page.waitForFunction(() => document.querySelector('#ed-paints').textContent.startsWith('Paints ↓2'));
  await clickSquare(page, 2, 5);
  let text = await exportBoard(page);
  assert.match(text, /^# name: Class board\n/);
  let sq = squares(text);
  assert.equal(sq.length, 441);
  assert.deepEqual(sq.map((s, i) => [i, s]).filter(([, s]) => s !== 'BLANK'),
    [[2 * 21 + 5, 'MOVE SOUTH 2'], [5 * 21 + 18, 'MOVE WEST 2'], [15 * 21 + 2, 'MOVE EAST 2'], [18 * 21 + 15, 'MOVE NORTH 2']],
    'one click paints the square for all four seats, turned');
  // A points square on a corner: four problems, marked and said by line.
  await page.selectOption('#ed-kind', 'points');
  await page.waitForSelector('#ed-payee');
  await clickSquare(page, 0, 0);
  await page.waitForSelector('#ed-problems li');
  const problems = await page.$$eval('#ed-problems li', (ls) => ls.map((l) => l.textContent));
  assert.equal(problems.length, 4);
  assert.equal(problems[0], 'line 4 (row 0, column 0): this square must be BLANK: the piece starts there or is put there');
  assert.equal(await page.getAttribute('#board', 'data-flaws'), '4');
  assert.ok(await page.isDisabled('#ed-play'), 'a board with problems cannot be played');
  await page.screenshot({ path: join(artefacts, 'vector-editor-problems.png') });
  // Undo by key; the board is playable again. Paint by keyboard.
  await page.keyboard.press('Control+z');
  await page.waitForFunction(() => document.querySelector('#ed-check').textContent.includes('can be played'));
  await page.focus('#board');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  text = await exportBoard(page);
  sq = squares(text);
  assert.equal(sq[1 * 21 + 0], 'POINTS 5 ALL', 'the key paints under the frame (row 1, column 0: one down from the last click)');
  assert.equal(sq.filter((s) => s !== 'BLANK').length, 8);
  // A damaged board file is refused by line; the board stays.
  const bad = Array(441).fill('BLANK');
  bad[15] = 'MOVE NORTH 4';
  bad[29] = 'POINTS 5 UP';
  const badFile = join(scratchDir('tabula-vector-'), 'bad.txt');
  writeFileSync(badFile, bad.join('\n') + '\n');
  await page.setInputFiles('#ed-file', badFile);
  await page.waitForSelector('#ed-refused');
  const refused = await page.textContent('#ed-refused');
  assert.match(refused, /bad\.txt was not opened: the board in the editor is unchanged\./);
  assert.match(refused, /line 16 \(row 0, column 15\): a push is 1 to 3 squares, not “4”/);
  assert.match(refused, /line 30 \(row 1, column 8\): “UP” is not a seat/);
  assert.equal(squares(await exportBoard(page)).filter((s) => s !== 'BLANK').length, 8, 'the board is unchanged');
  await page.screenshot({ path: join(artefacts, 'vector-editor.png') });
  assert.deepEqual(await axeViolations(page), []);
  // A link opens the board in another browser.
  await page.click('#ed-link');
  const link = await page.inputValue('#ed-link-out');
  assert.match(link, /vector\.html#board=/);
  const other = await browser();
  const p2 = await other.newPage();
  await p2.goto(link);
  await p2.waitForSelector('#editor');
  assert.equal(await p2.inputValue('#ed-name'), 'Class board');
  assert.equal(squares(await exportBoard(p2)).filter((s) => s !== 'BLANK').length, 8);
  await other.close();
  // Play this board: the set-up offers it first; a game is played on it.
  await page.click('#ed-play');
  await page.waitForSelector('#start');
  assert.equal(await page.inputValue('#board-choice'), 'yours');
  for (let i = 0; i < 4; i++) await page.selectOption(`#seat-${i}`, 'random');
  await page.fill('#rounds', '2');
  await page.click('#start');
  await page.waitForSelector('body[data-screen="over"]', { timeout: 30000 });
  assert.equal(await page.getAttribute('#board', 'data-board'), 'Class board');
  assert.ok(requests.every((r) => r.startsWith(site.home) || r.startsWith('blob:') || r.startsWith('data:')));
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a 390-pixel phone every screen fits the width and its buttons are in reach; touch paints in the editor in two taps', async () => {
  const context = await browser({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  const { page, errors } = await openPage(context);
  const fits = async (what) => {
    const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(over <= 0, `${what}: the page is ${over} px wider than the phone`);
    await page.screenshot({ path: join(artefacts, `vector-phone-${what}.png`), fullPage: true });
  };
  await page.waitForSelector('#start');
  await fits('setup');
  await startGame(page, { who: ['human', 'random', 'random', 'random'], rounds: 2, seed: 3 });
  await page.waitForSelector('#decision .compass');
  await fits('game');
  // What to do comes right after the board, before the legend.
  const [boardBottom, compassTop, legendTop] = await page.evaluate(() => [
    document.querySelector('#board').getBoundingClientRect().bottom,
    document.querySelector('#decision').getBoundingClientRect().top,
    document.querySelector('#legend-box').getBoundingClientRect().top]);
  assert.ok(boardBottom <= compassTop && compassTop < legendTop, `board ${boardBottom}, decision ${compassTop}, legend ${legendTop}`);
  const button = await page.locator('#decision .compass button:not([disabled])').first().boundingBox();
  assert.ok(button.width >= 44 && button.height >= 44, `a compass button is ${button.width}×${button.height}`);
  await page.click('header [data-cmd="edit:open"]');
  await page.waitForSelector('#editor');
  await page.selectOption('#ed-start', 'empty');
  await page.click('#ed-load');
  // A finger paints in two taps: the first frames the square, the second
  // paints it (the board drawn larger, panned in its box).
  const cell = (await page.locator('#board').boundingBox()).width / 23;
  const label = () => page.getAttribute('#board', 'aria-label');
  await tapBoardAt(page, [5.5 * cell, 3.5 * cell]);
  await page.waitForFunction(() => /row 2, column 4: /.test(document.querySelector('#board').getAttribute('aria-label')));
  const framed = await label();
  assert.match(framed, /: nothing$/);
  await tapBoardAt(page, [5.5 * cell, 3.5 * cell]);
  await page.waitForFunction((before) => document.querySelector('#board').getAttribute('aria-label') !== before, framed);
  assert.doesNotMatch(await label(), /: nothing$/, 'the second tap painted');
  await fits('editor');
  await page.click('header [data-cmd="tourney:open"]');
  await page.waitForSelector('#t-start');
  await fits('tournament');
  await page.click('#t-bots');
  await page.waitForSelector('#bots:not([hidden]) #bot-code');
  await fits('bots');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a record opened while a tournament is being played asks first: keep it going, or stop it and open the record', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await runTournament(page, { entrants: ['search:easy', 'random', 'greedy', 'random'], games: 100, rounds: 12, limit: 2 });
  await page.waitForSelector('#tourney-live #t-progress');
  const file = join(root, 'tests', 'fixtures', 'vector', 'tournament-3.json');
  const data = deflateRawSync(readFileSync(file), { level: 9 }).toString('base64url');
  // A link pasted into the address: asked; "keep" leaves the tournament running.
  await page.evaluate((d) => { location.hash = `tournament=${d}`; }, data);
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm'), /Stop the tournament\?/);
  await page.click('#confirm-stay');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.equal(await page.getAttribute('body', 'data-screen'), 'tournament');
  await page.waitForSelector('#tourney-live #t-progress');
  // A damaged link over the tournament: said in the open dialog, the tournament goes on.
  await page.evaluate(() => { location.hash = 'tournament=AAAAdamaged'; });
  await page.waitForSelector('#open:not([hidden]) #open-msg:not(:empty)');
  assert.match(await page.textContent('#open-msg'), /This link does not open a game/);
  await page.keyboard.press('Escape');
  assert.equal(await page.getAttribute('body', 'data-screen'), 'tournament');
  // A file dropped, and "stop": the record opens.
  await dropFile(page, 'tournament-3.json', readFileSync(file, 'utf8'), 'application/json');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-go');
  await page.waitForSelector('body[data-screen="show"] #show[data-game="0"][data-round="0"]');
  assert.match(await page.textContent('#show'), /Game 1 of 3/);
  assert.deepEqual(errors, []);
  await context.close();
});
