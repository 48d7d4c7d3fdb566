import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { destinationZoneField, travelActivation, travellerAgeField, tripDaysField } from './fields.ts'
import { PROVIDERS } from './providers.ts'
import type { FormField, IncidentType, Product } from '../../contract/catalogue.ts'

// One trip per policy, so travel has no cover period: the quote's period is null.

const incidentTypes: IncidentType[] = ['medical_emergency', 'lost_baggage', 'lost_passport', 'trip_cancellation']

const benefits = [
	'Emergency medical treatment abroad, and evacuation or repatriation',
	'Lost or delayed checked-in baggage',
	'A replacement for a lost or stolen passport',
	'Costs you cannot recover when a trip is cancelled or cut short',
	'Accepted for Schengen visa applications',
]

const exclusions = [
	'Conditions you knew of before you left, unless declared and accepted',
	'Travel against medical advice, or to seek treatment',
	'Cosmetic treatment and routine check-ups',
	'Dangerous sports unless declared',
]

const purchaseFields: FormField[] = [destinationZoneField, tripDaysField, travellerAgeField]

export const TRAVEL_PRODUCTS: Product[] = [
	{
		id: PRODUCT_IDS.travelHarbour,
		slug: 'travel-harbour',
		name: 'Harbour Travel Cover',
		category: 'travel',
		provider: PROVIDERS.harbour,
		description: 'Single-trip travel cover for Africa, Europe and the world, for travellers up to 85.',
		benefits,
		exclusions,
		claim_limits: [
			{ label: 'Emergency medical expenses', amount: 60_000_000 },
			{ label: 'Evacuation and repatriation', amount: 30_000_000 },
			{ label: 'Trip cancelled or cut short', amount: 1_000_000 },
			{ label: 'Lost or delayed baggage', amount: 800_000 },
			{ label: 'Lost passport', amount: 150_000 },
		],
		incident_types: incidentTypes,
		plan_types: [],
		periods: [],
		activation: travelActivation,
		purchase_fields: purchaseFields,
	},
	{
		id: PRODUCT_IDS.travelCrestwave,
		slug: 'travel-crestwave',
		name: 'Crestwave Travel Cover',
		category: 'travel',
		provider: PROVIDERS.crestwave,
		description: 'Single-trip travel cover with higher medical limits, for travellers up to 85.',
		benefits,
		exclusions,
		claim_limits: [
			{ label: 'Emergency medical expenses', amount: 75_000_000 },
			{ label: 'Evacuation and repatriation', amount: 35_000_000 },
			{ label: 'Trip cancelled or cut short', amount: 1_200_000 },
			{ label: 'Lost or delayed baggage', amount: 600_000 },
			{ label: 'Lost passport', amount: 200_000 },
		],
		incident_types: incidentTypes,
		plan_types: [],
		periods: [],
		activation: travelActivation,
		purchase_fields: purchaseFields,
	},
]
