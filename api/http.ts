import type { Context, Hono } from 'hono'
import { z } from 'zod'
import type { Permission } from './contract/permissions.ts'
import type { Deps } from './deps.ts'

/** A failure the caller can act on: its message is shown to the user as it is. */
export class ApiError extends Error {
	constructor(
		readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 422 | 429 | 502,
		message: string,
		readonly errors?: Array<{ path: string; message: string }>,
	) {
		super(message)
	}
}

export const notFound = (what: string) => new ApiError(404, `We could not find that ${what}.`)
export const forbidden = () => new ApiError(403, 'You do not have permission to do this.')
/** A refusal about one field of the request: the portal shows it beside that field. */
export const fieldError = (status: 400 | 409, path: string, message: string) => new ApiError(status, message, [{ path, message }])

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

export type Env = { Variables: { auth: AuthUser | null; requestId: string; newToken?: string } }

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete'

export type RouteDef<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> = {
	method: Method
	/** Hono path below /api/v1, e.g. `/users/:id`. */
	path: string
	summary: string
	tag: string
	auth: 'public' | 'user'
	permission?: Permission
	body?: B
	query?: Q
	params?: P
	response: z.ZodType
	status?: 200 | 201
	/**
	 * A download instead of the JSON envelope: the handler's `data` is the file's text or bytes. A
	 * handler answering `file` names the file (and its type) itself.
	 */
	download?: { contentType: 'text/csv' | 'application/pdf' | 'application/octet-stream'; filename: string }
	/**
	 * A multipart/form-data body, for the OpenAPI document only: the handler reads the form itself, so
	 * nothing here is validated. The schema is an object of the form's parts, files as `z.file()`.
	 */
	multipart?: { schema: z.ZodObject; description?: string }
	handler: (input: {
		body: z.output<B>
		query: z.output<Q>
		params: z.output<P>
		auth: AuthUser
		deps: Deps
		c: Context<Env>
	}) => Promise<{ data: unknown; message?: string; file?: { filename: string; contentType?: string; inline?: boolean } }>
}

// biome-ignore lint: heterogenous registry
export type AnyRoute = RouteDef<any, any, any>

export function defineRoute<
	B extends z.ZodType = z.ZodUndefined,
	Q extends z.ZodType = z.ZodUndefined,
	P extends z.ZodType = z.ZodUndefined,
>(def: RouteDef<B, Q, P>): AnyRoute {
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

async function readJson(c: Context<Env>) {
	const type = c.req.header('content-type') ?? ''
	if (!type.includes('application/json')) {
		throw new ApiError(400, 'Send the request body as JSON (Content-Type: application/json).')
	}
	try {
		return await c.req.json()
	} catch {
		throw new ApiError(400, 'The request body is not valid JSON.')
	}
}

function parse<T extends z.ZodType>(schema: T | undefined, value: unknown): z.output<T> {
	if (!schema) return undefined as z.output<T>
	const result = schema.safeParse(value)
	if (!result.success) throw validationError(result.error)
	return result.data
}

export function mountRoutes(app: Hono<Env>, deps: Deps, routes: AnyRoute[]) {
	for (const route of routes) {
		app.on(route.method.toUpperCase(), route.path, async (c) => {
			const auth = c.get('auth')
			if (route.auth === 'user') {
				if (!auth) throw new ApiError(401, c.req.header('authorization') ? 'Invalid token' : 'Missing authorization')
				if (route.permission && !auth.permissions.includes(route.permission)) throw forbidden()
			}
			const params = parse(route.params, c.req.param())
			const query = parse(route.query, Object.fromEntries(new URL(c.req.url).searchParams))
			const body = route.body ? parse(route.body, await readJson(c)) : undefined
			const result = await route.handler({ body, query, params, auth: auth!, deps, c })
			if (route.download) {
				const contentType = result.file?.contentType ?? route.download.contentType
				const filename = (result.file?.filename ?? route.download.filename).replace(/[^\w.-]/g, '_')
				const bytes = result.data instanceof Uint8Array
				return c.body(bytes ? (result.data as Uint8Array<ArrayBuffer>) : String(result.data), route.status ?? 200, {
					'content-type': contentType.startsWith('text/') ? `${contentType}; charset=utf-8` : contentType,
					'content-disposition': `${result.file?.inline ? 'inline' : 'attachment'}; filename="${filename}"`,
					'x-content-type-options': 'nosniff',
				})
			}
			return c.json(result, route.status ?? 200)
		})
	}
}
