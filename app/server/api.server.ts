import { PORTAL_ORIGIN_HEADER } from '#api/contract/common.ts'
import { REQUEST_ID_HEADER } from '#api/contract/telemetry.ts'
import { MESSAGES, isLogoutText } from '#app/lib/errors.ts'

/** Spec section 7 and 9 constants. */
export const REQUEST_TIMEOUT_MS = 120_000
export const RETRY_DELAY_MS = 1_000
export const DEFAULT_CACHE_MS = 60_000
/** Per-call cache lifetimes; a path not named here gets DEFAULT_CACHE_MS when cached. */
export const CACHE_RULES: Array<[RegExp, number]> = [
	[/^\/users\/[^/]+$/, 2_000],
	// The bell's count, which every signed-in page shows: as fresh as the user it sits beside (decision 128).
	[/^\/notifications\/unread-count$/, 2_000],
	[/^\/states-with-lga$/, 30_000],
	[/^\/team\//, 80_000],
]
/** GET /team/{id} and GET /team/member/{id}: cached 80 s per token (spec section 7). */
const TEAM_READS = /^\/team\//
/**
 * Changes to someone's team, their invitations, roles or names: the team as any member's token
 * cached it is stale, not only the caller's, so every cached team is dropped.
 */
const TEAM_CHANGES = /^\/(?:invitations|team|roles|users)(?:\/|$)/

export type Transport = (request: Request) => Promise<Response>

export type FieldError = { path: string; message: string }

/** A failed call, its message already in the words of section 8. */
export class ApiCallError extends Error {
	constructor(
		readonly status: number,
		message: string,
		readonly fieldErrors: FieldError[] = [],
		/** The API said the session is no good: the user must be logged out. */
		readonly logout = false,
	) {
		super(message)
	}
}

type CacheEntry = { expires: number; value: unknown; bytes: number }

/** How large the JSON of each answer read was, so the cache can count what it holds. */
const answerBytes = new WeakMap<object, number>()

/**
 * A small cache shared by the requests of one process, keyed by token and path. Bounded by entries and
 * by the bytes of the answers it holds: a few large lists cached for many sessions once held hundreds
 * of megabytes for a minute (docs/decisions/120-memory-under-load.md). An answer larger than an eighth
 * of the budget is not kept at all.
 */
export class ResponseCache {
	private entries = new Map<string, CacheEntry>()
	private bytes = 0
	/** Calls under way, so loaders that run side by side share one request. */
	readonly inflight = new Map<string, Promise<unknown>>()
	constructor(
		private readonly maxEntries = 2_000,
		private readonly maxBytes = 32 * 1024 * 1024,
	) {}
	get size() {
		return { entries: this.entries.size, bytes: this.bytes }
	}
	get(key: string, now: number) {
		const entry = this.entries.get(key)
		if (!entry) return undefined
		if (entry.expires <= now) {
			this.drop(key)
			return undefined
		}
		return entry.value
	}
	set(key: string, value: unknown, ttl: number, now: number, bytes = 0) {
		this.drop(key)
		if (bytes > this.maxBytes / 8) return
		// Maps keep insertion order: drop the oldest until the new entry fits.
		while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.bytes + bytes > this.maxBytes)) {
			this.drop(this.entries.keys().next().value!)
		}
		this.entries.set(key, { expires: now + ttl, value, bytes })
		this.bytes += bytes
	}
	private drop(key: string) {
		const entry = this.entries.get(key)
		if (!entry) return
		this.bytes -= entry.bytes
		this.entries.delete(key)
	}
	/** A change made with a token makes everything cached for it stale. */
	clearToken(token: string | undefined) {
		const prefix = `${token ?? ''} `
		for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.drop(key)
	}
	/** Drop what any token cached for a path matching `pattern` (the query is not part of the path). */
	clearPaths(pattern: RegExp) {
		for (const key of [...this.entries.keys()]) {
			const target = key.slice(key.indexOf(' ') + 1)
			if (pattern.test(target.split('?')[0]!)) this.drop(key)
		}
	}
}

