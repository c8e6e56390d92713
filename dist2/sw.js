// Tabula's service worker: after one visit every page of the site works
// with the network off. The build (scripts/build-web.sh) fills in the list
// of the site's files and a version that changes with any of them.
const VERSION = "7c3694efd7470178";
const FILES = [
  "./",
  "catan-5ee0cf52b259304f.css",
  "catan.html",
  "domains-63c65230f8db3456.css",
  "domains.html",
  "home.css",
  "i18n/catan/de.txt",
  "i18n/catan/en.txt",
  "i18n/de.txt",
  "i18n/domains/de.txt",
  "i18n/domains/en.txt",
  "i18n/en.txt",
  "i18n/star-tigris-editor/de.txt",
  "i18n/star-tigris-editor/en.txt",
  "i18n/star-tigris-lessons/de.txt",
  "i18n/star-tigris-lessons/en.txt",
  "i18n/star-tigris/de.txt",
  "i18n/star-tigris/en.txt",
  "img/catan.webp",
  "img/domains.webp",
  "img/icon-192.png",
  "img/icon-512.png",
  "img/star-tigris.webp",
  "index.html",
  "manifest.webmanifest",
  "site-bdd936b99b80351d.css",
  "site.css",
  "site.js",
  "star-tigris-d556ecf597f70242.css",
  "star-tigris.html",
  "tabula-catan-page-bce53bbefdcf9d02.js",
  "tabula-catan-page-bce53bbefdcf9d02_bg.wasm",
  "tabula-catan-worker.js",
  "tabula-catan-worker_bg.wasm",
  "tabula-catan-worker_loader.js",
  "tabula-domains-page.js",
  "tabula-domains-page_bg.wasm",
  "tabula-domains-page_loader.js",
  "tabula-star-tigris-page-9477fc920521db69.js",
  "tabula-star-tigris-page-9477fc920521db69_bg.wasm",
  "tabula-worker.js",
  "tabula-worker_bg.wasm",
  "tabula-worker_loader.js"
];
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
