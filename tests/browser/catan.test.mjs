// The Catan page's hex map editor in a real browser: a board drawn from
// blank until nothing is wrong (an error seen to appear and clear), undo
// and redo, download and open again, a map link, a malformed file refused
// with its line and column while the board stays, German with no English
// left, axe-core on the editor and its dialog, a phone with touch, and
// screenshots (artefacts/catan-*.png) to look at.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, artefacts, root, dropFile, englishLeft, axeViolations, smallTargets } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());

const url = () => site.home + 'catan.html#editor';

async function openEditor(context, address = url()) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(address);
  await page.waitForSelector('body[data-state="ready"]');
  return { page, errors };
}

/** The centre of hex (q, r) on the canvas, in CSS pixels. */
async function hexAt(page, q, r) {
  const g = await page.$eval('#board', (el) => ({ size: +el.dataset.size, ox: +el.dataset.ox, oy: +el.dataset.oy }));
  return { x: g.ox + g.size * 1.5 * q, y: g.oy + g.size * Math.sqrt(3) * (r + q / 2) };
}

async function clickHex(page, q, r) {
  await page.click('#board', { position: await hexAt(page, q, r) });
}

const rules = (page) => page.$$eval('#problems li', (els) => els.map((e) => e.dataset.rule));
const summary = (page) => page.textContent('#problems-summary');

/** Every hex at most `radius` steps from the centre, ring by ring (as tabula-hex's `within`). */
function within(radius) {
  const out = [[0, 0]];
  const dirs = [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]]; // SE S SW NW N NE
  for (let k = 1; k <= radius; k++) {
    let [q, r] = [0, -k];
    for (const [dq, dr] of dirs) for (let i = 0; i < k; i++) { out.push([q, r]); q += dq; r += dr; }
  }
  return out;
}

/** The base game's land (the desert in the middle) painted on a blank board. */
async function paintLand(page) {
  const kinds = ['FOREST', 'PASTURE', 'FIELD', 'HILL', 'MOUNTAIN'];
  const counts = [4, 4, 4, 3, 3];
  await page.click('[data-cmd="brush:DESERT"]');
  await clickHex(page, 0, 0);
  let k = 0;
  for (const [q, r] of within(2).slice(1)) {
    while (counts[k % 5] === 0) k++;
    counts[k % 5]--;
    await page.click(`[data-cmd="brush:${kinds[k % 5]}"]`);
    await clickHex(page, q, r);
    k++;
  }
}

async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="download"]')]);
  return readFileSync(await file.path(), 'utf8');
}

