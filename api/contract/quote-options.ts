// The choices and limits a quote form offers, shared by the catalogue's form fields
// (api/domain/catalogue), the quote schemas (api/domain/catalogue/quotes.ts) and the pricing tables
// (api/domain/pricing). Free of zod: the portal may import it. Amounts are whole Naira.

export type Option<V extends string = string> = { readonly value: V; readonly label: string }

const values = <V extends string>(options: readonly Option<V>[]) => options.map((o) => o.value) as [V, ...V[]]

/** The classes of the NAICOM third-party tariff (circular NAICOM/DPR/CIR/46/2022). */
export const VEHICLE_CLASSES = [
	{ value: 'private_car', label: 'Private car' },
	{ value: 'own_goods', label: "Own goods vehicle (carries the owner's goods)" },
	{ value: 'staff_bus', label: 'Staff bus' },
	{ value: 'commercial_truck', label: 'Truck or general cartage' },
	{ value: 'special_type', label: 'Special type (tractor, forklift, crane)' },
	{ value: 'tricycle', label: 'Tricycle (keke)' },
	{ value: 'motorcycle', label: 'Motorcycle' },
] as const satisfies readonly Option[]
export type VehicleClass = (typeof VEHICLE_CLASSES)[number]['value']
export const VEHICLE_CLASS_VALUES = values(VEHICLE_CLASSES)

export const BREAKDOWN_CLASSES = [
	{ value: 'car', label: 'Car (saloon or hatchback)' },
	{ value: 'suv', label: 'SUV, pick-up or van' },
	{ value: 'bus', label: 'Bus' },
	{ value: 'truck', label: 'Truck' },
] as const satisfies readonly Option[]
export type BreakdownClass = (typeof BREAKDOWN_CLASSES)[number]['value']
export const BREAKDOWN_CLASS_VALUES = values(BREAKDOWN_CLASSES)

export const GADGET_TYPES = [
	{ value: 'phone', label: 'Phone' },
	{ value: 'tablet', label: 'Tablet' },
	{ value: 'smartwatch', label: 'Smartwatch' },
] as const satisfies readonly Option[]
export type GadgetType = (typeof GADGET_TYPES)[number]['value']
export const GADGET_TYPE_VALUES = values(GADGET_TYPES)

export const TRAVEL_ZONES = [
	{ value: 'africa', label: 'Africa' },
	{ value: 'europe', label: 'Schengen area and the rest of Europe' },
	{ value: 'worldwide', label: 'Worldwide, including the USA and Canada' },
] as const satisfies readonly Option[]
export type TravelZone = (typeof TRAVEL_ZONES)[number]['value']
export const TRAVEL_ZONE_VALUES = values(TRAVEL_ZONES)

export const PACKAGE_CLASSES = [
	{ value: 'documents', label: 'Documents' },
	{ value: 'parcel', label: 'Parcel' },
	{ value: 'fragile', label: 'Fragile (glass, electronics, ceramics)' },
	{ value: 'high_value', label: 'High value (priced on its declared value)' },
] as const satisfies readonly Option[]
export type PackageClass = (typeof PACKAGE_CLASSES)[number]['value']
export const PACKAGE_CLASS_VALUES = values(PACKAGE_CLASSES)

/** Health plan types (spec section 1): one person, or a principal member with dependants. */
export const PLAN_TYPES = [
	{ value: 'standard', label: 'Standard (one person each)' },
	{ value: 'family', label: 'Family (principal member and dependants)' },
] as const satisfies readonly Option[]
export type PlanType = (typeof PLAN_TYPES)[number]['value']

/** Inclusive bounds of a quote's numeric fields. */
export type Range = { readonly min: number; readonly max: number }

export const VEHICLE_VALUE = { min: 200_000, max: 200_000_000 } as const satisfies Range
export const GADGET_VALUE = { min: 20_000, max: 3_000_000 } as const satisfies Range
export const LAPTOP_VALUE = { min: 50_000, max: 5_000_000 } as const satisfies Range
export const TRIP_DAYS = { min: 1, max: 180 } as const satisfies Range
export const TRAVELLER_AGE = { min: 0, max: 85 } as const satisfies Range
/** Standard plans: one person each, so a business can quote for all its staff at once. */
export const MEMBERS = { min: 1, max: 10_000 } as const satisfies Range
/** A family plan: the principal member and up to five dependants. */
export const FAMILY_MEMBERS = { min: 2, max: 6 } as const satisfies Range
export const SHIPMENTS_PER_MONTH = { min: 1, max: 10_000 } as const satisfies Range
export const DECLARED_VALUE = { min: 100_000, max: 5_000_000 } as const satisfies Range

/** The label of a value of an option list: optionLabel(VEHICLE_CLASSES, 'tricycle') -> 'Tricycle (keke)'. */
export function optionLabel<V extends string>(options: readonly Option<V>[], value: V): string {
	const option = options.find((o) => o.value === value)
	if (!option) throw new RangeError(`Not an option: ${value}`)
	return option.label
}
