// Shared set-up for the browser tests: serve dist/ on 127.0.0.1, start
// Debian's Chromium headless with a fresh profile, and helpers that drive
// the page the way a player does (clicks on the canvas, buttons, keys).
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after } from 'node:test';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

// Every browser still open when a test file ends is closed, so a failed
// test (which skips its own close) never keeps the test run waiting.
const openContexts = new Set();
after(async () => {
  for (const c of openContexts) await c.close().catch(() => {});
});

// Every scratch folder a test makes (browser profiles, served sites,
// played records) is removed when the test process ends, so runs never
// fill the disk: also when the run is stopped (Ctrl-C, a timeout's or a
// CI runner's SIGTERM, a closed terminal), which would otherwise end the
// process without its exit handlers.
const scratch = [];
process.on('exit', () => {
  for (const dir of scratch) {
    try { rmSync(dir, { recursive: true, force: true, maxRetries: 3 }); } catch { /* already gone */ }
  }
});
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.once(signal, () => process.exit(code));
}

/** A fresh folder under the system's temporary folder, removed when the
 * test process ends. */
export function scratchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const artefacts = join(root, 'tests', 'browser', 'artefacts');
/** The built site the tests serve: dist/, or TABULA_DIST (a folder name
 * or path relative to the repository) when another build is tested. */
export const dist = join(root, process.env.TABULA_DIST || 'dist');
mkdirSync(artefacts, { recursive: true });

/** Serve dist/ under the sub-path /games/tabula/ on a free port, as a
 * static host would: the site must work below any path. `dist` and
 * `port` choose another build or the same address again. */
export async function serve(site_dist = dist, port = 20000 + Math.floor(Math.random() * 20000)) {
  const site = scratchDir('tabula-site-');
  mkdirSync(join(site, 'games'));
  symlinkSync(site_dist, join(site, 'games', 'tabula'));
  const proc = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', site], { stdio: 'ignore' });
  const home = `http://127.0.0.1:${port}/games/tabula/`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(home + 'index.html');
      if (r.ok) break;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  // `home` is the site's home page; `url` the Star Tigris page.
  return { home, url: home + 'star-tigris.html', port, close: () => proc.kill() };
}

/** Headless Chromium with a fresh user-data dir (`options` as Playwright's, e.g. a `locale`). */
export async function browser(viewport = { width: 1280, height: 800 }, options = {}) {
  const dir = scratchDir('tabula-chromium-');
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport,
    acceptDownloads: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    ...options,
  });
  openContexts.add(context);
  context.on('close', () => openContexts.delete(context));
  return context;
}

/** Open the page; collect every request URL and every console error. */
export async function open(context, url) {
  const page = context.pages()[0] ?? await context.newPage();
  const requests = [];
  const errors = [];
  const dialogs = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', async (d) => { dialogs.push(d.message()); await d.dismiss(); });
  await page.goto(url);
  await page.waitForSelector('body[data-screen="new"]');
  return { page, requests, errors, dialogs };
}

/** Fill the new-game dialog and start. */
export async function newGame(page, { names = ['Orange', 'Violet'], map = 'default', seed = 1, openScores = false } = {}) {
  if (!(await page.$('#start'))) await page.click('[data-cmd="new"]');
  await page.click(`[data-cmd="seats:${names.length}"]`);
  for (let i = 0; i < names.length; i++) await page.fill(`#name${i}`, names[i]);
  await page.selectOption('#map', map);
  await page.fill('#seed', String(seed));
  if (openScores) await page.check('#open-scores');
  await page.click('#start');
  await page.waitForSelector('body:not([data-screen="new"])');
}

/** Switch the page's language from its menu. A change reloads the page,
 * so this waits for the new page to be loaded and ready; picking the
 * language already shown does nothing. Pages that mark themselves ready
 * (body[data-state="ready"]) are waited for until they are again. */
export async function chooseLanguage(page, lang) {
  const [now, marks] = await page.evaluate(() => [document.documentElement.lang, document.body.dataset.state === 'ready']);
  if (now === lang) return;
  await Promise.all([page.waitForEvent('load'), pickLanguage(page, lang)]);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
  if (marks) await page.waitForSelector('body[data-state="ready"]');
}

/** Pick `lang` in the header's language menu as a person would: the menu
 * is inert behind a dialog (docs/accessibility.md), and playwright's
 * selectOption would pick it anyway, so this fails when it is. The caller
 * waits for what the change does (the page loads again). */
export async function pickLanguage(page, lang) {
  const inert = await page.evaluate(() => !!document.querySelector('#lang')?.closest('[inert]'));
  if (inert) throw new Error('the language menu is inert: a dialog is open (close it first)');
  await page.selectOption('#lang', lang);
}

export const screen = (page) => page.getAttribute('body', 'data-screen');

/** Click through the hand-off screen if it is up; returns whether it was. */
export async function ready(page) {
  if ((await screen(page)) !== 'handoff') return false;
  await page.click('#ready');
  return true;
}

/** The highlighted target cells, as the page lists them. */
export async function targets(page) {
  const t = (await page.textContent('#targets')) ?? '';
  return t.replace(/^[^:]*:/, '').trim().split(/\s+/).filter(Boolean);
}

