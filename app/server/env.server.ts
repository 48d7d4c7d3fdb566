import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

const schema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	API_BASE_URL: z.string().url().optional(),
	SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
	SESSION_COOKIE_SECURE: z.enum(['true', 'false']).default('true'),
	DATA_DIR: z.string().default('./data'),
	DEMO_MODE: z.enum(['true', 'false']).optional(),
	DATABASE_URL: z.string().optional(),
	SENTRY_DSN: z.string().url().optional(),
	SENTRY_RELEASE: z.string().optional(),
	SENTRY_ENVIRONMENT: z.string().optional(),
})

export type PortalEnv = {
	nodeEnv: 'development' | 'production' | 'test'
	apiBaseUrl: string | undefined
	sessionSecrets: string[]
	secureCookies: boolean
	/** Every page says it is a demo (docs/decisions/033-demo-mode.md). */
	demo: boolean
	/** Sentry for the browser (a DSN is public by design), or null: nothing loads. */
	errorReporting: { dsn: string; release: string; environment: string } | null
}

/** The embedded default keeps a generated secret in the data folder, so restarts keep sessions. */
function generatedSecret(dataDir: string) {
	const file = path.resolve(dataDir, 'session-secret')
	if (existsSync(file)) return readFileSync(file, 'utf8').trim()
	mkdirSync(path.dirname(file), { recursive: true })
	const secret = randomBytes(32).toString('base64url')
	writeFileSync(file, secret, { mode: 0o600 })
	return secret
}

let cached: PortalEnv | undefined

/** The portal's environment, read and validated once. */
export function portalEnv(): PortalEnv {
	if (cached) return cached
	const parsed = schema.safeParse(process.env)
	if (!parsed.success) {
		throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
	}
	const env = parsed.data
	cached = {
		nodeEnv: env.NODE_ENV,
		apiBaseUrl: env.API_BASE_URL?.replace(/\/$/, ''),
		// Several secrets, comma-separated, let a new one sign while older ones still verify.
		sessionSecrets: env.SESSION_SECRET ? env.SESSION_SECRET.split(',') : [generatedSecret(env.DATA_DIR)],
		secureCookies: env.SESSION_COOKIE_SECURE === 'true',
		// As the API decides for the embedded database; a portal calling a separate API is told explicitly.
		demo: env.DEMO_MODE ? env.DEMO_MODE === 'true' : !env.DATABASE_URL && !env.API_BASE_URL,
		errorReporting: env.SENTRY_DSN
			? {
					dsn: env.SENTRY_DSN,
					release: env.SENTRY_RELEASE ?? 'cover-portal@development',
					environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
				}
			: null,
	}
	return cached
}
