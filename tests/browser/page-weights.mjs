// Page weights (not a test): for each game page, every file it loads to
// play against its AI, gzipped at level 9 (node's zlib): its html, site.js,
// the manifest, the style sheets, the page's JavaScript and WebAssembly,
// the worker files (the site's page-worker.js, or a worker module of its
// own before issue 40), and for Catan the words of one language
// (English; the other pages carry theirs in the module). The page's whole
// module (`tabula-<game>-full`, page kit on_demand: the lessons, online
// play, the editors), loaded only when one of those is opened, is listed
// apart and not counted. Run after
// scripts/build-web.sh:  node tests/browser/page-weights.mjs [dist folder]
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import { root } from './harness.mjs';

const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const names = readdirSync(dist);
const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
const games = {
  'star-tigris': ['tabula-star-tigris-page'],
  domains: ['tabula-domains-page'],
  catan: ['tabula-catan-page'],
  vector: ['tabula-vector-page'],
};
const BUDGET = 409600;
const common = names.filter((f) => f === 'site.js' || f === 'page-worker.js' || f === 'manifest.webmanifest' || /^site-[0-9a-f]+\.css$/.test(f));
console.log('| page | files | wasm (bytes; gzipped) | everything, gzipped | budget | on demand: whole module (js + wasm, gzipped) |');
console.log('|---|---|---|---|---|---|');
for (const [game, crates] of Object.entries(games)) {
  const own = names.filter((f) => f === `${game}.html` || new RegExp(`^${game}-[0-9a-f]+\\.css$`).test(f)
    || crates.some((c) => f.startsWith(c + '-') || f.startsWith(c + '.') || f.startsWith(c + '_')));
  const words = game === 'catan' ? ['i18n/en.txt', 'i18n/catan/en.txt'].filter((f) => existsSync(join(dist, f))) : [];
  const files = [...common, ...own, ...words];
  const total = files.reduce((a, f) => a + gz(f), 0);
  const wasm = own.filter((f) => f.endsWith('.wasm')).map((f) => `${readFileSync(join(dist, f)).length.toLocaleString('en')}; ${gz(f).toLocaleString('en')}`).join(' + ');
  const full = names.filter((f) => f.startsWith(`tabula-${game}-full.`) || f.startsWith(`tabula-${game}-full_`));
  const later = full.length ? full.reduce((a, f) => a + gz(f), 0).toLocaleString('en') : '—';
  const verdict = total <= BUDGET ? 'met' : `over by ${(total - BUDGET).toLocaleString('en')}`;
  console.log(`| ${game} | ${files.length} | ${wasm} | ${total.toLocaleString('en')} (${(total / 1024).toFixed(1)} KiB) | ${verdict} | ${later} |`);
}
