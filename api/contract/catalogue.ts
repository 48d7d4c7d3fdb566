import type { Period } from './periods.ts'
import type { ProductId } from './product-ids.ts'
import type { Option, PlanType, Range } from './quote-options.ts'

/** Spec section 9. */
export const CATEGORIES = ['health', 'auto', 'gadget', 'travel', 'others'] as const
export type Category = (typeof CATEGORIES)[number]

export const CATEGORY_LABELS: Record<Category, string> = {
	health: 'Health',
	auto: 'Auto',
	gadget: 'Gadget',
	travel: 'Travel',
	others: 'Others',
}

/**
 * What a claim can be about. Health, auto and gadget are the spec's (section 9); travel, breakdown
 * and delivery are ours (docs/decisions/013-pricing.md).
 */
export const INCIDENT_TYPES = {
	virtual_consultation: 'Virtual consultation',
	hospital_visit: 'Hospital visit',
	stolen_vehicle: 'Stolen vehicle',
	accidental_damage: 'Accidental damage',
	personal_effects: 'Loss/damage of personal effect',
	screen_damage: 'Screen damage',
	liquid_damage: 'Liquid damage',
	theft: 'Theft',
	burglary: 'Burglary',
	medical_emergency: 'Medical emergency abroad',
	lost_baggage: 'Lost or delayed baggage',
	lost_passport: 'Lost passport',
	trip_cancellation: 'Trip cancelled or cut short',
	breakdown_call_out: 'Breakdown call-out',
	lost_shipment: 'Lost shipment',
	damaged_shipment: 'Damaged shipment',
} as const
export type IncidentType = keyof typeof INCIDENT_TYPES

/** How the portal renders a field and the API reads it. */
export type FieldKind = 'text' | 'number' | 'naira' | 'date' | 'select' | 'phone' | 'email'

type FieldBase = {
	/** The key in the form and in the request body. */
	readonly name: string
	readonly label: string
	readonly required: boolean
	readonly hint?: string
}

export type FormField =
	| (FieldBase & { readonly kind: 'text' | 'date' | 'phone' | 'email' })
	/** Whole numbers; `naira` ones are whole Naira. min and max are inclusive. */
	| (FieldBase & { readonly kind: 'number' | 'naira' } & Range)
	| (FieldBase & { readonly kind: 'select'; readonly options: readonly Option[] })

/** A file the customer uploads to activate a policy. */
export type ActivationDocument = {
	readonly name: string
	readonly label: string
	readonly hint: string
	/** Media types the upload accepts. */
	readonly accept: readonly string[]
}

/** What a policy needs after payment before cover starts. */
export type Activation = {
	readonly fields: readonly FormField[]
	readonly documents: readonly ActivationDocument[]
	/** The vehicle is inspected (the kit or /pre-inspection) before own-damage cover starts. */
	readonly inspection: boolean
}

export type ClaimLimit = { readonly label: string; readonly amount: number }

export type Product = {
	readonly id: ProductId
	readonly slug: string
	readonly name: string
	readonly category: Category
	/** The insurer or HMO that carries the risk (fictional names). */
	readonly provider: string
	readonly description: string
	readonly benefits: readonly string[]
	readonly exclusions: readonly string[]
	/** The most paid, in whole Naira. */
	readonly claim_limits: readonly ClaimLimit[]
	readonly incident_types: readonly IncidentType[]
	/** Health only; empty for the other lines. */
	readonly plan_types: readonly PlanType[]
	/** The cover periods offered, in offering order; empty for single-trip travel. */
	readonly periods: readonly Period[]
	/** Ages a member may have when cover starts (senior plans), checked at activation. */
	readonly member_age?: Range
	/** Null when cover starts on payment. */
	readonly activation: Activation | null
	/** The fields of the purchase form: exactly the fields of the product's quote (api/domain/catalogue/quotes.ts). */
	readonly purchase_fields: readonly FormField[]
}
