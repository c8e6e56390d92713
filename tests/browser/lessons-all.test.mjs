// The lessons of every game from the page kit (issue 39): for each wired
// ruleset a learner goes through one lesson by keyboard and one by touch
// at 390 px, making a wrong move first at every step that is theirs,
// reading the hint and the "that is not it", then finishing (kept as
// finished in the list); German lessons leave no English on screen; axe
// finds nothing on a lesson screen; a damaged lesson link or file is
// refused in plain words naming the step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { serve, browser, root, axeViolations, englishLeft } from './harness.mjs';

let site;
before(async () => { site = await serve(); });
after(() => site.close());

const lesson = (ruleset, name) => JSON.parse(readFileSync(join(root, 'lessons', ruleset, `${name}.json`), 'utf8'));
const pack = (text) => deflateRawSync(Buffer.from(text), { level: 9 }).toString('base64url');

/** What each wired page needs: the lessons walked by keyboard and by
 * touch, its catalogues, and how a learner's action is made: the label of
 * its button (in the page's language) and, for an action made at a place
 * of the board, the place's centre on the lesson's canvas. */
const games = {
  vector: {
    keyboard: '01-directions-and-magnitudes',
    touch: '02-points-squares',
    words: ['en.txt', 'vector/en.txt'],
    dirs: { N: ['north', 'Norden'], NE: ['north-east', 'Nordosten'], E: ['east', 'Osten'], SE: ['south-east', 'Südosten'], S: ['south', 'Süden'], SW: ['south-west', 'Südwesten'], W: ['west', 'Westen'], NW: ['north-west', 'Nordwesten'] },
    /** The button of an action ("DIRECTION: E", "MAGNITUDE: 2"). */
    label(action, de) {
      const [kind, arg] = action.split(':').map((s) => s.trim());
      if (kind === 'DIRECTION') return de ? `Richtung: ${this.dirs[arg][1]}` : `Direction: ${this.dirs[arg][0]}`;
      return de ? `Weite ${arg}` : `Magnitude ${arg}`;
    },
    place: () => null,
  },
  domains: {
    keyboard: '05-bubbles',
    touch: '01-units-painting-score',
    words: ['en.txt', 'domains/en.txt'],
    dirs: { up: ['up', 'nach oben'], down: ['down', 'nach unten'], left: ['left', 'nach links'], right: ['right', 'nach rechts'], 'up-left': ['up left', 'nach links oben'], 'up-right': ['up right', 'nach rechts oben'], 'down-left': ['down left', 'nach links unten'], 'down-right': ['down right', 'nach rechts unten'] },
    /** The button of an order ("move 0 left", "attack 0 up", "ability 0"). */
    label(action, de) {
      const [verb, unit, dir] = action.split(' ');
      const order = verb === 'ability' ? (de ? 'ihre Fähigkeit einsetzen' : 'use its ability')
        : verb === 'move' ? (de ? `${this.dirs[dir][1]} ziehen` : `move ${this.dirs[dir][0]}`)
          : (de ? `${this.dirs[dir][1]} angreifen` : `attack ${this.dirs[dir][0]}`);
      return de ? `Einheit ${unit}: ${order}` : `Unit ${unit}: ${order}`;
    },
    /** The square of the unit given the order at step k: where the
     * lesson's facts last put it. */
    place(l, k) {
      const unit = l.steps[k].learner.action.split(' ')[1];
      for (let i = k - 1; i >= 0; i--) {
        const at = l.steps[i].expect?.unit_at?.[unit];
        if (at) return at;
      }
      assert.fail(`no unit_at for unit ${unit} before step ${k + 1}`);
    },
    /** Where the unit's square is on the lesson's board (CSS pixels). */
    async centre(page, l, k) {
      const s = Number(await page.getAttribute('#lesson-board', 'data-cell'));
      const [r, c] = this.place(l, k).split(',').map(Number);
      return { x: (c + 0.5) * s, y: (r + 0.5) * s };
    },
  },
  'star-tigris': {
    keyboard: '02-internal-conflict',
    touch: '01-basic-round',
    words: ['en.txt', 'star-tigris/en.txt', 'star-tigris-editor/en.txt', 'star-tigris-lessons/en.txt'],
    kinds: { merchant: ['merchant', 'Handels'], mining: ['mining robot', 'Bergbauroboter'], settler: ['settler', 'Siedler'], scientist: ['scientist', 'Wissenschaft'] },
    /** Every learner's move in these lessons is made at a cell (the last
     * word of its action: `place merchant C2`, `colonize mining D2`);
     * among the moves offered there, the lesson's names its piece. */
    label(action, de) {
      const [verb, kind, cell] = action.split(' ');
      const word = this.kinds[kind][de ? 1 : 0];
      const what = verb === 'place' ? (de ? `den ${word}` : `the ${word}`) : word;
      return new RegExp(`${what}.* ${cell}`, 'i');
    },
    place(l, k) {
      return l.steps[k].learner.action.split(' ').pop();
    },
    /** The cell's centre on the lesson's board (CSS pixels). */
    async centre(page, l, k) {
      const c = await page.$eval('#lesson-board', (el) => ({ cell: +el.dataset.cell, ox: +el.dataset.ox, oy: +el.dataset.oy }));
      const m = /^([A-Z])(\d+)$/.exec(this.place(l, k));
      return { x: c.ox + (m[1].charCodeAt(0) - 65 + 0.5) * c.cell, y: c.oy + (Number(m[2]) - 1 + 0.5) * c.cell };
    },
  },
  catan: {
    keyboard: '02-roads-settlements-cities',
    touch: '08-barbarians-pillage',
    words: ['en.txt', 'catan/en.txt'],
    /** Every learner's move in these lessons is made at a place, the one
     * the step highlights; where a place offers several, the lesson's is
     * the one naming its piece (a pattern, not the whole label). */
    pieces: { Settlement: ['settlement', 'Siedlung'], City: ['city(?! wall)', 'Stadt(?!mauer)'], Road: ['road', 'Straße'], Knight: ['knight', 'Ritter'] },
    label(action, de) {
      const piece = action.split(' ')[1];
      const words = this.pieces[piece];
      return words ? new RegExp(`\\b${words[de ? 1 : 0]}`, 'i') : null;
    },
    /** The place of a move made on the board: the last word of its
     * action (`BUILD City 24:SE`), one of the step's highlights. */
    place(l, k) {
      const p = l.steps[k].learner.action.split(' ').pop();
      return (l.steps[k].highlight ?? []).find((h) => h === p || h.endsWith(` ${p}`)) ?? null;
    },
    async centre(page, l, k) {
      const i = l.steps[k].highlight.indexOf(this.place(l, k));
      const [x, y] = (await page.getAttribute('#lesson-board', 'data-highlight')).split(' ')[i].split(',').map(Number);
      return { x, y };
    },
  },
};

