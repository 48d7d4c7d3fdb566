import { PERIOD_VALUES } from '../../contract/periods.ts'
import { PRODUCT_IDS, type HealthProductId } from '../../contract/product-ids.ts'
import type { PlanType, Range } from '../../contract/quote-options.ts'
import { healthActivation, membersField, periodField, planTypeField } from './fields.ts'
import { PROVIDERS } from './providers.ts'
import type { Product } from '../../contract/catalogue.ts'

// Health staff plans are for businesses with staff (spec section 1); individuals buy them too.
// Flexicare, zencare and primecare are each offered by two HMOs (ids 31 to 36).

const TIERS = {
	basic: [
		'Unlimited virtual consultations with a doctor',
		'Consultations and treatment of common illnesses at hospitals on the list',
		'Prescribed drugs and basic laboratory tests',
		'Immunisations for children',
	],
	standard: [
		'Hospital admission in a shared ward',
		'Specialist consultations on referral',
		'X-rays, ultrasound and other diagnostic scans',
	],
	premium: [
		'Hospital admission in a private ward',
		'Dental and eye care, including glasses every two years',
		'Maternity care and delivery',
		'A yearly health check',
	],
	senior: ['Care of long-term conditions such as hypertension and diabetes', 'A yearly health check', 'Physiotherapy on referral'],
} as const

const EXCLUSIONS = [
	'Cosmetic surgery and treatment',
	'Fertility treatment',
	'Injury from dangerous sports or self-harm',
	'Treatment outside the hospital list, except in an emergency',
	'Conditions existing before cover starts, during the first 3 months',
]

const SENIOR_AGE: Range = { min: 60, max: 85 }
const BOTH: PlanType[] = ['standard', 'family']

type Plan = {
	id: HealthProductId
	slug: string
	name: string
	provider: string
	description: string
	benefits: readonly string[]
	yearlyLimit: number
	admissionLimit: number
	planTypes?: PlanType[]
	memberAge?: Range
}

function healthPlan(plan: Plan): Product {
	const planTypes = plan.planTypes ?? BOTH
	return {
		id: plan.id,
		slug: plan.slug,
		name: plan.name,
		category: 'health',
		provider: plan.provider,
		description: plan.description,
		benefits: plan.benefits,
		exclusions: EXCLUSIONS,
		claim_limits: [
			{ label: 'All care, per person a year', amount: plan.yearlyLimit },
			{ label: 'Hospital admission, per person a year', amount: plan.admissionLimit },
		],
		incident_types: ['virtual_consultation', 'hospital_visit'],
		plan_types: planTypes,
		periods: PERIOD_VALUES,
		...(plan.memberAge ? { member_age: plan.memberAge } : {}),
		activation: healthActivation,
		purchase_fields: [planTypeField(planTypes), membersField, periodField(PERIOD_VALUES)],
	}
}

const flexicare = {
	benefits: TIERS.basic,
	description: 'Everyday care at a low monthly price: doctors online and at the clinic, drugs and tests.',
}
const zencare = {
	benefits: [...TIERS.basic, ...TIERS.standard],
	description: 'Everyday care plus hospital admission, specialists and scans.',
}
const primecare = {
	benefits: [...TIERS.basic, ...TIERS.standard, ...TIERS.premium],
	description: 'Our fullest cover: private wards, dental and eye care, and maternity.',
}

export const HEALTH_PRODUCTS: Product[] = [
	healthPlan({
		id: PRODUCT_IDS.zencarePlus,
		slug: 'zencare-plus',
		name: 'ZenCare Plus',
		provider: PROVIDERS.savanna,
		description: 'ZenCare with dental and eye care.',
		benefits: [...zencare.benefits, TIERS.premium[1]],
		yearlyLimit: 1_500_000,
		admissionLimit: 600_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.zencareHygeia,
		slug: 'zencare-hygeia',
		name: 'ZenCare Hygeia',
		provider: PROVIDERS.kestrel,
		description: 'ZenCare with a wider list of hospitals across the 36 states and the FCT.',
		benefits: zencare.benefits,
		yearlyLimit: 1_200_000,
		admissionLimit: 500_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.zencarePrime,
		slug: 'zencare-prime',
		name: 'ZenCare Prime',
		provider: PROVIDERS.savanna,
		description: 'ZenCare with private wards, dental and eye care.',
		benefits: [...zencare.benefits, TIERS.premium[0], TIERS.premium[1]],
		yearlyLimit: 2_000_000,
		admissionLimit: 800_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.seniorCitizen,
		slug: 'senior-citizen',
		name: 'Senior Citizen',
		provider: PROVIDERS.savanna,
		description: 'Health cover for people aged 60 to 85, with care of long-term conditions.',
		benefits: [...zencare.benefits, ...TIERS.senior],
		yearlyLimit: 1_500_000,
		admissionLimit: 700_000,
		planTypes: ['standard'],
		memberAge: SENIOR_AGE,
	}),
	healthPlan({
		id: PRODUCT_IDS.plusSenior,
		slug: 'plus-senior',
		name: 'Plus Senior',
		provider: PROVIDERS.savanna,
		description: 'Our fullest cover for people aged 60 to 85: private wards, specialists and long-term conditions.',
		benefits: [...zencare.benefits, TIERS.premium[0], TIERS.premium[1], ...TIERS.senior],
		yearlyLimit: 3_000_000,
		admissionLimit: 1_200_000,
		planTypes: ['standard'],
		memberAge: SENIOR_AGE,
	}),
	healthPlan({
		id: PRODUCT_IDS.flexicareSavanna,
		slug: 'flexicare-savanna',
		name: 'FlexiCare',
		provider: PROVIDERS.savanna,
		...flexicare,
		yearlyLimit: 400_000,
		admissionLimit: 150_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.zencareSavanna,
		slug: 'zencare-savanna',
		name: 'ZenCare',
		provider: PROVIDERS.savanna,
		...zencare,
		yearlyLimit: 1_000_000,
		admissionLimit: 400_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.primecareSavanna,
		slug: 'primecare-savanna',
		name: 'PrimeCare',
		provider: PROVIDERS.savanna,
		...primecare,
		yearlyLimit: 3_000_000,
		admissionLimit: 1_200_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.flexicareKestrel,
		slug: 'flexicare-kestrel',
		name: 'FlexiCare',
		provider: PROVIDERS.kestrel,
		...flexicare,
		yearlyLimit: 450_000,
		admissionLimit: 180_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.zencareKestrel,
		slug: 'zencare-kestrel',
		name: 'ZenCare',
		provider: PROVIDERS.kestrel,
		...zencare,
		yearlyLimit: 1_100_000,
		admissionLimit: 450_000,
	}),
	healthPlan({
		id: PRODUCT_IDS.primecareKestrel,
		slug: 'primecare-kestrel',
		name: 'PrimeCare',
		provider: PROVIDERS.kestrel,
		...primecare,
		yearlyLimit: 3_200_000,
		admissionLimit: 1_300_000,
	}),
]
