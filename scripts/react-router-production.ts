import type { Plugin } from 'vite'

/**
 * React Router 7's package points every import at its development build: its `production` build is in
 * the package but no export condition reaches it (remix-run/react-router#14102, open). The two differ in
 * one flag, `ENABLE_DEV_WARNINGS`, which keeps development's checks and messages in a production bundle:
 * a warning built on every render of the routes, the "Hey developer" error page, and their text, about
 * 600 bytes of the browser's gzipped first load (decision 144).
 *
 * This turns the flag off in the browser's production build, which then holds what React Router's own
 * production build holds. The server loads React Router from `node_modules` as other packages there do
 * (bundling it would give the server two copies and two router contexts), and `npm run dev` keeps the
 * warnings. The build fails if the flag is no longer there, so an upgrade cannot silently drop it.
 */
export const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]development[\\/][^\\/]+\.mjs$/

const FLAG_ON = 'var ENABLE_DEV_WARNINGS = true;'
const FLAG_OFF = 'var ENABLE_DEV_WARNINGS = false;'

/** The module with React Router's development warnings off, or null when the module does not set the flag. */
export function withoutDevWarnings(code: string): string | null {
	const at = code.indexOf(FLAG_ON)
	if (at === -1) return null
	if (code.indexOf(FLAG_ON, at + FLAG_ON.length) !== -1) throw new Error('react-router-production: the flag is set twice')
	return code.slice(0, at) + FLAG_OFF + code.slice(at + FLAG_ON.length)
}

export function reactRouterProduction(): Plugin {
	let turnedOff = false
	return {
		name: 'react-router-production',
		apply: 'build',
		transform(code, id) {
			if (this.environment?.name !== 'client' || !REACT_ROUTER_CHUNK.test(id)) return null
			try {
				const changed = withoutDevWarnings(code)
				if (changed === null) return null
				turnedOff = true
				return { code: changed, map: null }
			} catch (error) {
				this.error((error as Error).message)
			}
		},
		buildEnd() {
			if (!turnedOff && this.environment?.name === 'client')
				this.error("react-router-production: React Router's ENABLE_DEV_WARNINGS was not in the browser's build")
		},
	}
}
