// The product ids of spec section 9, plus the ids decided in docs/decisions/013-pricing.md for the
// health plans of ids 28 to 39 and for breakdown and delivery cover, which stay outside that range
// (docs/decisions/026-product-ids.md). Free of zod: the portal may import it.
export const PRODUCT_IDS = {
	thirdParty: 1,
	comprehensive: 2,
	miniComprehensive: 4,
	gadget: 5,
	travelHarbour: 6,
	monthlyComprehensive: 14,
	zencarePlus: 16,
	zencareHygeia: 17,
	zencarePrime: 18,
	seniorCitizen: 22,
	plusSenior: 24,
	travelCrestwave: 29,
	laptop: 30,
	flexicareSavanna: 31,
	zencareSavanna: 32,
	primecareSavanna: 33,
	flexicareKestrel: 34,
	zencareKestrel: 35,
	primecareKestrel: 36,
	breakdown: 40,
	delivery: 41,
} as const

export type ProductKey = keyof typeof PRODUCT_IDS
export type ProductId = (typeof PRODUCT_IDS)[ProductKey]

export const HEALTH_PRODUCT_IDS = [
	PRODUCT_IDS.zencarePlus,
	PRODUCT_IDS.zencareHygeia,
	PRODUCT_IDS.zencarePrime,
	PRODUCT_IDS.seniorCitizen,
	PRODUCT_IDS.plusSenior,
	PRODUCT_IDS.flexicareSavanna,
	PRODUCT_IDS.zencareSavanna,
	PRODUCT_IDS.primecareSavanna,
	PRODUCT_IDS.flexicareKestrel,
	PRODUCT_IDS.zencareKestrel,
	PRODUCT_IDS.primecareKestrel,
] as const
export type HealthProductId = (typeof HEALTH_PRODUCT_IDS)[number]

export const TRAVEL_PRODUCT_IDS = [PRODUCT_IDS.travelHarbour, PRODUCT_IDS.travelCrestwave] as const
export type TravelProductId = (typeof TRAVEL_PRODUCT_IDS)[number]

export const ALL_PRODUCT_IDS = Object.values(PRODUCT_IDS) as ProductId[]

/** Narrows a number from a URL or a body to a catalogued product id. */
export function isProductId(value: unknown): value is ProductId {
	return typeof value === 'number' && (ALL_PRODUCT_IDS as number[]).includes(value)
}
