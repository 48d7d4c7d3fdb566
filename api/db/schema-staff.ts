import { sql } from 'drizzle-orm'
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
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
		firstName: text('first_name').notNull(),
		lastName: text('last_name').notNull(),
		email: text('email').notNull(),
		phone: text('phone').notNull(),
		gender: text('gender', { enum: ['male', 'female'] }).notNull(),
		dateOfBirth: date('date_of_birth'),
		status: text('status', { enum: ['pending', 'active'] }).notNull(),
		enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(t) => [uniqueIndex('staff_policy_email_idx').on(t.policyId, sql`lower(${t.email})`), index('staff_customer_idx').on(t.customerId)],
)
