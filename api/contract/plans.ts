import { z } from 'zod'
import { PERIOD_VALUES } from './periods.ts'
import { MEMBER_STATES } from './statuses.ts'

// Managing a plan (issue 14; docs/decisions/078 to 082): its activities, members, removal, period of
// cover, plan, migration of members, batch removal, and the hospital network.

const MemberIds = z
	.array(z.uuid({ error: 'Choose members of this plan.' }), { error: 'Choose members of this plan.' })
	.max(1_000, 'Choose at most 1,000 members at once.')

/** Preview first: nothing changes until the same request comes back with confirm true. */
const Confirm = z.boolean({ error: 'Say whether to confirm: true or false.' }).default(false)

export const PlanActivity = z.object({
	id: z.string(),
	kind: z.string(),
	description: z.string(),
	effective_on: z.string(),
	/** The change holds from a day still to come. */
	upcoming: z.boolean(),
	cancelled: z.boolean(),
	actor: z.string().nullable(),
	created_at: z.string(),
})

/** A page of a plan's or policy's activity list, newest first (docs/decisions/167-plan-activities-a-page.md). */
export const PLAN_ACTIVITIES_PAGE_SIZE = 20
const PAGE_MESSAGE = 'The page must be a whole number from 1.'
/** A page of a plan's list asked for by its number, the first when none is. */
const PageNumber = z.coerce.number({ error: PAGE_MESSAGE }).int(PAGE_MESSAGE).min(1, PAGE_MESSAGE).max(10_000, PAGE_MESSAGE).default(1)
export const PlanActivitiesQuery = z.object({ page: PageNumber })

export const PlanActivitiesResponse = z.object({
	items: z.array(PlanActivity),
	page: z.number().int(),
	page_size: z.number().int(),
	/** Every change of the plan or policy, every move into it, and its members' leaving and joining through the staff register (decision 171). */
	total: z.number().int(),
})

export const PlanMember = z.object({
	id: z.string(),
	name: z.string(),
	email: z.string(),
	phone: z.string(),
	state: z.enum(MEMBER_STATES),
	/** The day a leaving or moving member goes, and where a moving one goes. */
	effective_on: z.string().nullable(),
	to_plan: z.object({ id: z.string(), policy_number: z.string(), product_name: z.string() }).nullable(),
})

/** A page of a plan's members (docs/decisions/166-plan-members-a-page.md). */
export const MEMBERS_PAGE_SIZE = 25
const PAGE_SIZE_MESSAGE = 'A page holds from 1 to 100 members.'
export const MembersQuery = z.object({
	/** Part of a name, an email address or a phone number. */
	q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
	page: PageNumber,
	page_size: z.coerce
		.number({ error: PAGE_SIZE_MESSAGE })
		.int(PAGE_SIZE_MESSAGE)
		.min(1, PAGE_SIZE_MESSAGE)
		.max(100, PAGE_SIZE_MESSAGE)
		.default(MEMBERS_PAGE_SIZE),
})

export const MembersResponse = z.object({
	/** The page asked for, by last name, first name. */
	members: z.array(PlanMember),
	/** The members the search matches: every member without one. */
	total: z.number().int(),
	/** Every member on the plan today, whatever the search. */
	on_plan: z.number().int(),
	page: z.number().int(),
	page_size: z.number().int(),
	slots: z.number().int().nullable(),
	monthly_rate: z.number().int().nullable(),
})

/**
 * A staff plan's dependant slots (docs/decisions/165-dependant-slots.md): how many dependants its members
 * may add between them. Each dependant is billed as a member is, at the plan's rate, for the days covered.
 */
export const DEPENDANTS_A_MEMBER = 5
export const DependantSlotsBody = z.object({
	dependant_slots: z.coerce
		.number({ error: 'Enter how many dependants the plan may cover.' })
		.int('Enter a whole number of dependants.')
		.min(0, 'Enter 0 or more.')
		.max(5_000, 'A plan covers at most 5,000 dependants.'),
})
export const DependantSlots = z.object({
	dependant_slots: z.number().int(),
	/** Dependants of the plan's members now: the slots cannot go below it. */
	dependants: z.number().int(),
	/** At most five dependants a member of the plan's slots. */
	max: z.number().int(),
	monthly_rate: z.number().int().nullable(),
})

