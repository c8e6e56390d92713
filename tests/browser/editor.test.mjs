// The map editor in a real headless Chromium: draw from blank and watch
// the validator's findings come and go, undo and redo, export and
// re-import, open a map link, refuse a malformed file while keeping the
// map, keep maps across a reload, and play the map drawn; the same in
// German, with no English left on the page; screenshots of both
// languages at two sizes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, open, parseCell, dropFile, artefacts, lowestContrast, englishLeft } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

async function openEditor(page) {
  await page.click('#open-editor');
  await page.waitForSelector('body[data-screen="editor"]');
}

/** The centre of a board cell in page coordinates. */
async function cellPoint(page, name) {
  const { col, row } = parseCell(name);
  const box = await page.locator('#board').boundingBox();
  const c = await page.$eval('#board', (el) => ({ cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy }));
  return { x: box.x + c.ox + (col + 0.5) * c.cell, y: box.y + c.oy + (row + 0.5) * c.cell };
}

/** Press on one cell, drag through the others, release on the last. */
async function drag(page, ...cells) {
  const first = await cellPoint(page, cells[0]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const c of cells.slice(1)) {
    const p = await cellPoint(page, c);
    await page.mouse.move(p.x, p.y, { steps: 4 });
  }
  await page.mouse.up();
}

const rules = (page) => page.$$eval('#map-problems [data-rule]', (els) => els.map((e) => e.dataset.rule));
const counts = (page) => page.textContent('#map-counts');
const linkRows = async (page) => new URL(await page.inputValue('#map-link')).hash.match(/map=([^&]*)/)[1];
const message = (page) => page.textContent('#editor-message');

const catalogues = ['en.txt', 'star-tigris/en.txt', 'star-tigris-editor/en.txt', 'star-tigris-lessons/en.txt'];

