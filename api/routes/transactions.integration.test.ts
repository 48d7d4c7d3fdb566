import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { claims, invoicePayments, invoices, payments, purchases } from '#api/db/schema.ts'
import { claimPayoutTransfer, claimReserveTransfer, premiumRefundTransfer, referralRewardTransfer } from '#api/domain/ledger.ts'
import { payFromWallet, payInvoiceFromGateway } from '#api/services/billing.ts'
import { postTransfer } from '#api/services/ledger.ts'
import { insertPolicy } from '#tests/support/claims.ts'
import { pdfText } from '#tests/support/pdf.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, checkout, fund, newKey, startFunding, withdraw } from '#tests/support/wallet.ts'

// GET /transactions, GET /transactions.csv and GET /transactions/:id: fundings, withdrawals, purchases and
// the wallet transfers the ledger alone records (invoice payments, credit notes, claim payments, rewards).

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>
type Item = { id: string; type: string; status: string; stage: string; amount: number; fee: number; reference: string; description: string }
type Entry = { account: string; amount: number; transfer_kind: string }

describeApi('transactions', () => {
	let ctx: Ctx
	let owner: Account
	const refs: Record<string, string> = {}
	const ids: Record<string, string> = {}

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
		refs.funded = await fund(ctx, owner, 20_000)
		const declined = await startFunding(ctx, owner, 1_500)
		await checkout(ctx, declined.body.data.reference, 'decline')
		await ctx.call('POST', '/payments/verify', { body: { reference: declined.body.data.reference } })
		refs.declined = declined.body.data.reference
		refs.pending = (await startFunding(ctx, owner, 700)).body.data.reference
		const paid = await withdraw(ctx, owner, 5_000)
		const bounced = await withdraw(ctx, owner, 2_000, '0123456789')
		refs.paid = paid.body.data.reference
		refs.bounced = bounced.body.data.reference
		ids.paid = paid.body.data.id
		ids.bounced = bounced.body.data.id
		const [funding] = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.reference, refs.funded))
		ids.funded = funding!.id
	})

	const list = async (query = '', token = owner.token) => (await ctx.call('GET', `/transactions${query}`, { token })).body.data

	test.each([
		['GET', '/transactions'],
		['GET', '/transactions.csv'],
		['GET', `/transactions/${randomUUID()}`],
	])('%s %s needs a valid bearer token', async (method, path) => {
		expect(await ctx.call(method, path)).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
	})

	test('fundings and withdrawals, newest first, with the status a list shows', async () => {
		const page = await list()
		expect(page).toMatchObject({ page: 1, page_size: 20, total: 5 })
		expect(page.items.map((t: Item) => [t.reference, t.type, t.status, t.stage, t.amount, t.fee])).toEqual([
			[refs.bounced, 'withdrawal', 'failed', 'failed', 2_000, 10],
			[refs.paid, 'withdrawal', 'success', 'succeeded', 5_000, 10],
			[refs.pending, 'funding', 'pending', 'pending', 700, 0],
			[refs.declined, 'funding', 'failed', 'failed', 1_500, 0],
			[refs.funded, 'funding', 'success', 'success', 20_000, 0],
		])
		expect(page.items[1].description).toBe('Withdrawal to CHINEDU OBI, Guaranty Trust Bank 0123456780')
	})

	test('filters by type, status and dates, and pages', async () => {
		expect((await list('?type=withdrawal')).items.map((t: Item) => t.reference)).toEqual([refs.bounced, refs.paid])
		expect((await list('?status=failed')).items.map((t: Item) => t.reference)).toEqual([refs.bounced, refs.declined])
		expect((await list('?type=funding&status=success')).items.map((t: Item) => t.reference)).toEqual([refs.funded])
		const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10)
		expect((await list(`?from=${today}&to=${today}`)).total).toBe(5)
		expect((await list('?to=2020-01-01')).total).toBe(0)
		const second = await list('?page=2&page_size=2')
		expect(second).toMatchObject({ page: 2, page_size: 2, total: 5 })
		expect(second.items.map((t: Item) => t.reference)).toEqual([refs.pending, refs.declined])
		for (const [query, path] of [
			['?type=premium', 'type'],
			['?status=lost', 'status'],
			['?from=yesterday', 'from'],
			['?page=0', 'page'],
			['?page_size=500', 'page_size'],
			['?from=2026-02-01&to=2026-01-01', 'from'],
		]) {
			const res = await ctx.call('GET', `/transactions${query}`, { token: owner.token })
			expect(res.status, query).toBe(400)
			expect(res.body.errors[0].path).toBe(path)
		}
	})

	test('GET /transactions.csv: the same rows with a header, whole Naira, the same filters', async () => {
		const res = await ctx.call('GET', '/transactions.csv?type=withdrawal', { token: owner.token })
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="transactions.csv"')
		const lines = (res.body as string).trimEnd().split('\r\n')
		expect(lines[0]).toBe('date,reference,type,status,stage,amount,fee,description')
		expect(lines).toHaveLength(3)
		expect(lines[2]).toMatch(
			new RegExp(
				`^\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,${refs.paid},withdrawal,success,succeeded,5000,10,"Withdrawal to CHINEDU OBI, Guaranty Trust Bank 0123456780"$`,
			),
		)
		const all = await ctx.call('GET', '/transactions.csv', { token: owner.token })
		expect((all.body as string).trimEnd().split('\r\n')).toHaveLength(6)
		expect((await ctx.call('GET', '/transactions.csv?status=nope', { token: owner.token })).status).toBe(400)
	})

	test('a receipt shows the transaction, where the money went, and its ledger entries', async () => {
		const funded = (await ctx.call('GET', `/transactions/${ids.funded}`, { token: owner.token })).body.data
		expect(funded).toMatchObject({
			reference: refs.funded,
			type: 'funding',
			status: 'success',
			amount: 20_000,
			bank: null,
			failure_reason: null,
		})
		expect(
			funded.entries.map((e: { account: string; amount: number; transfer_kind: string }) => [e.transfer_kind, e.account, e.amount]),
		).toEqual([
			['funding', 'wallet', 20_000],
			['funding', 'gateway_clearing', -20_000],
		])
		const bounced = (await ctx.call('GET', `/transactions/${ids.bounced}`, { token: owner.token })).body.data
		expect(bounced).toMatchObject({
			status: 'failed',
			bank: { bank_name: 'Guaranty Trust Bank', account_number: '0123456789', account_name: 'AMINA BELLO' },
			failure_reason: 'The beneficiary bank declined the transfer',
		})
		expect(
			bounced.entries.map((e: { account: string; amount: number; transfer_kind: string }) => [e.transfer_kind, e.account, e.amount]),
		).toEqual([
			['withdrawal', 'payouts_in_transit', 2_000],
			['withdrawal', 'fees', 10],
			['withdrawal', 'wallet', -2_010],
			['withdrawal_reversal', 'wallet', 2_010],
			['withdrawal_reversal', 'fees', -10],
			['withdrawal_reversal', 'payouts_in_transit', -2_000],
		])
		const paid = (await ctx.call('GET', `/transactions/${ids.paid}`, { token: owner.token })).body.data
		expect(paid.entries.map((e: { transfer_kind: string }) => e.transfer_kind)).toEqual([
			'withdrawal',
			'withdrawal',
			'withdrawal',
			'withdrawal_settlement',
			'withdrawal_settlement',
		])
	})

	test("another business's transactions are invisible; a Viewer reads, HR does not", async () => {
		const stranger = await ctx.createAccount()
		expect(await list('', stranger.token)).toMatchObject({ total: 0, items: [] })
		expect(await ctx.call('GET', `/transactions/${ids.paid}`, { token: stranger.token })).toMatchObject({
			status: 404,
			body: { message: 'We could not find that transaction.' },
		})
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect((await list('', viewer.token)).total).toBe(5)
		const hr = await ctx.createMember(owner, 'HR')
		expect((await ctx.call('GET', '/transactions', { token: hr.token })).status).toBe(403)
		expect((await ctx.call('GET', '/transactions.csv', { token: hr.token })).status).toBe(403)
	})
})

