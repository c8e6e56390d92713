// A game of Catan: Cities & Knights on the page in a real browser: a
// whole 3-player game (one person, two AIs in the worker) to the end
// screen, its points checked against the engine's replay of the saved
// record; pass-and-play with hand-offs and nothing of another seat's
// cards on the screen; a reload that resumes; no request off the host;
// screenshots in both languages at 1280×800 and on a 768-pixel tablet.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, browser, artefacts, root } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');
let site;
before(async () => { site = await serve(); });
after(() => site.close());
const url = () => site.home + 'catan.html';

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

/** Start a game from the dialog: `who` per seat (human, search:easy, …, none). */
async function startGame(page, { who, names, points, seed = 5, map = 'standard' }) {
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  for (let i = 0; i < 4; i++) {
    await page.selectOption(`#ng-who-${i}`, who[i] ?? 'none');
    if (names?.[i]) await page.fill(`#ng-name-${i}`, names[i]);
  }
  if (points) await page.fill('#ng-points', String(points));
  await page.selectOption('#ng-map', map);
  await page.fill('#ng-seed', String(seed));
  await page.click('#ng-start');
  await page.waitForSelector('body[data-mode="game"]');
}

/** One step of a person's play: a hand-off, a lit spot on the board in
 * set-up, else a button chosen by a plain preference. False when there
 * is nothing for a person to do now. */
async function personStep(page) {
  if (await page.$('#ready')) { await page.click('#ready'); return true; }
  const spots = JSON.parse((await page.getAttribute('#board', 'data-spots')) || '[]');
  const asked = (await page.textContent('#asked').catch(() => '')) || '';
  if (spots.length && /starting building|road beside/.test(asked)) {
    const [x, y] = spots[Math.floor(spots.length / 2)];
    await page.click('#board', { position: { x, y } });
    return true;
  }
  const cmds = await page.$$eval('button[data-cmd^="game-act:"]', (els) => els.map((e) => e.dataset.cmd));
  if (!cmds.length) return false;
  const prefer = ['"city"', '"settlement"', 'roll_dice', 'upgrade_progress', 'decline', '"discard"', 'end_turn'];
  let pick = cmds[0];
  for (const p of prefer) {
    const c = cmds.find((x) => x.includes(p));
    if (c) { pick = c; break; }
  }
  await page.$eval(`button[data-cmd='${pick.replace(/'/g, "\\'")}']`, (b) => b.click());
  return true;
}

test('a whole game, one person against two AIs, ends with the points the engine counts', async () => {
  const context = await browser();
  const { page, errors, requests } = await openPage(context);
  await startGame(page, { who: ['human', 'search:easy', 'search:easy'], names: ['Ann', 'Bo', 'Cy'], points: 6 });
  await page.selectOption('#pace', '0');
  const lit = JSON.parse(await page.getAttribute('#board', 'data-spots')).length;
  assert.ok(lit > 10, `set-up lights the free corners (${lit})`);
  await page.screenshot({ path: join(artefacts, 'catan-game-start.png') });
  let steps = 0;
  for (let i = 0; i < 3000 && !(await page.$('#end')); i++) {
    if (await personStep(page)) steps++;
    else await page.waitForTimeout(50);
  }
  assert.ok(await page.$('#end'), 'the game reached its end screen');
  assert.ok(steps > 5, 'the person played');
  await page.screenshot({ path: join(artefacts, 'catan-game-end.png') });
  const shown = await page.$$eval('#end tbody tr', (rows) => rows.map((r) => [+r.dataset.seat, +r.querySelector('[data-points]').dataset.points]));
  const record = await page.evaluate(() => localStorage.getItem('tabula-catan-game'));
  const file = join(artefacts, 'catan-game-record.json');
  writeFileSync(file, record);
  if (existsSync(tabula)) {
    const out = execFileSync(tabula, ['record', 'verify', file]).toString();
    const scores = out.match(/final scores ([\d ]+)/)[1].trim().split(' ').map(Number);
    for (const [seat, pts] of shown) assert.equal(pts, scores[seat], `seat ${seat}: ${out}`);
    assert.ok(Math.max(...scores) >= 6, out);
  }
  const host = new URL(site.home).host;
  assert.deepEqual(requests.filter((r) => !r.startsWith('data:') && new URL(r).host !== host), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('pass and play: each person gets a hand-off, sees only their own cards, and a reload resumes', async () => {
  const context = await browser();
  const { page, errors } = await openPage(context);
  await startGame(page, { who: ['human', 'human', 'search:easy'], names: ['Ann', 'Bo', 'Cy'], seed: 8 });
  await page.selectOption('#pace', '0');
  let handoffs = 0;
  for (let i = 0; i < 400 && handoffs < 6; i++) {
    if (await page.$('#ready')) {
      handoffs++;
      // At a hand-off nothing of anyone's cards shows.
      assert.equal(await page.$('#hand'), null);
      assert.equal(await page.$('#progress-cards'), null);
      const title = await page.textContent('.handoff h2');
      await page.click('#ready');
      const who = title.includes('Ann') ? 'Ann' : 'Bo';
      assert.match(await page.textContent('.my-hand h3'), new RegExp(who));
      continue;
    }
    if (!(await personStep(page))) await page.waitForTimeout(50);
  }
  assert.ok(handoffs >= 4, `hand-offs seen: ${handoffs}`);
  const before = await page.evaluate(() => JSON.parse(localStorage.getItem('tabula-catan-game')).actions.length);
  await page.reload();
  await page.waitForSelector('body[data-mode="game"]');
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('tabula-catan-game')).actions.length);
  assert.ok(after >= before, 'the game resumed where it was');
  // Two people: the resumed game asks for a hand-off before any cards show.
  assert.ok(await page.$('#ready'), 'a hand-off first');
  assert.equal(await page.$('#hand'), null);
  assert.deepEqual(errors, []);
  await context.close();
});

test('screenshots in English and German, at 1280×800 and on a 768-pixel tablet', async () => {
  for (const [w, h, name] of [[1280, 800, 'desktop'], [768, 1024, 'tablet']]) {
    for (const lang of ['en', 'de']) {
      const context = await browser({ width: w, height: h }, { locale: lang === 'de' ? 'de-DE' : 'en-GB', hasTouch: name === 'tablet' });
      const { page, errors } = await openPage(context);
      await page.selectOption('#lang', lang);
      await startGame(page, { who: ['human', 'search:easy', 'search:easy'], seed: 11 });
      await page.selectOption('#pace', '0');
      for (let i = 0; i < 40; i++) {
        const asked = (await page.textContent('#asked').catch(() => '')) || '';
        if (/Roll|Würfeln/.test(asked) && !(await page.$('.thinking'))) break;
        if (!(await personStep(page))) await page.waitForTimeout(50);
      }
      await page.screenshot({ path: join(artefacts, `catan-game-${name}-${lang}.png`) });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(scroll <= 1, `no sideways scrolling (${scroll}px)`);
      if (lang === 'de') {
        const text = await page.textContent('#panel');
        assert.doesNotMatch(text, /\b(Roll the dice|Build a|End the turn|cards)\b/, text);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});
