// The service worker (spec section 1): hashed assets are cached as they are fetched, so a slow or
// lost connection still opens pages already visited. Documents and data always go to the network.
const CACHE = 'assets-v1'

self.addEventListener('install', () => {})

self.addEventListener('message', (event) => {
	if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting()
})

self.addEventListener('activate', (event) => {
	event.waitUntil(
		caches
			.keys()
			.then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
			.then(() => self.clients.claim()),
	)
})

self.addEventListener('fetch', (event) => {
	const url = new URL(event.request.url)
	if (event.request.method !== 'GET' || url.origin !== self.location.origin || !url.pathname.startsWith('/assets/')) return
	event.respondWith(
		caches.open(CACHE).then(async (cache) => {
			const hit = await cache.match(event.request)
			if (hit) return hit
			const response = await fetch(event.request)
			if (response.ok) cache.put(event.request, response.clone())
			return response
		}),
	)
})
