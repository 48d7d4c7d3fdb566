import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { createApi } from './app.ts'
import { createCacRegistry } from './cac/index.ts'
import { openDatabase } from './db/client.ts'
import type { Deps } from './deps.ts'
import { seedDemo } from './db/seed/demo.ts'
import { seedReferenceData } from './db/seed/index.ts'
import type { ApiEnv } from './env.ts'
import { createMailer } from './mail.ts'
import { createPaymentGateway } from './payments/index.ts'
import { createDiskStorage } from './storage/index.ts'
import { createAnalytics } from './telemetry/analytics.ts'

/**
 * Open the database (migrating it), seed it and build the API with its dependencies, analytics
 * among them when POSTHOG_KEY is set. `release` names the build in analytics events.
 */
export async function bootApi(env: ApiEnv, release: string) {
	const analytics = await createAnalytics({ key: env.POSTHOG_KEY, host: env.POSTHOG_HOST, release })
	const database = await openDatabase({
		url: env.DATABASE_URL,
		dataDir: path.resolve(env.DATA_DIR, 'pglite'),
	})
	await seedReferenceData(database.db)
	const storage = createDiskStorage(path.resolve(env.DATA_DIR, 'uploads'))
	// Demo accounts exist only in the embedded default, never on a real server.
	if (database.kind === 'pglite') await seedDemo(database.db, storage)
	const mailer = await createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM })
	const deps: Deps = {
		db: database.db,
		mailer,
		cac: createCacRegistry({ db: database.db, providerUrl: env.CAC_PROVIDER_URL, providerKey: env.CAC_PROVIDER_KEY }),
		payments: createPaymentGateway({
			db: database.db,
			gateway: env.PAYMENT_GATEWAY,
			paystackSecretKey: env.PAYSTACK_SECRET_KEY,
			sandboxSecretKey: env.SANDBOX_SECRET_KEY,
			apiUrl: env.apiPublicUrl,
		}),
		storage,
		env: {
			publicUrl: env.publicUrl,
			publicUrlFixed: env.publicUrlFixed,
			demo: env.demo,
			outboxPublic: env.outboxPublic,
			trustProxy: env.trustProxy,
			walletFundMax: env.walletFundMax,
			withdrawalApprovalThreshold: env.withdrawalApprovalThreshold,
			claimPayoutThreshold: env.claimPayoutThreshold,
		},
		now: () => new Date(),
		analytics,
		kit: { payloadKey: kitPayloadKey(env), fetch: globalThis.fetch },
	}
	return { api: createApi(deps), database, mailer, deps }
}

/** KIT_PAYLOAD_KEY, or a key generated once into the data folder (docs/decisions/075-kit-sessions.md). */
function kitPayloadKey(env: ApiEnv) {
	if (env.KIT_PAYLOAD_KEY) return new Uint8Array(Buffer.from(env.KIT_PAYLOAD_KEY, 'base64url'))
	const file = path.resolve(env.DATA_DIR, 'kit-payload-key')
	if (!existsSync(file)) {
		mkdirSync(path.dirname(file), { recursive: true })
		writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' })
	}
	return new Uint8Array(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url'))
}
