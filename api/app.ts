import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import type { Deps } from './deps.ts'
import { ApiError, type Env, mountRoutes } from './http.ts'
import { buildOpenApi, OPENAPI_PATH } from './openapi.ts'
import { isSandbox } from './payments/index.ts'
import { activityRoutes } from './routes/activities.ts'
import { authRoutes } from './routes/auth.ts'
import { batchRoutes } from './routes/batch.ts'
import { businessRoutes } from './routes/business.ts'
import { cacRoutes } from './routes/cac.ts'
import { cardRoutes } from './routes/cards.ts'
import { devRoutes } from './routes/dev.ts'
import { documentRoutes } from './routes/documents.ts'
import { otpRoutes } from './routes/otp.ts'
import { paymentRoutes } from './routes/payments.ts'
import { policyRoutes } from './routes/policies.ts'
import { productRoutes } from './routes/products.ts'
import { purchaseRoutes } from './routes/purchases.ts'
import { resourceRoutes } from './routes/resources.ts'
import { roleRoutes } from './routes/roles.ts'
import { mountSandboxCheckout, sandboxCheckoutOperations } from './routes/sandbox.ts'
import { invitationRoutes } from './routes/invitations.ts'
import { teamRoutes } from './routes/team.ts'
import { transactionRoutes } from './routes/transactions.ts'
import { userRoutes } from './routes/users.ts'
import { walletRoutes } from './routes/wallet.ts'
import { withdrawalRoutes } from './routes/withdrawals.ts'
import { authenticate } from './security/tokens.ts'

export const API_BASE_PATH = '/api/v1'

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
	...walletRoutes,
	...paymentRoutes,
	...cardRoutes,
	...withdrawalRoutes,
	...transactionRoutes,
	...productRoutes,
	...purchaseRoutes,
	...batchRoutes,
	...policyRoutes,
	...documentRoutes,
	...devRoutes,
]

export function createApi(deps: Deps) {
	const app = new Hono<Env>().basePath(API_BASE_PATH)
	const sandbox = isSandbox(deps.payments) ? deps.payments : null
	const openApi = buildOpenApi(routes, sandbox ? sandboxCheckoutOperations : {})

	app.use(async (c, next) => {
		const requestId = c.req.header('x-request-id') ?? randomUUID()
		c.set('requestId', requestId)
		c.header('X-Request-Id', requestId)
		c.set('auth', null)
		const header = c.req.header('authorization')
		const token = header?.match(/^Bearer\s+(\S+)$/i)?.[1]
		if (token) {
			const found = await authenticate(deps.db, token, deps.now())
			if (found) {
				c.set('auth', found.auth)
				if (found.newToken) c.header('X-New-Token', found.newToken)
			}
		}
		await next()
	})

	app.get(OPENAPI_PATH, (c) => c.json(openApi))
	mountRoutes(app, deps, routes)
	if (sandbox) {
		mountSandboxCheckout(app, deps, sandbox)
		// The sandbox delivers its webhooks to this API's own route, in process, as Paystack would over HTTP.
		sandbox.deliverTo(async (body, headers) =>
			app.fetch(new Request(`http://sandbox.internal${API_BASE_PATH}/payments/webhook`, { method: 'POST', headers, body })),
		)
	}

	app.notFound((c) => c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.` }, 404))
	app.onError((error, c) => {
		if (error instanceof ApiError) {
			return c.json({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) }, error.status)
		}
		console.error(`[api] ${c.get('requestId')} ${c.req.method} ${c.req.path}`, error)
		return c.json({ message: 'Something went wrong.', request_id: c.get('requestId') }, 500)
	})
	return app
}

export type Api = ReturnType<typeof createApi>
