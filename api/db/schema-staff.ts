import { sql } from 'drizzle-orm'
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { RowError, StaffRow } from '../domain/batch/staff.ts'
import { policies } from './schema-policies.ts'
import { customers, users } from './schema.ts'

/**
 * A staff list uploaded for a staff plan and checked, waiting to be bought (docs/decisions/016): the
 * rows as read and their errors. Bought once: policy_id is the plan it became.
 */
export const staffBatches = pgTable(
	'staff_batches',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		productId: integer('product_id').notNull(),
		period: text('period').notNull(),
		filename: text('filename').notNull(),
		rows: jsonb('rows').$type<StaffRow[]>().notNull(),
		errors: jsonb('errors').$type<RowError[]>().notNull(),
		policyId: uuid('policy_id').references(() => policies.id),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('staff_batches_customer_idx').on(t.customerId, t.createdAt)],
)

/**
 * The business's staff register: one person, however many plans they are on (docs/decisions/050).
 * Leaving is stored as dates, never as a status: `leaves_on` is the last day covered, and the flags
 * (to_be_removed, is_terminated, ...) are read from it against today (api/domain/staff-lifecycle.ts).
 */
export const employees = pgTable(
	'employees',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		firstName: text('first_name').notNull(),
		lastName: text('last_name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		gender: text('gender', { enum: ['male', 'female'] }).notNull(),
		dateOfBirth: date('date_of_birth'),
		/** The first day of cover: a replacement's is the 1st of the next month. */
		enrolledOn: date('enrolled_on').notNull(),
		/** The last day covered when leaving is decided; null while staying. */
		leavesOn: date('leaves_on'),
		leaveKind: text('leave_kind', { enum: ['deactivated', 'removed', 'replaced'] }),
		replacedById: uuid('replaced_by_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('employees_customer_email_idx').on(t.customerId, sql`lower(${t.email})`),
		index('employees_customer_phone_idx').on(t.customerId, t.phone),
		index('employees_customer_name_idx').on(t.customerId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
		index('employees_customer_enrolled_idx').on(t.customerId, t.enrolledOn, t.id),
		// Those leaving, few of many: home's count of staff changes to come (docs/decisions/121-policies-in-sql.md).
		index('employees_customer_leaves_idx').on(t.customerId, t.leavesOn).where(sql`${t.leavesOn} is not null`),
	],
)

/** A member of staff enrolled on a staff plan; pending until the plan's activation sheet gives their date of birth. */
export const staff = pgTable(
	'staff',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		policyId: uuid('policy_id')
			.notNull()
			.references(() => policies.id),
		/** The register's person; set for every row (the migration backfills the older ones). */
		employeeId: uuid('employee_id').references(() => employees.id),
		/** Removed from this plan only: the last day covered on it. */
		endsOn: date('ends_on'),
		firstName: text('first_name').notNull(),
		lastName: text('last_name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		gender: text('gender', { enum: ['male', 'female'] }).notNull(),
		dateOfBirth: date('date_of_birth'),
		status: text('status', { enum: ['pending', 'active'] }).notNull(),
		enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [
		uniqueIndex('staff_policy_email_idx').on(t.policyId, sql`lower(${t.email})`),
		index('staff_customer_idx').on(t.customerId),
		index('staff_employee_idx').on(t.employeeId),
	],
)

/**
 * The days that decide whether a person of the register counts on home as covered or waiting, for each
 * person on a staff plan (docs/decisions/146-staff-cover-counts.md). On a given day a person is:
 * - covered when `enrolled_on` is on or before it and `covered_until` on or after it;
 * - waiting when `pending_until` is on or after it, or `enrolled_on` is after it and `any_until` is not before it.
 * `covered_until` is the last day of their active places on live staff plans (a place ends with the plan's
 * cover, its own `ends_on` and the person's `leaves_on`), `pending_until` the same over places still pending,
 * `any_until` over every place; '-infinity' where there is none, 'infinity' where nothing ends. A person on
 * no plan has no row. Kept by the triggers of migration 0028 on `staff`, `employees` and `policies`.
 */
export const employeeCover = pgTable('employee_cover', {
	employeeId: uuid('employee_id').primaryKey(),
	customerId: uuid('customer_id').notNull(),
	enrolledOn: date('enrolled_on').notNull(),
	coveredUntil: date('covered_until').notNull(),
	pendingUntil: date('pending_until').notNull(),
	anyUntil: date('any_until').notNull(),
})

/**
 * `employee_cover` counted by business and the same four days: home's staff covered and waiting sum these
 * rows, at most one per distinct set of days, rather than read every place on every plan (decision 146).
 * Always equals `select customer_id, enrolled_on, covered_until, pending_until, any_until, count(*) from
 * employee_cover group by 1, 2, 3, 4, 5`.
 */
export const staffCoverCounts = pgTable(
	'staff_cover_counts',
	{
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		enrolledOn: date('enrolled_on').notNull(),
		coveredUntil: date('covered_until').notNull(),
		pendingUntil: date('pending_until').notNull(),
		anyUntil: date('any_until').notNull(),
		employees: integer('employees').notNull(),
	},
	(t) => [primaryKey({ name: 'staff_cover_counts_pk', columns: [t.customerId, t.enrolledOn, t.coveredUntil, t.pendingUntil, t.anyUntil] })],
)

/**
 * Each place on a staff plan with the last day it runs: the plan's cover end, the place's own `ends_on` and the
 * person's `leaves_on`, whichever comes first (decision 146). Kept with `employee_cover`, by the same triggers.
 */
export const placeCover = pgTable(
	'place_cover',
	{
		employeeId: uuid('employee_id').notNull(),
		policyId: uuid('policy_id').notNull(),
		customerId: uuid('customer_id').notNull(),
		until: date('until').notNull(),
	},
	(t) => [primaryKey({ name: 'place_cover_pk', columns: [t.employeeId, t.policyId] })],
)

/**
 * `place_cover` counted by business, plan and last day: home's count of staff plans with someone on them
 * reads a few rows a plan (decision 146). Always equals counting `place_cover` grouped the same way.
 */
export const planCoverCounts = pgTable(
	'plan_cover_counts',
	{
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		policyId: uuid('policy_id').notNull(),
		until: date('until').notNull(),
		people: integer('people').notNull(),
	},
	(t) => [primaryKey({ name: 'plan_cover_counts_pk', columns: [t.customerId, t.policyId, t.until] })],
)

/** A staff list imported into the register, checked and waiting for the confirmation that writes it (all rows or none). */
export const staffImports = pgTable(
	'staff_imports',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		filename: text('filename').notNull(),
		rows: jsonb('rows').$type<StaffRow[]>().notNull(),
		errors: jsonb('errors').$type<RowError[]>().notNull(),
		committedAt: timestamp('committed_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('staff_imports_customer_idx').on(t.customerId, t.createdAt)],
)

/** A person a staff member's health cover also covers (docs/decisions/051). */
export const dependants = pgTable(
	'dependants',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		employeeId: uuid('employee_id')
			.notNull()
			.references(() => employees.id),
		firstName: text('first_name').notNull(),
		lastName: text('last_name').notNull(),
		relationship: text('relationship', { enum: ['spouse', 'child', 'parent', 'sibling'] }).notNull(),
		dateOfBirth: date('date_of_birth').notNull(),
		gender: text('gender', { enum: ['male', 'female'] }).notNull(),
		photoDocumentId: uuid('photo_document_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('dependants_employee_idx').on(t.employeeId)],
)

/** What happened to a member of staff or to a policy, with the date it takes effect: the history both screens show. */
export const staffEvents = pgTable(
	'staff_events',
	{
		id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
		customerId: uuid('customer_id')
			.notNull()
			.references(() => customers.id),
		employeeId: uuid('employee_id').references(() => employees.id),
		policyId: uuid('policy_id').references(() => policies.id),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
		kind: text('kind').notNull(),
		description: text('description').notNull(),
		effectiveOn: date('effective_on'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [index('staff_events_employee_idx').on(t.employeeId, t.createdAt), index('staff_events_policy_idx').on(t.policyId, t.createdAt)],
)
