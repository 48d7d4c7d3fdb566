// The service worker at /sw.js (spec section 1; docs/decisions/063-service-worker.md), bundled and given
// its precache list by scripts/build-sw.ts. The app shell (offline page, icon, manifest) and the build's
// hashed scripts and styles are precached; pages go to the network only, so signed-in HTML is never
// stored, and the offline page answers a page the network could not. Everything else (the API, React
// Router's data requests, builds/latest.json) is not handled here at all: it goes to the network as if
// there were no worker.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing'
import { NetworkOnly } from 'workbox-strategies'

const OFFLINE_PAGE = '/offline.html'

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
registerRoute(new NavigationRoute(new NetworkOnly()))
setCatchHandler(async ({ request }) => {
	if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error()
	return Response.error()
})

// The first install takes the open pages at once; an update waits until the page's user accepts it.
clientsClaim()
self.addEventListener('message', (event) => {
	if (event.data?.type === 'SKIP_WAITING') self.skipWaiting()
})
