// What each page's play module leaves to its whole module (page kit,
// on_demand): the screens loaded on demand — online play and the lessons —
// must not be in the WebAssembly a visitor downloads to play against the
// AI. A call to them that the optimiser cannot prove unreachable (a click
// or key handler that does not ask `on_demand::HERE` first) puts the whole
// screen back into the play module; twice it went unnoticed until the
// page weights were measured. Each screen is found by an element id that
// only its code writes (the page's words are not searched: three pages
// carry their catalogues, every key included, in both modules). Reads
// dist/ as scripts/build-web.sh built it; no browser needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { dist } from './harness.mjs';

/** Element ids only each on-demand screen's code writes. */
const screens = {
  'online play (page kit online::view)': 'online-room-link',
  'the lessons (page kit lesson_screen)': 'lessons-items',
};

/** An element id only a page's map editor writes, where the page opens
 * on its game (issue 40: Catan's editor left the play module). */
const editors = {
  catan: 'problems-summary',
};

const games = ['star-tigris', 'domains', 'catan', 'vector'];

for (const game of games) {
  test(`${game}: the play module holds neither online play nor the lessons (nor a map editor where listed), and the whole module holds them`, () => {
    const files = readdirSync(dist);
    const wasm = (name) => {
      const f = files.find((x) => x === `${name}_bg.wasm`);
      assert.ok(f, `${name}_bg.wasm is in dist (run scripts/build-web.sh)`);
      return readFileSync(join(dist, f));
    };
    const play = wasm(`tabula-${game}-page`);
    const whole = wasm(`tabula-${game}-full`);
    for (const [screen, id] of Object.entries(screens)) {
      assert.equal(play.includes(id), false, `${game}'s play module holds ${screen}`);
      assert.equal(whole.includes(id), true, `${game}'s whole module lacks ${screen}`);
    }
    if (editors[game]) {
      assert.equal(play.includes(editors[game]), false, `${game}'s play module holds the map editor`);
      assert.equal(whole.includes(editors[game]), true, `${game}'s whole module lacks the map editor`);
    }
  });
}
