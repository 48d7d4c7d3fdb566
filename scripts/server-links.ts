import type { Plugin } from 'vite'

/** The module every page imports its links from (decision 140). */
const LINKS = /[\\/]app[\\/]components[\\/]ui[\\/]link\.tsx$/

/**
 * In the server's environment (build and dev), `app/components/ui/link.tsx` resolves to `link.server.tsx`
 * beside it: the same markup as React Router's links, written without resolving each path through the
 * router. The browser keeps React Router's own, with no module of ours in between. The server's build fails
 * if no page's links came through here, so a move of the module cannot silently drop it.
 */
export function serverLinks(): Plugin {
	let swapped = false
	return {
		name: 'server-links',
		enforce: 'pre',
		async resolveId(source, importer, options) {
			if (this.environment?.name !== 'ssr' || !importer || !/(^|[\\/])link\.tsx$/.test(source)) return null
			const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
			if (!resolved || !LINKS.test(resolved.id)) return null
			swapped = true
			return { ...resolved, id: resolved.id.replace(/link\.tsx$/, 'link.server.tsx') }
		},
		buildEnd() {
			if (this.environment?.name === 'ssr' && this.environment.mode === 'build' && !swapped)
				this.error('server-links: no import of app/components/ui/link.tsx in the server build')
		},
	}
}
