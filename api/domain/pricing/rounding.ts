import type { Period } from '../../contract/periods.ts'
import type { ProductId } from '../../contract/product-ids.ts'
import { ROUNDING, type Quote, type QuoteLine } from '../../contract/quotes.ts'

/** Rates are whole basis points so the arithmetic stays in integers: 500 is 5%. */
export const BASIS_POINTS = 10_000

/**
 * numerator / denominator to the nearest whole Naira, halves up: (45, 10) -> 5, (44, 10) -> 4.
 * Exact for any safe integers (BigInt inside, no float drift); numerator >= 0, denominator > 0.
 */
export function roundHalfUp(numerator: number, denominator = 1): number {
	if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`Not a non-negative whole amount: ${numerator}`)
	if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`Not a positive divisor: ${denominator}`)
	const n = BigInt(numerator)
	const d = BigInt(denominator)
	return Number((2n * n + d) / (2n * d))
}

/** 500 -> '5%', 750 -> '7.5%', 250 -> '2.5%', 1000 -> '10%'. */
export function percentText(basisPoints: number): string {
	return `${basisPoints / 100}%`
}

/** 1 -> '1 month', 3 -> '3 months'. */
export function monthsText(months: number): string {
	return months === 1 ? '1 month' : `${months} months`
}

/** Each line is rounded on its own; the total is the sum of the lines, so the lines always add up. */
export function makeQuote(product_id: ProductId, period: Period | null, lines: QuoteLine[]): Quote {
	for (const line of lines) {
		if (!Number.isSafeInteger(line.amount)) throw new RangeError(`A quote line is not whole Naira: ${line.label}`)
	}
	const total = lines.reduce((sum, line) => sum + line.amount, 0)
	return { product_id, total, lines, period, rounding: ROUNDING }
}
