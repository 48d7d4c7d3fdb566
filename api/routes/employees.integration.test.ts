import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { formatDay } from '#api/contract/dates.ts'
import { policies, staff } from '#api/db/schema.ts'
import { lagosDate } from '#api/domain/policies.ts'
import { endOfMonth, firstOfNextMonth } from '#api/domain/staff-lifecycle.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { newKey } from '#tests/support/wallet.ts'

// The staff register: /employees, its lifecycle, /employees/import, /dependants and /purchases/:id/custodian.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const HEADER = 'first_name,last_name,email,phone,gender,date_of_birth'
const person = (n: number, extra: Record<string, unknown> = {}) => ({
	first_name: `Ada${n}`,
	last_name: 'Obi',
	email: `ada${n}@staff.test`,
	phone: `0809${String(1_000_000 + n)}`,
	gender: 'female',
	...extra,
})

describeApi('the staff register', () => {
	let ctx: Ctx
	let owner: Account
	let other: Account
	let viewer: Account
	let finance: Account
	let planId: string

	beforeAll(async () => {
		ctx = await testApi()
		owner = await ctx.createAccount({ kyc: true })
		other = await ctx.createAccount({ kyc: true })
		viewer = await ctx.createMember(owner, 'Viewer')
		finance = await ctx.createMember(owner, 'Finance')
		const csv = [HEADER, 'Ngozi,Eze,ngozi@eze.test,08031234567,female,1990-05-17', 'Tunde,Bakare,tunde@eze.test,08122334455,male,'].join(
			'\r\n',
		)
		const form = new FormData()
		form.set('file', new File([csv], 'staff.csv', { type: 'text/csv' }))
		form.set('product_id', '32')
		form.set('period', 'annual')
		const res = await ctx.api.request('/api/v1/purchases/batch/preview', {
			method: 'POST',
			headers: { authorization: `Bearer ${owner.token}` },
			body: form,
		})
		const batch = (await res.json()).data
		const bought = await ctx.call('POST', '/purchases/batch', {
			token: owner.token,
			body: { batch_id: batch.id, idempotency_key: newKey('batch') },
		})
		expect(bought.status).toBe(201)
		planId = bought.body.data.policy.id
		await ctx.db.update(policies).set({ dependantSlots: 2 }).where(eq(policies.id, planId))
	})

	const list = async (query = '', token = owner.token) => ctx.call('GET', `/employees${query}`, { token })
	const create = (body: unknown, token = owner.token) => ctx.call('POST', '/employees', { token, body })

	test.each([
		['GET', '/employees'],
		['GET', '/employees.csv'],
		['POST', '/employees'],
		['GET', `/employees/${randomUUID()}`],
		['POST', '/employees/deactivate'],
		['PATCH', `/dependants/${randomUUID()}`],
		['GET', `/purchases/${randomUUID()}/custodian`],
	])('%s %s needs a bearer token', async (method, path) => {
		expect((await ctx.call(method, path)).status).toBe(401)
	})

	test('members of a bought staff plan are on the register, enrolled on it', async () => {
		const page = (await list()).body.data
		expect(page.items.map((e: { email: string }) => e.email)).toEqual(['tunde@eze.test', 'ngozi@eze.test'])
		expect(page.items[0]).toMatchObject({ status: 'active', total_policies: 1, flags: { active: true, to_be_removed: false } })
		const members = await ctx.db.select().from(staff).where(eq(staff.policyId, planId))
		expect(members.every((m) => m.employeeId)).toBe(true)
	})

	test('create, find, edit; a duplicate email or phone is refused naming who has it', async () => {
		const created = await create({ ...person(1), plan_ids: [planId] })
		expect(created.status).toBe(201)
		const id = created.body.data.id
		expect(created.body.data).toMatchObject({ first_name: 'Ada1', enrolled_on: lagosDate(new Date()), total_policies: 1 })
		expect(created.body.data.policies[0]).toMatchObject({ policy_id: planId, role: 'member' })
		const again = await create(person(2, { email: 'NGOZI@eze.test' }))
		expect(again).toMatchObject({
			status: 409,
			body: { message: 'Ngozi Eze is already on your staff list with this email address.', errors: [{ path: 'email' }] },
		})
		const samePhone = await create(person(3, { phone: '+2348031234567' }))
		expect(samePhone).toMatchObject({
			status: 409,
			body: { errors: [{ path: 'phone', message: 'Ngozi Eze is already on your staff list with this phone number.' }] },
		})
		const edited = await ctx.call('PATCH', `/employees/${id}`, {
			token: owner.token,
			body: person(1, { first_name: 'Adaeze', date_of_birth: '1992-02-29' }),
		})
		expect(edited.status).toBe(200)
		expect(edited.body.data).toMatchObject({ first_name: 'Adaeze', date_of_birth: '1992-02-29' })
		const kinds = edited.body.data.history.map((h: { kind: string }) => h.kind)
		expect(kinds[0]).toBe('edited')
		expect(kinds.slice(1).sort()).toEqual(['added', 'enrolled'])
		const found = await ctx.call('GET', `/employees/${id}`, { token: viewer.token })
		expect(found.body.data.first_name).toBe('Adaeze')
	})

	test('bad input is a 400 with a message beside each field', async () => {
		const bad = await create({ first_name: '', last_name: 'Obi', email: 'nope', phone: '123', gender: 'other' })
		expect(bad.status).toBe(400)
		expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['email', 'first_name', 'gender', 'phone'])
		expect((await list('?status=gone')).status).toBe(400)
		expect((await list('?cursor=bad!')).status).toBe(400)
		expect((await list('?cursor=bm90LWpzb24')).body).toMatchObject({
			message: 'That page link is not valid. Start again from the first page.',
		})
		expect((await ctx.call('POST', '/employees/deactivate', { token: owner.token, body: { employee_ids: [] } })).status).toBe(400)
	})

	test("another business's staff are not found; permissions are checked", async () => {
		const mine = (await list()).body.data.items[0].id
		expect((await ctx.call('GET', `/employees/${mine}`, { token: other.token })).status).toBe(404)
		expect((await ctx.call('POST', '/employees/remove', { token: other.token, body: { employee_ids: [mine] } })).status).toBe(404)
		expect((await list('', finance.token)).status).toBe(403)
		expect((await create(person(9), viewer.token)).status).toBe(403)
		expect((await ctx.call('POST', '/employees/deactivate', { token: viewer.token, body: { employee_ids: [mine] } })).status).toBe(403)
	})

	test('an individual has no staff or invoices: each such call is a 403 that says so (decision 155)', async () => {
		const person = await ctx.createAccount({ kind: 'individual', kyc: true })
		const refused = { status: 403, body: { message: 'Staff and their invoices are for business accounts.' } }
		expect(await list('', person.token)).toMatchObject(refused)
		expect(
			await create({ first_name: 'Ada', last_name: 'Obi', email: 'ada@person.test', phone: '08091234567', gender: 'female' }, person.token),
		).toMatchObject(refused)
		expect(await ctx.call('GET', '/employees.csv', { token: person.token })).toMatchObject({ status: 403 })
		expect(await ctx.call('GET', '/invoices', { token: person.token })).toMatchObject(refused)
		// A business's own calls go on as before.
		expect((await list()).status).toBe(200)
		expect((await ctx.call('GET', '/invoices', { token: owner.token })).status).toBe(200)
	})

	test('search, filter, sort and keyset pages', async () => {
		for (const n of [10, 11, 12, 13, 14]) expect((await create(person(n))).status).toBe(201)
		expect((await list('?q=ada1')).body.data.items.map((e: { first_name: string }) => e.first_name)).toEqual([
			'Ada10',
			'Ada11',
			'Ada12',
			'Ada13',
			'Ada14',
			'Adaeze',
		])
		expect((await list('?q=0809100001')).body.data.items.map((e: { first_name: string }) => e.first_name)).toEqual([
			'Ada10',
			'Ada11',
			'Ada12',
			'Ada13',
			'Ada14',
		])
		const seen: string[] = []
		let cursor: string | null = null
		do {
			const page: { data: { items: Array<{ email: string }>; next_cursor: string | null; total: number } } = (
				await list(`?sort=email&page_size=3${cursor ? `&cursor=${cursor}` : ''}`)
			).body
			expect(page.data.total).toBe(8)
			seen.push(...page.data.items.map((e) => e.email))
			cursor = page.data.next_cursor
		} while (cursor)
		expect(seen).toEqual([...seen].sort())
		expect(new Set(seen).size).toBe(8)
		const csv = await ctx.api.request('/api/v1/employees.csv?q=ada1', { headers: { authorization: `Bearer ${owner.token}` } })
		expect((await csv.text()).split('\r\n')[0]).toBe(
			'first_name,last_name,email,phone,date_enrolled,total_policies,status,last_covered_day',
		)
	})

	test('deactivate and remove are pending to the end of the month and final after, as the clock moves', async () => {
		const ids = (await list('?q=ada1&sort=email')).body.data.items.map((e: { id: string }) => e.id)
		const today = lagosDate(new Date())
		const removed = await ctx.call('POST', '/employees/remove', { token: owner.token, body: { employee_ids: [ids[1]] } })
		expect(removed.status).toBe(200)
		expect(removed.body.data).toMatchObject({ last_covered_day: endOfMonth(today), effective_on: firstOfNextMonth(today) })
		expect(removed.body.message).toBe(
			`1 removed: covered to ${formatDay(endOfMonth(today))}, taking effect on ${formatDay(firstOfNextMonth(today))}.`,
		)
		expect(removed.body.data.employees[0].history[0].description).toBe(
			`Removed from the staff list by Ngozi: covered to ${formatDay(endOfMonth(today))}`,
		)
		expect(removed.body.data.employees[0]).toMatchObject({
			status: 'to_be_removed',
			leaves_on: endOfMonth(today),
			flags: { to_be_removed: true },
		})
		const deactivated = await ctx.call('POST', '/employees/deactivate', { token: owner.token, body: { employee_ids: [ids[2]] } })
		expect(deactivated.body.data.employees[0].status).toBe('to_be_deactivated')
		const twice = await ctx.call('POST', '/employees/deactivate', { token: owner.token, body: { employee_ids: [ids[3], ids[2]] } })
		expect(twice.status).toBe(409)
		expect((await ctx.call('GET', `/employees/${ids[3]}`, { token: owner.token })).body.data.status).toBe('active')
		expect((await list('?status=pending')).body.data.total).toBe(2)
		const days = (Date.parse(`${firstOfNextMonth(today)}T00:00:00Z`) - Date.now()) / 86_400_000
		ctx.advanceClock((Math.ceil(days) + 1) * 86_400_000)
		try {
			// A token does not last the days the clock moved: sign in again on the later day.
			const later = await ctx.call('POST', '/auth/sign-in', { body: { email: owner.email, password: owner.password } })
			const token = later.body.data.access_token as string
			expect((await ctx.call('GET', `/employees/${ids[1]}`, { token })).body.data).toMatchObject({
				status: 'is_terminated',
				flags: { is_terminated: true },
			})
			expect((await ctx.call('GET', `/employees/${ids[2]}`, { token })).body.data.status).toBe('is_deactivated')
			expect((await list('?status=terminated', token)).body.data.total).toBe(2)
			const back = await ctx.call('POST', `/employees/${ids[2]}/reactivate`, { token })
			expect(back.body.data.employees[0].status).toBe('active')
		} finally {
			ctx.advanceClock(-(Math.ceil(days) + 1) * 86_400_000)
		}
	})

	test('replace: the leaver to the end of the month, the joiner on the same plans from the 1st', async () => {
		const ngozi = (await list('?q=ngozi')).body.data.items[0]
		const replaced = await ctx.call('POST', `/employees/${ngozi.id}/replace`, { token: owner.token, body: { replacement: person(20) } })
		expect(replaced.status).toBe(200)
		const [leaver, joiner] = replaced.body.data.employees
		const today = lagosDate(new Date())
		expect(leaver).toMatchObject({ status: 'to_be_terminated', leaves_on: endOfMonth(today), replaced_by: { id: joiner.id } })
		expect(replaced.body.message).toBe(
			`Replacement joins on ${formatDay(firstOfNextMonth(today))}; the person leaving is covered to ${formatDay(endOfMonth(today))}.`,
		)
		expect(leaver.history[0].description).toBe(`Replaced by Ada20 Obi (Ngozi): covered to ${formatDay(endOfMonth(today))}`)
		expect(joiner).toMatchObject({ status: 'is_pending', enrolled_on: firstOfNextMonth(today) })
		expect(joiner.policies.map((p: { policy_id: string }) => p.policy_id)).toEqual([planId])
		const tunde = (await list('?q=tunde')).body.data.items[0]
		const off = await ctx.call('POST', `/employees/${tunde.id}/remove-from-plan`, { token: owner.token, body: { plan_id: planId } })
		expect(off.body.data.employees[0].policies[0]).toMatchObject({ status: 'to_be_removed', ends_on: endOfMonth(today) })
		expect(off.body.message).toBe(
			`Removed from the plan: covered to ${formatDay(endOfMonth(today))}, taking effect on ${formatDay(firstOfNextMonth(today))}.`,
		)
		expect(
			(await ctx.call('POST', `/employees/${tunde.id}/remove-from-plan`, { token: owner.token, body: { plan_id: planId } })).body.message,
		).toBe(`Tunde Bakare already leaves that plan on ${formatDay(endOfMonth(today))}.`)
		expect(
			(await ctx.call('POST', `/employees/${tunde.id}/remove-from-plan`, { token: owner.token, body: { plan_id: randomUUID() } })).status,
		).toBe(404)
	})

	test("dependants within the plan's slots and the family limits", async () => {
		const ada = (await list('?q=adaeze')).body.data.items[0]
		const add = (body: unknown, token = owner.token) => ctx.call('POST', `/employees/${ada.id}/dependants`, { token, body })
		const spouse = await add({
			first_name: 'Obinna',
			last_name: 'Obi',
			relationship: 'spouse',
			date_of_birth: '1988-01-01',
			gender: 'male',
		})
		expect(spouse.status).toBe(201)
		expect(
			(await add({ first_name: 'Kelechi', last_name: 'Obi', relationship: 'spouse', date_of_birth: '1988-01-01', gender: 'male' })).body
				.message,
		).toBe('This member of staff already has a spouse on their cover.')
		expect(
			(await add({ first_name: 'Old', last_name: 'Obi', relationship: 'child', date_of_birth: '1990-01-01', gender: 'male' })).body,
		).toMatchObject({ errors: [{ path: 'date_of_birth' }] })
		const child = await add({
			first_name: 'Chioma',
			last_name: 'Obi',
			relationship: 'child',
			date_of_birth: '2018-03-03',
			gender: 'female',
		})
		expect(child.status).toBe(201)
		expect(
			(await add({ first_name: 'Third', last_name: 'Obi', relationship: 'child', date_of_birth: '2019-03-03', gender: 'female' })).body
				.message,
		).toMatch(/no dependant slot free/)
		expect((await add({ first_name: '', relationship: 'cousin' })).status).toBe(400)
		expect(
			(await add({ first_name: 'X', last_name: 'Y', relationship: 'child', date_of_birth: '2019-03-03', gender: 'male' }, viewer.token))
				.status,
		).toBe(403)
		const edited = await ctx.call('PATCH', `/dependants/${child.body.data.id}`, {
			token: owner.token,
			body: { first_name: 'Chiamaka', last_name: 'Obi', relationship: 'child', date_of_birth: '2018-03-03', gender: 'female' },
		})
		expect(edited.body.data.first_name).toBe('Chiamaka')
		expect((await ctx.call('GET', `/dependants/${child.body.data.id}`, { token: other.token })).status).toBe(404)
		expect((await ctx.call('DELETE', `/dependants/${child.body.data.id}`, { token: owner.token })).status).toBe(200)
		const detail = (await ctx.call('GET', `/employees/${ada.id}`, { token: owner.token })).body.data
		expect(detail.dependants.map((d: { first_name: string }) => d.first_name)).toEqual(['Obinna'])
		expect(detail.history[0].kind).toBe('dependant_removed')
	})

	test('import: row errors and duplicates flagged, nothing written until commit, then all rows', async () => {
		const upload = async (csv: string, token = owner.token) => {
			const form = new FormData()
			form.set('file', new File([csv], 'import.csv', { type: 'text/csv' }))
			const res = await ctx.api.request('/api/v1/employees/import', {
				method: 'POST',
				headers: { authorization: `Bearer ${token}` },
				body: form,
			})
			return { status: res.status, body: await res.json() }
		}
		const before = (await list()).body.data.total
		const bad = await upload(
			[
				HEADER,
				'Musa,Bello,musa@new.test,08051112222,male,',
				'Ife,Ade,tunde@eze.test,08051113333,female,',
				'Kemi,Ojo,kemi@new.test,08051112222,female,',
			].join('\r\n'),
		)
		expect(bad.status).toBe(201)
		expect(bad.body.data.errors.map((e: { row: number; field: string }) => `${e.row}.${e.field}`)).toEqual(
			expect.arrayContaining(['3.email', '4.phone']),
		)
		expect(bad.body.data.errors.find((e: { row: number }) => e.row === 3).message).toBe(
			'Tunde Bakare is already on your staff list with this email address.',
		)
		expect((await ctx.call('POST', `/employees/import/${bad.body.data.id}/commit`, { token: owner.token })).status).toBe(400)
		expect((await list()).body.data.total).toBe(before)
		const good = await upload(
			[HEADER, 'Musa,Bello,musa@new.test,08051112222,male,', 'Kemi,Ojo,kemi@new.test,08051114444,female,'].join('\r\n'),
		)
		expect(good.body.data).toMatchObject({ errors: [], valid_count: 2 })
		expect((await ctx.call('POST', `/employees/import/${good.body.data.id}/commit`, { token: other.token })).status).toBe(404)
		const done = await ctx.call('POST', `/employees/import/${good.body.data.id}/commit`, { token: owner.token })
		expect(done).toMatchObject({ status: 200, body: { data: { imported: 2 } } })
		expect((await list()).body.data.total).toBe(before + 2)
		expect((await ctx.call('POST', `/employees/import/${good.body.data.id}/commit`, { token: owner.token })).status).toBe(409)
		expect((await upload('not,a,staff,list')).status).toBe(400)
		expect((await upload(HEADER, viewer.token)).status).toBe(403)
	})

	test('custodians: named from the staff list or as a new person, changes in the policy history, then activated', async () => {
		const [plan] = await ctx.db.select().from(policies).where(eq(policies.id, planId))
		const purchaseId = plan!.purchaseId
		const musa = (await list('?q=musa')).body.data.items[0]
		const kemi = (await list('?q=kemi')).body.data.items[0]
		const put = (body: unknown, token = owner.token) => ctx.call('PUT', `/purchases/${purchaseId}/custodian`, { token, body })
		expect((await put({ employee_id: musa.id })).body.data).toMatchObject({ custodian: { id: musa.id }, activated_at: null })
		const changed = await put({ employee_id: kemi.id })
		expect(changed.body.data.history[0].description).toMatch(/^Custodian changed from Musa Bello to Kemi Ojo/)
		const created = await put({ new: person(30) })
		expect(created.body.data.custodian.email).toBe('ada30@staff.test')
		expect((await put({ employee_id: randomUUID() })).status).toBe(404)
		expect((await put({ employee_id: musa.id }, other.token)).status).toBe(404)
		expect((await put({ employee_id: musa.id }, viewer.token)).status).toBe(403)
		expect((await put({ nobody: true })).status).toBe(400)
		const activate = (body: unknown) => ctx.call('POST', `/purchases/${purchaseId}/custodian/activate`, { token: owner.token, body })
		expect((await activate({ date_of_birth: '1990-13-01', address: '' })).status).toBe(400)
		const done = await activate({ date_of_birth: '1990-01-01', address: '5 Allen Avenue, Ikeja', licence_number: 'LAG12345' })
		expect(done.body.data.activated_at).not.toBeNull()
		expect(done.body.data.custodian.date_of_birth).toBe('1990-01-01')
	})
})
