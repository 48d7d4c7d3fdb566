import type { Page } from '@playwright/test'
import { UPLOAD_BODY_MAX_BYTES } from '../../api/security/body-limit.ts'
import { rawHttp } from '../support/raw-http.ts'
import { DEMO_PASSWORD, expect, signIn, test, visit } from './support.ts'

/** Every console message of the page that reports a Content-Security-Policy violation. */
function cspViolations(page: Page) {
	const found: string[] = []
	page.on('console', (message) => {
		if (message.text().includes('Content Security Policy')) found.push(message.text())
	})
	return found
}

test('pages, downloads and API answers carry the security headers', async ({ page }) => {
	const login = await page.request.get('/login')
	const csp = login.headers()['content-security-policy']!
	expect(csp).toMatch(/script-src 'self' 'nonce-[\w+/=]{20,}'/)
	expect(csp).toContain("frame-ancestors 'none'")
	expect(csp).not.toContain('unsafe-eval')
	expect(login.headers()).toMatchObject({
		'x-content-type-options': 'nosniff',
		'referrer-policy': 'strict-origin-when-cross-origin',
		'permissions-policy': 'camera=()',
	})
	// Plain HTTP here: HSTS only over HTTPS.
	expect(login.headers()['strict-transport-security']).toBeUndefined()
	// A fresh nonce each time, and the one on the scripts is the one in the header.
	const again = await page.request.get('/login')
	const nonce = csp.match(/'nonce-([^']+)'/)![1]!
	expect(again.headers()['content-security-policy']).not.toContain(nonce)
	expect(await login.text()).toContain(`nonce="${nonce}"`)

	// Inspections may use the camera; nothing else may.
	// The answer of the page itself, even when it sends a signed-out visitor to sign in.
	const camera = async (path: string) => (await page.request.get(path, { maxRedirects: 0 })).headers()['permissions-policy']
	expect(await camera('/inspection-scanner')).toBe('camera=(self)')
	expect(await camera('/claims/make-claim/3/inspection')).toBe('camera=(self)')

	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	const csv = await page.request.get('/transaction-history.csv')
	expect(csv.status()).toBe(200)
	expect(csv.headers()['content-type']).toContain('text/csv')
	expect(csv.headers()['x-content-type-options']).toBe('nosniff')

	const api = await page.request.get('/api/v1/openapi.json')
	expect(api.headers()).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' })
	expect(api.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
})

test('no Content-Security-Policy violation on sign-in, a signed-in page, the outbox and the sandbox checkout', async ({ page, js }) => {
	test.skip(!js, 'the policy is about scripts')
	const violations = cspViolations(page)
	await visit(page, '/login')
	await signIn(page, 'business@example.com', DEMO_PASSWORD)
	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Adaeze')
	await visit(page, '/wallet')
	await visit(page, '/dev/outbox')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Outbox')
	// The checkout page of an unknown payment has the same inline style as a real one.
	await page.goto('/api/v1/sandbox/checkout/no-such-reference')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('We could not find that payment.')
	expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(244, 245, 247)')
	expect(violations).toEqual([])
})

test('a body claiming 400 MB is refused with 413 at once, by the portal and the API alone', async ({ baseURL, js }) => {
	test.skip(!js, 'no browser involved: once is enough')
	const port = Number(new URL(baseURL!).port)
	const claim = (path: string, type: string, bytes = 400 * 1024 * 1024) =>
		`POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: ${type}\r\nContent-Length: ${bytes}`
	for (const [p, head] of [
		[port, claim('/login', 'application/x-www-form-urlencoded')],
		[port, claim('/login.data', 'application/x-www-form-urlencoded')],
		[port, claim('/api/v1/auth/sign-in', 'application/json')],
		[port, claim('/products/5/batch', 'multipart/form-data; boundary=x', UPLOAD_BODY_MAX_BYTES + 1)],
		[port + 1, claim('/api/v1/auth/sign-in', 'application/json')],
		[port + 1, claim('/api/v1/purchases/batch/preview', 'multipart/form-data; boundary=x', UPLOAD_BODY_MAX_BYTES + 1)],
	] as const) {
		const res = await rawHttp(p, `${head}\r\n\r\nx`)
		expect(res.status, head).toBe(413)
		expect(res.ms, head).toBeLessThan(2_000)
	}
})