test('draw a map from blank: an error appears, clears as it is fixed; undo and redo; play it', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    await openEditor(page);
    assert.match(await counts(page), /^12x10, 120 open, 0 uninhabitable, 0 artifacts/);
    assert.ok((await rules(page)).includes('too-few-artifacts'), 'a blank board has no artifacts');
    assert.ok(await page.isDisabled('#play-map'));
    assert.match(await page.textContent('#play-blocked'), /Fix the/);
    // Every problem, map-wide ones included, and what blocks Play read clearly.
    for (const sel of ['#map-problems .problem', '#map-problems .problem strong', '#play-blocked']) {
      const c = await lowestContrast(page, sel);
      assert.ok(c >= 4.5, `${sel}: contrast ${c.toFixed(2)}:1`);
    }

    // Artifacts with the keyboard's terrain key and clicks.
    await page.keyboard.press('3');
    for (const c of ['B2', 'F5', 'K9']) await drag(page, c);
    assert.ok(!(await rules(page)).includes('too-few-artifacts'), 'three artifacts are enough');
    assert.match(await counts(page), /3 artifacts/);
    // A stroke of uninhabitable space: one drag, one undo step.
    await page.keyboard.press('2');
    await drag(page, 'A7', 'E7', 'E9');
    assert.match(await counts(page), /7 uninhabitable/);
    assert.ok(!(await rules(page)).includes('no-uninhabitable'));
    await page.screenshot({ path: join(artefacts, 'editor-drawn.png') });

    // Undo and redo, by key and by button.
    await page.keyboard.press('Control+z');
    assert.match(await counts(page), /0 uninhabitable/);
    assert.ok((await rules(page)).includes('no-uninhabitable'), 'the warning is back');
    await page.keyboard.press('Control+y');
    assert.match(await counts(page), /7 uninhabitable/);
    await page.click('[data-cmd="undo-map"]');
    await page.click('[data-cmd="undo-map"]');
    assert.match(await counts(page), /2 artifacts/);
    assert.ok((await rules(page)).includes('too-few-artifacts'), 'the error is back after undo');
    await page.click('[data-cmd="redo-map"]');
    await page.click('[data-cmd="redo-map"]');
    assert.match(await counts(page), /3 artifacts$/);

    // A rectangle and a fill, then the keyboard rectangle (two presses).
    await page.click('[data-cmd="tool:rect"]');
    await page.click('[data-cmd="paint:uninhabitable"]');
    await drag(page, 'H2', 'J3');
    assert.match(await counts(page), /13 uninhabitable/);
    await page.keyboard.press('f');
    await page.keyboard.press('1');
    await drag(page, 'I2');
    assert.match(await counts(page), /7 uninhabitable/, 'the fill turned the block back to open');
    // A problem names its cell: clicking it highlights the cell.
    await page.keyboard.press('3');
    await page.keyboard.press('b');
    await drag(page, 'L1');
    await page.keyboard.press('2');
    await drag(page, 'K1');
    await drag(page, 'L2');
    assert.ok(await page.$('#map-problems [data-cmd^="problem:"]'), 'a problem with a cell');
    await page.click('#map-problems [data-cmd^="problem:"]');
    await page.screenshot({ path: join(artefacts, 'editor-problem.png') });
    assert.equal(errors.length, 0, errors.join('\n'));

    // Play the map: the new-game dialog offers it, and the game uses it.
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    assert.ok(!(await page.isDisabled('#play-map')), (await rules(page)).join(', '));
    await page.click('#play-map');
    await page.waitForSelector('body[data-screen="new"]');
    assert.equal(await page.inputValue('#map'), 'editor');
    await page.click('#start');
    await page.waitForSelector('body:not([data-screen="new"])');
    assert.equal(await page.getAttribute('#board', 'data-cols'), '12');
    assert.equal(await page.getAttribute('#board', 'data-rows'), '10');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('export, re-import and compare; a malformed file is refused by line and column and the map is kept; a reload keeps the map', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    await openEditor(page);
    await page.selectOption('#map-start', 'default');
    await page.click('[data-cmd="open-shipped"]');
    assert.match(await counts(page), /^16x11, .*, 10 artifacts/);
    await page.click('[data-cmd="rotate"]');
    await page.click('[data-cmd="mirror-lr"]');
    assert.match(await counts(page), /^11x16/);
    await page.fill('#map-name', 'Turned board');
    await page.press('#map-name', 'Enter');
    const rows = await linkRows(page);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="export-map"]')]);
    assert.equal(download.suggestedFilename(), 'turned-board.txt');
    const file = join(artefacts, 'turned-board.txt');
    await download.saveAs(file);
    const text = readFileSync(file, 'utf8');
    assert.ok(text.startsWith('# Turned board\n'), text.slice(0, 40));

    // Something else, then the exported file back.
    await page.click('[data-cmd="blank-map"]');
    assert.notEqual(await linkRows(page), rows);
    await page.setInputFiles('#map-file', { name: 'turned-board.txt', mimeType: 'text/plain', buffer: Buffer.from(text) });
    await page.waitForFunction(() => /Opened/.test(document.querySelector('#editor-message')?.textContent ?? ''));
    assert.equal(await linkRows(page), rows, 'the re-imported map is the exported one');

    // A file dropped on the page opens too.
    await page.click('[data-cmd="blank-map"]');
    await dropFile(page, 'dropped.txt', text);
    await page.waitForFunction(() => /Opened/.test(document.querySelector('#editor-message')?.textContent ?? ''));
    assert.equal(await linkRows(page), rows, 'the dropped map is the exported one');

    // A malformed file: refused with line and column, the map kept.
    await page.setInputFiles('#map-file', { name: 'broken.txt', mimeType: 'text/plain', buffer: Buffer.from('# broken\n....\n.x..\n....\n') });
    await page.waitForFunction(() => /not a map/.test(document.querySelector('#editor-message')?.textContent ?? ''));
    assert.match(await message(page), /Line 3, column 2/);
    assert.equal(await linkRows(page), rows, 'the map being edited is untouched');
    // Pasted text goes through the same check.
    await page.fill('#map-paste', 'A..M\n...\n');
    await page.click('[data-cmd="paste-map"]');
    assert.match(await message(page), /Line 2, column 4: this row has 3 cells/);
    assert.equal(await linkRows(page), rows);
    // An oversized file is refused before it is read.
    await page.setInputFiles('#map-file', { name: 'huge.txt', mimeType: 'text/plain', buffer: Buffer.alloc(70000, '.') });
    await page.waitForFunction(() => /at most/.test(document.querySelector('#editor-message')?.textContent ?? ''));
    assert.equal(await linkRows(page), rows);

    // Saved maps: the list keeps them; a reload reopens the one being edited.
    const saved = await page.$$eval('#saved-maps li .name', (els) => els.map((e) => e.textContent));
    assert.ok(saved.includes('Turned board'), saved.join(', '));
    await page.reload();
    await page.waitForSelector('body[data-screen="new"]');
    await openEditor(page);
    assert.equal(await linkRows(page), rows, 'a reload loses nothing');
    assert.equal(await page.inputValue('#map-name'), 'Turned board');
    // Delete, then restore.
    const before = await page.$$eval('#saved-maps li', (els) => els.length);
    await page.click('#saved-maps li.current [data-cmd^="delete-saved:"]');
    assert.equal(await page.$$eval('#saved-maps li[data-id]', (els) => els.length), before - 1);
    await page.click('[data-cmd="restore-map"]');
    assert.equal(await page.$$eval('#saved-maps li[data-id]', (els) => els.length), before);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('a map link opens the editor on its map; a malformed link names the row and column', async () => {
  const context = await browser();
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${server.url}#map=A..M/..../..A./M..A&name=${encodeURIComponent('Tiny <b>board</b>')}`);
    await page.waitForSelector('body[data-screen="editor"]');
    assert.equal(await page.inputValue('#map-name'), 'Tiny <b>board</b>');
    assert.match(await counts(page), /^4x4, 11 open, 2 uninhabitable, 3 artifacts/);
    assert.equal(await linkRows(page), 'A..M/..../..A./M..A');
    assert.equal(await page.$('#editor b'), null, 'a name is text, never markup');
    assert.ok(!page.url().includes('#map='), 'the link is consumed: a reload reopens the saved map');

    // The same board under another name: the saved map opens, and says why its name shows.
    await page.goto(`${server.url}#map=A..M/..../..A./M..A&name=Other`);
    await page.waitForFunction(() => /same board as your saved map/.test(document.querySelector('#editor-message')?.textContent ?? ''));
    assert.equal(await message(page), 'The link\'s map “Other” is the same board as your saved map “Tiny <b>board</b>”: that one is open (rename it to keep the link\'s name).');
    assert.equal(await page.inputValue('#map-name'), 'Tiny <b>board</b>');

    await page.goto(`${server.url}#map=A..M/.x../..A./M..A&name=Bad`);
    await page.waitForFunction(() => /not a map/.test(document.querySelector('#editor-message')?.textContent ?? ''));
    assert.match(await message(page), /Row 2, column 2/);
    assert.equal(await linkRows(page), 'A..M/..../..A./M..A', 'the map being edited is kept');
    await page.screenshot({ path: join(artefacts, 'editor-link.png') });
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

/** Open the page straight in the map editor. */
async function gotoEditor(context) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${server.url}#editor`);
  await page.waitForSelector('body[data-screen="editor"]');
  return { page, errors };
}

test('German: the editor speaks German while a map is drawn, a problem comes and goes, undone, and a paste is refused', async () => {
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  try {
    const { page, errors } = await gotoEditor(context);
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    const none = async (when) => assert.deepEqual(await englishLeft(page, catalogues, 'body'), [], when);
    assert.equal(await counts(page), '12 × 10 Felder: 120 frei, 0 unbewohnbar, 0 Artefakte');
    assert.match(await page.textContent('#map-problems'), /Fehler: die Karte hat 0 Artefakte; nötig sind mindestens 3/);
    assert.match(await page.textContent('#play-blocked'), /^Behebe zuerst den Fehler/);
    assert.equal(await page.inputValue('#map-name'), 'Karte ohne Namen');
    await none('a blank map');

    // Three artifacts, two of them touching: the error goes, a warning comes.
    await page.keyboard.press('3');
    for (const c of ['B2', 'C2', 'K9']) await drag(page, c);
    assert.match(await counts(page), /3 Artefakte$/);
    assert.ok(!(await rules(page)).includes('too-few-artifacts'));
    const warning = await page.textContent('#map-problems [data-rule="adjacent-artifacts"]');
    assert.match(warning, /^Warnung auf C2: zwei Artefakte berühren sich: Sie bilden von Anfang an ein Gebiet/);
    await page.click('#map-problems [data-cmd^="problem:"]');
    await none('a warning at a cell');

    // Undo: the error is back, in German.
    await page.keyboard.press('Control+z');
    assert.match(await counts(page), /2 Artefakte$/);
    assert.match(await page.textContent('#map-problems'), /die Karte hat 2 Artefakte/);
    await page.click('[data-cmd="redo-map"]');
    assert.match(await counts(page), /3 Artefakte$/);

    // A malformed paste is refused by line and column, in German.
    await page.fill('#map-paste', 'A..M\n...\n');
    await page.click('[data-cmd="paste-map"]');
    assert.match(await message(page), /^Der eingefügte Text ist keine Karte, deshalb bleibt alles, wie es war\. Zeile 2, Spalte 4: diese Zeile hat 3 Felder, die erste aber 4/);
    await none('a refused paste');
    // A size out of bounds, and a rename.
    await page.fill('#map-width', '40');
    await page.click('[data-cmd="resize"]');
    assert.equal(await message(page), 'Ein Spielbrett hat 4 bis 32 Felder pro Seite: Die Größe ist jetzt 32 × 10.');
    await page.fill('#map-name', 'Meine Karte');
    await page.press('#map-name', 'Enter');
    assert.equal(await message(page), 'Umbenannt in „Meine Karte“.');
    // A map link whose row is broken names the row.
    await page.goto(`${server.url}#map=A..M/.x../..A./M..A&name=Kaputt`);
    await page.waitForFunction(() => /keine Karte/.test(document.querySelector('#editor-message')?.textContent ?? ''));
    assert.match(await message(page), /Reihe 2, Spalte 2: 'x' ist kein Kartenfeld/);
    await none('a broken link');
    // Delete and restore.
    await page.click('#saved-maps li.current [data-cmd^="delete-saved:"]');
    assert.equal(await message(page), '„Meine Karte“ gelöscht. Wiederherstellen');
    await page.click('[data-cmd="restore-map"]');
    await none('after a restore');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('screenshots of the editor in English and German at 1280×800 and 768×1024; German words fit', async () => {
  for (const locale of ['en-GB', 'de-DE']) {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }]) {
      const context = await browser(viewport, { locale });
      try {
        const { page, errors } = await gotoEditor(context);
        await page.keyboard.press('3');
        for (const c of ['B2', 'C2', 'K9']) await drag(page, c);
        await page.keyboard.press('2');
        await drag(page, 'A7', 'E7');
        await page.click('#map-problems [data-cmd^="problem:"]');
        // Nothing in the panel is wider than its box (a long German word
        // would stick out or be cut).
        const over = await page.$$eval('#panel button, #panel h2, #panel label, #panel p, #panel li', (els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'auto')
            .map((e) => `${e.tagName} “${e.textContent.trim().slice(0, 40)}” ${e.scrollWidth}>${e.clientWidth}`));
        assert.deepEqual(over, [], `${locale} ${viewport.width}: overflowing`);
        const lang = locale.slice(0, 2);
        await page.screenshot({ path: join(artefacts, `editor-${lang}-${viewport.width}x${viewport.height}.png`) });
        await page.screenshot({ path: join(artefacts, `editor-${lang}-${viewport.width}x${viewport.height}-full.png`), fullPage: true });
        assert.equal(errors.length, 0, errors.join('\n'));
      } finally {
        await context.close();
      }
    }
  }
});
