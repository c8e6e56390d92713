// Domains has its rules on the page (issue 43, item 12): "How to play" in
// the side panel says the goal, the orders, painting, the score, energy,
// fights, bonuses and bots, in English and in German, and opens by
// keyboard.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serve, browser, englishLeft } from './harness.mjs';

async function openDomains(context, url) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url + 'domains.html');
  await page.waitForSelector('body[data-state="ready"]');
  if (await page.isVisible('#overlay')) await page.keyboard.press('Escape');
  return { page, errors };
}

for (const [lang, locale, summary, goal] of [
  ['en', 'en-GB', 'How to play', 'Two to four players paint a square board'],
  ['de', 'de-DE', 'So wird gespielt', 'Zwei bis vier Spieler bemalen ein quadratisches Brett'],
]) {
  test(`Domains: the rules on the page (${lang})`, async () => {
    const site = await serve();
    const context = await browser({ width: 1280, height: 800 }, { locale });
    try {
      const { page, errors } = await openDomains(context, site.home);
      await page.waitForFunction((l) => document.documentElement.lang === l, lang);
      assert.equal((await page.textContent('#how-to-play summary')).trim(), summary);
      assert.equal(await page.isVisible('#how-to-play p'), false, 'closed at first');
      // Opened by keyboard: focus the summary, press Enter.
      await page.focus('#how-to-play summary');
      await page.keyboard.press('Enter');
      await page.waitForSelector('#how-to-play[open]');
      const paras = await page.$$eval('#how-to-play p', (ps) => ps.map((p) => p.textContent));
      assert.equal(paras.length, 8, paras.join('\n'));
      assert.ok(paras[0].startsWith(goal), paras[0]);
      assert.ok(paras.join(' ').includes(lang === 'de' ? '5.000' : '5,000'));
      if (lang === 'de') {
        const left = await englishLeft(page, ['en.txt', 'domains/en.txt'], '#how-to-play');
        assert.deepEqual(left, [], 'no English in the German rules');
      }
      assert.deepEqual(errors, []);
    } finally {
      await context.close();
      site.close();
    }
  });
}
