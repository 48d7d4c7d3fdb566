import { beforeAll, describe, expect, test } from 'vitest'

let pending: typeof import('./pending-purchase.server.ts')

beforeAll(async () => {
	process.env.SESSION_SECRET = 'a-test-secret-that-is-at-least-32-characters'
	process.env.SESSION_COOKIE_SECURE = 'true'
	pending = await import('./pending-purchase.server.ts')
})

/** A request carrying the cookie a Set-Cookie header set. */
const withCookie = (setCookie: string) => new Request('http://x/', { headers: { Cookie: setCookie.split(';')[0]! } })

const gadget = { product_id: 5, fields: { gadget_type: 'phone', device_value: '₦450,000', period: 'annual' }, total: 22_500 }

describe('the pending-purchase cookie', () => {
	test('keeps the quote signed, HttpOnly, SameSite=Lax, for an hour', async () => {
		const header = await pending.keepPendingPurchase(new Request('http://x/'), gadget)
		expect(header).toMatch(/^__pending_purchase=/)
		expect(header).toMatch(/HttpOnly/)
		expect(header).toMatch(/SameSite=Lax/)
		expect(header).toMatch(/Max-Age=3600/)
		expect(header).toMatch(/Secure/)
		expect(await pending.readPendingPurchase(withCookie(header))).toEqual(gadget)
	})

	test('answers for its own product only', async () => {
		const request = withCookie(await pending.keepPendingPurchase(new Request('http://x/'), gadget))
		expect(await pending.readPendingPurchase(request, 5)).toEqual(gadget)
		expect(await pending.readPendingPurchase(request, 30)).toBeNull()
	})

	test('a cookie changed by hand, or none, is no quote', async () => {
		const header = await pending.keepPendingPurchase(new Request('http://x/'), gadget)
		const [name, value] = header.split(';')[0]!.split('=') as [string, string]
		const tampered = new Request('http://x/', { headers: { Cookie: `${name}=${value.slice(0, -2)}xx` } })
		expect(await pending.readPendingPurchase(tampered)).toBeNull()
		expect(await pending.readPendingPurchase(new Request('http://x/'))).toBeNull()
	})

	test('forgetting it expires the cookie', async () => {
		const request = withCookie(await pending.keepPendingPurchase(new Request('http://x/'), gadget))
		const header = await pending.forgetPendingPurchase(request)
		expect(header).toMatch(/^__pending_purchase=;/)
		expect(header).toMatch(/Expires=Thu, 01 Jan 1970/)
	})
})
