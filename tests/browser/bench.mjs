// Page benchmark (not a test): wasm size, time to the first drawn board,
// and the time to redraw the board after an action. Run after
// scripts/build-web.sh:  node tests/browser/bench.mjs
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, browser, open, newGame, ready, root } from './harness.mjs';

const dist = join(root, 'dist');
// The Star Tigris app is its page's files and the AI worker's; the Domains
// page's files and the home page's (site-bench.mjs weighs each page as it
// loads) are counted apart.
const homeFiles = new Set(['index.html', 'home.css', 'site.css', 'manifest.webmanifest', 'sw.js', 'site.js']);
let wasm = 0, gz = 0, all = 0, domains = 0, domainsWasm = 0, domainsWasmGz = 0;
for (const f of readdirSync(dist, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name)) {
  if (homeFiles.has(f)) continue;
  const bytes = readFileSync(join(dist, f));
  const z = gzipSync(bytes, { level: 9 }).length;
  if (f.startsWith('tabula-domains-page') || f.startsWith('domains')) {
    domains += z;
    if (f.endsWith('.wasm')) { domainsWasm += bytes.length; domainsWasmGz += z; }
    continue;
  }
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
  // The next load must start afresh, not resume this game's autosave.
  await page.evaluate(() => localStorage.clear());
}
await context.close();

// AI search speed in wasm: the opening request of an AI seat, re-asked of a
// fresh worker with a fixed budget of 2,000 iterations.
const aiContext = await browser();
await aiContext.addInitScript(() => {
  window.__toWorker = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (m, ...rest) { window.__toWorker.push(String(m)); return post.call(this, m, ...rest); };
});
const { page: aiPage } = await open(aiContext, server.url);
await aiPage.click('[data-cmd="seats:2"]');
await aiPage.selectOption('#kind1', 'search:easy');
await aiPage.fill('#seed', '1');
await aiPage.click('#start');
await aiPage.click('#decision [data-cmd="pass"]');
await aiPage.click('#decision [data-cmd="pass"]');
await aiPage.waitForFunction(() => window.__toWorker.length > 0);
const asked = await aiPage.evaluate(() => window.__toWorker[0]);
const wasmSearch = await aiPage.evaluate(async (text) => {
  // The AI worker runs the page's own module (page-kit's ai_worker::this_module).
  const glue = performance.getEntriesByType('resource').map((e) => e.name).find((n) => /tabula-star-tigris-page[^/]*\.js$/.test(n));
  const name = JSON.stringify({ glue, wasm: glue.replace(/\.js$/, '_bg.wasm'), entry: 'ai_worker_start' });
  const w = new Worker('./page-worker.js', { type: 'module', name });
  await new Promise((r) => { w.onmessage = (e) => { if (String(e.data).includes('ready')) r(); }; });
  const q = JSON.parse(text);
  q.spec = 'search:iterations=2000';
  q.id = 99;
  const t0 = performance.now();
  const reply = await new Promise((r) => { w.onmessage = (e) => r(JSON.parse(e.data)); w.postMessage(JSON.stringify(q)); });
  w.terminate();
  return { ms: performance.now() - t0, ok: !!reply.action };
}, asked);
await aiContext.close();
server.close();
const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(JSON.stringify({
  wasm_bytes: wasm, wasm_gzip_bytes: gz, site_gzip_bytes: all,
  domains_page_gzip_bytes: domains, domains_wasm_bytes: domainsWasm, domains_wasm_gzip_bytes: domainsWasmGz,
  load_to_dialog_ms_median: median(loads),
  start_to_board_ms_median: median(firstBoards),
  redraw_ms_median: median(redraws), redraw_ms_max: Math.max(...redraws),
  wasm_search_2000_iterations_ms: Math.round(wasmSearch.ms),
  wasm_search_iterations_per_s: Math.round(2000 / (wasmSearch.ms / 1000)),
  wasm_search_answered: wasmSearch.ok,
}, null, 1));
