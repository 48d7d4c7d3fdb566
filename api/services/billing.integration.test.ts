import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, expect, test } from 'vitest'
import { cards, employees, invoices, mailOutbox, payments, policies } from '#api/db/schema.ts'
import { SANDBOX_DECLINING_CARD } from '#api/payments/sandbox.ts'
import { addDays, addMonths } from '#api/domain/policies.ts'
import { collectInvoices, issue, issueCreditNote, runBilling } from '#api/services/billing.ts'
import { reconcile } from '#api/services/reconcile.ts'
import { billedPlans } from '#tests/support/plans.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf, checkout, fund } from '#tests/support/wallet.ts'

// Billing of staff plans (docs/decisions/095-billing-of-staff-plans.md) on the API's moved clock: a year
// of invoices against the member-months, a second run bills nothing, an unpaid invoice is retried,
// falls overdue, pauses the plan after its grace and paying resumes it.

type Ctx = Awaited<ReturnType<typeof testApi>>

const RATE = 7_500 // product 32's rate per person per month

describeApi('billing of staff plans', () => {
	let ctx: Ctx
	const { nextPhone, today, firstOfNext, moveTo, activePlan, invoicesOf, coveredToday } = billedPlans(() => ctx)

	beforeAll(async () => {
		ctx = await testApi()
	})

	test('a year of a staff plan: an invoice for each month anyone was covered, the people covered on its 1st at the rate, whatever joins, leaves and replacements happen; runs twice or side by side bill nothing twice', async () => {
		const change = fc.record({ kind: fc.constantFrom('join', 'leave', 'replace'), day: fc.integer({ min: 2, max: 27 }), who: fc.nat(20) })
		await fc.assert(
			fc.asyncProperty(fc.array(fc.array(change, { maxLength: 2 }), { minLength: 12, maxLength: 12 }), async (months) => {
				await moveTo(addDays(firstOfNext(), 14))
				const owner = await ctx.createAccount({ kyc: true })
				await fund(ctx, owner, 1_500_000)
				const plan = await activePlan(owner, 3)
				const owed = new Map<string, number>()
				for (let m = 0; m <= 12; m++) {
					await moveTo(firstOfNext(), owner)
					if (m < 12) owed.set(today(), (await coveredToday(owner)).length * RATE)
					await Promise.all([runBilling(ctx.deps), runBilling(ctx.deps)])
					await runBilling(ctx.deps)
					if (m === 12) break
					const monthStart = today()
					for (const c of [...months[m]!].sort((a, b) => a.day - b.day)) {
						await moveTo(addDays(monthStart, c.day - 1), owner)
						const covered = (await coveredToday(owner)).filter((e) => e.leaves_on === null)
						// A phone never used before, and a name and email made from it.
						const phone = nextPhone()
						if (c.kind === 'join') {
							const body = {
								first_name: 'New',
								last_name: `Joiner${phone}`,
								email: `j${phone}-${owner.customerId.slice(0, 8)}@eze-foods.ng`,
								phone,
								gender: 'male',
								plan_ids: [plan],
							}
							expect((await ctx.call('POST', '/employees', { token: owner.token, body })).status).toBe(201)
						} else if (covered.length) {
							const who = covered[c.who % covered.length]!
							const res =
								c.kind === 'leave'
									? await ctx.call('POST', '/employees/remove', { token: owner.token, body: { employee_ids: [who.id] } })
									: await ctx.call('POST', `/employees/${who.id}/replace`, {
											token: owner.token,
											body: {
												replacement: {
													first_name: 'New',
													last_name: `Hire${phone}`,
													email: `r${phone}-${owner.customerId.slice(0, 8)}@eze-foods.ng`,
													phone,
													gender: 'female',
												},
											},
										})
							expect(res.status).toBe(200)
						}
					}
				}
				// A month with nobody covered (everyone left) owes nothing and has no invoice.
				const billed = await invoicesOf(plan)
				const owing = [...owed].filter(([, amount]) => amount > 0)
				expect(billed.map((i) => [i.periodStart, i.total])).toEqual(owing)
				expect(billed.reduce((s, i) => s + i.total, 0)).toBe([...owed.values()].reduce((s, v) => s + v, 0))
				// The wallet held enough: each was paid from it at issue.
				expect(billed.every((i) => i.status === 'paid')).toBe(true)
				const numbers = billed.map((i) => Number(i.number!.slice(4))).sort((a, b) => a - b)
				expect(numbers).toEqual(numbers.map((_, i) => i + 1))
			}),
			// Each run is a year of days on the API (about a minute); the pure rules have their own property
			// test over many more cases (api/domain/billing.test.ts).
			{ numRuns: 1 },
		)
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
	}, 300_000)

	test('an unpaid invoice: retried on days 1, 3 and 7, overdue with one reminder, the plan paused after 14 days and claims refused; paying resumes it', async () => {
		// Bought mid-month: its first whole month is the one after.
		await moveTo(addDays(firstOfNext(), 14))
		const owner = await ctx.createAccount({ kyc: true })
		const plan = await activePlan(owner, 2)
		await moveTo(firstOfNext())
		await moveTo(firstOfNext(), owner)
		await runBilling(ctx.deps)
		const [invoice] = await invoicesOf(plan)
		expect(invoice).toMatchObject({ status: 'open', total: 2 * RATE, issuedOn: today(), dueOn: addDays(today(), 7) })
		expect((await ctx.latestMail(owner.email))?.subject).toMatch(/^Invoice INV-000001/)

		const due = invoice!.dueOn!
		for (const day of [1, 2, 3, 7]) {
			await moveTo(addDays(due, day), owner)
			await collectInvoices(ctx.deps)
			await collectInvoices(ctx.deps)
		}
		const [late] = await invoicesOf(plan)
		expect(late).toMatchObject({ status: 'overdue', retries: 3, remindedOn: addDays(due, 1), pausedOn: null })
		const reminders = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))
		expect(reminders.filter((m) => m.subject.startsWith('Invoice overdue'))).toHaveLength(1)
		expect((await ctx.call('GET', `/policies/${plan}`, { token: owner.token })).body.data.is_paused).toBe(false)

		await moveTo(addDays(due, 14), owner)
		await Promise.all([collectInvoices(ctx.deps), collectInvoices(ctx.deps)])
		const policy = await ctx.call('GET', `/policies/${plan}`, { token: owner.token })
		expect(policy.body.data).toMatchObject({ is_paused: true, active: false })
		const listed = await ctx.call('GET', '/invoices?status=overdue', { token: owner.token })
		expect(listed.body.data.items[0]).toMatchObject({ number: 'INV-000001', pauses_plan: true, balance: 2 * RATE })
		const claim = await ctx.call('POST', '/claims', {
			token: owner.token,
			body: {
				policy_id: plan,
				incident_type: 'screen_damage',
				incident_date: today(),
				place: 'Ikeja, Lagos',
				description: 'A visit to the clinic for malaria.',
				amount: '₦20,000',
			},
		})
		expect(claim.status).toBe(409)
		expect(claim.body.message).toBe(
			'This plan is paused because invoice INV-000001 (₦15,000) is unpaid: pay it from /invoice to make claims again.',
		)

		const short = await ctx.call('POST', `/invoices/${invoice!.id}/pay`, { token: owner.token, body: { method: 'wallet' } })
		expect(short).toMatchObject({ status: 409 })
		expect(short.body.message).toMatch(/^Your wallet holds ₦0, less than the ₦15,000 to pay/)
		await fund(ctx, owner, 20_000)
		const paid = await ctx.call('POST', `/invoices/${invoice!.id}/pay`, { token: owner.token, body: { method: 'wallet' } })
		expect(paid).toMatchObject({ status: 200, body: { data: { status: 'paid' } } })
		expect(await balanceOf(ctx, owner)).toBe(5_000)
		const again = await ctx.call('POST', `/invoices/${invoice!.id}/pay`, { token: owner.token, body: { method: 'wallet' } })
		expect(again).toMatchObject({ status: 409, body: { message: 'This invoice is already paid.' } })
		expect(await balanceOf(ctx, owner)).toBe(5_000)
		expect((await ctx.call('GET', `/policies/${plan}`, { token: owner.token })).body.data).toMatchObject({ is_paused: false, active: true })
		expect((await ctx.latestMail(owner.email))?.subject).toMatch(/^Invoice paid INV-000001/)
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
	}, 120_000)

	test('a retry with the wallet short charges the saved card what the wallet lacks, once; a declined card leaves the invoice overdue with the reason', async () => {
		await moveTo(addDays(firstOfNext(), 14))
		// A card saved by funding ₦1,000, and a second business whose saved card the sandbox declines.
		const owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, 1_000)
		const declining = await ctx.createAccount({ kyc: true })
		await ctx.db.insert(cards).values({
			customerId: declining.customerId,
			authorizationCode: `${SANDBOX_DECLINING_CARD}billing`,
			signature: `SIG_billing_${declining.customerId.slice(0, 8)}`,
			brand: 'mastercard',
			last4: '0002',
			expMonth: 9,
			expYear: 2031,
			email: declining.email,
			isDefault: true,
		})
		const plan = await activePlan(owner, 2)
		const declinedPlan = await activePlan(declining, 2)
		// Bought mid-month: its first whole month is the next, billed on the 1st after it.
		await moveTo(firstOfNext())
		await moveTo(firstOfNext())
		await runBilling(ctx.deps)
		const [invoice] = await invoicesOf(plan)
		const [declinedInvoice] = await invoicesOf(declinedPlan)
		expect(invoice).toMatchObject({ status: 'open', total: 2 * RATE })

		await moveTo(addDays(invoice!.dueOn!, 1), owner)
		await moveTo(today(), declining)
		await Promise.all([collectInvoices(ctx.deps), collectInvoices(ctx.deps)])
		await collectInvoices(ctx.deps)
		const [paid] = await invoicesOf(plan)
		expect(paid).toMatchObject({ status: 'paid', retries: 1 })
		const charged = await ctx.db
			.select()
			.from(payments)
			.where(eq(payments.reference, `inv_${invoice!.id}_1`))
		expect(charged).toHaveLength(1)
		expect(charged[0]).toMatchObject({ status: 'success', amount: 2 * RATE - 1_000, note: `Invoice ${invoice!.number}` })
		expect(await balanceOf(ctx, owner)).toBe(0)

		const [declined] = await invoicesOf(declinedPlan)
		expect(declined).toMatchObject({ id: declinedInvoice!.id, status: 'overdue', retries: 1 })
		expect(declined!.lastAttemptError).toMatch(/saved card was declined/)
		expect(await balanceOf(ctx, declining)).toBe(0)
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
	}, 120_000)

	test('paying by card through the checkout settles the invoice once; a credit note returns money to the wallet', async () => {
		await moveTo(addDays(firstOfNext(), 14))
		const owner = await ctx.createAccount({ kyc: true })
		const plan = await activePlan(owner, 1)
		await moveTo(firstOfNext())
		await moveTo(firstOfNext(), owner)
		await runBilling(ctx.deps)
		const [invoice] = await invoicesOf(plan)
		const started = await ctx.call('POST', `/invoices/${invoice!.id}/pay`, { token: owner.token, body: { method: 'gateway' } })
		expect(started).toMatchObject({ status: 200, body: { data: { status: 'checkout' } } })
		const reference = started.body.data.reference as string
		await checkout(ctx, reference, 'approve')
		await ctx.sandbox.idle()
		expect((await ctx.call('POST', '/payments/verify', { body: { reference } })).body.data).toMatchObject({
			status: 'success',
			purpose: 'invoice',
			invoice_id: invoice!.id,
		})
		const detail = await ctx.call('GET', `/invoices/${invoice!.id}`, { token: owner.token })
		expect(detail.body.data).toMatchObject({ status: 'paid', paid: RATE, balance: 0, pay_refusal: 'This invoice is already paid.' })
		expect(detail.body.data.payments).toEqual([expect.objectContaining({ method: 'gateway', reference, amount: RATE })])
		expect(detail.body.data.lines).toEqual([expect.objectContaining({ kind: 'member', quantity: 1, unit_amount: RATE, amount: RATE })])

		const note = await issueCreditNote(ctx.deps, invoice!.id, { amount: 2_500, reason: 'Member billed after leaving' })
		expect(note).toMatchObject({ kind: 'credit_note', number: 'CN-000001', total: 2_500 })
		expect(await balanceOf(ctx, owner)).toBe(2_500)
		await expect(issueCreditNote(ctx.deps, invoice!.id, { amount: 6_000, reason: 'Too much' })).rejects.toThrow(/at most/)
		const list = await ctx.call('GET', '/invoices', { token: owner.token })
		expect(list.body.data.totals).toEqual({ billed: RATE - 2_500, paid: RATE, outstanding: 0 })
		const csv = await ctx.call('GET', '/invoices.csv', { token: owner.token })
		expect(csv.status).toBe(200)
		expect(String(csv.body).split('\n')[0]).toBe('number,kind,status,plan,period_start,period_end,issued_on,due_on,total,paid,balance')
		const pdf = await ctx.api.request(`/api/v1/invoices/${invoice!.id}/pdf`, { headers: { authorization: `Bearer ${owner.token}` } })
		expect(pdf.headers.get('content-type')).toBe('application/pdf')
		expect(
			Buffer.from(await pdf.arrayBuffer())
				.subarray(0, 5)
				.toString(),
		).toBe('%PDF-')
		const other = await ctx.createAccount({ kyc: true })
		expect((await ctx.call('GET', `/invoices/${invoice!.id}`, { token: other.token })).status).toBe(404)
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
		// An invoice marked paid that no payment paid is a difference reconcile reports.
		const [planRow] = await ctx.db.select().from(policies).where(eq(policies.id, plan))
		const later = await ctx.db.transaction((tx) =>
			issue(tx, {
				plan: planRow!,
				kind: 'invoice',
				monthStart: '2030-01-01',
				lines: [{ kind: 'member', subjectId: invoice!.id, description: 'Test', quantity: 1, unitAmount: 100, amount: 100 }],
				today: today(),
			}),
		)
		await ctx.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, later!.id))
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([
			`invoice ${later!.number} (paid, ₦100): 0 payments of ₦0, ledger moved ₦0`,
		])
		await ctx.db.update(invoices).set({ status: 'void' }).where(eq(invoices.id, later!.id))
		expect((await reconcile(ctx.db, ctx.deps.now())).problems).toEqual([])
	})

	test('a month looked at is settled: a month that covered nobody is not read again, and a settled plan waits for the next month to end', async () => {
		await moveTo(addDays(firstOfNext(), 14))
		const owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, 1_500_000)
		const plan = await activePlan(owner, 2)
		const first = firstOfNext()
		// Its members join two months after the plan's first whole month: that month covers nobody.
		await ctx.db
			.update(employees)
			.set({ enrolledOn: addMonths(first, 1) })
			.where(eq(employees.customerId, owner.customerId))
		await moveTo(addMonths(first, 1), owner)
		// Other tests' plans are billed by the same runs: this one's invoices are what counts.
		await runBilling(ctx.deps)
		expect(await invoicesOf(plan)).toEqual([])
		const settled = async () => (await ctx.db.select().from(policies).where(eq(policies.id, plan)))[0]!.billedThrough
		expect(await settled()).toBe(first)
		// The facts change for the settled month: it is not read again, as a month invoiced is not.
		await ctx.db.update(employees).set({ enrolledOn: first }).where(eq(employees.customerId, owner.customerId))
		await runBilling(ctx.deps)
		expect(await invoicesOf(plan)).toEqual([])
		await moveTo(addMonths(first, 2), owner)
		await runBilling(ctx.deps)
		await runBilling(ctx.deps)
		expect((await invoicesOf(plan)).map((i) => [i.periodStart, i.total, i.status])).toEqual([[addMonths(first, 1), 2 * RATE, 'paid']])
		expect(await settled()).toBe(addMonths(first, 1))
	})
})
