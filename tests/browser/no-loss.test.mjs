// Nothing a player made is lost, and no sentence keeps a `{name}`
// (issue 43, "Broken" 1–6), in headless Chromium:
// - Vector: a seat whose written bot failed stays with the random AI
//   after a reload and a change of language (never a person);
// - the hand-off screens of Vector and Catan name the person in every
//   sentence, in English and German;
// - Catan's log says the level each city improvement reached;
// - Vector's bot library: a new bot never replaces a saved one, a new
//   name renames the bot being edited (no copy);
// - Vector: "Open a record" (its dialog and file chooser) throws nothing, and a `#tournament=` link
//   pasted into the open tab opens;
// - Catan (Start, or a saved game opened in the new-game dialog) and
//   Domains (Start) ask before a game in progress is replaced, in the
//   page's language, and Cancel or Escape keeps the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { serve, browser, artefacts, root, scratchDir, pickLanguage } from './harness.mjs';

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

/** Every `{name}` left in the page's visible text. */
const placeholdersLeft = (page) => page.evaluate(() => document.body.innerText.match(/\{[A-Za-z][\w-]*\}/g) ?? []);

// ---------------------------------------------------------------- Vector

const THROWER = 'function direction(view) {\n  return view.legal[view.legal.length - 1];\n}\nfunction magnitude(view) {\n  throw new Error("boom");\n}\n';
const CODE = (tag) => `// ${tag}\nfunction direction(view) {\n  return view.legal[0];\n}\nfunction magnitude(view) {\n  return 1;\n}\n`;

/** Save the bot in the editor as it stands; the message said. */
async function pressSave(page) {
  await page.evaluate(() => { document.querySelector('#bot-msg').textContent = ''; });
  await page.click('[data-cmd="bot-save"]');
  await page.waitForFunction(() => /^(Saved|Not saved|Gespeichert|Nicht gespeichert|„)/.test(document.querySelector('#bot-msg').textContent));
  return page.textContent('#bot-msg');
}

async function vectorStart(page, { who, names = [], rounds = 3, seed = 3 }) {
  if (!(await page.$('#start'))) await page.click('header [data-cmd="new"]');
  await page.waitForSelector('#start');
  for (let i = 0; i < 4; i++) {
    await page.selectOption(`#seat-${i}`, who[i]);
    if (names[i]) await page.fill(`#name-${i}`, names[i]);
  }
  await page.fill('#rounds', String(rounds));
  await page.fill('#seed', String(seed));
  await page.click('#start');
  await page.waitForSelector('body[data-screen="game"], body[data-screen="over"]');
}

/** One step of the people at the device; what it was ('handoff' with
 * its text, 'direction', 'magnitude', 'over'). */
async function vectorStep(page, step) {
  await page.waitForFunction(() => document.body.dataset.screen === 'over'
    || document.querySelector('#decision #ready, #decision .compass, #decision .magnitudes'), null, { timeout: 20000 });
  if (await page.getAttribute('body', 'data-screen') === 'over') return { what: 'over' };
  if (await page.$('#decision #ready')) {
    const text = await page.textContent('#decision');
    await page.click('#decision #ready');
    return { what: 'handoff', text };
  }
  if (await page.$('#decision .compass')) {
    await page.click('#decision .compass button:not([disabled])');
    return { what: 'direction' };
  }
  await page.click(`#decision .magnitudes button[data-mag="${1 + (step % 3)}"]`);
  return { what: 'magnitude' };
}

const who = (page, letter) => page.textContent(`#scores tr[data-seat="${letter}"] td:nth-child(2)`);

