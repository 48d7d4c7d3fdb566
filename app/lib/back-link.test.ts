import type { RouteConfigEntry } from '@react-router/dev/routes'
import { matchRoutes, type RouteObject } from 'react-router'
import { expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { backLink, parentPath } from './back-link.ts'

const at = (path: string) => `http://portal.test${path}`

test('a same-origin Referer is the way back, named after its area', () => {
	expect(backLink(at('/fund-wallet'), at('/wallet'))).toEqual({ to: '/wallet', label: 'Back to Wallet' })
	expect(backLink(at('/products/p1'), at('/products?category=health'))).toEqual({
		to: '/products?category=health',
		label: 'Back to Products',
	})
	expect(backLink(at('/transaction-history/t1'), at('/'))).toEqual({ to: '/', label: 'Back to home' })
})

test('a from parameter wins over the Referer, and an inner page reads plain Back', () => {
	expect(backLink(at('/transaction-history/t1?from=/mycover/p1'), at('/wallet'))).toEqual({ to: '/mycover/p1', label: 'Back' })
})

test('another origin, the screen itself or an unsafe from falls back to the parent area', () => {
	expect(backLink(at('/withdraw'), 'https://evil.example/wallet')).toEqual({ to: '/wallet', label: 'Back to Wallet' })
	expect(backLink(at('/withdraw?step=code'), at('/withdraw'))).toEqual({ to: '/wallet', label: 'Back to Wallet' })
	expect(backLink(at('/products/p1?from=//evil.example'), null)).toEqual({ to: '/products', label: 'Back to Products' })
	expect(backLink(at('/update/kyc'), 'not a url')).toEqual({ to: '/', label: 'Back to home' })
})

test('every more-view screen has a parent', () => {
	expect(
		[
			'/settings/edit',
			'/settings/edit/u1',
			'/settings/roles/new',
			'/settings/roles/r1',
			'/manage-card',
			'/transaction-history/t1',
			'/products/p1/batch',
			'/mycover/p1/activate-staff',
			'/register/p1/payment',
		].map(parentPath),
	).toEqual([
		'/settings',
		'/settings?tab=team',
		'/settings/roles',
		'/settings/roles',
		'/wallet',
		'/transaction-history',
		'/products/p1',
		'/mycover/p1',
		'/products/p1',
	])
})

test('the parent of every more-view screen in the route map is a screen, not a page that is not found', () => {
	// Each more-view route with its parameters filled in, matched against the whole map as the router does.
	const objects = (entries: RouteConfigEntry[]): RouteObject[] =>
		entries.map((e) => (e.index ? { index: true, id: e.file } : { path: e.path, id: e.file, children: objects(e.children ?? []) }))
	const tree = objects(routes)
	const moreView = routes.find((e) => e.file === 'routes/_layouts/more-view.tsx')?.children ?? []
	expect(moreView.length).toBeGreaterThan(40)
	const strays = moreView.flatMap((screen) => {
		const path = `/${screen.path!.replace(/:[A-Za-z]+/g, 'x1')}`
		const parent = parentPath(path).split('?')[0]!
		const leaf = matchRoutes(tree, parent)?.at(-1)?.route.id
		// The catch-all, and /mycover/custodian, which answers 404 without a custodian (spec section 8).
		return !leaf || leaf === 'routes/not-found.tsx' || leaf === 'routes/custodians/custodian-required.tsx' ? [`${path} -> ${parent}`] : []
	})
	expect(strays).toEqual([])
	expect(parentPath('/pre-inspection/p1')).toBe('/mycover/p1')
	expect(parentPath('/manage-custodian/b1/activate')).toBe('/manage-custodian/b1/add')
})
