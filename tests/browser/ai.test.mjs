// Playing against the AI in a real headless Chromium: the AI thinks in a
// web worker (the page never freezes), sees only its own seat's view, and a
// worker that dies is replaced without losing the game.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serve, browser, open, screen, targets, clickCell, pixel, rng, artefacts, killNextThink } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

/**
 * Record long main-thread tasks (start and duration), the spans while the
 * AI thinks (from the thinking indicator showing to it going), and every
 * message posted to a worker.
 */
async function instrument(context) {
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: Math.round(e.duration) });
    }).observe({ type: 'longtask', buffered: true });
    window.__thinking = [];
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() => {
        const on = !!document.getElementById('thinking');
        const last = window.__thinking[window.__thinking.length - 1];
        if (on && (!last || last.end !== undefined)) window.__thinking.push({ start: performance.now() });
        if (!on && last && last.end === undefined) last.end = performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    window.__toWorker = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (m, ...rest) {
      window.__toWorker.push(String(m));
      return post.call(this, m, ...rest);
    };
  });
}

async function startVsAi(page, { level = 'search:easy', seed = 4, map = 'small', humans = 1 } = {}) {
  await page.click('[data-cmd="seats:2"]');
  await page.fill('#name0', 'Ada');
  await page.fill('#name1', 'Robo');
  if (humans === 0) await page.selectOption('#kind0', level);
  await page.selectOption('#kind1', level);
  await page.selectOption('#map', map);
  await page.fill('#seed', String(seed));
  await page.click('#start');
}

/** Wait until the person may act (or the game is over). */
async function myTurn(page, timeout = 60000) {
  await page.waitForFunction(() => document.body.dataset.screen === 'over' || !!document.querySelector('#decision:not(.waiting)'), null, { timeout });
}

/**
 * Give the first legal orders (a decision when one is asked, else the
 * first colonist on its first target, else a pass) until the AI thinks;
 * `after` runs after each order.
 */
async function ordersUntilTheAiThinks(page, after = async () => {}) {
  for (let i = 0; i < 8 && !(await page.$('#thinking')); i++) {
    const decision = (await page.$$eval('#decision [data-cmd]', (bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.cmd))).find((c) => /^(commit|resolve|take):/.test(c));
    if (decision) {
      await page.click(`#decision [data-cmd="${decision}"]`);
      continue;
    }
    await page.keyboard.press('1');
    const t = await targets(page);
    if (t.length) await clickCell(page, t[0]); else await page.click('#decision [data-cmd="pass"]');
    await after();
  }
}

