// The portal's service worker (docs/server.md, "Installable on a phone"): keeps the app shell so
// the portal starts without a connection, and nothing else. The build (service-worker-plugin.ts)
// writes it to `sw.js` with the build's shell in place of SHELL and its version in VERSION.
//
// - API calls (`/ranwal/…`), other methods than GET and other origins are never touched: they
//   go to the network as if there were no worker, and no answer of the API is ever stored.
// - A page (navigation) comes from the network, so server-rendered pages and a new build are
//   seen at once; with no connection, or none within NAVIGATION_TIMEOUT_MS, the stored
//   index.html answers and the app starts from the stored scripts.
// - Hashed assets (`/assets/…`) come from the store, else the network (and are stored then), so
//   a page opened once online opens offline too.

const VERSION = '__VERSION__';
/** @type {string[]} */
const SHELL = JSON.parse('__SHELL__');
const CACHE = `ranwal-shell-${VERSION}`;
const SHELL_PAGE = 'index.html';
const NAVIGATION_TIMEOUT_MS = 4000;

const scope = new URL(self.registration.scope);
const inScope = (path) => new URL(path, scope).href;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.map(inScope)))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('ranwal-shell-') && key !== CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const path = url.pathname.slice(scope.pathname.length);
  // The API (and the spec's article calls, also under /ranwal): never from or into the store.
  if (path === 'ranwal' || path.startsWith('ranwal/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
  } else if (path.startsWith('assets/') || SHELL.includes(path)) {
    event.respondWith(asset(request, path.startsWith('assets/')));
  }
});

/** The network's page, else (offline, or too slow) the stored shell. */
async function page(request) {
  const network = fetch(request);
  const timeout = new Promise((resolve) => setTimeout(resolve, NAVIGATION_TIMEOUT_MS));
  try {
    const answer = await Promise.race([network, timeout]);
    if (answer) return answer;
  } catch {
    // Offline: the shell below.
  }
  const shell = await caches.match(inScope(SHELL_PAGE));
  return shell ?? network;
}

/** The stored file, else the network's (stored when it is a hashed asset). */
async function asset(request, keep) {
  const stored = await caches.match(request);
  if (stored) return stored;
  const answer = await fetch(request);
  if (keep && answer.ok) {
    const cache = await caches.open(CACHE);
    await cache.put(request, answer.clone());
  }
  return answer;
}
