import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { activities, invoices, purchases } from '#api/db/schema.ts'
import { lagosDate } from '#api/domain/policies.ts'
import { issue, payFromWallet } from '#api/services/billing.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { insertPolicy, signInOperator } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, fund } from '#tests/support/wallet.ts'

// Credit notes from the insurer's desk (docs/decisions/096-credit-notes-from-the-desk.md): operators
// find any business's invoice and credit it; the money goes to the wallet through the ledger, once.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

describeApi('credit notes from the desk', () => {
	let ctx: Ctx
	let owner: Account
	let other: Account
	let operator: Awaited<ReturnType<typeof signInOperator>>

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		other = await ctx.createAccount({ kyc: true })
		operator = await signInOperator(ctx)
	})

	/** An issued invoice of `total` on a plan of the account's, bought by it (so the mail has someone to go to); paid from the wallet unless `unpaid`. */
	async function paidInvoice(total: number, account = owner, unpaid = false, buyer = true) {
		const plan = await insertPolicy(ctx, account.customerId)
		if (buyer) await ctx.db.update(purchases).set({ userId: account.userId }).where(eq(purchases.id, plan.purchaseId))
		const invoice = await ctx.db.transaction((tx) =>
			issue(tx, {
				plan,
				kind: 'invoice',
				monthStart: '2026-01-01',
				lines: [{ kind: 'member', subjectId: randomUUID(), description: 'Ada Okafor', quantity: 1, unitAmount: total, amount: total }],
				today: lagosDate(ctx.deps.now()),
			}),
		)
		if (unpaid) return invoice!
		await fund(ctx, account, total)
		expect(await payFromWallet(ctx.deps, invoice!.id)).toMatchObject({ paid: true })
		return invoice!
	}
	const credit = (id: string, body: unknown, token = operator.token) =>
		ctx.call('POST', `/desk/invoices/${id}/credit-notes`, { token, body })

	test('only operators reach the desk’s invoices: 401 without a token, 403 for a business, 404 for none', async () => {
		const invoice = await paidInvoice(10_000)
		expect((await ctx.call('GET', '/desk/invoices')).status).toBe(401)
		expect((await credit(invoice.id, { amount: 100, reason: 'Billed twice' }, '')).status).toBe(401)
		expect((await ctx.call('GET', '/desk/invoices', { token: owner.token })).status).toBe(403)
		expect((await ctx.call('GET', `/desk/invoices/${invoice.id}`, { token: owner.token })).status).toBe(403)
		const refused = await credit(invoice.id, { amount: 100, reason: 'Billed twice' }, owner.token)
		expect(refused.status).toBe(403)
		expect((await ctx.call('GET', `/desk/invoices/${randomUUID()}`, { token: operator.token })).status).toBe(404)
		const unknown = await credit(randomUUID(), { amount: 100, reason: 'Billed twice' })
		expect(unknown).toMatchObject({ status: 404, body: { message: expect.stringMatching(/invoice/i) } })
		expect(await balanceOf(ctx, owner)).toBe(0)
	})

	test('an unpaid invoice has nothing to credit yet: 409', async () => {
		const invoice = await paidInvoice(4_000, owner, true)
		const res = await credit(invoice.id, { amount: 1_000, reason: 'Member left' })
		expect(res).toMatchObject({ status: 409, body: { message: expect.stringMatching(/is not paid yet/) } })
		const detail = await ctx.call('GET', `/desk/invoices/${invoice.id}`, { token: operator.token })
		expect(detail.body.data).toMatchObject({ status: 'open', creditable: 0, credit_notes: [] })
	})

	test('a bad amount or reason is a 400 naming the field; more than the invoice billed is a 409', async () => {
		const invoice = await paidInvoice(10_000)
		for (const [body, path] of [
			[{ amount: 0, reason: 'Billed twice' }, 'amount'],
			[{ amount: -5, reason: 'Billed twice' }, 'amount'],
			[{ amount: 'lots', reason: 'Billed twice' }, 'amount'],
			[{ amount: 12.5, reason: 'Billed twice' }, 'amount'],
			[{ amount: 100, reason: '' }, 'reason'],
			[{ amount: 100 }, 'reason'],
		] as const) {
			const res = await credit(invoice.id, body)
			expect(res.status, JSON.stringify(body)).toBe(400)
			expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path)
		}
		const over = await credit(invoice.id, { amount: 10_001, reason: 'Too much' })
		expect(over.status).toBe(409)
		expect(over.body.message).toMatch(/at most ₦10,000/)
		const notes = await ctx.db.select().from(invoices).where(eq(invoices.adjustsId, invoice.id))
		expect(notes).toEqual([])
	})

	test('a credit note is numbered, pays the wallet, is audited and mailed, and the business sees it on its invoice', async () => {
		const invoice = await paidInvoice(15_000)
		const before = await balanceOf(ctx, owner)
		const res = await credit(invoice.id, { amount: '6000', reason: 'Member billed after leaving' })
		expect(res.status).toBe(200)
		expect(res.body.message).toMatch(/^Credit note CN-\d{6} issued: ₦6,000 paid into the business’s wallet\.$/)
		expect(res.body.data).toMatchObject({ id: invoice.id, creditable: 9_000, business: { id: owner.customerId } })
		expect(res.body.data.credit_notes).toEqual([expect.objectContaining({ total: 6_000, number: expect.stringMatching(/^CN-/) })])
		const noteId = res.body.data.credit_notes[0].id as string
		expect(await balanceOf(ctx, owner)).toBe(before + 6_000)

		const [audit] = await ctx.db
			.select()
			.from(activities)
			.where(and(eq(activities.customerId, owner.customerId), eq(activities.type, 'invoices.credit_note_issued')))
		expect(audit).toMatchObject({ actorUserId: operator.id })
		expect(audit!.description).toContain('Member billed after leaving')
		const mail = await ctx.latestMail(owner.email)
		expect(mail?.subject).toMatch(/^Credit note CN-\d{6}: ₦6,000 back in your wallet$/)
		expect(mail?.text).toContain('Member billed after leaving')

		const seen = await ctx.call('GET', `/invoices/${invoice.id}`, { token: owner.token })
		expect(seen.body.data.credit_notes).toEqual([expect.objectContaining({ id: noteId, total: 6_000 })])
		const note = await ctx.call('GET', `/invoices/${noteId}`, { token: owner.token })
		expect(note.body.data).toMatchObject({ kind: 'credit_note', status: 'paid', total: 6_000, adjusts: { id: invoice.id } })
		expect((await ctx.call('GET', `/invoices/${noteId}`, { token: other.token })).status).toBe(404)

		// The rest may be credited, and then nothing more: the same note twice is refused, not paid twice.
		expect((await credit(invoice.id, { amount: 9_000, reason: 'Plan cancelled' })).status).toBe(200)
		const again = await credit(invoice.id, { amount: 9_000, reason: 'Plan cancelled' })
		expect(again).toMatchObject({ status: 409, body: { message: expect.stringMatching(/at most ₦0/) } })
		expect(await balanceOf(ctx, owner)).toBe(before + 15_000)
		const onCreditNote = await credit(noteId, { amount: 1, reason: 'Credit the credit' })
		expect(onCreditNote.status).toBe(409)
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
	})

	test('a plan with no buyer on record: the credit note is mailed to the business’s first user', async () => {
		const invoice = await paidInvoice(5_000, other, false, false)
		const res = await credit(invoice.id, { amount: 500, reason: 'Rate corrected' })
		expect(res.status).toBe(200)
		const mail = await ctx.latestMail(other.email)
		expect(mail?.subject).toMatch(/^Credit note CN-\d{6}: ₦500 back in your wallet$/)
	})

	test('the desk lists every business’s invoices by page and finds one by its number', async () => {
		const mine = await paidInvoice(2_000)
		const theirs = await paidInvoice(3_000, other)
		const page = await ctx.call('GET', '/desk/invoices?page_size=1', { token: operator.token })
		expect(page.status).toBe(200)
		expect(page.body.data).toMatchObject({ page: 1, page_size: 1 })
		expect(page.body.data.items).toHaveLength(1)
		expect(page.body.data.total).toBeGreaterThanOrEqual(2)
		const found = await ctx.call('GET', `/desk/invoices?q=${mine.number}&page_size=100`, { token: operator.token })
		const ids = found.body.data.items.map((i: { id: string }) => i.id)
		expect(ids).toContain(mine.id)
		expect(found.body.data.items.every((i: { number: string }) => i.number === mine.number)).toBe(true)
		const detail = await ctx.call('GET', `/desk/invoices/${theirs.id}`, { token: operator.token })
		expect(detail.body.data).toMatchObject({ id: theirs.id, total: 3_000, creditable: 3_000, business: { id: other.customerId } })
		const none = await ctx.call('GET', '/desk/invoices?q=NOPE-999', { token: operator.token })
		expect(none.body.data).toMatchObject({ items: [], total: 0 })
	})
})
