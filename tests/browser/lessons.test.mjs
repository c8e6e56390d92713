// Lessons in a real headless Chromium: a learner goes through the
// internal-conflict lesson, makes a wrong move, sees the hint, completes
// it; the rules page draws a board per lesson; a lesson is written in the
// page and tried; "Why?" in an ordinary game names the rule. The same
// in German: the list, a lesson played to its end (its German narration,
// hint and wrong-move message), and a lesson written with its German;
// no English left on the page; screenshots of both
// languages at two sizes. The lessons are the page kit's (lesson_screen,
// issues 39 and 40): its list (#lessons), its player (#lesson-say, the
// buttons' data-lcmd, the board #lesson-board) name things in their own
// words; what each test checks is what it checked of Star Tigris's own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { serve, browser, open, newGame, ready, targets, clickCell, parseCell, root, artefacts, englishLeft, axeViolations } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

const lessonDir = join(root, 'lessons', 'star-tigris');
const step = async (page) => +(await page.getAttribute('#lesson-step', 'data-step'));

/** Click the centre of a cell of the lesson's board. */
async function clickLessonCell(page, name) {
  const { col, row } = parseCell(name);
  const c = await page.$eval('#lesson-board', (el) => ({ cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy }));
  await page.click('#lesson-board', { position: { x: c.ox + (col + 0.5) * c.cell, y: c.oy + (row + 0.5) * c.cell } });
}

/** The cells the picked piece can go to, as the lesson's board marks them. */
const lessonTargets = async (page) => ((await page.getAttribute('#lesson-board', 'data-targets')) ?? '').split(' ').filter(Boolean);

/** The list of lessons, every lesson in it read. */
async function listed(page) {
  await page.waitForSelector('#lessons .lessons-items');
  const n = readdirSync(lessonDir).filter((f) => f.endsWith('.json')).length;
  await page.waitForFunction((k) => document.querySelectorAll('#lessons .lesson-open').length === k, n);
  return n;
}

const catalogues = ['en.txt', 'star-tigris/en.txt', 'star-tigris-editor/en.txt', 'star-tigris-lessons/en.txt'];

/** Make the learner's move given as action text (`place merchant C2`, `commit 3`). */
async function makeMove(page, text) {
  const [verb, a, b] = text.split(' ');
  const pick = { colonize: 'colonist', place: 'leader', move: 'leader' }[verb];
  if (pick) {
    await page.click(`[data-lcmd="piece:${pick}:${a}"]`);
    assert.ok((await lessonTargets(page)).includes(b), `${b} is a target`);
    await clickLessonCell(page, b);
  } else if (verb === 'destroy') {
    await page.click('[data-lcmd="piece:bomber"]');
    await clickLessonCell(page, a);
  } else if (verb === 'take') {
    await clickLessonCell(page, a);
  } else {
    const label = { commit: `Commit ${a}`, pass: 'Pass' }[verb];
    await page.click(`#lesson-move button:text-is("${label}")`);
  }
}

