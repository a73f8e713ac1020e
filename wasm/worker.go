//go:build !wasm

package main

const workerMarker = "acap-workbench service worker"

// ServiceWorker replaces go-app's app-worker.js. Differences, each needed on
// a static host such as GitHub Pages (max-age=600):
//   - precaching revalidates every file with the server ({cache:
//     "no-cache"}), so a new deploy never stores the previous app.wasm
//     under the new version, while a file the page has just downloaded
//     (app.wasm on a first visit) is answered 304 instead of being sent a
//     second time, as {cache: "reload"} did;
//   - the scope itself (the page URL with a trailing slash) is precached and
//     used for navigations when offline, which makes sub-path sites work
//     offline;
//   - only this app's caches are deleted, since a Pages domain is shared;
//   - the list is made of absolute URLs before duplicates are removed, so
//     the site also installs at a domain root (where "/" is the scope).
const ServiceWorker = `// ` + workerMarker + `
const cachePrefix = "acap-workbench-";
const cacheName = cachePrefix + "{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    // Absolute URLs before removing duplicates: at a domain root go-app's
    // list holds "/", which is the scope again, and addAll refuses a list
    // that names one request twice.
    const scope = self.registration.scope;
    const urls = [...new Set(resourcesToCache.concat([scope]).map((u) => new URL(u, scope).href))];
    // Revalidated, not reloaded: what the page has just fetched (app.wasm)
    // is not downloaded twice, and nothing stale is kept.
    await cache.addAll(urls.map((u) => new Request(u, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const keys = await caches.keys();
    await Promise.all(keys
      .filter((k) => k.startsWith(cachePrefix) && k !== cacheName)
      .map((k) => caches.delete(k)));
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") {
    return;
  }
  event.respondWith((async () => {
    const cache = await caches.open(cacheName);
    const cached = await cache.match(event.request);
    if (cached) {
      return cached;
    }
    try {
      return await fetch(event.request);
    } catch (err) {
      if (event.request.mode === "navigate") {
        const page = await cache.match(self.registration.scope);
        if (page) {
          return page;
        }
      }
      throw err;
    }
  })());
});
`
