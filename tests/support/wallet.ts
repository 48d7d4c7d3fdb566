import { randomUUID } from 'node:crypto'
import { sign, SIGNATURE_HEADER } from '#api/payments/events.ts'
import type { testApi } from './test-api.ts'
import { TEST_WEBHOOK_SECRET } from './test-api.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = { token: string; email: string }

export const newKey = (prefix = 'key') => `${prefix}-${randomUUID()}`

/** Start funding; answers the call's result. */
export const startFunding = (ctx: Ctx, account: Account, amount: unknown, key = newKey('fund')) =>
	ctx.call('POST', '/wallet/fund', { token: account.token, body: { amount, idempotency_key: key } })

/** Press a button of the sandbox checkout, as the payer's browser does without JavaScript. */
export const checkout = (ctx: Ctx, reference: string, outcome: 'approve' | 'decline') =>
	ctx.call('POST', `/sandbox/checkout/${reference}`, {
		rawBody: `outcome=${outcome}`,
		headers: { 'content-type': 'application/x-www-form-urlencoded' },
	})

/** Fund a wallet end to end through the sandbox: checkout, payment, the webhook delivered. */
export async function fund(ctx: Ctx, account: Account, amount: number) {
	const started = await startFunding(ctx, account, amount)
	if (started.status !== 201) throw new Error(`funding failed: ${JSON.stringify(started.body)}`)
	const reference: string = started.body.data.reference
	await checkout(ctx, reference, 'approve')
	await ctx.sandbox.idle()
	return reference
}

/** Deliver a webhook signed as the test gateway signs them, or with another secret. */
export function webhook(ctx: Ctx, event: unknown, secret = TEST_WEBHOOK_SECRET) {
	const rawBody = typeof event === 'string' ? event : JSON.stringify(event)
	return ctx.call('POST', '/payments/webhook', {
		rawBody,
		headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(rawBody, secret) },
	})
}

/** The code in the newest withdrawal mail to `email`. */
export async function withdrawalCode(ctx: Ctx, email: string) {
	const mail = await ctx.latestMail(email)
	const code = mail?.subject === 'Your withdrawal code' ? mail.text.match(/Your code is (\d{6})/)?.[1] : undefined
	if (!code) throw new Error(`No withdrawal code mailed to ${email}`)
	return code
}

/** Ask for a withdrawal and confirm it with the mailed code; answers the confirmation's result. */
export async function withdraw(ctx: Ctx, account: Account, amount: number, accountNumber = '0123456780', bankCode = '058') {
	const made = await ctx.call('POST', '/wallet/withdraw', {
		token: account.token,
		body: { amount, bank_code: bankCode, account_number: accountNumber, idempotency_key: newKey('wd') },
	})
	if (made.status !== 201) throw new Error(`withdrawal failed: ${JSON.stringify(made.body)}`)
	const confirmed = await ctx.call('POST', `/wallet/withdrawals/${made.body.data.id}/confirm`, {
		token: account.token,
		body: { otp: await withdrawalCode(ctx, account.email) },
	})
	await ctx.sandbox.idle()
	return confirmed
}

export async function balanceOf(ctx: Ctx, account: Account) {
	return (await ctx.call('GET', '/wallet', { token: account.token })).body.data.balance as number
}
