import { beforeAll, expect, test } from 'vitest'
import { newVerificationCode } from '#api/services/documents.ts'
import { pdfText } from '#tests/support/pdf.ts'
import { describeApi, testApi } from '#tests/support/test-api.ts'
import { fund, newKey, startFunding } from '#tests/support/wallet.ts'

// A motor certificate and a receipt as PDFs (read back as text), and GET /verify/{code} confirming them.

type Ctx = Awaited<ReturnType<typeof testApi>>
type Account = Awaited<ReturnType<Ctx['createAccount']>>

const CODE = /Verification code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/
const VEHICLE = { registration_number: 'KJA 123 AB', make_and_model: 'Toyota Corolla', chassis_number: 'JTDBR32E720123456' }

describeApi('certificates, receipts and their verification', () => {
	let ctx: Ctx
	let person: Account
	let other: Account
	let policy: { id: string; policy_number: string }

	const download = (token: string, path: string) => ctx.api.request(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })
	const textOf = async (response: Response) => pdfText(new Uint8Array(await response.arrayBuffer()))

	beforeAll(async () => {
		ctx = await testApi()
		person = await ctx.createAccount({ kind: 'individual', kyc: true })
		other = await ctx.createAccount({ kyc: true })
		await fund(ctx, person, 20_000)
		const bought = await ctx.call('POST', '/purchases', {
			token: person.token,
			body: { product_id: 1, vehicle_class: 'private_car', payment_option: 'wallet', idempotency_key: newKey('buy') },
		})
		expect(bought.status).toBe(201)
		policy = bought.body.data.policy
	})

	test('a pending policy has no certificate yet: 409 with what to do', async () => {
		const res = await ctx.call('GET', `/policies/${policy.id}/certificate`, { token: person.token })
		expect(res).toMatchObject({
			status: 409,
			body: { message: 'The certificate is issued once the policy is active. Activate the policy first.' },
		})
	})

	test('an active motor policy’s certificate names the holder, the premium in ₦, the vehicle and a code /verify confirms', async () => {
		const form = new FormData()
		for (const [k, v] of Object.entries(VEHICLE)) form.set(k, v)
		for (const name of ['vehicle_licence', 'proof_of_ownership'])
			form.set(name, new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], `${name}.pdf`))
		const activated = await ctx.api.request(`/api/v1/policies/${policy.id}/activate`, {
			method: 'POST',
			headers: { authorization: `Bearer ${person.token}` },
			body: form,
		})
		expect(activated.status).toBe(200)

		const res = await download(person.token, `/policies/${policy.id}/certificate`)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toBe('application/pdf')
		expect(res.headers.get('content-disposition')).toBe(`attachment; filename="certificate-${policy.policy_number}.pdf"`)
		const text = await textOf(res)
		expect(text).toContain('Certificate of insurance')
		expect(text).toContain(policy.policy_number)
		expect(text).toContain('Third Party Motor')
		expect(text).toMatch(/Premium\s*₦\d{1,3}(,\d{3})*, paid/)
		expect(text).toContain('Ngozi Eze')
		expect(text).toContain(person.email)
		expect(text).toContain('KJA 123 AB')
		expect(text).toContain('Toyota Corolla')
		expect(text).toContain('JTDBR32E720123456')
		expect(text).toContain('Private car')
		const code = text.match(CODE)![1]!
		expect(text).toContain(`http://portal.test/verify/${code}`)

		// The same certificate downloaded again carries the same code.
		expect((await textOf(await download(person.token, `/policies/${policy.id}/certificate`))).match(CODE)![1]).toBe(code)
		expect((await ctx.call('GET', `/policies/${policy.id}/certificate`, { token: other.token })).status).toBe(404)

		const verified = await ctx.call('GET', `/verify/${code}`)
		expect(verified.status).toBe(200)
		expect(verified.body.data).toEqual({
			kind: 'certificate',
			code,
			issued_at: expect.any(String),
			holder: 'Ngozi Eze',
			policy_number: policy.policy_number,
			product: 'Third Party Motor',
			provider: expect.any(String),
			status: 'active',
			cover_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
			cover_end: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
		})
		// Typed from paper: any case, without dashes, O for 0.
		const typed = code.toLowerCase().replaceAll('-', '').replaceAll('0', 'o')
		expect((await ctx.call('GET', `/verify/${typed}`)).body.data.policy_number).toBe(policy.policy_number)
	})

	test('an unknown or malformed code is not found', async () => {
		expect(await ctx.call('GET', `/verify/${newVerificationCode()}`)).toMatchObject({
			status: 404,
			body: { message: 'We could not find that document.' },
		})
		expect(await ctx.call('GET', '/verify/ABC')).toMatchObject({
			status: 400,
			body: { message: 'We could not find a document with that code.' },
		})
	})

	test('a successful funding’s receipt is a PDF with the amount in ₦ and a code; a pending one has none yet', async () => {
		const reference = await fund(ctx, person, 12_500)
		const list = (await ctx.call('GET', '/transactions?type=funding', { token: person.token })).body.data.items
		const funding = list.find((t: { reference: string }) => t.reference === reference)
		const res = await download(person.token, `/transactions/${funding.id}/receipt`)
		expect(res.status).toBe(200)
		expect(res.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${reference}.pdf"`)
		const text = await textOf(res)
		expect(text).toContain('Receipt: wallet funding')
		expect(text).toContain(reference)
		expect(text).toContain('₦12,500')
		expect(text).toContain('Ngozi Eze')
		const code = text.match(CODE)![1]!
		expect(await ctx.call('GET', `/verify/${code}`)).toMatchObject({
			status: 200,
			body: { data: { kind: 'receipt', code, holder: 'Ngozi Eze', reference, type: 'funding', status: 'success', amount: 12_500 } },
		})
		expect((await download(other.token, `/transactions/${funding.id}/receipt`)).status).toBe(404)

		// A funding whose checkout is still open has received nothing yet.
		const started = await startFunding(ctx, person, 3_000)
		const pending = (await ctx.call('GET', '/transactions?type=funding&status=pending', { token: person.token })).body.data.items
		const open = pending.find((t: { reference: string }) => t.reference === started.body.data.reference)
		expect(await ctx.call('GET', `/transactions/${open.id}/receipt`, { token: person.token })).toMatchObject({
			status: 409,
			body: { message: 'A receipt is issued once the transaction succeeds.' },
		})
	})
})
