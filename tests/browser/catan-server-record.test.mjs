// A record written by the Catan course server (`tabula serve --ruleset
// catan --record DIR`, three `tabula client` random bots; issue 37) opens
// in the Catan page: a finished game goes to the replay, which steps to
// its end and shows the final scores `tabula record verify` counts
// (13 2 5; tests/fixtures/catan/server-game.json).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, browser, artefacts, root } from './harness.mjs';

const fixture = join(root, 'tests', 'fixtures', 'catan', 'server-game.json');
const finalScores = [13, 2, 5];
const tabula = join(root, 'target', 'release', 'tabula');
let site;
before(async () => { site = await serve(); });
after(() => site.close());

test('a record the Catan server wrote opens in the replay and ends with its final scores', async () => {
  const record = JSON.parse(readFileSync(fixture, 'utf8'));
  assert.equal(record.ruleset, 'catan');
  // The server writes every seat as a person under its login.
  assert.deepEqual(record.seats, [
    { name: 'ann', player: 'human' },
    { name: 'bo', player: 'human' },
    { name: 'cy', player: 'human' },
  ]);
  // The fixture's scores as the engine counts them, where a native build exists.
  if (existsSync(tabula)) {
    const out = execFileSync(tabula, ['record', 'verify', fixture]).toString();
    assert.deepEqual(out.match(/final scores ([\d ]+)/)[1].trim().split(' ').map(Number), finalScores, out);
  }
  const context = await browser();
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + 'catan.html');
  await page.waitForSelector('body[data-state="ready"]');
  await page.click('[data-cmd="game-new"]');
  await page.setInputFiles('#ng-open', fixture);
  await page.waitForSelector('body[data-mode="replay"]');
  const len = +(await page.getAttribute('#replay-pos', 'max'));
  assert.equal(len, record.actions.length, 'the replay holds every action of the record');
  assert.match(await page.textContent('#replay-lines'), /start of the game/);
  // Step to the end, one action and then to the last.
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.inputValue('#replay-pos'), '1');
  await page.keyboard.press('End');
  assert.equal(await page.inputValue('#replay-pos'), String(len));
  assert.match(await page.textContent('#replay-lines'), /ann wins the game/);
  const seats = await page.$$eval('#seats .seat', (els) => els.map((e) => [+e.dataset.seat, e.textContent]));
  assert.equal(seats.length, 3, JSON.stringify(seats));
  for (const [seat, text] of seats) {
    assert.match(text, new RegExp(['ann', 'bo', 'cy'][seat]), text);
    assert.equal(+text.match(/(\d+) points?/)[1], finalScores[seat], text);
  }
  await page.screenshot({ path: join(artefacts, 'catan-server-record-end.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
