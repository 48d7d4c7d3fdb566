import { createStaticHandler } from 'react-router'
import { describe, expect, test } from 'vitest'

// patches/react-router+7.18.4.patch keeps the server's matches of a path (decision 128). Each request
// must still get matches of its own: its own params, whatever an earlier request did with its copy.
describe("React Router's server matching, kept per path", () => {
	const routes = [
		{
			id: 'root',
			path: '/',
			loader: () => null,
			children: [
				{ id: 'home', index: true, loader: () => 'home' },
				{ id: 'plan', path: 'mycover/:planId', loader: ({ params }: { params: Record<string, string | undefined> }) => params.planId },
				{ id: 'login', path: 'login', loader: () => 'login' },
			],
		},
	]
	const handler = createStaticHandler(routes)
	const query = async (path: string) => {
		const context = await handler.query(new Request(`http://portal.test${path}`))
		if (context instanceof Response) throw new Error(`${path} answered ${context.status}`)
		return context
	}

	test('the same path twice gives equal matches that are not the same objects', async () => {
		const first = await query('/mycover/a1')
		const second = await query('/mycover/a1')
		expect(second.matches.map((m) => m.route.id)).toEqual(['root', 'plan'])
		expect(second.matches[1]!.params).toEqual({ planId: 'a1' })
		expect(second.matches).not.toBe(first.matches)
		expect(second.matches[1]).not.toBe(first.matches[1])
		expect(second.matches[1]!.params).not.toBe(first.matches[1]!.params)
	})

	test('a change to one request’s params does not reach the next', async () => {
		const first = await query('/mycover/b2')
		;(first.matches[1]!.params as Record<string, string>).planId = 'changed'
		const second = await query('/mycover/b2')
		expect(second.matches[1]!.params).toEqual({ planId: 'b2' })
		expect(second.loaderData).toEqual({ root: null, plan: 'b2' })
	})

	test('each path gets its own matches, and a path that matches nothing is still a 404', async () => {
		expect((await query('/mycover/c3')).matches[1]!.params).toEqual({ planId: 'c3' })
		expect((await query('/login')).matches.map((m) => m.route.id)).toEqual(['root', 'login'])
		expect((await query('/')).matches.map((m) => m.route.id)).toEqual(['root', 'home'])
		const missing = await query('/no/such/page')
		expect(missing.statusCode).toBe(404)
	})
})
