import { expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'

describeApi('API security headers', () => {
	test('JSON answers, errors, downloads and the sandbox checkout page carry them', async () => {
		const { api, call, createAccount } = await testApi()
		const { token } = await createAccount({ kyc: true })
		const answers = [
			await call('GET', '/openapi.json'),
			await call('GET', '/no-such-route'),
			await call('GET', '/users/me'),
			await call('GET', '/transactions.csv', { token }),
		]
		expect(answers[3]!.headers.get('content-type')).toContain('text/csv')
		const page = await api.request('/api/v1/sandbox/checkout/no-such-reference')
		for (const headers of [...answers.map((a) => a.headers), page.headers]) {
			expect(headers.get('x-content-type-options')).toBe('nosniff')
			expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
			expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
			expect(headers.get('content-security-policy')).toContain("default-src 'none'")
		}
		expect(page.status).toBe(404)
	})
})
