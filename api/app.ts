import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { isDatabaseUnavailable } from './db/client.ts'
import type { Deps } from './deps.ts'
import { type Env, mountRoutes, refuseNulInUrl } from './http.ts'
import { ApiError } from './errors.ts'
import { isRequestId, REQUEST_ID_HEADER } from './contract/telemetry.ts'
import { reportError } from './telemetry/error-reporting.ts'
import { errorFields, logger } from './telemetry/logger.ts'
import { buildOpenApi, OPENAPI_PATH } from './openapi.ts'
import { isSandbox } from './payments/index.ts'
import { activityRoutes } from './routes/activities.ts'
import { authRoutes } from './routes/auth.ts'
import { batchRoutes } from './routes/batch.ts'
import { businessRoutes } from './routes/business.ts'
import { cacRoutes } from './routes/cac.ts'
import { cardRoutes } from './routes/cards.ts'
import { claimRoutes } from './routes/claims.ts'
import { deskRoutes } from './routes/desk.ts'
import { devRoutes } from './routes/dev.ts'
import { dashboardRoutes } from './routes/dashboard.ts'
import { documentRoutes } from './routes/documents.ts'
import { employeeRoutes } from './routes/employees.ts'
import { otpRoutes } from './routes/otp.ts'
import { paymentRoutes } from './routes/payments.ts'
import { planRoutes } from './routes/plans.ts'
import { policyRoutes } from './routes/policies.ts'
import { productRoutes } from './routes/products.ts'
import { purchaseRoutes } from './routes/purchases.ts'
import { notificationRoutes } from './routes/notifications.ts'
import { resourceRoutes } from './routes/resources.ts'
import { rewardRoutes } from './routes/rewards.ts'
import { roleRoutes } from './routes/roles.ts'
import { mountSandboxCheckout, sandboxCheckoutOperations } from './routes/sandbox.ts'
import { invitationRoutes } from './routes/invitations.ts'
import { invoiceRoutes } from './routes/invoices.ts'
import { kitRoutes } from './routes/kit.ts'
import { kitClaimRoutes } from './routes/kit-claims.ts'
import { inspectionRoutes } from './routes/inspections.ts'
import { teamRoutes } from './routes/team.ts'
import { transactionRoutes } from './routes/transactions.ts'
import { userRoutes } from './routes/users.ts'
import { walletRoutes } from './routes/wallet.ts'
import { withdrawalRoutes } from './routes/withdrawals.ts'
import { clientAddressOf, forwardedAddress } from './security/client-address.ts'
import { portalUrlOf } from './security/portal-origin.ts'
import { limitBodies } from './security/body-limit.ts'
import { apiSecurityHeaders } from './security/headers.ts'
import { authenticate } from './security/tokens.ts'

export const API_BASE_PATH = '/api/v1'

type Authenticated = Awaited<ReturnType<typeof authenticate>>

/**
 * Who a token belongs to, remembered for the few seconds one portal page takes, keyed by the page's
 * request id and the token: the calls of one page, which its loaders make side by side, share one
 * lookup (the lookup itself is shared while under way). Bounded, so a burst of pages cannot grow it
 * (docs/decisions/117-request-path-performance.md). A token revoked mid-page is refused from the next page on.
 */
export class SameRequestAuth {
	private readonly entries = new Map<string, { found: Promise<Authenticated>; expires: number }>()
	constructor(
		private readonly ttlMs = 5_000,
		private readonly maxEntries = 500,
	) {}
	/** The lookup for `key`: the one under way or done within ttlMs, else a new one from `lookup`. */
	share(key: string, now: number, lookup: () => Promise<Authenticated>): { found: Promise<Authenticated>; shared: boolean } {
		const entry = this.entries.get(key)
		if (entry && entry.expires > now) return { found: entry.found, shared: true }
		// Maps keep insertion order: the oldest go first.
		this.entries.delete(key)
		while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!)
		const found = lookup()
		this.entries.set(key, { found, expires: now + this.ttlMs })
		// A failed lookup is not remembered.
		found.catch(() => this.entries.delete(key))
		return { found, shared: false }
	}
	delete(key: string) {
		this.entries.delete(key)
	}
	get size() {
		return this.entries.size
	}
}

/** The answer (a 503) while the database cannot be reached. */
export const SERVICE_UNAVAILABLE = 'The service is unavailable for a moment. Try again shortly.'

export const routes = [
	...authRoutes,
	...otpRoutes,
	...userRoutes,
	...resourceRoutes,
	...businessRoutes,
	...cacRoutes,
	...teamRoutes,
	...invitationRoutes,
	...roleRoutes,
	...activityRoutes,
	...dashboardRoutes,
	...walletRoutes,
	...paymentRoutes,
	...cardRoutes,
	...withdrawalRoutes,
	...transactionRoutes,
	...invoiceRoutes,
	...productRoutes,
	...purchaseRoutes,
	...batchRoutes,
	...employeeRoutes,
	...policyRoutes,
	...planRoutes,
	...claimRoutes,
	...deskRoutes,
	...documentRoutes,
	...kitRoutes,
	...kitClaimRoutes,
	...inspectionRoutes,
	...rewardRoutes,
	...notificationRoutes,
	...devRoutes,
]

