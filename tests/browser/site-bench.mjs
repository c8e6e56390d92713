// Site benchmark (not a test): each page's own weight (every file it loads,
// gzipped) and its time to first paint (home) or to its first drawn board
// (each game), from a cold cache and from the service worker. Run after
// scripts/build-web.sh:  node tests/browser/site-bench.mjs
import { gzipSync } from 'node:zlib';
import { serve, browser } from './harness.mjs';

const server = await serve();
const pages = [
  { name: 'home page (index.html)', path: '', ready: () => document.querySelector('.games') && performance.getEntriesByType('paint').some((p) => p.name === 'first-contentful-paint'), time: () => performance.getEntriesByType('paint').find((p) => p.name === 'first-contentful-paint').startTime },
  { name: 'Star Tigris (star-tigris.html; a game started with the dialog\'s defaults)', path: 'star-tigris.html', hash: '#new', start: true, ready: () => document.querySelector('#board')?.dataset.drawMs !== undefined, time: () => performance.now() },
  { name: 'Domains (domains.html)', path: 'domains.html', ready: () => document.body.dataset.state === 'ready' && document.querySelector('#board').width > 0, time: () => performance.now() },
  { name: 'Catan (catan.html, the map editor)', path: 'catan.html', ready: () => document.body.dataset.state === 'ready' && document.querySelector('#board')?.width > 0, time: () => performance.now() },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function weight(page) {
  const urls = await page.evaluate(() => [location.href.split('#')[0], ...performance.getEntriesByType('resource').map((e) => e.name)]);
  let bytes = 0;
  for (const u of new Set(urls.filter((u) => u.startsWith(server.home) && !u.endsWith('sw.js')))) {
    bytes += gzipSync(Buffer.from(await (await fetch(u)).arrayBuffer()), { level: 9 }).length;
  }
  return bytes;
}

async function timeTo(page, p) {
  // A query of its own each time: always a whole new load of the page.
  await page.goto(`${server.home}${p.path}?load=${Date.now()}${p.hash ?? ''}`);
  if (p.start) {
    await page.waitForSelector('body[data-screen="new"]');
    await page.click('#start');
  }
  await page.waitForFunction(p.ready, null, { timeout: 60000, polling: 'raf' });
  return page.evaluate(p.time);
}

console.log('| page | own weight, gzipped | first paint / first board, cold cache (median of 5) | from the service worker (median of 5) |');
console.log('|---|---|---|---|');
for (const p of pages) {
  const cold = [];
  const warm = [];
  let bytes = 0;
  for (let i = 0; i < 5; i++) {
    const context = await browser();
    const page = context.pages()[0] ?? await context.newPage();
    cold.push(await timeTo(page, p));
    if (i === 0) bytes = await weight(page);
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60000 });
    warm.push(await timeTo(page, p));
    await context.close();
  }
  console.log(`| ${p.name} | ${bytes.toLocaleString('en')} bytes | ${median(cold).toFixed(0)} ms | ${median(warm).toFixed(0)} ms |`);
}
server.close();