export const RemoveBody = z.object({
	action: z.enum(['deactivate', 'terminate'], { error: 'Choose to deactivate or to remove the policy.' }),
	when: z.enum(['now', 'period_end'], { error: 'Choose when: now or at the end of the period.' }),
})

export const PeriodBody = z.object({
	period: z.enum(PERIOD_VALUES, { error: 'Choose a period of cover: annual, bi-annual, quarterly or monthly.' }),
})

export const PlanChangeBody = z.object({
	product_id: z.coerce.number({ error: 'Choose a plan.' }).int('Choose a plan.'),
	slots: z.coerce
		.number({ error: 'Enter how many staff the plan covers.' })
		.int('Enter a whole number of staff.')
		.min(1, 'A plan covers at least 1 person.')
		.max(1_000, 'A plan covers at most 1,000 staff.'),
	confirm: Confirm,
})

export const PlanChangePreview = z.object({
	current: z.object({ product_id: z.number().int(), product_name: z.string(), slots: z.number().int(), monthly: z.number().int() }),
	proposed: z.object({ product_id: z.number().int(), product_name: z.string(), slots: z.number().int(), monthly: z.number().int() }),
	/** Proposed less current, a month: positive costs more. */
	difference: z.number().int(),
	effective_on: z.string(),
	confirmed: z.boolean(),
})

export const MigrationBody = z.object({
	to_policy_id: z.uuid({ error: 'Choose the plan to move them to.' }),
	member_ids: MemberIds.min(1, 'Choose at least one member to move.'),
	confirm: Confirm,
})

const PlanCost = z.object({
	id: z.string(),
	policy_number: z.string(),
	product_name: z.string(),
	monthly_rate: z.number().int(),
	members_before: z.number().int(),
	members_after: z.number().int(),
	monthly_before: z.number().int(),
	monthly_after: z.number().int(),
})

export const MigrationPreview = z.object({
	members: z.array(PlanMember),
	from: PlanCost,
	to: PlanCost,
	effective_on: z.string(),
	confirmed: z.boolean(),
})

export const BatchRemovalBody = z.object({
	member_ids: MemberIds.default([]),
	/** Emails or phone numbers, one an entry (an uploaded list's cells, read by the portal or sent as they are). */
	identifiers: z
		.array(z.string().max(200, 'Each entry is an email or a phone number.'), { error: 'Send emails or phone numbers.' })
		.max(1_000, 'Upload at most 1,000 entries at once.')
		.default([]),
	confirm: Confirm,
})

export const BatchRemovalPreview = z.object({
	members: z.array(PlanMember),
	errors: z.array(z.object({ row: z.number().int(), value: z.string(), message: z.string() })),
	effective_on: z.string(),
	monthly_before: z.number().int(),
	monthly_after: z.number().int(),
	confirmed: z.boolean(),
})

export const HOSPITAL_TYPES = ['ophthalmology', 'hospital', 'dental', 'laboratory', 'diagnostic'] as const
export type HospitalType = (typeof HOSPITAL_TYPES)[number]

export const HospitalsQuery = z.object({
	type: z
		.enum(['all', ...HOSPITAL_TYPES], { error: 'Choose a type: all, ophthalmology, hospital, dental, laboratory or diagnostic.' })
		.default('all'),
	state: z.string().trim().max(60).optional(),
	lga: z.string().trim().max(80).optional(),
	q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
	page: z.coerce.number().int().min(1).max(10_000).default(1),
	page_size: z.coerce.number().int().min(1).max(100).default(20),
})

export const Hospital = z.object({
	id: z.string(),
	name: z.string(),
	type: z.enum(HOSPITAL_TYPES),
	state: z.string(),
	lga: z.string(),
	address: z.string(),
	phone: z.string().nullable(),
	sample: z.boolean(),
})

export const HospitalsResponse = z.object({
	hospitals: z.array(Hospital),
	total: z.number().int(),
	page: z.number().int(),
	page_size: z.number().int(),
	/** True when the list is the generated sample network, not a real one. */
	sample: z.boolean(),
})
