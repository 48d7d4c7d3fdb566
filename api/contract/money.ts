// Money is integer Naira end to end (no kobo). This is the one place that turns an amount into text.
//
// Grouping is done by hand rather than with Intl.NumberFormat('en-NG'): the output of Intl depends on
// the ICU data the server's Node or the user's browser ships (small-icu builds fall back to other
// locales, compact notation differs between engines), and a server-rendered amount must match the
// hydrated one character for character.

const NAIRA = '₦'

// From one million the compact form is used; past trillions the amount stays in T (₦1,500T).
const UNITS = [
	{ suffix: 'M', size: 1_000_000 },
	{ suffix: 'B', size: 1_000_000_000 },
	{ suffix: 'T', size: 1_000_000_000_000 },
] as const

/** Puts a comma between each group of three digits: '1234567' -> '1,234,567'. Expects digits only. */
export function groupThousands(digits: string): string {
	return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** A count of things, grouped as amounts are and for the same reason: 1234 -> '1,234'. Throws RangeError for a fraction. */
export function formatCount(count: number): string {
	if (!Number.isInteger(count)) throw new RangeError(`Not a count: ${count}`)
	return (count < 0 ? '-' : '') + groupThousands(String(Math.abs(count)))
}

function wholeNaira(amount: number): { negative: boolean; naira: number } {
	if (!Number.isFinite(amount)) {
		throw new RangeError(`Not an amount of money: ${amount}`)
	}
	// Round the magnitude so that -1.5 and 1.5 behave alike; -0 and amounts that round to 0 show as ₦0.
	const naira = Math.round(Math.abs(amount))
	return { negative: amount < 0 && naira > 0, naira }
}

function signed(negative: boolean, text: string): string {
	return negative ? `-${NAIRA}${text}` : `${NAIRA}${text}`
}

/**
 * ₦1,234 below one million; from one million the compact form with at most one decimal, trailing
 * '.0' dropped: ₦1M, ₦1.2M, ₦2.5B, ₦1,500T. Rounding is half up on the magnitude (₦1,250,000 ->
 * ₦1.3M, -₦1,250,000 -> -₦1.3M). A value that rounds up to 1,000 of a unit moves to the next unit
 * (999,950,000 -> ₦1B, never ₦1000M). Throws RangeError for NaN and ±Infinity.
 */
export function formatNaira(amount: number): string {
	const { negative, naira } = wholeNaira(amount)
	if (naira < UNITS[0].size) return signed(negative, groupThousands(String(naira)))

	let unitIndex = UNITS.findLastIndex((unit) => naira >= unit.size)
	let tenths = roundedTenths(naira, UNITS[unitIndex].size)
	if (tenths >= 10_000 && unitIndex < UNITS.length - 1) {
		unitIndex += 1
		tenths = roundedTenths(naira, UNITS[unitIndex].size)
	}
	const whole = Math.floor(tenths / 10)
	const decimal = tenths % 10
	const text = groupThousands(String(whole)) + (decimal === 0 ? '' : `.${decimal}`)
	return signed(negative, text + UNITS[unitIndex].suffix)
}

// The amount in tenths of a unit, rounded half up, in integer arithmetic so no float rounding creeps in.
function roundedTenths(naira: number, unitSize: number): number {
	const tenth = unitSize / 10
	const remainder = naira % tenth
	const tenths = (naira - remainder) / tenth
	return remainder * 2 >= tenth ? tenths + 1 : tenths
}

/** Never abbreviates: ₦1,234,567, -₦1,234. For receipts, invoices and input fields. */
export function formatNairaFull(amount: number): string {
	const { negative, naira } = wholeNaira(amount)
	return signed(negative, groupThousands(String(naira)))
}

// Optional minus, optional currency mark (₦, NGN or N, since many keyboards have no ₦), then digits with
// optional comma grouping and an optional fraction.
const NAIRA_TEXT = /^(-?)\s*(?:₦|NGN|N)?\s*(-?)\s*(\d[\d,]*)?(?:\.(\d*))?$/i

/**
 * Reads an amount typed or pasted by a person: '₦1,234', '1234', ' 1,234 ', 'N5,000', '-₦1,234'.
 * Rounds half up to whole Naira and ignores leading zeros. Returns null for empty or non-numeric
 * text, and for amounts too large to hold exactly (above Number.MAX_SAFE_INTEGER).
 */
export function parseNaira(input: string): number | null {
	const match = NAIRA_TEXT.exec(input.trim())
	if (!match) return null
	const [, minusBefore, minusAfter, integerText = '', fraction = ''] = match
	if (minusBefore && minusAfter) return null
	const digits = integerText.replaceAll(',', '')
	if (digits === '' && fraction === '') return null

	const naira = Number(digits || '0') + (fraction[0] !== undefined && fraction[0] >= '5' ? 1 : 0)
	if (!Number.isSafeInteger(naira)) return null
	return minusBefore || minusAfter ? -naira || 0 : naira
}
