// Page benchmark (not a test): wasm size, time to the first drawn board,
// and the time to redraw the board after an action. Run after
// scripts/build-web.sh:  node tests/browser/bench.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, browser, open, newGame, ready, root } from './harness.mjs';

const dist = join(root, 'dist');
let wasm = 0, gz = 0, all = 0;
for (const f of readdirSync(dist)) {
  const bytes = readFileSync(join(dist, f));
  const z = gzipSync(bytes, { level: 9 }).length;
  all += z;
  if (f.endsWith('.wasm')) { wasm += bytes.length; gz += z; }
}
const server = await serve();
const context = await browser();
const loads = [], firstBoards = [], redraws = [];
for (let i = 0; i < 5; i++) {
  const t0 = Date.now();
  const { page } = await open(context, server.url + '?run=' + i);
  loads.push(Date.now() - t0);
  const t1 = Date.now();
  await newGame(page, { names: ['Ada', 'Bo'], map: 'default', seed: i + 1 });
  await page.waitForFunction(() => document.querySelector('#board').width > 0);
  firstBoards.push(Date.now() - t1);
  await ready(page);
  for (let k = 0; k < 10; k++) {
    await page.keyboard.press(String((k % 6) + 1));
    redraws.push(Number(await page.getAttribute('#board', 'data-draw-ms')));
    await page.keyboard.press('Escape');
  }
}
await context.close();
server.close();
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({
  wasm_bytes: wasm, wasm_gzip_bytes: gz, site_gzip_bytes: all,
  load_to_dialog_ms_median: median(loads),
  start_to_board_ms_median: median(firstBoards),
  redraw_ms_median: median(redraws), redraw_ms_max: Math.max(...redraws),
}, null, 1));
