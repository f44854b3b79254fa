// The judge screens' service worker (public/judge-sw.js, docs/judging.md): it keeps the app
// shell and the scripts the judge screen loaded, so the screen opens without a network. Its
// scope is /judge (the staff screen) and what lies under it (/judge/link, a card's screen);
// the rest of the site is never served from it.
export function registerJudgeWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register('/judge-sw.js', { scope: '/judge' })
    .then(() => navigator.serviceWorker.ready)
    .then((reg) => {
      // The files this page loaded before the worker ran (the lazy judge chunk among them).
      const urls = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((u) => u.startsWith(`${window.location.origin}/assets/`));
      reg.active?.postMessage({ cache: [window.location.pathname, ...urls] });
    })
    .catch(() => {
      // No worker (private mode, an old browser): the screen works online, and the scores are
      // still kept in IndexedDB.
    });
}
