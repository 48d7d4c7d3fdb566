import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { formConstraint, readForm } from './forms.server.ts'

const post = (body: BodyInit | undefined, contentType?: string) =>
	new Request('http://portal.test/login', { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} })

/** What readForm threw: the status and message the route's error boundary shows. */
async function refusal(request: Request) {
	try {
		await readForm(request)
	} catch (error) {
		const { init, data } = error as { init: ResponseInit; data: string }
		return { status: init.status, message: data }
	}
	throw new Error('readForm accepted the body')
}

describe('readForm', () => {
	test('a body that is not a form is a 415, whatever it holds', async () => {
		for (const [body, type] of [
			['{"email":"a@b.c"}', 'application/json'],
			['email=a@b.c', 'text/plain'],
			['email=a@b.c', undefined],
		] as const) {
			expect(await refusal(post(body, type))).toMatchObject({ status: 415, message: expect.stringContaining('form') })
		}
	})

	test('a broken form is a 400 asking to send it again', async () => {
		expect(await refusal(post('no boundary', 'multipart/form-data'))).toEqual({ status: 400, message: 'Send the form again.' })
		expect(
			await refusal(post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', 'multipart/form-data; boundary=x')),
		).toMatchObject({ status: 400 })
	})

	test('NUL characters are dropped from names and values; files pass untouched', async () => {
		const form = await readForm(post('email=a%00@b.c&na%00me=Ada', 'application/x-www-form-urlencoded'))
		expect(Object.fromEntries(form)).toEqual({ email: 'a@b.c', name: 'Ada' })
		const upload = new FormData()
		upload.append('file', new File(['a\u0000b'], 'staff.csv'))
		const file = (await readForm(new Request('http://portal.test/x', { method: 'POST', body: upload }))).get('file') as File
		expect(file.name).toBe('staff.csv')
		expect(await file.text()).toBe('a\u0000b')
	})
})

test("formConstraint works a schema's constraints out once, and each schema's its own", () => {
	const login = z.object({ email: z.email(), password: z.string() })
	const first = formConstraint(login)
	expect(first).toEqual({ email: { required: true }, password: { required: true } })
	expect(formConstraint(login)).toBe(first)
	expect(formConstraint(z.object({ note: z.string().optional() }))).toEqual({ note: { required: false } })
})
