import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import type { Quote } from '../../contract/quotes.ts'
import type { QuoteInput } from '../catalogue/quotes.ts'
import { gadgetQuote, laptopQuote } from './gadget.ts'
import { healthQuote } from './health.ts'
import { comprehensiveQuote, miniComprehensiveQuote, monthlyComprehensiveQuote, thirdPartyQuote } from './motor.ts'
import { breakdownQuote, deliveryQuote } from './others.ts'
import { travelQuote } from './travel.ts'

export { roundHalfUp } from './rounding.ts'

/**
 * The quote of a validated input (QuoteBody of api/domain/catalogue/quotes.ts): one pricing rule per
 * product, chosen by product_id. The rules are in docs/decisions/013-pricing.md.
 */
export function computeQuote(input: QuoteInput): Quote {
	switch (input.product_id) {
		case PRODUCT_IDS.thirdParty:
			return thirdPartyQuote(input)
		case PRODUCT_IDS.comprehensive:
			return comprehensiveQuote(input)
		case PRODUCT_IDS.miniComprehensive:
			return miniComprehensiveQuote(input)
		case PRODUCT_IDS.monthlyComprehensive:
			return monthlyComprehensiveQuote(input)
		case PRODUCT_IDS.gadget:
			return gadgetQuote(input)
		case PRODUCT_IDS.laptop:
			return laptopQuote(input)
		case PRODUCT_IDS.travelHarbour:
		case PRODUCT_IDS.travelCrestwave:
			return travelQuote(input)
		case PRODUCT_IDS.zencarePlus:
		case PRODUCT_IDS.zencareHygeia:
		case PRODUCT_IDS.zencarePrime:
		case PRODUCT_IDS.seniorCitizen:
		case PRODUCT_IDS.plusSenior:
		case PRODUCT_IDS.flexicareSavanna:
		case PRODUCT_IDS.zencareSavanna:
		case PRODUCT_IDS.primecareSavanna:
		case PRODUCT_IDS.flexicareKestrel:
		case PRODUCT_IDS.zencareKestrel:
		case PRODUCT_IDS.primecareKestrel:
			return healthQuote(input)
		case PRODUCT_IDS.breakdown:
			return breakdownQuote(input)
		case PRODUCT_IDS.delivery:
			return deliveryQuote(input)
		default:
			return unpriced(input)
	}
}

// A product added to PRODUCT_IDS without a rule fails the type check here.
function unpriced(input: never): never {
	throw new RangeError(`No pricing rule for product ${(input as { product_id: unknown }).product_id}`)
}
