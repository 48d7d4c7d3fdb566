import { z } from 'zod'
import { INCIDENT_TYPES, type IncidentType } from './catalogue.ts'
import { Id } from './common.ts'
import { CLAIM_PAYOUT_STATUSES, CLAIM_STATUSES } from './statuses.ts'

// Claims, their desk and pre-inspections (docs/decisions/068 to 072).

/** Reasons a claim is declined, each with the words the customer reads. */
export const DECLINE_REASONS = {
	not_covered: 'The incident is not covered by the policy',
	excluded: 'An exclusion of the policy applies',
	outside_cover_period: 'The incident happened outside the cover period',
	insufficient_evidence: 'The documents and photos do not show the loss',
	pre_existing_damage: 'The damage was there before the cover started',
	fraud_suspected: 'The claim could not be verified',
	limit_exhausted: 'The limit of the policy is used up',
} as const
export type DeclineReason = keyof typeof DECLINE_REASONS
const DECLINE_REASON_VALUES = Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]]

/** A claim's post-loss photos. */
export const DAMAGE_PHOTOS = ['damage_1', 'damage_2', 'damage_3', 'damage_4', 'damage_5', 'damage_6'] as const

const INCIDENT_VALUES = Object.keys(INCIDENT_TYPES) as [IncidentType, ...IncidentType[]]
const Day = z
	.string({ error: 'Enter the date of the incident.' })
	.trim()
	.regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.')
	.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Enter a real date.')

/** Whole Naira from a form or JSON: "₦25,000", "25000" or 25000. */
export const ClaimAmount = z.union([z.number(), z.string()], { error: 'Enter the amount you are claiming.' }).transform((value, ctx) => {
	const text = typeof value === 'string' ? value.replace(/[₦,\s]/g, '') : String(value)
	const amount = /^\d+$/.test(text) ? Number(text) : Number.NaN
	if (!Number.isSafeInteger(amount) || amount < 1) {
		ctx.addIssue({ code: 'custom', message: 'Enter the amount in whole Naira, like 25000.' })
		return z.NEVER
	}
	return amount
})

export const ClaimDetailsBody = z.object({
	incident_type: z.enum(INCIDENT_VALUES, { error: 'Choose what happened.' }),
	incident_date: Day,
	place: z
		.string({ error: 'Enter where it happened.' })
		.trim()
		.min(2, 'Enter where it happened.')
		.max(200, 'Keep the place to 200 characters.'),
	description: z
		.string({ error: 'Describe what happened.' })
		.trim()
		.min(10, 'Describe what happened in at least 10 characters.')
		.max(2000, 'Keep the description to 2,000 characters.'),
	amount: ClaimAmount,
	/** A staff plan's member the claim is for; unset for the policy's own custodian or holder. */
	claimant_staff_id: Id.optional(),
})
export const CreateClaimBody = ClaimDetailsBody.extend({ policy_id: Id })

export const EstimateLine = z.object({
	kind: z.enum(['parts', 'labour', 'bill', 'other'], { error: 'Choose parts, labour, bill or other.' }),
	description: z.string({ error: 'Describe the line.' }).trim().min(2, 'Describe the line.').max(200, 'Keep each line to 200 characters.'),
	amount: ClaimAmount,
})
export type EstimateLine = z.infer<typeof EstimateLine>
export const EstimateBody = z.object({
	lines: z.array(EstimateLine).min(1, 'Add at least one line.').max(30, 'At most 30 lines.'),
})

export const OfferTerms = z.object({
	assessed: z.number().int(),
	parts_amount: z.number().int(),
	asset_age_years: z.number().int(),
	excess: z.number().int(),
	betterment: z.number().int(),
	payable: z.number().int(),
})
export type OfferTerms = z.infer<typeof OfferTerms>

/** The bank account a claim is paid into, its name as the bank resolved it and the claimant confirmed. */
export const PayoutBank = z.object({ bank_code: z.string(), bank_name: z.string(), account_number: z.string(), account_name: z.string() })
export type PayoutBank = z.infer<typeof PayoutBank>

const AccountNumber = z
	.string({ error: 'Enter the 10-digit account number.' })
	.trim()
	.regex(/^\d{10}$/, 'Enter the 10-digit account number.')
const BankCode = z.string({ error: 'Choose a bank from the list.' }).trim().min(1, 'Choose a bank from the list.').max(20)

/** The account to check before choosing it: its name comes back from the bank. */
export const PayoutAccountBody = z.object({ bank_code: BankCode, account_number: AccountNumber })

/** Where an accepted offer is paid: the wallet, or a bank account whose resolved name the claimant confirmed. */
export const ClaimPayoutBody = z.discriminatedUnion(
	'method',
	[
		z.object({ method: z.literal('wallet') }),
		z.object({
			method: z.literal('bank'),
			bank_code: BankCode,
			account_number: AccountNumber,
			account_name: z.string({ error: 'Check the account first.' }).trim().min(1, 'Check the account first.').max(200),
		}),
	],
	{ error: 'Choose your wallet or a bank account.' },
)

export const ClaimPayout = z.object({
	method: z.enum(['wallet', 'bank']),
	bank: PayoutBank.nullable(),
	/** The latest bank transfer's state; null before one is sent (and for the wallet). */
	status: z.enum(CLAIM_PAYOUT_STATUSES).nullable(),
	reference: z.string().nullable(),
	failure_reason: z.string().nullable(),
})

export const RejectOfferBody = z.object({
	comment: z
		.string({ error: 'Tell us why you reject the offer.' })
		.trim()
		.min(5, 'Tell us why you reject the offer.')
		.max(1000, 'Keep the comment to 1,000 characters.'),
})

