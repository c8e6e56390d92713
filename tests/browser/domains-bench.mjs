// Domains in WebAssembly: complete 500-round 4-player games with `demo`
// and with `dummy` bots, timed inside headless Chromium (the same loop as
// `tabula bench --ruleset domains`). Run after ./scripts/build-web.sh:
//   node tests/browser/domains-bench.mjs
import { serve, browser } from './harness.mjs';

const site = await serve();
const context = await browser();
try {
  const page = context.pages()[0] ?? await context.newPage();
  await page.goto(site.home + 'domains.html');
  await page.waitForSelector('body[data-state="ready"]');
  for (const [bot, games] of [['demo', 20], ['dummy', 5]]) {
    const r = await page.evaluate(async ([bot, games]) => {
      const m = await import('./tabula-domains-page.js');
      m.bench_domains(bot, 4, 1, 1); // warm up
      return JSON.parse(m.bench_domains(bot, 4, games, 1));
    }, [bot, games]);
    const per = r.ms / r.games;
    console.log(`${bot}: ${r.games} games, ${per.toFixed(1)} ms/game (${(1000 / per).toFixed(1)} games/s), engine ${(r.engine_ms / r.games).toFixed(1)} ms/game (${(100 * r.engine_ms / r.ms).toFixed(0)}%)`);
  }
} finally {
  await context.close();
  site.close();
}
