import { execFileSync } from 'node:child_process'
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

// The patch also resolves a link's path from the root without writing out the route's pathnames
// (decision 131). Paths from the root, relative paths and `..` must still come out as before.
describe("React Router's links, resolved on the server", () => {
	test('paths from the root, relative paths and .. each resolve as React Router documents', async () => {
		const { createElement: h } = await import('react')
		const { renderToString } = await import('react-dom/server')
		const { Link, Outlet, StaticRouterProvider, createStaticRouter } = await import('react-router')
		const Links = () =>
			h(
				'nav',
				null,
				h(Link, { to: '/' }, 'home'),
				h(Link, { to: '/invoice/../claims?status=open#list' }, 'claims'),
				h(Link, { to: 'details' }, 'details'),
				h(Link, { to: '..' }, 'up'),
				h(Link, { to: '..', relative: 'path' }, 'up a segment'),
				h(Link, { to: '.' }, 'here'),
			)
		const routes = [
			{
				id: 'root',
				path: '/',
				Component: Outlet,
				children: [{ id: 'plan', path: 'mycover/:planId', Component: Links }],
			},
		]
		const handler = createStaticHandler(routes)
		const context = await handler.query(new Request('http://portal.test/mycover/a1'))
		if (context instanceof Response) throw new Error('no page')
		const html = renderToString(h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }))
		const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1])
		expect(hrefs).toEqual(['/', '/claims?status=open#list', '/mycover/a1/details', '/', '/mycover', '/mycover/a1'])
	})
})

// The patch passes loaders the request as it came when its address has no `index` or `_routes` parameter
// to strip (decision 135), where React Router copied it twice for each loader. Where there is one, the
// loaders still see the address without it. The server's module (as the portal's server imports it)
// runs in a process of its own: Vitest resolves react-router to another of its files.
const HANDLE = `
import { createRequestHandler } from 'react-router'
const seen = []
const remember = ({ request }) => { seen.push(request); return null }
const handle = createRequestHandler({
	entry: { module: { default: () => new Response('document') } },
	routes: {
		root: { id: 'root', path: '', module: { loader: remember, default: () => null } },
		'routes/home': { id: 'routes/home', parentId: 'root', index: true, module: { loader: remember, default: () => null } },
	},
	assets: { entry: { module: '/entry.js', imports: [] }, routes: {}, url: '/manifest.js', version: 'test' },
	publicPath: '/', assetsBuildDirectory: 'build/client', future: { v8_middleware: true }, ssr: true, isSpaMode: false,
	prerender: [], routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' }, basename: '/',
}, 'production')
const out = {}
for (const url of ['http://portal.test/?page=2', 'http://portal.test/_root.data?page=2&index&_routes=routes/home']) {
	seen.length = 0
	const res = await handle(new Request(url))
	out[url] = { status: res.status, urls: seen.map((r) => r.url), oneRequest: seen.every((r) => r === seen[0]) }
}
process.stdout.write(JSON.stringify(out))
`

describe("React Router's request handler, passing requests to loaders", () => {
	test('a document request reaches all its loaders as one request; a data request without its parameters', () => {
		const out = JSON.parse(
			execFileSync(process.execPath, ['--input-type=module', '-e', HANDLE], { env: { ...process.env, NODE_ENV: 'production' } }).toString(
				'utf8',
			),
		)
		expect(out['http://portal.test/?page=2']).toEqual({
			status: 200,
			urls: ['http://portal.test/?page=2', 'http://portal.test/?page=2'],
			oneRequest: true,
		})
		expect(out['http://portal.test/_root.data?page=2&index&_routes=routes/home']).toEqual({
			status: 200,
			urls: ['http://portal.test/?page=2'],
			oneRequest: true,
		})
	})
})
