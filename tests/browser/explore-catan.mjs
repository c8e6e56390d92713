import { serve, browser, artefacts } from './harness.mjs';
import { join } from 'node:path';
const site = await serve();
const ctx = await browser();
const page = ctx.pages()[0] ?? await ctx.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(site.home + 'catan.html');
await page.waitForSelector('body[data-state="ready"]');
await page.click('[data-cmd="game-new"]');
await page.waitForSelector('#newgame:not([hidden]) #ng-start');
await page.screenshot({ path: '/tmp/cx/1-dialog.png' });
await page.fill('#ng-seed', '5');
await page.click('#ng-start');
await page.waitForSelector('body[data-mode="game"]');
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/cx/2-start.png' });
// Play set-up by the lists.
for (let i = 0; i < 150; i++) {
  const asked = await page.textContent('#asked').catch(() => '');
  const acts = await page.$$('[data-cmd^="game-act:"]');
  if (acts.length === 0) { await page.waitForTimeout(300); continue; }
  const cmds = await page.$$eval('[data-cmd^="game-act:"]', (els) => els.map((e) => e.dataset.cmd));
  console.log(i, asked, cmds.length, cmds[0]);
  // Prefer board spots by clicking on canvas? just click the first listed.
  const first = await page.$('#board-moves:not([open])');
  if (first) await page.click('#board-moves summary');
  await page.click('[data-cmd^="game-act:"] >> nth=0');
  await page.waitForTimeout(200);
}
await page.screenshot({ path: '/tmp/cx/3-later.png', fullPage: true });
console.log('errors', errors);
await ctx.close(); site.close();
