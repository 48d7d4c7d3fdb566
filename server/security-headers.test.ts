import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts'

let base = ''
const app = express()
app.set('trust proxy', true)
app.use(securityHeaders({ csp: true }))
app.get(/^\/kit/, (req, res) => {
	const named = req.query.framer
	if (typeof named === 'string') res.setHeader('X-Kit-Frame-Ancestors', named)
	res.end('kit')
})
app.get(/.*/, (_req, res) => res.end(String(res.locals.cspNonce)))
const server = app.listen(0)
beforeAll(() => {
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => void server.close())

describe('security headers', () => {
	test('the CSP names the nonce the page is rendered with, a new one each request', async () => {
		const first = await fetch(`${base}/login`)
		const nonce = await first.text()
		expect(first.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${nonce}'`)
		expect(await (await fetch(`${base}/login`)).text()).not.toBe(nonce)
	})

	test('no page may be framed but the kit', () => {
		expect(contentSecurityPolicy('n', '/')).toContain("frame-ancestors 'none'")
		expect(contentSecurityPolicy('n', '/kitchen')).toContain("frame-ancestors 'none'")
		expect(contentSecurityPolicy('n', '/kit')).not.toContain('frame-ancestors')
		expect(contentSecurityPolicy('n', '/kit/quote')).not.toContain('frame-ancestors')
	})

	test("the browser may send error reports to the DSN's host, and only with a DSN", () => {
		expect(contentSecurityPolicy('n', '/')).toContain("connect-src 'self';")
		expect(contentSecurityPolicy('n', '/', 'https://o1.ingest.sentry.io')).toContain("connect-src 'self' https://o1.ingest.sentry.io;")
	})

	test('a kit page may be framed only by the origin it names, and by none when it names none', async () => {
		const policy = async (query: string) => {
			const res = await fetch(`${base}/kit/s${query}`)
			expect(res.headers.get('x-kit-frame-ancestors')).toBeNull()
			return res.headers.get('content-security-policy') ?? ''
		}
		expect(await policy('?framer=https://bank.example')).toMatch(/; frame-ancestors https:\/\/bank\.example$/)
		expect(await policy('?framer=http://localhost:3800')).toMatch(/frame-ancestors http:\/\/localhost:3800$/)
		expect(await policy('?framer=*')).toMatch(/frame-ancestors \*$/)
		expect(await policy('')).toMatch(/frame-ancestors 'none'$/)
		for (const bad of ["https://bank.example; script-src 'unsafe-inline'", 'https://a.example https://b.example', 'javascript:x']) {
			expect(await policy(`?framer=${encodeURIComponent(bad)}`)).toMatch(/frame-ancestors 'none'$/)
		}
		expect((await fetch(`${base}/login`)).headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'$/)
	})

	test('the camera only on inspection pages', async () => {
		const camera = async (path: string) => (await fetch(`${base}${path}`)).headers.get('permissions-policy')
		expect(await camera('/')).toBe('camera=()')
		expect(await camera('/inspection-scanner')).toBe('camera=(self)')
		expect(await camera('/pre-inspection/12')).toBe('camera=(self)')
		expect(await camera('/claims/make-claim/7/inspection')).toBe('camera=(self)')
		expect(await camera('/claims/make-claim/7')).toBe('camera=()')
		expect(await camera('/kit/5f0c/inspect')).toBe('camera=(self)')
		expect(await camera('/kit/5f0c')).toBe('camera=()')
		expect(await camera('/ops/inspections')).toBe('camera=()')
	})

	test('HSTS only when the request came over HTTPS, as a trusted proxy says', async () => {
		expect((await fetch(base)).headers.get('strict-transport-security')).toBeNull()
		const https = await fetch(base, { headers: { 'x-forwarded-proto': 'https' } })
		expect(https.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
		expect(https.headers.get('x-content-type-options')).toBe('nosniff')
		expect(https.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
	})
})
