import { expect, test, vi } from 'vitest'
import { progressAndScroll, routesFor, SCROLL_PENDING_ATTRIBUTE, SCROLL_TOP_DELAY_MS } from './navigation-effects.ts'

const routes = Object.fromEntries(
	[
		{ id: 'root', path: '' },
		{ id: 'dashboard', parentId: 'root' },
		{ id: 'home', parentId: 'dashboard', index: true },
		{ id: 'rewards', parentId: 'dashboard', path: 'rewards' },
		{ id: 'rewards-all', parentId: 'dashboard', path: 'rewards/all' },
		{ id: 'plan', parentId: 'dashboard', path: 'mycover/:planId' },
		{ id: 'not-found', parentId: 'root', path: '*' },
	].map((r) => [r.id, { ...r, module: `/assets/${r.id}.js` }]),
)
const ids = (path: string) => routesFor(routes, path).map((r) => r.id)

test("a link's routes, leaf first: static paths before parameters, the catch-all last", () => {
	expect(ids('/')).toEqual(['home', 'dashboard', 'root'])
	expect(ids('/rewards/all')).toEqual(['rewards-all', 'dashboard', 'root'])
	expect(ids('/mycover/1234')).toEqual(['plan', 'dashboard', 'root'])
	expect(ids('/nowhere/at/all')).toEqual(['not-found', 'root'])
})

test('a new page scrolls to its top 100 ms after it is drawn, marked on <html> until then; back and forward do not', () => {
	vi.useFakeTimers()
	const marks = new Map<string, string>()
	const scrolls: unknown[] = []
	vi.stubGlobal('document', {
		documentElement: {
			setAttribute: (name: string, value: string) => marks.set(name, value),
			removeAttribute: (name: string) => marks.delete(name),
		},
	})
	vi.stubGlobal('window', { scrollTo: (to: unknown) => scrolls.push(to) })
	try {
		const state = (key: string, restoreScrollPosition: number | null = null) => ({
			navigation: { state: 'idle' as const },
			location: { key, hash: '' },
			preventScrollReset: false,
			restoreScrollPosition,
			matches: [],
		})
		let listener: (s: ReturnType<typeof state>) => void = () => {}
		progressAndScroll({
			state: state('first'),
			subscribe: (fn) => {
				listener = fn
				return () => {}
			},
		})
		const pending = () => marks.get(SCROLL_PENDING_ATTRIBUTE) ?? null

		listener(state('second'))
		expect([pending(), scrolls.length]).toEqual(['pending', 0])
		vi.advanceTimersByTime(SCROLL_TOP_DELAY_MS - 1)
		expect([pending(), scrolls.length]).toEqual(['pending', 0])
		vi.advanceTimersByTime(1)
		expect([pending(), scrolls]).toEqual([null, [{ top: 0, left: 0 }]])

		// A page within the delay takes the last one's place; going back restores, with nothing pending.
		listener(state('third'))
		vi.advanceTimersByTime(SCROLL_TOP_DELAY_MS / 2)
		listener(state('fourth', 240))
		expect(pending()).toBe(null)
		vi.advanceTimersByTime(SCROLL_TOP_DELAY_MS * 2)
		expect(scrolls).toHaveLength(1)
	} finally {
		vi.unstubAllGlobals()
		vi.useRealTimers()
	}
})
