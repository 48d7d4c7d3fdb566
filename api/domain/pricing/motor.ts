import type { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { VEHICLE_CLASSES, optionLabel, type VehicleClass } from '../../contract/quote-options.ts'
import type { Quote } from '../../contract/quotes.ts'
import type { QuoteInputOf } from '../catalogue/quotes.ts'
import { BASIS_POINTS, makeQuote, monthsText, percentText, roundHalfUp } from './rounding.ts'

/**
 * NAICOM circular NAICOM/DPR/CIR/46/2022 ('New Premium Rates for Motor Insurance', 22 December
 * 2022, in force from 1 January 2023): the yearly third-party premium of each class and its
 * third-party property damage (TPPD) limit. Death and bodily injury of others are unlimited by law.
 */
export const THIRD_PARTY_TARIFF: Record<VehicleClass, { premium: number; propertyDamageLimit: number }> = {
	private_car: { premium: 15_000, propertyDamageLimit: 3_000_000 },
	own_goods: { premium: 20_000, propertyDamageLimit: 5_000_000 },
	staff_bus: { premium: 20_000, propertyDamageLimit: 3_000_000 },
	commercial_truck: { premium: 100_000, propertyDamageLimit: 5_000_000 },
	special_type: { premium: 20_000, propertyDamageLimit: 3_000_000 },
	tricycle: { premium: 5_000, propertyDamageLimit: 2_000_000 },
	motorcycle: { premium: 3_000, propertyDamageLimit: 1_000_000 },
}

/** The same circular: a comprehensive premium is never below 5% of the sum insured, after discounts. */
export const NAICOM_COMPREHENSIVE_FLOOR_BP = 500

/** Our yearly comprehensive rates: the NAICOM floor for private cars, more for vehicles that work. */
export const COMPREHENSIVE_RATES_BP: Record<VehicleClass, number> = {
	private_car: 500,
	own_goods: 600,
	staff_bus: 600,
	commercial_truck: 750,
	special_type: 750,
	tricycle: 1_000,
	motorcycle: 1_000,
}

/** Private cars: own damage, fire and theft up to the cover limit, with third party. Not bound by the 5% floor. */
export const MINI_COMPREHENSIVE = {
	rateBp: 250,
	coverLimit: 5_000_000,
	minimumPremium: THIRD_PARTY_TARIFF.private_car.premium,
} as const

/** Monthly comprehensive: a twelfth of the private-car comprehensive premium, plus this loading. */
export const MONTHLY_LOADING_PERCENT = 10

const classLabel = (vehicleClass: VehicleClass) => optionLabel(VEHICLE_CLASSES, vehicleClass)

// A yearly premium as a numerator over BASIS_POINTS: the rate's share of the value, or the minimum.
function yearlyNumerator(value: number, rateBp: number, minimumPremium: number) {
	const share = value * rateBp
	const minimum = minimumPremium * BASIS_POINTS
	return share >= minimum ? { numerator: share, minimum: false } : { numerator: minimum, minimum: true }
}

/** The NAICOM tariff of the class, a year. */
export function thirdPartyQuote(input: QuoteInputOf<typeof PRODUCT_IDS.thirdParty>): Quote {
	const { premium } = THIRD_PARTY_TARIFF[input.vehicle_class]
	return makeQuote(input.product_id, 'annual', [
		{ label: `${classLabel(input.vehicle_class)}, third party at the NAICOM tariff`, amount: premium },
	])
}

/** The class's rate of the vehicle's value a year, never below the class's third-party tariff. */
export function comprehensiveQuote(input: QuoteInputOf<typeof PRODUCT_IDS.comprehensive>): Quote {
	const rateBp = COMPREHENSIVE_RATES_BP[input.vehicle_class]
	const yearly = yearlyNumerator(input.vehicle_value, rateBp, THIRD_PARTY_TARIFF[input.vehicle_class].premium)
	const basis = yearly.minimum ? 'minimum premium (the third-party tariff)' : `${percentText(rateBp)} of the vehicle's value`
	return makeQuote(input.product_id, 'annual', [
		{ label: `${classLabel(input.vehicle_class)}, comprehensive: ${basis}`, amount: roundHalfUp(yearly.numerator, BASIS_POINTS) },
	])
}

/** 2.5% of the vehicle's value up to the ₦5,000,000 cover limit, at least ₦15,000, a year. */
export function miniComprehensiveQuote(input: QuoteInputOf<typeof PRODUCT_IDS.miniComprehensive>): Quote {
	const { rateBp, coverLimit, minimumPremium } = MINI_COMPREHENSIVE
	const capped = input.vehicle_value > coverLimit
	const yearly = yearlyNumerator(Math.min(input.vehicle_value, coverLimit), rateBp, minimumPremium)
	const basis = yearly.minimum ? 'minimum premium' : `${percentText(rateBp)} of ${capped ? 'the cover limit' : "the vehicle's value"}`
	return makeQuote(input.product_id, 'annual', [
		{ label: `${classLabel('private_car')}, mini comprehensive: ${basis}`, amount: roundHalfUp(yearly.numerator, BASIS_POINTS) },
	])
}

/** A twelfth of the private-car comprehensive premium, then the monthly loading on that line. */
export function monthlyComprehensiveQuote(input: QuoteInputOf<typeof PRODUCT_IDS.monthlyComprehensive>): Quote {
	const rateBp = COMPREHENSIVE_RATES_BP.private_car
	const yearly = yearlyNumerator(input.vehicle_value, rateBp, THIRD_PARTY_TARIFF.private_car.premium)
	const basis = yearly.minimum ? 'minimum premium' : `${percentText(rateBp)} of the vehicle's value`
	const month = roundHalfUp(yearly.numerator, BASIS_POINTS * 12)
	return makeQuote(input.product_id, 'monthly', [
		{ label: `${classLabel('private_car')}, comprehensive: ${basis} a year, for ${monthsText(1)}`, amount: month },
		{ label: `Monthly payment loading: ${MONTHLY_LOADING_PERCENT}%`, amount: roundHalfUp(month * MONTHLY_LOADING_PERCENT, 100) },
	])
}
