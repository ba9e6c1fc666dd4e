// Tribuna service worker: Your tickets (and the gate scanner) open with no network once loaded.
// - pages: network first, falling back to the last good copy (only the ticket and scanner pages);
// - /_next/static: cache first (file names are content-hashed);
// - the API is never cached here: ticket data and signing keys live in IndexedDB (lib/client/offline-tickets.ts).
// Sign-out deletes the 'tribuna-pages' cache (clearOfflineTickets), so nobody else's tickets stay behind.
const VERSION = 'v1';
const PAGES = 'tribuna-pages';
const ASSETS = `tribuna-assets-${VERSION}`;
const OFFLINE_PATHS = [/^\/(sk|cs)\/vstupenky\/?$/, /^\/en\/tickets\/?$/, /^\/(sk|cs)\/skener\/?$/, /^\/en\/scanner\/?$/];

self.addEventListener('install', () => self.skipWaiting());

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
    const cached = await cache.match(key.toString());
    if (cached) return cached;
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
