import { z } from 'zod'
import { PERIOD_LABELS, type Period } from '../../contract/periods.ts'
import { PRODUCT_IDS, type HealthProductId, type ProductId, type TravelProductId } from '../../contract/product-ids.ts'
import {
	BREAKDOWN_CLASS_VALUES,
	DECLARED_VALUE,
	FAMILY_MEMBERS,
	GADGET_TYPE_VALUES,
	GADGET_VALUE,
	LAPTOP_VALUE,
	MEMBERS,
	PACKAGE_CLASS_VALUES,
	SHIPMENTS_PER_MONTH,
	TRAVEL_ZONE_VALUES,
	TRAVELLER_AGE,
	TRIP_DAYS,
	VEHICLE_CLASS_VALUES,
	VEHICLE_VALUE,
	type PlanType,
	type Range,
} from '../../contract/quote-options.ts'
import { PurchaseTerms } from '../../contract/purchases.ts'
import { productById } from './index.ts'

// The body of POST /products/compute-price: { product_id, ...the product's fields }. Each product's
// fields are the fields of its purchase form in the catalogue (beside this file), which a test keeps
// in step. Numbers come as JSON numbers or as the text a form posts ('₦4,500,000', '12'). The schemas
// read the catalogue, so they live in the domain; the answer, Quote, is in api/contract/quotes.ts.

export const PRODUCT_MESSAGE = 'Choose a product from the catalogue.'
const BODY_MESSAGE = 'Send the product_id and the fields of its quote.'

// Form text to a number: '₦4,500,000' -> 4500000, '' -> undefined (missing), 'abc' -> NaN (rejected).
function numberFromInput(value: unknown): unknown {
	if (typeof value !== 'string') return value
	const text = value
		.trim()
		.replace(/^(?:₦|NGN|N)\s*/i, '')
		.replace(/[,\s]/g, '')
	if (text === '') return undefined
	return /^\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN
}

type NumberMessages = {
	/** Missing, or not a number. */
	invalid: string
	/** Has a fraction. */
	whole?: string
	tooSmall?: string
	tooBig?: string
}

function wholeNumber(range: Range, m: NumberMessages) {
	return z
		.number({ error: m.invalid })
		.max(range.max, { error: m.tooBig ?? m.invalid, abort: true })
		.min(range.min, { error: m.tooSmall ?? m.invalid, abort: true })
		.int({ error: m.whole ?? m.invalid })
}

const required = (range: Range, m: NumberMessages) => z.preprocess(numberFromInput, wholeNumber(range, m))
const optional = (range: Range, m: NumberMessages) => z.preprocess(numberFromInput, wholeNumber(range, m).optional())

const choice = <V extends string>(values: readonly [V, ...V[]], message: string) => z.enum(values, { error: message })

