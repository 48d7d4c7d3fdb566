import { periodMonths } from '../../contract/periods.ts'
import { PRODUCT_IDS, type HealthProductId } from '../../contract/product-ids.ts'
import type { Quote, QuoteLine } from '../../contract/quotes.ts'
import type { QuoteInputOf } from '../catalogue/quotes.ts'
import { makeQuote, monthsText, roundHalfUp } from './rounding.ts'

/** Each plan's premium per person per month, in Naira. */
export const HEALTH_MONTHLY_RATES: Record<HealthProductId, number> = {
	[PRODUCT_IDS.flexicareSavanna]: 3_500,
	[PRODUCT_IDS.flexicareKestrel]: 3_800,
	[PRODUCT_IDS.zencareSavanna]: 7_500,
	[PRODUCT_IDS.zencareKestrel]: 8_000,
	[PRODUCT_IDS.zencareHygeia]: 9_000,
	[PRODUCT_IDS.zencarePlus]: 10_500,
	[PRODUCT_IDS.zencarePrime]: 13_500,
	[PRODUCT_IDS.primecareSavanna]: 15_000,
	[PRODUCT_IDS.primecareKestrel]: 16_000,
	[PRODUCT_IDS.seniorCitizen]: 18_000,
	[PRODUCT_IDS.plusSenior]: 27_000,
}

/** A family plan counts its members at the plan's rate, less this discount on that line. */
export const FAMILY_DISCOUNT_PERCENT = 10

const people = (n: number) => (n === 1 ? '1 person' : `${n} people`)

/** Rate x members x months; a family plan then takes its discount off that line. */
export function healthQuote(input: QuoteInputOf<HealthProductId>): Quote {
	const months = periodMonths(input.period)
	const cover = HEALTH_MONTHLY_RATES[input.product_id] * input.members * months
	const plan = input.plan_type === 'family' ? 'Family plan' : 'Standard plan'
	const lines: QuoteLine[] = [{ label: `${plan}: ${people(input.members)} for ${monthsText(months)}`, amount: cover }]
	if (input.plan_type === 'family') {
		lines.push({ label: `Family discount: ${FAMILY_DISCOUNT_PERCENT}%`, amount: -roundHalfUp(cover * FAMILY_DISCOUNT_PERCENT, 100) })
	}
	return makeQuote(input.product_id, input.period, lines)
}
