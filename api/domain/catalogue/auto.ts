import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { VEHICLE_CLASSES } from '../../contract/quote-options.ts'
import { MINI_COMPREHENSIVE, THIRD_PARTY_TARIFF } from '../pricing/motor.ts'
import { autoActivation, vehicleClassField, vehicleValueField } from './fields.ts'
import { PROVIDERS } from './providers.ts'
import type { ClaimLimit, Product } from '../../contract/catalogue.ts'

// Auto customers are custodians (spec section 1); each policy has one.

const thirdPartyLimits: ClaimLimit[] = VEHICLE_CLASSES.map(({ value, label }) => ({
	label: `Damage to other people's property: ${label}`,
	amount: THIRD_PARTY_TARIFF[value].propertyDamageLimit,
}))

const PRIVATE_CAR_PROPERTY_DAMAGE = THIRD_PARTY_TARIFF.private_car.propertyDamageLimit

const comprehensiveBenefits = [
	'Accidental damage to your vehicle, repaired or paid up to its insured value',
	'Theft of the vehicle or its parts, and fire',
	'Injury to other people and damage to their property, as third-party cover does',
	'Loss of or damage to personal effects in the vehicle',
	'Medical expenses of the driver and passengers after an accident',
	'Towing to the nearest approved repairer after an accident',
]

const comprehensiveExclusions = [
	'Wear and tear, and mechanical or electrical breakdown',
	'Driving without a valid licence, or under the influence of alcohol or drugs',
	'Racing, or carrying passengers or goods for hire in a vehicle insured as private',
	'Theft from a vehicle left unlocked or with the key in it',
]

const comprehensiveLimits: ClaimLimit[] = [
	{ label: "Damage to other people's property", amount: 5_000_000 },
	{ label: 'Personal effects in the vehicle', amount: 100_000 },
	{ label: 'Medical expenses after an accident, per person', amount: 250_000 },
	{ label: 'Towing after an accident', amount: 50_000 },
]

export const AUTO_PRODUCTS: Product[] = [
	{
		id: PRODUCT_IDS.thirdParty,
		slug: 'third-party',
		name: 'Third Party Motor',
		category: 'auto',
		provider: PROVIDERS.harbour,
		description:
			'The cover the law requires for every vehicle on Nigerian roads: injury to other people and damage to their property, at the NAICOM tariff.',
		benefits: [
			'Death of or injury to other people, without limit, as the law requires',
			"Damage to other people's property, up to the limit of the vehicle's class",
			'A certificate of insurance to show at checkpoints',
		],
		exclusions: [
			'Damage to or theft of your own vehicle',
			'Driving without a valid licence, or under the influence of alcohol or drugs',
			'Carrying passengers or goods for hire in a vehicle insured as private',
		],
		claim_limits: thirdPartyLimits,
		incident_types: ['accidental_damage'],
		plan_types: [],
		periods: ['annual'],
		activation: autoActivation(false),
		purchase_fields: [vehicleClassField],
	},
	{
		id: PRODUCT_IDS.comprehensive,
		slug: 'comprehensive',
		name: 'Comprehensive Motor',
		category: 'auto',
		provider: PROVIDERS.harbour,
		description: 'Your own vehicle against accident, theft and fire, with third-party cover, for any class of vehicle.',
		benefits: comprehensiveBenefits,
		exclusions: comprehensiveExclusions,
		claim_limits: comprehensiveLimits,
		incident_types: ['stolen_vehicle', 'accidental_damage', 'personal_effects'],
		plan_types: [],
		periods: ['annual'],
		activation: autoActivation(true),
		purchase_fields: [vehicleClassField, vehicleValueField],
	},
	{
		id: PRODUCT_IDS.miniComprehensive,
		slug: 'mini-comprehensive',
		name: 'Mini Comprehensive Motor',
		category: 'auto',
		provider: PROVIDERS.harbour,
		description:
			'For private cars: third-party cover plus your own car against accident, fire and theft, up to a cover limit, for less than comprehensive.',
		benefits: [
			'Accidental damage to your car, fire and theft, up to the cover limit',
			'Injury to other people and damage to their property, as third-party cover does',
		],
		exclusions: [
			...comprehensiveExclusions,
			'Personal effects, medical expenses and towing',
			"Any part of the car's value above the cover limit",
		],
		claim_limits: [
			{ label: 'Damage to, fire or theft of your car', amount: MINI_COMPREHENSIVE.coverLimit },
			{ label: "Damage to other people's property", amount: PRIVATE_CAR_PROPERTY_DAMAGE },
		],
		incident_types: ['stolen_vehicle', 'accidental_damage'],
		plan_types: [],
		periods: ['annual'],
		activation: autoActivation(true),
		purchase_fields: [vehicleValueField],
	},
	{
		id: PRODUCT_IDS.monthlyComprehensive,
		slug: 'monthly-comprehensive',
		name: 'Monthly Comprehensive Motor',
		category: 'auto',
		provider: PROVIDERS.harbour,
		description: 'Comprehensive cover for a private car, paid month by month.',
		benefits: comprehensiveBenefits,
		exclusions: comprehensiveExclusions,
		claim_limits: comprehensiveLimits,
		incident_types: ['stolen_vehicle', 'accidental_damage', 'personal_effects'],
		plan_types: [],
		periods: ['monthly'],
		activation: autoActivation(true),
		purchase_fields: [vehicleValueField],
	},
]