/** Column letters and row number of a cell name like "F7". */
export function parseCell(name) {
  const m = /^([A-Z]+)(\d+)$/.exec(name);
  let col = 0;
  for (const ch of m[1]) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col: col - 1, row: Number(m[2]) - 1 };
}

/** Click the centre of a board cell. */
export async function clickCell(page, name) {
  const { col, row } = parseCell(name);
  const c = await page.$eval('#board', (el) => ({ cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy }));
  await page.click('#board', { position: { x: c.ox + (col + 0.5) * c.cell, y: c.oy + (row + 0.5) * c.cell } });
}

/** The canvas pixel (RGBA) at the centre of a cell. */
export async function pixel(page, name, dx = 0.5, dy = 0.5) {
  const { col, row } = parseCell(name);
  return page.$eval('#board', (el, [col, row, dx, dy]) => {
    const ratio = el.width / parseFloat(el.style.width);
    const x = (+el.dataset.ox + (col + dx) * +el.dataset.cell) * ratio;
    const y = (+el.dataset.oy + (row + dy) * +el.dataset.cell) * ratio;
    return Array.from(el.getContext('2d').getImageData(Math.round(x), Math.round(y), 1, 1).data);
  }, [col, row, dx, dy]);
}

/** A small seeded generator so test games repeat exactly. */
export function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Drop a file on the page, as a person dragging it from their desktop. */
export async function dropFile(page, name, text, type = 'text/plain') {
  await page.evaluate(([name, text, type]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], name, { type }));
    document.body.dispatchEvent(new DragEvent('dragover', { dataTransfer: dt, bubbles: true, cancelable: true }));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, text, type]);
}

/**
 * The lowest contrast ratio (WCAG) between the text and its background of
 * every element matching `selector` (the background is the first opaque
 * one, walking up the page).
 */
export async function lowestContrast(page, selector) {
  return page.$$eval(selector, (els) => {
    const rgba = (c) => (c.match(/[\d.]+/g) || []).map(Number);
    const lum = ([r, g, b]) => {
      const f = (x) => { const v = x / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let lowest = Infinity;
    for (const el of els) {
      let bg = null;
      for (let e = el; e && !bg; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) bg = c.slice(0, 3);
      }
      bg = bg || [255, 255, 255];
      const st = getComputedStyle(el);
      const op = Number(st.opacity);
      const fg = rgba(st.color);
      const a = (fg.length === 4 ? fg[3] : 1) * op;
      const mixed = fg.slice(0, 3).map((v, i) => v * a + bg[i] * (1 - a));
      const [x, y] = [lum(mixed), lum(bg)];
      lowest = Math.min(lowest, (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05));
    }
    return lowest;
  });
}

/** The entries of a catalogue file (`www/i18n/...`), as [key, text]. */
export function catalogue(file) {
  return readFileSync(join(root, 'www', 'i18n', file), 'utf8').split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && l.includes(' = '))
    .map((l) => [l.slice(0, l.indexOf(' = ')).trim(), l.slice(l.indexOf(' = ') + 3).trim()]);
}

/** English words still on a German page: every English text of the named
 * catalogues (`en.txt`, `star-tigris/en.txt`, …) that differs from its
 * German, cut at its `{name}`s into pieces of 8 characters or more, and
 * found in the visible text, titles, labels or placeholders of the
 * elements matching `root` (the whole page by default). Text marked
 * `lang="en"` on purpose is left out (a lesson's English shown where it
 * has no German, the English under a German field of the lesson writer). */
export async function englishLeft(page, files, root = 'body') {
  const pieces = new Map();
  for (const file of files) {
    const de = new Map(catalogue(file.replace(/en\.txt$/, 'de.txt')));
    for (const [key, en] of catalogue(file)) {
      if (de.get(key) === en) continue;
      for (const piece of en.split(/\{[^}]*\}/)) {
        const p = piece.trim();
        if (p.length >= 8 && !(de.get(key) ?? '').includes(p)) pieces.set(p, key);
      }
    }
  }
  const shown = await page.evaluate((root) => {
    const out = [];
    for (const r of document.querySelectorAll(root)) {
      let text = r.innerText;
      for (const e of r.querySelectorAll('[lang="en"]')) text = text.replace(e.innerText, '');
      out.push(text);
      for (const el of [r, ...r.querySelectorAll('[title], [aria-label], [placeholder], [alt]')]) {
        const english = el.closest('[lang="en"]');
        if (el.closest('[hidden]') || el.closest('dialog:not([open])') || (english && r.contains(english))) continue;
        for (const a of ['title', 'aria-label', 'placeholder', 'alt']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
      }
    }
    return out.join('\n');
  }, root);
  const left = [...pieces].filter(([p]) => shown.includes(p)).map(([p, key]) => `${key}: “${p}”`);
  // Words no German sentence has: they catch text that never went
  // through a catalogue.
  for (const word of ['the', 'and', 'your', 'you', 'is', 'of', 'with', 'this', 'to', 'not']) {
    const m = shown.match(new RegExp(`(^|[^\\p{L}_])${word}([^\\p{L}_]|$)`, 'iu'));
    if (m) {
      const at = shown.indexOf(m[0]);
      left.push(`not in a catalogue: “…${shown.slice(Math.max(0, at - 30), at + 30).replace(/\n/g, ' ')}…”`);
    }
  }
  return left;
}

