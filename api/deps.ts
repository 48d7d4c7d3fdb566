import type { CacRegistry } from './cac/index.ts'
import type { Db } from './db/client.ts'
import type { ApiEnv } from './env.ts'
import type { Mailer } from './mail.ts'
import type { PaymentGateway } from './payments/index.ts'
import type { Storage } from './storage/index.ts'
import type { Analytics } from './telemetry/analytics.ts'

/** Everything a route handler may reach beyond its request. */
export type Deps = {
	db: Db
	mailer: Mailer
	cac: CacRegistry
	payments: PaymentGateway
	/** Uploaded documents, out of the web root. */
	storage: Storage
	env: Pick<ApiEnv, 'publicUrl' | 'demo' | 'outboxPublic' | 'trustProxy' | 'walletFundMax' | 'withdrawalApprovalThreshold'> &
		Partial<Pick<ApiEnv, 'publicUrlFixed' | 'claimPayoutThreshold'>>
	now: () => Date
	/** Product analytics (POSTHOG_KEY); absent, nothing is sent. */
	analytics?: Analytics
	/** The embedded kit: the key of its payloads, and how its webhooks reach partners (decision 075, 077). */
	kit: { payloadKey: Uint8Array; fetch: typeof fetch }
}
