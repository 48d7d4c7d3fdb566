/**
 * Rules of telemetry that the portal and the API both follow (spec sections 5, 8 and 9), so they sit
 * in the contract, the one module both sides may import.
 */

/** The header that carries one request's id from the portal to the API, so their logs join up. */
export const REQUEST_ID_HEADER = 'x-request-id'

/** A request id we accept from outside: short, and only characters that cannot forge a log line. */
export function isRequestId(value: string | null | undefined): value is string {
	return typeof value === 'string' && /^[\w.:-]{8,128}$/.test(value)
}

/** Spec section 8: errors with status 300 to 499 are the user's to fix, not telemetry. */
export function shouldReportError(status: number) {
	return status < 300 || status >= 500
}

/** Spec section 9: analytics event data is cut at 255 characters. */
export const ANALYTICS_VALUE_MAX = 255

/**
 * Spec section 5: the analytics distinct id may not start with the device prefix. Anonymous devices
 * are named `$device:<id>` by analytics SDKs; our distinct ids are customer ids, never a device's
 * (docs/decisions/061-product-analytics.md).
 */
export const DEVICE_ID_PREFIX = '$device:'

export function isAllowedDistinctId(id: string) {
	return id.length > 0 && !id.toLowerCase().startsWith(DEVICE_ID_PREFIX)
}

/** Cut a string at ANALYTICS_VALUE_MAX characters, never splitting a surrogate pair. */
export function truncateAnalyticsValue(value: string) {
	const chars = Array.from(value)
	return chars.length <= ANALYTICS_VALUE_MAX ? value : chars.slice(0, ANALYTICS_VALUE_MAX).join('')
}

type Property = string | number | boolean | null
/**
 * Every property value as analytics receives it: strings cut at 255 characters; numbers, booleans and
 * null as they are; anything else (dates, lists, objects) as its JSON text, cut alike.
 */
export function truncateAnalyticsProperties(properties: Record<string, unknown>): Record<string, Property> {
	const out: Record<string, Property> = {}
	for (const [key, value] of Object.entries(properties)) {
		if (value === undefined) continue
		if (value === null || typeof value === 'number' || typeof value === 'boolean') out[key] = value
		else if (typeof value === 'string') out[key] = truncateAnalyticsValue(value)
		else if (value instanceof Date) out[key] = value.toISOString()
		else out[key] = truncateAnalyticsValue(JSON.stringify(value) ?? String(value))
	}
	return out
}

export const FILTERED = '[Filtered]'

/** Keys whose values are secrets or personal data: passwords, codes, tokens, BVN, card and bank details. */
const SECRET_KEY =
	/pass(word|code)?|secret|token|authori[sz]ation|cookie|session|signature|api[-_]?key|bvn|\bnin\b|card|cvv|cvc|\bpan\b|expiry|account[-_]?number|iban|(^|[-_])(code|otp|pin)$|^(code|otp|pin)$|email|phone|first[-_]?name|last[-_]?name|address|dob|date[-_]?of[-_]?birth/i
/** Keys that look secret by the rule above but are not. */
const PLAIN_KEY = /^(status[-_]?code|error[-_]?code|product[-_]?code|http\.response\.status_code)$/i

const STRING_RULES: Array<[RegExp, string | ((...m: string[]) => string)]> = [
	// A secret handed in a query string or a form body.
	[/([?&;](?:token|access_token|code|otp|pin|password|bvn|card|secret|email)=)[^&#\s]*/gi, `$1${FILTERED}`],
	[/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${FILTERED}`],
	// A code named in a sentence ("Your code is 123456").
	[/\b(code|otp|pin)(\D{0,12})\d{4,8}\b/gi, `$1$2${FILTERED}`],
	// A card number (13 to 19 digits, maybe grouped) or a BVN (11 digits).
	[/\b\d(?:[ -]?\d){10,18}\b/g, FILTERED],
	[/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '[email]'],
]

export function scrubString(value: string) {
	let out = value
	for (const [pattern, replacement] of STRING_RULES) out = out.replace(pattern, replacement as string)
	return out
}

/**
 * A copy of `value` fit to leave the machine: values under secret or personal keys replaced, and
 * secrets found inside strings (codes, card numbers, BVNs, bearer tokens, emails) cut out.
 */
export function scrubPersonalData<T>(value: T, depth = 0): T {
	if (typeof value === 'string') return scrubString(value) as T
	if (value === null || typeof value !== 'object' || depth > 12) return value
	if (Array.isArray(value)) return value.map((v) => scrubPersonalData(v, depth + 1)) as T
	const out: Record<string, unknown> = {}
	for (const [key, v] of Object.entries(value)) {
		out[key] = SECRET_KEY.test(key) && !PLAIN_KEY.test(key) && v !== null && v !== undefined ? FILTERED : scrubPersonalData(v, depth + 1)
	}
	return out as T
}
