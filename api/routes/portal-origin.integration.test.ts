import { beforeAll, expect, test } from 'vitest'
import { PORTAL_ORIGIN_HEADER } from '#api/contract/common.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { checkout, newKey } from '#tests/support/wallet.ts'

// Decision 043: without PUBLIC_URL, the gateway returns the payer to the origin they reached the portal at.

type Ctx = Awaited<ReturnType<typeof testApi>>

const fundFrom = (ctx: Ctx, token: string, origin: string) =>
	ctx.call('POST', '/wallet/fund', {
		token,
		headers: { [PORTAL_ORIGIN_HEADER]: origin },
		body: { amount: 5_000, idempotency_key: newKey('origin') },
	})

describeApi('the payment return URL', () => {
	let unset: Ctx
	let fixed: Ctx

	beforeAll(async () => {
		unset = await testApi({ env: { publicUrl: 'http://localhost:3000', publicUrlFixed: false } })
		fixed = await testApi({ env: { publicUrl: 'https://cover.example', publicUrlFixed: true } })
	})

	test('PUBLIC_URL unset and the portal reached at 127.0.0.1: the checkout returns to 127.0.0.1', async () => {
		const account = await unset.createAccount()
		const { status, body } = await fundFrom(unset, account.token, 'http://127.0.0.1:3480')
		expect(status).toBe(201)
		const paid = await checkout(unset, body.data.reference, 'approve')
		expect(paid.headers.get('location')).toBe(
			`http://127.0.0.1:3480/fund-wallet/callback?trxref=${body.data.reference}&reference=${body.data.reference}`,
		)
	})

	test('PUBLIC_URL unset and no origin sent: the default address', async () => {
		const account = await unset.createAccount()
		const { body } = await unset.call('POST', '/wallet/fund', {
			token: account.token,
			body: { amount: 5_000, idempotency_key: newKey('o') },
		})
		const paid = await checkout(unset, body.data.reference, 'approve')
		expect(paid.headers.get('location')).toMatch(/^http:\/\/localhost:3000\/fund-wallet\/callback\?/)
	})

	test('PUBLIC_URL set: it wins over the origin the request came to', async () => {
		const account = await fixed.createAccount()
		const { body } = await fundFrom(fixed, account.token, 'http://127.0.0.1:3480')
		const paid = await checkout(fixed, body.data.reference, 'approve')
		expect(paid.headers.get('location')).toMatch(/^https:\/\/cover\.example\/fund-wallet\/callback\?/)
	})
})
