import type { Plugin } from 'vite'

/**
 * React Router 7 reloads the page, with no limit, whenever a route module fails to import (a chunk
 * deleted by a newer deploy). This makes it first ask `window.__chunkReload` (app/entry.client.tsx),
 * which allows one reload per path per 10 s; refused, the error reaches the route's error boundary.
 * The build fails if React Router's code no longer has the line, so an upgrade cannot drop the limit.
 */
export function chunkReloadGuard(): Plugin {
	const marker = /(reloading page\.\.\.`[\s\S]{0,400}?)window\.location\.reload\(\);/
	let patched = false
	return {
		name: 'chunk-reload-guard',
		apply: 'build',
		transform(code, id) {
			if (!id.includes('/react-router/dist/') || !code.includes('reloading page...')) return null
			if (!marker.test(code)) this.error('chunk-reload-guard: React Router no longer reloads where expected')
			patched = true
			return {
				code: code.replace(marker, '$1if (window.__chunkReload && !window.__chunkReload()) throw error;\n    window.location.reload();'),
				map: null,
			}
		},
		buildEnd() {
			if (!patched && this.environment?.name === 'client') this.error('chunk-reload-guard: React Router route loading not found')
		},
	}
}