test('a board drawn from blank until nothing is wrong; an error appears and clears; undo and redo; keyboard', async () => {
  const context = await browser();
  const { page, errors } = await openEditor(context);
  await page.click('[data-cmd="new"]');
  let found = await rules(page);
  for (const r of ['min-land-fields', 'barbarian-fields', 'desert-required', 'sea-touches-land']) assert.ok(found.includes(r), `${r} in ${found}`);
  await paintLand(page);
  assert.deepEqual(await rules(page), ['barbarian-fields'], 'only the barbarians are missing (said once)');
  // An error appears: land on the board's edge; undo clears it, redo brings it back.
  await page.click('[data-cmd="brush:FOREST"]');
  await clickHex(page, 0, -3);
  assert.ok((await rules(page)).includes('land-on-edge'));
  assert.ok((await rules(page)).includes('resource-balance'));
  // Clicking the problem shows its field and says it.
  await page.click('#problems li[data-rule="land-on-edge"] button');
  assert.match(await page.textContent('#board-say'), /forest/);
  await page.keyboard.press('Control+z');
  assert.ok(!(await rules(page)).includes('land-on-edge'), 'undone');
  await page.keyboard.press('Control+y');
  assert.ok((await rules(page)).includes('land-on-edge'), 'redone');
  await page.click('[data-cmd="undo"]');
  assert.ok(!(await rules(page)).includes('land-on-edge'));
  // The barbarians by keyboard: the cursor from the hex last clicked, Enter paints.
  await page.click('[data-cmd="brush:barbarians"]');
  await page.focus('#board');
  await page.click('[data-cmd="tool:brush"]');
  await page.focus('#board');
  // The cursor is at (0, -3) (the undone forest); walk it to (4, -2).
  for (const k of ['ArrowDown', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowDown']) await page.keyboard.press(k);
  assert.match(await page.textContent('#board-say'), /: (empty|water, field \d+)\. Enter: paint barbarian start and end\./);
  await page.keyboard.press('Enter');
  found = await rules(page);
  assert.deepEqual(found, [], `nothing wrong: ${found}`);
  assert.match(await summary(page), /passes every check/);
  assert.match(await page.textContent('#counts'), /19 land/);
  assert.match(await page.textContent('#counts'), /2 barbarian fields/);
  // A board with nothing wrong can be played: the dialog opens with it.
  assert.ok(!(await page.$eval('#play', (b) => b.disabled)));
  await page.click('#play');
  await page.waitForSelector('#newgame:not([hidden]) #ng-start');
  assert.equal(await page.inputValue('#ng-map'), 'drawn');
  await page.click('[data-cmd="game-cancel"]');
  // A harbour faces land and turns.
  await page.click('[data-cmd="brush:PORT_ORE"]');
  await clickHex(page, 0, -3);
  assert.deepEqual(await rules(page), []);
  await page.click('[data-cmd="tool:turn"]');
  await clickHex(page, 0, -3);
  assert.ok((await rules(page)).includes('harbour-faces-no-land'), 'turned away from land');
  await page.keyboard.press('Control+z');
  assert.deepEqual(await rules(page), []);
  // Numbers: a 6 beside an 8 warns.
  await page.click('[data-cmd="tool:number"]');
  await page.click('[data-cmd="number:6"]');
  await clickHex(page, 0, -2);
  await page.click('[data-cmd="number:8"]');
  await clickHex(page, 0, -1);
  found = await rules(page);
  assert.ok(found.includes('red-numbers-adjacent') && found.includes('numbers-incomplete'), `${found}`);
  await page.click('[data-cmd="clear-numbers"]');
  assert.deepEqual(await rules(page), []);
  // The sea grows and shrinks.
  await page.click('[data-cmd="grow-sea"]');
  assert.match(await page.textContent('#counts'), /39 water/);
  await page.click('[data-cmd="shrink-sea"]');
  assert.match(await page.textContent('#counts'), /17 water/);
  assert.deepEqual(await rules(page), []);
  await page.screenshot({ path: join(artefacts, 'catan-drawn.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('download, open again and compare; a map link; a malformed file refused with its line and column', async () => {
  const context = await browser();
  const { page, errors } = await openEditor(context);
  await page.selectOption('#shipped', 'standard');
  await page.click('[data-cmd="open-shipped"]');
  assert.deepEqual(await rules(page), []);
  const first = await download(page);
  assert.match(first, /^###\n### Standard/);
  assert.match(first, /^1;PORT_3TO1;3;/m);
  // Change it, then open the download: the same board again.
  await page.click('[data-cmd="new"]');
  await page.click('[data-cmd="open"]');
  await page.waitForSelector('#open-paste');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('#open') !== null), true, 'focus in the dialog');
  await page.fill('#open-paste', first);
  await page.click('[data-cmd="open-go"]');
  assert.ok(await page.$eval('#overlay', (o) => o.hidden), 'the dialog closed');
  assert.equal(await download(page), first, 'the same file');
  const counts = await page.textContent('#counts');
  // A malformed file: refused with its line and column; the board stays.
  const bad = first.replace('2;WATER;0;', '2;LAVA;0;');
  const badLine = bad.split('\n').findIndex((l) => l.startsWith('2;LAVA')) + 1;
  await page.click('[data-cmd="open"]');
  await page.setInputFiles('#open-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(bad) });
  await page.waitForFunction(() => document.querySelector('#open-message')?.textContent);
  const why = await page.textContent('#open-message');
  assert.match(why, new RegExp(`line ${badLine}, column \\d+: Field type`), why);
  assert.match(why, /stays as it was/);
  await page.keyboard.press('Escape');
  assert.ok(await page.$eval('#overlay', (o) => o.hidden), 'Escape closes');
  assert.equal(await page.textContent('#counts'), counts, 'the board stays');
  assert.equal(await download(page), first, 'the board stays');
  // A malformed file dropped on the page: the same.
  await dropFile(page, 'bad.txt', '1;FOREST;0;S,2;\n2;WATER;9;N,1;\n');
  await page.waitForSelector('#message.message');
  assert.match(await page.textContent('#message'), /line 2, column \d+: Rotation/);
  assert.equal(await download(page), first);
  // The link opens the same board on a fresh page.
  await page.click('[data-cmd="link"]');
  const link = await page.inputValue('#link-out');
  assert.match(link, /catan\.html#map=[A-Za-z0-9_-]+$/);
  const other = await browser();
  const { page: p2, errors: e2 } = await openEditor(other, link);
  assert.match(await p2.textContent('#message'), /The linked map “Standard.*” is open in the map editor/);
  assert.equal(await download(p2), first, 'the linked board is the same');
  assert.equal(await p2.evaluate(() => location.hash), '#editor', 'the link is used once; a reload stays in the editor');
  // A damaged link: said, and the board stays.
  const p3 = await other.newPage();
  await p3.goto(link.replace('#map=', '#map=@@'));
  await p3.waitForSelector('body[data-state="ready"]');
  assert.match(await p3.textContent('#message'), /cannot be opened/);
  assert.deepEqual(e2, []);
  await other.close();
  // The kept boards: listed, renamed, deleted and brought back.
  await page.fill('#map-name', 'My island');
  await page.press('#map-name', 'Enter');
  await page.waitForFunction(() => document.querySelector('#kept')?.textContent.includes('My island'));
  const before = await page.$$eval('#kept li', (l) => l.length);
  await page.click('#kept li:first-child [data-cmd^="kept-delete"]');
  assert.equal(await page.$$eval('#kept li', (l) => l.length), before - 1);
  await page.click('[data-cmd="restore"]');
  assert.equal(await page.$$eval('#kept li', (l) => l.length), before);
  await page.reload();
  await page.waitForSelector('body[data-state="ready"]');
  assert.equal(await page.inputValue('#map-name'), 'My island', 'kept in the browser');
  assert.deepEqual(errors, []);
  await context.close();
});

test('German: no English left on the editor, its problems or its dialog', async () => {
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE', args: ['--no-sandbox', '--disable-gpu', '--lang=de-DE'] });
  const { page, errors } = await openEditor(context);
  const files = ['en.txt', 'catan/en.txt'];
  await page.click('[data-cmd="new"]');
  await page.click('[data-cmd="brush:FOREST"]');
  await clickHex(page, 0, 0);
  await page.click('[data-cmd="brush:PORT_3TO1"]');
  await clickHex(page, 0, -1);
  await page.click('[data-cmd="tool:number"]');
  await page.click('#problems li button');
  assert.deepEqual(await englishLeft(page, files), []);
  assert.match(await summary(page), /Fehler/);
  await page.click('[data-cmd="open"]');
  await page.setInputFiles('#open-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from('1;FOREST;0;S,2;\n2;WASSER;0;N,1;\n') });
  await page.waitForFunction(() => document.querySelector('#open-message')?.textContent);
  assert.match(await page.textContent('#open-message'), /Zeile 2, Spalte \d+/);
  assert.deepEqual(await englishLeft(page, files), []);
  await page.screenshot({ path: join(artefacts, 'catan-de-open.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe finds nothing on the editor and its dialog', async () => {
  const context = await browser();
  const { page } = await openEditor(context);
  await page.click('[data-cmd="new"]');
  await page.click('[data-cmd="brush:HILL"]');
  await clickHex(page, 0, 0);
  await page.click('[data-cmd="tool:number"]');
  assert.deepEqual(await axeViolations(page), [], 'the editor');
  await page.click('[data-cmd="link"]');
  await page.click('#problems li button');
  assert.deepEqual(await axeViolations(page), [], 'the editor with a link and a problem shown');
  await page.click('[data-cmd="open"]');
  await page.fill('#open-paste', '1;HILL;0;');
  await page.click('[data-cmd="open-go"]');
  await page.waitForFunction(() => document.querySelector('#open-message')?.textContent);
  assert.deepEqual(await axeViolations(page), [], 'the open dialog with a refusal');
  await context.close();
});

/** What sticks out sideways (controls under 24 px: harness.mjs). */
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const viewport of [{ width: 390, height: 844 }, { width: 320, height: 640 }]) {
  test(`a phone at ${viewport.width}×${viewport.height}: taps paint, nothing too wide, controls of 24 px`, async () => {
    const context = await browser(viewport, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const { page, errors } = await openEditor(context);
    await page.tap('[data-cmd="new"]');
    await page.tap('[data-cmd="brush:MOUNTAIN"]');
    const at = await hexAt(page, 0, 0);
    await page.tap('#board', { position: at });
    assert.match(await page.textContent('#counts'), /1 land \(1 mountain\)/, 'one tap paints');
    assert.match(await summary(page), /Tap a problem/);
    await page.tap('[data-cmd="undo"]');
    assert.match(await page.textContent('#counts'), /^0 land(?! \()/);
    assert.ok((await overflow(page)) <= 0, `${await overflow(page)} px too wide`);
    assert.deepEqual(await smallTargets(page), []);
    await page.tap('[data-cmd="open"]');
    assert.ok((await overflow(page)) <= 0);
    assert.deepEqual(await smallTargets(page), []);
    await page.screenshot({ path: join(artefacts, `catan-phone-${viewport.width}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('screenshots at 1280×800 and 768×1024, and the home page picture', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }]) {
    const context = await browser(viewport);
    const { page } = await openEditor(context);
    await page.selectOption('#shipped', 'standard');
    await page.click('[data-cmd="open-shipped"]');
    await page.click('[data-cmd="brush:DESERT"]');
    await page.focus('#board');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.click('#problems li button');
    await page.screenshot({ path: join(artefacts, `catan-${viewport.width}x${viewport.height}.png`) });
    if (viewport.width === 1280) {
      await page.click('[data-cmd="undo"]');
      await page.evaluate(() => document.activeElement?.blur());
      await page.locator('#board').screenshot({ path: join(artefacts, 'catan-board.png') });
      // The home page's picture: the board at 480 × 360 (4:3), as WebP.
      const data = await page.$eval('#board', (board) => {
        const c = document.createElement('canvas');
        c.width = 480; c.height = 360;
        const ctx = c.getContext('2d');
        ctx.fillStyle = '#f4f7fb';
        ctx.fillRect(0, 0, 480, 360);
        const scale = Math.min(480 / board.width, 360 / board.height) * 1.12;
        const w = board.width * scale, h = board.height * scale;
        ctx.drawImage(board, (480 - w) / 2, (360 - h) / 2, w, h);
        return c.toDataURL('image/webp', 0.8).split(',')[1];
      });
      writeFileSync(join(artefacts, 'catan.webp'), Buffer.from(data, 'base64'));
    }
    await context.close();
  }
  // The home page offers the map editor, with the renderer's picture.
  const context = await browser();
  const page = await context.newPage();
  await page.goto(site.home + 'index.html');
  await page.waitForSelector('#catan a[href="catan.html#editor"]:not([hidden])');
  assert.ok(await page.$eval('#catan img', (i) => i.complete && i.naturalWidth > 0), 'the picture loads');
  await context.close();
});

// The picture on the home page is artefacts/catan.webp, made above and
// copied to www/img/catan.webp when the renderer's look changes:
// `TABULA_CATAN_PICTURE=1 node --test catan.test.mjs` copies it.
after(() => {
  if (process.env.TABULA_CATAN_PICTURE) copyFileSync(join(artefacts, 'catan.webp'), join(root, 'www', 'img', 'catan.webp'));
});
