// What the pages say, in headless Chromium (issue 43, items 12 and 14):
// - Domains: while a finished game is replayed at an earlier round, the
//   header says so and no note names the winner yet; at the last round
//   both say the end;
// - counts read right for 1 (`1 point`, `1 Punkt`, `1 square`, `1 Feld`);
// - a default name is said once (`North`, never `North (North)`) and in
//   the page's language (`Nord`, `Spieler 1` for a game begun in English).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, artefacts, finishedGame, root, pickLanguage, ready } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());

async function openPage(context, file) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + file);
  await page.waitForSelector('body[data-state="ready"]');
  return { page, errors };
}

/** Switch the page to German (the page loads again). */
async function german(page) {
  await pickLanguage(page, 'de');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await page.waitForSelector('body[data-state="ready"]');
}

const countedWrong = (text) => text.match(/(^|[^\d-])-?1 (points|squares|cards|Punkte|Felder|Karten)\b/g) ?? [];

test('Domains: a finished game replayed at an earlier round says so; the end and its winner are said at the last round', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'domains.html');
  if (await page.isHidden('#setup')) await page.click('header [data-cmd="new"]');
  await page.selectOption('#players', '3');
  for (const [i, bot] of ['bot:painter', 'bot:dummy', 'bot:demo'].entries()) await page.selectOption(`#seat-${i}`, bot);
  await page.selectOption('#board-size', '12:30');
  await page.fill('#seed', '5');
  await page.click('[data-cmd="start"]');
  await page.waitForSelector('#setup', { state: 'hidden' });
  const notes = () => page.$$eval('#notes li', (ls) => ls.map((l) => l.textContent));
  await page.waitForFunction(() => [...document.querySelectorAll('#notes li')].some((l) => l.textContent.startsWith('Game over')), null, { timeout: 60000 });
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => /^Round 1 of 30$/.test(document.querySelector('#round-label').textContent.trim()));
  assert.equal(await page.textContent('#title'), 'Domains — replay');
  const early = (await notes(page)).join('\n');
  assert.match(early, /Game over after 30 rounds: who won shows at the last round \(End\)\./);
  assert.doesNotMatch(early, / with \d+ points/, 'no winner named at round 1');
  await page.screenshot({ path: join(artefacts, 'words-domains-replay.png') });
  await page.keyboard.press('End');
  await page.waitForFunction(() => /^Round 30 of 30$/.test(document.querySelector('#round-label').textContent.trim()));
  assert.equal(await page.textContent('#title'), 'Domains — game over');
  assert.match((await notes(page))[0], /^Game over after 30 rounds: .+ with \d+ points\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Vector: a default name is said once and in the page\'s language; one square is one square', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'vector.html');
  await page.waitForSelector('#start');
  await page.selectOption('#seat-0', 'human');
  for (let i = 1; i < 4; i++) await page.selectOption(`#seat-${i}`, 'random');
  await page.fill('#rounds', '2');
  await page.fill('#seed', '5');
  await page.click('#start');
  // North plays a magnitude of 1 each round.
  for (let step = 0; step < 40; step++) {
    await page.waitForFunction(() => document.body.dataset.screen === 'over' || document.querySelector('#decision .compass, #decision .magnitudes'), null, { timeout: 20000 });
    if (await page.getAttribute('body', 'data-screen') === 'over') break;
    if (await page.$('#decision .compass')) await page.click('#decision .compass button:not([disabled])');
    else await page.click('#decision .magnitudes button[data-mag="1"]');
    await page.waitForTimeout(50);
  }
  assert.equal(await page.getAttribute('body', 'data-screen'), 'over');
  const last = await page.textContent('#last-round');
  assert.match(last, /North: .*, 1 square(?!s)/, last);
  assert.deepEqual(countedWrong(await page.textContent('body')), []);
  assert.equal((await page.textContent('#scores tr[data-seat="N"] td:first-child')).trim(), 'NNorth');
  await page.click('#end-replay');
  await page.waitForSelector('body[data-screen="show"]');
  const seats = await page.$$eval('.show-seats li', (ls) => ls.map((l) => l.textContent));
  assert.ok(seats.every((s) => !/\((North|East|South|West)\)/.test(s)), seats.join(' | '));
  assert.match(seats[0], /^NNorth: -?\d+$/);
  await page.keyboard.press('Escape');
  await page.waitForSelector('body[data-screen="over"]');
  // The same game on the German page: its default names in German.
  await german(page);
  await page.waitForSelector('body[data-screen="over"]');
  assert.equal((await page.textContent('#scores tr[data-seat="N"] td:first-child')).trim(), 'NNord');
  // A seat's letter is German too: O for Ost (issue 43, item 14).
  assert.equal((await page.textContent('#scores tr[data-seat="E"] td:first-child')).trim(), 'OOst');
  const lastDe = await page.textContent('#last-round');
  assert.match(lastDe, /Nord: .*, 1 Feld(?!er)/, lastDe);
  // (West is West in German too.)
  assert.doesNotMatch(await page.textContent('#panel'), /North|East|South/);
  assert.deepEqual(countedWrong(await page.textContent('body')), []);
  await page.screenshot({ path: join(artefacts, 'words-vector-de.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Catan: 1 point and 1 card, in English and German; default names follow the page\'s language', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'catan.html');
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  for (const [i, who] of ['human', 'search:easy', 'search:easy', 'none'].entries()) await page.selectOption(`#ng-who-${i}`, who);
  await page.click('#ng-position-box summary');
  await page.fill('#ng-position', 'players 3\nturn 9 player 1 main\nhand 1 COIN 3\nhand 2 ORE 1\ncity 1 5:W\nsettlement 2 12:NE\nsettlement 3 20:NE\n');
  await page.click('#ng-start');
  await page.waitForSelector('body[data-mode="game"]');
  const seat = (s) => page.textContent(`#seats .seat[data-seat="${s}"]`);
  assert.match(await seat(1), /Player 2.*1 point(?!s).*1 card(?!s)/, await seat(1));
  assert.match(await seat(0), /Player 1.*2 points.*3 cards/, await seat(0));
  assert.deepEqual(countedWrong(await page.textContent('body')), []);
  await page.evaluate(() => localStorage.setItem('tabula.lang', 'de'));
  await page.reload();
  await page.waitForSelector('body[data-mode="game"]');
  assert.match(await seat(1), /Spieler 2.*1 Punkt(?!e).*1 Karte(?!n)/, await seat(1));
  assert.match(await seat(0), /Spieler 1.*2 Punkte.*3 Karten/, await seat(0));
  assert.doesNotMatch(await page.textContent('#seats'), /Player/);
  assert.deepEqual(countedWrong(await page.textContent('body')), []);
  await page.screenshot({ path: join(artefacts, 'words-catan-de.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// Issue 43, item 14, continued: internals never reach a message, and the
// default names of Star Tigris and Domains follow the page's language.

test('a record of another game is refused naming that game as players know it, in English and German', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'catan.html');
  const file = join(artefacts, 'words-star-tigris-record.json');
  writeFileSync(file, finishedGame(3));
  await page.click('[data-cmd="game-new"]');
  await page.setInputFiles('#ng-open', file);
  await page.waitForFunction(() => document.querySelector('#ng-problem')?.textContent.length > 0);
  const why = await page.textContent('#ng-problem');
  assert.match(why, /a saved game of Star Tigris, not of Catan/, why);
  assert.doesNotMatch(why, /star-tigris|record of/, why);
  await page.evaluate(() => localStorage.setItem('tabula.lang', 'de'));
  await page.reload();
  await page.waitForSelector('body[data-state="ready"]');
  await page.click('[data-cmd="game-new"]');
  await page.setInputFiles('#ng-open', file);
  await page.waitForFunction(() => document.querySelector('#ng-problem')?.textContent.length > 0);
  const de = await page.textContent('#ng-problem');
  assert.match(de, /ein gespeichertes Spiel von Star Tigris, nicht von Catan/, de);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Star Tigris: seats named by their colour in English are named in German on the German page', async () => {
  const context = await browser();
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + 'star-tigris.html#new');
  await page.waitForSelector('body[data-screen="new"]');
  await page.click('[data-cmd="seats:3"]');
  assert.deepEqual([await page.inputValue('#name0'), await page.inputValue('#name1'), await page.inputValue('#name2')], ['Orange', 'Violet', 'Teal']);
  await page.selectOption('#map', 'small');
  await page.click('#start');
  await page.waitForSelector('body:not([data-screen="new"])');
  // Three people at one device: the hand-off to Orange is a dialog, and
  // the language menu is inert behind it; Orange takes the screen first.
  await ready(page);
  await page.waitForSelector('body[data-screen="play"]');
  await pickLanguage(page, 'de');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await page.waitForSelector('body:not([data-screen="new"])');
  const players = await page.textContent('.players');
  assert.match(players, /Violett/, players);
  assert.match(players, /Türkis/, players);
  assert.doesNotMatch(players, /Violet(?!t)|Teal/, players);
  await page.screenshot({ path: join(artefacts, 'words-star-tigris-names-de.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Domains: the one person is "Du" on the German page, for a game begun in English', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'domains.html');
  if (await page.isHidden('#setup')) await page.click('header [data-cmd="new"]');
  await page.selectOption('#players', '2');
  await page.selectOption('#seat-0', 'person');
  await page.selectOption('#seat-1', 'bot:dummy');
  await page.selectOption('#board-size', '12:30');
  await page.fill('#seed', '5');
  await page.click('[data-cmd="start"]');
  await page.waitForSelector('#setup', { state: 'hidden' });
  await page.waitForFunction(() => /waiting for your orders/.test(document.querySelector('main').textContent));
  assert.match(await page.textContent('main'), /You: solid line/);
  await german(page);
  await page.waitForFunction(() => /Du: durchgezogene Linie/.test(document.querySelector('main').textContent));
  assert.doesNotMatch(await page.textContent('main'), /\bYou\b/);
  await page.screenshot({ path: join(artefacts, 'words-domains-de.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the Star Tigris lessons say "their", never "his"', () => {
  const dir = join(root, 'lessons', 'star-tigris');
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const lesson = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const texts = JSON.stringify({ ...lesson, translations: undefined });
    assert.doesNotMatch(texts, /\b(he|his|him|himself)\b/i, f);
  }
});
