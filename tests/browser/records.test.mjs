// Game records in a real headless Chromium: 100 recorded games replay to
// the same final hash in WebAssembly as natively; a finished game opens in
// the replay viewer, steps with the keys, exports and re-imports; a record
// link opens; a reload resumes the game; a corrupt autosave is reported and
// kept; a tampered record names its step and the game goes on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { serve, browser, open, newGame, ready, targets, clickCell, dropFile, root, artefacts, scratchDir } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');
let server;
let records; // [{ file, text, hash, actions }]

before(async () => {
  assert.ok(existsSync(tabula), `${tabula} is built by the test command first`);
  server = await serve();
  const dir = scratchDir('tabula-records-');
  execFileSync(tabula, ['play', '--seats', 'random,random', '--map', join(root, 'maps', 'star-tigris', 'small.txt'), '--games', '96', '--seed', '1', '--records', join(dir, 'two')], { stdio: 'ignore' });
  execFileSync(tabula, ['play', '--seats', 'random,random,random,random', '--games', '4', '--seed', '500', '--records', join(dir, 'four')], { stdio: 'ignore' });
  const files = ['two', 'four'].flatMap((d) => readdirSync(join(dir, d)).map((f) => join(dir, d, f)));
  const out = execFileSync(tabula, ['record', 'verify', ...files], { encoding: 'utf8' });
  records = out.trim().split('\n').map((line) => {
    const m = /^(.*): ok \((\d+) actions, hash ([0-9a-f]{16})/.exec(line);
    assert.ok(m, line);
    return { file: m[1], text: readFileSync(m[1], 'utf8'), actions: +m[2], hash: m[3] };
  });
  assert.equal(records.length, 100);
});
after(() => server?.close());

const pos = async (page) => +(await page.getAttribute('#replay-pos', 'data-pos'));

test('100 recorded games replay to the same final hash in WebAssembly as natively', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    const hashes = await page.evaluate((texts) => texts.map((t) => window.wasmBindings.verify_record(t)), records.map((r) => r.text));
    assert.deepEqual(hashes, records.map((r) => r.hash));
    // And a tampered one is refused in wasm too, naming the step.
    const tampered = JSON.parse(records[0].text);
    tampered.actions[7].seat = 1 - tampered.actions[7].seat;
    const refusal = await page.evaluate((t) => { try { return window.wasmBindings.verify_record(t); } catch (e) { return String(e); } }, JSON.stringify(tampered));
    assert.match(refusal, /^action 7 /);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('a finished game opens in the replay viewer, steps with the keys, and exports and re-imports the same', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    const rec = records.find((r) => r.file.includes('four'));
    await page.click('#open-game');
    await page.waitForSelector('body[data-screen="open"]');
    await page.setInputFiles('#game-file', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(rec.text) });
    await page.waitForSelector('body[data-screen="replay"]');
    assert.equal(await pos(page), 0);
    assert.equal(+(await page.getAttribute('#replay-pos', 'data-len')), rec.actions);

    await page.keyboard.press('ArrowRight');
    assert.equal(await pos(page), 1);
    await page.keyboard.press('ArrowLeft');
    assert.equal(await pos(page), 0);
    await page.keyboard.press('Shift+ArrowRight');
    const turn2 = await pos(page);
    assert.ok(turn2 >= 2, `the second turn starts after the first turn's orders (${turn2})`);
    assert.match(await page.textContent('#replay-pos'), /turn 1/);
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#replay-pos'), /turn 2/);
    await page.keyboard.press('Shift+ArrowLeft');
    assert.equal(await pos(page), turn2, 'back to the start of this turn');
    await page.keyboard.press('End');
    assert.equal(await pos(page), rec.actions);
    await page.keyboard.press('Home');
    assert.equal(await pos(page), 0);
    // Play at 16×, then pause.
    await page.click('[data-cmd="replay-speed:5"]');
    // Space on a focused button presses that button: the keys are the board's.
    await page.focus('#board');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => +document.querySelector('#replay-pos').dataset.pos >= 5);
    await page.keyboard.press(' ');
    const paused = await pos(page);
    await page.waitForTimeout(300);
    assert.equal(await pos(page), paused, 'paused');
    // Jump by the log, the scrubber and the chart.
    await page.click('#replay-log [data-cmd="replay:seek:12"]');
    assert.equal(await pos(page), 12);
    assert.equal(await page.getAttribute('#replay-log li.current', 'data-step'), '12');
    await page.$eval('#scrub', (el) => { el.value = '40'; el.dispatchEvent(new Event('input', { bubbles: true })); });
    assert.equal(await pos(page), 40);
    const chart = await page.locator('#chart').boundingBox();
    assert.ok(chart.width > 100 && chart.height > 200, JSON.stringify(chart));
    await page.click('#chart', { position: { x: chart.width - 9, y: 20 } });
    assert.equal(await pos(page), rec.actions, 'the right end of the chart is the end');
    // One seat's view: only its hand.
    await page.click('[data-cmd="replay-seat:1"]');
    assert.equal(await page.$$eval('#replay-players .hand', (els) => els.length), 1);
    assert.ok(await page.$('#replay-players li[data-seat="1"] .hand'));
    await page.click('[data-cmd="replay-seat:all"]');
    assert.equal(await page.$$eval('#replay-players .hand', (els) => els.length), 4);
    await page.screenshot({ path: join(artefacts, 'replay.png') });

    // Export, then open the exported file: the same game.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="replay:download"]')]);
    const file = join(artefacts, 'exported-game.json');
    await download.saveAs(file);
    const exported = JSON.parse(readFileSync(file, 'utf8'));
    assert.deepEqual(exported, JSON.parse(rec.text));
    await page.click('[data-cmd="open-game"]');
    await dropFile(page, 'exported-game.json', readFileSync(file, 'utf8'), 'application/json');
    await page.waitForFunction(() => +document.querySelector('#replay-pos')?.dataset.pos === 0);
    assert.equal(+(await page.getAttribute('#replay-pos', 'data-len')), rec.actions);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('a record link opens the replay; a damaged link says so', async () => {
  const context = await browser();
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const rec = records[3];
    const data = deflateRawSync(Buffer.from(rec.text), { level: 9 }).toString('base64url');
    await page.goto(`${server.url}#game=${data}`);
    await page.waitForSelector('body[data-screen="replay"]');
    assert.equal(+(await page.getAttribute('#replay-pos', 'data-len')), rec.actions);
    assert.ok(!page.url().includes('#game='), 'the link is consumed');
    // The page's own links carry the move list: far shorter, same game
    // (about half the packed record for these short games of the small map:
    // 0.45 to 0.66 over all 96, BENCHMARKS.md "Game records, links").
    const fragment = await page.evaluate((t) => window.wasmBindings.game_link_fragment(t), rec.text);
    assert.ok(fragment.length * 4 < data.length * 3, `${fragment.length} vs ${data.length}`);
    assert.ok(fragment.length < 2000, `${fragment.length} characters`);
    await page.goto(`${server.url}#${fragment}`);
    await page.waitForFunction((n) => document.querySelector('#replay-pos')?.dataset.len === String(n), rec.actions);
    await page.keyboard.press('End');
    assert.equal(await page.getAttribute('#replay-pos', 'data-pos'), String(rec.actions));
    await page.goto(`${server.url}#game=${data.slice(0, data.length / 2)}`);
    await page.waitForSelector('body[data-screen="open"]');
    assert.match(await page.textContent('#open-error'), /damaged/);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('open a game takes the app own outputs: a pasted link, a dropped map; a damaged link is told in plain words', async () => {
  const context = await browser();
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(server.url);
    await page.waitForSelector('body[data-screen="new"]');
    const rec = records[5];
    const fragment = await page.evaluate((t) => window.wasmBindings.game_link_fragment(t), rec.text);
    // A whole link pasted, as copied from the address bar.
    await page.click('#overlay [data-cmd="open-game"]');
    await page.fill('#game-paste', `  ${server.url}#${fragment}\n`);
    await page.click('[data-cmd="paste-game"]');
    await page.waitForSelector('body[data-screen="replay"]');
    assert.equal(+(await page.getAttribute('#replay-pos', 'data-len')), rec.actions);
    // A map file dropped on the game page opens in the map editor.
    const map = readFileSync(join(root, 'maps', 'star-tigris', 'small.txt'), 'utf8');
    await dropFile(page, 'small.txt', map);
    await page.waitForSelector('body[data-screen="editor"]');
    // A map link pasted into "Open a game" opens the editor too.
    await page.goto(server.url);
    await page.waitForSelector('body[data-screen]');
    await page.click('#overlay [data-cmd="open-game"]');
    await page.fill('#game-paste', `${server.url}#map=A..M/..../..A./M..A&name=Pasted`);
    await page.click('[data-cmd="paste-game"]');
    await page.waitForSelector('body[data-screen="editor"]');
    // Damaged links: plain words, no decoder's internals.
    for (const bad of [`#game=%%${fragment.slice(5, 40)}`, `#${fragment.slice(0, fragment.length / 2)}`]) {
      await page.goto(`${server.url}${bad}`);
      await page.waitForSelector('body[data-screen="open"]');
      const said = await page.textContent('#open-error');
      assert.match(said, /damaged/);
      assert.match(said, /copy it again in full/);
      assert.doesNotMatch(said, /Invalid|symbol|offset|Truncated|stream|expected value|EOF/, said);
    }
    // Something else entirely says what would open.
    await page.fill('#game-paste', 'hello there');
    await page.click('[data-cmd="paste-game"]');
    assert.match(await page.textContent('#open-error'), /not a saved game, a link or a map/);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

/** Colonize with the first colonist on the first target, as the seat to act. */
async function colonize(page) {
  await ready(page);
  await page.keyboard.press('1');
  const t = await targets(page);
  await clickCell(page, t[0]);
}

test('a reload resumes the game; a corrupt autosave is reported and kept; a tampered record names its step and the game goes on', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    await newGame(page, { names: ['Ann', 'Bo'], seed: 11 });
    await colonize(page);
    await colonize(page);
    await colonize(page);
    const log = await page.textContent('#log');
    const status = await page.textContent('#status');
    await page.reload();
    await page.waitForSelector('body[data-screen="handoff"], body[data-screen="play"]');
    await ready(page);
    assert.equal(await page.textContent('#status'), status, 'the same turn and orders');
    assert.equal(await page.textContent('#log'), log, 'the same log');

    // A tampered record is refused with its step; the game is untouched.
    const tampered = JSON.parse(records[0].text);
    tampered.actions[7].seat = 1 - tampered.actions[7].seat;
    await page.click('header [data-cmd="open-game"]');
    await page.fill('#game-paste', JSON.stringify(tampered));
    await page.click('[data-cmd="paste-game"]');
    assert.match(await page.textContent('#open-error'), /action 7 \(seat \d\)/);
    await page.click('#close-open');
    await ready(page);
    assert.equal(await page.textContent('#log'), log, 'the game goes on where it was');
    await colonize(page);

    // A corrupt autosave: reported, kept, downloadable.
    const broken = '{"format":"tabula-record","version":1,"actions":[';
    await page.evaluate((b) => localStorage.setItem('tabula.star-tigris.autosave', b), broken);
    await page.reload();
    await page.waitForSelector('body[data-screen="new"]');
    assert.match(await page.textContent('#notice'), /could not be resumed/);
    assert.equal(await page.evaluate(() => localStorage.getItem('tabula.star-tigris.autosave.unreadable')), broken);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="broken-save"]')]);
    const file = join(artefacts, 'unreadable-save.json');
    await download.saveAs(file);
    assert.equal(readFileSync(file, 'utf8'), broken);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});
