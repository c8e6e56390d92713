// Vector page benchmark (not a test): a 13-game, 12-round tournament of
// built-in bots run in the page (each decision in the AI worker), its wall
// time, the main thread's long tasks meanwhile, and the board's redraw;
// beside it the same tournament natively (`tabula tournament`). Run after
// scripts/build-web.sh and a release build of the command line:
//   node tests/browser/vector-bench.mjs [BOTS]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { serve, browser, root } from './harness.mjs';

const bots = (process.argv[2] || 'search:normal,random,greedy,random').split(',');
const server = await serve();
const context = await browser();
await context.addInitScript(() => {
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask', buffered: true });
});
const page = context.pages()[0] ?? await context.newPage();
await page.goto(server.home + 'vector.html');
await page.waitForSelector('body[data-state="ready"]');
await page.click('header [data-cmd="tourney:open"]');
await page.waitForSelector('#t-start');
for (let i = 0; i < 4; i++) await page.selectOption(`#entrant-${i}`, bots[i]);
await page.fill('#t-games', '13');
await page.fill('#t-rounds', '12');
await page.fill('#t-limit', '0.5');
await page.fill('#t-seed', '4');
await page.evaluate(() => { window.__long = []; });
const t0 = Date.now();
await page.click('#t-start');
await page.waitForSelector('body[data-screen="show"]', { timeout: 600000 });
const wall = (Date.now() - t0) / 1000;
const long = await page.evaluate(() => window.__long);
// Redraw: step the slideshow and time the board's drawing.
const draws = [];
for (let i = 0; i < 20; i++) {
  const ms = await page.evaluate(() => {
    const c = document.querySelector('#board');
    const t = performance.now();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
    return performance.now() - t;
  });
  draws.push(ms);
}
draws.sort((a, b) => a - b);
const faults = await page.$$eval('#faults li', (l) => l.length);
console.log(`in the page: 13 games × 12 rounds, bots ${bots.join(',')}: wall ${wall.toFixed(2)} s`);
console.log(`long tasks on the main thread meanwhile: ${long.length}, longest ${Math.max(0, ...long).toFixed(0)} ms`);
console.log(`a slideshow step (panel and board): median ${draws[10].toFixed(2)} ms, max ${draws[19].toFixed(2)} ms`);
console.log(`disqualifications shown in the first game: ${faults}`);
const n0 = Date.now();
execFileSync(join(root, 'target', 'release', 'tabula'), ['tournament', '--ruleset', 'vector', '--bots', bots.join(','), '--games', '13', '--seed', '4', '--record', '/tmp/vector-bench-native.json']);
console.log(`natively (tabula tournament, same bots and seed): wall ${((Date.now() - n0) / 1000).toFixed(2)} s`);
await context.close();
server.close();
process.exit(0);
