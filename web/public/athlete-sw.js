// The athletes' service worker (docs/competition-day.md, "Web Push"): scope /public/me/. It
// only shows the pushes competition-svc sends (heat reminders, schedule moves, organisers'
// messages) and opens the athlete's page on a click; it has no fetch handler, so it never
// stands between the public site and the network. The judge's worker (judge-sw.js, scope
// /judge) stays separate: it caches the judge screens for offline use, which athletes' pages
// must not inherit, and two scopes never fight over one page.
self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Podium', body: event.data ? event.data.text() : '' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/public/me/registrations';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Podium', { body: data.body || '', icon: '/icon-192.png', data: { url } }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/public/me/registrations', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
