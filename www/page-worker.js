// A page's web worker on the page's own WebAssembly module (page-kit's
// ai_worker::this_module): import the page's JavaScript glue, load its
// module (the browser's cache has it), and call the function the page
// named. What to load comes in the worker's name (a query would be lost
// when the service worker answers from its cache); only addresses of this
// site are loaded.
const { glue, wasm, entry } = JSON.parse(self.name);
const own = (u) => { const a = new URL(u, self.location.href); if (a.origin !== self.location.origin) throw new Error('not this site: ' + u); return a.href; };
const page = await import(own(glue));
await page.default({ module_or_path: own(wasm) });
page[entry]();