describeApi('purchases in the history', () => {
	let ctx: Ctx
	let buyer: Account
	const refs: Record<string, string> = {}
	const ids: Record<string, string> = {}
	const THIRD_PARTY = { product_id: 1, vehicle_class: 'private_car' }

	const buy = async (body: Record<string, unknown>) => {
		const res = await ctx.call('POST', '/purchases', { token: buyer.token, body: { ...body, idempotency_key: newKey('buy') } })
		if (res.status !== 201) throw new Error(`purchase failed: ${JSON.stringify(res.body)}`)
		return res.body.data
	}
	const list = async (query = '', token = buyer.token) => (await ctx.call('GET', `/transactions${query}`, { token })).body.data
	const receipt = async (id: string) => (await ctx.call('GET', `/transactions/${id}`, { token: buyer.token })).body.data
	const rowsOf = (items: Item[]) => items.map((t) => [t.reference, t.type, t.status, t.stage, t.amount, t.fee, t.description])

	beforeAll(async () => {
		ctx = await testApi()
		buyer = await ctx.createAccount({ kyc: true })
		refs.funded = await fund(ctx, buyer, 20_000)
		const fromWallet = await buy({ ...THIRD_PARTY, payment_option: 'wallet' })
		ids.wallet = fromWallet.purchase.id
		ids.walletPolicy = fromWallet.policy.id
		const declined = await buy({ ...THIRD_PARTY, payment_option: 'gateway' })
		ids.declined = declined.purchase.id
		refs.declined = declined.payment.reference
		await checkout(ctx, refs.declined, 'decline')
		await ctx.call('POST', '/payments/verify', { body: { reference: refs.declined } })
		const byCard = await buy({ ...THIRD_PARTY, payment_option: 'gateway' })
		ids.card = byCard.purchase.id
		refs.card = byCard.payment.reference
		// A staff plan charges nothing now: no money moved, no line in the history.
		ids.plan = (await buy({ product_id: 16, plan_type: 'standard', members: 2, period: 'monthly', payment_option: 'wallet' })).purchase.id
	})

	test('a purchase that moves money is a line; a staff plan subscription is not', async () => {
		const page = await list()
		expect(page.total).toBe(4)
		expect(rowsOf(page.items)).toEqual([
			[refs.card, 'purchase', 'pending', 'pending', 15_000, 0, 'Third Party Motor, paid by card'],
			[refs.declined, 'purchase', 'failed', 'failed', 15_000, 0, 'Third Party Motor, paid by card'],
			// A wallet purchase's reference is its premium transfer's.
			[`purchase_${ids.wallet}`, 'purchase', 'success', 'success', 15_000, 0, 'Third Party Motor, paid from the wallet'],
			[refs.funded, 'funding', 'success', 'success', 20_000, 0, 'Wallet funding'],
		])
		expect(page.items.map((t: Item) => t.id)).not.toContain(ids.plan)
		expect((await ctx.call('GET', `/transactions/${ids.plan}`, { token: buyer.token })).status).toBe(404)
		const [plan] = await ctx.db.select().from(purchases).where(eq(purchases.id, ids.plan))
		expect(plan).toMatchObject({ paymentOption: 'subscription', amount: 0 })
	})

	test('a card purchase is pending until its payment, then a success with its premium entries and policy', async () => {
		expect(await receipt(ids.card)).toMatchObject({ status: 'pending', policy: null, failure_reason: null, entries: [] })
		await checkout(ctx, refs.card, 'approve')
		await ctx.sandbox.idle()
		const paid = await receipt(ids.card)
		expect(paid).toMatchObject({
			type: 'purchase',
			status: 'success',
			stage: 'success',
			reference: refs.card,
			amount: 15_000,
			bank: null,
			failure_reason: null,
		})
		expect(paid.policy.policy_number).toMatch(/^CP-AUTO-\d{4}-\d{6}$/)
		expect(paid.entries.map((e: Entry) => [e.transfer_kind, e.account, e.amount])).toEqual([
			['premium', 'premium_income', 15_000],
			['premium', 'gateway_clearing', -15_000],
		])
		expect((await list()).items[0]).toMatchObject({ id: ids.card, status: 'success' })
	})

	test("a wallet purchase's receipt shows the premium leaving the wallet and the policy bought", async () => {
		const paid = await receipt(ids.wallet)
		expect(paid).toMatchObject({
			type: 'purchase',
			status: 'success',
			reference: `purchase_${ids.wallet}`,
			amount: 15_000,
			fee: 0,
			description: 'Third Party Motor, paid from the wallet',
			bank: null,
			failure_reason: null,
			policy: { id: ids.walletPolicy, policy_number: expect.stringMatching(/^CP-AUTO-/) },
		})
		expect(paid.entries.map((e: Entry) => [e.transfer_kind, e.account, e.amount])).toEqual([
			['premium', 'premium_income', 15_000],
			['premium', 'wallet', -15_000],
		])
		const declined = await receipt(ids.declined)
		expect(declined).toMatchObject({ status: 'failed', failure_reason: 'Declined', policy: null, entries: [] })
		const funded = (await list('?type=funding')).items[0]
		expect(await receipt(funded.id)).toMatchObject({ type: 'funding', policy: null })
	})

	test('the type filter takes purchase, with the status filter', async () => {
		expect((await list('?type=purchase')).items.map((t: Item) => t.id)).toEqual([ids.card, ids.declined, ids.wallet])
		expect((await list('?type=purchase&status=success')).items.map((t: Item) => t.id)).toEqual([ids.card, ids.wallet])
		expect((await list('?type=purchase&status=failed')).items.map((t: Item) => t.id)).toEqual([ids.declined])
		expect((await list('?type=funding')).total).toBe(1)
		expect(await ctx.call('GET', '/transactions?type=premium', { token: buyer.token })).toMatchObject({
			status: 400,
			body: {
				errors: [
					{
						path: 'type',
						message: 'The type must be one of funding, withdrawal, purchase, invoice_payment, credit_note, claim_payment, referral_reward.',
					},
				],
			},
		})
	})

	test('the CSV has the purchases', async () => {
		const res = await ctx.call('GET', '/transactions.csv?type=purchase', { token: buyer.token })
		const lines = (res.body as string).trimEnd().split('\r\n')
		expect(lines).toHaveLength(4)
		expect(lines.slice(1).map((l) => l.replace(/^[^,]+,/, ''))).toEqual([
			`${refs.card},purchase,success,success,15000,0,"Third Party Motor, paid by card"`,
			`${refs.declined},purchase,failed,failed,15000,0,"Third Party Motor, paid by card"`,
			`purchase_${ids.wallet},purchase,success,success,15000,0,"Third Party Motor, paid from the wallet"`,
		])
	})

	test('another business never sees them', async () => {
		const stranger = await ctx.createAccount({ kyc: true })
		await fund(ctx, stranger, 15_000)
		await ctx.call('POST', '/purchases', {
			token: stranger.token,
			body: { ...THIRD_PARTY, payment_option: 'wallet', idempotency_key: newKey('buy') },
		})
		const theirs = await list('?type=purchase', stranger.token)
		expect(theirs.total).toBe(1)
		expect(theirs.items[0].id).not.toBe(ids.wallet)
		for (const id of [ids.wallet, ids.card]) {
			expect(await ctx.call('GET', `/transactions/${id}`, { token: stranger.token })).toMatchObject({
				status: 404,
				body: { message: 'We could not find that transaction.' },
			})
		}
		expect((await list('?type=purchase')).total).toBe(3)
	})
})