/** ['annual', 'monthly'] -> 'annual or monthly'; three or more -> 'a, b or c'. */
function orList(words: readonly string[]): string {
	return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`
}

function periodOf(periods: readonly Period[]) {
	const message = `Choose a cover period: ${orList(periods.map((p) => PERIOD_LABELS[p].toLowerCase()))}.`
	return choice(periods as [Period, ...Period[]], message)
}

const periodsOf = (id: ProductId) => periodOf(productById(id).periods)

const vehicleClass = choice(VEHICLE_CLASS_VALUES, 'Choose the class of the vehicle.')
const vehicleValue = required(VEHICLE_VALUE, {
	invalid: 'Enter the value of the vehicle in Naira, like ₦4,500,000.',
	whole: 'Enter the value of the vehicle in whole Naira, without kobo.',
	tooSmall: 'We cover vehicles worth at least ₦200,000.',
	tooBig: 'For a vehicle worth more than ₦200,000,000, contact us for a quote.',
})

const gadgetValue = required(GADGET_VALUE, {
	invalid: 'Enter the value of the device in Naira, like ₦450,000.',
	whole: 'Enter the value of the device in whole Naira, without kobo.',
	tooSmall: 'We cover devices worth at least ₦20,000.',
	tooBig: 'We cover devices worth up to ₦3,000,000.',
})

const laptopValue = required(LAPTOP_VALUE, {
	invalid: 'Enter the value of the laptop in Naira, like ₦850,000.',
	whole: 'Enter the value of the laptop in whole Naira, without kobo.',
	tooSmall: 'We cover laptops worth at least ₦50,000.',
	tooBig: 'We cover laptops worth up to ₦5,000,000.',
})

function travelSchema<Id extends TravelProductId>(id: Id) {
	return z.object({
		product_id: z.literal(id),
		destination_zone: choice(TRAVEL_ZONE_VALUES, 'Choose where you are going.'),
		days: required(TRIP_DAYS, {
			invalid: 'Enter the length of the trip in whole days, from 1 to 180.',
			tooBig: 'We cover trips of up to 180 days.',
		}),
		age: required(TRAVELLER_AGE, {
			invalid: "Enter the traveller's age in whole years, like 30.",
			tooBig: 'We cover travellers aged up to 85.',
		}),
	})
}

export const FAMILY_MESSAGE = 'A family plan covers 2 to 6 people: the principal member and up to 5 dependants.'

function healthSchema<Id extends HealthProductId>(id: Id) {
	const { plan_types, periods } = productById(id)
	return z
		.object({
			product_id: z.literal(id),
			plan_type: choice(plan_types as [PlanType, ...PlanType[]], `Choose a plan type: ${orList(plan_types)}.`),
			members: required(MEMBERS, { invalid: 'Enter the number of people to cover, from 1 to 10,000.' }),
			period: periodOf(periods),
		})
		.superRefine((quote, ctx) => {
			if (quote.plan_type === 'family' && (quote.members < FAMILY_MEMBERS.min || quote.members > FAMILY_MEMBERS.max)) {
				ctx.addIssue({ code: 'custom', path: ['members'], message: FAMILY_MESSAGE })
			}
		})
}

const DECLARED_VALUE_MESSAGE = 'Enter the declared value of each shipment in Naira, like ₦750,000.'

/** Each product's quote fields, by product id. */
export const QUOTE_SCHEMAS = {
	[PRODUCT_IDS.thirdParty]: z.object({ product_id: z.literal(PRODUCT_IDS.thirdParty), vehicle_class: vehicleClass }),
	[PRODUCT_IDS.comprehensive]: z.object({
		product_id: z.literal(PRODUCT_IDS.comprehensive),
		vehicle_class: vehicleClass,
		vehicle_value: vehicleValue,
	}),
	[PRODUCT_IDS.miniComprehensive]: z.object({ product_id: z.literal(PRODUCT_IDS.miniComprehensive), vehicle_value: vehicleValue }),
	[PRODUCT_IDS.monthlyComprehensive]: z.object({
		product_id: z.literal(PRODUCT_IDS.monthlyComprehensive),
		vehicle_value: vehicleValue,
	}),
	[PRODUCT_IDS.gadget]: z.object({
		product_id: z.literal(PRODUCT_IDS.gadget),
		gadget_type: choice(GADGET_TYPE_VALUES, 'Choose the kind of device.'),
		device_value: gadgetValue,
		period: periodsOf(PRODUCT_IDS.gadget),
	}),
	[PRODUCT_IDS.laptop]: z.object({
		product_id: z.literal(PRODUCT_IDS.laptop),
		device_value: laptopValue,
		period: periodsOf(PRODUCT_IDS.laptop),
	}),
	[PRODUCT_IDS.travelHarbour]: travelSchema(PRODUCT_IDS.travelHarbour),
	[PRODUCT_IDS.travelCrestwave]: travelSchema(PRODUCT_IDS.travelCrestwave),
	[PRODUCT_IDS.zencarePlus]: healthSchema(PRODUCT_IDS.zencarePlus),
	[PRODUCT_IDS.zencareHygeia]: healthSchema(PRODUCT_IDS.zencareHygeia),
	[PRODUCT_IDS.zencarePrime]: healthSchema(PRODUCT_IDS.zencarePrime),
	[PRODUCT_IDS.seniorCitizen]: healthSchema(PRODUCT_IDS.seniorCitizen),
	[PRODUCT_IDS.plusSenior]: healthSchema(PRODUCT_IDS.plusSenior),
	[PRODUCT_IDS.flexicareSavanna]: healthSchema(PRODUCT_IDS.flexicareSavanna),
	[PRODUCT_IDS.zencareSavanna]: healthSchema(PRODUCT_IDS.zencareSavanna),
	[PRODUCT_IDS.primecareSavanna]: healthSchema(PRODUCT_IDS.primecareSavanna),
	[PRODUCT_IDS.flexicareKestrel]: healthSchema(PRODUCT_IDS.flexicareKestrel),
	[PRODUCT_IDS.zencareKestrel]: healthSchema(PRODUCT_IDS.zencareKestrel),
	[PRODUCT_IDS.primecareKestrel]: healthSchema(PRODUCT_IDS.primecareKestrel),
	[PRODUCT_IDS.breakdown]: z.object({
		product_id: z.literal(PRODUCT_IDS.breakdown),
		vehicle_class: choice(BREAKDOWN_CLASS_VALUES, 'Choose the kind of vehicle.'),
		period: periodsOf(PRODUCT_IDS.breakdown),
	}),
	[PRODUCT_IDS.delivery]: z
		.object({
			product_id: z.literal(PRODUCT_IDS.delivery),
			package_class: choice(PACKAGE_CLASS_VALUES, 'Choose what you send.'),
			shipments_per_month: required(SHIPMENTS_PER_MONTH, {
				invalid: 'Enter how many shipments you send a month, from 1 to 10,000.',
			}),
			declared_value: optional(DECLARED_VALUE, {
				invalid: DECLARED_VALUE_MESSAGE,
				whole: 'Enter the declared value in whole Naira, without kobo.',
				tooSmall: 'A high-value shipment is worth at least ₦100,000: send it as a parcel or fragile.',
				tooBig: 'We cover shipments worth up to ₦5,000,000 each.',
			}),
			period: periodsOf(PRODUCT_IDS.delivery),
		})
		.superRefine((quote, ctx) => {
			if (quote.package_class === 'high_value' && quote.declared_value === undefined) {
				ctx.addIssue({ code: 'custom', path: ['declared_value'], message: DECLARED_VALUE_MESSAGE })
			}
		}),
} satisfies Record<ProductId, z.ZodObject>

type QuoteSchemas = typeof QUOTE_SCHEMAS

/** The validated fields of one product's quote: QuoteInputOf<1> is a third-party quote. */
export type QuoteInputOf<Id extends ProductId> = z.output<QuoteSchemas[Id]>
export type QuoteInput = QuoteInputOf<ProductId>

// A form posts product_id as text.
function productIdFromInput(body: unknown): unknown {
	if (typeof body !== 'object' || body === null || !('product_id' in body)) return body
	const id = body.product_id
	return typeof id === 'string' && /^\d+$/.test(id.trim()) ? { ...body, product_id: Number(id) } : body
}

const quoteOptions = Object.values(QUOTE_SCHEMAS) as [QuoteSchemas[ProductId], ...QuoteSchemas[ProductId][]]

/** POST /products/compute-price: the product's fields, checked by the product's schema. */
export const QuoteBody = z.preprocess(
	productIdFromInput,
	z.discriminatedUnion('product_id', quoteOptions, {
		error: (issue) => (issue.code === 'invalid_union' ? PRODUCT_MESSAGE : issue.code === 'invalid_type' ? BODY_MESSAGE : undefined),
	}),
)

/** POST /purchases: the quote's fields and the contract's PurchaseTerms, every problem of both reported. */
export const PurchaseBody = z.unknown().transform((value, ctx) => {
	const quote = QuoteBody.safeParse(value)
	const terms = PurchaseTerms.safeParse(value)
	for (const issue of [...(quote.error?.issues ?? []), ...(terms.error?.issues ?? [])]) {
		ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
	}
	if (!quote.success || !terms.success) return z.NEVER
	return { quote: quote.data, ...terms.data }
})
