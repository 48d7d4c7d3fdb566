import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { z } from 'zod'
import type { Deps } from './deps.ts'
import { defineDownload, defineRoute, type Env, mountRoutes } from './http.ts'

const Answer = z.object({ id: z.string(), confirmed: z.literal(true) })

// Answers the tests choose, past the compiler, as a handler built from untyped rows could.
let answer: unknown
const routes = [
	defineRoute({
		method: 'get',
		path: '/probe',
		summary: 'A probe',
		tag: 'probe',
		auth: 'public',
		response: Answer,
		handler: async () => answer as { data: z.output<typeof Answer> },
	}),
	defineDownload({
		method: 'get',
		path: '/probe.pdf',
		summary: 'A probe download',
		tag: 'probe',
		auth: 'public',
		download: { contentType: 'application/pdf', filename: 'probe.pdf' },
		handler: async () => ({ content: new TextEncoder().encode('%PDF-1.4'), filename: 'probe 1.pdf' }),
	}),
]

function app(checkResponses: boolean) {
	const hono = new Hono<Env>()
	hono.use(async (c, next) => {
		c.set('auth', null)
		await next()
	})
	// Only what mountRoutes reads: the portal's address, which a request may narrow (decision 043).
	mountRoutes(hono, { env: { publicUrl: 'http://localhost:3000' } } as Deps, routes, { checkResponses })
	hono.onError((error, c) => c.json({ message: error.message }, 500))
	return hono
}

test('with checkResponses, an answer outside its contract fails the request and says where', async () => {
	answer = { data: { id: 'a', confirmed: false } }
	const res = await app(true).request('/probe')
	expect(res.status).toBe(500)
	expect((await res.json()).message).toMatch(/^GET \/probe answered outside its contract:.*confirmed/s)

	answer = { data: null }
	expect((await app(true).request('/probe')).status).toBe(500)
})

test('with checkResponses, an answer inside its contract goes out as the handler gave it', async () => {
	answer = { data: { id: 'a', confirmed: true }, message: 'Done.' }
	const res = await app(true).request('/probe')
	expect(res.status).toBe(200)
	expect(await res.json()).toEqual({ data: { id: 'a', confirmed: true }, message: 'Done.' })
})

test('without checkResponses, answers are not checked', async () => {
	answer = { data: { id: 'a', confirmed: false } }
	const res = await app(false).request('/probe')
	expect(res.status).toBe(200)
	expect(await res.json()).toEqual({ data: { id: 'a', confirmed: false } })
})

test('a download answers its bytes with its declared type, under the name its handler gives', async () => {
	const res = await app(true).request('/probe.pdf')
	expect(res.status).toBe(200)
	expect(res.headers.get('content-type')).toBe('application/pdf')
	expect(res.headers.get('content-disposition')).toBe('attachment; filename="probe_1.pdf"')
	expect(await res.text()).toBe('%PDF-1.4')
})
