import type { APIRequestContext, Page } from '@playwright/test'
import { expect, latestCode, mailsTo, uniqueEmail } from './support.ts'

// Set-up for the wallet and transaction specs, through the API so that the screens under test start
// from a known state: a fresh business has an empty wallet, whatever other tests do in parallel.

export type Member = { email: string; password: string; headers: { Authorization: string } }

const PASSWORD = 'Wallet-pass-2026'

/** A new business (or individual), registered, verified and through KYC by the API; its owner's bearer headers. */
export async function businessThroughApi(
	page: Page,
	request: APIRequestContext,
	firstName = 'Funke',
	kind: 'business' | 'individual' = 'business',
): Promise<Member> {
	const email = uniqueEmail('wallet')
	const signedUp = await request.post('/api/v1/auth/sign-up', {
		data: {
			account_type: kind,
			...(kind === 'business' ? { business_name: 'Ayo Foods Ltd' } : {}),
			first_name: firstName,
			last_name: 'Ayo',
			email,
			phone: '08031234567',
			password: PASSWORD,
			platform: 'web',
		},
	})
	expect(signedUp.status()).toBe(201)
	const user = (await signedUp.json()).data as { access_token: string; customer: { id: string } }
	const headers = { Authorization: `Bearer ${user.access_token}` }
	const verified = await request.post('/api/v1/auth/verify-email', { headers, data: { otp: await latestCode(page, email) } })
	expect(verified.status()).toBe(200)
	const kyc = await request.post(`/api/v1/business/${user.customer.id}`, {
		headers,
		data: {
			sector: 'Education',
			business_type: 'none',
			state: 'Lagos',
			lga: 'Ikeja',
			address: '7 Awolowo Way',
			phone: '08031234567',
		},
	})
	expect(kyc.status()).toBe(200)
	return { email, password: PASSWORD, headers }
}

/** A second member of the owner's business with a seeded role, invited and joined through the API. */
export async function memberThroughApi(page: Page, request: APIRequestContext, owner: Member, roleName: string): Promise<Member> {
	const roles = (await (await request.get('/api/v1/roles', { headers: owner.headers })).json()).data as Array<{ id: string; name: string }>
	const email = uniqueEmail('wallet-member')
	const invited = await request.post('/api/v1/invitations', {
		headers: owner.headers,
		data: { email, role_id: roles.find((r) => r.name === roleName)!.id },
	})
	expect(invited.status()).toBe(201)
	const [mail] = await mailsTo(page, email)
	const token = new URL(mail!.text.match(/https?:\/\/\S+\/invitation\?token=\S+/)![0]).searchParams.get('token')
	const joined = await request.post('/api/v1/invitations/activate', {
		data: { token, first_name: 'Kemi', last_name: 'Bello', password: PASSWORD },
	})
	expect(joined.status()).toBe(201)
	return { email, password: PASSWORD, headers: { Authorization: `Bearer ${(await joined.json()).data.access_token}` } }
}

/** Start a funding; without `outcome` it stays pending. Answers the payment's reference. */
export async function fundThroughApi(request: APIRequestContext, member: Member, amount: number, outcome?: 'approve' | 'decline') {
	const started = await request.post('/api/v1/wallet/fund', {
		headers: member.headers,
		data: { amount, idempotency_key: `e2e-${crypto.randomUUID()}` },
	})
	expect(started.status()).toBe(201)
	const reference = (await started.json()).data.reference as string
	if (outcome) {
		const paid = await request.post(`/api/v1/sandbox/checkout/${reference}`, { form: { outcome }, maxRedirects: 0 })
		expect(paid.status()).toBe(303)
		// What the callback page does: the wallet is credited now rather than when the webhook lands.
		const verified = await request.post('/api/v1/payments/verify', { data: { reference } })
		expect((await verified.json()).data.status).toBe(outcome === 'approve' ? 'success' : 'failed')
	}
	return reference
}

export async function apiBalance(request: APIRequestContext, member: Member) {
	return (await (await request.get('/api/v1/wallet', { headers: member.headers })).json()).data.balance as number
}

/** The balance as the wallet screen shows it. */
export const shownBalance = (page: Page) => page.getByRole('region', { name: 'Balance' }).locator('p').first()
