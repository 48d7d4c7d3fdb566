import { PreloadQueue } from './preload-queue.ts'

// Spec section 9's navigation helpers (docs/decisions/115-client-small-things.md): a progress bar for
// navigations that take a while, the scroll to the top 100 ms after a navigation, and route preloads
// on intent, at most 4 pending. Loaded at the first pointer or focus on the page, so none of it is in
// the first load; it reads the router React Router keeps on window.

export const PROGRESS_THROTTLE_MS = 200
export const PROGRESS_DURATION_MS = 2_000
export const SCROLL_TOP_DELAY_MS = 100
/**
 * Set on `<html>` while a scroll to the top is to come: a page is drawn where the last one was scrolled and
 * moves 100 ms later, so whatever waits for the page to stand still (the end-to-end suite) can see it.
 */
export const SCROLL_PENDING_ATTRIBUTE = 'data-scroll-to-top'

type RouterState = {
	navigation: { state: 'idle' | 'loading' | 'submitting' }
	location: { key: string; hash: string }
	preventScrollReset: boolean
	restoreScrollPosition: number | false | null
	matches: { route: { handle?: unknown } }[]
}
type Router = { state: RouterState; subscribe: (fn: (state: RouterState) => void) => () => void }
type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }
type Window = typeof globalThis & {
	__reactRouterDataRouter?: Router
	__reactRouterManifest?: { routes: Record<string, ManifestRoute> }
	__reactRouterRouteModules?: Record<string, unknown>
}

let started = false

/** Start once; the router may not be there yet in the first moments of hydration. */
export function start() {
	if (started) return
	const router = (window as Window).__reactRouterDataRouter
	if (!router) {
		requestAnimationFrame(start)
		return
	}
	started = true
	progressAndScroll(router)
	preloadOnIntent()
}

/** The bar: shown when a navigation lasts past 200 ms, growing over 2 s, completed and faded at the end. */
export function progressAndScroll(router: Router) {
	let bar: HTMLDivElement | null = null
	let showTimer: ReturnType<typeof setTimeout> | undefined
	let lastKey = router.state.location.key
	// The last page's pending scroll to the top: a page that comes within the delay cancels it, or it would
	// move that page (a kept-alive screen back where the user was, first of all) once that page is shown.
	let scrollTimer: ReturnType<typeof setTimeout> | undefined
	const show = () => {
		bar = document.createElement('div')
		bar.setAttribute('role', 'progressbar')
		bar.setAttribute('aria-label', 'Loading the page')
		bar.dataset.navigationProgress = ''
		bar.style.cssText =
			'position:fixed;top:0;left:0;z-index:60;height:3px;width:0;background:var(--color-brand-700);transition:width 2000ms cubic-bezier(.1,.7,.3,1),opacity 200ms'
		document.body.append(bar)
		const growing = bar
		requestAnimationFrame(() => requestAnimationFrame(() => (growing.style.width = '90%')))
	}
	const finish = () => {
		const done = bar
		bar = null
		if (!done) return
		done.style.transition = 'width 150ms, opacity 200ms 150ms'
		done.style.width = '100%'
		done.style.opacity = '0'
		setTimeout(() => done.remove(), 400)
	}
	router.subscribe((state) => {
		if (state.navigation.state !== 'idle') {
			showTimer ??= setTimeout(show, PROGRESS_THROTTLE_MS)
			return
		}
		clearTimeout(showTimer)
		showTimer = undefined
		finish()
		if (state.location.key === lastKey) return
		lastKey = state.location.key
		clearTimeout(scrollTimer)
		document.documentElement.removeAttribute(SCROLL_PENDING_ATTRIBUTE)
		// A new page starts at its top, a moment after it rendered; going back restores where the user was,
		// a link that asked to keep the scroll (a dialog, a tab) keeps it, and a kept-alive screen puts the
		// user back where they were on it (app/client/keep-alive.ts).
		const keptAlive = state.matches.some((m) => (m.route.handle as { keepAlive?: boolean } | undefined)?.keepAlive)
		if (state.restoreScrollPosition === null && !state.preventScrollReset && !state.location.hash && !keptAlive) {
			document.documentElement.setAttribute(SCROLL_PENDING_ATTRIBUTE, 'pending')
			scrollTimer = setTimeout(() => {
				document.documentElement.removeAttribute(SCROLL_PENDING_ATTRIBUTE)
				window.scrollTo({ top: 0, left: 0 })
			}, SCROLL_TOP_DELAY_MS)
		}
	})
	if (router.state.navigation.state !== 'idle') showTimer = setTimeout(show, PROGRESS_THROTTLE_MS)
}

/**
 * The routes a path leads to, leaf first then its parents, from React Router's manifest. Its own small
 * matcher: importing React Router's here would grow the shared chunk every first load carries.
 */
export function routesFor(routes: Record<string, ManifestRoute>, pathname: string) {
	const wanted = pathname.split('/').filter(Boolean)
	const segmentsOf = (route: ManifestRoute): string[] => {
		const parent = route.parentId ? routes[route.parentId] : undefined
		return [...(parent ? segmentsOf(parent) : []), ...(route.path ?? '').split('/').filter(Boolean)]
	}
	let best: { route: ManifestRoute; score: number } | null = null
	for (const route of Object.values(routes)) {
		// A layout without a path or index is matched through its children.
		if (!route.index && !route.path) continue
		const pattern = segmentsOf(route)
		const splat = pattern.at(-1) === '*'
		const fixed = splat ? pattern.slice(0, -1) : pattern
		if (splat ? wanted.length < fixed.length : wanted.length !== fixed.length) continue
		if (!fixed.every((p, i) => p.startsWith(':') || p.toLowerCase() === wanted[i]!.toLowerCase())) continue
		const score = fixed.filter((p) => !p.startsWith(':')).length * 2 + fixed.length - (splat ? 100 : 0)
		if (!best || score > best.score) best = { route, score }
	}
	const chain: ManifestRoute[] = []
	for (let route = best?.route; route; route = route.parentId ? routes[route.parentId] : undefined) chain.push(route)
	return chain
}

/** A pointer over a link, or focus on it: the modules of the routes it leads to start loading, 4 at most at once. */
function preloadOnIntent() {
	const w = window as Window
	const queue = new PreloadQueue(
		(href) =>
			new Promise((resolve, reject) => {
				const link = document.createElement('link')
				link.rel = 'modulepreload'
				link.href = href
				link.onload = resolve
				link.onerror = reject
				document.head.append(link)
			}),
	)
	const intent = (event: Event) => {
		const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null
		const manifest = w.__reactRouterManifest
		if (!anchor || !manifest || anchor.origin !== location.origin || anchor.hasAttribute('download') || anchor.target) return
		for (const route of routesFor(manifest.routes, anchor.pathname)) {
			if (w.__reactRouterRouteModules?.[route.id]) continue
			for (const url of [route.module, ...(route.imports ?? [])]) queue.add(url)
		}
	}
	document.addEventListener('pointerover', intent, { passive: true })
	document.addEventListener('focusin', intent)
}
