import { z } from 'zod'
import { normalizeRegistrationNumber } from '../contract/registration-rule.ts'
import { ApiError } from '../errors.ts'
import type { CacRegistry } from './registry.ts'
import { logger } from '../telemetry/logger.ts'

export const CAC_UNAVAILABLE = 'The CAC registry did not answer. Try again shortly.'
const TIMEOUT_MS = 10_000

/** What the provider answers for a number it knows. */
const ProviderCompany = z.object({
	company_name: z.string().trim().min(1),
	rc_number: z.union([z.string(), z.number()]).transform(String),
	type: z
		.string()
		.toUpperCase()
		.pipe(z.enum(['RC', 'BN', 'IT'])),
})

function unavailable(reason: string) {
	// Operators see why; the user sees only that the registry did not answer.
	logger.warn(`[cac] provider lookup failed: ${reason}`)
	return new ApiError(502, CAC_UNAVAILABLE)
}

/**
 * A CAC verification provider over HTTP: `GET {url}/cac/{number}?type=RC` with a bearer key, answering
 * `{ company_name, rc_number, type }`, or 404 for a number it does not know.
 */
export function createProviderCacRegistry(options: { url: string; key: string; timeoutMs?: number }): CacRegistry {
	const base = options.url.replace(/\/+$/, '')
	return {
		async lookup({ businessType, registrationNumber }) {
			const number = normalizeRegistrationNumber(registrationNumber)
			let response: Response
			try {
				response = await fetch(`${base}/cac/${encodeURIComponent(number)}?type=${businessType}`, {
					headers: { authorization: `Bearer ${options.key}`, accept: 'application/json' },
					signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
				})
			} catch (error) {
				throw unavailable(error instanceof Error ? error.message : String(error))
			}
			if (response.status === 404) return null
			if (!response.ok) throw unavailable(`HTTP ${response.status}`)
			const parsed = ProviderCompany.safeParse(await response.json().catch(() => undefined))
			if (!parsed.success) throw unavailable('the answer is not { company_name, rc_number, type }')
			const { company_name, rc_number, type } = parsed.data
			const registered = normalizeRegistrationNumber(rc_number)
			// Some registers answer the digits alone; the portal keeps the prefix of the type.
			return { name: company_name, registrationNumber: /^\d+$/.test(registered) ? `${type}${registered}` : registered, businessType: type }
		},
	}
}
