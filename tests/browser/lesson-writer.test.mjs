// The page kit's lesson writer (issue 39) on Catan's page: a lesson is
// recorded by playing it on the page's board — from the position of a
// shipped lesson, a settlement the learner must build (with its hint,
// "that is not it" and highlight), a city the page builds, a step that
// only talks — written in English and German, checked in the page,
// saved as a file that `tabula lesson check` passes, tried in the
// lesson player, and kept over a reload. A position with a problem is
// refused naming its line.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, browser, artefacts, root, axeViolations } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');

let site;
before(async () => { site = await serve(); });
after(() => site.close());

const url = () => site.home + 'catan.html';

/** Open the page on the list of lessons; collect the page's errors. */
async function openLessons(context) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${url()}#lessons`);
  await page.waitForSelector('#lessons .lesson-open');
  return { page, errors };
}

/** The places where the seat to act can move on the writer's board. */
const acting = (page) => page.$eval('#author-board', (c) => JSON.parse(c.dataset.acting || '[]'));

const steps = (page) => page.$$eval('#author-steps li', (els) => els.length);

/** Click the place named `name` (as lessons name it) on the writer's
 * board; when several moves are made there, the one whose button
 * matches `choice`. */
async function playAt(page, name, choice) {
  const at = (await acting(page)).find((p) => p.name === name);
  assert.ok(at, `the seat can act at ${name}`);
  await page.click('#author-board', { position: { x: at.x, y: at.y } });
  if (await page.$('#author-choices')) {
    await page.click(`#author-choices button:text-matches("${choice}", "i")`);
  }
}

/** Record a move matching `choice` made at a place of the board: each
 * place where the seat acts is tried (a move recorded that is not the
 * one is taken back); the place's name. */
async function playSomewhere(page, choice) {
  for (const at of await acting(page)) {
    const before = await steps(page);
    await page.click('#author-board', { position: { x: at.x, y: at.y } });
    if (await page.$('#author-choices')) {
      const b = await page.$(`#author-choices button:text-matches("${choice}", "i")`);
      if (b) {
        await b.click();
        return at.name;
      }
      continue;
    }
    if (await steps(page) > before) {
      const said = await page.$eval('#author-steps li:last-child strong', (e) => e.textContent);
      if (new RegExp(choice, 'i').test(said)) return at.name;
      await page.click('[data-lcmd="author-undo"]');
    }
  }
  assert.fail(`no place offers ${choice}`);
}

/** Write `text` in the step's narration in English and German (the
 * texts' language left on English). */
async function sayBoth(page, en, de) {
  await page.fill('#step-say', en);
  await page.click('[data-lcmd="author-lang:de"]');
  await page.fill('#step-say', de);
  await page.click('[data-lcmd="author-lang:en"]');
}

