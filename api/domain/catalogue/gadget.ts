import { PERIOD_VALUES } from '../../contract/periods.ts'
import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { GADGET_VALUE, LAPTOP_VALUE } from '../../contract/quote-options.ts'
import { deviceActivation, gadgetTypeField, gadgetValueField, laptopValueField, periodField } from './fields.ts'
import { PROVIDERS } from './providers.ts'
import type { IncidentType, Product } from '../../contract/catalogue.ts'

const incidentTypes: IncidentType[] = ['screen_damage', 'liquid_damage', 'theft', 'burglary']

const exclusions = [
	'Losing or misplacing the device without signs of theft',
	'Scratches and dents that do not stop it working',
	'Damage from repairs by anyone other than our approved technicians',
	'Batteries, chargers and other accessories',
]

export const GADGET_PRODUCTS: Product[] = [
	{
		id: PRODUCT_IDS.gadget,
		slug: 'gadget',
		name: 'Gadget Cover',
		category: 'gadget',
		provider: PROVIDERS.palmline,
		description: 'Phones, tablets and smartwatches against a broken screen, liquid, theft and burglary.',
		benefits: [
			'Screen repair or replacement',
			'Repair after liquid damage',
			'A like device after theft or burglary, reported to the police',
			'Repairs by approved technicians, with the device back in days',
		],
		exclusions,
		claim_limits: [{ label: 'Most we pay for one device (up to its declared value)', amount: GADGET_VALUE.max }],
		incident_types: incidentTypes,
		plan_types: [],
		periods: PERIOD_VALUES,
		activation: deviceActivation,
		purchase_fields: [gadgetTypeField, gadgetValueField, periodField(PERIOD_VALUES)],
	},
	{
		id: PRODUCT_IDS.laptop,
		slug: 'laptop-cover',
		name: 'Laptop Cover',
		category: 'gadget',
		provider: PROVIDERS.palmline,
		description: 'Laptops against a broken screen, liquid, theft and burglary, at home, at work and on the move.',
		benefits: [
			'Screen repair or replacement',
			'Repair after liquid damage, including the keyboard and board',
			'A like laptop after theft or burglary, reported to the police',
		],
		exclusions: [...exclusions, 'Data, software and their recovery'],
		claim_limits: [{ label: 'Most we pay for one laptop (up to its declared value)', amount: LAPTOP_VALUE.max }],
		incident_types: incidentTypes,
		plan_types: [],
		periods: PERIOD_VALUES,
		activation: deviceActivation,
		purchase_fields: [laptopValueField, periodField(PERIOD_VALUES)],
	},
]
