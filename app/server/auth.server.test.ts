import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import { ApiClient, ResponseCache } from './api.server.ts'
import { SignInRefused, signInAuthenticator } from './auth.server.ts'
import { apiContext } from './context.server.ts'

/** A request context whose one API client answers sign-in with `answer`, recording what it was sent. */
function contextAnswering(answer: () => Response) {
	const sent: unknown[] = []
	const client = new ApiClient({
		transport: async (request) => {
			sent.push(await request.json())
			return answer()
		},
		baseUrl: 'http://api.test/api/v1',
		cache: new ResponseCache(),
	})
	const context = new RouterContextProvider()
	context.set(apiContext, client)
	return { context, client, sent }
}

const login = (fields: Record<string, string>) =>
	new Request('http://portal.test/login', { method: 'POST', body: new URLSearchParams(fields) })

const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('sign-in through remix-auth', () => {
	test("the form strategy signs in through the request's API client, which keeps the new session", async () => {
		const user = { id: 'u-1', email: 'ada@example.com', access_token: 'tok-new', customer: { id: 'c-1' } }
		const { context, client, sent } = contextAnswering(() => json(200, { data: user }))
		const result = await signInAuthenticator(context).authenticate(
			'form',
			login({ email: 'ada@example.com', password: 'pw', return_url: '/wallet' }),
		)
		expect(result).toEqual({ user, returnUrl: '/wallet' })
		expect(sent).toEqual([{ email: 'ada@example.com', password: 'pw', platform: 'web' }])
		expect({ token: client.token, userId: client.userId, changed: client.sessionChanged }).toEqual({
			token: 'tok-new',
			userId: 'u-1',
			changed: true,
		})
	})

	test("a refusal carries the form's reply: the API's message, the email kept, the password not", async () => {
		const { context } = contextAnswering(() => json(400, { message: 'Incorrect email or password.' }))
		const refused = await signInAuthenticator(context)
			.authenticate('form', login({ email: 'ada@example.com', password: 'wrong' }))
			.catch((error: unknown) => error)
		expect(refused).toBeInstanceOf(SignInRefused)
		const { data, init } = (refused as SignInRefused).reply
		expect(init).toMatchObject({ status: 400 })
		// Not about a field: a notification (spec section 8), the form keeping the email and no error of its own.
		expect(data.notifications).toMatchObject([{ type: 'danger', description: 'Incorrect email or password.' }])
		expect(data.result).toMatchObject({ initialValue: { email: 'ada@example.com' } })
		expect(data.result.error?.['']).toBeUndefined()
		expect(data.result.initialValue).not.toHaveProperty('password')
	})

	test('bad input is refused before the API is asked', async () => {
		const { context, sent } = contextAnswering(() => json(500, {}))
		const refused = await signInAuthenticator(context)
			.authenticate('form', login({ email: 'nope', password: '' }))
			.catch((e: unknown) => e)
		expect((refused as SignInRefused).reply.init).toMatchObject({ status: 400 })
		expect(Object.keys((refused as SignInRefused).reply.data.result.error ?? {}).sort()).toEqual(['email', 'password'])
		expect(sent).toEqual([])
	})
})
