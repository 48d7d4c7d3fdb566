import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import fc from 'fast-check'
import { RouterContextProvider } from 'react-router'
import { describe, expect, test } from 'vitest'
import routes from '#app/routes.ts'
import { transportContext } from '#app/server/context.server.ts'
import { apiMiddleware } from '#app/server/middleware.server.ts'
import { testApi } from '#tests/support/test-api.ts'

/**
 * Hostile form posts never make a portal action answer 5xx: every route of app/routes.ts with an
 * action, signed in and not, gets bodies that are not forms (JSON, plain text, none, broken multipart),
 * NUL characters, huge and missing fields and wrong types. Each action runs in process behind the root
 * middleware, as the request handler runs it, against the real API over PGlite. Fixed seed.
 */

process.env.SESSION_SECRET ??= 'fuzz-test-session-secret-of-32-characters'

const SEED = 20261123
const RUNS_PER_ACTION = 40

type ActionRoute = { path: string; file: string; action: (args: unknown) => Promise<unknown> }

function flatten(entries: RouteConfigEntry[], parent = ''): Array<{ path: string; file: string }> {
	return entries.flatMap((entry) => {
		const full = entry.path ? `${parent}/${entry.path}` : parent || (entry.index ? '/' : '')
		return [{ path: full || '/', file: entry.file }, ...flatten(entry.children ?? [], full)]
	})
}

async function actionRoutes() {
	const found: ActionRoute[] = []
	for (const { path: routePath, file } of flatten(routes)) {
		const module = (await import(`./${file}`)) as { action?: ActionRoute['action'] }
		if (module.action) found.push({ path: routePath, file, action: module.action })
	}
	return found
}

