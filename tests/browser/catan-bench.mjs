// Catan page benchmark (not a test): the weight of everything the page
// loads, gzipped; time to the first drawn game board; the board's redraw
// after an action; a Normal AI move in the worker; the main thread's long
// tasks while AIs think. Run after scripts/build-web.sh:
//   node tests/browser/catan-bench.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, browser, root } from './harness.mjs';

const dist = join(root, 'dist');
let total = 0, pageWasm = 0;
const files = readdirSync(dist).filter((f) => /^(catan|site|tabula-catan-)/.test(f) && !f.endsWith('.css') || /^(catan|site)-[0-9a-f]+\.css$/.test(f) || f === 'catan.html' || f === 'site.js' || f === 'manifest.webmanifest');
for (const f of files) {
  const z = gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
  total += z;
  if (/^tabula-catan-page.*\.wasm$/.test(f)) pageWasm = z;
}
// The page fetches the site's and its own words in one language.
const words = {};
for (const lang of ['en', 'de']) {
  words[lang] = ['i18n/' + lang + '.txt', 'i18n/catan/' + lang + '.txt']
    .map((f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length)
    .reduce((a, b) => a + b, 0);
}
console.log(`files: ${files.join(' ')} + i18n/LANG.txt i18n/catan/LANG.txt`);
for (const lang of ['en', 'de']) {
  const all = total + words[lang];
  console.log(`weight gzipped (${lang}): everything ${all} bytes (${(all / 1024).toFixed(1)} KiB); page and AI worker wasm (one module) ${pageWasm}; words ${words[lang]}`);
}

const server = await serve();
const context = await browser();
await context.addInitScript(() => {
  window.__replies = [];
  window.__long = [];
  const W = window.Worker;
  window.Worker = function (...args) {
    const w = new W(...args);
    w.addEventListener('message', (e) => { try { const r = JSON.parse(e.data); if ('ms' in r) window.__replies.push(r.ms); } catch { } });
    return w;
  };
  window.Worker.prototype = W.prototype;
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push(e.duration); }).observe({ type: 'longtask', buffered: true });
});
const page = context.pages()[0] ?? await context.newPage();
const firsts = [], redraws = [];
for (let i = 0; i < 5; i++) {
  await page.goto(server.home + 'catan.html?run=' + i);
  await page.waitForSelector('body[data-state="ready"]');
  await page.evaluate(() => localStorage.clear());
  await page.click('[data-cmd="game-new"]');
  await page.waitForSelector('#ng-start');
  await page.selectOption('#ng-who-1', 'search:normal');
  await page.selectOption('#ng-who-2', 'search:normal');
  await page.fill('#ng-seed', String(i + 1));
  const t0 = await page.evaluate(() => performance.now());
  await page.click('#ng-start');
  await page.waitForFunction(() => document.querySelector('#board')?.dataset.spots);
  firsts.push(await page.evaluate((t0) => performance.now() - t0, t0));
  for (let k = 0; k < 2; k++) {
    const spots = JSON.parse(await page.getAttribute('#board', 'data-spots'));
    await page.click('#board', { position: { x: spots[0][0], y: spots[0][1] } });
    redraws.push(+(await page.getAttribute('#board', 'data-draw-ms')));
  }
}
// Watch three Normal AIs for a while: their move times, and any long task.
await page.goto(server.home + 'catan.html?watch');
await page.waitForSelector('body[data-state="ready"]');
await page.evaluate(() => localStorage.clear());
await page.click('[data-cmd="game-new"]');
await page.waitForSelector('#ng-start');
for (const i of [0, 1, 2]) await page.selectOption(`#ng-who-${i}`, 'search:normal');
await page.fill('#ng-seed', '9');
await page.click('#ng-start');
await page.waitForSelector('body[data-mode="game"]');
await page.click('#ai-pace [data-cmd="game-pace:0"]');
await page.evaluate(() => { window.__long.length = 0; });
await page.waitForTimeout(30000);
const replies = await page.evaluate(() => window.__replies);
const long = await page.evaluate(() => window.__long);
await context.close();
server.close();
const stats = (xs) => { const s = [...xs].sort((a, b) => a - b); return `median ${s[Math.floor(s.length / 2)].toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`; };
console.log(`first drawn game board after Start: ${stats(firsts)}`);
console.log(`board redraw after an action: ${stats(redraws)}`);
console.log(`Normal AI move in the worker: ${stats(replies)}`);
console.log(`main-thread long tasks while three AIs played for 30 s: ${long.length}${long.length ? ', longest ' + Math.max(...long).toFixed(0) + ' ms' : ''}`);
