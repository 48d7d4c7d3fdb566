import { z } from 'zod'

const schema = z
	.object({
		NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
		DATABASE_URL: z.string().url().optional(),
		DATA_DIR: z.string().default('./data'),
		SMTP_URL: z.string().url().optional(),
		MAIL_FROM: z.string().default('Cover Portal <no-reply@localhost>'),
		PUBLIC_URL: z.string().url().optional(),
		PORT: z.coerce.number().int().min(1).max(65535).default(3000),
		API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
		OUTBOX_PAGE: z.enum(['true', 'false']).optional(),
		CAC_PROVIDER_URL: z.string().url().optional(),
		CAC_PROVIDER_KEY: z.string().min(1).optional(),
	})
	.refine((env) => !env.CAC_PROVIDER_URL || env.CAC_PROVIDER_KEY, {
		path: ['CAC_PROVIDER_KEY'],
		message: 'set it to the API key of the CAC provider named by CAC_PROVIDER_URL',
	})

export type ApiEnv = z.infer<typeof schema> & { publicUrl: string; outboxPage: boolean }

/** Read and validate the API's environment once. */
export function readApiEnv(source: NodeJS.ProcessEnv = process.env): ApiEnv {
	const parsed = schema.safeParse(source)
	if (!parsed.success) {
		const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')
		throw new Error(`Invalid environment:\n${lines}`)
	}
	const env = parsed.data
	return {
		...env,
		publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
		// The local outbox is readable only where nothing else delivers mail and nothing real is stored.
		outboxPage: env.OUTBOX_PAGE ? env.OUTBOX_PAGE === 'true' : !env.SMTP_URL && !env.DATABASE_URL,
	}
}