export function cacheTtl(path: string) {
	for (const [pattern, ttl] of CACHE_RULES) if (pattern.test(path)) return ttl
	return DEFAULT_CACHE_MS
}

export type ClientOptions = {
	transport: Transport
	baseUrl: string
	token?: string
	userId?: string
	/** The browser's address, forwarded so the API can limit and guard by it. */
	clientAddress?: string | null
	/** The origin the browser reached the portal at: the API's links and payment return URLs lead back to it. */
	portalOrigin?: string
	/** This portal request's id, sent on so the API logs its calls under the same id. */
	requestId?: string | null
	cache: ResponseCache
	timeoutMs?: number
	retryDelayMs?: number
	now?: () => number
	sleep?: (ms: number) => Promise<void>
}

export type CallOptions = {
	body?: unknown
	query?: Record<string, string | number | undefined>
	/** Cache this GET for the rule's lifetime. */
	cache?: boolean
	/** Send no bearer token: a public call whose answer must not depend on who asks. */
	anonymous?: boolean
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])

class TransportFailure extends Error {
	constructor(readonly kind: 'timeout' | 'network') {
		super(kind)
	}
}

/**
 * The one wrapper every call goes through (spec section 7): bearer token, timeout, one retry of
 * idempotent calls after a network failure or time-out, token rotation, caches and the error catalogue.
 */
export class ApiClient {
	token: string | undefined
	userId: string | undefined
	/** The token or user changed during this request: the session cookie must be written again. */
	sessionChanged = false
	loggedOut = false
	private readonly opts: Required<Omit<ClientOptions, 'token' | 'userId' | 'clientAddress' | 'portalOrigin' | 'requestId'>> &
		Pick<ClientOptions, 'clientAddress' | 'portalOrigin' | 'requestId'>

	constructor(options: ClientOptions) {
		this.token = options.token
		this.userId = options.userId
		this.opts = {
			timeoutMs: REQUEST_TIMEOUT_MS,
			retryDelayMs: RETRY_DELAY_MS,
			now: Date.now,
			sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
			...options,
		}
	}

