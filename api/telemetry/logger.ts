import pino from 'pino'

/**
 * One JSON line per event on stdout (docs/decisions/062-logs-health-and-scale-out.md). LOG_LEVEL sets the
 * floor, `info` by default in every mode: the line saying a server listens is `info`, and the tests
 * wait for it. Secrets and personal data never go in: fields under these names are removed, and
 * request lines carry the path without its query string.
 */
export const logger = pino({
	level: process.env.LOG_LEVEL ?? 'info',
	base: { pid: process.pid },
	timestamp: pino.stdTimeFunctions.isoTime,
	formatters: { level: (label) => ({ level: label }) },
	redact: {
		paths: [
			'password',
			'token',
			'code',
			'otp',
			'bvn',
			'email',
			'authorization',
			'cookie',
			'*.password',
			'*.token',
			'*.code',
			'*.otp',
			'*.bvn',
			'*.email',
			'*.authorization',
			'*.cookie',
		],
		censor: '[Filtered]',
	},
})

export type Logger = typeof logger

/** Log an error with its stack, the message of anything else. */
export function errorFields(error: unknown) {
	return error instanceof Error ? { err: { type: error.name, message: error.message, stack: error.stack } } : { err: String(error) }
}
