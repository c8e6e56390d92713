// Vector page benchmark (not a test): a 13-game, 12-round tournament of
// built-in bots run in the page (each decision in the AI worker), its wall
// time, the main thread's long tasks meanwhile, and the board's redraw;
// beside it the same tournament natively (`tabula tournament`). Run after
// scripts/build-web.sh and a release build of the command line:
//   node tests/browser/vector-bench.mjs [BOTS]
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { serve, browser, root } from './harness.mjs';

//   node tests/browser/vector-bench.mjs written   (four bots written in the page)
const written = process.argv[2] === 'written';
const bots = (written ? 'saved:0,saved:1,saved:2,saved:3' : (process.argv[2] || 'search:normal,random,greedy,random')).split(',');
// Written bots for the second run: the template, and three that read the board.
const WRITTEN = [
  ['Homing', null],
  ['Sidestep', 'function direction(view) {\n  return view.legal[(view.round + view.me) % view.legal.length];\n}\nfunction magnitude(view) {\n  return view.legal[view.legal.length - 1];\n}\n'],
  ['Best square', 'const D = {N:[-1,0],NE:[-1,1],E:[0,1],SE:[1,1],S:[1,0],SW:[1,-1],W:[0,-1],NW:[-1,-1]};\nfunction value(view, d, m) {\n  const r = view.piece.row + D[d][0] * m, c = view.piece.col + D[d][1] * m;\n  const sq = view.board[r] && view.board[r][c];\n  if (!sq || !sq.startsWith("POINTS")) return 0;\n  const w = sq.split(" ");\n  return w[2] === "ALL" ? Number(w[1]) : 0;\n}\nfunction direction(view) {\n  let best = view.legal[0], v = -1e9;\n  for (const d of view.legal) for (let m = 1; m <= 3; m++) { const x = value(view, d, m); if (x > v) { v = x; best = d; } }\n  return best;\n}\nfunction magnitude(view) {\n  const d = view.directions[view.me];\n  let best = 1, v = -1e9;\n  for (const m of view.legal) { const x = value(view, d, m); if (x > v) { v = x; best = m; } }\n  return best;\n}\n'],
  ['Random', 'function direction(view) { return view.legal[Math.floor(Math.random() * view.legal.length)]; }\nfunction magnitude(view) { return view.legal[Math.floor(Math.random() * view.legal.length)]; }\n'],
];
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
if (written) {
  await page.click('#t-bots');
  for (const [name, code] of WRITTEN) {
    await page.click('[data-cmd="bot-new"]');
    await page.fill('#bot-name', name);
    if (code) await page.fill('#bot-code', code);
    await page.click('[data-cmd="bot-save"]');
    await page.waitForFunction(() => /^(Saved|Not saved)/.test(document.querySelector('#bot-msg').textContent));
  }
  await page.keyboard.press('Escape');
}
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
if (written) {
  const total = await page.$$eval('#standings tbody tr', (rs) => rs.map((r) => r.textContent));
  console.log(`standings where the slideshow stands: ${total.join(" | ")}`);
  await context.close();
  server.close();
  process.exit(0);
}
const n0 = Date.now();
execFileSync(join(root, 'target', 'release', 'tabula'), ['tournament', '--ruleset', 'vector', '--bots', bots.join(','), '--games', '13', '--seed', '4', '--record', '/tmp/vector-bench-native.json']);
console.log(`natively (tabula tournament, same bots and seed): wall ${((Date.now() - n0) / 1000).toFixed(2)} s`);
await context.close();
server.close();
process.exit(0);
