import { groupThousands } from '#app/lib/money.ts'

// The spec's section 5 rules for number, Naira and format inputs. The components in
// app/components/ui/inputs.tsx apply them as the user types; the schemas below apply the same
// functions on the server, so a form posted without JavaScript gets the same result.

/** Number input: keeps digits and '+' only ('+234 (0) 80-31' -> '+23408031'). */
export function digitsAndPlusOnly(raw: string): string {
	return raw.replace(/[^\d+]/g, '')
}

// The digits of a non-negative whole number read from free text: every character but digits and the
// first '.' is dropped (so a minus sign is dropped too: these inputs never hold negative values), the
// fraction is rounded half up and leading zeros go. '' when there is no digit at all.
function wholeNumberDigits(raw: string): string {
	const [integerPart = '', ...fractionParts] = raw.replace(/[^\d.]/g, '').split('.')
	const fraction = fractionParts.join('')
	if (integerPart === '' && fraction === '') return ''
	const digits = integerPart.replace(/^0+(?=\d)/, '') || '0'
	// BigInt keeps a long pasted number exact instead of turning it into 1e+21.
	return fraction[0] !== undefined && fraction[0] >= '5' ? (BigInt(digits) + 1n).toString() : digits
}

/** Naira input: '0012345.6' -> '₦12,346', '₦1,234' -> '₦1,234', '' -> ''. */
export function normalizeNairaInput(raw: string): string {
	const digits = wholeNumberDigits(raw)
	return digits === '' ? '' : `₦${groupThousands(digits)}`
}

/** Format input: '0012345' -> '12,345', '-5' -> '5', '' -> ''. Never below 0. */
export function normalizeFormatInput(raw: string): string {
	return groupThousands(wholeNumberDigits(raw))
}

/** Format input arrow keys: '1,999' +1 -> '2,000'; '0' -1 -> '0'; '' +1 -> '1', '' -1 -> '0'. */
export function stepFormatInput(value: string, delta: 1 | -1): string {
	const next = BigInt(wholeNumberDigits(value) || '0') + BigInt(delta)
	return groupThousands((next < 0n ? 0n : next).toString())
}

// Text goes through the same rule as the inputs; an empty field becomes undefined (required), and a
// number too large to hold exactly is left for z.int() to reject.
export function wholeNumberFromText(value: unknown): unknown {
	if (typeof value !== 'string') return value
	const digits = wholeNumberDigits(value)
	return digits === '' ? undefined : Number(digits)
}
