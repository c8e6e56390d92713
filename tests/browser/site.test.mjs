// The site as a whole, in a real headless Chromium: the home page and its
// ways into each game, "Continue" for a kept game, links shared before each
// game had its own page, and the whole site working offline after one
// visit (the service worker), replaced by a new build on the next visit.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync, deflateRawSync } from 'node:zlib';
import { serve, browser, newGame, ready, screen, root, artefacts, dist, scratchDir, pickLanguage } from './harness.mjs';

let server;
before(async () => { server = await serve(); });
after(() => server.close());

/** A page with its errors collected. */
async function blank(context) {
  const page = context.pages()[0] ?? await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { page, errors };
}

/** Wait until the site's service worker controls the page (all kept). */
async function offlineReady(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 60000 });
  // The install step has stored every file of the site by now.
  const kept = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith('tabula-')));
    return (await cache.keys()).map((r) => new URL(r.url).pathname.split('/').pop());
  });
  return kept;
}

test('the home page lists the games with a picture and their ways in; it loads no game code and weighs under 60 KB gzipped', async () => {
  const context = await browser();
  const { page, errors } = await blank(context);
  await page.goto(server.home);
  const games = await page.$$eval('.game', (gs) => gs.map((g) => ({
    name: g.querySelector('h2').textContent,
    picture: g.querySelector('img').naturalWidth > 0,
    alt: g.querySelector('img').alt,
    ways: [...g.querySelectorAll('.ways a')].filter((a) => !a.hidden).map((a) => [a.textContent.trim(), a.getAttribute('href')]),
  })));
  assert.deepEqual(games.map((g) => g.name), ['Star Tigris', 'Domains', 'Catan', 'Vector']);
  for (const g of games) {
    assert.ok(g.picture, `${g.name}: its picture shows`);
    assert.ok(g.alt.length > 20, `${g.name}: its picture is described`);
  }
  assert.deepEqual(games[0].ways, [['Play', 'star-tigris.html#new'], ['Lessons', 'star-tigris.html#lessons'], ['Map editor', 'star-tigris.html#editor']]);
  assert.deepEqual(games[1].ways, [['Play', 'domains.html'], ['Lessons', 'domains.html#lessons'], ['Write a bot', 'domains.html#bots']]);
  assert.deepEqual(games[2].ways, [['Play', 'catan.html#new'], ['Lessons', 'catan.html#lessons'], ['Map editor', 'catan.html#editor']]);
  assert.deepEqual(games[3].ways, [['Play', 'vector.html'], ['Lessons', 'vector.html#lessons'], ['Tournament', 'vector.html#tournament'], ['Board editor', 'vector.html#editor']]);
  // What a player gets, in a player's words (issue 43, item 15).
  assert.doesNotMatch(await page.textContent('main'), /course server/);
  // Its own weight: every file the page itself loaded, gzipped.
  const loaded = await page.evaluate(() => [location.href, ...performance.getEntriesByType('resource').map((e) => e.name)]);
  assert.ok(!loaded.some((u) => /\.wasm$|tabula-(web|worker|star|domains|catan|vector)/.test(u)), `no game code: ${loaded.join(' ')}`);
  assert.ok(loaded.every((u) => u.startsWith(server.home)), `no other host: ${loaded.join(' ')}`);
  let weight = 0;
  for (const u of new Set(loaded.map((u) => u.split('#')[0]))) {
    const body = Buffer.from(await (await fetch(u)).arrayBuffer());
    weight += gzipSync(body, { level: 9 }).length;
  }
  assert.ok(weight < 60 * 1024, `the home page weighs ${weight} bytes gzipped`);
  await page.screenshot({ path: join(artefacts, 'home-1280x800.png') });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: join(artefacts, 'home-768x1024.png') });
  // Each way in opens its game on the screen it names.
  const expect = {
    'star-tigris.html#new': () => page.waitForSelector('body[data-screen="new"]'),
    'star-tigris.html#lessons': () => page.waitForSelector('#lessons .lessons-items li button'),
    'star-tigris.html#editor': () => page.waitForSelector('body[data-screen="editor"]'),
    'domains.html': () => page.waitForSelector('body[data-state="ready"]'),
    'catan.html': () => page.waitForSelector('body[data-state="ready"]'),
    'catan.html#new': () => page.waitForSelector('#newgame:not([hidden]) #ng-start'),
    'catan.html#editor': () => page.waitForSelector('body[data-mode="editor"] #tools [data-cmd^="tool:"]'),
    'vector.html': () => page.waitForSelector('body[data-state="ready"] #start'),
    'domains.html#bots': () => page.waitForSelector('#bots:not([hidden]) #bot-code'),
    'vector.html#tournament': () => page.waitForSelector('body[data-screen="tournament"] #tourney-setup'),
    'vector.html#editor': () => page.waitForSelector('body[data-screen="editor"] #editor'),
    // The lessons of every game, from the page kit.
    'domains.html#lessons': () => page.waitForSelector('#lessons .lessons-items li button'),
    'catan.html#lessons': () => page.waitForSelector('#lessons .lessons-items li button'),
    'vector.html#lessons': () => page.waitForSelector('#lessons .lessons-items li button'),
  };
  for (const [, href] of games.flatMap((g) => g.ways)) {
    await page.goto(server.home);
    await page.click(`.ways a:not([hidden])[href="${href}"]`);
    await expect[href]();
    // The header leads back home.
    assert.equal(await page.getAttribute('header h1 a.home', 'href'), 'index.html');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game in progress is offered to continue on the home page, and no longer once it is over', async () => {
  const context = await browser();
  const { page, errors } = await blank(context);
  await page.goto(server.url);
  await page.waitForSelector('body[data-screen="new"]');
  await newGame(page, { names: ['Ada', 'Bo'], map: 'small', seed: 2 });
  await ready(page);
  await page.click('#decision [data-cmd="pass"]');
  await page.goto(server.home);
  assert.equal(await page.isVisible('.continue[data-game="star-tigris"]'), true);
  assert.match(await page.textContent('.kept[data-game="star-tigris"]'), /^A game in progress: Turn 1 · Ada, Bo$/);
  assert.equal(await page.textContent('#star-tigris .play'), 'New game');
  assert.equal(await page.isVisible('.continue[data-game="domains"]'), false, 'Domains has nothing kept');
  // The note is said in the language the home page is shown in, not the
  // one the game was kept in.
  await Promise.all([page.waitForEvent('load'), pickLanguage(page, 'de')]);
  await page.waitForFunction(() => /^Eine laufende Partie: Zug 1 · Ada, Bo$/.test(document.querySelector('.kept[data-game="star-tigris"]').textContent));
  await Promise.all([page.waitForEvent('load'), pickLanguage(page, 'en')]);
  await page.waitForFunction(() => /^A game in progress: Turn 1/.test(document.querySelector('.kept[data-game="star-tigris"]').textContent));
  await page.click('.continue[data-game="star-tigris"]');
  await page.waitForSelector('body[data-screen="play"], body[data-screen="handoff"]');
  assert.match(await page.textContent('#status'), /Turn 1 · Ada to play · orders left: 1/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('links shared before each game had its own page still open what they opened', async () => {
  const context = await browser();
  const { page, errors } = await blank(context);
  // A game link on the old address (the site's root, then Star Tigris).
  const dir = scratchDir('tabula-site-links-');
  execFileSync(join(root, 'target', 'release', 'tabula'), ['play', '--seats', 'random,random', '--map', join(root, 'maps', 'star-tigris', 'small.txt'), '--games', '1', '--seed', '4', '--records', dir], { stdio: 'ignore' });
  const record = readFileSync(join(dir, 'game-0001.json'), 'utf8');
  const data = deflateRawSync(Buffer.from(record), { level: 9 }).toString('base64url');
  await page.goto(`${server.home}#game=${data}`);
  await page.waitForSelector('body[data-screen="replay"]');
  assert.ok(page.url().includes('star-tigris.html'));
  assert.equal(+(await page.getAttribute('#replay-pos', 'data-len')), JSON.parse(record).actions.length);
  // A map link on the old index.html address opens the editor.
  await page.goto(`${server.home}index.html#map=A..M/..../..A./M..A&name=Old`);
  await page.waitForSelector('body[data-screen="editor"]');
  assert.equal(await page.inputValue('#map-name'), 'Old');
  assert.deepEqual(errors, []);
  await context.close();
});

test('after one visit the whole site works offline: every page, a game against the AI to its end, a game link', async () => {
  // A server of its own, stopped halfway: the network is really gone.
  const own = await serve();
  const context = await browser();
  const { page, errors } = await blank(context);
  await page.goto(own.home);
  const kept = await offlineReady(page);
  for (const f of ['index.html', 'star-tigris.html', 'domains.html', 'site.js', 'en.txt', 'de.txt', 'manifest.webmanifest', 'star-tigris.webp']) {
    assert.ok(kept.includes(f), `${f} is kept (${kept.length} files kept)`);
  }
  assert.ok(kept.some((f) => f.endsWith('.wasm')), 'the games\' WebAssembly is kept');
  // Whether a game server is here is never kept: it is asked each time.
  assert.ok(!kept.includes('online.json'), 'online.json is not kept');
  const dir = scratchDir('tabula-site-offline-');
  execFileSync(join(root, 'target', 'release', 'tabula'), ['play', '--seats', 'random,random', '--map', join(root, 'maps', 'star-tigris', 'small.txt'), '--games', '1', '--seed', '6', '--records', dir], { stdio: 'ignore' });
  const data = deflateRawSync(readFileSync(join(dir, 'game-0001.json')), { level: 9 }).toString('base64url');
  own.close();
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(await fetch(own.home).then(() => 'up', () => 'down'), 'down', 'the server is gone');
  // Every page loads from what was kept.
  await page.reload();
  await page.waitForSelector('.games');
  await page.goto(own.home + 'domains.html');
  await page.waitForSelector('body[data-state="ready"]');
  await page.goto(own.home + 'star-tigris.html#editor');
  await page.waitForSelector('body[data-screen="editor"]');
  await page.goto(own.home + 'star-tigris.html#lessons');
  await page.waitForSelector('#lessons .lessons-items li button');
  // A game link.
  await page.goto(`${own.home}star-tigris.html#game=${data}`);
  await page.waitForSelector('body[data-screen="replay"]');
  // A whole game against the AI (its worker and WebAssembly from the cache).
  await page.goto(own.home + 'star-tigris.html#new');
  await page.waitForSelector('body[data-screen="new"]');
  await page.click('[data-cmd="seats:2"]');
  await page.selectOption('#kind0', 'search:easy');
  await page.selectOption('#kind1', 'search:easy');
  await page.selectOption('#map', 'small');
  await page.fill('#seed', '3');
  await page.click('#start');
  await page.click('#watch [data-cmd="ai-pace:100"]');
  await page.waitForSelector('body[data-screen="over"]', { timeout: 180000 });
  await page.screenshot({ path: join(artefacts, 'offline-game-over-1280x800.png') });
  assert.deepEqual(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e)), []);
  await context.close();
});