/** With `checkResponses` (the tests), an answer outside its route's contract fails the request. */
export function createApi(deps: Deps, options: { checkResponses?: boolean } = {}) {
	const app = new Hono<Env>().basePath(API_BASE_PATH)
	const sameRequestAuth = new SameRequestAuth()
	const sandbox = isSandbox(deps.payments) ? deps.payments : null
	// The sandbox's checkout pays for anything with a test card: only a demo serves it.
	const sandboxCheckout = sandbox && deps.env.demo
	const openApi = buildOpenApi(routes, sandboxCheckout ? sandboxCheckoutOperations : {})

	app.use(apiSecurityHeaders)
	app.use(limitBodies(API_BASE_PATH, routes))
	app.use(async (c, next) => {
		const started = performance.now()
		// The portal sends its request's id, so one visit reads as one id in both logs.
		const incomingId = c.req.header(REQUEST_ID_HEADER)
		const requestId = isRequestId(incomingId) ? incomingId : randomUUID()
		c.set('requestId', requestId)
		c.header('X-Request-Id', requestId)
		c.set('auth', null)
		// Over the network the socket names the caller; in process only the portal calls, forwarding its client's address.
		const incoming = c.env?.incoming
		c.set('clientAddress', incoming ? clientAddressOf(incoming, deps.env.trustProxy) : forwardedAddress(c.req.raw.headers))
		c.set('portalUrl', portalUrlOf(c.req.raw.headers, deps.env, !incoming || deps.env.trustProxy))
		refuseNulInUrl(c.req.url)
		const header = c.req.header('authorization')
		const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1]
		if (token) {
			// In process only the portal calls, and one of its pages makes several calls with one token
			// under one request id: the token is looked up once per page (decision 117). A change (any
			// other method) may change who the token is: it looks again, and the page's later reads too.
			const memoKey = !incoming && isRequestId(incomingId) ? `${requestId} ${token}` : null
			if (memoKey && c.req.method !== 'GET') sameRequestAuth.delete(memoKey)
			const lookup = () => authenticate(deps.db, token, deps.now())
			const { found: pending, shared } =
				memoKey && c.req.method === 'GET' ? sameRequestAuth.share(memoKey, Date.now(), lookup) : { found: lookup(), shared: false }
			const found = await pending
			if (found) {
				c.set('auth', found.auth)
				// The rotated token goes back once, with the call that rotated it.
				if (found.newToken && !shared) c.header('X-New-Token', found.newToken)
			}
		}
		try {
			await next()
		} finally {
			// After a change, this page's next reads look the token up again.
			if (token && !incoming && c.req.method !== 'GET') sameRequestAuth.delete(`${requestId} ${token}`)
			// The path without its query: a query may carry an email or a code.
			logger.info(
				{
					tier: 'api',
					requestId,
					method: c.req.method,
					path: c.req.path,
					status: c.res.status,
					ms: Math.round(performance.now() - started),
				},
				'request',
			)
		}
	})

	app.get(OPENAPI_PATH, (c) => c.json(openApi))
	mountRoutes(app, deps, routes, options)
	if (sandbox) {
		if (sandboxCheckout) mountSandboxCheckout(app, deps, sandbox)
		// The sandbox delivers its webhooks to this API's own route, in process, as Paystack would over HTTP.
		sandbox.deliverTo(async (body, headers) =>
			app.fetch(new Request(`http://sandbox.internal${API_BASE_PATH}/payments/webhook`, { method: 'POST', headers, body })),
		)
	}

	app.notFound((c) => c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404))
	app.onError((error, c) => {
		const requestId = c.get('requestId')
		const status = error instanceof ApiError ? error.status : isDatabaseUnavailable(error) ? 503 : 500
		// Every error goes through the one rule of what is reported (spec section 8: not 300 to 499).
		reportError(error, { status, requestId, method: c.req.method, path: c.req.path })
		if (error instanceof ApiError) {
			return c.json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status)
		}
		if (isDatabaseUnavailable(error)) {
			logger.warn({ tier: 'api', requestId, method: c.req.method, path: c.req.path, reason: error.message }, 'the database is unavailable')
			c.header('Retry-After', '5')
			return c.json({ message: SERVICE_UNAVAILABLE, request_id: requestId }, 503)
		}
		logger.error({ tier: 'api', requestId, method: c.req.method, path: c.req.path, ...errorFields(error) }, 'request failed')
		return c.json({ message: 'Something went wrong.', request_id: requestId }, 500)
	})
	return app
}

export type Api = ReturnType<typeof createApi>
