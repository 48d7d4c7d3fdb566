import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, expect, test, vi } from 'vitest'
import { mailOutbox, payments, withdrawals } from '#api/db/schema.ts'
import type { Mail } from '#api/mail.ts'
import { chargeSuccessEvent } from '#api/payments/sandbox.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, checkout, fund, newKey, startFunding, webhook, withdraw } from '#tests/support/wallet.ts'
import { logger } from '#api/telemetry/logger.ts'

// Every money movement mails its maker once, after it committed: the outbox and what the mailer was given.

type Ctx = Awaited<ReturnType<typeof testApi>>

const DELIVERY = { product_id: 41, package_class: 'parcel', shipments_per_month: 40, period: 'quarterly' }
const THIRD_PARTY = { product_id: 1, vehicle_class: 'private_car' }
const GADGET = { product_id: 5, gadget_type: 'phone', device_value: 450_000, period: 'annual' }

describeApi('mail after money moves', () => {
	let ctx: Ctx
	/** Every mail handed to the mailer in this suite, attachments' bytes included. */
	const sent: Mail[] = []

	beforeAll(async () => {
		ctx = await testApi()
		const send = ctx.deps.mailer.send
		vi.spyOn(ctx.deps.mailer, 'send').mockImplementation(async (mail) => {
			sent.push(mail)
			await send(mail)
		})
	})

	const outbox = (email: string) =>
		ctx.db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`).orderBy(mailOutbox.createdAt)
	const withSubject = async (email: string, subject: string | RegExp) =>
		(await outbox(email)).filter((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)))
	const buy = (account: { token: string }, body: Record<string, unknown>, key = newKey('buy')) =>
		ctx.call('POST', '/purchases', { token: account.token, body: { ...body, idempotency_key: key } })
	const sentPdf = (subject: RegExp) => {
		const mail = sent.findLast((m) => subject.test(m.subject))
		return new TextDecoder().decode(mail?.attachments?.[0]?.content.slice(0, 5))
	}

	test('a wallet funding mails "Payment received" once, however often the gateway tells', async () => {
		const account = await ctx.createAccount()
		const reference = await fund(ctx, account, 12_500)
		const event = chargeSuccessEvent({ reference, amountKobo: 1_250_000, email: account.email, paidAt: new Date() })
		for (let i = 0; i < 3; i++) expect((await webhook(ctx, event)).status).toBe(200)
		await ctx.call('GET', `/payments/callback?reference=${reference}`)
		const mails = await withSubject(account.email, 'Payment received')
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain('₦12,500 is in your wallet')
		expect(mails[0]!.text).toContain(`Reference: ${reference}`)
		expect(mails[0]!.html).toContain(reference)
		expect(mails[0]!.attachments).toEqual([])
	})

	test('a declined payment mails "Payment failed" once', async () => {
		const account = await ctx.createAccount()
		const { body } = await startFunding(ctx, account, 3_000)
		await checkout(ctx, body.data.reference, 'decline')
		await ctx.sandbox.idle()
		for (let i = 0; i < 2; i++) await ctx.call('POST', '/payments/verify', { body: { reference: body.data.reference } })
		const mails = await withSubject(account.email, 'Payment failed')
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain('your payment of ₦3,000 for funding your wallet did not go through')
		expect(mails[0]!.text).toContain('http://portal.test/fund-wallet')
		expect(await withSubject(account.email, 'Payment received')).toHaveLength(0)
	})

	test('a purchase from the wallet of cover that runs at once is confirmed with its certificate attached', async () => {
		const account = await ctx.createAccount({ kyc: true })
		await fund(ctx, account, 50_000)
		const key = newKey('buy')
		const res = await buy(account, { ...DELIVERY, payment_option: 'wallet' }, key)
		expect(res.status).toBe(201)
		await buy(account, { ...DELIVERY, payment_option: 'wallet' }, key)
		const { policy_number, product_name } = res.body.data.policy
		const mails = await withSubject(account.email, /^Purchase confirmed/)
		expect(mails).toHaveLength(1)
		expect(mails[0]!.subject).toBe(`Purchase confirmed: ${product_name}, policy ${policy_number}`)
		expect(mails[0]!.attachments).toEqual([`certificate-${policy_number}.pdf`])
		expect(mails[0]!.text).toContain('Premium paid: ₦42,000 (from the wallet)')
		expect(mails[0]!.text).toContain('Your certificate is attached.')
		expect(sentPdf(/^Purchase confirmed/)).toBe('%PDF-')
	})

	test('a purchase by card is confirmed once, whatever repeats; a pending policy says its certificate follows', async () => {
		const buyer = await ctx.createAccount({ kind: 'individual', kyc: true })
		const started = await buy(buyer, THIRD_PARTY)
		const { reference } = started.body.data.payment
		await checkout(ctx, reference, 'approve')
		await ctx.sandbox.idle()
		await ctx.call('GET', `/payments/callback?reference=${reference}`)
		const event = chargeSuccessEvent({ reference, amountKobo: 1_500_000, email: buyer.email, paidAt: new Date() })
		for (let i = 0; i < 3; i++) await webhook(ctx, event)
		const mails = await withSubject(buyer.email, /^Purchase confirmed/)
		expect(mails).toHaveLength(1)
		expect(mails[0]!.text).toContain('Premium paid: ₦15,000 (by card)')
		expect(mails[0]!.text).toContain('Your certificate follows by email as soon as the policy is active.')
		expect(mails[0]!.text).toMatch(/\/mycover\/[0-9a-f-]{36}\/activate/)
		expect(mails[0]!.attachments).toEqual([])
		// A card purchase confirms the purchase: no separate "Payment received" for the wallet.
		expect(await withSubject(buyer.email, 'Payment received')).toHaveLength(0)
	})

	test('activating a pending policy mails "Your cover is active" with the certificate attached', async () => {
		const account = await ctx.createAccount({ kyc: true })
		await fund(ctx, account, 100_000)
		const { id, policy_number, product_name } = (await buy(account, { ...GADGET, payment_option: 'wallet' })).body.data.policy
		const form = new FormData()
		form.set('brand_and_model', 'Samsung Galaxy A54')
		form.set('serial_number', '356938035643809')
		const png = new Uint8Array(
			await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
				.png()
				.toBuffer(),
		)
		form.set('receipt', new File([png], 'receipt.png'))
		form.set('photo', new File([png], 'photo.png'))
		form.set('proof_of_ownership', new File([png], 'proof.png'))
		const activated = await ctx.api.request(`/api/v1/policies/${id}/activate`, {
			method: 'POST',
			headers: { authorization: `Bearer ${account.token}` },
			body: form,
		})
		expect(activated.status).toBe(200)
		const mails = await withSubject(account.email, /^Your cover is active/)
		expect(mails).toHaveLength(1)
		expect(mails[0]!.subject).toBe(`Your cover is active: ${product_name}, policy ${policy_number}`)
		expect(mails[0]!.attachments).toEqual([`certificate-${policy_number}.pdf`])
		expect(sentPdf(/^Your cover is active/)).toBe('%PDF-')
	})

	test('a withdrawal mails "Withdrawal paid" once; a failed one "Withdrawal failed" with the refund', async () => {
		const account = await ctx.createAccount()
		await fund(ctx, account, 20_000)
		await withdraw(ctx, account, 5_000)
		const paid = await withSubject(account.email, 'Withdrawal paid')
		expect(paid).toHaveLength(1)
		expect(paid[0]!.text).toContain('your withdrawal of ₦5,000 was paid to')
		// The sandbox's accounts ending in 9 refuse transfers.
		await withdraw(ctx, account, 4_000, '0123456789')
		const failed = await withSubject(account.email, 'Withdrawal failed')
		expect(failed).toHaveLength(1)
		expect(failed[0]!.text).toContain('Back in your wallet: ₦4,010 (the amount and the transfer fee)')
		const [row] = await ctx.db
			.select()
			.from(withdrawals)
			.where(eq(withdrawals.reference, failed[0]!.text.match(/wd_[0-9a-f]{24}/)![0]))
		expect(row!.status).toBe('failed')
		expect(await withSubject(account.email, 'Withdrawal paid')).toHaveLength(1)
	})

	test('a mail that cannot be sent is logged and the money still moves', async () => {
		const account = await ctx.createAccount()
		const { body } = await startFunding(ctx, account, 7_000)
		const send = vi.mocked(ctx.deps.mailer.send)
		const error = vi.spyOn(logger, 'error').mockImplementation(() => {})
		send.mockRejectedValueOnce(new Error('SMTP is down'))
		try {
			await checkout(ctx, body.data.reference, 'approve')
			await ctx.sandbox.idle()
			const [payment] = await ctx.db.select().from(payments).where(eq(payments.reference, body.data.reference))
			expect(payment!.status).toBe('success')
			expect(await balanceOf(ctx, account)).toBe(7_000)
			expect(error).toHaveBeenCalledWith('[mail] could not send the payment mail: SMTP is down')
		} finally {
			error.mockRestore()
		}
	})
})
