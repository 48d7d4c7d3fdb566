/** Spec section 4: a failed chunk load reloads the page, at most once per 10 s per path. */
export const CHUNK_RELOAD_MIN_MS = 10_000

/** Whether a failed chunk load may reload this path now; when it may, the reload is remembered. */
export function mayReloadForChunk(path: string, now: number, storage: Pick<Storage, 'getItem' | 'setItem'>) {
	const key = `chunk-reload:${path}`
	const last = Number(storage.getItem(key) ?? 0)
	if (now - last < CHUNK_RELOAD_MIN_MS) return false
	storage.setItem(key, String(now))
	return true
}

/** The question React Router asks before it reloads for a route module it could not load (vite.config.ts). */
export type ChunkReloadGuard = () => boolean

type PendingNavigation = { state?: { navigation?: { location?: { pathname: string; search: string; hash: string } } } }

/**
 * Allows the reload once per path per 10 s. Refused, a pending navigation becomes a page load of where
 * the user was going: the server renders it whole, and a document load never reloads by itself, so
 * the user gets the page rather than a loop or a blank screen.
 */
export function chunkReloadGuard(): ChunkReloadGuard {
	return () => {
		let allowed = false
		try {
			allowed = mayReloadForChunk(window.location.pathname, Date.now(), sessionStorage)
		} catch {
			// No session storage (a locked-down browser): never reload, so never loop.
		}
		if (allowed) return true
		const to = (window as { __reactRouterDataRouter?: PendingNavigation }).__reactRouterDataRouter?.state?.navigation?.location
		if (to) window.location.assign(to.pathname + to.search + to.hash)
		return false
	}
}

declare global {
	interface Window {
		__chunkReload?: ChunkReloadGuard
	}
}
