import { readdir } from 'node:fs/promises'
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { reconcile } from '#api/services/reconcile.ts'
import { insertPolicy, pdf, png, signInOperator, uploadTo } from '#tests/support/claims.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { balanceOf } from '#tests/support/wallet.ts'

// Claims from the customer's form to the desk's payout, through the API: every route's success, bad
// input, no token, another business's claim (404), the wrong role (403), refused uploads.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const SCREEN = {
	incident_type: 'screen_damage',
	incident_date: '2026-03-10',
	place: 'Ikeja, Lagos',
	description: 'The phone fell on the floor and the screen cracked.',
	amount: '₦60,000',
}

describeApi('claims', () => {
	let ctx: Ctx
	let owner: Account
	let other: Account
	let operator: Awaited<ReturnType<typeof signInOperator>>
	let second: Awaited<ReturnType<typeof signInOperator>>
	let gadget: { id: string }

	beforeAll(async () => {
		ctx = await testApi({ env: { claimPayoutThreshold: 100_000 } })
		owner = await ctx.createAccount({ kyc: true })
		other = await ctx.createAccount({ kyc: true })
		operator = await signInOperator(ctx)
		second = await signInOperator(ctx, 'Kunle')
		gadget = await insertPolicy(ctx, owner.customerId)
	})

	const storedFiles = async () =>
		(await readdir(ctx.uploadsDir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length
	const start = async (body: Record<string, unknown> = {}, policyId = gadget.id) => {
		const res = await ctx.call('POST', '/claims', { token: owner.token, body: { ...SCREEN, policy_id: policyId, ...body } })
		expect(res.status).toBe(201)
		return res.body.data as { id: string; claim_number: string; status: string }
	}

	test('no token: 401 on every claims route', async () => {
		expect(await ctx.call('GET', '/claims')).toMatchObject({ status: 401, body: { message: 'Missing authorization' } })
		expect((await ctx.call('POST', '/claims', { body: SCREEN })).status).toBe(401)
		expect((await ctx.call('GET', `/claims/${randomUUID()}`)).status).toBe(401)
		expect((await ctx.call('GET', '/desk/claims')).status).toBe(401)
	})

	test('bad input: a message per field, nothing made', async () => {
		const res = await ctx.call('POST', '/claims', {
			token: owner.token,
			body: { policy_id: gadget.id, incident_type: 'flood', incident_date: '10/03/2026', place: '', description: 'short', amount: '12.5' },
		})
		expect(res.status).toBe(400)
		expect(res.body.errors).toEqual([
			{ path: 'incident_type', message: 'Choose what happened.' },
			{ path: 'incident_date', message: 'Enter the date as YYYY-MM-DD.' },
			{ path: 'place', message: 'Enter where it happened.' },
			{ path: 'description', message: 'Describe what happened in at least 10 characters.' },
			{ path: 'amount', message: 'Enter the amount in whole Naira, like 25000.' },
		])
		const wrongLine = await ctx.call('POST', '/claims', {
			token: owner.token,
			body: { ...SCREEN, incident_type: 'stolen_vehicle', policy_id: gadget.id },
		})
		expect(wrongLine).toMatchObject({ status: 400, body: { errors: [{ path: 'incident_type' }] } })
		expect(wrongLine.body.message).toContain('Gadget Cover covers screen damage, liquid damage, theft, burglary')
		expect((await ctx.call('GET', '/claims', { token: owner.token })).body.data).toEqual([])
	})

	test('claims on pending or expired policies are refused with a clear message', async () => {
		const pending = await insertPolicy(ctx, owner.customerId, { status: 'pending' })
		expect(await ctx.call('POST', '/claims', { token: owner.token, body: { ...SCREEN, policy_id: pending.id } })).toMatchObject({
			status: 409,
			body: { message: 'This policy is not active yet: activate it before making a claim.' },
		})
		const expired = await insertPolicy(ctx, owner.customerId, { coverStart: '2024-01-01', coverEnd: '2024-12-31' })
		expect(await ctx.call('POST', '/claims', { token: owner.token, body: { ...SCREEN, policy_id: expired.id } })).toMatchObject({
			status: 409,
			body: { message: 'This policy has expired: claims can only be made on active cover.' },
		})
	})

	test('the limit from the catalogue: a device up to its declared value', async () => {
		const res = await ctx.call('POST', '/claims', { token: owner.token, body: { ...SCREEN, amount: 300_000, policy_id: gadget.id } })
		expect(res).toMatchObject({
			status: 400,
			body: { message: 'The most this policy pays for this is ₦250,000.', errors: [{ path: 'amount' }] },
		})
	})

	test('another business: its claims and policies are 404', async () => {
		const claim = await start()
		expect(await ctx.call('GET', `/claims/${claim.id}`, { token: other.token })).toMatchObject({
			status: 404,
			body: { message: 'We could not find that claim.' },
		})
		expect((await ctx.call('PATCH', `/claims/${claim.id}`, { token: other.token, body: SCREEN })).status).toBe(404)
		expect((await uploadTo(ctx, other.token, `/claims/${claim.id}/files/proof_of_purchase`, pdf(), 'r.pdf')).status).toBe(404)
		expect((await ctx.call('POST', '/claims', { token: other.token, body: { ...SCREEN, policy_id: gadget.id } })).status).toBe(404)
		expect((await ctx.call('GET', `/policies/${gadget.id}/usage`, { token: other.token })).status).toBe(404)
	})

	test('wrong role: 403 for a Finance member, and customers never reach the desk', async () => {
		const finance = await ctx.createMember(owner, 'Finance')
		expect(await ctx.call('GET', '/claims', { token: finance.token })).toMatchObject({
			status: 403,
			body: { message: 'You do not have permission to do this.' },
		})
		expect((await ctx.call('GET', '/desk/claims', { token: owner.token })).status).toBe(403)
		const claim = await start()
		expect(
			(await ctx.call('POST', `/desk/claims/${claim.id}/decision`, { token: owner.token, body: { decision: 'approve' } })).status,
		).toBe(403)
		// Operators are not customers: each sign-in refuses the other's accounts.
		expect(await ctx.call('POST', '/auth/sign-in', { body: { email: operator.email, password: operator.password } })).toMatchObject({
			status: 403,
			body: { message: 'This is a claims desk account: sign in at /ops/login.' },
		})
		expect(await ctx.call('POST', '/desk/sign-in', { body: { email: owner.email, password: owner.password } })).toMatchObject({
			status: 403,
		})
		expect((await ctx.call('GET', '/claims', { token: operator.token })).status).toBe(403)
	})

	test('uploads with wrong bytes or over 5 MB are refused and nothing is stored', async () => {
		const claim = await start()
		const before = await storedFiles()
		const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
		const fakePng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...html])
		expect(await uploadTo(ctx, owner.token, `/claims/${claim.id}/files/damage_1`, fakePng, 'a.png')).toMatchObject({
			status: 400,
			body: { message: 'This picture could not be read: it is damaged or not a picture. Upload a JPG or PNG photo.' },
		})
		expect(await uploadTo(ctx, owner.token, `/claims/${claim.id}/files/damage_1`, pdf(), 'a.pdf')).toMatchObject({
			status: 400,
			body: { message: 'Upload a JPG or PNG photo.' },
		})
		const big = new Uint8Array(5 * 1024 * 1024 + 1)
		expect(await uploadTo(ctx, owner.token, `/claims/${claim.id}/files/proof_of_purchase`, big, 'big.pdf')).toMatchObject({
			status: 400,
			body: { message: 'Each file must be 5 MB or smaller.' },
		})
		expect((await uploadTo(ctx, owner.token, `/claims/${claim.id}/files/passport`, pdf(), 'p.pdf')).status).toBe(404)
		expect(await storedFiles()).toBe(before)
		const detail = (await ctx.call('GET', `/claims/${claim.id}`, { token: owner.token })).body.data
		expect(detail.photos).toEqual([])
		expect(detail.checklist.every((c: { file: unknown }) => c.file === null)).toBe(true)
	})

	describe('a gadget screen-damage claim from form to payout', () => {
		let claimId: string
		test('the customer makes it: form, photos, estimate, documents, submit', async () => {
			const claim = await start()
			claimId = claim.id
			expect(claim).toMatchObject({ status: 'pending', claim_number: expect.stringMatching(/^CL-\d{4}-\d{6}$/) })
			expect(await ctx.call('POST', `/claims/${claimId}/submit`, { token: owner.token })).toMatchObject({
				status: 400,
				body: { message: 'Add photos of the damage, the estimate or bill, proof of purchase before you submit the claim.' },
			})
			expect(
				(await ctx.call('PATCH', `/claims/${claimId}`, { token: owner.token, body: { ...SCREEN, amount: 55_000 } })).body.data.amount,
			).toBe(55_000)
			expect((await uploadTo(ctx, owner.token, `/claims/${claimId}/files/damage_1`, await png(), 'crack.png')).status).toBe(201)
			expect((await ctx.call('POST', `/claims/${claimId}/inspection`, { token: owner.token })).body.data.status).toBe(
				'inspection_submitted',
			)
			const estimate = await ctx.call('PUT', `/claims/${claimId}/estimate`, {
				token: owner.token,
				body: {
					lines: [
						{ kind: 'parts', description: 'Screen', amount: 45_000 },
						{ kind: 'labour', description: 'Fitting', amount: '10000' },
					],
				},
			})
			expect(estimate.body.data).toMatchObject({ status: 'estimate_submitted', next_step: 'Upload the documents and submit the claim.' })
			expect((await ctx.call('PUT', `/claims/${claimId}/estimate`, { token: owner.token, body: { lines: [] } })).status).toBe(400)
			const receipt = await uploadTo(ctx, owner.token, `/claims/${claimId}/files/proof_of_purchase`, pdf(), 'receipt.pdf')
			expect(receipt).toMatchObject({ status: 201, body: { data: { field: 'proof_of_purchase', media_type: 'application/pdf' } } })
			const submitted = await ctx.call('POST', `/claims/${claimId}/submit`, { token: owner.token })
			expect(submitted.body.data).toMatchObject({ status: 'documented', missing: [] })
			expect(await ctx.latestMail(owner.email)).toMatchObject({ subject: expect.stringContaining('Under review') })
			// Submitted: the customer can no longer change it.
			expect((await ctx.call('PATCH', `/claims/${claimId}`, { token: owner.token, body: SCREEN })).status).toBe(409)
		})

		test('the desk sees it in the queue, reviews its files, asks for documents, then approves and offers', async () => {
			const queue = (await ctx.call('GET', '/desk/claims?status=documented', { token: operator.token })).body.data
			expect(queue.map((c: { id: string }) => c.id)).toContain(claimId)
			const review = (await ctx.call('GET', `/desk/claims/${claimId}`, { token: operator.token })).body.data
			expect(review).toMatchObject({
				next_step: 'Review the claim: approve, decline or ask for documents.',
				photos: [{ field: 'damage_1' }],
			})
			const file = await ctx.api.request(`/api/v1/desk/claims/${claimId}/files/${review.photos[0].id}`, {
				headers: { authorization: `Bearer ${operator.token}` },
			})
			expect(file.headers.get('content-type')).toBe('image/png')
			expect(
				await ctx.call('POST', `/desk/claims/${claimId}/decision`, { token: operator.token, body: { decision: 'decline' } }),
			).toMatchObject({
				status: 400,
				body: { errors: [{ path: 'reason_code', message: 'Choose the reason for declining.' }] },
			})
			const asked = await ctx.call('POST', `/desk/claims/${claimId}/decision`, {
				token: operator.token,
				body: { decision: 'request_documents', note: 'A clearer photo of the crack, please.' },
			})
			expect(asked.body.data).toMatchObject({ status: 'pending', desk_note: 'A clearer photo of the crack, please.' })
			expect((await ctx.latestMail(owner.email)).subject).toContain('More documents needed')
			expect((await uploadTo(ctx, owner.token, `/claims/${claimId}/files/damage_2`, await png(), 'closer.png')).status).toBe(201)
			expect((await ctx.call('POST', `/claims/${claimId}/submit`, { token: owner.token })).body.data.status).toBe('documented')
			expect(
				(await ctx.call('POST', `/desk/claims/${claimId}/decision`, { token: operator.token, body: { decision: 'approve' } })).body.data
					.status,
			).toBe('approved')
			const offered = await ctx.call('POST', `/desk/claims/${claimId}/offer`, {
				token: operator.token,
				body: { assessed: 55_000, parts_amount: 45_000, asset_age_years: 2 },
			})
			// Excess 10% (floor ₦5,000): ₦5,500; betterment 20% of parts for a 2-year-old device: ₦9,000.
			expect(offered.body.data).toMatchObject({
				status: 'offer_sent',
				offer: { assessed: 55_000, excess: 5_500, betterment: 9_000, payable: 40_500 },
			})
		})

		test('the customer rejects with a comment, the desk revises, the customer accepts; the desk pays once', async () => {
			expect((await ctx.call('POST', `/claims/${claimId}/offer/reject`, { token: owner.token, body: { comment: '' } })).status).toBe(400)
			const rejected = await ctx.call('POST', `/claims/${claimId}/offer/reject`, {
				token: owner.token,
				body: { comment: 'The screen cost more.' },
			})
			expect(rejected.body.data).toMatchObject({ status: 'offer_rejected', rejection_comment: 'The screen cost more.' })
			await ctx.call('POST', `/desk/claims/${claimId}/offer`, {
				token: operator.token,
				body: { assessed: 55_000, parts_amount: 45_000, asset_age_years: 1 },
			})
			expect((await ctx.call('POST', `/desk/claims/${claimId}/pay`, { token: operator.token })).status).toBe(409)
			const accepted = await ctx.call('POST', `/claims/${claimId}/offer/accept`, { token: owner.token })
			expect(accepted.body.data).toMatchObject({ status: 'offer_accepted', offer: { payable: 49_500 } })
			const before = await balanceOf(ctx, owner)
			const [a, b] = await Promise.all([
				ctx.call('POST', `/desk/claims/${claimId}/pay`, { token: operator.token }),
				ctx.call('POST', `/desk/claims/${claimId}/pay`, { token: operator.token }),
			])
			expect([a.status, b.status]).toEqual([200, 200])
			expect(a.body.data.status).toBe('paid')
			expect(await balanceOf(ctx, owner)).toBe(before + 49_500)
			expect((await ctx.call('POST', `/desk/claims/${claimId}/pay`, { token: operator.token })).status).toBe(200)
			expect(await balanceOf(ctx, owner)).toBe(before + 49_500)
			expect((await ctx.latestMail(owner.email)).subject).toContain('Paid')
			const settled = await ctx.call('POST', `/desk/claims/${claimId}/settle`, { token: operator.token })
			expect(settled.body.data.status).toBe('settled')
			const actions = settled.body.data.events.map((e: { action: string }) => e.action)
			expect(actions).toEqual([
				'create',
				'submit_inspection',
				'submit_estimate',
				'submit_documents',
				'request_documents',
				'submit_documents',
				'approve',
				'send_offer',
				'reject_offer',
				'send_offer',
				'accept_offer',
				'pay',
				'settle',
			])
			expect((await reconcile(ctx.db)).problems).toEqual([])
		})

		test('the list filters by status and searches by number; usage counts the paid claim', async () => {
			const number = (await ctx.call('GET', `/claims/${claimId}`, { token: owner.token })).body.data.claim_number
			const found = await ctx.call('GET', `/claims?q=${number}&status=settled`, { token: owner.token })
			expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([claimId])
			expect((await ctx.call('GET', '/claims?status=nonsense', { token: owner.token })).status).toBe(400)
			const usage = (await ctx.call('GET', `/policies/${gadget.id}/usage`, { token: owner.token })).body.data
			expect(usage.by_incident.find((i: { incident_type: string }) => i.incident_type === 'screen_damage')).toMatchObject({
				used: 49_500,
				claims: 1,
				limit: 250_000,
			})
		})
	})

	test('a payout above the threshold needs a second operator', async () => {
		const claim = await start({ amount: 200_000 })
		await uploadTo(ctx, owner.token, `/claims/${claim.id}/files/damage_1`, await png(), 'crack.png')
		await ctx.call('PUT', `/claims/${claim.id}/estimate`, {
			token: owner.token,
			body: { lines: [{ kind: 'parts', description: 'Screen', amount: 200_000 }] },
		})
		await uploadTo(ctx, owner.token, `/claims/${claim.id}/files/proof_of_purchase`, pdf(), 'r.pdf')
		expect((await ctx.call('POST', `/claims/${claim.id}/submit`, { token: owner.token })).status).toBe(200)
		await ctx.call('POST', `/desk/claims/${claim.id}/decision`, { token: operator.token, body: { decision: 'approve' } })
		await ctx.call('POST', `/desk/claims/${claim.id}/offer`, { token: operator.token, body: { assessed: 180_000 } })
		await ctx.call('POST', `/claims/${claim.id}/offer/accept`, { token: owner.token })
		expect(await ctx.call('POST', `/desk/claims/${claim.id}/pay`, { token: operator.token })).toMatchObject({
			status: 409,
			body: { message: "Payouts above ₦100,000 need a second operator's approval first." },
		})
		expect((await ctx.call('POST', `/desk/claims/${claim.id}/approve-payout`, { token: operator.token })).status).toBe(200)
		expect(await ctx.call('POST', `/desk/claims/${claim.id}/pay`, { token: operator.token })).toMatchObject({
			status: 409,
			body: { message: 'Another operator must pay a payout you approved.' },
		})
		expect((await ctx.call('POST', `/desk/claims/${claim.id}/pay`, { token: second.token })).body.data).toMatchObject({
			status: 'paid',
			offer: { payable: 162_000 },
		})
	})
})
