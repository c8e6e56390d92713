// Lessons in a real headless Chromium: a learner goes through the
// internal-conflict lesson, makes a wrong move, sees the hint, completes
// it; the rules page draws a board per lesson; a lesson is written in the
// page and tried; "Why?" in an ordinary game names the rule.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { serve, browser, open, newGame, ready, targets, clickCell, pixel, root, artefacts } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

const lessonDir = join(root, 'lessons', 'star-tigris');
const step = async (page) => +(await page.getAttribute('#lesson-step', 'data-step'));

/** Make the learner's move given as action text (`place merchant C2`, `commit 3`). */
async function makeMove(page, text) {
  const [verb, a, b] = text.split(' ');
  const pick = { colonize: 'colonist', place: 'leader', move: 'leader' }[verb];
  if (pick) {
    await page.click(`[data-cmd="lesson-pick:${pick}:${a}"]`);
    assert.ok((await targets(page)).includes(b), `${b} is a target`);
    await clickCell(page, b);
  } else if (verb === 'destroy') {
    await page.click('[data-cmd="lesson-pick:bomber"]');
    await clickCell(page, a);
  } else if (verb === 'take') {
    await clickCell(page, a);
  } else {
    const label = { commit: `Commit ${a}`, pass: 'Pass' }[verb];
    await page.click(`#your-move button:text-is("${label}")`);
  }
}

test('a learner goes through the internal-conflict lesson: a wrong move, the hint, then to the end', async () => {
  const context = await browser();
  try {
    const { page, errors } = await open(context, server.url);
    const lesson = JSON.parse(readFileSync(join(lessonDir, '02-internal-conflict.json'), 'utf8'));
    await page.click('#open-lessons');
    await page.waitForSelector('body[data-screen="lessons"]');
    const listed = await page.$$eval('#lesson-list .lesson-card', (els) => els.length);
    assert.equal(listed, readdirSync(lessonDir).filter((f) => f.endsWith('.json')).length);
    await page.click('[data-cmd="lesson:02-internal-conflict"]');
    await page.waitForSelector('body[data-screen="lesson"]');
    assert.equal(await page.textContent('#lesson-title'), lesson.title);
    let wrongDone = false;
    for (let i = 0; i < lesson.steps.length; i++) {
      assert.equal(await step(page), i + 1);
      const s = lesson.steps[i];
      assert.equal(await page.textContent('#narration'), s.say);
      if (s.learner) {
        assert.ok(await page.isDisabled('#lesson-next'), 'Next waits for the learner');
        if (!wrongDone) {
          // A legal move that is not the lesson's: the same piece elsewhere.
          const [verb, kind, cell] = s.learner.action.split(' ');
          await page.click(`[data-cmd="lesson-pick:${verb === 'colonize' ? 'colonist' : 'leader'}:${kind}"]`);
          const other = (await targets(page)).find((c) => c !== cell);
          await clickCell(page, other);
          assert.equal(await page.textContent('#lesson-message'), s.learner.wrong);
          assert.equal(await page.textContent('#lesson-hint'), s.learner.hint);
          assert.ok(await page.isDisabled('#lesson-next'));
          await page.screenshot({ path: join(artefacts, 'lesson-hint.png') });
          wrongDone = true;
        }
        await makeMove(page, s.learner.action);
        assert.match(await page.textContent('#lesson-message'), /Well done/);
      }
      if (i === 2) {
        // The example's stated strengths before reinforcements: 2 and 1.
        assert.match(await page.textContent('#lesson-strengths'), /attacker .* 2, defender .* 1/);
      }
      if (i + 1 < lesson.steps.length) await page.keyboard.press('ArrowRight');
    }
    assert.ok(wrongDone, 'the lesson has a learner step');
    assert.ok(await page.$('#lesson-done'), 'the last step offers the other lessons');
    // Back and forth keeps what was done.
    await page.keyboard.press('ArrowLeft');
    assert.equal(await step(page), lesson.steps.length - 1);
    await page.click('[data-cmd="large-text"]');
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
    await page.click('#open-rules');
    await page.waitForSelector('body[data-screen="rules"]');
    const n = readdirSync(lessonDir).filter((f) => f.endsWith('.json')).length;
    const drawn = await page.$$eval('canvas.rule-board', (cs) => cs.map((c) => {
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let coloured = 0;
      for (let i = 0; i < d.length; i += 16) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) coloured++;
      return coloured;
    }));
    assert.equal(drawn.length, n);
    assert.ok(drawn.every((c) => c > 50), `every board is drawn: ${drawn}`);
    await page.screenshot({ path: join(artefacts, 'rules.png'), fullPage: true });
    await page.click('.rule-card [data-cmd="lesson:01-basic-round"]');
    await page.waitForSelector('body[data-screen="lesson"]');
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
    await page.click('#author-new');
    assert.equal(await page.inputValue('#author-title'), 'My first lesson');
    assert.equal(await page.$$eval('#author-steps li', (els) => els.length), 1);
    assert.equal(await page.inputValue('#step-say'), 'A scientist beside the leader scores for it.');
    await page.click('#author-try');
    await page.waitForSelector('body[data-screen="lesson"]');
    await makeMove(page, 'colonize scientist D6');
    assert.match(await page.textContent('#lesson-message'), /Well done/);
    // A lesson link opens the lesson.
    const data = deflateRawSync(readFileSync(file), { level: 9 }).toString('base64url');
    await page.goto(`${server.url}#lesson=${data}`);
    await page.waitForFunction(() => document.querySelector('#lesson-title')?.textContent === 'My first lesson');
    await page.goto(`${server.url}#lesson=${data.slice(0, 20)}`);
    await page.waitForFunction(() => /damaged/.test(document.querySelector('#lesson-error')?.textContent ?? ''));
    // The exported file opens from the list of lessons (open after the bad link).
    await page.setInputFiles('#lesson-file', file);
    await page.waitForFunction(() => document.querySelector('#lesson-title')?.textContent === 'My first lesson');
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
