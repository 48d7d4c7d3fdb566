import { CLAIM_PAYOUT_THRESHOLD_DEFAULT } from './domain/claims.ts'
import { z } from 'zod'
import { AMOUNT_MIN } from './contract/wallet.ts'
import { APPROVAL_THRESHOLD_DEFAULT, FUND_MAX_DEFAULT } from './domain/ledger.ts'

const schema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		DATABASE_URL: z.string().url().optional(),
		DATA_DIR: z.string().default('./data'),
		KIT_PAYLOAD_KEY: z
			.string()
			.regex(/^[\w-]{43}$/, 'the kit payload key is 32 random bytes in base64url (43 characters)')
			.optional(),
		SMTP_URL: z.string().url().optional(),
		MAIL_FROM: z.string().default('Cover Portal <no-reply@localhost>'),
		PUBLIC_URL: z.string().url().optional(),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
		DEMO_MODE: z.enum(['true', 'false']).optional(),
		OUTBOX_PUBLIC: z.enum(['true', 'false']).default('false'),
		TRUST_PROXY: z.enum(['true', 'false']).default('false'),
		CAC_PROVIDER_URL: z.string().url().optional(),
		CAC_PROVIDER_KEY: z.string().min(1).optional(),
		API_PUBLIC_URL: z.string().url().optional(),
		PAYMENT_GATEWAY: z.enum(['sandbox', 'paystack']).default('sandbox'),
		PAYSTACK_SECRET_KEY: z
			.string()
			.regex(/^sk_(test|live)_\w+$/, 'a Paystack secret key starts with sk_test_ or sk_live_')
			.optional(),
		SANDBOX_SECRET_KEY: z.string().min(16, 'use at least 16 characters').optional(),
		WALLET_FUND_MAX: z.coerce.number().int('a whole number of Naira').min(AMOUNT_MIN).default(FUND_MAX_DEFAULT),
		WITHDRAWAL_APPROVAL_THRESHOLD: z.coerce.number().int('a whole number of Naira').min(0).default(APPROVAL_THRESHOLD_DEFAULT),
		SENTRY_DSN: z.string().url('a DSN looks like https://key@o0.ingest.sentry.io/0').optional(),
		SENTRY_ENVIRONMENT: z.string().min(1).optional(),
		POSTHOG_KEY: z.string().min(1).optional(),
		POSTHOG_HOST: z.string().url().default('https://us.i.posthog.com'),
		LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
		CLAIM_PAYOUT_THRESHOLD: z.coerce.number().int('a whole number of Naira').min(0).default(CLAIM_PAYOUT_THRESHOLD_DEFAULT),
	})
	.refine((env) => !env.CAC_PROVIDER_URL || env.CAC_PROVIDER_KEY, {
		path: ['CAC_PROVIDER_KEY'],
		message: 'set it to the API key of the CAC provider named by CAC_PROVIDER_URL',
	})
	.refine((env) => env.PAYMENT_GATEWAY !== 'paystack' || env.PAYSTACK_SECRET_KEY, {
		path: ['PAYSTACK_SECRET_KEY'],
		message: 'set it to your Paystack secret key when PAYMENT_GATEWAY=paystack',
	})
	// A real deployment must not quietly keep mail in the outbox or take simulated payments.
	.refine((env) => env.NODE_ENV !== 'production' || isDemo(env) || env.SMTP_URL, {
		path: ['SMTP_URL'],
		message: 'set it to your SMTP server: in production, outside DEMO_MODE, mail must really go out',
	})
	.refine((env) => env.NODE_ENV !== 'production' || isDemo(env) || env.PAYMENT_GATEWAY !== 'sandbox', {
		path: ['PAYMENT_GATEWAY'],
		message: 'set it to paystack: in production, outside DEMO_MODE, payments must not be simulated',
	})

/** The demo: on by default only for the embedded database, whose accounts are the seeded demo ones. */
function isDemo(env: { DEMO_MODE?: 'true' | 'false' | undefined; DATABASE_URL?: string | undefined }) {
	return env.DEMO_MODE ? env.DEMO_MODE === 'true' : !env.DATABASE_URL
}

export type ApiEnv = z.infer<typeof schema> & {
	publicUrl: string
	/** PUBLIC_URL was set: links always use it, never the origin a request came to (decision 043). */
	publicUrlFixed: boolean
	/** Where browsers reach the API: the portal's address when the API is mounted in it. */
	apiPublicUrl: string
	/** Demo mode: the local outbox and the sandbox checkout answer (docs/decisions/033-demo-mode.md). */
	demo: boolean
	/** The outbox answers any address, not only the machine's own. */
	outboxPublic: boolean
	/** X-Forwarded-For and its kin name the client: a proxy in front sets them. */
	trustProxy: boolean
	walletFundMax: number
	withdrawalApprovalThreshold: number
	/** Claim payouts above this need a second operator (docs/decisions/070-claim-payouts.md). */
	claimPayoutThreshold: number
}

/** Read and validate the API's environment once. */
export function readApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
	const parsed = schema.safeParse(source)
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
		throw new Error(`Invalid environment:\n${lines}`)
	}
	const env = parsed.data
	const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
	return {
		...env,
		publicUrl,
		publicUrlFixed: env.PUBLIC_URL !== undefined,
		apiPublicUrl: (env.API_PUBLIC_URL ?? publicUrl).replace(/\/$/, ''),
		walletFundMax: env.WALLET_FUND_MAX,
		withdrawalApprovalThreshold: env.WITHDRAWAL_APPROVAL_THRESHOLD,
		claimPayoutThreshold: env.CLAIM_PAYOUT_THRESHOLD,
		demo: isDemo(env),
		outboxPublic: env.OUTBOX_PUBLIC === 'true',
		trustProxy: env.TRUST_PROXY === 'true',
	}
}
