// Tabula's service worker: after one visit every page of the site works
// with the network off. The build (scripts/build-web.sh) fills in the list
// of the site's files and a version that changes with any of them.
const VERSION = '__VERSION__';
const FILES = __FILES__;
const CACHE = 'tabula-' + VERSION;
// A file whose name carries a content hash never changes: the cache answers.
const HASHED = /-[0-9a-f]{16}(_bg)?\.(js|wasm|css)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('tabula-') && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // Whether a game server is here is asked of the network only: a kept
  // answer would send a page offline (or on another host) looking for a
  // server that is not there.
  if (url.pathname.endsWith('/online.json')) return;
  if (HASHED.test(url.pathname)) {
    event.respondWith(caches.match(request).then((hit) => hit || fetch(request)));
    return;
  }
  // Everything else: the network when it answers (so a new version shows
  // at once), the cache when it does not. A page's address is looked up
  // without its query and fragment.
  event.respondWith(
    fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    }).catch(() => caches.match(request, { ignoreSearch: true })
      .then((hit) => hit || (request.mode === 'navigate' ? caches.match('index.html') : undefined))
      .then((hit) => hit || Response.error())),
  );
});
