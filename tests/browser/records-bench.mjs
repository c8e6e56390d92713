// Record benchmark (not a test): link length of typical 2- and 4-player
// games, seek time to any action in the replay viewer, and the time to open
// a full record. Run after scripts/build-web.sh and
// `cargo build --release --bin tabula`:  node tests/browser/records-bench.mjs
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, browser, open, root, scratchDir } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');
const dir = scratchDir('tabula-bench-records-');
const kinds = [
  ['2 players, greedy bots', 'greedy,greedy'],
  ['4 players, greedy bots', 'greedy,greedy,greedy,greedy'],
  ['2 players, random bots', 'random,random'],
  ['4 players, random bots', 'random,random,random,random'],
];
const sets = kinds.map(([label, seats], i) => {
  const out = join(dir, String(i));
  execFileSync(tabula, ['play', '--seats', seats, '--games', '10', '--seed', '1', '--records', out], { stdio: 'ignore' });
  return { label, texts: readdirSync(out).map((f) => readFileSync(join(out, f), 'utf8')) };
});

const server = await serve();
const context = await browser();
const { page } = await open(context, server.url);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
console.log('| games | actions (median) | record JSON (median) | link fragment (median, max) |');
console.log('|---|---|---|---|');
for (const { label, texts } of sets) {
  const lens = await page.evaluate((ts) => ts.map((t) => window.wasmBindings.game_link_fragment(t).length), texts);
  const actions = texts.map((t) => JSON.parse(t).actions.length);
  console.log(`| ${label} | ${median(actions)} | ${median(texts.map((t) => t.length))} B | ${median(lens)} chars, ${Math.max(...lens)} |`);
}

// Open the longest 4-player random game through the paste box, then seek.
const longest = sets[3].texts.reduce((a, b) => (JSON.parse(a).actions.length >= JSON.parse(b).actions.length ? a : b));
const n = JSON.parse(longest).actions.length;
const opens = [];
for (let i = 0; i < 5; i++) {
  await page.evaluate(() => document.querySelector('[data-cmd="open-game"]').click());
  await page.fill('#game-paste', longest);
  opens.push(await page.evaluate(() => {
    const t0 = performance.now();
    document.querySelector('[data-cmd="paste-game"]').click();
    return performance.now() - t0;
  }));
}
const seeks = await page.evaluate((n) => {
  const out = [];
  let x = 7;
  for (let i = 0; i < 200; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const el = document.querySelector('#scrub');
    el.value = String(x % (n + 1));
    const t0 = performance.now();
    el.dispatchEvent(new Event('input', { bubbles: true }));
    out.push(performance.now() - t0);
  }
  return out;
}, n);
seeks.sort((a, b) => a - b);
console.log(`\nOpening a ${n}-action 4-player record (check every action and the hash, build snapshots, draw): median ${median(opens).toFixed(1)} ms over 5`);
console.log(`Seek to a random action and redraw board, panel and chart (200 seeks): median ${median(seeks).toFixed(1)} ms, 95th ${seeks[Math.floor(seeks.length * 0.95)].toFixed(1)} ms, max ${seeks[seeks.length - 1].toFixed(1)} ms`);
await context.close();
server.close();
