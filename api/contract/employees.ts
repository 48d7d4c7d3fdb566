import { z } from 'zod'
import { Email, Id, Name } from './common.ts'
import { Phone } from './phone.ts'

// The staff register, its lifecycle, dependants and custodians (docs/decisions/050, 051, 052).

export const LEAVE_KINDS = ['deactivated', 'removed', 'replaced'] as const
export type LeaveKind = (typeof LEAVE_KINDS)[number]

/** The one word the register shows for a member of staff: the spec's flags (section 3), one at a time. */
export const EMPLOYEE_STATUSES = [
	'active',
	'is_pending',
	'to_be_deactivated',
	'to_be_removed',
	'to_be_terminated',
	'is_deactivated',
	'is_terminated',
] as const
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number]

/** The list's filters: active, pending (not yet started, or leaving), terminated (left: removed, replaced or deactivated). */
export const EMPLOYEE_FILTERS = ['active', 'pending', 'terminated'] as const
export type EmployeeFilter = (typeof EMPLOYEE_FILTERS)[number]

export const RELATIONSHIPS = ['spouse', 'child', 'parent', 'sibling'] as const
export type Relationship = (typeof RELATIONSHIPS)[number]

export const EMPLOYEE_SORTS = ['name', 'enrolled', 'email'] as const
const PAGE_SIZE_MESSAGE = 'The page size must be a whole number from 1 to 100.'
const isoDate = (what: string) => z.iso.date({ message: `Enter ${what} like 1990-05-17.` })

export const EmployeesQuery = z.object({
	q: z.string().trim().max(100, 'Search with at most 100 characters.').optional(),
	status: z.enum(EMPLOYEE_FILTERS, { message: 'The status must be active, pending or terminated.' }).optional(),
	sort: z.enum(EMPLOYEE_SORTS, { message: 'Sort by name, enrolled or email.' }).default('name'),
	/** The next page starts after this cursor (the previous page's next_cursor). */
	cursor: z
		.string()
		.max(400, 'That page link is not valid.')
		.regex(/^[\w-]+$/, 'That page link is not valid.')
		.optional(),
	page_size: z.coerce
		.number({ message: PAGE_SIZE_MESSAGE })
		.int(PAGE_SIZE_MESSAGE)
		.min(1, PAGE_SIZE_MESSAGE)
		.max(100, PAGE_SIZE_MESSAGE)
		.default(20),
})
export type EmployeesQuery = z.infer<typeof EmployeesQuery>
export const EmployeesCsvQuery = EmployeesQuery.omit({ cursor: true, page_size: true })

const Flags = z.object({
	active: z.boolean(),
	is_pending: z.boolean(),
	to_be_deactivated: z.boolean(),
	to_be_removed: z.boolean(),
	to_be_terminated: z.boolean(),
	is_deactivated: z.boolean(),
	is_terminated: z.boolean(),
})

export const Employee = z.object({
	id: Id,
	first_name: z.string(),
	last_name: z.string(),
	email: z.string(),
	phone: z.string(),
	gender: z.enum(['male', 'female']),
	date_of_birth: z.string().nullable(),
	enrolled_on: z.string(),
	/** The last day covered, once leaving is decided. */
	leaves_on: z.string().nullable(),
	leave_kind: z.enum(LEAVE_KINDS).nullable(),
	status: z.enum(EMPLOYEE_STATUSES),
	flags: Flags,
	total_policies: z.number().int(),
})
export type Employee = z.infer<typeof Employee>

export const EmployeesResponse = z.object({
	items: z.array(Employee),
	/** Pass as `cursor` for the next page; null on the last. */
	next_cursor: z.string().nullable(),
	total: z.number().int(),
	/** What leaving decided today means: covered to last_covered_day, the change in effect on effective_on. */
	leaving: z.object({ last_covered_day: z.string(), effective_on: z.string() }),
})

