// Every page of Tabula registers the site's service worker (sw.js), which
// keeps the site working offline, and says when a new version took over.
if ('serviceWorker' in navigator) {
  const updating = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.register('sw.js').catch(() => { /* served from a file or blocked: no offline copy */ });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!updating || document.getElementById('site-updated')) return;
    const note = document.createElement('p');
    note.id = 'site-updated';
    note.setAttribute('role', 'status');
    note.textContent = 'Tabula was updated: the new version is kept for offline use. ';
    const reload = document.createElement('button');
    reload.type = 'button';
    reload.textContent = 'Reload to use it';
    reload.addEventListener('click', () => location.reload());
    note.append(reload);
    document.body.prepend(note);
  });
}
