import { periodMonths } from '../../contract/periods.ts'
import type { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { BREAKDOWN_CLASSES, PACKAGE_CLASSES, optionLabel, type BreakdownClass, type PackageClass } from '../../contract/quote-options.ts'
import type { Quote } from '../../contract/quotes.ts'
import type { QuoteInputOf } from '../catalogue/quotes.ts'
import { BASIS_POINTS, makeQuote, monthsText, percentText, roundHalfUp } from './rounding.ts'

/** Roadside breakdown cover, per vehicle per month. */
export const BREAKDOWN_MONTHLY_RATES: Record<BreakdownClass, number> = {
	car: 1_500,
	suv: 2_000,
	bus: 3_000,
	truck: 6_000,
}

/** Delivery cover per shipment: a flat premium by package class. */
export const DELIVERY_RATES: Record<Exclude<PackageClass, 'high_value'>, number> = {
	documents: 150,
	parcel: 350,
	fragile: 700,
}

/** High-value shipments pay this share of their declared value each (₦1,500 at the smallest, ₦100,000). */
export const HIGH_VALUE_RATE_BP = 150

/** The class's monthly rate times the period's months. */
export function breakdownQuote(input: QuoteInputOf<typeof PRODUCT_IDS.breakdown>): Quote {
	const months = periodMonths(input.period)
	return makeQuote(input.product_id, input.period, [
		{
			label: `${optionLabel(BREAKDOWN_CLASSES, input.vehicle_class)}, breakdown cover: ${monthsText(months)}`,
			amount: BREAKDOWN_MONTHLY_RATES[input.vehicle_class] * months,
		},
	])
}

/** Premium per shipment x shipments a month x months, rounded once at the end of the line. */
export function deliveryQuote(input: QuoteInputOf<typeof PRODUCT_IDS.delivery>): Quote {
	const months = periodMonths(input.period)
	const shipments = input.shipments_per_month
	const volume = `${shipments} ${shipments === 1 ? 'shipment' : 'shipments'} a month for ${monthsText(months)}`
	if (input.package_class !== 'high_value') {
		return makeQuote(input.product_id, input.period, [
			{
				label: `${optionLabel(PACKAGE_CLASSES, input.package_class)}: ${volume}`,
				amount: DELIVERY_RATES[input.package_class] * shipments * months,
			},
		])
	}
	const declared = input.declared_value
	if (declared === undefined) throw new RangeError('A high-value shipment needs its declared value')
	return makeQuote(input.product_id, input.period, [
		{
			label: `High value, ${percentText(HIGH_VALUE_RATE_BP)} of the declared value: ${volume}`,
			amount: roundHalfUp(declared * HIGH_VALUE_RATE_BP * shipments * months, BASIS_POINTS),
		},
	])
}
