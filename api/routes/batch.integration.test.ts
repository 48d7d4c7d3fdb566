import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { activities, purchases, staff, staffBatches } from '#api/db/schema.ts'
import { pdfText } from '#tests/support/pdf.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { newKey } from '#tests/support/wallet.ts'
import { SHEET_WORKER_LIMITS } from '#api/workers/sheet.ts'
import { manyRowsXlsx, rawXlsx, xlsx } from '#tests/support/zip.ts'

// GET /purchases/batch/template, POST /purchases/batch/preview, GET /purchases/batch/:id,
// POST /purchases/batch, GET /policies/:id/staff-sheet and a staff plan's POST /policies/:id/activate.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const HEADER = 'first_name,last_name,email,phone,gender,date_of_birth'
const ZENCARE = '32'
const SENIOR = '22'

/** n staff, the first with a date of birth and the rest without, as a business would start. */
const staffCsv = (n: number, extra: string[] = []) =>
	[
		HEADER,
		...Array.from(
			{ length: n },
			(_, i) =>
				`Staff${i + 1},Okafor,staff${i + 1}@eze-foods.ng,0803${String(1_000_000 + i).slice(0, 7)},${i % 2 ? 'male' : 'female'},${i === 0 ? '1990-05-17' : ''}`,
		),
		...extra,
	].join('\r\n')

const csvFile = (text: string, name = 'staff.csv') => new File([text], name, { type: 'text/csv' })

