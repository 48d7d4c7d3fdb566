import sharp from 'sharp'
import { beforeAll, expect, test } from 'vitest'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { fund, newKey } from '#tests/support/wallet.ts'

// POST /policies/:id/activate: one plate may not be on two live policies of the same business.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const JPG = new Uint8Array(
	await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2c3e50' } })
		.jpeg()
		.toBuffer(),
)
const PDF = new TextEncoder().encode('%PDF-1.4\n%%EOF\n')

describeApi('one plate, one live motor policy', () => {
	let ctx: Ctx
	beforeAll(async () => {
		ctx = await testApi()
	})

	/** A third-party motor policy bought from the wallet, pending activation. */
	async function thirdParty(account: Account) {
		const res = await ctx.call('POST', '/purchases', {
			token: account.token,
			body: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: newKey('plate') },
		})
		expect(res.status).toBe(201)
		return res.body.data.policy as { id: string; policy_number: string }
	}
	const activate = (account: Account, id: string, plate: string) => {
		const form = new FormData()
		for (const [k, v] of Object.entries({
			registration_number: plate,
			make_and_model: 'Toyota Corolla',
			chassis_number: 'JTDBR32E720123456',
		})) {
			form.set(k, v)
		}
		form.set('vehicle_licence', new File([PDF], 'licence.pdf'))
		form.set('proof_of_ownership', new File([JPG], 'proof.jpg'))
		return ctx.api.request(`/api/v1/policies/${id}/activate`, {
			method: 'POST',
			headers: { authorization: `Bearer ${account.token}` },
			body: form,
		})
	}

	test('a second policy of the business on the same plate is refused beside the plate field; another business may cover it', async () => {
		const owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, 60_000)
		const first = await thirdParty(owner)
		const second = await thirdParty(owner)
		expect((await activate(owner, first.id, 'KJA 123 AB')).status).toBe(200)

		const refused = await activate(owner, second.id, 'kja-123ab')
		expect(refused.status).toBe(409)
		const message = `This vehicle (plate kja-123ab) is already covered by policy ${first.policy_number}.`
		expect(await refused.json()).toEqual({ message, errors: [{ path: 'registration_number', message }] })
		expect((await ctx.call('GET', `/policies/${second.id}`, { token: owner.token })).body.data).toMatchObject({
			status: 'pending',
			documents: [],
		})

		// Another vehicle is fine, and so is the same plate at another business.
		expect((await activate(owner, second.id, 'LAG 555 XY')).status).toBe(200)
		const other = await ctx.createAccount({ kyc: true })
		await fund(ctx, other, 20_000)
		expect((await activate(other, (await thirdParty(other)).id, 'KJA 123 AB')).status).toBe(200)
	})

	test('two activations of one plate at once: one wins', async () => {
		const owner = await ctx.createAccount({ kyc: true })
		await fund(ctx, owner, 60_000)
		const [a, b] = [await thirdParty(owner), await thirdParty(owner)]
		const statuses = (await Promise.all([activate(owner, a.id, 'EKY 42 KT'), activate(owner, b.id, 'EKY 42 KT')])).map((r) => r.status)
		expect(statuses.sort()).toEqual([200, 409])
	})
})
