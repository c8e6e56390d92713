// Helpers of the online-play browser tests: `tabula serve --site` under a
// guard (killed when the test file ends, also when a test fails), pages
// that keep every WebSocket frame they receive, and small readers of the
// online screen.
import { after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, dist, scratchDir } from './harness.mjs';

const tabula = join(root, 'target', 'release', 'tabula');

/** Start `tabula serve --site dist` on a free port (with `more` flags,
 * e.g. `['--catan-port', '0']`); killed when the test file ends, also
 * when a test fails. */
export async function startServer({ rooms = scratchDir('tabula-online-rooms-'), port = 0, more = [] } = {}) {
  assert.ok(existsSync(tabula), 'build it first: cargo build --release -p tabula-cli --bin tabula');
  const proc = spawn(tabula, ['serve', '--site', dist, '--rooms', rooms, '--host', '127.0.0.1', '--port', String(port), ...more], { stdio: ['ignore', 'pipe', 'pipe'] });
  after(() => proc.kill('SIGKILL'));
  const bound = await new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on [^:\s]+:(\d+)/);
      if (m) resolve(Number(m[1]));
    });
    proc.stderr.on('data', (d) => { out += d; });
    proc.on('exit', (code) => reject(new Error(`tabula serve ended (${code}): ${out}`)));
    setTimeout(() => reject(new Error(`tabula serve did not start: ${out}`)), 20000);
  });
  return { base: `http://127.0.0.1:${bound}/`, proc, rooms, port: bound };
}

/** Open a page and keep its console errors and every WebSocket frame it receives. */
export async function openPage(context, url) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  const frames = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('websocket', (ws) => ws.on('framereceived', (f) => {
    try { frames.push(JSON.parse(f.payload)); } catch { /* not JSON */ }
  }));
  await page.goto(url);
  // The page's code has run (Vector marks it ready; Star Tigris shows a screen).
  await page.waitForSelector('body[data-state="ready"], body[data-screen="new"], #online');
  return { page, errors, frames };
}

/** Click the first action this page may take now, if any; true if one was clicked. */
export async function actIfAble(page) {
  const b = await page.$('#online-game [data-online-act]:not([disabled])');
  if (!b) return false;
  await b.click();
  return true;
}

/** The seat names' `you` marker: which seat this page holds. */
export const mySeat = (page) => page.$$eval('#online-seats li', (lis) => lis.findIndex((li) => / · (you|du)$| · (you|du) · /.test(li.textContent)));

/** The newest state frame a page received. */
export const lastState = (frames) => [...frames].reverse().find((f) => f.type === 'state');