test('Vector: a seat whose written bot failed stays with the random AI after a reload and in German; hand-offs name the person in every sentence', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'vector.html');
  await page.click('#setup-bots');
  await page.waitForSelector('#bots:not([hidden]) #bot-code');
  await page.click('[data-cmd="bot-new"]');
  await page.fill('#bot-name', 'Thrower');
  await page.fill('#bot-code', THROWER);
  assert.match(await pressSave(page), /^Saved “Thrower”/);
  await page.click('#bots [data-cmd="bots-close"]');
  await vectorStart(page, { who: ['human', 'saved:0', 'human', 'random'], names: ['Ann', '', 'Cy'] });
  const handoffs = [];
  for (let step = 0; step < 60 && !(await page.$('.bot-out')); step++) {
    const s = await vectorStep(page, step);
    if (s.what === 'handoff') handoffs.push(s.text);
  }
  assert.match(await page.textContent('.bot-out'), /The bot of Thrower is out: its code stopped with an error: boom \(/);
  assert.equal((await who(page, 'E')).trim(), 'AI, random');
  // The hand-off names the person in its heading, its note and its button.
  for (;;) {
    const s = await vectorStep(page, 1);
    if (s.what === 'handoff') { handoffs.push(s.text); break; }
    assert.notEqual(s.what, 'over');
  }
  await page.screenshot({ path: join(artefacts, 'no-loss-vector-handoff.png') });
  // A reload: the seat is still the random AI's, and the page still says why.
  await page.reload();
  await page.waitForSelector('body[data-screen="game"]');
  assert.equal((await who(page, 'E')).trim(), 'AI, random', 'after a reload');
  assert.match(await page.textContent('.bot-out'), /The bot of Thrower is out/);
  // In German (a reload too): the same, and the hand-off in German.
  await pickLanguage(page, 'de');
  await page.waitForSelector('body[data-state="ready"]');
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  await page.waitForSelector('body[data-screen="game"]');
  assert.equal((await who(page, 'E')).trim(), 'KI, zufällig', 'in German');
  let german = null;
  for (let step = 0; step < 40 && !german; step++) {
    const s = await vectorStep(page, step);
    if (s.what === 'handoff') german = s.text;
    if (s.what === 'over') break;
  }
  // The hand-offs, in English and German.
  assert.ok(handoffs.length > 0, 'a hand-off was seen');
  for (const h of handoffs) {
    assert.doesNotMatch(h, /\{/, h);
    assert.match(h, /Pass the device to (Ann|Cy)The others look away: (Ann|Cy) now chooses a magnitude in secret\.I am (Ann|Cy): let me choose/, h);
  }
  assert.ok(german, 'a German hand-off was seen');
  assert.match(german, /Gebt das Gerät an (Ann|Cy)Die anderen schauen weg: (Ann|Cy) wählt jetzt geheim eine Weite\.Ich bin (Ann|Cy): ich wähle/, german);
  await page.screenshot({ path: join(artefacts, 'no-loss-vector-handoff-de.png') });
  // To the end: no hand-off ever goes to the bot's seat.
  for (let step = 0; step < 200; step++) {
    const s = await vectorStep(page, step);
    if (s.what === 'over') break;
    if (s.what === 'handoff') assert.doesNotMatch(s.text, /Thrower/);
  }
  assert.equal(await page.getAttribute('body', 'data-screen'), 'over');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Vector\'s bot library: a new bot never replaces a saved one; a new name renames the bot being edited', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'vector.html');
  const library = () => page.evaluate(() => JSON.parse(localStorage.getItem('tabula.vector.bots') || '[]'));
  const listed = () => page.$$eval('#bot-list button', (bs) => bs.map((b) => b.textContent));
  await page.click('#setup-bots');
  await page.waitForSelector('#bots:not([hidden]) #bot-code');
  // A first bot under the default name.
  await page.click('[data-cmd="bot-new"]');
  assert.equal(await page.inputValue('#bot-name'), 'My bot');
  await page.fill('#bot-code', CODE('first'));
  assert.match(await pressSave(page), /^Saved “My bot”/);
  // A second new bot starts with a name no bot has, and is saved beside
  // the first.
  await page.click('[data-cmd="bot-new"]');
  assert.equal(await page.inputValue('#bot-name'), 'My bot 2');
  await page.fill('#bot-code', CODE('second'));
  assert.match(await pressSave(page), /^Saved “My bot 2”/);
  assert.deepEqual(await listed(), ['My bot', 'My bot 2']);
  // A third, given the first one's name: refused, the first keeps its code.
  await page.click('[data-cmd="bot-new"]');
  await page.fill('#bot-name', 'My bot');
  await page.fill('#bot-code', CODE('third'));
  assert.equal(await pressSave(page), 'Not saved: another saved bot is called “My bot”: give this one another name, or pick that bot to change it.');
  assert.deepEqual((await library()).map((b) => [b.name, b.code]), [['My bot', CODE('first')], ['My bot 2', CODE('second')]]);
  await page.screenshot({ path: join(artefacts, 'no-loss-bot-name-taken.png') });
  // The first, picked, changed and renamed: the same bot, no copy.
  await page.click('#bot-list button >> text="My bot"');
  // (The refused third bot is not saved: the page asks before it goes.)
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-go');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.equal(await page.inputValue('#bot-code'), CODE('first'));
  await page.fill('#bot-name', 'Corner');
  await page.fill('#bot-code', CODE('first, better'));
  assert.match(await pressSave(page), /^Saved “Corner”/);
  assert.deepEqual((await library()).map((b) => [b.name, b.code]), [['Corner', CODE('first, better')], ['My bot 2', CODE('second')]]);
  assert.deepEqual(await listed(), ['Corner', 'My bot 2']);
  // Saved again without a change of name: still one bot.
  await page.fill('#bot-code', CODE('first, best'));
  assert.match(await pressSave(page), /^Saved “Corner”/);
  assert.deepEqual((await library()).map((b) => b.name), ['Corner', 'My bot 2']);
  // A change not saved is not lost without asking.
  await page.fill('#bot-code', CODE('unsaved'));
  await page.click('[data-cmd="bot-new"]');
  await page.waitForSelector('#confirm[open]');
  assert.equal(await page.textContent('#confirm-text'), 'The bot in the editor (“Corner”) has changes that are not saved: they are lost if you go on.');
  await page.screenshot({ path: join(artefacts, 'no-loss-bot-unsaved.png') });
  await page.click('#confirm-stay');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.equal(await page.inputValue('#bot-code'), CODE('unsaved'), 'Keep editing keeps the code');
  await page.click('#bot-list button >> text="My bot 2"');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-go');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.equal(await page.inputValue('#bot-code'), CODE('second'));
  assert.equal((await library())[0].code, CODE('first, best'), 'the saved code stays');
  // Nothing changed since: no question.
  await page.click('[data-cmd="bot-new"]');
  assert.equal(await page.inputValue('#bot-name'), 'My bot');
  assert.equal(await page.$('#confirm[open]'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Vector: "Open a record" throws nothing; a #tournament= link pasted into the open tab opens at once', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'vector.html');
  await vectorStart(page, { who: ['human', 'random', 'random', 'random'], rounds: 4 });
  const file = join(root, 'tests', 'fixtures', 'vector', 'tournament-3.json');
  // "Open a record" opens the kit's open dialog; its file button opens the
  // browser's file chooser (twice: the first time nothing is chosen).
  for (let i = 0; i < 2; i++) {
    await page.click('header [data-cmd="open"]');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#open .file-button')]);
    if (i === 1) await chooser.setFiles(file);
    else await page.keyboard.press('Escape');
  }
  await page.waitForSelector('body[data-screen="show"] #show[data-game="0"]');
  assert.deepEqual(errors, [], 'no error from the clicks on "Open a record"');
  await page.keyboard.press('Escape');
  await page.waitForSelector('body[data-screen="game"]');
  // The link, pasted into the address of this open tab.
  const data = deflateRawSync(readFileSync(file), { level: 9 }).toString('base64url');
  await page.evaluate((d) => { location.hash = `tournament=${d}`; }, data);
  await page.waitForSelector('body[data-screen="show"] #show[data-game="0"][data-round="0"]', { timeout: 5000 });
  assert.equal(await page.evaluate(() => location.hash), '', 'the link is taken off the address');
  await page.keyboard.press('ArrowDown');
  await page.waitForSelector('#show[data-game="1"]');
  // A damaged one is refused in words.
  await page.keyboard.press('Escape');
  await page.evaluate(() => { location.hash = 'tournament=AAAAdamaged'; });
  await page.waitForSelector('#open-problem');
  assert.match(await page.textContent('#open-problem'), /damaged/);
  assert.deepEqual(errors, []);
  await context.close();
});

// ----------------------------------------------------------------- Catan

/** A position: Ann (seat 1) with a city and three coins, after her roll. */
const IMPROVE = 'players 3\nturn 9 player 1 main\nhand 1 COIN 3\ncity 1 5:W\nsettlement 2 12:NE\nsettlement 3 20:NE\n';

async function catanFrom(page, position, who, names) {
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  for (let i = 0; i < 4; i++) {
    await page.selectOption(`#ng-who-${i}`, who[i] ?? 'none');
    if (names?.[i]) await page.fill(`#ng-name-${i}`, names[i]);
  }
  await page.click('#ng-position-box summary');
  await page.fill('#ng-position', position);
  await page.click('#ng-start');
  await page.waitForSelector('body[data-mode="game"]');
}

async function act(page, re) {
  for (const b of await page.$$('button[data-cmd^="game-act:"]')) {
    if (re.test(await b.textContent())) { await b.click(); return; }
  }
  const all = await page.$$eval('button[data-cmd^="game-act:"]', (els) => els.map((e) => e.textContent));
  throw new Error(`no button ${re}: ${all.join(' | ')}`);
}

test('Catan: the log says the level each improvement reached; the hand-off names the person in every sentence, in both languages', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'catan.html');
  await catanFrom(page, IMPROVE, ['human', 'search:easy', 'search:easy'], ['Ann', 'Bo', 'Cy']);
  await act(page, /^Improve Politics to level 1$/);
  await act(page, /^Improve Politics to level 2$/);
  const log = await page.textContent('#log');
  assert.match(log, /Ann: Improve Politics to level 1/);
  assert.match(log, /Ann: Improve Politics to level 2/);
  assert.doesNotMatch(log, /level 3/);
  assert.match(await page.textContent('#seats .seat[data-seat="0"]'), /Politics 2/);
  await page.screenshot({ path: join(artefacts, 'no-loss-catan-improved.png') });
  // Pass and play: the hand-off, in English and in German.
  await catanFrom(page, IMPROVE, ['human', 'human', 'search:easy'], ['Ann', 'Bo', 'Cy']);
  // (Asked first: the game of the first part is in progress.)
  await page.waitForSelector('#confirm-go', { timeout: 3000 }).then((b) => b.click()).catch(() => {});
  await page.waitForSelector('.handoff');
  assert.match(await page.textContent('.handoff h2'), /^\d?Pass the device to Ann$/);
  assert.equal(await page.textContent('.handoff-note'), 'The others look away: Ann\'s cards show next.');
  assert.equal(await page.textContent('.handoff #ready'), 'I am Ann: show my cards');
  await page.screenshot({ path: join(artefacts, 'no-loss-catan-handoff.png') });
  await page.evaluate(() => localStorage.setItem('tabula.lang', 'de'));
  await page.reload();
  await page.waitForSelector('.handoff');
  assert.equal(await page.textContent('.handoff-note'), 'Die anderen schauen weg: als Nächstes zeigen sich die Karten von Ann.');
  assert.deepEqual(await placeholdersLeft(page), []);
  await page.screenshot({ path: join(artefacts, 'no-loss-catan-handoff-de.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('Catan asks before Start or an opened saved game replaces the game in progress; Cancel and Escape keep it', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'catan.html');
  const kept = () => page.evaluate(() => localStorage.getItem('tabula-catan-game'));
  await catanFrom(page, IMPROVE, ['human', 'search:easy', 'search:easy'], ['Ann', 'Bo', 'Cy']);
  await act(page, /^Improve Politics to level 1$/);
  const saved = join(scratchDir('tabula-no-loss-'), 'catan-saved.json');
  writeFileSync(saved, await kept());
  await act(page, /^Improve Politics to level 2$/);
  const game = await kept();
  // Start in the new-game dialog: asked first, in words that name the game.
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  await page.click('#ng-start');
  await page.waitForSelector('#confirm[open]');
  assert.equal(await page.textContent('#confirm h2'), 'Replace the game in progress?');
  assert.match(await page.textContent('#confirm-text'), /The game in progress \(Turn 9 · Ann, Bo, Cy\) is not over/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'confirm-stay', 'the safe answer has the focus');
  await page.screenshot({ path: join(artefacts, 'no-loss-catan-confirm.png') });
  await page.click('#confirm-stay');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.equal(await kept(), game, 'Keep playing keeps the game');
  assert.ok(await page.isVisible('#newgame'), 'the dialog stays as it was');
  // Escape is the same, and leaves the new-game dialog open.
  await page.click('#ng-start');
  await page.waitForSelector('#confirm[open]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.ok(await page.isVisible('#newgame'));
  assert.equal(await kept(), game);
  // A saved game opened in the dialog: asked too.
  await page.setInputFiles('#ng-open', saved);
  await page.waitForSelector('#confirm[open]');
  assert.equal(await page.textContent('#confirm-go'), 'Open the saved game');
  await page.click('#confirm-stay');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.equal(await kept(), game);
  await page.setInputFiles('#ng-open', saved);
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-go');
  await page.waitForFunction((g) => localStorage.getItem('tabula-catan-game') !== g, game);
  assert.equal(JSON.parse(await kept()).actions.length, JSON.parse(readFileSync(saved, 'utf8')).actions.length);
  assert.match(await page.textContent('#seats .seat[data-seat="0"]'), /Politics 1/);
  // Start, said yes to: the new game replaces it. In German, asked in German.
  await page.evaluate(() => localStorage.setItem('tabula.lang', 'de'));
  await page.reload();
  await page.waitForSelector('body[data-mode="game"]');
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  await page.fill('#ng-seed', '77');
  await page.click('#ng-start');
  await page.waitForSelector('#confirm[open]');
  assert.equal(await page.textContent('#confirm h2'), 'Das laufende Spiel ersetzen?');
  assert.match(await page.textContent('#confirm-text'), /Das laufende Spiel \(Zug 9 · Ann, Bo, Cy\) ist nicht zu Ende/);
  await page.screenshot({ path: join(artefacts, 'no-loss-catan-confirm-de.png') });
  await page.click('#confirm-go');
  await page.waitForFunction(() => JSON.parse(localStorage.getItem('tabula-catan-game')).seed === 77);
  await page.waitForSelector('#newgame', { state: 'hidden' });
  assert.deepEqual(errors, []);
  await context.close();
});

// --------------------------------------------------------------- Domains

test('Domains asks before Start replaces the game being played; Cancel and Escape keep it', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context, 'domains.html');
  const start = async (seed) => {
    await page.selectOption('#players', '2');
    await page.selectOption('#seat-0', 'person');
    await page.selectOption('#seat-1', 'bot:dummy');
    await page.selectOption('#board-size', '12:30');
    await page.fill('#seed', String(seed));
    await page.click('[data-cmd="start"]');
  };
  if (await page.isHidden('#setup')) await page.click('header [data-cmd="new"]');
  await start(4);
  await page.waitForSelector('#setup', { state: 'hidden' });
  await page.waitForFunction(() => /Your orders for round 1/.test(document.querySelector('#person').textContent));
  await page.waitForFunction(() => localStorage.getItem('tabula.domains.game'));
  const game = await page.evaluate(() => localStorage.getItem('tabula.domains.game'));
  await page.click('header [data-cmd="new"]');
  await start(9);
  await page.waitForSelector('#confirm[open]');
  assert.match(await page.textContent('#confirm-text'), /The game in progress \(Round \d+ of 30 · You, dummy\) is not over/);
  await page.screenshot({ path: join(artefacts, 'no-loss-domains-confirm.png') });
  await page.click('#confirm-stay');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.ok(await page.isVisible('#setup'), 'the dialog stays as it was');
  await page.click('[data-cmd="start"]');
  await page.waitForSelector('#confirm[open]');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#confirm', { state: 'hidden' });
  assert.ok(await page.isVisible('#setup'), 'Escape closes the question only');
  assert.equal(await page.evaluate(() => localStorage.getItem('tabula.domains.game')), game, 'the game is kept');
  await page.keyboard.press('Escape');
  await page.waitForSelector('#setup', { state: 'hidden' });
  assert.match(await page.textContent('#person'), /Your orders for round 1/, 'and goes on');
  // Said yes to: the new game starts.
  await page.click('header [data-cmd="new"]');
  await page.click('[data-cmd="start"]');
  await page.waitForSelector('#confirm[open]');
  await page.click('#confirm-go');
  await page.waitForSelector('#setup', { state: 'hidden' });
  await page.waitForFunction((g) => localStorage.getItem('tabula.domains.game') !== g, game);
  assert.deepEqual(errors, []);
  await context.close();
});