test('a person plays the Hard AI to the end; the page never blocks for more than 50 ms', async () => {
  const context = await browser();
  await instrument(context);
  const { page, errors } = await open(context, server.url);
  await startVsAi(page, { level: 'search:hard', seed: 9 });
  await myTurn(page);
  // Loading and compiling the page's wasm is one long task; count from the first move.
  await page.evaluate(() => { window.__longTasks.length = 0; });
  const rand = rng(3);
  let moves = 0;
  let sawThinking = false;
  while ((await screen(page)) !== 'over' && moves < 120) {
    await myTurn(page);
    if ((await screen(page)) === 'over') break;
    const buttons = await page.$$eval('#decision [data-cmd]', (bs) => bs.filter((b) => !b.disabled).map((b) => b.dataset.cmd));
    const decision = buttons.find((c) => /^(commit|resolve|take):/.test(c));
    if (decision) {
      await page.click(`#decision [data-cmd="${decision}"]`);
    } else if (moves >= 6 && (await page.$('#decision [data-cmd="bomber"]:not([disabled])'))) {
      // Finish the game: bomb artifacts until two or fewer are left.
      await page.keyboard.press('b');
      const t = await targets(page);
      const cell = ['A1', 'G2', 'B7', 'H8'].find((c) => t.includes(c));
      if (cell) await clickCell(page, cell); else await page.click('#decision [data-cmd="pass"]');
    } else {
      await page.keyboard.press(String(1 + Math.floor(rand() * 6)));
      const t = await targets(page);
      if (t.length) await clickCell(page, t[Math.floor(rand() * t.length)]);
      else await page.click('#decision [data-cmd="pass"]');
    }
    moves += 1;
    if (await page.$('#thinking')) {
      sawThinking = true;
      // While the AI thinks the page answers: hovering redraws the board.
      const box = await page.$eval('#board', (el) => el.getBoundingClientRect().toJSON());
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    }
  }
  assert.equal(await screen(page), 'over', 'the game reached its end');
  assert.ok(sawThinking, 'the thinking indicator showed');
  await page.screenshot({ path: join(artefacts, 'vs-ai-end-1280x800.png') });
  // A task that ran while the AI thought: it started inside a thinking
  // span (the one that ends a span applies the AI's order and redraws).
  const { longTasks, spans } = await page.evaluate(() => ({ longTasks: window.__longTasks, spans: window.__thinking }));
  assert.ok(spans.length >= 3, `the AI thought on several turns (${spans.length})`);
  const whileThinking = longTasks.filter((t) => spans.some((s) => t.start >= s.start && t.start <= (s.end ?? Infinity)));
  const all = longTasks.map((t) => t.ms).join(', ');
  console.log(`long tasks: ${all}; while thinking: ${whileThinking.map((t) => t.ms).join(", ")} over ${spans.length} spans`);
  assert.deepEqual(whileThinking.map((t) => t.ms).filter((ms) => ms > 50), [], `no main-thread task over 50 ms while the AI thinks (all long tasks: ${all})`);
  // The person's own orders redraw the page too: never a freeze.
  assert.deepEqual(longTasks.map((t) => t.ms).filter((ms) => ms > 250), [], `no task over 250 ms at all (${all})`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the worker is sent only the AI seat\'s view', async () => {
  const context = await browser();
  await instrument(context);
  const { page } = await open(context, server.url);
  await startVsAi(page, { level: 'search:easy', seed: 5 });
  await myTurn(page);
  // Ada passes twice; Robo (seat 2) thinks.
  await page.click('#decision [data-cmd="pass"]');
  await page.click('#decision [data-cmd="pass"]');
  await myTurn(page);
  const sent = await page.evaluate(() => window.__toWorker.map((m) => JSON.parse(m)));
  assert.ok(sent.length >= 1);
  for (const m of sent) {
    assert.equal(m.seat, 1);
    assert.equal(m.view.seat, 1);
    assert.equal(m.view.players[0].hand, null, 'Ada\'s hand never reaches the worker');
    assert.equal(m.view.players[0].score, null, 'nor her score');
    assert.ok(Array.isArray(m.view.players[1].hand));
    assert.ok(!('rng' in m.view) && !('pool' in m.view));
  }
  await context.close();
});

test('a worker that dies mid-think is replaced and the game goes on', async () => {
  const context = await browser();
  await killNextThink(context);
  const { page, errors } = await open(context, server.url);
  await startVsAi(page, { level: 'search:hard', seed: 6 });
  await myTurn(page);
  await page.evaluate(() => { window.__killNextThink = true; });
  await page.click('#decision [data-cmd="pass"]');
  await page.click('#decision [data-cmd="pass"]');
  await page.waitForFunction(() => window.__killed === true);
  // Twice the Hard budget plus the start margin later, it is replaced and asked again.
  await page.waitForFunction(() => /restarted/.test(document.querySelector('#panel').textContent), null, { timeout: 30000 });
  await myTurn(page, 60000);
  const log = await page.textContent('#log');
  assert.match(log, /Robo/, 'Robo played after the restart');
  assert.deepEqual(errors, []);
  await context.close();
});

test('two AIs can be watched, paused and resumed', async () => {
  const context = await browser();
  const { page } = await open(context, server.url);
  await startVsAi(page, { level: 'search:easy', seed: 7, humans: 0 });
  await page.waitForSelector('#watch');
  await page.click('[data-cmd="ai-pace:100"]');
  await page.waitForFunction(() => document.querySelectorAll('#log li').length >= 6, null, { timeout: 30000 });
  // At the fast pace the panel is redrawn ten times a second: press the
  // button as it stands (a click waiting for it to hold still may never come).
  await page.evaluate(() => document.querySelector('[data-cmd="pause"]').click());
  await page.waitForTimeout(300);
  const paused = await page.$$eval('#log li', (l) => l.length);
  await page.waitForTimeout(1500);
  assert.equal(await page.$$eval('#log li', (l) => l.length), paused, 'nothing is played while paused');
  assert.equal(await page.$$eval('#panel .slot', (s) => s.length), 0, 'no hand is shown to a watcher');
  await page.evaluate(() => document.querySelector('[data-cmd="resume"]').click());
  await page.waitForFunction((n) => document.querySelectorAll('#log li').length > n, paused, { timeout: 30000 });
  await page.screenshot({ path: join(artefacts, 'watch-ai-1280x800.png') });
  await context.close();
});

test('keys around the AI\'s turn: picking waits for the person\'s turn, Enter never acts unasked, Regions view shows it is on', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  await startVsAi(page, { level: 'search:hard', seed: 9 });
  await myTurn(page);
  await ordersUntilTheAiThinks(page);
  await page.waitForSelector('#thinking');
  await page.keyboard.press('b');
  await page.keyboard.press('Enter');
  const said = await page.textContent('.message');
  assert.match(said, /It is Robo's turn: wait for yours to pick or place a piece/);
  assert.doesNotMatch(said, /not a legal target/);
  await myTurn(page);
  // Nothing is selected as the turn begins, and Enter places nothing.
  const before = await page.$$eval('#log li', (l) => l.length);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
  assert.equal(await page.$$eval('#log li', (l) => l.length), before, 'Enter acted unasked');
  assert.equal((await targets(page)).length, 0, 'no piece is picked');
  // R: the Regions view button says it is on.
  const regions = 'header [data-cmd="regions"]';
  assert.equal(await page.getAttribute(regions, 'aria-pressed'), 'false');
  await page.keyboard.press('r');
  assert.equal(await page.getAttribute(regions, 'aria-pressed'), 'true');
  assert.equal((await page.textContent(regions)).trim(), 'Regions view: on');
  await page.keyboard.press('r');
  assert.equal(await page.getAttribute(regions, 'aria-pressed'), 'false');
  assert.deepEqual(errors, []);
  await context.close();
});

test('after an AI turn its orders are marked on the board and said once, under the board and in the news region', async () => {
  const context = await browser();
  const { page, errors } = await open(context, server.url);
  await startVsAi(page, { level: 'search:easy', seed: 4 });
  await myTurn(page);
  // The person's own orders are not marked for them.
  await ordersUntilTheAiThinks(page, async () => {
    assert.doesNotMatch(await page.textContent('#last-turn'), /last orders/, 'no mark of one\'s own orders');
  });
  // The AI's orders come one at a time at the chosen pace.
  assert.ok(await page.$('#ai-pace [data-cmd="ai-pace:600"][aria-pressed="true"]'), 'Normal pace by default');
  await myTurn(page);
  // Said once, in the news region (the box itself is not read again).
  assert.equal(await page.getAttribute('#last-turn', 'aria-live'), null);
  assert.match(await page.textContent('#news'), /Robo's last orders: Robo /);
  const said = await page.textContent('#last-turn');
  assert.match(said, /^Robo's last orders: Robo /);
  assert.ok(said.length < 600, `short: ${said.length} characters`);
  const marked = /Marked on the board with corner brackets: ([A-Z0-9, ]+)\./.exec(said);
  assert.ok(marked, said);
  const size = +(await page.getAttribute('#board', 'data-cell'));
  for (const cell of marked[1].split(', ')) {
    const p = await pixel(page, cell, 0.15, 2.5 / size);
    assert.deepEqual(p.slice(0, 3), [90, 26, 140], `${cell}: a corner bracket (${p})`);
  }
  await page.screenshot({ path: join(artefacts, 'ai-last-turn-1280x800.png') });
  // Once the person acts, the marks are theirs to read no longer.
  await page.keyboard.press('1');
  const t = await targets(page);
  if (t.length) {
    await clickCell(page, t[0]);
    assert.doesNotMatch(await page.textContent('#last-turn'), /last orders/);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