test('the pages speak German when the browser does, and the language switch on every page is remembered', async () => {
  const context = await browser({ width: 1280, height: 800 }, { locale: 'de-DE' });
  const { page, errors } = await blank(context);
  await page.goto(server.home);
  await page.waitForFunction(() => document.documentElement.lang === 'de');
  assert.equal(await page.textContent('#star-tigris .play'), 'Spielen');
  assert.match(await page.textContent('.intro'), /^Jedes Spiel läuft hier im Browser/);
  assert.equal(await page.getAttribute('#star-tigris img', 'alt'), 'Ein Spielbrett von Star Tigris: Kolonien in vier Farben, runde Anführer-Steine und mit Sternen markierte Alien-Artefakte auf einem Raster im All.');
  assert.equal(await page.inputValue('#lang'), 'de');
  await page.screenshot({ path: join(artefacts, 'home-de-1280x800.png') });
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.screenshot({ path: join(artefacts, 'home-de-768x1024.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  // The game pages' headers.
  await page.goto(server.url);
  await page.waitForSelector('body[data-screen="new"]');
  assert.equal(await page.textContent('header [data-cmd="new"]'), 'Neues Spiel');
  assert.equal(await page.textContent('header [data-cmd="regions"]'), 'Gebietsansicht');
  assert.equal(await page.getAttribute('header a.home', 'title'), 'Alle Spiele');
  await page.goto(server.home + 'domains.html');
  await page.waitForSelector('body[data-state="ready"]');
  assert.equal(await page.textContent('header [data-cmd="bots"]'), 'Deine Bots');
  // Switched to English on a game page: remembered everywhere. (Domains
  // opens with its new-game dialog; the language menu is inert behind
  // it, so the person closes it first.)
  if (await page.isVisible('#setup')) {
    await page.keyboard.press('Escape');
    await page.waitForSelector('#setup', { state: 'hidden' });
  }
  await pickLanguage(page, 'en');
  await page.waitForFunction(() => document.querySelector('header [data-cmd="bots"]')?.textContent === 'Your bots');
  await page.goto(server.home);
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  assert.equal(await page.textContent('#star-tigris .play'), 'Play');
  for (const size of [{ width: 1280, height: 800 }, { width: 768, height: 1024 }]) {
    await page.setViewportSize(size);
    await page.screenshot({ path: join(artefacts, `home-en-${size.width}x${size.height}.png`) });
  }
  await pickLanguage(page, 'de');
  await page.waitForFunction(() => document.querySelector('#star-tigris .play')?.textContent === 'Spielen');
  assert.deepEqual(errors, []);
  await context.close();
});

test('Chromium finds the site installable as an app: a manifest with a name, icons, a start page and its own window', async () => {
  const context = await browser();
  const { page, errors } = await blank(context);
  await page.goto(server.home);
  await offlineReady(page);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  assert.deepEqual(installabilityErrors, [], JSON.stringify(installabilityErrors));
  const manifest = await (await fetch(server.home + 'manifest.webmanifest')).json();
  assert.equal(manifest.display, 'standalone');
  assert.equal(manifest.short_name, 'Tabula');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));
  for (const href of ['star-tigris.html', 'domains.html']) {
    await page.goto(server.home + href);
    assert.equal(await page.getAttribute('link[rel="manifest"]', 'href'), 'manifest.webmanifest', `${href} names the manifest`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new build on the same address replaces the kept site on reload, and says so', async () => {
  // A copy of the build to change, served at a fixed address.
  const copy = scratchDir('tabula-site-build-');
  cpSync(dist, copy, { recursive: true });
  const port = 20000 + Math.floor(Math.random() * 20000);
  let own = await serve(copy, port);
  const context = await browser();
  const { page } = await blank(context);
  await page.goto(own.home);
  await offlineReady(page);
  // The new build: the home page's words changed, and so the worker's version.
  const index = join(copy, 'index.html');
  writeFileSync(index, readFileSync(index, 'utf8').replace('<main class="home">', '<main class="home"><p id="edition">The new edition.</p>'));
  execFileSync('python3', [join(root, 'scripts', 'service_worker.py'), copy, join(root, 'www', 'sw.js')], { stdio: 'ignore' });
  own.close();
  own = await serve(copy, port);
  await page.reload();
  await page.waitForSelector('header h1');
  assert.equal(await page.isVisible('#edition'), true, 'the new build shows at once');
  await page.waitForSelector('#site-updated', { timeout: 30000 });
  assert.match(await page.textContent('#site-updated'), /Tabula was updated/);
  // And it is the new one that is kept for offline use.
  own.close();
  await new Promise((r) => setTimeout(r, 300));
  await page.reload();
  assert.equal(await page.isVisible('#edition'), true, 'the new build is the one kept');
  await context.close();
});
