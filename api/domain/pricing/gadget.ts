import { periodMonths, type Period } from '../../contract/periods.ts'
import type { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { GADGET_TYPES, optionLabel, type GadgetType } from '../../contract/quote-options.ts'
import type { Quote, QuoteLine } from '../../contract/quotes.ts'
import type { QuoteInputOf } from '../catalogue/quotes.ts'
import { BASIS_POINTS, makeQuote, monthsText, percentText, roundHalfUp } from './rounding.ts'

export type DeviceRate = { readonly rateBp: number; readonly minimumYearly: number }

/** A year, as a share of the device's value, with a minimum premium a year. */
export const GADGET_RATES: Record<GadgetType, DeviceRate> = {
	phone: { rateBp: 600, minimumYearly: 3_000 },
	tablet: { rateBp: 500, minimumYearly: 2_500 },
	smartwatch: { rateBp: 500, minimumYearly: 2_000 },
}

export const LAPTOP_RATE: DeviceRate = { rateBp: 400, minimumYearly: 5_000 }

// The yearly premium (the rate's share, or the minimum) times the period's share of the year,
// rounded once.
function deviceLine(name: string, rate: DeviceRate, deviceValue: number, period: Period): QuoteLine {
	const share = deviceValue * rate.rateBp
	const minimum = rate.minimumYearly * BASIS_POINTS
	const yearly = Math.max(share, minimum)
	const months = periodMonths(period)
	const basis = share >= minimum ? `${percentText(rate.rateBp)} of the device's value a year` : 'minimum premium a year'
	return { label: `${name}: ${basis}, for ${monthsText(months)}`, amount: roundHalfUp(yearly * months, BASIS_POINTS * 12) }
}

export function gadgetQuote(input: QuoteInputOf<typeof PRODUCT_IDS.gadget>): Quote {
	const name = optionLabel(GADGET_TYPES, input.gadget_type)
	return makeQuote(input.product_id, input.period, [deviceLine(name, GADGET_RATES[input.gadget_type], input.device_value, input.period)])
}

export function laptopQuote(input: QuoteInputOf<typeof PRODUCT_IDS.laptop>): Quote {
	return makeQuote(input.product_id, input.period, [deviceLine('Laptop', LAPTOP_RATE, input.device_value, input.period)])
}