test('a learner goes through the internal-conflict lesson: a wrong move, the hint, then to the end', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    const lesson = JSON.parse(readFileSync(join(lessonDir, '02-internal-conflict.json'), 'utf8'));
    await page.click('#open-lessons');
    const n = await listed(page);
    assert.equal(await page.$$eval('#lessons .lesson-open', (els) => els.length), n);
    await page.click('[data-lcmd="open:02-internal-conflict"]');
    await page.waitForSelector('#lesson-say');
    assert.equal(await page.textContent('#lessons-h'), lesson.title);
    let wrongDone = false;
    for (let i = 0; i < lesson.steps.length; i++) {
      assert.equal(await step(page), i + 1);
      const s = lesson.steps[i];
      assert.equal(await page.textContent('#lesson-say'), s.say);
      if (s.learner) {
        assert.ok(await page.isDisabled('[data-lcmd="next"]'), 'Next waits for the learner');
        if (!wrongDone) {
          // A legal move that is not the lesson's: the same piece elsewhere.
          const [verb, kind, cell] = s.learner.action.split(' ');
          await page.click(`[data-lcmd="piece:${verb === 'colonize' ? 'colonist' : 'leader'}:${kind}"]`);
          const other = (await lessonTargets(page)).find((c) => c !== cell);
          await clickLessonCell(page, other);
          assert.equal(await page.textContent('#lesson-wrong'), `✗ ${s.learner.wrong}`);
          assert.equal(await page.textContent('#lesson-hint'), `Hint: ${s.learner.hint}`);
          assert.ok(await page.isDisabled('[data-lcmd="next"]'));
          await page.screenshot({ path: join(artefacts, 'lesson-hint.png') });
          wrongDone = true;
        }
        await makeMove(page, s.learner.action);
        assert.match(await page.textContent('.lesson-right'), /Well done/);
      }
      if (i === 2) {
        // The example's stated strengths before reinforcements: 2 and 1.
        assert.match(await page.textContent('#lesson-strengths'), /attacker .* 2, defender .* 1/);
      }
      if (i + 1 < lesson.steps.length) await page.keyboard.press('ArrowRight');
    }
    assert.ok(wrongDone, 'the lesson has a learner step');
    assert.ok(await page.$('[data-lcmd="finish"]'), 'the last step offers the other lessons');
    // Back and forth keeps what was done.
    await page.keyboard.press('ArrowLeft');
    assert.equal(await step(page), lesson.steps.length - 1);
    await page.click('[data-lcmd="large"]');
    assert.ok(await page.$('body.large'));
    await page.screenshot({ path: join(artefacts, 'lesson-large.png') });
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('the rules page draws a board for every lesson', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    await page.click('#open-lessons');
    await listed(page);
    await page.click('#open-rules');
    await page.waitForSelector('body[data-lessons="rules"]');
    const n = readdirSync(lessonDir).filter((f) => f.endsWith('.json')).length;
    // The lessons are fetched beside the page (not in its module).
    await page.waitForFunction((k) => document.querySelectorAll('canvas.rule-board').length === k, n);
    const drawn = await page.$$eval('canvas.rule-board', (cs) => cs.map((c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let coloured = 0;
      for (let i = 0; i < d.length; i += 16) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) coloured++;
      return coloured;
    }));
    assert.equal(drawn.length, n);
    assert.ok(drawn.every((c) => c > 50), `every board is drawn: ${drawn}`);
    await page.screenshot({ path: join(artefacts, 'rules.png'), fullPage: true });
    await page.click('.rule-card [data-lcmd="open:01-basic-round"]');
    await page.waitForSelector('#lesson-say');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('a lesson is written in the page: a free position, a recorded step for the learner, tried and exported', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    await page.click('#open-lessons');
    await listed(page);
    await page.click('#author-new');
    await page.waitForSelector('body[data-screen="author"]');
    await page.fill('#author-title', 'My first lesson');
    await page.fill('#author-summary', 'Where a scientist goes.');
    // Free mode: a scientist colony and player 1's settler leader beside it.
    await page.click('[data-cmd="author-token:t"]');
    await clickCell(page, 'B6');
    await page.click('[data-cmd="author-token:P"]');
    await clickCell(page, 'C6');
    await page.click('#author-start');
    assert.equal(await page.$('#author-message'), null, await page.textContent('#author-message').catch(() => ''));
    await page.click('[data-cmd="author-pick:colonist:scientist"]');
    const t = await targets(page);
    assert.ok(t.includes('D6'), t.join(' '));
    await clickCell(page, 'D6');
    await page.fill('#step-say', 'A scientist beside the leader scores for it.');
    await page.click('[data-cmd="author-learner"]');
    await page.click('[data-cmd="author-mark"]');
    await clickCell(page, 'D6');
    await page.click('[data-cmd="author-mark"]');
    await page.screenshot({ path: join(artefacts, 'author.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="author-export"]')]);
    const file = join(artefacts, 'my-lesson.json');
    await download.saveAs(file);
    const lesson = JSON.parse(readFileSync(file, 'utf8'));
    assert.equal(lesson.title, 'My first lesson');
    assert.equal(lesson.steps.length, 1);
    assert.equal(lesson.steps[0].learner.action, 'colonize scientist D6');
    assert.deepEqual(lesson.steps[0].highlight, ['D6']);
    // A reload keeps the lesson being written.
    await page.reload();
    await page.waitForSelector('body[data-screen="new"]');
    await page.click('#open-lessons');
    await listed(page);
    await page.click('#author-new');
    assert.equal(await page.inputValue('#author-title'), 'My first lesson');
    assert.equal(await page.$$eval('#author-steps li', (els) => els.length), 1);
    assert.equal(await page.inputValue('#step-say'), 'A scientist beside the leader scores for it.');
    await page.click('#author-try');
    await page.waitForSelector('#lesson-say');
    await makeMove(page, 'colonize scientist D6');
    assert.match(await page.textContent('.lesson-right'), /Well done/);
    // A lesson link opens the lesson.
    const data = deflateRawSync(readFileSync(file), { level: 9 }).toString('base64url');
    await page.goto(`${server.url}#lesson=${data}`);
    await page.waitForFunction(() => document.querySelector('#lessons-h')?.textContent === 'My first lesson');
    await page.goto(`${server.url}#lesson=${data.slice(0, 20)}`);
    await page.waitForFunction(() => /damaged/.test(document.querySelector('#lesson-error')?.textContent ?? ''));
    // The exported file opens from the list of lessons (open after the bad link).
    await page.setInputFiles('#lesson-file', file);
    await page.waitForFunction(() => document.querySelector('#lessons-h')?.textContent === 'My first lesson');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('"Why?" on a log entry names the rule behind it', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    await newGame(page, { names: ['Ann', 'Bo'], seed: 3 });
    await ready(page);
    await page.keyboard.press('1');
    await clickCell(page, (await targets(page))[0]);
    assert.ok(await page.$('#log [data-cmd^="why:"]'), 'a consequence with a Why? button');
    await page.click('#log [data-cmd^="why:"]');
    assert.match(await page.textContent('#why-open'), /^Rule \d/);
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

/** Open the page straight on the list of lessons. */
async function gotoLessons(context) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(`${server.url}#lessons`);
  await listed(page);
  return { page, errors };
}

/** The learner's move as a German learner makes it (choices by their German labels). */
async function makeMoveDe(page, text) {
  const [verb, a] = text.split(' ');
  const label = { commit: `${a} einsetzen`, pass: 'Passen' }[verb];
  if (label) await page.click(`#lesson-move button:text-is("${label}")`);
  else await makeMove(page, text);
}

test('German: the list of lessons, a lesson played to its end with a wrong move, in German throughout', async () => {
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  try {
    const { page, errors } = await gotoLessons(context);
    const none = async (where, when) => assert.deepEqual(await englishLeft(page, catalogues, where), [], when);
    assert.equal(await page.getAttribute('html', 'lang'), 'de');
    const titles = await page.$$eval('#lessons .lesson-open', (els) => els.map((e) => e.textContent));
    const files = readdirSync(lessonDir).filter((f) => f.endsWith('.json')).sort();
    assert.deepEqual(titles, files.map((f) => JSON.parse(readFileSync(join(lessonDir, f), 'utf8')).translations.de.title));
    await none('body', 'the list of lessons');

    const lesson = JSON.parse(readFileSync(join(lessonDir, '02-internal-conflict.json'), 'utf8'));
    const de = lesson.translations.de;
    await page.click('[data-lcmd="open:02-internal-conflict"]');
    await page.waitForSelector('#lesson-say');
    assert.equal(await page.textContent('#lessons-h'), 'Revolte');
    let wrongDone = false;
    for (let i = 0; i < lesson.steps.length; i++) {
      assert.equal(await step(page), i + 1);
      assert.equal(await page.textContent('#lesson-step'), `Schritt ${i + 1} von ${lesson.steps.length}`);
      assert.equal(await page.textContent('#lesson-say'), de.steps[i].say);
      const s = lesson.steps[i];
      if (s.learner) {
        await none('body', `step ${i + 1}, before the move`);
        if (!wrongDone) {
          // A legal move that is not the lesson's: the same piece elsewhere.
          const [verb, kind, cell] = s.learner.action.split(' ');
          await page.click(`[data-lcmd="piece:${verb === 'colonize' ? 'colonist' : 'leader'}:${kind}"]`);
          assert.match(await page.textContent('#lesson-targets'), /^\d+ Orte auf dem Brett markiert: Tippe oder klicke auf einen\.$/);
          const other = (await lessonTargets(page)).find((c) => c !== cell);
          await clickLessonCell(page, other);
          assert.equal(await page.textContent('#lesson-wrong'), `✗ ${de.steps[i].wrong}`);
          assert.equal(await page.textContent('#lesson-hint'), `Tipp: ${de.steps[i].hint}`);
          await none('body', `step ${i + 1}, after a wrong move`);
          wrongDone = true;
        }
        await makeMoveDe(page, s.learner.action);
        assert.equal(await page.textContent('.lesson-right'), '✓ Gut gemacht: Genau das war gesucht.');
      }
      if (i === 2) {
        assert.match(await page.textContent('#lesson-strengths'), /^Stärke: Angreifer .* 2, Verteidiger .* 1 \(auf dem Spielbrett/);
      }
      await none('body', `step ${i + 1}`);
      if (i + 1 < lesson.steps.length) await page.keyboard.press('ArrowRight');
    }
    assert.ok(wrongDone, 'the lesson has a learner step');
    assert.equal(await page.textContent('[data-lcmd="finish"]'), 'Abschließen');
    await page.click('[data-lcmd="large"]');
    assert.equal(await page.textContent('#lessons [data-lcmd="large"]'), 'Große Schrift: an');
    await page.click('[data-lcmd="large"]');
    // "Show me" in another lesson says the move in German words.
    await page.click('[data-lcmd="finish"]');
    await page.click('[data-lcmd="open:01-basic-round"]');
    await page.waitForSelector('#lesson-say');
    while (!(await page.$('#lesson-show'))) await page.keyboard.press('ArrowRight');
    await page.click('#lesson-show');
    assert.equal(await page.textContent('#lesson-shown'), 'Gesucht war: einen Bergbauroboter auf D2 ansiedeln.');
    await none('body', 'after “Show me”');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('German: a lesson is written with its German beside the English, tried in German and exported with its translation', async () => {
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  try {
    const { page, errors } = await gotoLessons(context);
    const none = async (when) => assert.deepEqual(await englishLeft(page, catalogues, 'body'), [], when);
    await page.click('#author-new');
    await page.waitForSelector('body[data-screen="author"]');
    await none('the position');
    // The lesson's own texts are English; the German is written beside them.
    await page.fill('#author-title', 'My first lesson');
    await page.fill('#author-summary', 'Where a scientist goes.');
    await page.click('[data-cmd="author-lang:de"]');
    assert.equal(await page.inputValue('#author-title'), '');
    await page.fill('#author-title', 'Meine erste Lektion');
    await page.fill('#author-summary', 'Wohin ein Wissenschaftler kommt.');
    await page.click('[data-cmd="author-token:t"]');
    await clickCell(page, 'B6');
    await page.click('[data-cmd="author-token:P"]');
    await clickCell(page, 'C6');
    // A problem in the position is told in German.
    await page.fill('#author-header', 'players 2\nhand 1 settler 7\n');
    await page.click('[data-cmd="author-check"]');
    assert.match(await page.textContent('#author-message'), /^Die Stellung hat Probleme \(Zeile:Spalte im Setup-Text\): 2:1: eine Hand hält höchstens 6 Kolonisten/);
    await page.fill('#author-header', 'players 2\nactive 1\nhand 1 settler 2 scientist 2 merchant 1 mining 1\nhand 2 settler 2 scientist 2 merchant 1 mining 1\n');
    await page.click('#author-start');
    assert.equal(await page.$('#author-message'), null, await page.textContent('#author-message').catch(() => ''));
    await page.click('[data-cmd="author-pick:colonist:scientist"]');
    await clickCell(page, 'D6');
    await page.click('[data-cmd="author-learner"]');
    await page.fill('#step-say', 'Ein Wissenschaftler neben dem Anführer bringt ihm einen Punkt.');
    await page.fill('#step-hint', 'Sieh dir D6 an.');
    await page.click('[data-cmd="author-mark"]');
    await clickCell(page, 'D6');
    await page.click('[data-cmd="author-mark"]');
    await none('a recorded step, German texts');
    await page.screenshot({ path: join(artefacts, 'author-de.png') });
    // Without English narration the lesson is not ready, and says so in German.
    await page.click('[data-cmd="author-export"]');
    assert.match(await page.textContent('#author-message'), /^Noch nicht fertig: Schritt 1 hat noch keinen englischen Text/);
    await page.click('[data-cmd="author-lang:en"]');
    await page.fill('#step-say', 'A scientist beside the leader scores for it.');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="author-export"]')]);
    const file = join(artefacts, 'my-lesson-de.json');
    await download.saveAs(file);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    // Saved in the lesson format for every game (docs/lessons.md).
    assert.equal(written.version, 3);
    assert.equal(written.ruleset, 'star-tigris');
    assert.equal(written.title, 'My first lesson');
    assert.equal(written.steps[0].say, 'A scientist beside the leader scores for it.');
    assert.deepEqual(written.translations.de, {
      title: 'Meine erste Lektion',
      summary: 'Wohin ein Wissenschaftler kommt.',
      steps: [{ say: 'Ein Wissenschaftler neben dem Anführer bringt ihm einen Punkt.', hint: 'Sieh dir D6 an.' }],
    });
    // A reload keeps the German.
    await page.reload();
    await page.waitForSelector('body[data-screen="new"]');
    await page.goto(`${server.url}#lessons`);
    await listed(page);
    await page.click('#author-new');
    await page.click('[data-cmd="author-lang:de"]');
    assert.equal(await page.inputValue('#author-title'), 'Meine erste Lektion');
    assert.equal(await page.inputValue('#step-say'), 'Ein Wissenschaftler neben dem Anführer bringt ihm einen Punkt.');
    // Tried on this German page: the German shows; the English wrong-move
    // message (not translated) shows in English, marked so.
    await page.click('#author-try');
    await page.waitForSelector('#lesson-say');
    assert.equal(await page.textContent('#lessons-h'), 'Meine erste Lektion');
    assert.equal(await page.textContent('#lesson-say'), 'Ein Wissenschaftler neben dem Anführer bringt ihm einen Punkt.');
    await makeMove(page, 'colonize scientist D6');
    assert.equal(await page.textContent('.lesson-right'), '✓ Gut gemacht: Genau das war gesucht.');
    await none('the lesson written, tried');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('screenshots of a lesson in English and German at 1280×800 and 768×1024; German words fit', async () => {
  for (const locale of ['en-GB', 'de-DE']) {
    for (const viewport of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }]) {
      const context = await browser(viewport, { locale });
      try {
        const { page, errors } = await gotoLessons(context);
        const lang = locale.slice(0, 2);
        const size = `${viewport.width}x${viewport.height}`;
        await page.screenshot({ path: join(artefacts, `lessons-${lang}-${size}.png`) });
        await page.click('[data-lcmd="open:02-internal-conflict"]');
        await page.waitForSelector('#lesson-say');
        await page.keyboard.press('ArrowRight');
        // A wrong move: the message and the hint show.
        await page.click('[data-lcmd="piece:leader:merchant"]');
        await clickLessonCell(page, (await lessonTargets(page)).find((c) => c !== 'C2'));
        const over = await page.$$eval('#lessons button, #lessons h2, #lessons h3, #lessons p, #lessons li', (els) =>
          els.filter((e) => e.scrollWidth > e.clientWidth + 1)
            .map((e) => `${e.tagName} “${e.textContent.trim().slice(0, 40)}” ${e.scrollWidth}>${e.clientWidth}`));
        assert.deepEqual(over, [], `${locale} ${viewport.width}: overflowing`);
        await page.screenshot({ path: join(artefacts, `lesson-${lang}-${size}.png`) });
        await page.screenshot({ path: join(artefacts, `lesson-${lang}-${size}-full.png`), fullPage: true });
        assert.equal(errors.length, 0, errors.join('\n'));
      } finally {
        await context.close();
      }
    }
  }
});

/** Open the lesson writer on a position of the simultaneous variant (a
 * scientist colony on B6) and start recording. */
async function startVariantWriter(page) {
  await page.click('#author-new');
  await page.waitForSelector('body[data-screen="author"]');
  await page.fill('#author-title', 'Orders at once');
  await page.fill('#author-summary', 'Two players order in secret.');
  await page.click('[data-cmd="author-token:t"]');
  await clickCell(page, 'B6');
  const header = 'players 2\nturns simultaneous\nseed 9\nhand 1 settler 2 scientist 2 merchant 2\nhand 2 settler 2 scientist 2 merchant 2\n';
  await page.fill('#author-header', header);
  assert.equal(await page.inputValue('#author-header'), header);
  await page.click('#author-start');
  assert.equal(await page.$('#author-message'), null, await page.textContent('#author-message').catch(() => ''));
}

test('typing in the lesson writer goes on at the caret, and a selection stays selected, while the mouse crosses the board (each cell it enters redraws the panel)', async () => {
  const context = await browser({ width: 1024, height: 768 });
  try {
    const { page, errors } = await gotoLessons(context);
    await page.click('#author-new');
    await page.waitForSelector('body[data-screen="author"]');
    const board = await page.$eval('#board', (el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy };
    });
    // The mouse enters three cells, one after another: three redraws.
    const cross = async () => {
      for (const [col, row] of [[1, 1], [2, 1], [2, 2]]) {
        await page.mouse.move(board.x + board.ox + (col + 0.5) * board.cell, board.y + board.oy + (row + 0.5) * board.cell);
      }
    };
    for (const id of ['#author-title', '#author-header']) {
      await page.fill(id, '');
      await page.keyboard.type('players 2');
      await cross();
      await page.keyboard.type(' and more');
      assert.equal(await page.inputValue(id), 'players 2 and more', id);
      // Select "2 and": crossing the board keeps it selected, so typing replaces it.
      await page.$eval(id, (f) => f.setSelectionRange(8, 13));
      await cross();
      assert.deepEqual(await page.$eval(id, (f) => [document.activeElement === f, f.selectionStart, f.selectionEnd]), [true, 8, 13], id);
      await page.keyboard.type('3 or');
      assert.equal(await page.inputValue(id), 'players 3 or more', id);
    }
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('the lesson writer records a position of the simultaneous variant: each player\'s secret orders, chosen by player', async () => {
  const context = await browser({ width: 1280, height: 800 });
  try {
    const { page, errors } = await gotoLessons(context);
    await startVariantWriter(page);
    // Both decide at once: the writer chooses whose orders to record.
    assert.match(await page.textContent('#author-deciding'), /Several players give orders at once/);
    assert.equal(await page.getAttribute('[data-cmd="author-player:1"]', 'aria-pressed'), 'true');
    await page.click('[data-cmd="author-player:2"]');
    assert.equal(await page.getAttribute('[data-cmd="author-player:2"]', 'aria-pressed'), 'true');
    assert.match(await page.textContent('#author'), /Player 2 to act/);
    await page.click('[data-cmd="author-pick:colonist:settler"]');
    await clickCell(page, 'C6');
    await page.fill('#step-say', 'Player 2 orders a settler on C6, in secret.');
    await page.click('#author [data-cmd^="author-act:"]:has-text("Pass")');
    await page.fill('#step-say', 'Player 2 seals.');
    // Only player 1 is left to decide: no choice shown.
    assert.equal(await page.$('#author-deciding'), null);
    assert.match(await page.textContent('#author'), /Player 1 to act/);
    await page.click('#author [data-cmd^="author-act:"]:has-text("Pass")');
    await page.fill('#step-say', 'Player 1 seals; the orders are carried out.');
    const steps = await page.textContent('#author-steps');
    assert.match(steps, /Player 2: .*C6/s);
    await page.screenshot({ path: join(artefacts, 'author-simultaneous.png') });
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-cmd="author-export"]')]);
    const file = join(artefacts, 'orders-at-once.json');
    await download.saveAs(file);
    const written = JSON.parse(readFileSync(file, 'utf8'));
    assert.ok(written.position.join('\n').includes('turns simultaneous'), JSON.stringify(written.position));
    assert.deepEqual(written.steps.map((s) => s.play?.seat), ['2', '2', '1']);
    assert.equal(written.steps[0].play.action, 'colonize settler C6');
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await context.close();
  }
});

test('the variant\'s "whose orders" choice in the lesson writer: by keyboard only with axe at 768 pixels, and by touch on a 390x844 phone', async () => {
  const tablet = await browser({ width: 768, height: 1024 });
  try {
    const { page, errors } = await gotoLessons(tablet);
    await startVariantWriter(page);
    assert.deepEqual(await axeViolations(page), []);
    // Tab to player 2's button, Enter chooses; Tab on to "Pass", Enter records it.
    const tabTo = async (cmd) => {
      for (let i = 0; i < 300; i++) {
        if (await page.evaluate((c) => document.activeElement?.dataset?.cmd === c, cmd)) return;
        await page.keyboard.press('Tab');
      }
      assert.fail(`Tab never reached ${cmd}`);
    };
    await page.evaluate(() => document.activeElement?.blur());
    await tabTo('author-player:2');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('[data-cmd="author-player:2"]', 'aria-pressed'), 'true');
    assert.match(await page.textContent('#author'), /Player 2 to act/);
    const pass = await page.$eval('#author [data-cmd^="author-act:"]', (b) => [...b.parentElement.querySelectorAll('[data-cmd^="author-act:"]')].find((x) => x.textContent.trim() === 'Pass').dataset.cmd);
    await tabTo(pass);
    await page.keyboard.press('Enter');
    assert.match(await page.textContent('#author-steps'), /Player 2: pass/);
    assert.equal(await page.$('#author-deciding'), null);
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: join(artefacts, 'author-simultaneous-768.png'), fullPage: true });
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await tablet.close();
  }
  const phone = await browser({ width: 390, height: 844 }, { hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  try {
    const { page, errors } = await gotoLessons(phone);
    await startVariantWriter(page);
    await page.tap('[data-cmd="author-player:2"]');
    assert.equal(await page.getAttribute('[data-cmd="author-player:2"]', 'aria-pressed'), 'true');
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(sideways <= 0, `the page scrolls sideways by ${sideways} px`);
    await page.locator('#author-deciding').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artefacts, 'author-simultaneous-phone.png') });
    assert.equal(errors.length, 0, errors.join('\n'));
  } finally {
    await phone.close();
  }
});