	async call<T>(method: string, path: string, options: CallOptions = {}): Promise<{ data: T; message?: string }> {
		const search = new URLSearchParams()
		for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined && v !== '') search.set(k, String(v))
		const target = `${path}${search.size ? `?${search}` : ''}`
		const cacheKey = `${this.token ?? ''} ${target}`
		if (method === 'GET' && options.cache) {
			const hit = this.opts.cache.get(cacheKey, this.opts.now())
			if (hit) return hit as { data: T; message?: string }
			const pending = this.opts.cache.inflight.get(cacheKey)
			if (pending) return pending as Promise<{ data: T; message?: string }>
			const fetching = this.fetch<T>(method, target).then((result) => {
				this.opts.cache.set(`${this.token ?? ''} ${target}`, result, cacheTtl(path), this.opts.now(), answerBytes.get(result) ?? 0)
				return result
			})
			this.opts.cache.inflight.set(cacheKey, fetching)
			return fetching.finally(() => this.opts.cache.inflight.delete(cacheKey))
		}
		const result = await this.fetch<T>(method, target, options.body, options.anonymous)
		if (method !== 'GET') {
			this.opts.cache.clearToken(this.token)
			if (TEAM_CHANGES.test(path)) this.opts.cache.clearPaths(TEAM_READS)
		}
		return result
	}

	/**
	 * A file the API sends instead of the JSON envelope (a CSV export): the response itself, its body
	 * unread so it can be streamed on. A failure is read like any other call's.
	 */
	async download(path: string, query: Record<string, string | undefined> = {}): Promise<Response> {
		const search = new URLSearchParams()
		for (const [k, v] of Object.entries(query)) if (v) search.set(k, v)
		const response = await this.send('GET', `${path}${search.size ? `?${search}` : ''}`, undefined)
		if (!response.ok) await this.read(response)
		this.rotate(response)
		return response
	}

	private async fetch<T>(method: string, target: string, body?: unknown, anonymous = false) {
		return this.read<T>(await this.send(method, target, body, anonymous))
	}

	private async send(method: string, target: string, body: unknown, anonymous = false): Promise<Response> {
		const attempts = IDEMPOTENT.has(method) ? 2 : 1
		for (let attempt = 1; ; attempt++) {
			try {
				return await this.once(method, target, body, anonymous)
			} catch (error) {
				if (!(error instanceof TransportFailure)) throw error
				if (attempt >= attempts) {
					throw new ApiCallError(0, error.kind === 'timeout' ? MESSAGES.timeout : MESSAGES.network)
				}
				await this.opts.sleep(this.opts.retryDelayMs)
			}
		}
	}

	private async once(method: string, target: string, body: unknown, anonymous: boolean) {
		const headers = new Headers({ accept: 'application/json' })
		if (this.token && !anonymous) headers.set('authorization', `Bearer ${this.token}`)
		if (this.opts.clientAddress) headers.set('x-forwarded-for', this.opts.clientAddress)
		if (this.opts.portalOrigin) headers.set(PORTAL_ORIGIN_HEADER, this.opts.portalOrigin)
		if (this.opts.requestId) headers.set(REQUEST_ID_HEADER, this.opts.requestId)
		// A FormData body (an upload) sets its own multipart content type with the boundary.
		const multipart = body instanceof FormData
		if (body !== undefined && !multipart) headers.set('content-type', 'application/json')
		const controller = new AbortController()
		let timer: ReturnType<typeof setTimeout> | undefined
		const timeout = new Promise<never>((_, reject) => {
			timer = setTimeout(() => {
				controller.abort()
				reject(new TransportFailure('timeout'))
			}, this.opts.timeoutMs)
		})
		try {
			const request = new Request(`${this.opts.baseUrl}${target}`, {
				method,
				headers,
				body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
				signal: controller.signal,
			})
			return await Promise.race([
				this.opts.transport(request).catch((error) => {
					throw error instanceof TransportFailure ? error : new TransportFailure('network')
				}),
				timeout,
			])
		} finally {
			clearTimeout(timer)
		}
	}

	private rotate(response: Response) {
		const newToken = response.headers.get('x-new-token')
		if (newToken && newToken !== this.token) {
			// Everything cached for the old token belongs to the account as it was: refresh it.
			this.opts.cache.clearToken(this.token)
			this.token = newToken
			this.sessionChanged = true
		}
	}

	private async read<T>(response: Response): Promise<{ data: T; message?: string }> {
		this.rotate(response)
		const text = await response.text()
		let json: { message?: unknown; errors?: unknown; data?: unknown } | null = null
		try {
			const parsed: unknown = text ? JSON.parse(text) : null
			json = parsed !== null && typeof parsed === 'object' ? parsed : null
		} catch {
			json = null
		}
		if (!response.ok) {
			const message: string = typeof json?.message === 'string' && json.message ? json.message : MESSAGES.unexpected
			const fieldErrors: FieldError[] = Array.isArray(json?.errors) ? (json.errors as FieldError[]) : []
			const logout = isLogoutText(message)
			if (logout) this.logout()
			throw new ApiCallError(response.status, message, fieldErrors, logout)
		}
		if (json === null || !('data' in json)) {
			throw new ApiCallError(response.status, MESSAGES.unexpected)
		}
		answerBytes.set(json, text.length)
		const data = json.data as { access_token?: unknown; id?: unknown } | null
		if (data && typeof data === 'object' && typeof data.access_token === 'string' && typeof data.id === 'string') {
			this.token = data.access_token
			this.userId = data.id
			this.sessionChanged = true
			this.loggedOut = false
		}
		return json as { data: T; message?: string }
	}

	logout() {
		this.opts.cache.clearToken(this.token)
		this.token = undefined
		this.userId = undefined
		this.loggedOut = true
	}
}