describeApi('wallet transfers in the history (decision 097)', () => {
	let ctx: Ctx
	let owner: Account
	const ids: Record<string, string> = {}

	/**
	 * One of each: an invoice paid from the wallet by the billing service, a credit note's refund and a
	 * claim paid into the wallet as their services post them (with the rows that link them), and a
	 * referral reward. Written in this order, so newest first is the reverse.
	 */
	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount()
		await fund(ctx, owner, 50_000)
		const policy = await insertPolicy(ctx, owner.customerId)
		const [invoice] = await ctx.db
			.insert(invoices)
			.values({
				customerId: owner.customerId,
				policyId: policy.id,
				kind: 'invoice',
				number: `INV-${randomUUID().slice(0, 6)}`,
				status: 'open',
				periodStart: '2026-11-01',
				periodEnd: '2026-11-30',
				issuedOn: '2026-11-01',
				dueOn: '2026-11-15',
				total: 12_000,
			})
			.returning()
		ids.invoice = invoice!.id
		expect(await payFromWallet(ctx.deps, invoice!.id, { quiet: true })).toEqual({ paid: true, short: false })

		const [note] = await ctx.db
			.insert(invoices)
			.values({
				customerId: owner.customerId,
				policyId: policy.id,
				kind: 'credit_note',
				number: `CN-${randomUUID().slice(0, 6)}`,
				status: 'paid',
				periodStart: '2026-11-01',
				periodEnd: '2026-11-30',
				total: 3_000,
				adjustsId: invoice!.id,
			})
			.returning()
		ids.credit = note!.id
		await ctx.db.transaction(async (tx) => {
			const transfer = await postTransfer(
				tx,
				premiumRefundTransfer({ creditNoteId: note!.id, customerId: owner.customerId, amount: 3_000, reference: note!.number! }),
			)
			await tx.insert(invoicePayments).values({
				invoiceId: note!.id,
				method: 'wallet',
				reference: note!.number!,
				amount: 3_000,
				transferId: transfer.id,
				paidAt: new Date(),
			})
		})

		const claimNumber = `CL-TEST-${randomUUID().slice(0, 8)}`
		await ctx.db.transaction(async (tx) => {
			const claimId = randomUUID()
			await postTransfer(tx, claimReserveTransfer({ claimId, customerId: owner.customerId, amount: 40_000, reference: claimNumber }))
			const transfer = await postTransfer(
				tx,
				claimPayoutTransfer({ claimId, customerId: owner.customerId, amount: 40_000, reference: claimNumber }),
			)
			await tx.insert(claims).values({
				id: claimId,
				customerId: owner.customerId,
				policyId: policy.id,
				claimNumber,
				status: 'paid',
				incidentType: 'theft',
				incidentDate: '2026-10-01',
				place: 'Ikeja',
				description: 'Phone stolen',
				amount: 40_000,
				claimantName: 'Chinedu Obi',
				payoutMethod: 'wallet',
				payoutTransferId: transfer.id,
			})
			ids.claim = claimId
		})

		await ctx.db.transaction((tx) =>
			postTransfer(
				tx,
				referralRewardTransfer({ referralId: randomUUID(), customerId: owner.customerId, amount: 2_500, reference: 'REF-TEST0001' }),
			),
		)
		// And an invoice paid by card, as the gateway's webhook settles one: a line, though the wallet never moved.
		await ctx.db.transaction(async (tx) => {
			const [card] = await tx
				.insert(invoices)
				.values({
					customerId: owner.customerId,
					policyId: policy.id,
					kind: 'invoice',
					number: 'INV-CARD01',
					status: 'open',
					periodStart: '2026-12-01',
					periodEnd: '2026-12-31',
					issuedOn: '2026-12-01',
					dueOn: '2026-12-15',
					total: 7_000,
				})
				.returning()
			const reference = `card_inv_${randomUUID().slice(0, 8)}`
			const [payment] = await tx
				.insert(payments)
				.values({
					customerId: owner.customerId,
					idempotencyKey: reference,
					reference,
					amount: 7_000,
					status: 'success',
					gateway: 'sandbox',
					purpose: 'invoice',
					invoiceId: card!.id,
					paidAt: new Date(),
				})
				.returning()
			await payInvoiceFromGateway(tx, payment!, new Date())
			ids.cardInvoice = card!.id
		})
	})

	const list = async (query = '') => (await ctx.call('GET', `/transactions${query}`, { token: owner.token })).body.data
	type Line = Item & { subject_id: string | null }

	test('each wallet transfer is one line, successful, with its amount, link and the money it brought in or took out', async () => {
		const page = await list()
		expect(page.total).toBe(6)
		const rows = page.items.map((t: Line) => [t.type, t.status, t.stage, t.amount, t.fee, t.subject_id])
		expect(rows).toEqual([
			['invoice_payment', 'success', 'success', 7_000, 0, ids.cardInvoice],
			['referral_reward', 'success', 'success', 2_500, 0, null],
			['claim_payment', 'success', 'success', 40_000, 0, ids.claim],
			['credit_note', 'success', 'success', 3_000, 0, ids.credit],
			['invoice_payment', 'success', 'success', 12_000, 0, ids.invoice],
			['funding', 'success', 'success', 50_000, 0, null],
		])
		expect(page.items[0].description).toBe('Invoice INV-CARD01 paid by card')
		const byType = Object.fromEntries(page.items.slice(1).map((t: Line) => [t.type, t]))
		expect(byType.invoice_payment.reference).toBe(`invoice_${ids.invoice}`)
		expect(byType.invoice_payment.description).toMatch(/^Invoice INV-\w+: ₦12,000 paid from the wallet$/)
		expect(byType.credit_note.description).toMatch(/^Credit note CN-\w+: ₦3,000 back to the wallet$/)
		expect(byType.claim_payment.description).toMatch(/^Claim CL-TEST-\w+ paid: ₦40,000$/)
		expect(byType.referral_reward).toMatchObject({ reference: 'REF-TEST0001', description: 'Referral reward REF-TEST0001: ₦2,500' })
		// The wallet's lines add up to it: in 50,000 + 3,000 + 40,000 + 2,500, out 12,000 (the card paid 7,000).
		expect(await balanceOf(ctx, owner)).toBe(83_500)
	})

	test.each([
		['invoice_payment', [7_000, 12_000]],
		['credit_note', [3_000]],
		['claim_payment', [40_000]],
		['referral_reward', [2_500]],
	])('the type filter takes %s, alone and with a status', async (type, amounts) => {
		const only = await list(`?type=${type}`)
		expect(only.items.map((t: Line) => [t.type, t.amount])).toEqual(amounts.map((a) => [type, a]))
		expect((await list(`?type=${type}&status=success`)).total).toBe(amounts.length)
		expect((await list(`?type=${type}&status=pending`)).total).toBe(0)
	})

	test('pages read across the kinds newest first', async () => {
		const second = await list('?page=2&page_size=2')
		expect(second.items.map((t: Line) => t.type)).toEqual(['claim_payment', 'credit_note'])
	})

	test('the CSV has each of them', async () => {
		const res = await ctx.call('GET', '/transactions.csv', { token: owner.token })
		expect(res.status).toBe(200)
		const lines = (res.body as string).trimEnd().split('\r\n')
		expect(lines).toHaveLength(7)
		expect(lines.slice(1).map((l) => l.split(',').slice(2, 6))).toEqual([
			['invoice_payment', 'success', 'success', '7000'],
			['referral_reward', 'success', 'success', '2500'],
			['claim_payment', 'success', 'success', '40000'],
			['credit_note', 'success', 'success', '3000'],
			['invoice_payment', 'success', 'success', '12000'],
			['funding', 'success', 'success', '50000'],
		])
		const invoiceOnly = await ctx.call('GET', '/transactions.csv?type=invoice_payment', { token: owner.token })
		expect((invoiceOnly.body as string).trimEnd().split('\r\n')).toHaveLength(3)
	})

	test("a receipt shows each transfer's wallet entry; another business sees none of them", async () => {
		const page = await list()
		for (const t of page.items.filter((i: Line) => i.type !== 'funding')) {
			const receipt = (await ctx.call('GET', `/transactions/${t.id}`, { token: owner.token })).body.data
			expect(receipt).toMatchObject({ id: t.id, type: t.type, amount: t.amount, bank: null, policy: null, failure_reason: null })
			const wallet = receipt.entries.filter((e: Entry) => e.account === 'wallet').map((e: Entry) => e.amount)
			expect(wallet).toEqual(t.subject_id === ids.cardInvoice ? [] : [t.type === 'invoice_payment' ? -t.amount : t.amount])
			if (t.subject_id === ids.cardInvoice)
				expect(receipt.entries.map((e: Entry) => [e.transfer_kind, e.account, e.amount])).toEqual([
					['premium', 'premium_income', 7_000],
					['premium', 'gateway_clearing', -7_000],
				])
		}
		const other = await ctx.createAccount()
		expect((await ctx.call('GET', '/transactions', { token: other.token })).body.data.total).toBe(0)
		expect((await ctx.call('GET', `/transactions/${page.items[0].id}`, { token: other.token })).status).toBe(404)
	})

	test.each([
		['invoice_payment', 'Receipt: invoice payment', '₦7,000'],
		['credit_note', 'Receipt: credit to the wallet', '₦3,000'],
		['claim_payment', 'Receipt: claim paid into the wallet', '₦40,000'],
		['referral_reward', 'Receipt: referral reward', '₦2,500'],
	])('a %s has a PDF receipt with its title, amount and verification code', async (type, title, amount) => {
		const [line] = (await list(`?type=${type}`)).items as Line[]
		const res = await ctx.api.request(`/api/v1/transactions/${line!.id}/receipt`, { headers: { authorization: `Bearer ${owner.token}` } })
		expect(res.status).toBe(200)
		const text = await pdfText(new Uint8Array(await res.arrayBuffer()))
		expect(text).toContain(title)
		expect(text).toContain(line!.reference)
		expect(text).toContain(amount)
		const code = text.match(/Verification code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/)?.[1]
		expect(code).toBeTruthy()
		expect((await ctx.call('GET', `/verify/${code}`)).body.data).toMatchObject({ kind: 'receipt', type, reference: line!.reference })
	})
})