export const EmployeeBody = z.object({
	first_name: Name('the first name'),
	last_name: Name('the last name'),
	email: Email,
	phone: Phone,
	gender: z.enum(['male', 'female'], { message: 'Choose male or female.' }),
	date_of_birth: isoDate('the date of birth').optional(),
	/** Enrol on these staff plans of the business from today. */
	plan_ids: z.array(Id).max(20, 'Choose at most 20 plans.').default([]),
})
export type EmployeeBody = z.infer<typeof EmployeeBody>
export const EmployeeEdit = EmployeeBody.omit({ plan_ids: true })

export const EmployeeIdsBody = z.object({
	employee_ids: z
		.array(Id, { message: 'Choose at least one member of staff.' })
		.min(1, 'Choose at least one member of staff.')
		.max(500, 'Choose at most 500 staff at once.'),
})
export const RemoveFromPlanBody = z.object({ plan_id: Id })
export const ReplaceBody = z.object({ replacement: EmployeeBody.omit({ plan_ids: true }) })

export const LifecycleResult = z.object({
	employees: z.array(Employee),
	/** The last day covered and the day the change takes effect. */
	last_covered_day: z.string(),
	effective_on: z.string(),
})

export const Membership = z.object({
	policy_id: Id,
	policy_number: z.string(),
	product_name: z.string(),
	kind: z.enum(['plan', 'policy']),
	/** member: on a staff plan; custodian: holds the policy. */
	role: z.enum(['member', 'custodian']),
	status: z.string(),
	ends_on: z.string().nullable(),
})

export const Dependant = z.object({
	id: Id,
	employee_id: Id,
	first_name: z.string(),
	last_name: z.string(),
	relationship: z.enum(RELATIONSHIPS),
	date_of_birth: z.string(),
	gender: z.enum(['male', 'female']),
})
export type Dependant = z.infer<typeof Dependant>

export const DependantBody = z.object({
	first_name: Name('the first name'),
	last_name: Name('the last name'),
	relationship: z.enum(RELATIONSHIPS, { message: 'Choose spouse, child, parent or sibling.' }),
	date_of_birth: isoDate('the date of birth'),
	gender: z.enum(['male', 'female'], { message: 'Choose male or female.' }),
})

export const HistoryEntry = z.object({
	id: Id,
	kind: z.string(),
	description: z.string(),
	effective_on: z.string().nullable(),
	created_at: z.string(),
})

export const EmployeeDetail = Employee.extend({
	policies: z.array(Membership),
	dependants: z.array(Dependant),
	/** Slots free for another dependant on the member's staff plans (decision 165); null on none. */
	dependant_slots_free: z.number().int().nullable(),
	history: z.array(HistoryEntry),
	replaced_by: z.object({ id: Id, name: z.string() }).nullable(),
})
export type EmployeeDetail = z.infer<typeof EmployeeDetail>

export const CustodianBody = z.union([z.object({ employee_id: Id }), z.object({ new: EmployeeBody.omit({ plan_ids: true }) })])
export const CustodianActivateBody = z.object({
	date_of_birth: isoDate('the date of birth'),
	address: z.string().trim().min(1, 'Enter the address.').max(200, 'The address is too long.'),
	licence_number: z.string().trim().max(40, 'The licence number is too long.').optional(),
})
export const Custodianship = z.object({
	policy_id: Id,
	policy_number: z.string(),
	product_name: z.string(),
	custodian: Employee.nullable(),
	activated_at: z.string().nullable(),
	history: z.array(HistoryEntry),
})

export const StaffImportRow = z.object({
	row: z.number().int(),
	first_name: z.string(),
	last_name: z.string(),
	email: z.string(),
	phone: z.string(),
	gender: z.string(),
	date_of_birth: z.string(),
})
export const StaffImport = z.object({
	id: Id,
	filename: z.string(),
	rows: z.array(StaffImportRow),
	/** Each row's problems; row is the spreadsheet's row number (the header is row 1). */
	errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
	valid_count: z.number().int(),
	committed_at: z.string().nullable(),
})
export type StaffImport = z.infer<typeof StaffImport>
export const StaffImportResult = z.object({ imported: z.number().int() })
