import { PRODUCT_IDS, type TravelProductId } from '../../contract/product-ids.ts'
import { TRAVEL_ZONES, optionLabel, type TravelZone } from '../../contract/quote-options.ts'
import type { Quote, QuoteLine } from '../../contract/quotes.ts'
import type { QuoteInputOf } from '../catalogue/quotes.ts'
import { makeQuote, roundHalfUp } from './rounding.ts'

/** Trip lengths are priced in bands; each band ends at this many days (inclusive). */
export const TRIP_DAY_BANDS = [7, 15, 31, 62, 92, 180] as const

/** The premium of a single trip, per zone, one amount per band of TRIP_DAY_BANDS, for each insurer. */
export const TRAVEL_RATES: Record<TravelProductId, Record<TravelZone, readonly number[]>> = {
	[PRODUCT_IDS.travelHarbour]: {
		africa: [7_500, 11_000, 16_500, 27_000, 36_000, 60_000],
		europe: [15_000, 22_500, 33_000, 52_500, 70_000, 112_000],
		worldwide: [25_000, 37_500, 55_000, 87_500, 120_000, 190_000],
	},
	[PRODUCT_IDS.travelCrestwave]: {
		africa: [8_000, 12_000, 17_500, 28_500, 38_000, 63_000],
		europe: [14_000, 21_000, 31_500, 50_000, 67_500, 108_000],
		worldwide: [27_000, 40_000, 58_000, 92_000, 126_000, 198_000],
	},
}

/** Travellers from 65 pay a loading on the trip's premium; nobody above TRAVELLER_AGE.max is covered. */
export const SENIOR_LOADINGS = [
	{ from: 65, to: 74, percent: 50 },
	{ from: 75, to: 85, percent: 100 },
] as const

/** The band a trip of this many days falls in: 7 -> 0, 8 -> 1, 180 -> 5. */
export function dayBand(days: number): number {
	const band = TRIP_DAY_BANDS.findIndex((last) => days <= last)
	if (band === -1 || days < 1) throw new RangeError(`No band for a trip of ${days} days`)
	return band
}

function bandLabel(band: number): string {
	const first = band === 0 ? 1 : TRIP_DAY_BANDS[band - 1] + 1
	return `${first} to ${TRIP_DAY_BANDS[band]} days`
}

/** The zone's premium for the trip's band, then a senior loading on that line from age 65. */
export function travelQuote(input: QuoteInputOf<TravelProductId>): Quote {
	const band = dayBand(input.days)
	const premium = TRAVEL_RATES[input.product_id][input.destination_zone][band]
	const lines: QuoteLine[] = [{ label: `${optionLabel(TRAVEL_ZONES, input.destination_zone)}, ${bandLabel(band)}`, amount: premium }]
	const loading = SENIOR_LOADINGS.find((l) => input.age >= l.from && input.age <= l.to)
	if (loading) {
		lines.push({
			label: `Senior loading, aged ${loading.from} to ${loading.to}: ${loading.percent}%`,
			amount: roundHalfUp(premium * loading.percent, 100),
		})
	}
	return makeQuote(input.product_id, null, lines)
}
