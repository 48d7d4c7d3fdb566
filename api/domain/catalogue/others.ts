import { PERIOD_VALUES } from '../../contract/periods.ts'
import { PRODUCT_IDS } from '../../contract/product-ids.ts'
import { DECLARED_VALUE } from '../../contract/quote-options.ts'
import { breakdownActivation, breakdownClassField, declaredValueField, packageClassField, periodField, shipmentsField } from './fields.ts'
import { PROVIDERS } from './providers.ts'
import type { Product } from '../../contract/catalogue.ts'

export const OTHER_PRODUCTS: Product[] = [
	{
		id: PRODUCT_IDS.breakdown,
		slug: 'breakdown',
		name: 'Roadside Breakdown Cover',
		category: 'others',
		provider: PROVIDERS.harbour,
		description: 'Help at the roadside, day and night, when your vehicle will not go.',
		benefits: [
			'Towing to the nearest repairer or home',
			'A jump-start for a flat battery',
			'A tyre change with your spare',
			'Fuel brought to you when you run dry (you pay for the fuel)',
			'Help when you are locked out',
		],
		exclusions: [
			'Breakdowns after an accident: claim on your motor policy',
			'Parts, and repairs beyond what can be done at the roadside',
			'Vehicles used for racing, or off the road',
		],
		claim_limits: [
			{ label: 'Towing, per call-out', amount: 50_000 },
			{ label: 'Labour at the roadside, per call-out', amount: 15_000 },
		],
		incident_types: ['breakdown_call_out'],
		plan_types: [],
		periods: PERIOD_VALUES,
		activation: breakdownActivation,
		purchase_fields: [breakdownClassField, periodField(PERIOD_VALUES)],
	},
	{
		id: PRODUCT_IDS.delivery,
		slug: 'delivery-cover',
		name: 'Delivery Cover',
		category: 'others',
		provider: PROVIDERS.palmline,
		description: 'Goods you send by courier or dispatch rider, against loss, theft and damage in transit.',
		benefits: ['Loss of a shipment in transit', 'Theft from the rider or the vehicle', 'Damage in transit, repaired or paid'],
		exclusions: [
			'Poor packing',
			'Cash, jewellery and documents of title, unless sent as high value',
			'Perishable food',
			'Delay without loss or damage',
		],
		claim_limits: [
			{ label: 'Documents, per shipment', amount: 50_000 },
			{ label: 'Parcel, per shipment', amount: 300_000 },
			{ label: 'Fragile, per shipment', amount: 500_000 },
			{ label: 'High value, per shipment (up to its declared value)', amount: DECLARED_VALUE.max },
		],
		incident_types: ['lost_shipment', 'damaged_shipment'],
		plan_types: [],
		periods: PERIOD_VALUES,
		activation: null,
		purchase_fields: [packageClassField, shipmentsField, declaredValueField, periodField(PERIOD_VALUES)],
	},
]
