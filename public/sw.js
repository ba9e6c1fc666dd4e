// Tribuna service worker: Your tickets (and the gate scanner) open with no network once loaded.
// - pages: network first, falling back to the last good copy (only the ticket and scanner pages);
// - any other page that cannot load offline: the branded offline page in the page's language
//   (/offline.html?lang=…, stored at install and refreshed whenever Your tickets hands its page over),
//   with a link to Your tickets;
// - /_next/static: cache first (file names are content-hashed);
// - the API is never cached here: ticket data and signing keys live in IndexedDB (lib/client/offline-tickets.ts).
// Sign-out deletes the 'tribuna-pages' cache (clearOfflineTickets), so nobody else's tickets stay behind.
const VERSION = 'v1';
const PAGES = 'tribuna-pages';
const ASSETS = `tribuna-assets-${VERSION}`;
const OFFLINE = 'tribuna-offline';
const OFFLINE_PATHS = [/^\/(sk|cs)\/vstupenky\/?$/, /^\/en\/tickets\/?$/, /^\/(sk|cs)\/skener\/?$/, /^\/en\/scanner\/?$/];
const LOCALES = ['sk', 'cs', 'en'];
const offlinePageUrl = (locale) => `/offline.html?lang=${locale}`;

/** Stores the offline page of every language (a failure keeps the copy there was: the worker works without it). */
async function storeOfflinePages() {
  const cache = await caches.open(OFFLINE);
  await Promise.all(
    LOCALES.map(async (locale) => {
      try {
        const response = await fetch(offlinePageUrl(locale), { cache: 'no-store' });
        if (response.ok) await cache.put(offlinePageUrl(locale), response);
      } catch {}
    }),
  );
}

/** The language of a page from its path (/sk/…, /cs/…, /en/…), else the device's, else Slovak. */
function localeOf(url) {
  const first = url.pathname.split('/')[1];
  if (LOCALES.includes(first)) return first;
  const device = (self.navigator.language || '').slice(0, 2).toLowerCase();
  return LOCALES.includes(device) ? device : 'sk';
}

async function offlinePage(url) {
  const cache = await caches.open(OFFLINE);
  return (await cache.match(offlinePageUrl(localeOf(url)))) || (await cache.match(offlinePageUrl('sk')));
}

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(storeOfflinePages());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith('tribuna-assets-') && n !== ASSETS).map((n) => caches.delete(n)));
      await self.clients.claim();
    })(),
  );
});

function isOfflinePage(url) {
  return url.origin === self.location.origin && OFFLINE_PATHS.some((re) => re.test(url.pathname));
}

function isStaticAsset(url) {
  return url.origin === self.location.origin && (url.pathname.startsWith('/_next/static/') || url.pathname === '/icon.svg' || url.pathname === '/manifest.webmanifest');
}

async function networkFirstPage(request) {
  const cache = await caches.open(PAGES);
  const key = new URL(request.url);
  key.search = '';
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) await cache.put(key.toString(), response.clone());
    return response;
  } catch (error) {
    const cached = (await cache.match(key.toString())) || (await offlinePage(key));
    if (cached) return cached;
    throw error;
  }
}

/** Any other page: the network as if there were no worker; with no network, the offline page. */
async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const page = await offlinePage(new URL(request.url));
    if (page) return page;
    throw error;
  }
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && isOfflinePage(url)) {
    event.respondWith(networkFirstPage(request));
  } else if (request.mode === 'navigate' && url.origin === self.location.origin && !url.pathname.startsWith('/api/')) {
    event.respondWith(pageOrOffline(request));
  } else if (isStaticAsset(url)) {
    event.respondWith(cacheFirstAsset(request));
  }
});

// The page loaded before this worker controlled it: it sends its own URL and the assets it used.
self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'cache-page') return;
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSETS);
      const urls = (data.assets || []).filter((u) => isStaticAsset(new URL(u, self.location.origin)));
      await Promise.all(
        urls.map(async (u) => {
          if (await assets.match(u)) return;
          try {
            const response = await fetch(u);
            if (response.ok) await assets.put(u, response);
          } catch {}
        }),
      );
      await storeOfflinePages();
      if (data.page && isOfflinePage(new URL(data.page, self.location.origin))) {
        try {
          const response = await fetch(data.page, { credentials: 'include' });
          if (response.ok) {
            const key = new URL(data.page, self.location.origin);
            key.search = '';
            await (await caches.open(PAGES)).put(key.toString(), response);
          }
        } catch {}
      }
      if (event.source) event.source.postMessage({ type: 'page-cached' });
    })(),
  );
});

// Push notifications (lib/server/notifications/sender.ts): the payload is JSON { topic, title, body, url, tag }.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'Tribuna', body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || 'Tribuna', {
      body: data.body || '',
      tag: data.tag,
      icon: '/icon.svg',
      badge: '/icon.svg',
      lang: (data.url || '').split('/')[1] || undefined,
      data: { url: data.url || '/', topic: data.topic },
    }),
  );
});

// A tap opens the screen the notification is about: a Tribuna tab already open goes there, else a new one.
async function openScreen(path) {
  const target = new URL(path || '/', self.location.origin);
  if (target.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    await open.focus().catch(() => {});
    if ('navigate' in open && (await open.navigate(target.href).catch(() => null))) return;
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openScreen(event.notification.data && event.notification.data.url));
});
