import { readdir } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { INSPECTION_LINK_MESSAGE } from '#api/contract/inspections.ts'
import { inspections, policies } from '#api/db/schema.ts'
import { insertPolicy, pdf, png, signInOperator } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'

// Pre-inspections through the API: start, photos, hand-off links, the desk's decision. Every route's
// success, bad input, no token, another business's inspection (404), the wrong role, expired links.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const VEHICLE = ['front', 'chassis_number', 'left', 'rear', 'right', 'dashboard', 'interior']

describeApi('pre-inspections', () => {
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

	/** Own-damage auto cover whose details are in: pending, waiting for its inspection. */
	const awaitingVehicle = async (customerId = owner.customerId) => {
		const policy = await insertPolicy(ctx, customerId, {
			productId: 2,
			status: 'pending',
			input: { product_id: 2, vehicle_class: 'private_car', vehicle_value: 8_000_000, period: 'annual' },
		})
		await ctx.db
			.update(policies)
			.set({ activatedAt: new Date(), activation: { registration_number: 'LND 123 AB', make_and_model: 'Honda Accord 2018' } })
			.where(eq(policies.id, policy.id))
		return policy
	}
	const storedFiles = async () =>
		(await readdir(ctx.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length

	/** POST one photo, with a bearer token or none (the link and kit routes). */
	async function upload(path: string, bytes: Uint8Array, token?: string) {
		const form = new FormData()
		form.set('file', new File([bytes as Uint8Array<ArrayBuffer>], 'photo.png'))
		const res = await ctx.api.request(`/api/v1${path}`, {
			method: 'POST',
			headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': '127.0.0.1' },
			body: form,
		})
		const text = await res.text()
		return { status: res.status, body: text ? JSON.parse(text) : null }
	}

	const policyFlags = async (id: string) => {
		const res = await ctx.call('GET', '/policies?page_size=100', { token: owner.token })
		return (res.body.data.items as Array<{ id: string; state: string; awaiting_inspection: boolean }>).find((p) => p.id === id)
	}

	const start = async (policyId: string) => {
		const res = await ctx.call('POST', `/policies/${policyId}/inspection`, { token: owner.token })
		expect(res.status).toBe(200)
		return res.body.data as { id: string; status: string; missing: string[]; kind: string }
	}

	test('no token: 401 on the business’s and the desk’s routes', async () => {
		const id = randomUUID()
		expect((await ctx.call('GET', `/policies/${id}/inspection`)).status).toBe(401)
		expect((await ctx.call('POST', `/policies/${id}/inspection`)).status).toBe(401)
		expect((await ctx.call('POST', `/inspections/${id}/submit`)).status).toBe(401)
		expect((await ctx.call('POST', `/inspections/${id}/links`)).status).toBe(401)
		expect((await upload(`/inspections/${id}/photos/front`, await png())).status).toBe(401)
		expect((await ctx.call('GET', '/desk/inspections')).status).toBe(401)
		expect((await ctx.call('POST', `/desk/inspections/${id}/decision`, { body: { decision: 'approve' } })).status).toBe(401)
	})

	test('a vehicle from its photos to the desk’s approval: the policy becomes active and its certificate is mailed', async () => {
		const policy = await awaitingVehicle()
		const inspection = await start(policy.id)
		expect(inspection).toMatchObject({ status: 'open', kind: 'vehicle', missing: VEHICLE })
		// Starting again answers the same one.
		expect((await start(policy.id)).id).toBe(inspection.id)

		const early = await ctx.call('POST', `/inspections/${inspection.id}/submit`, { token: owner.token })
		expect(early.status).toBe(409)
		expect(early.body.message).toMatch(/^Take every photo first: Front of the vehicle, chassis number/)

		for (const angle of VEHICLE)
			expect((await upload(`/inspections/${inspection.id}/photos/${angle}`, await png(), owner.token)).status).toBe(201)
		const submitted = await ctx.call('POST', `/inspections/${inspection.id}/submit`, { token: owner.token })
		expect(submitted).toMatchObject({ status: 200, body: { data: { status: 'submitted', missing: [] } } })

		const queue = await ctx.call('GET', '/desk/inspections?status=submitted', { token: operator.token })
		expect(queue.body.data.map((i: { id: string }) => i.id)).toContain(inspection.id)
		const review = await ctx.call('GET', `/desk/inspections/${inspection.id}`, { token: operator.token })
		const photo = review.body.data.angles[0].photo
		const file = await ctx.api.request(`/api/v1/desk/inspections/${inspection.id}/photos/${photo.id}`, {
			headers: { authorization: `Bearer ${operator.token}` },
		})
		expect(file.headers.get('content-type')).toBe('image/png')

		const approved = await ctx.call('POST', `/desk/inspections/${inspection.id}/decision`, {
			token: operator.token,
			body: { decision: 'approve' },
		})
		expect(approved).toMatchObject({ status: 200, body: { message: 'Inspection approved.', data: { status: 'approved' } } })
		expect(await policyFlags(policy.id)).toMatchObject({ state: 'active', awaiting_inspection: false })
		expect((await ctx.latestMail(owner.email))?.subject).toMatch(/^Your cover is active: .*policy CP-TEST-/)
		// Approved is final: a second decision conflicts.
		expect(
			(await ctx.call('POST', `/desk/inspections/${inspection.id}/decision`, { token: operator.token, body: { decision: 'approve' } }))
				.status,
		).toBe(409)
	})

	/** The owner's todo about a policy, if any (decision 152: details, then photos, none while the desk reviews). */
	const todoAbout = async (policyId: string) => {
		const res = await ctx.call('GET', '/todos', { token: owner.token })
		return (res.body.data as Array<{ id: string; title: string; href: string }>).filter((t) => t.id.endsWith(policyId))
	}

	test('sent back with a reason: the customer is told, takes a photo again and sends it again', async () => {
		const policy = await awaitingVehicle()
		// Details in: the todo is the photos, not the details again.
		expect(await todoAbout(policy.id)).toEqual([
			{
				id: `inspect-${policy.id}`,
				title: 'Take the pre-inspection photos of Comprehensive Motor',
				description: `${policy.policyNumber}: cover starts once the vehicle's photos are approved.`,
				href: `/pre-inspection/${policy.id}`,
			},
		])
		const inspection = await start(policy.id)
		for (const angle of VEHICLE) await upload(`/inspections/${inspection.id}/photos/${angle}`, await png(), owner.token)
		await ctx.call('POST', `/inspections/${inspection.id}/submit`, { token: owner.token })
		// The desk has it: nothing for the customer to do.
		expect(await todoAbout(policy.id)).toEqual([])
		const bad = await ctx.call('POST', `/desk/inspections/${inspection.id}/decision`, {
			token: operator.token,
			body: { decision: 'reject' },
		})
		expect(bad).toMatchObject({
			status: 400,
			body: { errors: [{ path: 'reason_code', message: 'Choose the reason for sending it back.' }] },
		})
		const rejected = await ctx.call('POST', `/desk/inspections/${inspection.id}/decision`, {
			token: operator.token,
			body: { decision: 'reject', reason_code: 'number_unreadable', note: 'The chassis photo is blurred.' },
		})
		expect(rejected.body.data).toMatchObject({
			status: 'rejected',
			reject_reason_label: 'The chassis, serial number or IMEI cannot be read',
			desk_note: 'The chassis photo is blurred.',
		})
		const mail = await ctx.latestMail(owner.email)
		expect(mail?.subject).toBe(`Pre-inspection of ${policy.policyNumber}: Sent back`)
		expect(mail?.text).toContain('The chassis photo is blurred.')
		expect(await policyFlags(policy.id)).toMatchObject({ state: 'pending', awaiting_inspection: true })
		expect((await todoAbout(policy.id)).map((t) => [t.title, t.href])).toEqual([
			['Take the pre-inspection photos again for Comprehensive Motor', `/pre-inspection/${policy.id}`],
		])

		const again = await upload(`/inspections/${inspection.id}/photos/chassis_number`, await png(), owner.token)
		expect(again.body.data.status).toBe('open')
		const resubmitted = await ctx.call('POST', `/inspections/${inspection.id}/submit`, { token: owner.token })
		expect(resubmitted.body.data.status).toBe('submitted')
	})

	test('bad input: refused photos store nothing; unknown angles, uninspected cover and pending details are refused', async () => {
		const policy = await awaitingVehicle()
		const inspection = await start(policy.id)
		const before = await storedFiles()
		const wrongBytes = await upload(`/inspections/${inspection.id}/photos/front`, pdf(), owner.token)
		expect(wrongBytes).toMatchObject({ status: 400, body: { errors: [{ path: 'file' }] } })
		const fake = await upload(
			`/inspections/${inspection.id}/photos/front`,
			new TextEncoder().encode('<html>not a photo</html>'),
			owner.token,
		)
		expect(fake.status).toBe(400)
		const big = new Uint8Array(5 * 1024 * 1024 + 10)
		big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
		expect((await upload(`/inspections/${inspection.id}/photos/front`, big, owner.token)).status).toBeGreaterThanOrEqual(400)
		expect(await storedFiles()).toBe(before)
		expect((await upload(`/inspections/${inspection.id}/photos/serial_number`, await png(), owner.token)).status).toBe(404)
		expect((await ctx.call('GET', `/policies/${policy.id}/inspection`, { token: owner.token })).body.data.missing).toEqual(VEHICLE)

		const thirdParty = await insertPolicy(ctx, owner.customerId, { productId: 1, input: { product_id: 1 } })
		expect(await ctx.call('POST', `/policies/${thirdParty.id}/inspection`, { token: owner.token })).toMatchObject({ status: 409 })
		const noDetails = await insertPolicy(ctx, owner.customerId, { productId: 2, status: 'pending', input: { product_id: 2 } })
		expect(await ctx.call('POST', `/policies/${noDetails.id}/inspection`, { token: owner.token })).toMatchObject({
			status: 409,
			body: { message: 'Send the vehicle’s details first: activate the policy, then take its photos.' },
		})
		expect((await ctx.call('POST', '/policies/not-an-id/inspection', { token: owner.token })).status).toBe(400)
	})

	test('another business: its policy’s and inspection’s routes are 404; customers never reach the desk (403)', async () => {
		const policy = await awaitingVehicle()
		const inspection = await start(policy.id)
		expect((await ctx.call('GET', `/policies/${policy.id}/inspection`, { token: other.token })).status).toBe(404)
		expect((await ctx.call('POST', `/policies/${policy.id}/inspection`, { token: other.token })).status).toBe(404)
		expect((await upload(`/inspections/${inspection.id}/photos/front`, await png(), other.token)).status).toBe(404)
		expect((await ctx.call('POST', `/inspections/${inspection.id}/submit`, { token: other.token })).status).toBe(404)
		expect((await ctx.call('POST', `/inspections/${inspection.id}/links`, { token: other.token })).status).toBe(404)
		expect((await ctx.call('GET', '/desk/inspections', { token: owner.token })).status).toBe(403)
		expect(
			(await ctx.call('POST', `/desk/inspections/${inspection.id}/decision`, { token: owner.token, body: { decision: 'approve' } })).status,
		).toBe(403)
		const finance = await ctx.createMember(owner, 'Finance')
		expect((await ctx.call('POST', `/policies/${policy.id}/inspection`, { token: finance.token })).status).toBe(403)
	})

	test('a hand-off link: the phone photographs and submits with the code alone, once; a newer link replaces it', async () => {
		const policy = await awaitingVehicle()
		const inspection = await start(policy.id)
		const first = await ctx.call('POST', `/inspections/${inspection.id}/links`, { token: owner.token })
		expect(first.status).toBe(201)
		const second = await ctx.call('POST', `/inspections/${inspection.id}/links`, { token: owner.token })
		const { code, url } = second.body.data as { code: string; url: string }
		expect(url).toBe(`http://portal.test/inspection-scanner?code=${code}`)
		expect(await ctx.call('GET', `/inspection-links/${first.body.data.code}`)).toMatchObject({
			status: 404,
			body: { message: INSPECTION_LINK_MESSAGE },
		})
		// Typed in groups and lower case, it still opens.
		const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase()
		expect(await ctx.call('GET', `/inspection-links/${typed}`)).toMatchObject({ status: 200, body: { data: { id: inspection.id } } })
		for (const angle of VEHICLE) expect((await upload(`/inspection-links/${code}/photos/${angle}`, await png())).status).toBe(201)
		expect((await upload(`/inspection-links/${code}/photos/front`, pdf())).status).toBe(400)
		expect((await ctx.call('POST', `/inspection-links/${code}/submit`)).body.data.status).toBe('submitted')
		// Spent: the one message, 410.
		expect(await ctx.call('GET', `/inspection-links/${code}`)).toMatchObject({ status: 410, body: { message: INSPECTION_LINK_MESSAGE } })
		expect((await upload(`/inspection-links/${code}/photos/front`, await png())).status).toBe(410)
		expect(await ctx.call('GET', '/inspection-links/NOT-A-CODE')).toMatchObject({ status: 404, body: { message: INSPECTION_LINK_MESSAGE } })
	})

	test('an expired link: 410 with the spec’s message, nothing stored', async () => {
		const policy = await awaitingVehicle()
		const inspection = await start(policy.id)
		const { code } = (await ctx.call('POST', `/inspections/${inspection.id}/links`, { token: owner.token })).body.data
		ctx.advanceClock(31 * 60_000)
		try {
			expect(await ctx.call('GET', `/inspection-links/${code}`)).toMatchObject({ status: 410, body: { message: INSPECTION_LINK_MESSAGE } })
			const before = await storedFiles()
			expect((await upload(`/inspection-links/${code}/photos/front`, await png())).status).toBe(410)
			expect(await storedFiles()).toBe(before)
		} finally {
			ctx.advanceClock(-31 * 60_000)
		}
	})

	test('codes that open nothing are limited per network: 30 in 15 minutes, then 429', async () => {
		const headers = { 'x-forwarded-for': '203.0.113.77' }
		for (let i = 0; i < 30; i++) expect((await ctx.call('GET', '/inspection-links/ABCD-EFGH-JKMN', { headers })).status).toBe(404)
		expect(await ctx.call('GET', '/inspection-links/ABCD-EFGH-JKMN', { headers })).toMatchObject({ status: 429 })
		// Another network is not held back.
		expect((await ctx.call('GET', '/inspection-links/ABCD-EFGH-JKMN', { headers: { 'x-forwarded-for': '203.0.113.78' } })).status).toBe(404)
	})

	test('a gadget is inspected while its cover runs, and approving records it without changing the policy', async () => {
		const gadget = await insertPolicy(ctx, owner.customerId)
		const inspection = await start(gadget.id)
		expect(inspection).toMatchObject({ kind: 'gadget', missing: ['front', 'back', 'side', 'serial_number'] })
		for (const angle of inspection.missing) await upload(`/inspections/${inspection.id}/photos/${angle}`, await png(), owner.token)
		await ctx.call('POST', `/inspections/${inspection.id}/submit`, { token: owner.token })
		await ctx.call('POST', `/desk/inspections/${inspection.id}/decision`, { token: operator.token, body: { decision: 'approve' } })
		const [row] = await ctx.db.select().from(inspections).where(eq(inspections.id, inspection.id))
		expect(row).toMatchObject({ status: 'approved', reviewedBy: operator.id })
		expect((await ctx.latestMail(owner.email))?.subject).toBe(`Pre-inspection of ${gadget.policyNumber}: Approved`)
	})
})
