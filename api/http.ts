import type { IncomingMessage } from 'node:http'
import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { Permission } from './contract/permissions.ts'
import type { Deps } from './deps.ts'
import { envelope } from './contract/common.ts'
import { ApiError, forbidden } from './errors.ts'
import { customerKindOf } from './db/customer-kind.ts'

export const UNVERIFIED_MESSAGE = 'Verify your email address first: enter the 6-digit code we sent you.'

export const BUSINESS_ONLY_MESSAGE = 'Staff and their invoices are for business accounts.'

export type AuthUser = {
	id: string
	customerId: string
	roleId: string
	email: string
	firstName: string
	emailVerifiedAt: Date | null
	tokenId: string
	permissions: string[]
}

export type Env = {
	/** Set when the API serves a Node socket; unset when the portal calls it in process. */
	Bindings: { incoming?: IncomingMessage } | undefined
	Variables: {
		auth: AuthUser | null
		requestId: string
		newToken?: string
		clientAddress: string | null
		/** The portal's address for this request's links and return URLs (api/security/portal-origin.ts). */
		portalUrl: string
	}
}

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete'

type HandlerInput<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> = {
	body: z.output<B>
	query: z.output<Q>
	params: z.output<P>
	auth: AuthUser
	deps: Deps
	c: Context<Env>
}

type RouteBase<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> = {
	method: Method
	/** Hono path below /api/v1, e.g. `/users/:id`. */
	path: string
	summary: string
	tag: string
	auth: 'public' | 'user'
	permission?: Permission
	/** Only an account whose email is verified may call it: what moves money, invites or uploads (issue #10). */
	verified?: true
	/** Only a business's members may call it: staff and their invoices, as staff plans are a business's (decision 155). */
	business?: true
	body?: B
	query?: Q
	params?: P
	status?: 200 | 201
	/**
	 * A multipart/form-data body, for the OpenAPI document only: the handler reads the form itself, so
	 * nothing here is validated. The schema is an object of the form's parts, files as `z.file()`.
	 */
	multipart?: { schema: z.ZodObject; description?: string }
}

/**
 * A JSON answer, `{ data, message? }`: `response` describes `data`, and the handler may answer nothing
 * else. A literal the contract names (`z.literal(true)`) is answered `as const`: against a contract
 * still generic here, TypeScript widens it.
 */
export type RouteDef<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType> = RouteBase<B, Q, P> & {
	response: R
	handler: (input: HandlerInput<B, Q, P>) => Promise<{ data: z.output<R>; message?: string }>
}

/** What a download of each declared type answers: text, or bytes. */
type DownloadContent = {
	'text/csv': string
	'application/pdf': Uint8Array
	'application/octet-stream': Uint8Array
}
export type DownloadType = keyof DownloadContent

/**
 * A file instead of the JSON envelope. The handler may name the file, and a download of bytes may
 * say their actual type (an uploaded document's), in place of the declared ones.
 */
export type DownloadDef<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, T extends DownloadType> = RouteBase<B, Q, P> & {
	download: { contentType: T; filename: string }
	handler: (input: HandlerInput<B, Q, P>) => Promise<{ content: DownloadContent[T]; filename?: string; contentType?: string }>
}

// biome-ignore lint: heterogenous registry
export type AnyRoute = RouteDef<any, any, any, any> | DownloadDef<any, any, any, any>

export function defineRoute<
	R extends z.ZodType,
	B extends z.ZodType = z.ZodUndefined,
	Q extends z.ZodType = z.ZodUndefined,
	P extends z.ZodType = z.ZodUndefined,
>(def: RouteDef<B, Q, P, R>): AnyRoute {
	return def as AnyRoute
}

export function defineDownload<
	T extends DownloadType,
	B extends z.ZodType = z.ZodUndefined,
	Q extends z.ZodType = z.ZodUndefined,
	P extends z.ZodType = z.ZodUndefined,
>(def: DownloadDef<B, Q, P, T>): AnyRoute {
	return def as AnyRoute
}

/** One message per invalid field, the first, as ErrorResponse promises. */
function issuesOf(error: z.ZodError) {
	const seen = new Set<string>()
	return error.issues
		.map((i) => ({ path: i.path.join('.'), message: i.message }))
		.filter((e) => !seen.has(e.path) && Boolean(seen.add(e.path)))
}

export function validationError(error: z.ZodError, prefix?: string) {
	const errors = issuesOf(error).map((e) => (prefix && e.path ? { ...e, path: e.path } : e))
	const first = errors[0]
	return new ApiError(400, first?.message ?? 'The request is not valid.', errors)
}

