// page-kit's ai_worker::this_module: the page's module, run in a worker (see docs/architecture.md).
const { glue, wasm, entry } = JSON.parse(self.name);
const own = (u) => { const a = new URL(u, location.href); if (a.origin !== location.origin) throw new Error(u); return a.href; };
const page = await import(own(glue));
await page.default({ module_or_path: own(wasm) });
page[entry]();