/** Press Tab (Shift+Tab with `back`) until the focus is on `selector`
 * (at most 80 presses), then Enter (unless `enter` is false). `selector`
 * is CSS, or `{ css, text }`: the element matching css with exactly that
 * text. */
async function tabTo(page, selector, { enter = true, back = false } = {}) {
  const { css, text } = typeof selector === 'string' ? { css: selector, text: null } : selector;
  for (let i = 0; i < 80; i++) {
    const here = await page.evaluate(([c, t]) => {
      const a = document.activeElement;
      return !!a && a.matches(c) && (t === null || a.textContent === t);
    }, [css, text]);
    if (here) {
      if (enter) await page.keyboard.press('Enter');
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  assert.fail(`Tab never reached ${selector}`);
}

/** The button with exactly this text among the lesson's move buttons. */
const moveButton = (label) => ({ css: '#lessons .lesson-actions button', text: label });
const asPlaywright = (sel) => typeof sel === 'string' ? sel : `${sel.css}:text-is("${sel.text}")`;

/** A wrong action for the step: another of the buttons offered. */
async function wrongButton(page, right) {
  const labels = await page.$$eval('#lessons .lesson-actions button', (bs) => bs.map((b) => b.textContent));
  return labels.find((l) => l !== right);
}

/** A lesson text as a pattern of what the page shows: each place written
 * {{…}} in the file stands for the board's name of it. */
function shownAs(text) {
  return new RegExp(text.split(/\{\{[^}]*\}\}/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(?!.*\\{\\{).+?'));
}

/** Walk the whole lesson `name` of `game`: keyboard (Tab and Enter) or
 * touch (taps). At each learner's step a wrong move first. */
async function walk(page, ruleset, name, how, de = false) {
  const g = games[ruleset];
  const l = lesson(ruleset, name);
  const tr = l.translations.de.steps;
  const press = how === 'keyboard'
    ? (sel) => tabTo(page, sel)
    : (sel) => page.tap(asPlaywright(sel));
  await page.waitForSelector('#lesson-say');
  for (let k = 0; k < l.steps.length; k++) {
    const step = l.steps[k];
    const say = de ? tr[k].say : step.say;
    // Places written {{…}} in the file show as the board names them.
    const shown = await page.textContent('#lesson-say');
    assert.ok(!shown.includes('{{'), `${name} step ${k + 1}: a place left unnamed: ${shown}`);
    const pattern = say.split(/\{\{[^}]*\}\}/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+?');
    assert.match(shown, new RegExp(`^${pattern}$`), `${name} step ${k + 1}: the narration`);
    assert.match(await page.textContent('.lesson-step'), new RegExp(`${k + 1}\\D+${l.steps.length}`));
    if (step.learner && g.place(l, k)) {
      // A move made at a place of the board: first another place is
      // picked (refused), then the lesson's, and among the moves offered
      // there (if more than one) the lesson's.
      const target = await g.centre(page, l, k);
      const near = (at) => !!at && Math.hypot(at.x - target.x, at.y - target.y) < 1.5;
      const cursorAt = async () => {
        const a = await page.getAttribute('#lesson-board', 'data-cursor-at');
        if (!a) return null;
        const [x, y] = a.split(',').map(Number);
        return { x, y };
      };
      const pick = async (right) => {
        if (how === 'keyboard') {
          await tabTo(page, '#lesson-board', { enter: false, back: true });
          let i = 0;
          for (; i < 400; i++) {
            const at = await cursorAt();
            if (at && near(at) === right) break;
            await page.keyboard.press('ArrowRight');
          }
          assert.ok(i < 400, `the keyboard reaches the place (${right ? 'right' : 'wrong'})`);
          await page.keyboard.press('Enter');
        } else {
          await page.tap('#lesson-board', { position: right ? target : { x: 3, y: 3 } });
        }
        await page.waitForSelector('#lesson-choices, #lesson-wrong, .lesson-right');
      };
      await pick(false);
      if (await page.$('#lesson-choices')) await press({ css: '#lesson-choices button', text: await page.textContent('#lesson-choices button') });
      await page.waitForSelector('#lesson-wrong');
      assert.match(await page.textContent('#lesson-wrong'), new RegExp(`^✗ ${shownAs(de ? tr[k].wrong : step.learner.wrong).source}$`));
      assert.match(await page.textContent('#lesson-hint'), shownAs(de ? tr[k].hint : step.learner.hint), 'the hint is shown');
      await pick(true);
      if (await page.$('#lesson-choices')) {
        const label = g.label(step.learner.action, de);
        const offered = await page.$$eval('#lesson-choices button', (bs) => bs.map((b) => b.textContent));
        const right = offered.find((o) => (typeof label === 'string' ? o === label : label?.test(o)));
        assert.ok(right, `${name} step ${k + 1}: ${label} is offered (${offered})`);
        await press({ css: '#lesson-choices button', text: right });
      }
      await page.waitForSelector('.lesson-right', { timeout: 5000 }).catch(async (e) => {
        assert.fail(`${name} step ${k + 1}: the move was not taken: ${await page.textContent('#lessons')}`);
      });
    } else if (step.learner) {
      const right = g.label(step.learner.action, de);
      const wrong = await wrongButton(page, right);
      assert.ok(wrong, `${name} step ${k + 1}: another move is offered`);
      assert.equal(await page.isDisabled('[data-lcmd="next"]'), true, 'Next waits for the move');
      await press(moveButton(wrong));
      await page.waitForSelector('#lesson-wrong');
      assert.match(await page.textContent('#lesson-wrong'), new RegExp(`^✗ ${shownAs(de ? tr[k].wrong : step.learner.wrong).source}$`));
      assert.match(await page.textContent('#lesson-hint'), shownAs(de ? tr[k].hint : step.learner.hint), 'the hint is shown');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'lesson-wrong', 'the refusal has the focus');
      await press(moveButton(right));
      await page.waitForSelector('.lesson-right');
      assert.equal(await page.$('#lesson-wrong'), null);
    }
    if (k + 1 < l.steps.length) {
      await press('[data-lcmd="next"]');
      await page.waitForFunction((n) => document.querySelector('.lesson-step')?.textContent.includes(String(n)), k + 2);
    }
  }
  await press('[data-lcmd="finish"]');
  await page.waitForSelector('#lessons .lessons-items');
}

for (const ruleset of Object.keys(games)) {
  const g = games[ruleset];

  test(`${ruleset}: a learner goes through a lesson by keyboard, making a wrong move first, and finishes it`, async () => {
    const ctx = await browser({ width: 1280, height: 900 });
    const page = ctx.pages()[0];
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.home}${ruleset}.html#lessons`);
    await page.waitForSelector(`#lessons [data-lcmd="open:${g.keyboard}"]`);
    assert.equal(await page.isVisible('body > main:not(#lessons)'), false, 'the game is out of the way');
    await page.focus('#lessons-h');
    await tabTo(page, `[data-lcmd="open:${g.keyboard}"]`);
    await walk(page, ruleset, g.keyboard, 'keyboard');
    await page.waitForSelector(`[data-lcmd="open:${g.keyboard}"] + .lesson-done`);
    assert.match(await page.textContent('#lessons-progress'), /^1 of \d+ lessons finished/);
    // Kept in the browser: still finished after a reload.
    await page.reload();
    await page.waitForSelector(`[data-lcmd="open:${g.keyboard}"] + .lesson-done`);
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${ruleset}: a learner goes through a lesson by touch at 390 px, in German, and no English is left on screen`, async () => {
    const ctx = await browser({ width: 390, height: 844 }, { hasTouch: true, isMobile: true, locale: 'de-DE' });
    const page = ctx.pages()[0];
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${site.home}${ruleset}.html#lessons/${g.touch}`);
    await page.waitForSelector('#lesson-say');
    assert.equal(await page.textContent('#lessons h2'), lesson(ruleset, g.touch).translations.de.title);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= 390, `nothing wider than the phone (${wide} px)`);
    assert.deepEqual(await englishLeft(page, g.words, '#lessons'), []);
    await walk(page, ruleset, g.touch, 'touch', true);
    assert.deepEqual(await englishLeft(page, g.words, '#lessons'), [], 'the list in German');
    assert.deepEqual(errors, []);
    await ctx.close();
  });

  test(`${ruleset}: axe finds nothing on a lesson screen, a wrong move and its hint showing`, async () => {
    const ctx = await browser({ width: 1280, height: 900 });
    const page = ctx.pages()[0];
    const l = lesson(ruleset, g.keyboard);
    const k = l.steps.findIndex((s) => s.learner);
    await page.goto(`${site.home}${ruleset}.html#lessons/${g.keyboard}`);
    await page.waitForSelector('#lesson-say');
    for (let i = 0; i < k; i++) await page.click('[data-lcmd="next"]');
    const right = g.label(l.steps[k].learner.action, false);
    if (g.place(l, k)) {
      if (ruleset === 'domains') {
        await page.click('#lesson-board', { position: await g.centre(page, l, k) });
        await page.waitForSelector('#lesson-choices');
        assert.deepEqual(await axeViolations(page), [], 'axe with the moves at a place offered');
      }
      await page.click('#lesson-board', { position: { x: 3, y: 3 } });
    } else {
      await page.click(asPlaywright(moveButton(await wrongButton(page, right))));
    }
    await page.waitForSelector('#lesson-hint');
    assert.deepEqual(await axeViolations(page), []);
    await page.screenshot({ path: join(root, 'tests', 'browser', 'artefacts', `lessons-${ruleset}-wrong.png`) });
    await page.click('[data-lcmd="list"]');
    await page.waitForSelector('#lessons .lessons-items li button');
    assert.deepEqual(await axeViolations(page), [], 'axe on the list');
    await ctx.close();
  });

  test(`${ruleset}: a damaged lesson link and a damaged lesson file are refused in plain words naming the step`, async () => {
    const ctx = await browser({ width: 1280, height: 900 });
    const page = ctx.pages()[0];
    const l = lesson(ruleset, g.keyboard);
    const k = l.steps.findIndex((s) => s.learner);
    const damaged = structuredClone(l);
    damaged.steps[k].learner.action = 'NO SUCH MOVE';
    await page.goto(`${site.home}${ruleset}.html#lesson=${pack(JSON.stringify(damaged))}`);
    await page.waitForSelector('#lesson-error');
    const said = await page.textContent('#lesson-error');
    assert.ok(said.startsWith('This lesson cannot be taught: step '), said);
    assert.ok(said.includes(`step ${k + 1}:`) && said.includes('NO SUCH MOVE'), said);
    assert.doesNotMatch(said, /Err\(|panicked|serde|\.rs\b/);
    // A link cut short.
    await page.goto(`${site.home}${ruleset}.html#lesson=${pack(JSON.stringify(l)).slice(0, 40)}`);
    await page.waitForFunction(() => document.querySelector('#lesson-error')?.textContent.includes('cannot be taught'));
    // A file whose fact is wrong at a step.
    const wrongFact = structuredClone(l);
    wrongFact.steps[0].expect = { ...(wrongFact.steps[0].expect ?? {}), to_move: 'nobody' };
    await page.goto(`${site.home}${ruleset}.html#lessons`);
    await page.waitForSelector(`[data-lcmd="open:${g.keyboard}"]`);
    await page.waitForSelector('#lesson-error', { state: 'detached' });
    await page.setInputFiles('#lesson-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(wrongFact)) });
    await page.waitForSelector('#lesson-error');
    const file = await page.textContent('#lesson-error');
    assert.ok(file.includes('step 1:'), file);
    // The same file undamaged opens.
    await page.setInputFiles('#lesson-file', { name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(l)) });
    await page.waitForSelector('#lesson-say');
    await ctx.close();
  });
}

// A teacher's replay: a record with notes shows each when the replay
// reaches its move; a note written at the move shown is kept in the
// record and goes with its link.
test('catan: a record with a teacher\'s notes replays them, and a note written in the replay goes with its link', async () => {
  const record = JSON.parse(readFileSync(join(root, 'tests', 'fixtures', 'catan', 'server-game.json'), 'utf8'));
  record.notes = { 0: 'Watch where each player sets up.', 3: 'The third placement: a harbour corner.' };
  const ctx = await browser({ width: 1280, height: 900 });
  const page = ctx.pages()[0];
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(site.home + 'catan.html');
  await page.waitForSelector('body[data-state="ready"]');
  await page.click('[data-cmd="game-new"]');
  await page.setInputFiles('#ng-open', { name: 'noted.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  await page.waitForSelector('body[data-mode="replay"]');
  assert.equal(await page.textContent('#note-shown'), 'Watch where each player sets up.');
  assert.match(await page.textContent('#teacher-note h3'), /before the first move/);
  await page.focus('#board');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.$('#note-shown'), null, 'no note at move 1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.inputValue('#replay-pos'), '3');
  assert.equal(await page.textContent('#note-shown'), 'The third placement: a harbour corner.');
  // Write a note at move 5, by keyboard.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.click('[data-cmd="note-write"]');
  await page.fill('#note-text', 'Here the second round of placements begins.');
  await page.click('[data-cmd="note-save"]');
  await page.waitForSelector('#note-shown');
  assert.equal(await page.textContent('#note-shown'), 'Here the second round of placements begins.');
  // A note too long is refused in plain words, the record unchanged.
  await page.click('[data-cmd="note-write"]');
  await page.$eval('#note-text', (t) => { t.removeAttribute('maxlength'); t.value = 'x'.repeat(2001); });
  await page.click('[data-cmd="note-save"]');
  assert.match(await page.textContent('.note-error'), /2001 characters, and at most 2000/);
  await page.click('[data-cmd="note-cancel"]');
  assert.equal(await page.textContent('#note-shown'), 'Here the second round of placements begins.');
  // The link carries the notes: opened elsewhere, the notes are there.
  await page.click('#replay-link');
  const link = await page.inputValue('#replay-link-out');
  const other = await ctx.newPage();
  await other.goto(link);
  await other.waitForSelector('body[data-mode="replay"]');
  assert.equal(await other.textContent('#note-shown'), 'Watch where each player sets up.');
  await other.focus('#board');
  for (let i = 0; i < 5; i++) await other.keyboard.press('ArrowRight');
  assert.equal(await other.textContent('#note-shown'), 'Here the second round of placements begins.');
  assert.deepEqual(await axeViolations(other), []);
  assert.deepEqual(errors, []);
  await ctx.close();
});
