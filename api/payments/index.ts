import { randomBytes } from 'node:crypto'
import type { Db } from '../db/client.ts'
import type { PaymentGateway } from './gateway.ts'
import { createPaystackGateway } from './paystack.ts'
import { createSandboxGateway, type SandboxGateway } from './sandbox.ts'

export type { Bank, CardAuthorization, Charge, PaymentGateway, Transfer } from './gateway.ts'
export type { SandboxGateway } from './sandbox.ts'

export const isSandbox = (gateway: PaymentGateway): gateway is SandboxGateway => gateway.name === 'sandbox'

/**
 * PAYMENT_GATEWAY=paystack: Paystack with PAYSTACK_SECRET_KEY. Otherwise the sandbox, signing its
 * webhooks with SANDBOX_SECRET_KEY, or with a key of its own process: it delivers them to itself.
 */
export function createPaymentGateway(options: {
	db: Db
	gateway: 'sandbox' | 'paystack'
	paystackSecretKey?: string | undefined
	sandboxSecretKey?: string | undefined
	apiUrl: string
}): PaymentGateway {
	if (options.gateway === 'paystack') {
		if (!options.paystackSecretKey) throw new Error('PAYMENT_GATEWAY=paystack needs PAYSTACK_SECRET_KEY')
		return createPaystackGateway({ secretKey: options.paystackSecretKey })
	}
	return createSandboxGateway({
		db: options.db,
		secret: options.sandboxSecretKey ?? randomBytes(32).toString('base64url'),
		apiUrl: options.apiUrl,
	})
}
