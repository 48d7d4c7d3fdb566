import { and, eq, isNull } from 'drizzle-orm'
import { expect } from 'vitest'
import { invoices } from '#api/db/schema.ts'
import { addMonths, lagosDate } from '#api/domain/policies.ts'
import type { testApi } from './test-api.ts'
import { newKey } from './wallet.ts'

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = { token: string; customerId: string }

export const csvFile = (text: string, name = 'staff.csv') => new File([text], name, { type: 'text/csv' })

/** A multipart POST to the API, as a browser's form sends a file. */
export async function upload(ctx: Ctx, token: string, path: string, fields: Record<string, string | File>) {
	const form = new FormData()
	for (const [k, v] of Object.entries(fields)) form.set(k, v)
	const res = await ctx.api.request(`/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
	return { status: res.status, body: await res.json() }
}

/**
 * A staff plan of `n` staff bought by batch upload and activated by its sheet, as a business does. Each person
 * is `{prefix}{i}` Okafor, with an email of the business's own and the phone `phone(i)` gives.
 */
export async function activePlan(
	ctx: Ctx,
	account: Account,
	n: number,
	{ prefix = 'staff', productId = '32', phone }: { prefix?: string; productId?: string; phone: (i: number) => string },
) {
	const people = Array.from({ length: n }, (_, i) => ({
		first: `${prefix}${i + 1}`,
		email: `${prefix}${i + 1}-${account.customerId.slice(0, 8)}@eze-foods.ng`,
		phone: phone(i),
	}))
	const list = [
		'first_name,last_name,email,phone,gender,date_of_birth',
		...people.map((p) => `${p.first},Okafor,${p.email},${p.phone},female,1990-05-17`),
	]
	const batch = await upload(ctx, account.token, '/purchases/batch/preview', {
		file: csvFile(list.join('\r\n')),
		product_id: productId,
		period: 'annual',
	})
	expect(batch.status).toBe(201)
	const bought = await ctx.call('POST', '/purchases/batch', {
		token: account.token,
		body: { batch_id: batch.body.data.id, idempotency_key: newKey('plan') },
	})
	const id = bought.body.data.policy.id as string
	const sheet = ['first_name,last_name,email,date_of_birth', ...people.map((p) => `${p.first},Okafor,${p.email},1990-05-17`)]
	expect((await upload(ctx, account.token, `/policies/${id}/activate`, { file: csvFile(sheet.join('\r\n')) })).status).toBe(200)
	return { id, people }
}

/** The API's clock moved forward to 09:00 in Lagos on `day`; the account signs in again, its token having expired. */
export async function moveTo(ctx: Ctx, day: string, account?: { email: string; password: string; token: string }) {
	const ms = Date.parse(`${day}T08:00:00Z`) - ctx.deps.now().getTime()
	if (ms > 0) ctx.advanceClock(ms)
	if (!account) return
	const signedIn = await ctx.call('POST', '/auth/sign-in', { body: { email: account.email, password: account.password } })
	expect(signedIn.status).toBe(200)
	account.token = signedIn.body.data.access_token
}

/** A plan's invoices, credit notes left out, oldest month first. */
export const invoicesOf = (ctx: Ctx, planId: string) =>
	ctx.db
		.select()
		.from(invoices)
		.where(and(eq(invoices.policyId, planId), isNull(invoices.adjustsId)))
		.orderBy(invoices.periodStart)

/** Staff covered today, read from the register: the oracle for the month that starts today. */
export async function coveredToday(ctx: Ctx, account: { token: string }) {
	const res = await ctx.call('GET', '/employees?page_size=100', { token: account.token })
	expect(res.status).toBe(200)
	const day = lagosDate(ctx.deps.now())
	return (res.body.data.items as { id: string; enrolled_on: string; leaves_on: string | null }[]).filter(
		(e) => e.enrolled_on <= day && (e.leaves_on === null || day <= e.leaves_on),
	)
}

/**
 * The billing tests' tools over a context made in `beforeAll` (hence `ctxOf`): today and the next 1st on the
 * API's clock, moving it, staff plans with phones that do not repeat, a plan's invoices and who is covered.
 */
export function billedPlans(ctxOf: () => Ctx) {
	let phone = 1_000_000
	const nextPhone = () => `0803${String(phone++).padStart(7, '0')}`
	const today = () => lagosDate(ctxOf().deps.now())
	return {
		nextPhone,
		today,
		firstOfNext: () => addMonths(`${today().slice(0, 7)}-01`, 1),
		moveTo: (day: string, account?: { email: string; password: string; token: string }) => moveTo(ctxOf(), day, account),
		activePlan: async (account: Account, n: number) => (await activePlan(ctxOf(), account, n, { prefix: 'Staff', phone: nextPhone })).id,
		invoicesOf: (planId: string) => invoicesOf(ctxOf(), planId),
		coveredToday: (account: { token: string }) => coveredToday(ctxOf(), account),
	}
}
