// A teacher's notes in the replays of Vector (the slideshow, a tournament
// or a game) and Domains (the viewer's rounds), as Catan's and Star
// Tigris's replays have them (issue 39): a note kept in a record is shown
// when the replay reaches its move; a note written at the round shown is
// kept in the record the page saves, and that file shows it again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, root, artefacts, axeViolations, scratchDir } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');

let site;
before(async () => { site = await serve(); });
after(() => site.close());

async function open(ctx, file) {
  const page = ctx.pages()[0] ?? await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(site.home + file);
  await page.waitForSelector('body[data-state="ready"]');
  return { page, errors };
}

/** Write `text` as the note at the move shown; the move's number, read
 * from the note's heading ("after move N"). */
async function writeNote(page, text) {
  await page.click('[data-cmd="note-write"]');
  await page.fill('#note-text', text);
  await page.click('[data-cmd="note-save"]');
  await page.waitForSelector('#note-shown');
  assert.equal(await page.textContent('#note-shown'), text);
  const heading = await page.textContent('#teacher-note h3');
  const m = heading.match(/after move (\d+)/);
  assert.ok(m, heading);
  return Number(m[1]);
}

async function download(page, selector) {
  const [dl] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = join(scratchDir('notes'), dl.suggestedFilename());
  await dl.saveAs(path);
  return path;
}

test('vector: a tournament\'s notes show in the slideshow; a note written at a round is saved with the tournament', async () => {
  const t = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'vector', 'tournament-3.json'), 'utf8'));
  t.games[0].record.notes = { 0: 'Every game starts at the centre.' };
  const dir = scratchDir('vector-notes');
  const noted = join(dir, 'noted-tournament.json');
  writeFileSync(noted, JSON.stringify(t));
  const ctx = await browser({ width: 1280, height: 900 });
  const { page, errors } = await open(ctx, 'vector.html');
  await page.setInputFiles('#open-file', noted);
  await page.waitForSelector('body[data-screen="show"] #show[data-game="0"][data-round="0"]');
  assert.equal(await page.textContent('#note-shown'), 'Every game starts at the centre.');
  assert.match(await page.textContent('#teacher-note h3'), /before the first move/);
  // No save button before anything changed (the file is the person's).
  assert.equal(await page.$('#save-tournament'), null);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#show[data-round="1"]');
  assert.equal(await page.$('#note-shown'), null, 'no note after round 1');
  const at = await writeNote(page, 'North turned east here.');
  // The move of round 1's end: four directions and four magnitudes.
  assert.ok(at > 0 && at <= 8, String(at));
  // Typing in the note's box moved no slide.
  assert.equal(await page.getAttribute('#show', 'data-round'), '1');
  const saved = await download(page, '#save-tournament');
  const back = JSON.parse(readFileSync(saved, 'utf8'));
  assert.equal(back.format, t.format, 'still a tournament record');
  assert.deepEqual(back.games[0].record.notes, { 0: 'Every game starts at the centre.', [at]: 'North turned east here.' });
  // The saved file verifies natively and shows the note again.
  execFileSync(tabula, ['record', 'verify', saved]);
  const again = await ctx.newPage();
  await again.goto(site.home + 'vector.html');
  await again.waitForSelector('body[data-state="ready"]');
  await again.setInputFiles('#open-file', saved);
  await again.waitForSelector('#show[data-round="0"]');
  await again.keyboard.press('ArrowRight');
  await again.waitForSelector('#show[data-round="1"]');
  assert.equal(await again.textContent('#note-shown'), 'North turned east here.');
  assert.deepEqual(await axeViolations(again), []);
  await page.screenshot({ path: join(artefacts, 'vector-teacher-note.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});

test('domains: a record\'s notes show at their round; a note written at a round is saved in the record and its link', async () => {
  const dir = scratchDir('domains-notes');
  execFileSync(tabula, ['play', '--ruleset', 'domains', '--seats', 'random,random', '--games', '1', '--seed', '4',
    '--options', JSON.stringify({ rows: 12, cols: 12, rounds: 6 }), '--records', dir]);
  const record = JSON.parse(readFileSync(join(dir, 'game-0001.json'), 'utf8'));
  record.notes = { 0: 'Each player starts in a corner.' };
  const noted = join(dir, 'noted.json');
  writeFileSync(noted, JSON.stringify(record));
  const ctx = await browser({ width: 1280, height: 900 });
  const { page, errors } = await open(ctx, 'domains.html');
  // The new-game dialog greets a first visit: closed first.
  if (await page.isVisible('#overlay')) await page.keyboard.press('Escape');
  await page.click('header [data-cmd="open"]');
  await page.setInputFiles('#open-file', noted);
  await page.waitForFunction(() => document.querySelector('#scrub').max === '6');
  await page.keyboard.press('Home');
  await page.waitForSelector('#note-shown');
  assert.equal(await page.textContent('#note-shown'), 'Each player starts in a corner.');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.querySelector('#scrub').value === '2');
  assert.equal(await page.$('#note-shown'), null, 'no note at round 2');
  const at = await writeNote(page, 'Round two: the first drawings.');
  assert.ok(at > 0 && at < record.actions.length, String(at));
  assert.equal(await page.inputValue('#scrub'), '2', 'typing moved no round');
  const saved = await download(page, '#game-actions [data-cmd="save"]');
  const back = JSON.parse(readFileSync(saved, 'utf8'));
  assert.deepEqual(back.notes, { 0: 'Each player starts in a corner.', [at]: 'Round two: the first drawings.' });
  execFileSync(tabula, ['record', 'verify', saved]);
  // The link carries the notes too.
  await page.click('#game-actions [data-cmd="link"]');
  const link = await page.inputValue('#link-out');
  const other = await ctx.newPage();
  await other.goto(link);
  await other.waitForFunction(() => document.querySelector('#scrub') && document.querySelector('#scrub').max === '6');
  await other.evaluate(() => { const s = document.querySelector('#scrub'); s.value = '2'; s.dispatchEvent(new Event('input')); });
  await other.waitForSelector('#note-shown');
  assert.equal(await other.textContent('#note-shown'), 'Round two: the first drawings.');
  assert.deepEqual(await axeViolations(other), []);
  await page.screenshot({ path: join(artefacts, 'domains-teacher-note.png') });
  assert.deepEqual(errors, []);
  await ctx.close();
});