test('the lesson writer records a Catan lesson by playing it on the page; the saved file passes tabula lesson check', async () => {
  const context = await browser({ width: 1280, height: 900 });
  try {
    const { page, errors } = await openLessons(context);
    await page.click('#author-new');
    await page.waitForSelector('#author');
    assert.equal(await page.evaluate(() => location.hash), '#lessons/write');
    await page.fill('#author-title', 'A settlement, then a city');
    await page.fill('#author-summary', 'Where a settlement may go, and how it grows.');
    await page.click('[data-lcmd="author-lang:de"]');
    await page.fill('#author-title', 'Eine Siedlung, dann eine Stadt');
    await page.fill('#author-summary', 'Wo eine Siedlung stehen darf und wie sie wächst.');
    await page.click('[data-lcmd="author-lang:en"]');

    // A position with a problem is refused, naming its line.
    await page.fill('#author-position', 'players 3\nturn 7 player 9 main\n');
    await page.click('[data-lcmd="author-check"]');
    assert.match(await page.textContent('#author-message'), /line 2/);

    // The position of a shipped lesson.
    const shipped = JSON.parse(readFileSync(join(root, 'lessons', 'catan', '02-roads-settlements-cities.json'), 'utf8'));
    await page.selectOption('#author-from-lesson', { label: shipped.title });
    assert.match(await page.inputValue('#author-position'), /turn 7 player 1 main/);
    await page.click('#author-start');
    await page.waitForSelector('#author-board');
    assert.equal(await page.$('#author-message'), null, await page.textContent('#author-message').catch(() => ''));
    assert.match(await page.textContent('#author'), /Player 1 to act/);

    // Step 1: the learner builds a settlement.
    const corner = await playSomewhere(page, 'settlement');
    assert.equal(await page.$$eval('#author-steps li', (els) => els.length), 1);
    await page.click('[data-lcmd="author-learner"]');
    await page.fill('#step-say', `Build a settlement on the {{${corner}}}: a road of yours leads there.`);
    await page.fill('#step-hint', 'Follow your roads from the settlement.');
    await page.fill('#step-wrong', 'Not there: a settlement needs a road of yours beside it.');
    await page.click('[data-lcmd="author-lang:de"]');
    await page.fill('#step-say', `Baue eine Siedlung auf der {{${corner}}}: Eine deiner Straßen führt dorthin.`);
    await page.fill('#step-hint', 'Folge deinen Straßen von der Siedlung aus.');
    await page.fill('#step-wrong', 'Nicht dort: Eine Siedlung braucht eine eigene Straße daneben.');
    await page.click('[data-lcmd="author-lang:en"]');
    // Marking: a pick on the board rings the place for the step.
    const spot = (await acting(page)).find((p) => p.name === corner);
    assert.ok(spot, 'the new settlement can become a city');
    await page.click('[data-lcmd="author-mark"]');
    await page.click('#author-board', { position: { x: spot.x, y: spot.y } });
    await page.click('[data-lcmd="author-mark"]');
    assert.equal(await page.$$eval('#author-steps li', (els) => els.length), 1, 'marking records nothing');
    await page.screenshot({ path: join(artefacts, 'lesson-writer-catan.png'), fullPage: true });

    // Step 2: the page builds a city there.
    await playAt(page, corner, 'city');
    assert.equal(await page.$$eval('#author-steps li', (els) => els.length), 2);
    await sayBoth(page, 'The settlement becomes a city: it yields twice.', 'Die Siedlung wird zur Stadt: Sie bringt doppelt.');
    // Step 3: a step that only talks.
    await page.click('[data-lcmd="author-talk"]');
    await sayBoth(page, 'That is all for now.', 'Das ist für heute alles.');
    assert.match(await page.textContent('#author-steps'), /The learner, as Player 1: .*settlement/is);

    // Checked in the page as tabula lesson check checks it.
    await page.click('[data-lcmd="author-check-lesson"]');
    assert.match(await page.textContent('#author-message'), /passes the check/);
    assert.deepEqual(await axeViolations(page), []);

    // Saved, and the file passes the native check.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-lcmd="author-export"]')]);
    const file = join(artefacts, 'writer-catan-lesson.json');
    await download.saveAs(file);
    const out = execFileSync(tabula, ['lesson', 'check', file]).toString();
    assert.match(out, /ok \(3 steps\)/);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(written.ruleset, 'catan');
    assert.equal(written.version, 3);
    assert.deepEqual(written.position, shipped.position);
    assert.equal(written.steps[0].learner.action, `BUILD Settlement ${corner}`);
    assert.equal(written.steps[0].learner.seat, '1');
    assert.deepEqual(written.steps[0].highlight, [corner]);
    assert.equal(written.steps[1].play.action, `BUILD City ${corner}`);
    assert.equal(written.translations.de.steps[0].hint, 'Folge deinen Straßen von der Siedlung aus.');

    // A reload keeps the lesson being written.
    await page.reload();
    await page.waitForSelector('#author-steps');
    assert.equal(await page.$$eval('#author-steps li', (els) => els.length), 3);
    assert.equal(await page.inputValue('#step-say'), 'That is all for now.');

    // Tried in the lesson player: the learner's step, shown by "Show me".
    await page.click('#author-try');
    await page.waitForSelector('#lesson-say');
    assert.equal(await page.textContent('#lessons-h'), 'A settlement, then a city');
    assert.match(await page.textContent('#lesson-say'), /Build a settlement on the corner/);
    await page.click('#lesson-show');
    await page.waitForSelector('#lesson-shown');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('Vector and Domains write lessons through the kit too: a move recorded, checked as far as its texts go', async () => {
  const context = await browser({ width: 1024, height: 900 });
  try {
    for (const [game, ruleset, move] of [['vector', 'vector', /Direction/], ['domains', 'domains', /end/i]]) {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${site.home}${game}.html#lessons/write`);
      await page.waitForSelector('#author');
      const first = readdirSync(join(root, 'lessons', ruleset)).filter((f) => f.endsWith('.json')).sort()[0];
      const shipped = JSON.parse(readFileSync(join(root, 'lessons', ruleset, first), 'utf8'));
      await page.waitForSelector(`#author-from-lesson option:text-is("${shipped.title}")`, { state: 'attached' });
      await page.selectOption('#author-from-lesson', { label: shipped.title });
      await page.click('#author-start');
      await page.waitForSelector('#author-board');
      const buttons = await page.$$eval('#author-moves button', (els) => els.map((b) => [b.dataset.lcmd, b.textContent]));
      const [cmd] = buttons.find(([, label]) => move.test(label)) ?? assert.fail(`${game}: no move like ${move} among ${buttons.map((b) => b[1])}`);
      await page.click(`[data-lcmd="${cmd}"]`);
      assert.equal(await steps(page), 1, game);
      await page.fill('#step-say', 'A move.');
      await page.fill('#author-summary', 'One move.');
      await page.click('[data-lcmd="author-check-lesson"]');
      // Everything plays; the German is missing, and the check says so.
      assert.match(await page.textContent('#author-message'), /The check finds: .*de/, game);
      assert.equal(errors.length, 0, errors.join('\n'));
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('the rules page in pictures, drawn from the lessons, for Catan, Vector and Domains', async () => {
  const context = await browser({ width: 1280, height: 900 });
  try {
    for (const [game, ruleset] of [['catan', 'catan'], ['vector', 'vector'], ['domains', 'domains']]) {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      await page.goto(`${site.home}${game}.html#lessons`);
      await page.waitForSelector('#lessons .lesson-open');
      await page.click('#open-rules');
      const n = readdirSync(join(root, 'lessons', ruleset)).filter((f) => f.endsWith('.json')).length;
      await page.waitForFunction((k) => document.querySelectorAll('.rule-card').length === k, n);
      const drawn = await page.$$eval('canvas.rule-board', (cs) => cs.map((c) => {
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let coloured = 0;
        for (let i = 0; i < d.length; i += 16) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) coloured++;
        return coloured;
      }));
      assert.ok(drawn.every((c) => c > 50), `${game}: every board is drawn: ${drawn}`);
      assert.deepEqual(await axeViolations(page), [], game);
      await page.screenshot({ path: join(artefacts, `rules-${game}.png`), fullPage: true });
      await page.click('.rule-card button');
      await page.waitForSelector('#lesson-say');
      assert.equal(errors.length, 0, errors.join('\n'));
      await page.close();
    }
  } finally {
    await context.close();
  }
});

test('the lesson writer by keyboard: the arrow keys go to a place where the seat acts, Enter records the move there', async () => {
  const context = await browser({ width: 1024, height: 900 });
  try {
    const { page, errors } = await openLessons(context);
    await page.click('#author-new');
    await page.waitForSelector('#author');
    const shipped = JSON.parse(readFileSync(join(root, 'lessons', 'catan', '02-roads-settlements-cities.json'), 'utf8'));
    await page.waitForSelector(`#author-from-lesson option:text-is("${shipped.title}")`, { state: 'attached' });
    await page.selectOption('#author-from-lesson', { label: shipped.title });
    await page.click('#author-start');
    await page.focus('#author-board');
    await page.keyboard.press('ArrowRight');
    assert.match(await page.textContent('#author-cursor'), /^At /);
    await page.keyboard.press('Enter');
    if (await page.$('#author-choices')) {
      // Several moves there: the first, from the keyboard.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
    }
    assert.equal(await steps(page), 1);
    assert.equal(await page.$('#author-message'), null);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});