/** The names a route's form sends and the intents it knows, read from its module and its siblings' source. */
function fieldsOf(file: string) {
	const dir = path.dirname(path.join('app', file))
	const base = path.basename(file).replace(/\.tsx?$/, '')
	const sources = [path.join('app', file), path.join(dir, `${base}.server.ts`)].flatMap((f) => {
		try {
			return [readFileSync(f, 'utf8')]
		} catch {
			return []
		}
	})
	const text = sources.join('\n')
	const names = new Set(['intent', 'email', 'password', 'id', 'amount', 'return_url'])
	for (const m of text.matchAll(/\b(\w+): z\./g)) names.add(m[1]!)
	for (const m of text.matchAll(/name=["'](\w+)["']/g)) names.add(m[1]!)
	const intents = new Set<string>()
	for (const m of text.matchAll(/z\.(?:enum|literal)\(\[?([^)\]]+)/g)) for (const v of m[1]!.matchAll(/'([\w-]+)'/g)) intents.add(v[1]!)
	return { names: [...names], intents: [...intents] }
}

const ids = fc.constantFrom(
	'1',
	'0',
	'-1',
	'99999999999999999999',
	'abc',
	'00000000-0000-0000-0000-000000000000',
	'a\u0000b',
	'x'.repeat(300),
)

const hostile = fc.oneof(
	fc.string(),
	fc.constantFrom(
		'\u0000',
		'a\u0000b',
		'',
		'-1',
		'1e309',
		'NaN',
		'x'.repeat(20_000),
		'<script>alert(1)</script>',
		'2026-02-30',
		'//evil.example',
	),
	fc.integer().map(String),
)

type Body = { contentType?: string; body?: BodyInit }

function bodies(names: string[], intents: string[]): fc.Arbitrary<Body> {
	const value = intents.length ? fc.oneof(hostile, fc.constantFrom(...intents)) : hostile
	const fields = fc.dictionary(fc.constantFrom(...names), value, { maxKeys: names.length })
	return fc.oneof(
		fc.constantFrom<Body>(
			{ contentType: 'application/json', body: '{"email":"a@b.c"}' },
			{ contentType: 'application/json', body: '{"a":' },
			{ contentType: 'text/plain', body: 'email=a@b.c' },
			{ contentType: undefined, body: undefined },
			{ contentType: 'application/x-www-form-urlencoded', body: undefined },
			{ contentType: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na' },
			{ contentType: 'multipart/form-data', body: 'no boundary' },
			{ contentType: 'application/x-www-form-urlencoded', body: '%E0%A4%A=%ZZ&email=%00' },
		),
		fields.map((f) => ({
			contentType: 'application/x-www-form-urlencoded',
			body: new URLSearchParams(f as Record<string, string>).toString(),
		})),
		fields.map((f) => {
			const form = new FormData()
			for (const [name, text] of Object.entries(f)) form.append(name, text)
			form.append('file', new File(['first_name,last_name\r\n\u0000,x'], 'staff.csv'))
			return { body: form }
		}),
	)
}

/** The status a request handler would answer with for what an action returned or threw. */
function statusOf(outcome: unknown): number {
	if (outcome instanceof Response) return outcome.status
	if (outcome && typeof outcome === 'object' && 'type' in outcome && outcome.type === 'DataWithResponseInit') {
		return (outcome as unknown as { init: ResponseInit | null }).init?.status ?? 200
	}
	if (outcome instanceof Error) return 500
	return 200
}

describe.skipIf(process.env.TEST_DB !== 'pglite')('fuzz: hostile form posts to every portal action', () => {
	test('no action answers 5xx', { timeout: 120_000 }, async () => {
		const ctx = await testApi()
		const found = await actionRoutes()
		expect(found.length).toBeGreaterThan(15)
		const failures: string[] = []

		async function run(route: ActionRoute, url: string, params: Record<string, string>, init: RequestInit) {
			const request = new Request(url, { method: 'POST', ...init })
			const context = new RouterContextProvider()
			context.set(transportContext, async (r: Request) => ctx.api.fetch(r))
			try {
				const response = await apiMiddleware({ request, context, params, unstable_pattern: route.path } as never, async () => {
					const outcome = await route.action({ request, context, params })
					if (outcome instanceof Response) return outcome
					return new Response(null, { status: statusOf(outcome) })
				})
				return response as Response
			} catch (error) {
				if (error instanceof Response) return error
				const status = statusOf(error)
				return new Response(status >= 500 ? String((error as Error)?.stack ?? error).slice(0, 300) : null, { status })
			}
		}

		/** A session cookie of a new business owner with KYC done, signed in through the sign-in action. */
		async function signIn(login: ActionRoute) {
			const account = await ctx.createAccount({ kyc: true })
			const body = new URLSearchParams({ email: account.email, password: account.password })
			const response = await run(
				login,
				'http://portal.test/login',
				{},
				{ body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
			)
			const cookie = response.headers
				.getSetCookie()
				.map((c) => c.split(';')[0])
				.join('; ')
			if (!cookie.includes('__session=')) throw new Error(`sign-in failed: ${response.status}`)
			return cookie
		}

		const login = found.find((r) => r.path === '/login')!
		for (const route of found) {
			const cookie = await signIn(login)
			const { names, intents } = fieldsOf(route.file)
			const paramNames = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!)
			await fc.assert(
				fc.asyncProperty(
					fc.array(ids, { minLength: 3, maxLength: 3 }),
					bodies(names, intents),
					fc.boolean(),
					async (values, body, signedIn) => {
						const params = Object.fromEntries(paramNames.map((name, i) => [name, values[i]!]))
						const url = `http://portal.test${route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!))}`
						const headers: Record<string, string> = {}
						if (body.contentType) headers['content-type'] = body.contentType
						if (signedIn) headers.cookie = cookie
						const response = await run(route, url, params, { headers, body: body.body })
						if (response.status >= 500) {
							const sent = body.body instanceof FormData ? [...body.body.keys()].join(',') : String(body.body).slice(0, 80)
							failures.push(`${response.status} ${url} ${body.contentType ?? '-'} ${sent}: ${await response.text()}`)
						}
						return true
					},
				),
				{ seed: SEED, numRuns: RUNS_PER_ACTION },
			)
		}
		expect(failures).toEqual([])
	})
})