/** A finished Star Tigris game on the small map, played natively by two
 * random players (the command line is built by the test command first),
 * as a record's text. */
export function finishedGame(seed = 3) {
  const dir = scratchDir('tabula-finished-');
  const tabula = join(root, 'target', 'release', 'tabula');
  execFileSync(tabula, ['play', '--seats', 'random,random', '--map', join(root, 'maps', 'star-tigris', 'small.txt'), '--games', '1', '--seed', String(seed), '--records', dir], { stdio: 'ignore' });
  return readFileSync(join(dir, readdirSync(dir).find((f) => f.endsWith('.json'))), 'utf8');
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page as it stands, as readable lines
 * (the rule, what it asks, and up to four of the elements). */
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) {
    await page.addScriptTag({ path: axePath });
  }
  const found = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] })).violations);
  return found.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
}

/** Visible controls smaller than 24 × 24 CSS pixels (links inside a
 * sentence are exempt, as WCAG 2.5.8 allows; so is the page behind a dialog). */
export const smallTargets = (page) => page.evaluate(() => [...document.querySelectorAll('button, select, input, summary, [role="button"], a.home, nav a')]
  .filter((e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    if (e.closest('[inert]') || getComputedStyle(e).visibility === 'hidden') return false;
    if (e.type === 'file' && getComputedStyle(e).opacity === '0') return false;
    return r.width < 24 || r.height < 24;
  })
  .map((e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${e.dataset.cmd ? `[${e.dataset.cmd}]` : ''} ${Math.round(e.getBoundingClientRect().width)}×${Math.round(e.getBoundingClientRect().height)}`));

/** Download the finished Star Tigris game from the end screen into
 * artefacts/NAME and verify it with the native command line: the file and
 * the final scores it reports. */
export async function downloadAndVerify(page, name) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="download"]')]);
  const file = join(artefacts, name);
  await download.saveAs(file);
  const out = execFileSync(join(root, 'target', 'release', 'tabula'), ['record', 'verify', file], { encoding: 'utf8' });
  const m = /final scores ([\d ]+)\)/.exec(out);
  return { file, out, scores: m ? m[1].trim().split(' ').map(Number) : null };
}

/** Tap a board's point (canvas pixels) with a finger: the board's box
 * `box` is scrolled (panned) so the point is in sight, then the canvas
 * `canvas` is tapped where the point is on the screen. */
export async function tapBoardAt(page, [x, y], box = '#board-box', canvas = '#board') {
  await page.$eval(box, (b, [x, y]) => {
    b.scrollIntoView({ block: 'center' });
    b.scrollLeft = x - b.clientWidth / 2;
    b.scrollTop = y - b.clientHeight / 2;
  }, [x, y]);
  const at = await page.$eval(canvas, (c, [x, y]) => { const r = c.getBoundingClientRect(); return [r.left + x, r.top + y]; }, [x, y]);
  await page.touchscreen.tap(at[0], at[1]);
}

/** Arm a context so that, once `window.__killNextThink` is set, the next
 * request to an AI worker is delivered and the worker dies 100 ms later,
 * mid-think whatever the machine's speed (`window.__killed` says it did). */
export async function killNextThink(context) {
  await context.addInitScript(() => {
    window.__killNextThink = false;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, ...rest) {
      const r = post.call(this, m, ...rest);
      if (window.__killNextThink && String(m).includes('"view"')) {
        window.__killNextThink = false;
        window.__killed = true;
        setTimeout(() => this.terminate(), 100);
      }
      return r;
    };
  });
}

/** A game kept under `key` that no longer reads: after a reload the page
 * says so in `said` (the kit's words), sets it aside under
 * `key.unreadable`, forgets it, and `#broken-save` downloads it as it was
 * (saved to artefacts/`file`). */
export async function unreadableKeptGame(page, { key, said, file }) {
  const broken = '{"format":"tabula-record","version":1,"actions":[';
  await page.evaluate(([k, b]) => localStorage.setItem(k, b), [key, broken]);
  await page.reload();
  await page.waitForSelector('body[data-state="ready"]');
  await page.waitForSelector(said);
  const text = await page.textContent(said);
  if (!/The game saved in this browser could not be resumed \(.+\)\. It was kept: download it with “Download the unreadable save”\./.test(text)) {
    throw new Error(`not said: ${text}`);
  }
  if (await page.evaluate((k) => localStorage.getItem(`${k}.unreadable`), key) !== broken) throw new Error('not set aside');
  if (await page.evaluate((k) => localStorage.getItem(k), key) !== null) throw new Error('not forgotten');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#broken-save')]);
  const path = join(artefacts, file);
  await download.saveAs(path);
  if (readFileSync(path, 'utf8') !== broken) throw new Error('downloaded something else');
}
