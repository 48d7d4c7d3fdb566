import pino from 'pino'
import { scrubString } from '../contract/telemetry.ts'

/**
 * One JSON line per event on stdout (docs/decisions/062-logs-health-and-scale-out.md). LOG_LEVEL sets the
 * floor: `info` by default, `warn` inside the test runner, whose requests would fill its output (the
 * processes tests start are told `info`: their line saying they listen is what the tests wait for).
 * Secrets and personal data never go in: fields under these names are removed, messages of errors are
 * scrubbed, and request lines carry the path without its query string.
 */
export const logger = pino({
	level: process.env.LOG_LEVEL ?? (process.env.VITEST ? 'warn' : 'info'),
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

/** An error's fields for a log line: its kind, message and stack, with codes, cards and emails cut out. */
export function errorFields(error: unknown) {
	return error instanceof Error
		? { error: { type: error.name, message: scrubString(error.message), stack: error.stack && scrubString(error.stack) } }
		: { error: scrubString(String(error)) }
}
