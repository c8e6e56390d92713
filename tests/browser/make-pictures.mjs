// Make the home page's pictures from the games' own renderers, and the
// site's icons: `node make-pictures.mjs` after ./scripts/build-web.sh,
// writing www/img/ (checked in; run it again when a board's look changes).
import { writeFileSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, browser, root, newGame, ready, rng, targets, clickCell, scratchDir } from './harness.mjs';

const out = join(root, 'www', 'img');
const server = await serve();
const context = await browser();
const page = context.pages()[0] ?? await context.newPage();

/** The canvas #board scaled to fit 240×180 (twice that for sharp screens), as WebP bytes. */
async function boardPicture() {
  const url = await page.evaluate(() => {
    const board = document.getElementById('board');
    const c = document.createElement('canvas');
    c.width = 480; c.height = 360;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, c.width, c.height);
    const scale = Math.min(c.width / board.width, c.height / board.height);
    const w = board.width * scale;
    const h = board.height * scale;
    ctx.drawImage(board, (c.width - w) / 2, (c.height - h) / 2, w, h);
    return c.toDataURL('image/webp', 0.8);
  });
  return Buffer.from(url.split(',')[1], 'base64');
}

// Star Tigris: a game a few orders in.
await page.goto(server.url);
await page.waitForSelector('body[data-screen="new"]');
await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 3 });
const rand = rng(5);
for (let i = 0; i < 14; i++) {
  await ready(page);
  await page.keyboard.press(String(1 + Math.floor(rand() * 6)));
  const t = await targets(page);
  if (t.length) await clickCell(page, t[Math.floor(rand() * t.length)]);
  else await page.click('#decision [data-cmd="pass"]').catch(() => {});
}
await ready(page);
await page.evaluate(() => document.querySelector('#panel')?.blur());
writeFileSync(join(out, 'star-tigris.webp'), await boardPicture());

// Domains: a game of the built-in bots, 150 rounds in.
const dir = scratchDir('tabula-pictures-');
execFileSync(join(root, 'target', 'release', 'tabula'), ['play', '--ruleset', 'domains', '--seats', 'painter,dummy,painter', '--games', '1', '--seed', '3', '--records', dir], { stdio: 'ignore' });
const data = deflateRawSync(readFileSync(join(dir, 'game-0001.json')), { level: 9 }).toString('base64url');
await page.goto(`${server.home}domains.html#game=${data}`);
await page.waitForSelector('body[data-state="ready"]');
await page.waitForFunction(() => Number(document.getElementById('scrub')?.max) >= 150);
await page.evaluate(() => { const s = document.getElementById('scrub'); s.value = "150"; s.dispatchEvent(new Event('input')); });
await new Promise((r) => setTimeout(r, 500));
writeFileSync(join(out, 'domains.webp'), await boardPicture());

// The icons: four tiles of the games' colours on Tabula's blue.
for (const size of [192, 512]) {
  const url = await page.evaluate((size) => {
    const c = document.createElement('canvas');
    c.width = c.height = size;
    const ctx = c.getContext('2d');
    ctx.fillStyle = '#0050c8';
    ctx.fillRect(0, 0, size, size);
    const colours = ['#f28c28', '#8e5cc6', '#2e9e4f', '#d62728'];
    const tile = size * 0.28;
    const gap = size * 0.04;
    const start = (size - 2 * tile - gap) / 2;
    colours.forEach((col, i) => {
      ctx.fillStyle = col;
      const x = start + (i % 2) * (tile + gap);
      const y = start + Math.floor(i / 2) * (tile + gap);
      ctx.beginPath();
      ctx.roundRect(x, y, tile, tile, size * 0.04);
      ctx.fill();
    });
    return c.toDataURL('image/png');
  }, size);
  writeFileSync(join(out, `icon-${size}.png`), Buffer.from(url.split(',')[1], 'base64'));
}
await context.close();
server.close();
console.log('pictures written to www/img/');
