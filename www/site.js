// What every page of Tabula runs in plain JavaScript (the home page loads
// no game code): the site's service worker (sw.js, which keeps the site
// working offline, and the note when a new version took over) and, for
// the home page, its words in the chosen language from the same
// catalogues the game pages use (i18n/<lang>.txt).
window.tabula = (() => {
  const lang = () => {
    let chosen = null;
    try { chosen = localStorage.getItem('tabula.lang'); } catch (e) { /* no storage */ }
    return (chosen || navigator.language || 'en').toLowerCase().startsWith('de') ? 'de' : 'en';
  };
  const parse = (text) => {
    const words = new Map();
    for (const line of text.split('\n')) {
      const l = line.trim();
      const at = l.indexOf(' = ');
      if (!l || l.startsWith('#') || at < 0) continue;
      words.set(l.slice(0, at).trim(), l.slice(at + 3).trim());
    }
    return words;
  };
  const load = async (code) => parse(await (await fetch('i18n/' + code + '.txt')).text());
  /** A function from a key to its words in the page's language (English where missing). */
  const words = async () => {
    const en = await load('en').catch(() => new Map());
    const here = lang() === 'en' ? en : await load(lang()).catch(() => new Map());
    return (key) => here.get(key) ?? en.get(key) ?? key;
  };
  /** Fill in the page's data-i18n… attributes; wire the language switch. */
  const apply = (t) => {
    document.documentElement.lang = lang();
    for (const [attr, target] of [['data-i18n', null], ['data-i18n-title', 'title'], ['data-i18n-aria-label', 'aria-label'], ['data-i18n-alt', 'alt']]) {
      for (const el of document.querySelectorAll('[' + attr + ']')) {
        const text = t(el.getAttribute(attr));
        if (target) el.setAttribute(target, text); else el.textContent = text;
      }
    }
    const select = document.getElementById('lang');
    if (select) {
      select.value = lang();
      select.addEventListener('change', () => {
        try { localStorage.setItem('tabula.lang', select.value); } catch (e) { /* no storage */ }
        location.reload();
      });
    }
  };
  if ('serviceWorker' in navigator) {
    const updating = !!navigator.serviceWorker.controller;
    navigator.serviceWorker.register('sw.js').catch(() => { /* served from a file or blocked: no offline copy */ });
    navigator.serviceWorker.addEventListener('controllerchange', async () => {
      if (!updating || document.getElementById('site-updated')) return;
      const t = await words();
      const note = document.createElement('p');
      note.id = 'site-updated';
      note.setAttribute('role', 'status');
      note.textContent = t('site-updated') + ' ';
      const reload = document.createElement('button');
      reload.type = 'button';
      reload.textContent = t('reload-to-use');
      reload.addEventListener('click', () => location.reload());
      note.append(reload);
      document.body.prepend(note);
    });
  }
  /** Start a game page's WebAssembly (page kit, on_demand): its play
   * module (the game and its AI), or its whole module (also the lessons,
   * online play and the editors) when the address asks for one of
   * `routes`. Resolves to the module's exports once it has started. */
  const start = async (play, full, routes) => {
    let hash = location.hash;
    try { hash = decodeURIComponent(hash); } catch (e) { /* kept as it is */ }
    const name = routes.some((r) => hash.startsWith(r)) ? full : play;
    const glue = await import(new URL(name + '.js', location.href).href);
    // The module's exports, for tests and benchmarks (as trunk's own loader
    // gives them); usable once the module has started.
    window.wasmBindings = glue;
    await glue.default({ module_or_path: new URL(name + '_bg.wasm', location.href).href });
    return glue;
  };
  return { lang, words, apply, start };
})();