describeApi('batch upload of staff', () => {
	let ctx: Ctx
	let owner: Account
	let other: Account

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		other = await ctx.createAccount({ kyc: true })
	})

	const upload = (token: string | null, path: string, fields: Record<string, string | File>) => {
		const form = new FormData()
		for (const [k, v] of Object.entries(fields)) form.set(k, v)
		return ctx.api.request(`/api/v1${path}`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body: form })
	}
	const preview = async (token: string | null, fields: Record<string, string | File>) => {
		const res = await upload(token, '/purchases/batch/preview', fields)
		return { status: res.status, body: await res.json() }
	}
	const buyBatch = (account: { token: string }, batchId: string, key = newKey('batch')) =>
		ctx.call('POST', '/purchases/batch', { token: account.token, body: { batch_id: batchId, idempotency_key: key } })
	const activate = async (token: string, id: string, file: File) => {
		const res = await upload(token, `/policies/${id}/activate`, { file })
		return { status: res.status, body: await res.json() }
	}
	const download = (token: string, path: string) => ctx.api.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })

	test('GET /purchases/batch/template is the CSV template; it needs a token and products.buy', async () => {
		const res = await download(owner.token, '/purchases/batch/template')
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="staff-list-template.csv"')
		const lines = (await res.text()).trimEnd().split('\r\n')
		expect(lines).toHaveLength(3)
		expect(lines[0]).toBe(HEADER)
		expect(await ctx.call('GET', '/purchases/batch/template')).toMatchObject({ status: 401 })
		const finance = await ctx.createMember(owner, 'Finance')
		expect(await ctx.call('GET', '/purchases/batch/template', { token: finance.token })).toMatchObject({ status: 403 })
	})

	test('preview checks every row and keeps the list with its errors; nothing is bought', async () => {
		const text = staffCsv(3, [',Bakare,staff1@EZE-FOODS.ng,12345,m,1990-02-30'])
		const res = await preview(owner.token, { file: csvFile(text), product_id: ZENCARE, period: 'annual' })
		expect(res.status).toBe(201)
		const batch = res.body.data
		expect(batch).toMatchObject({
			product_id: 32,
			product_name: 'ZenCare',
			period: 'annual',
			filename: 'staff.csv',
			valid_count: 3,
			policy_id: null,
		})
		expect(batch.rows).toHaveLength(4)
		expect(batch.rows[0]).toEqual({
			row: 2,
			first_name: 'Staff1',
			last_name: 'Okafor',
			email: 'staff1@eze-foods.ng',
			phone: '08031000000',
			gender: 'female',
			date_of_birth: '1990-05-17',
		})
		expect(batch.errors).toEqual([
			{ row: 5, field: 'first_name', message: 'Enter the first name.' },
			{ row: 5, field: 'email', message: 'This email is also on row 2: list each person once.' },
			{ row: 5, field: 'phone', message: 'Enter a valid Nigerian phone number, like 08031234567.' },
			{ row: 5, field: 'gender', message: 'Enter the gender: male or female.' },
			{ row: 5, field: 'date_of_birth', message: 'Enter the date of birth as YYYY-MM-DD, like 1990-05-17.' },
		])
		// ZenCare ₦7,500 a person a month, 4 rows, a year.
		expect(batch.quote).toMatchObject({ product_id: 32, total: 360_000, period: 'annual' })
		expect(res.body.message).toBe('5 problems in 1 of 4 rows: fix the rows and upload the file again.')
		expect(await ctx.db.select().from(purchases).where(eq(purchases.customerId, owner.customerId))).toEqual([])

		// A list with errors cannot be bought: each row's problem comes back with its path.
		const refused = await buyBatch(owner, batch.id)
		expect(refused.status).toBe(400)
		expect(refused.body.message).toBe('Fix the rows and upload the file again: 5 of them have problems.')
		expect(refused.body.errors[0]).toEqual({ path: 'rows.5.first_name', message: 'Row 5: Enter the first name.' })
		expect(await ctx.db.select().from(staff).where(eq(staff.customerId, owner.customerId))).toEqual([])

		// GET answers the same preview, to its own business only.
		expect((await ctx.call('GET', `/purchases/batch/${batch.id}`, { token: owner.token })).body.data).toEqual(batch)
		expect(await ctx.call('GET', `/purchases/batch/${batch.id}`, { token: other.token })).toMatchObject({
			status: 404,
			body: { message: 'We could not find that staff list.' },
		})
		expect(await ctx.call('GET', '/purchases/batch/not-a-uuid', { token: owner.token })).toMatchObject({ status: 400 })
		expect(await ctx.call('GET', `/purchases/batch/${batch.id}`)).toMatchObject({ status: 401 })
	})

	test('an XLSX is read like a CSV, typed dates included', async () => {
		const file = xlsx([HEADER.split(','), ['Ada', 'Obi', 'ada@eze-foods.ng', 8031234567, 'female', { date: 32_980 }]])
		const res = await preview(owner.token, { file: new File([file], 'staff.xlsx'), product_id: ZENCARE, period: 'quarterly' })
		expect(res.status).toBe(201)
		expect(res.body.data).toMatchObject({
			errors: [],
			rows: [{ email: 'ada@eze-foods.ng', phone: '08031234567', date_of_birth: '1990-04-17' }],
		})
	})

	test('bad input: a file that is not CSV or XLSX, too big, no file, a wrong header, a bad product or period', async () => {
		const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'staff.csv')
		expect(await preview(owner.token, { file: png, product_id: ZENCARE, period: 'annual' })).toEqual({
			status: 400,
			body: {
				message: 'Upload the list as a CSV or XLSX file.',
				errors: [{ path: 'file', message: 'Upload the list as a CSV or XLSX file.' }],
			},
		})
		const big = new File([`${HEADER}\r\n${'x'.repeat(5 * 1024 * 1024)}`], 'big.csv')
		expect(await preview(owner.token, { file: big, product_id: ZENCARE, period: 'annual' })).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'file', message: 'The file must be 5 MB or smaller.' }] },
		})
		expect(await preview(owner.token, { product_id: '1', period: 'weekly' })).toEqual({
			status: 400,
			body: {
				message: 'Choose a health plan: batch upload buys a staff health plan.',
				errors: [
					{ path: 'product_id', message: 'Choose a health plan: batch upload buys a staff health plan.' },
					{ path: 'period', message: 'Choose a cover period: annual, bi-annual, quarterly, monthly.' },
					{ path: 'file', message: 'Upload the staff list: a CSV or XLSX file.' },
				],
			},
		})
		expect(await preview(owner.token, { file: csvFile('name,email\nA,a@b.co\n'), product_id: ZENCARE, period: 'annual' })).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'file', message: expect.stringMatching(/^The first row must be the template's header/) }] },
		})
		expect(await preview(owner.token, { file: csvFile(''), product_id: ZENCARE, period: 'annual' })).toMatchObject({ status: 400 })
		// Member ages: the senior plans take people aged 60 to 85.
		const young = await preview(owner.token, { file: csvFile(staffCsv(1)), product_id: SENIOR, period: 'annual' })
		expect(young.body.data.errors).toEqual([
			{ row: 2, field: 'date_of_birth', message: expect.stringMatching(/^This plan covers people aged 60 to 85/) },
		])
		const notMultipart = await ctx.call('POST', '/purchases/batch/preview', { token: owner.token, body: {} })
		expect(notMultipart).toMatchObject({
			status: 400,
			body: { message: 'Send the staff list as multipart/form-data: file, product_id and period.' },
		})
		expect(await ctx.db.select().from(staffBatches).where(eq(staffBatches.productId, 1))).toEqual([])
	})

	test('hostile workbooks: a cell at column ZZZZZZ and unclosed <row> tags are refused (400) at once, and the API carries on', async () => {
		const NOT_XLSX = 'This file is not an Excel workbook we can read. Save it as CSV or XLSX and upload it again.'
		const farColumn = rawXlsx('<row r="1"><c r="ZZZZZZ1" t="inlineStr"><is><t>x</t></is></c></row>')
		const unclosed = rawXlsx('<row>'.repeat(320))
		expect(farColumn.length).toBeLessThan(1_000)
		expect(unclosed.length).toBeLessThan(2_000)
		for (const file of [farColumn, unclosed]) {
			const started = performance.now()
			expect(await preview(owner.token, { file: new File([file], 'staff.xlsx'), product_id: ZENCARE, period: 'annual' })).toEqual({
				status: 400,
				body: { message: NOT_XLSX, errors: [{ path: 'file', message: NOT_XLSX }] },
			})
			expect(performance.now() - started).toBeLessThan(SHEET_WORKER_LIMITS.timeMs)
		}
		expect((await preview(owner.token, { file: csvFile(staffCsv(2)), product_id: ZENCARE, period: 'annual' })).status).toBe(201)
	})

	test('a workbook too big to parse gets 422 within the limits, and other requests are answered meanwhile (it is read off the request thread)', async () => {
		// A million rows: 5 MB zipped, far more than the reader's memory or time once parsed.
		const hostile = new File([manyRowsXlsx(1_000_000)], 'staff.xlsx')
		const started = performance.now()
		let hostileDone = false
		const hostileAnswer = preview(owner.token, { file: hostile, product_id: ZENCARE, period: 'annual' }).finally(() => {
			hostileDone = true
		})
		const honest = preview(owner.token, { file: csvFile(staffCsv(3)), product_id: ZENCARE, period: 'annual' })
		// Cheap requests, one after another, for as long as the hostile file is being read: none waits for it.
		const latencies: number[] = []
		while (!hostileDone) {
			const sent = performance.now()
			expect((await download(owner.token, '/purchases/batch/template')).status).toBe(200)
			latencies.push(performance.now() - sent)
			await new Promise((resolve) => setTimeout(resolve, 50))
		}
		const answer = await hostileAnswer
		const seconds = (performance.now() - started) / 1_000
		expect(answer.status).toBe(422)
		expect(answer.body.errors).toEqual([
			{ path: 'file', message: expect.stringMatching(/^This file (could not be read in time|is too large to read)/) },
		])
		expect(seconds).toBeLessThan(SHEET_WORKER_LIMITS.timeMs / 1_000 + 10)
		expect((await honest).status).toBe(201)
		expect(latencies.length).toBeGreaterThan(3)
		expect(Math.max(...latencies)).toBeLessThan(2_000)
	})

	test('no token is 401; a role without products.buy is 403; an individual is told batch upload is for businesses', async () => {
		expect((await preview(null, { file: csvFile(staffCsv(1)), product_id: ZENCARE, period: 'annual' })).status).toBe(401)
		const viewer = await ctx.createMember(owner, 'Viewer')
		expect(await preview(viewer.token, { file: csvFile(staffCsv(1)), product_id: ZENCARE, period: 'annual' })).toEqual({
			status: 403,
			body: { message: 'You do not have permission to do this.' },
		})
		expect((await buyBatch(viewer, crypto.randomUUID())).status).toBe(403)
		const individual = await ctx.createAccount({ kind: 'individual', kyc: true })
		expect(await preview(individual.token, { file: csvFile(staffCsv(1)), product_id: ZENCARE, period: 'annual' })).toEqual({
			status: 403,
			body: { message: 'Batch upload of staff is for business accounts. Buy health cover for yourself from the product page.' },
		})
	})

	test('buying: the staff plan for every row, its staff enrolled, once per key and once per list; activation by the staff sheet', async () => {
		const created = await preview(owner.token, { file: csvFile(staffCsv(20)), product_id: ZENCARE, period: 'quarterly' })
		const batch = created.body.data
		expect(batch).toMatchObject({ errors: [], valid_count: 20, quote: { total: 450_000 } })
		expect(await buyBatch(other, batch.id)).toMatchObject({ status: 404 })

		const key = newKey('batch')
		const results = await Promise.all([buyBatch(owner, batch.id, key), buyBatch(owner, batch.id, key)])
		expect(results.map((r) => r.status)).toEqual([201, 201])
		const plan = results[0]!.body.data.policy
		expect(results[1]!.body.data.policy.id).toBe(plan.id)
		expect(results[0]!.body.data).toMatchObject({ purchase: { status: 'subscribed', amount: 0 }, staff_count: 20 })
		expect(plan).toMatchObject({
			kind: 'plan',
			status: 'pending',
			is_pending: true,
			active: false,
			slots: 20,
			monthly_rate: 7_500,
			period: 'quarterly',
		})
		expect(results[0]!.body.message).toMatch(/^Your staff plan CP-HLTH-\d{4}-\d{6} for 20 staff is set up/)
		// Another key for the same list buys nothing more.
		expect(await buyBatch(owner, batch.id)).toMatchObject({
			status: 409,
			body: { message: 'This staff list was already bought. Find its plan under My cover.' },
		})
		expect(await ctx.db.select().from(purchases).where(eq(purchases.customerId, owner.customerId))).toHaveLength(1)
		const enrolled = await ctx.db.select().from(staff).where(eq(staff.policyId, plan.id))
		expect(enrolled).toHaveLength(20)
		expect(enrolled.every((s) => s.status === 'pending')).toBe(true)
		expect((await ctx.call('GET', `/purchases/batch/${batch.id}`, { token: owner.token })).body.data.policy_id).toBe(plan.id)
		expect((await ctx.call('GET', `/policies/${plan.id}`, { token: owner.token })).body.data).toMatchObject({
			staff_count: 20,
			status: 'pending',
		})
		const logged = await ctx.db.select().from(activities).where(eq(activities.customerId, owner.customerId))
		expect(logged.map((a) => a.type)).toEqual(expect.arrayContaining(['plans.subscribed', 'staff.uploaded']))

		// The activation sheet: prefilled with the staff and the one date known.
		const sheetRes = await download(owner.token, `/policies/${plan.id}/staff-sheet`)
		expect(sheetRes.status).toBe(200)
		expect(sheetRes.headers.get('content-disposition')).toBe(`attachment; filename="staff-sheet-${plan.policy_number}.csv"`)
		const sheet = (await sheetRes.text()).trimEnd().split('\r\n')
		expect(sheet[0]).toBe('first_name,last_name,email,date_of_birth')
		expect(sheet).toHaveLength(21)
		expect(sheet).toContain('Staff1,Okafor,staff1@eze-foods.ng,1990-05-17')
		expect(sheet).toContain('Staff2,Okafor,staff2@eze-foods.ng,')
		expect((await download(other.token, `/policies/${plan.id}/staff-sheet`)).status).toBe(404)

		// Left as downloaded: each empty date is a row error; a dropped member is named.
		const asIs = await activate(owner.token, plan.id, csvFile(sheet.slice(0, 20).join('\r\n')))
		expect(asIs.status).toBe(400)
		expect(asIs.body.message).toBe('The sheet has 19 problems: fix them and upload it again.')
		expect(asIs.body.errors).toContainEqual({ path: 'rows.3.date_of_birth', message: 'Row 3: Enter the date of birth.' })
		expect(asIs.body.errors).toContainEqual({
			path: 'file',
			message: expect.stringMatching(/is not on the sheet: add a row with their date of birth\.$/),
		})
		const future = sheet.map((line, i) => (i === 0 ? line : line.replace(/,[^,]*$/, i === 2 ? ',2999-01-01' : ',1988-01-01')))
		const wrong = await activate(owner.token, plan.id, csvFile(future.join('\r\n')))
		expect(wrong.body.errors).toEqual([{ path: 'rows.3.date_of_birth', message: 'Row 3: The date of birth cannot be in the future.' }])
		expect((await activate(owner.token, plan.id, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'x.csv'))).body.errors).toEqual([
			{ path: 'file', message: 'Upload the list as a CSV or XLSX file.' },
		])
		const viewer = await ctx.createMember(owner, 'Viewer')
		const filled = sheet.map((line, i) => (i === 0 ? line : line.replace(/,[^,]*$/, `,1985-0${(i % 9) + 1}-15`)))
		expect((await activate(viewer.token, plan.id, csvFile(filled.join('\r\n')))).status).toBe(403)
		expect((await activate(other.token, plan.id, csvFile(filled.join('\r\n')))).status).toBe(404)
		expect((await ctx.call('GET', `/policies/${plan.id}`, { token: owner.token })).body.data.status).toBe('pending')

		const done = await activate(owner.token, plan.id, csvFile(filled.join('\r\n'), 'sheet.csv'))
		expect(done).toMatchObject({
			status: 200,
			body: { data: { id: plan.id, status: 'active', active: true }, message: `Staff plan ${plan.policy_number} is active.` },
		})
		const after = await ctx.db.select().from(staff).where(eq(staff.policyId, plan.id))
		expect(after.every((s) => s.status === 'active' && s.dateOfBirth)).toBe(true)
		expect(after.find((s) => s.email === 'staff1@eze-foods.ng')!.dateOfBirth).toBe('1985-02-15')
		expect((await activate(owner.token, plan.id, csvFile(filled.join('\r\n')))).status).toBe(409)

		const certificate = await download(owner.token, `/policies/${plan.id}/certificate`)
		expect(certificate.headers.get('content-type')).toBe('application/pdf')
		const text = await pdfText(new Uint8Array(await certificate.arrayBuffer()))
		expect(text).toContain('Certificate of staff health cover')
		expect(text).toContain(`Members covered (${after.length})`)
		for (const member of after) expect(text).toContain(`${member.firstName} ${member.lastName} ${member.email}`)
	})

	test('a staff plan bought without a list has no staff: its sheet is empty and it cannot be activated by one', async () => {
		const bought = await ctx.call('POST', '/purchases', {
			token: owner.token,
			body: { product_id: 31, plan_type: 'standard', members: 5, period: 'monthly', idempotency_key: newKey('buy') },
		})
		const plan = bought.body.data.policy
		expect(plan).toMatchObject({ kind: 'plan', status: 'pending' })
		expect(await activate(owner.token, plan.id, csvFile('email,date_of_birth\n'))).toMatchObject({
			status: 409,
			body: { message: 'This plan has no staff yet: buy it by batch upload of your staff list.' },
		})
		expect((await ctx.call('GET', `/policies/${plan.id}`, { token: owner.token })).body.data.staff_count).toBe(0)
	})

	test('a list checked and never bought is forgotten a week on, when the business uploads again; a bought one stays', async () => {
		const business = await ctx.createAccount({ kyc: true })
		const stale = (await preview(business.token, { file: csvFile(staffCsv(2)), product_id: ZENCARE, period: 'annual' })).body.data
			.id as string
		const bought = (await preview(business.token, { file: csvFile(staffCsv(2)), product_id: ZENCARE, period: 'annual' })).body.data
			.id as string
		expect((await buyBatch(business, bought)).status).toBe(201)
		// Tokens last an hour: sign in again after each jump of the clock.
		const later = async (days: number) => {
			ctx.advanceClock(days * 86_400_000)
			return (await ctx.call('POST', '/auth/sign-in', { body: { email: business.email, password: business.password } })).body.data
				.access_token as string
		}
		let token = await later(6)
		await preview(token, { file: csvFile(staffCsv(1)), product_id: ZENCARE, period: 'annual' })
		expect((await ctx.call('GET', `/purchases/batch/${stale}`, { token })).status).toBe(200)
		token = await later(2)
		const fresh = (await preview(token, { file: csvFile(staffCsv(1)), product_id: ZENCARE, period: 'annual' })).body.data.id as string
		expect(await ctx.call('GET', `/purchases/batch/${stale}`, { token })).toMatchObject({ status: 404 })
		expect((await ctx.call('GET', `/purchases/batch/${bought}`, { token })).status).toBe(200)
		expect((await ctx.call('GET', `/purchases/batch/${fresh}`, { token })).status).toBe(200)
		// Another business's old lists are its own to forget.
		expect(
			await ctx.db.select({ id: staffBatches.id }).from(staffBatches).where(eq(staffBatches.customerId, owner.customerId)),
		).not.toHaveLength(0)
	})
})
