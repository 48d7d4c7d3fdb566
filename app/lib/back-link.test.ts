import { expect, test } from 'vitest'
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