const NUL_MESSAGE = 'Remove the NUL character (\\u0000): text may not contain it.'

/** The path of the first string or key holding a NUL character, which PostgreSQL text cannot store. */
function nulPath(value: unknown, path: string): string | null {
	if (typeof value === 'string') return value.includes('\0') ? path : null
	if (typeof value !== 'object' || value === null) return null
	for (const [key, item] of Object.entries(value)) {
		const at = path ? `${path}.${key}` : key
		if (key.includes('\0')) return at
		const found = nulPath(item, at)
		if (found !== null) return found
	}
	return null
}

/** Refuse a NUL anywhere in the input, with a 400 naming where, rather than let it reach the database. */
function refuseNul(value: unknown) {
	const path = nulPath(value, '')
	if (path !== null) throw new ApiError(400, NUL_MESSAGE, [{ path, message: NUL_MESSAGE }])
}

/**
 * The text parts of an upload, checked for NUL like JSON. Hono keeps the parsed form, so the handler's
 * own read gets the same one; a form that does not parse is left for the handler to refuse.
 */
async function refuseNulInForm(c: Context<Env>) {
	if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) return
	const form = await c.req.formData().catch(() => null)
	if (form) refuseNul(Object.fromEntries([...form].filter(([, value]) => typeof value === 'string')))
}

/** A NUL in the path or query (`%00`) is refused for every route alike, before any is matched. */
export function refuseNulInUrl(url: string) {
	if (/%00/i.test(url)) throw new ApiError(400, NUL_MESSAGE)
}

async function readJson(c: Context<Env>) {
	const type = c.req.header('content-type') ?? ''
	if (!type.includes('application/json')) {
		throw new ApiError(400, 'Send the request body as JSON (Content-Type: application/json).')
	}
	let body: unknown
	try {
		body = await c.req.json()
	} catch {
		throw new ApiError(400, 'The request body is not valid JSON.')
	}
	refuseNul(body)
	return body
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.output<T> {
	if (!schema) return undefined as z.output<T>
	const result = schema.safeParse(value)
	if (!result.success) throw validationError(result.error)
	return result.data
}

/**
 * Mount the routes. With `checkResponses` (the tests) every JSON answer is parsed, as the caller
 * reads it, against its route's schema, and one that breaks its contract fails the request.
 */
export function mountRoutes(app: Hono<Env>, deps: Deps, routes: AnyRoute[], options: { checkResponses?: boolean } = {}) {
	for (const route of routes) {
		const answers = 'response' in route && options.checkResponses ? envelope(route.response) : null
		app.on(route.method.toUpperCase(), route.path, async (c) => {
			const auth = c.get('auth')
			if (route.auth === 'user') {
				if (!auth) throw new ApiError(401, c.req.header('authorization') ? 'Invalid token' : 'Missing authorization')
				if (route.permission && !auth.permissions.includes(route.permission)) throw forbidden()
				if (route.verified && !auth.emailVerifiedAt) throw new ApiError(403, UNVERIFIED_MESSAGE)
				if (route.business && (await customerKindOf(deps.db, auth.customerId)) !== 'business') {
					throw new ApiError(403, BUSINESS_ONLY_MESSAGE)
				}
			}
			const params = parse(route.params, c.req.param())
			const query = parse(route.query, Object.fromEntries(new URL(c.req.url).searchParams))
			const body = route.body ? parse(route.body, await readJson(c)) : undefined
			if (route.multipart) await refuseNulInForm(c)
			const portalUrl = c.get('portalUrl') ?? deps.env.publicUrl
			const requestDeps = portalUrl === deps.env.publicUrl ? deps : { ...deps, env: { ...deps.env, publicUrl: portalUrl } }
			const input = { body, query, params, auth: auth!, deps: requestDeps, c }
			if ('download' in route) {
				const file = await route.handler(input)
				const contentType = file.contentType ?? route.download.contentType
				const filename = (file.filename ?? route.download.filename).replace(/[^\w.-]/g, '_')
				return c.body(file.content as string | Uint8Array<ArrayBuffer>, route.status ?? 200, {
					'content-type': contentType.startsWith('text/') ? `${contentType}; charset=utf-8` : contentType,
					'content-disposition': `attachment; filename="${filename}"`,
					'x-content-type-options': 'nosniff',
				})
			}
			const result = await route.handler(input)
			if (answers) {
				const checked = answers.safeParse(JSON.parse(JSON.stringify(result)))
				if (!checked.success) {
					throw new Error(`${route.method.toUpperCase()} ${route.path} answered outside its contract: ${z.prettifyError(checked.error)}`)
				}
			}
			return c.json(result, route.status ?? 200)
		})
	}
}