export const ClaimFile = z.object({ id: Id, field: z.string(), filename: z.string(), media_type: z.string(), size: z.number().int() })

export const ClaimEvent = z.object({
	action: z.string(),
	actor: z.enum(['customer', 'operator']),
	by: z.string().nullable(),
	from_status: z.enum(CLAIM_STATUSES).nullable(),
	to_status: z.enum(CLAIM_STATUSES),
	note: z.string().nullable(),
	created_at: z.string(),
})

export const ClaimSummary = z.object({
	id: Id,
	claim_number: z.string(),
	status: z.enum(CLAIM_STATUSES),
	incident_type: z.enum(INCIDENT_VALUES),
	incident_date: z.string(),
	amount: z.number().int(),
	claimant_name: z.string(),
	/** `kind`: a staff plan's claim is for one of its members (decision 170). */
	policy: z.object({
		id: Id,
		policy_number: z.string(),
		kind: z.enum(['policy', 'plan']),
		product_id: z.number().int(),
		product_name: z.string(),
		category: z.string(),
	}),
	business: z.string().optional(),
	created_at: z.string(),
	updated_at: z.string(),
})
export type ClaimSummary = z.infer<typeof ClaimSummary>

export const Claim = ClaimSummary.extend({
	place: z.string(),
	description: z.string(),
	claimant_staff_id: Id.nullable(),
	estimate: z.array(EstimateLine),
	offer: OfferTerms.nullable(),
	decline_reason: z.enum(DECLINE_REASON_VALUES).nullable(),
	desk_note: z.string().nullable(),
	rejection_comment: z.string().nullable(),
	payout_approved_by: z.string().nullable(),
	payout: ClaimPayout,
	needs: z.object({ inspection: z.boolean(), estimate: z.boolean() }),
	limit: z.number().int(),
	used: z.number().int(),
	checklist: z.array(z.object({ name: z.string(), label: z.string(), hint: z.string(), file: ClaimFile.nullable() })),
	photos: z.array(ClaimFile),
	missing: z.array(z.string()),
	next_step: z.string().nullable(),
	events: z.array(ClaimEvent),
})
export type Claim = z.infer<typeof Claim>

export const ClaimListQuery = z.object({
	status: z.enum(CLAIM_STATUSES, { error: 'Choose a status from the list.' }).optional(),
	product_id: z.coerce.number({ error: 'Choose a product from the list.' }).int().optional(),
	policy_id: Id.optional(),
	from: Day.optional(),
	to: Day.optional(),
	q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
})

export const ClaimParams = z.object({ id: Id })
export const ClaimDocumentParams = z.object({ id: Id, name: z.string().regex(/^[a-z0-9_]{1,60}$/, 'Not a document of this claim.') })
export const ClaimFileParams = z.object({ id: Id, fileId: Id })

/** The most members a plan's usage lists by name (those who have claimed the most). */
export const USAGE_MEMBERS = 50

/** A policy's claims against its limits: per member and per incident type for health plans. */
export const PlanUsage = z.object({
	policy_id: Id,
	policy_number: z.string(),
	product_name: z.string(),
	category: z.string(),
	limits: z.array(z.object({ label: z.string(), amount: z.number().int() })),
	/** A staff plan's members who have claimed, the most first, at most USAGE_MEMBERS; a policy's claimants, its holder always among them. */
	by_member: z.array(z.object({ name: z.string(), used: z.number().int(), limit: z.number().int() })),
	/** How many have claimed in all, of whom by_member lists the first. */
	claimants: z.number().int(),
	/** A staff plan's members today who have claimed nothing; null for a policy. */
	members_without_claims: z.number().int().nullable(),
	by_incident: z.array(
		z.object({ incident_type: z.enum(INCIDENT_VALUES), used: z.number().int(), limit: z.number().int(), claims: z.number().int() }),
	),
	total_used: z.number().int(),
})
export type PlanUsage = z.infer<typeof PlanUsage>

// ----- The desk -----

export const DeskDecisionBody = z.discriminatedUnion(
	'decision',
	[
		z.object({ decision: z.literal('approve'), note: z.string().trim().max(1000).optional() }),
		z.object({
			decision: z.literal('decline'),
			reason_code: z.enum(DECLINE_REASON_VALUES, { error: 'Choose the reason for declining.' }),
			note: z.string().trim().max(1000).optional(),
		}),
		z.object({
			decision: z.literal('request_documents'),
			note: z.string({ error: 'Say which documents you need.' }).trim().min(5, 'Say which documents you need.').max(1000),
		}),
	],
	{ error: 'Choose approve, decline or request documents.' },
)

const WholeNaira = (what: string) =>
	z.coerce
		.number({ error: `Enter the ${what} in whole Naira.` })
		.int(`Enter the ${what} in whole Naira.`)
		.min(0, `The ${what} cannot be negative.`)
export const OfferBody = z.object({
	assessed: WholeNaira('assessed loss').min(1, 'Enter the assessed loss in whole Naira.'),
	parts_amount: WholeNaira('parts amount').default(0),
	asset_age_years: WholeNaira('age of the item').max(60, 'The age of the item is at most 60 years.').default(0),
})

export const DeskSignInBody = z.object({
	email: z.string({ error: 'Enter your email address.' }).trim().toLowerCase().min(3, 'Enter your email address.').max(254),
	password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(128),
})
export const DeskSession = z.object({ token: z.string(), operator: z.object({ id: Id, name: z.string(), email: z.string() }) })

export const DeskQueueQuery = z.object({ status: z.enum(CLAIM_STATUSES).optional() })
