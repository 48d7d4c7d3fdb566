import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { INVOICE_LINES_PAGE_SIZE } from '#api/contract/invoices.ts'
import { policies } from '#api/db/schema.ts'
import { addDays, addMonths } from '#api/domain/policies.ts'
import type { AuthUser } from '#api/http.ts'
import { runBilling } from '#api/services/billing.ts'
import { invoicePdfInput } from '#api/services/billing/views.ts'
import { billedPlans } from '#tests/support/plans.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// What a staff plan's invoice lists (decisions 095, 164 and 165): its lines a page at a time, and a
// dependant's line under its principal's name.

type Ctx = Awaited<ReturnType<typeof testApi>>

const RATE = 7_500 // product 32's rate per person per month

describeApi("a staff plan's invoice lines", () => {
	let ctx: Ctx
	const { today, firstOfNext, moveTo, activePlan, invoicesOf, coveredToday } = billedPlans(() => ctx)

	beforeAll(async () => {
		ctx = await testApi()
	})

	test("an invoice's lines come a page at a time, in the order billed, with the count of them all; its PDF has every line", async () => {
		await moveTo(addDays(firstOfNext(), 14))
		const owner = await ctx.createAccount({ kyc: true })
		const plan = await activePlan(owner, INVOICE_LINES_PAGE_SIZE + 2)
		await moveTo(firstOfNext())
		await moveTo(firstOfNext(), owner)
		await runBilling(ctx.deps)
		const [invoice] = await invoicesOf(plan)
		const page = (n?: number) =>
			ctx.call('GET', `/invoices/${invoice!.id}${n === undefined ? '' : `?lines_page=${n}`}`, { token: owner.token })
		const [one, two, three] = [await page(), await page(2), await page(3)]
		const total = INVOICE_LINES_PAGE_SIZE + 2
		for (const [res, n] of [
			[one, 1],
			[two, 2],
			[three, 3],
		] as const) {
			expect(res.status).toBe(200)
			expect(res.body.data).toMatchObject({
				lines_page: n,
				lines_page_size: INVOICE_LINES_PAGE_SIZE,
				lines_total: total,
				total: total * RATE,
			})
		}
		type Line = { position: number; description: string; amount: number }
		const lines = [...one.body.data.lines, ...two.body.data.lines] as Line[]
		expect(one.body.data.lines).toHaveLength(INVOICE_LINES_PAGE_SIZE)
		expect(two.body.data.lines).toHaveLength(2)
		expect(three.body.data.lines).toEqual([])
		expect(lines.map((l) => l.position)).toEqual(Array.from({ length: total }, (_, i) => i + 1))
		expect(new Set(lines.map((l) => l.description)).size).toBe(total)
		expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(invoice!.total)
		// The document is not paged: it lists what the pages list, in the same order.
		const pdf = await invoicePdfInput(ctx.deps, { customerId: owner.customerId, permissions: ['invoices.view'] } as AuthUser, invoice!.id)
		expect(pdf.lines.map((l) => l.description)).toEqual(lines.map((l) => l.description))
		expect(pdf.lines.map((l) => l.amount)).toEqual(lines.map((l) => l.amount))
		expect(pdf.lines.every((l) => l.quantity > 0 && l.unitAmount > 0)).toBe(true)
		for (const bad of ['0', 'two', '1.5', '10001']) {
			const refused = await ctx.call('GET', `/invoices/${invoice!.id}?lines_page=${bad}`, { token: owner.token })
			expect(refused.status, bad).toBe(400)
			expect(JSON.stringify(refused.body), bad).toContain('The page of lines must be a whole number from 1.')
		}
	})

	test("a member's dependant is billed on a plan with dependant slots, as a line of its own under its principal's name", async () => {
		await moveTo(addDays(firstOfNext(), 14))
		const owner = await ctx.createAccount({ kyc: true })
		const plan = await activePlan(owner, 3)
		await ctx.db.update(policies).set({ dependantSlots: 2 }).where(eq(policies.id, plan))
		const [principal] = (await coveredToday(owner)) as unknown as { id: string; first_name: string; last_name: string }[]
		const dependant = { first_name: 'Efe', last_name: 'Okafor', relationship: 'child', date_of_birth: '2015-03-02', gender: 'female' }
		const added = await ctx.call('POST', `/employees/${principal!.id}/dependants`, { token: owner.token, body: dependant })
		expect(added.status).toBe(201)
		await moveTo(firstOfNext())
		await moveTo(firstOfNext(), owner)
		const month = addMonths(today(), -1)
		await runBilling(ctx.deps)
		const [invoice] = await invoicesOf(plan)
		expect(invoice).toMatchObject({ periodStart: month, total: 4 * RATE })
		const detail = await ctx.call('GET', `/invoices/${invoice!.id}`, { token: owner.token })
		const lines = detail.body.data.lines as { kind: string; description: string; amount: number }[]
		expect(lines.map((l) => l.kind)).toEqual(['member', 'member', 'member', 'dependant'])
		expect(lines[3]).toMatchObject({
			description: expect.stringMatching(
				new RegExp(`^Efe Okafor, dependant of ${principal!.first_name} ${principal!.last_name}, \\w+ \\d{4}$`),
			),
			amount: RATE,
		})
	})
})
